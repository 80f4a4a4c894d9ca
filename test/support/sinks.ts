/**
 * Where notifications land in a test (issue 10): an SMTP sink (smtp-server on 127.0.0.1, a free
 * port) with a nodemailer Mailer that sends to it, a webhook receiver (node:http) that can be
 * told to fail, and a clock the test moves.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { Mailer } from '../../src/adapters/server/context.ts';
import type { Clock } from '../../src/adapters/server/notifications.ts';

export class TestClock implements Clock {
  private t: number;
  constructor(start = '2026-12-02T12:00:00Z') {
    this.t = Date.parse(start);
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A mail as received: its recipients, subject and text, decoded (quoted-printable, encoded words). */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

/** "=E2=80=9C" → the UTF-8 characters. */
const qp = (s: string) => s.replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));

function decode(raw: string, to: string[]): Mail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subjectLine = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const subject = subjectLine.replace(/=\?utf-8\?Q\?([^?]*)\?=\s*/gi, (_m, w: string) => qp(w.replace(/_/g, ' ')));
  const qpBody = /content-transfer-encoding: quoted-printable/i.test(head);
  const text = qpBody ? qp(body.replace(/=\r\n/g, '')) : body;
  return { to, subject, text: text.replace(/\r\n/g, '\n'), raw };
}

/** An SMTP server that keeps every mail, and a Mailer (nodemailer) that sends to it. */
export async function startSmtpSink(): Promise<{ mails: Mail[]; mailer: Mailer; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(decode(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port;
  const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  return {
    mails,
    mailer: { send: async (to, subject, text) => void (await transport.sendMail({ from: 'Wardroom <wardroom@localhost>', to, subject, text })) },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook receiver: every JSON body POSTed, by path; `failWith` makes it answer that status. */
export async function startWebhookReceiver(): Promise<{ url: string; posts: { path: string; body: any }[]; failWith: number | null; close(): Promise<void> }> {
  const hook = {
    url: '',
    posts: [] as { path: string; body: any }[],
    failWith: null as number | null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      if (hook.failWith) {
        res.writeHead(hook.failWith).end();
        hook.posts.push({ path: `FAILED ${req.url}`, body: JSON.parse(data) });
        return;
      }
      hook.posts.push({ path: req.url ?? '', body: JSON.parse(data) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return hook;
}
