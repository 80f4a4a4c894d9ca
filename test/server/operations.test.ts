/**
 * Operations (issue 11): the health and readiness endpoints a load balancer asks, and the JSON
 * request log of `wardroom serve`, which must name requests (id, method, url, status, time, game)
 * without ever writing a secret: no invitation token, no sign-in token, no cookie.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOT_READY_MESSAGE, redactUrl } from '../../src/adapters/server/operations.ts';
import { claim, createCampaign, exampleActions, invite, startServer, twoTeamGame } from '../support/server.ts';

/** A pino destination that keeps the lines. */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('health and readiness (issue 11: operations)', () => {
  it('GET /api/health answers 200 ok and GET /api/ready 200 ready, with no session and outside the rate limit', async () => {
    const server = await startServer({ rateLimit: 3 });
    try {
      const lb = server.person('load balancer');
      for (let i = 0; i < 10; i++) {
        expect(await lb.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
        expect(await lb.get('/api/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
      }
      expect(lb.cookie).toBeNull();
      // The limit still holds for everything else (the exemption is only these two).
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await lb.get('/api/games/nope')).status);
      expect(statuses).toContain(429);
    } finally {
      await server.close();
    }
  });

  it('readiness is 503 naming the database when the database does not answer; liveness stays 200', async () => {
    const server = await startServer();
    const lb = server.person('load balancer');
    await server.ctx.store.db.destroy();
    const r = await lb.get('/api/ready');
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ code: 'not-ready', notReady: ['database'] });
    expect(r.body.error.message).toMatch(/database does not answer/);
    expect((await lb.get('/api/health')).status).toBe(200);
    await server.app.close();
  });

  it('readiness is 503 naming the migrations when the schema is older than the server (a database restored from before an upgrade)', async () => {
    const server = await startServer();
    try {
      const db = server.ctx.store.db as any;
      const rows = await db.selectFrom('kysely_migration').selectAll().orderBy('name', 'desc').execute();
      await db.deleteFrom('kysely_migration').where('name', '=', rows[0].name).execute();
      const r = await server.person('lb').get('/api/ready');
      expect(r.status).toBe(503);
      expect(r.body.error.notReady).toEqual(['migrations']);
      await db.insertInto('kysely_migration').values(rows[0]).execute();
      expect((await server.person('lb').get('/api/ready')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('structured logs (issue 11: operations; no secrets in logs)', () => {
  it('an invitation claim and a game action are logged as JSON lines with request id, method, url, status, time and game; the token and the cookie never appear', async () => {
    const log = capture();
    const server = await startServer({ logger: { level: 'info', stream: log.stream } });
    try {
      const { id, holder } = await twoTeamGame(server);
      const referee = server.person('Rita 2');
      const other = await createCampaign(referee);
      const token = await invite(referee, other, 'seat', { seat: 'allied:mediterranean' });
      const newcomer = server.person('Nell');
      expect((await newcomer.get(`/api/invitations/${token}`)).status).toBe(200);
      expect((await claim(newcomer, token, ['allied:mediterranean'])).status).toBe(200);
      const action = exampleActions()[0];
      await holder(action.seat).act(id, action);
      // A sign-in page link (the web app's /magic/:token) is logged without its token too.
      expect(redactUrl('/magic/abcdef?x=1')).toBe('/magic/[redacted]?x=1');
      expect(redactUrl('/invite/abcdef')).toBe('/invite/[redacted]');

      const entries = log.lines.map((l) => JSON.parse(l));
      const requests = entries.filter((e) => e.msg === 'request');
      const claimLine = requests.find((e) => e.url === '/api/invitations/[redacted]/claim');
      expect(claimLine).toMatchObject({ method: 'POST', status: 200, level: 30 });
      expect(typeof claimLine.reqId).toBe('string');
      expect(typeof claimLine.ms).toBe('number');
      expect(requests.find((e) => e.url === '/api/invitations/[redacted]' && e.method === 'GET')).toBeTruthy();
      expect(requests.find((e) => e.url === `/api/games/${id}/actions`)).toMatchObject({ method: 'POST', status: 200, game: id });
      // Every request was logged once, with its own id.
      expect(new Set(requests.map((e) => e.reqId)).size).toBe(requests.length);

      const all = log.lines.join('\n');
      expect(all).not.toContain(token);
      for (const p of [referee, newcomer, holder(action.seat)]) {
        expect(p.cookie).toBeTruthy();
        expect(all).not.toContain(p.cookie!.split('=')[1]);
      }
    } finally {
      await server.close();
    }
  });

  it('level silent writes nothing', async () => {
    const log = capture();
    const server = await startServer({ logger: { level: 'silent', stream: log.stream } });
    try {
      await createCampaign(server.person('Rita'));
      expect(log.lines).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('the documentation names everything readiness and the live socket can send (docs/api.md, docs/deployment.md)', () => {
  const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  /** The part of a Markdown file from the heading `title` to the next heading of its level. */
  const section = (text: string, title: string) => {
    const start = text.indexOf(`\n## ${title}\n`);
    expect(start, title).toBeGreaterThan(-1);
    const end = text.indexOf('\n## ', start + 1);
    return text.slice(start, end < 0 ? undefined : end);
  };

  it('every notReady value of GET /api/ready', () => {
    const values = Object.keys(NOT_READY_MESSAGE);
    expect(values).toContain('live-updates');
    const api = section(read('docs/api.md'), 'Operations: health, readiness, shutdown (issue 11)');
    const deployment = section(read('docs/deployment.md'), 'Health checks');
    for (const v of values) {
      expect(api, v).toContain(`'${v}'`);
      expect(deployment, v).toContain(`\`${v}\``);
    }
  });

  it('every frame type of /api/games/:id/live, in the list of frames', () => {
    const live = read('src/adapters/server/live.ts');
    const union = live.slice(live.indexOf('export type Frame ='), live.indexOf(';\n', live.indexOf('export type Frame =')));
    const types = [...union.matchAll(/type: '([a-z-]+)'/g)].map((m) => m[1]);
    expect(types).toContain('resync');
    const frames = section(read('docs/api.md'), 'WebSocket frames');
    for (const t of [...types, 'error']) expect(frames, t).toMatch(new RegExp(`"type": ?"${t}"`));
  });
});
