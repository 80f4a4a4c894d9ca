/**
 * SMP games through the same server (issue 10, "SMP games through the same server with the generic
 * forms"): a Strategic Missions Phase is created from a board JSON (examples/smp/demo-1940.json)
 * and played to its end through the API with only the actions the server offers, each filled from
 * its fields' specs as the web app's generic forms do; a bad board is refused naming the field.
 * Also the exact-odds API the odds page draws, against `wardroom smp odds --json`.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionSpec } from '../../src/engine/module.ts';
import { validateScenario } from '../../src/modules/smp/index.ts';
import { wardroom } from '../support/cli.ts';
import { claim, fill, invite, startServer, type Client, type TestServer } from '../support/server.ts';

const DEMO_PATH = new URL('../../examples/smp/demo-1940.json', import.meta.url);
const DEMO = readFileSync(DEMO_PATH, 'utf8');

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function createSmp(referee: Client, body: Record<string, unknown>) {
  return referee.post('/api/games', { module: 'smp', name: referee.name, ...body });
}

describe('SMP games online (issue 10)', () => {
  it('examples/smp/demo-1940.json is created through the API and played to the end with the offered actions; a player holding one nation plays its decisions', async () => {
    const referee = server.person('Rita');
    const r = await createSmp(referee, { title: 'SMP round 3', scenario: { fileName: 'demo-1940.json', text: DEMO }, playAll: true });
    expect(r.status, r.text).toBe(201);
    const id = r.body.id as string;
    const first = await referee.page(id);
    expect(first.game).toMatchObject({ module: 'smp', title: 'SMP round 3', over: false, version: 0 });
    const nations = (JSON.parse(DEMO).nations as { id: string; name: string }[]).map((n) => ({ seat: n.id, label: n.name }));
    expect(first.seats.map((s: { seat: string; label: string }) => ({ seat: s.seat, label: s.label }))).toEqual(nations);
    expect(first.me.seats).toEqual(nations.map((n) => n.seat));
    // Each nation's table talk is named as the board names the nation ("United Kingdom team").
    const chat = await referee.get(`/api/games/${id}/chat`);
    expect(chat.body.channels.filter((c: { id: string }) => c.id.startsWith('team:')).map((c: { id: string; label: string }) => [c.id, c.label])).toEqual(nations.map((n) => [`team:${n.seat}`, `${n.label} team`]));
    const named: string[] = [];
    const hook = server.ctx.onChat;
    server.ctx.onChat = (_game, _message, _recipients, channelName) => void named.push(channelName);
    try {
      expect((await referee.post(`/api/games/${id}/chat`, { channel: 'team:uk', text: 'Convoys first' })).status).toBe(201);
    } finally {
      server.ctx.onChat = hook;
    }
    expect(named).toEqual(['United Kingdom team']); // as a notification names it
    expect(first.view.pending).toMatchObject({ seat: expect.any(String), prompt: expect.any(String) });
    expect((await referee.get('/api/me')).body.games.find((g: { id: string }) => g.id === id)).toMatchObject({ module: 'smp', waitingOnYou: [first.view.pending.seat] });

    let version = 0;
    let page = first;
    const kinds = new Set<string>();
    for (let guard = 0; !page.game.over; guard++) {
      expect(guard, 'the phase did not end within 3000 actions').toBeLessThan(3000);
      const seat = page.waitingFor[0] as string;
      const specs = page.actions[seat] as ActionSpec[];
      expect(specs.length, `nothing offered to ${seat}, whom the game waits for`).toBeGreaterThan(0);
      const spec = specs[0];
      kinds.add(spec.type);
      // A seeded roll's button says what it does, then what the dice are for.
      if (spec.type === 'roll') expect(spec.label).toBe(`Roll (${page.view.pending.prompt})`);
      version = await referee.act(id, fill(spec, seat) as never, version);
      page = await referee.page(id);
    }
    expect(kinds).toEqual(new Set(['roll', 'choose']));
    expect(page.view.pending).toBeNull();
    expect(page.waitingFor).toEqual([]);
    // The board to start the next phase from (R0-7): this board, the SMP number, round and season moved on, and a valid board.
    const next = page.view.next;
    expect(next).toEqual({ ...page.view.board, smpNumber: 2, round: 2, season: 'spring' });
    expect(validateScenario(next).ok).toBe(true);
    expect(page.game.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(page.view.events.some((e: { type: string }) => e.type === 'change')).toBe(true);
    // The log the page shows is the phase's report.
    const log = (await referee.get(`/api/games/${id}/log`)).body.events as { text: string }[];
    expect(log.length).toBeGreaterThan(10);
    // The replay's moments: where each step begins, in the order they run, and the end of the phase.
    const marks = (await referee.get(`/api/games/${id}/replay/last`)).body.bookmarks as { kind: string; label: string; step: number }[];
    expect(marks.map((b) => b.label)).toEqual([...Array.from({ length: 9 }, (_, i) => expect.stringMatching(new RegExp(`^Step ${i + 2}: \\w`))), 'The end of the phase']);
    expect(marks.every((b, i) => b.kind === 'phase' && (i === 0 || b.step >= marks[i - 1].step))).toBe(true);
    // Its game file replays with the CLI.
    const file = (await referee.get(`/api/games/${id}/export`)).body;
    expect(file).toMatchObject({ module: 'smp', seed: page.game.seed });
  });

  it('a nation\'s seat is claimed by invitation and its holder answers its own decisions only', async () => {
    const referee = server.person('Rita');
    const r = await createSmp(referee, { scenario: { fileName: 'demo-1940.json', text: DEMO } });
    expect(r.status).toBe(201);
    const id = r.body.id as string;
    const page = await referee.page(id);
    expect(page.me.seats).toEqual([]); // without playAll, the referee holds no seat
    const seat = page.view.pending.seat as string;
    const player = server.person('Paul');
    expect((await claim(player, await invite(referee, id, 'seat', { seat }), [seat])).status).toBe(200);
    const mine = await player.page(id);
    expect(mine.me.seats).toEqual([seat]);
    const other = page.seats.map((s: { seat: string }) => s.seat).find((s: string) => s !== seat);
    expect((await player.submit(id, { type: 'roll', seat: other }, 0)).body.error.code).toBe('not-your-seat');
    expect(await player.act(id, fill(mine.actions[seat][0], seat) as never, 0)).toBe(1);
  });

  it('a bad board is refused with a message naming the field (and the file); nothing is created', async () => {
    const referee = server.person('Rita');
    const before = (await referee.get('/api/me')).body.games.length;
    const board = JSON.parse(DEMO);
    board.territories[0].owner = 'nobody';
    const bad = await createSmp(referee, { scenario: { fileName: 'our-board.json', text: JSON.stringify(board) } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('bad-scenario');
    expect(bad.body.error.message).toContain('our-board.json');
    expect(bad.body.error.message).toMatch(/territories\[0\]\.owner: territory "[^"]+": unknown nation "nobody"/);
    expect(bad.body.error.errors).toContainEqual({ path: 'territories[0].owner', message: expect.stringContaining('nobody') });

    const missing = JSON.parse(DEMO);
    delete missing.round;
    const r2 = await createSmp(referee, { scenario: { fileName: 'b.json', text: JSON.stringify(missing) } });
    expect(r2.status).toBe(422);
    expect(r2.body.error.message).toMatch(/\bround\b/);

    const notJson = await createSmp(referee, { scenario: { fileName: 'notes.txt', text: 'round: 3' } });
    expect(notJson.status).toBe(422);
    expect(notJson.body.error).toMatchObject({ code: 'bad-upload', message: expect.stringContaining('notes.txt') });
    expect(notJson.body.error.message).not.toMatch(/at .*\.ts:\d+/); // no stack trace

    const noBoard = await createSmp(referee, {});
    expect(noBoard.status).toBe(400);
    expect(noBoard.body.error.message).toContain('scenario');
    expect((await referee.get('/api/me')).body.games.length).toBe(before);
  });
});

describe('exact odds API (issue 10, the odds page)', () => {
  it('lists every procedure of `wardroom smp odds` with its inputs', async () => {
    const c = server.person('Olga');
    const r = await c.get('/api/odds');
    expect(r.status).toBe(200);
    expect(r.body.procedures.map((p: { id: string }) => p.id).sort()).toEqual(['bombing', 'coastal', 'kamikaze', 'partisan', 'shore', 'vichy']);
  });

  it.each([
    ['kamikaze', { tokens: 3, fighters: 2, tacticalBombers: 1 }, ['--tokens', '3', '--fighters', '2', '--tactical-bombers', '1'], 'hits'],
    ['bombing', { strategicBombers: 3, escorts: 1, interceptors: 2, capacity: 10 }, ['--strategic-bombers', '3', '--escorts', '1', '--interceptors', '2', '--capacity', '10'], 'damage'],
    ['coastal', { bunker: 'major' }, ['--bunker', 'major'], 'hits'],
  ] as const)('%s: the same distribution and mean as `wardroom smp odds --json`, and "at least N" sums its tail', async (proc, query, args, key) => {
    const c = server.person('Olga');
    const r = await c.get(`/api/odds/${proc}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
    expect(r.status, r.text).toBe(200);
    const cli = await wardroom(['smp', 'odds', proc, ...args, '--json']);
    expect(cli.code).toBe(0);
    const rows = JSON.parse(cli.stdout).distribution as Record<string, number>[];
    const mean = rows.reduce((m, row) => m + row[key] * row.p, 0);
    expect(r.body.mean).toBeCloseTo(mean, 12);
    for (const row of rows) expect(r.body.distribution[row[key]].p).toBeCloseTo(row.p, 12);
    const d = r.body.distribution as { k: number; p: number; atLeast: number }[];
    expect(d[0].atLeast).toBeCloseTo(1, 12);
    const n = Math.ceil(mean);
    expect(d[n].atLeast).toBeCloseTo(rows.filter((row) => row[key] >= n).reduce((s, row) => s + row.p, 0), 12);
  });

  it('refuses an input out of range or past the limits, naming it', async () => {
    const c = server.person('Olga');
    const bad = await c.get('/api/odds/kamikaze?tokens=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Kamikaze tokens');
    const big = await c.get('/api/odds/kamikaze?tokens=1001');
    expect(big.status).toBe(400);
    // #7 up to 3 tokens per kamikaze zone, and a d6 roll: refused in the page's words, not the CLI's options.
    const four = await c.get('/api/odds/kamikaze?tokens=4');
    expect([four.status, four.body.error.message]).toEqual([400, 'Kamikaze tokens (up to 3 per zone): a whole number from 0 to 3, not "4".']);
    const seven = await c.get('/api/odds/vichy?hitOn=7');
    expect([seven.status, seven.body.error.message]).toEqual([400, 'Roll needed (@3 Japan/UK/Germany, @1 Italy/Free French): a whole number from 1 to 6, not "7".']);
    expect((await c.get('/api/odds')).body.procedures.find((p: { id: string }) => p.id === 'kamikaze').inputs[0]).toMatchObject({ key: 'tokens', min: 0, max: 3 });
    const none = await c.get('/api/odds/dogfight');
    expect(none.status).toBe(404);
    expect(none.body.error.message).toContain('kamikaze');
  });

  it('an input left out is its advertised default, as on the odds page, and the answer says so in `inputs`', async () => {
    const c = server.person('Olga');
    const procedures = (await c.get('/api/odds')).body.procedures as { id: string; inputs: { key: string; default?: number | string }[] }[];
    for (const proc of procedures) {
      const defaults = Object.fromEntries(proc.inputs.filter((i) => i.default !== undefined).map((i) => [i.key, i.default]));
      const bare = await c.get(`/api/odds/${proc.id}`);
      expect(bare.status, bare.text).toBe(200);
      expect(bare.body.inputs, proc.id).toEqual(defaults);
      const given = await c.get(`/api/odds/${proc.id}?${new URLSearchParams(Object.entries(defaults).map(([k, v]) => [k, String(v)]))}`);
      expect(bare.body, proc.id).toEqual(given.body);
    }
    // The defaults the tester saw advertised and not applied: 3 kamikaze tokens, 2 strategic bombers, 1 battleship.
    expect((await c.get('/api/odds/kamikaze')).body.title).toMatch(/^Kamikaze: 3 token\(s\)/);
    expect((await c.get('/api/odds/bombing')).body.title).toMatch(/^Bombing raid: 2 strategic bomber\(s\);/);
    expect((await c.get('/api/odds/shore')).body.title).toMatch(/^Shore bombardment: 1 battleship\(s\);/);
    // One given, the others their defaults; an optional input left out stays out (no maximum).
    const partisan = await c.get('/api/odds/partisan?elite=1');
    expect(partisan.body.inputs).toEqual({ tokens: 3, elite: 1 });
  });

  it('refuses a parameter the procedure does not take, naming it and the ones it takes', async () => {
    const c = server.person('Olga');
    const typo = await c.get('/api/odds/kamikaze?tokens=3&fighter=2');
    expect(typo.status).toBe(400);
    expect(typo.body.error.message).toBe('Kamikaze Raids has no input "fighter"; its inputs are tokens, fighters, tacticalBombers.');
    const two = await c.get('/api/odds/coastal?bunker=major&tokens=1&p=coastal');
    expect(two.status).toBe(400);
    expect(two.body.error.message).toBe('Coastal Defences has no input "tokens" or "p"; its inputs are bunker.');
  });
});
