/**
 * Durability (issue 9): the real `wardroom serve` process on a data folder; several clients play
 * games at once over HTTP on loopback; the server is killed (SIGKILL) mid-stream and started again
 * on the same folder. Every action that was acknowledged (200) is there, with its events, and
 * every game replays and goes on. Bounded: four games, at most ~50 actions each, a few seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import type { Action } from '../../src/engine/module.ts';
import { Session, type GameRecord } from '../../src/engine/session.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { HttpClient, killAll, serve as serveNode, type Node } from '../support/nodes.ts';
import { exampleActions, freshDatabaseUrl, TEST_DB, TWO_ZONE_FORM } from '../support/server.ts';
import { freePort } from '../support/ports.ts';

const DATA = mkdtempSync(join(tmpdir(), 'wardroom-serve-test-'));
afterAll(async () => {
  await killAll();
  rmSync(DATA, { recursive: true, force: true });
});


/** On PostgreSQL (issue 11): the database both servers use, given as DATABASE_URL. */
let databaseUrl: Promise<string> | undefined;

/** `wardroom serve` on a data folder (and, on PostgreSQL, the test's database); resolves once it says it is running. */
async function serve(data: string, port: number, args: string[]): Promise<Node> {
  if (TEST_DB === 'postgres') databaseUrl ??= freshDatabaseUrl(DATA);
  return serveNode({ data, databaseUrl: TEST_DB === 'postgres' ? await databaseUrl! : '', port, args });
}

// On SQLite, an answer goes out once the move is committed, or with --fsync-before-answer once it is synced to the disk (docs/online.md); either way a crash of the server loses no answered move.
const MODES = TEST_DB === 'postgres' ? [{ mode: 'on PostgreSQL', args: [] }] : [{ mode: 'answering once committed', args: [] }, { mode: 'with --fsync-before-answer', args: ['--fsync-before-answer'] }];

describe.each(MODES)('durability, $mode', ({ args }) => {
  it('kill -9 while four games are played at once: after a restart every acknowledged action is there, with its events, and the games replay and go on', async () => {
    const data = mkdtempSync(join(DATA, 'data-'));
    const port = await freePort();
    let base = `http://127.0.0.1:${port}`;
    let server = await serve(data, port, args);
    const actions = exampleActions();
    const games: { id: string; referee: HttpClient; allied: HttpClient; soviet: HttpClient; acked: Action[] }[] = [];
    for (let i = 0; i < 4; i++) {
      const referee = new HttpClient(() => base);
      const id = (await referee.call('POST', '/api/games', { ...TWO_ZONE_FORM, name: `Rita ${i}` })).body.id as string;
      const people = { allied: new HttpClient(() => base), soviet: new HttpClient(() => base) };
      for (const team of ['allied', 'soviet'] as const) {
        const { token } = (await referee.call('POST', `/api/games/${id}/invitations`, { kind: 'team', team })).body;
        const seats = team === 'allied' ? ['allied:mediterranean', 'allied:north-atlantic'] : ['soviet:mediterranean', 'soviet:north-atlantic'];
        expect((await people[team].call('POST', `/api/invitations/${token}/claim`, { seats, name: `${team} ${i}` })).status).toBe(200);
      }
      games.push({ id, referee, ...people, acked: [] });
    }

    // Each game is played by its two people, one action after another; the four games at once.
    let stop = false;
    const failures: string[] = [];
    const drive = async (g: (typeof games)[number]) => {
      for (const a of actions.slice(0, 60)) {
        if (stop) return;
        try {
          const r = await (a.seat.startsWith('allied') ? g.allied : g.soviet).call('POST', `/api/games/${g.id}/actions`, { action: a, seen: g.acked.length });
          if (r.status !== 200) failures.push(`${g.id}: ${r.status} ${JSON.stringify(r.body)}`);
          else g.acked.push(a);
        } catch {
          return; // the server died under this request: not acknowledged
        }
      }
    };
    const drivers = games.map(drive);
    const t0 = Date.now();
    while (games.reduce((n, g) => n + g.acked.length, 0) < 80 && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 5));
    await server.kill('SIGKILL');
    stop = true;
    await Promise.all(drivers);
    expect(failures).toEqual([]);
    const acked = games.map((g) => g.acked.length);
    expect(acked.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(80);

    // The same data folder (and cookie key): everyone is still signed in.
    const port2 = await freePort();
    base = `http://127.0.0.1:${port2}`;
    server = await serve(data, port2, args);
    for (const g of games) {
      const page = (await g.referee.call('GET', `/api/games/${g.id}`)).body;
      expect(page.game.version).toBeGreaterThanOrEqual(g.acked.length);
      const file = (await g.referee.call('GET', `/api/games/${g.id}/export`)).body as GameRecord;
      expect(file.log.slice(0, g.acked.length)).toEqual(g.acked);
      // At most the one action in flight when the server died was stored without its answer.
      expect(file.log.length).toBeLessThanOrEqual(g.acked.length + 1);
      expect(file.log).toEqual(actions.slice(0, file.log.length));
      const log = (await g.referee.call('GET', `/api/games/${g.id}/log`)).body.events as { entry: number }[];
      const entries = new Set(log.map((e) => e.entry));
      for (let k = 0; k < g.acked.length; k++) expect(entries.has(k), `${g.id}: events of action #${k}`).toBe(true);
      const replayed = Session.open(cwnb, file);
      if (isRuleError(replayed)) throw new Error(`${g.id} does not replay: ${replayed.message}`);
      // And the game goes on from where the database has it.
      const next = actions[file.log.length];
      const r = await (next.seat.startsWith('allied') ? g.allied : g.soviet).call('POST', `/api/games/${g.id}/actions`, { action: next, seen: file.log.length });
      expect(r).toEqual({ status: 200, body: { version: file.log.length + 1 } });
    }
    await server.kill('SIGTERM');
  }, 60_000);
});
