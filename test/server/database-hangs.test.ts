/**
 * A PostgreSQL that hangs (paused, or a network that drops packets without a word) rather than
 * refusing connections: requests must not hang with it. The server reaches its database through a
 * loopback relay that the test freezes (nothing passes either way, as with a paused server) and
 * thaws. PostgreSQL only: SQLite is a file in the server's own process.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/adapters/server/app.ts';
import { openPostgres } from '../../src/adapters/storage/database.ts';
import { exampleActions, freshDatabaseUrl, TEST_DB, TestServer, twoTeamGame } from '../support/server.ts';

/** A TCP relay to `target` that can be frozen: what either side sends is held until it thaws. */
async function relay(target: URL) {
  let frozen = false;
  const held: [Socket, Buffer][] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (d) => (frozen ? held.push([to, d]) : to.write(d)));
      from.on('error', () => to.destroy());
      from.on('close', () => (to.destroy(), sockets.delete(from)));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: Object.assign(new URL(target.href), { host: `127.0.0.1:${port}` }).href,
    freeze: () => void (frozen = true),
    thaw() {
      frozen = false;
      for (const [to, d] of held.splice(0)) if (!to.destroyed) to.write(d);
    },
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r()))),
  };
}

describe.skipIf(TEST_DB !== 'postgres')('a database that hangs (PostgreSQL)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wardroom-hang-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('requests answer within a few seconds, not when it comes back: a page 503 "database-unavailable", a live socket refused with the same code, a route that needs no database 200 (the rate limit\'s count gives up after 1 s); after it thaws, play goes on', async () => {
    const r = await relay(new URL(await freshDatabaseUrl(dir, 'postgres')));
    const db = await openPostgres(r.url, { timeoutMs: 500 });
    const { app, ctx } = await buildServer({ rateLimit: 600, shared: true, secretKey: randomBytes(32), db, webRoot: null });
    const server = new TestServer(app, ctx, mkdtempSync(join(tmpdir(), 'wardroom-node-')));
    try {
      const g = await twoTeamGame(server);
      const [first] = exampleActions();
      // A statement of a transaction begun before the database hung: pg's time limit on its answer.
      // Kysely's ROLLBACK then goes to the connection closed at the time-out and fails with that
      // same time-out, so the answer says the change may have been made (its COMMIT may come
      // through), not "server error, nothing was changed".
      const outcome = (p: Promise<unknown>) => p.then(() => 'answered', (e: Error) => e.message);
      const inTransaction = db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        r.freeze();
        await sql`select 2`.execute(trx);
      });
      expect(await outcome(inTransaction)).toBe('Query read timeout');
      expect(await outcome(sql`select 1`.execute(db))).toBe('Query read timeout');
      const timed = async <T,>(work: () => Promise<T>) => {
        const t0 = Date.now();
        const out = await work();
        return { out, ms: Date.now() - t0 };
      };
      const odds = await timed(() => g.soviet.get('/api/odds'));
      expect(odds.out.status).toBe(200);
      expect(odds.ms).toBeLessThan(3000);
      const page = await timed(() => g.soviet.get(`/api/games/${g.id}`));
      expect(page.out.status).toBe(503);
      expect(page.out.body.error.code).toBe('database-unavailable');
      expect(page.ms).toBeLessThan(5000);
      const act = await g.holder(first.seat).post(`/api/games/${g.id}/actions`, { action: first, seen: 0 });
      expect([act.status, act.body.error?.code]).toEqual([503, 'database-unavailable']);
      const live = await g.soviet.live(g.id);
      expect(live.frames[0]).toMatchObject({ type: 'error', error: { code: 'database-unavailable' } });
      await live.until(() => !!live.closed).catch(() => {});
      expect(live.closed?.code).toBe(4503);

      r.thaw();
      // The connections that timed out were dropped, not given out again with an answer owed.
      const back = await g.soviet.get(`/api/games/${g.id}`);
      expect(back.status).toBe(200);
      const version = back.body.game.version as number;
      const again = await g.holder(exampleActions()[version].seat).post(`/api/games/${g.id}/actions`, { action: exampleActions()[version], seen: version });
      expect(again).toMatchObject({ status: 200, body: { version: version + 1 } });
    } finally {
      r.thaw();
      await server.close();
      await r.close();
    }
  });
});
