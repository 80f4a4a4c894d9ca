import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';

/** pino's levels (the server is imported only when it starts, so the list is here). */
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/**
 * The address that goes into invitation and sign-in links when --base-url is not given. A
 * wildcard host (0.0.0.0, ::) is where the server listens, not an address a phone can open, so
 * the machine's first network address (IPv4) stands in for it, or localhost when it has none.
 */
export function defaultBaseUrl(host: string, port: number, interfaces = networkInterfaces()): string {
  let name = host;
  if (host === '0.0.0.0' || host === '::' || host === '[::]') {
    const external = Object.values(interfaces)
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    name = external?.address ?? 'localhost';
  } else if (host.includes(':') && !host.startsWith('[')) name = `[${host}]`; // an IPv6 address
  return `http://${name}:${port}`;
}

/**
 * `wardroom serve`: Wardroom online on one machine (issue 9). The web app and the API from one
 * process, on an embedded SQLite database in the data folder (created on first start, schema
 * migrations applied), with the key that seals session cookies beside it. With
 * DATABASE_URL=postgres://… in the environment (issue 11) the same schema and data live in that
 * PostgreSQL database instead (docs/online.md, "PostgreSQL").
 */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run Wardroom online: the web app and its API, with an embedded SQLite database (no other server to install)')
    .option('--port <n>', 'port to listen on', '8080')
    .option('--host <host>', 'address to listen on (0.0.0.0: every device on your network)', 'localhost')
    .option('--data <dir>', 'folder for the database and the cookie key (with DATABASE_URL=postgres://…: the cookie key only, the data in PostgreSQL)', 'wardroom-data')
    .option('--base-url <url>', 'the address people use, for invitation and sign-in links (default http://HOST:PORT; with --host 0.0.0.0, this machine\'s network address)')
    .option('--smtp <url>', 'mail server for sign-in links, invitations and notifications, e.g. smtps://user:pass@mail.example.org (default: $SMTP_URL; without it, mails are printed on stderr)')
    .option('--mail-from <address>', 'sender of the mails (default: $MAIL_FROM, or Wardroom <wardroom@localhost>)')
    .option('--tick <seconds>', 'how often due notifications and deadline events are sent', '15')
    .option('--secret-key-file <file>', 'the key that seals sign-in cookies, 64 hex digits (default: $WARDROOM_SECRET_KEY, else cookie.key in the data folder, made on first start); every node behind one address must use the same key')
    .option('--log-level <level>', `JSON log lines on stdout from this level up: ${LOG_LEVELS.join(', ')}`, 'info')
    .option('--shutdown-timeout <seconds>', 'on SIGTERM/SIGINT, wait at most this long for requests in flight before exiting', '10')
    .option('--node-id <name>', 'this process among several on one PostgreSQL database, for logs and presence (default: $WARDROOM_NODE_ID, else host name and process id)')
    .option('--fsync-before-answer', 'SQLite: answer a move only once it is synced to the disk, safe against a power cut (default: once it is committed, safe against a crash of the server; the disk is synced at once in the background)')
    .option('--allow-private-webhooks', 'post webhooks to loopback and private network addresses too (a chat server on your LAN); by default they are refused, so that no one can make the server post into its own network')
    .option('--drain-delay <seconds>', 'on SIGTERM/SIGINT, answer /api/ready with 503 this long before closing the listener (time for a load balancer to notice); --shutdown-timeout counts after it', '0')
    .option('--rate-limit <n>', 'requests a minute per person (or address, before signing in); more are answered 429', '600')
    .action(async (o: { port: string; host: string; data: string; baseUrl?: string; smtp?: string; mailFrom?: string; tick: string; secretKeyFile?: string; logLevel: string; shutdownTimeout: string; drainDelay: string; rateLimit: string; nodeId?: string; fsyncBeforeAnswer?: boolean; allowPrivateWebhooks?: boolean }) => {
      const smtp = o.smtp ?? (process.env.SMTP_URL || undefined);
      const mailFrom = o.mailFrom ?? (process.env.MAIL_FROM || 'Wardroom <wardroom@localhost>');
      const tick = Number(o.tick);
      if (!(tick > 0)) {
        process.stderr.write(`--tick ${o.tick}: give a number of seconds above 0.\n`);
        process.exitCode = 2;
        return;
      }
      if (!LOG_LEVELS.includes(o.logLevel)) {
        process.stderr.write(`--log-level ${o.logLevel}: give one of ${LOG_LEVELS.join(', ')}.\n`);
        process.exitCode = 2;
        return;
      }
      const timeoutS = Number(o.shutdownTimeout);
      const drainS = Number(o.drainDelay);
      if (!(timeoutS > 0) || !(drainS >= 0)) {
        process.stderr.write(`--shutdown-timeout ${o.shutdownTimeout} / --drain-delay ${o.drainDelay}: give numbers of seconds (the timeout above 0).\n`);
        process.exitCode = 2;
        return;
      }
      const rateLimit = Number(o.rateLimit);
      if (!/^\d+$/.test(o.rateLimit) || !(rateLimit > 0)) {
        process.stderr.write(`--rate-limit ${o.rateLimit}: give a whole number of requests a minute, above 0.\n`);
        process.exitCode = 2;
        return;
      }
      const port = Number(o.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        process.stderr.write(`--port ${o.port}: give a port number from 0 to 65535.\n`);
        process.exitCode = 2;
        return;
      }
      const dir = resolve(o.data);
      const madeDir = !existsSync(dir);
      /** Refuse to start: one line on stderr, exit code 2, and no data folder left behind that this start made. */
      const fail = (message: string) => {
        process.stderr.write(`${message}\n`);
        process.exitCode = 2;
        if (madeDir) rmSync(dir, { recursive: true, force: true });
      };
      try {
        mkdirSync(dir, { recursive: true });
      } catch (e) {
        process.stderr.write(`--data ${o.data}: cannot create the data folder (${(e as Error).message}).\n`);
        process.exitCode = 2;
        return;
      }
      let secretKey: Buffer;
      try {
        secretKey = o.secretKeyFile ? readKey(readKeyFile(o.secretKeyFile), `--secret-key-file ${o.secretKeyFile}`) : process.env.WARDROOM_SECRET_KEY ? readKey(process.env.WARDROOM_SECRET_KEY, 'WARDROOM_SECRET_KEY') : cookieKey(dir);
      } catch (e) {
        return fail((e as Error).message);
      }
      const [{ openDatabase }, { buildServer }] = await Promise.all([import('../storage/database.ts'), import('../server/app.ts')]);
      // DATABASE_URL=postgres://… (issue 11): everything in PostgreSQL; otherwise SQLite in the data folder.
      const databaseUrl = process.env.DATABASE_URL?.trim() || '';
      if (databaseUrl && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
        return fail(`DATABASE_URL: give a postgres://user:password@host:port/database URL (or leave it unset for SQLite in --data).`);
      }
      if (!databaseUrl) {
        // While it runs, the SQLite database is locked (wardroom.sqlite.lock: this process, since when; removed at exit): `wardroom restore` is refused under it.
        const { lockGameFile } = await import('../storage/game-file.ts');
        try {
          lockGameFile(join(dir, 'wardroom.sqlite'), 'wardroom serve');
        } catch (e) {
          return fail((e as Error).message);
        }
      }
      let db: Awaited<ReturnType<typeof openDatabase>>;
      try {
        // On PostgreSQL, a database that keeps a request waiting 10 s is taken as out of reach (503), not waited on for good.
        db = await openDatabase(databaseUrl || join(dir, 'wardroom.sqlite'), { fsyncBeforeAnswer: !!o.fsyncBeforeAnswer, timeoutMs: 10_000 });
      } catch (e) {
        return fail(`Cannot open the database ${databaseUrl ? redact(databaseUrl) : join(dir, 'wardroom.sqlite')}: ${(e as Error).message}`);
      }
      const where = databaseUrl ? `data in PostgreSQL at ${redact(databaseUrl)}` : `data in ${dir}`;
      // Without a mail server the sign-in mail is printed on stderr (stdout is the JSON log, which never holds a token), for whoever runs the server to pass on.
      const mailer = smtp ? await smtpMailer(smtp, mailFrom) : { send: async (to: string, subject: string, text: string) => void process.stderr.write(`(no --smtp) mail to ${to}: ${subject}\n${text}\n`) };
      const nodeId = o.nodeId ?? (process.env.WARDROOM_NODE_ID || `${hostname()}-${process.pid}`);
      // Several nodes on one PostgreSQL (issue 11): live updates cross them through LISTEN/NOTIFY.
      let log: (level: 'info' | 'warn' | 'error', message: string, err?: unknown) => void = () => {};
      let broadcast;
      if (databaseUrl) {
        const { postgresBroadcast } = await import('../server/pg-broadcast.ts');
        try {
          broadcast = await postgresBroadcast({ url: databaseUrl, db, nodeId, log: (level, message, err) => log(level, message, err) });
        } catch (e) {
          await db.destroy();
          return fail(`Cannot listen for other nodes' changes on ${redact(databaseUrl)}: ${(e as Error).message}`);
        }
      }
      const { app, shutdown } = await buildServer({ db, secretKey, baseUrl: o.baseUrl ?? defaultBaseUrl(o.host, port), rateLimit, logger: { level: o.logLevel }, mailer, tickEveryMs: tick * 1000, nodeId, broadcast, notify: { privateWebhooks: !!o.allowPrivateWebhooks } });
      log = (level, message, err) => app.log[level]({ node: nodeId, err }, message);
      try {
        await app.listen({ port, host: o.host });
      } catch (e) {
        await app.close(); // its timers and the listening connection to the other nodes, or the process would live on
        await db.destroy();
        return fail(`Cannot listen on ${o.host}:${port}: ${(e as Error).message}`);
      }
      const address = app.server.address();
      const url = o.baseUrl ?? defaultBaseUrl(o.host, typeof address === 'object' && address ? address.port : port);
      process.stderr.write(`Wardroom is running at ${url} (${where}). Open it in a browser; Ctrl-C stops it.\n`);
      // Graceful: readiness 503, live sockets told to reconnect (1012), requests in flight answered, database closed; a second signal exits at once.
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) process.exit(1);
        stopping = true;
        process.stderr.write(drainS ? `${signal}: draining for ${drainS} s (--drain-delay), then finishing requests in flight (at most ${timeoutS} s more)…\n` : `${signal}: finishing requests in flight (at most ${timeoutS} s)…\n`);
        // --shutdown-timeout counts after the drain delay (docs/deployment.md: a kill timeout above the two together).
        const clean = await shutdown({ timeoutMs: (drainS + timeoutS) * 1000, graceMs: drainS * 1000 });
        process.exit(clean ? 0 : 1);
      };
      process.on('SIGINT', () => void stop('SIGINT'));
      process.on('SIGTERM', () => void stop('SIGTERM'));
    });
}

/** A database URL without its password (`scheme://user:***@host…`, whatever the scheme), for messages. */
export function redact(url: string): string {
  return url.replace(/^([^/]*\/\/[^/:@]*:)[^/]*@/, '$1***@');
}

/** The text of --secret-key-file; a file that is not there or cannot be read is refused naming the option. */
function readKeyFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `--secret-key-file ${file}: there is no such file (make one with: openssl rand -hex 32 > ${file}).` : `--secret-key-file ${file}: cannot read it (${(e as Error).message}).`);
  }
}

/** A 32-byte key given as 64 hex digits (a file or the environment). */
function readKey(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'hex');
  if (key.length !== 32 || !/^[0-9a-f]{64}$/i.test(text.trim())) throw new Error(`${where}: not a 32-byte key in 64 hex digits (make one with: openssl rand -hex 32).`);
  return key;
}

/** The 32-byte key that seals session cookies: made on first start, kept (0600) so cookies survive restarts. */
function cookieKey(dir: string): Buffer {
  const path = join(dir, 'cookie.key');
  if (existsSync(path)) {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
    if (key.length === 32) return key;
    throw new Error(`${path}: not a 32-byte hex key; remove it to make a new one (everyone signs in again).`);
  }
  const key = randomBytes(32);
  writeFileSync(path, key.toString('hex') + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
  return key;
}

/** Sign-in links by e-mail through an SMTP server (nodemailer: a well-kept mail client, rather than hand-written SMTP). */
async function smtpMailer(url: string, from: string) {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(url);
  return { send: async (to: string, subject: string, text: string) => void (await transport.sendMail({ from, to, subject, text })) };
}
