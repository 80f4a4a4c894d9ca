/**
 * Graceful shutdown (issue 11, operations): what `wardroom serve` does on SIGTERM/SIGINT, called
 * directly (the same function serve calls). A node going away answers readiness 503 while it
 * drains, tells every live browser to reconnect elsewhere (WebSocket close 1012), answers the
 * action that was in flight (and keeps it), and exits within its timeout even when a request hangs.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/adapters/server/app.ts';
import { openSqlite } from '../../src/adapters/storage/database.ts';
import { exampleActions, TestServer, twoTeamGame } from '../support/server.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function start() {
  const dir = mkdtempSync(join(tmpdir(), 'wardroom-shutdown-test-'));
  dirs.push(dir);
  const file = join(dir, 'wardroom.sqlite');
  const built = await buildServer({ db: await openSqlite(file), secretKey: randomBytes(32), rateLimit: false, webRoot: null });
  // The test learns when the server has begun a request (its headers arrived) for a given path.
  const begun = new Map<string, () => void>();
  built.app.addHook('onRequest', async (request) => begun.get(request.url)?.());
  const server = new TestServer(built.app, built.ctx, dir);
  return { ...built, server, file, begun };
}

/** A POST whose headers are sent now and whose body only when `finish` is called: a request in flight. */
function slowPost(base: string, path: string, cookie: string, body: string) {
  const { hostname, port } = new URL(base);
  const slow = { answer: null as unknown as Promise<{ status: number; body: any }>, finish: () => {} };
  slow.answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'POST', headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    slow.finish = () => req.end(body.slice(10));
  });
  return slow;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful shutdown (issue 11: finish in-flight actions, close sockets with a reconnect hint)', () => {
  it('while draining: readiness 503 naming the shutdown, new requests refused with a typed 503, the live socket closed with 1012; the action in flight is answered 200 and stored; then the database is closed', async () => {
    const { server, shutdown, file, begun } = await start();
    const { id, holder } = await twoTeamGame(server);
    const base = await server.listen();
    const action = exampleActions()[0];
    const player = holder(action.seat);
    const version = (await player.page(id)).game.version;
    const live = await player.live(id, { as: action.seat });
    await live.version(version);

    // The action's headers reach the server; its body is still on the way.
    const path = `/api/games/${id}/actions`;
    const started = new Promise<void>((r) => begun.set(path, r));
    const inFlight = slowPost(base, path, player.cookie!, JSON.stringify({ action, seen: version }));
    await started;
    begun.delete(path);

    const stopped = shutdown({ graceMs: 400, timeoutMs: 5000 });
    // The drain: a load balancer asking now is told this node is not ready, and why.
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ error: { code: 'not-ready', notReady: ['shutting-down'] } });
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200); // alive, just not taking new work
    const late = await fetch(`${base}/api/games/${id}`, { headers: { cookie: player.cookie! } });
    expect(late.status).toBe(503);
    expect((await late.json()).error.code).toBe('shutting-down');
    // The browser is told to reconnect (to another node): 1012 "service restart".
    for (let i = 0; i < 100 && !live.closed; i++) await sleep(10);
    expect(live.closed?.code).toBe(1012);
    expect(live.closed?.reason).toMatch(/reconnect/);

    // After the grace the listener is closed, yet the request in flight still completes.
    await sleep(500);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    inFlight.finish();
    expect(await inFlight.answer).toEqual({ status: 200, body: { version: version + 1 } });
    expect(await stopped).toBe(true);

    // The answered action was stored: the database, opened again, has it.
    const db = await openSqlite(file);
    const rows = await db.selectFrom('actions').select(['seq', 'entry']).where('game_id', '=', id).orderBy('seq').execute();
    await db.destroy();
    expect(rows.length).toBe(version + 1);
    expect(JSON.parse(rows[version].entry)).toMatchObject({ type: action.type, seat: action.seat });
  }, 20_000);

  it('a request that never finishes does not hold the node: the shutdown gives up after its timeout', async () => {
    const { server, shutdown, begun } = await start();
    const { id, referee } = await twoTeamGame(server);
    const base = await server.listen();
    const path = `/api/games/${id}/actions`;
    const started = new Promise<void>((r) => begun.set(path, r));
    const hanging = slowPost(base, path, referee.cookie!, JSON.stringify({ action: exampleActions()[0], seen: 0 }));
    hanging.answer.catch(() => {}); // cut off when the process would exit
    await started;
    const t0 = Date.now();
    expect(await shutdown({ timeoutMs: 300 })).toBe(false);
    expect(Date.now() - t0).toBeLessThan(2000);
    hanging.finish();
  }, 20_000);
});
