/**
 * Issue 10, History: the game log as each viewer may see it, filtered by turn, War Zone and kind,
 * with unread markers; and the replay viewer's steps, each that viewer's view computed on the
 * server. The finished two-zone example (examples/cwnb/two-zone.json, the Allied player committing
 * first in turn 1) is imported; Boris holds the Soviet seats, Sam watches, Ann holds the Allied
 * seats. Every answer Boris and Sam receive is searched for the secrets they may not know yet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action } from '../../src/engine/module.ts';
import type { GameRecord } from '../../src/engine/session.ts';
import { seatViewer } from '../../src/engine/viewer.ts';
import { leaksAt, secretsOf, SPECTATOR, type Secret } from '../support/replay-secrets.ts';
import { claim, example, invite, startServer, type Client, type TestServer } from '../support/server.ts';

let server: TestServer;
let referee: Client;
let ann: Client;
let boris: Client;
let sam: Client;
let id: string;
let record: GameRecord;

/** two-zone.json with the commitments of turn 1 swapped: the Allied player commits first in both War Zones. */
function alliedFirst(): GameRecord {
  const r = example('two-zone.json');
  const log = [...r.log];
  for (const i of [48, 50]) {
    if (log[i].type !== 'commit' || !log[i].seat.startsWith('soviet:')) throw new Error('two-zone.json changed');
    [log[i], log[i + 1]] = [log[i + 1], log[i]];
  }
  return { ...r, log };
}

/** Import `file` (its first `cut` entries); Ann, Boris and Sam join. */
async function importGame(file: GameRecord, cut = file.log.length) {
  const r = await referee.post('/api/import', { file: JSON.stringify({ ...file, log: file.log.slice(0, cut) }), title: 'Replayed' });
  if (r.status !== 201) throw new Error(`import: ${r.status} ${r.text}`);
  const game = r.body.id as string;
  for (const [p, team, seats] of [
    [ann, 'allied', ['allied:mediterranean', 'allied:north-atlantic']],
    [boris, 'soviet', ['soviet:mediterranean', 'soviet:north-atlantic']],
  ] as const) {
    const c = await claim(p, await invite(referee, game, 'team', { team }), [...seats]);
    if (c.status !== 200) throw new Error(`claim: ${c.status} ${c.text}`);
  }
  const s = await claim(sam, await invite(referee, game, 'spectator'), []);
  if (s.status !== 200) throw new Error(`spectator: ${s.status} ${s.text}`);
  return game;
}

beforeAll(async () => {
  server = await startServer();
  referee = server.person('Rita');
  ann = server.person('Ann');
  boris = server.person('Boris');
  sam = server.person('Sam');
  record = alliedFirst();
  id = await importGame(record);
}, 60_000);
afterAll(() => server?.close());

const history = async (who: Client, query = '') => {
  const r = await who.get(`/api/games/${id}/history${query}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
};

describe('history: the log as each viewer may see it, with filters', () => {
  it('filters by turn, War Zone and kind narrow Boris\'s log to exactly the events that match', async () => {
    const all = (await history(boris)).events as any[];
    expect(all.length).toBeGreaterThan(100);
    expect((await history(boris)).choices).toMatchObject({ turns: [1, 2, 3], zones: [{ id: 'mediterranean', name: 'Mediterranean' }, { id: 'north-atlantic', name: 'North Atlantic' }] });
    const turn2 = (await history(boris, '?turn=2')).events as any[];
    expect(turn2.length).toBeGreaterThan(10);
    expect(turn2).toEqual(all.filter((e) => e.turn === 2));
    const med = (await history(boris, '?zone=mediterranean')).events as any[];
    expect(med).toEqual(all.filter((e) => e.zone === 'mediterranean' || e.zones?.includes('mediterranean'))); // a transfer is in both of its zones
    expect(med.some((e) => e.type === 'transfer')).toBe(true);
    expect(med.length).toBeLessThan(all.length);
    const none = (await history(boris, '?zone=none')).events as any[];
    expect(none.length).toBeGreaterThan(0);
    expect(none).toEqual(all.filter((e) => e.zone === undefined && !e.zones?.length)); // a transfer is in its zones, not in none
    const kinds = (await history(boris, '?kind=points,sunk')).events as any[];
    expect(new Set(kinds.map((e) => e.type))).toEqual(new Set(['points', 'sunk']));
    expect(kinds).toEqual(all.filter((e) => e.type === 'points' || e.type === 'sunk'));
    const both = (await history(boris, '?turn=3&zone=north-atlantic&kind=points')).events as any[];
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((e) => e.turn === 3 && e.zone === 'north-atlantic' && e.type === 'points')).toBe(true);
    expect((await history(boris, '?kind=no-such-kind')).events).toEqual([]);
  });

  it('a filter that is not understood is refused with a 400 that says so', async () => {
    const r = await boris.get(`/api/games/${id}/history?turn=two`);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'bad-request', message: expect.stringContaining('turn') });
  });

  it('a spectator\'s history holds only public events, every one of them, and no secret face', async () => {
    const mine = (await history(sam)).events as any[];
    const everything = (await server.ctx.sessionOf(id)).events;
    const publicOnes = everything.filter((e) => e.to === 'all');
    expect(everything.length - publicOnes.length).toBeGreaterThan(20);
    expect(mine.map((e) => e.seq)).toEqual(publicOnes.map((e) => e.seq));
    expect(mine.every((e) => e.to === 'all' && !('secret' in e))).toBe(true);
    // Where an event has a secret face, Sam reads its public one.
    const faced = publicOnes.filter((e) => e.secret);
    expect(faced.length).toBeGreaterThan(5);
    const text = new Map(mine.map((e) => [e.seq, e.text]));
    expect(faced.every((e) => text.get(e.seq) === e.text && e.text !== e.secret!.text)).toBe(true);
  });

  it('Boris cannot read the history or the replay as an Allied seat or the referee (403), nor can someone outside the campaign', async () => {
    for (const as of ['allied:mediterranean', 'referee']) {
      expect((await boris.get(`/api/games/${id}/history?as=${as}`)).status).toBe(403);
      expect((await boris.get(`/api/games/${id}/replay/5?as=${as}`)).status).toBe(403);
    }
    const stranger = server.person('Eve');
    await stranger.post('/api/demo', {}); // signed in, but not in this campaign
    expect((await stranger.get(`/api/games/${id}/history`)).body.error.code).toBe('not-a-member');
    expect((await stranger.get(`/api/games/${id}/replay/0`)).status).toBe(403);
  });
});

describe('replay: each step is the viewer\'s view, computed on the server', () => {
  /** Every step of the replay as `who` reads it, as the raw text received. */
  async function everyStep(who: Client, as?: string): Promise<string[]> {
    const out: string[] = [];
    for (let step = 0; step <= record.log.length; step++) {
      const r = await who.get(`/api/games/${id}/replay/${step}${as ? `?as=${as}` : ''}`);
      expect(r.status, r.text).toBe(200);
      out.push(r.text);
    }
    return out;
  }

  const check = (secrets: Secret[], answers: string[]) => answers.flatMap((a, step) => leaksAt(secrets, step, a));

  it('6.C.2, 6.C.4: no replay step and no history answer Boris receives holds an Allied secret before its reveal; after the reveal the commitments are there', async () => {
    const { secrets } = secretsOf(record, 'allied', seatViewer('soviet:mediterranean'));
    expect(secrets.filter((s) => s.what.startsWith('commit')).length).toBeGreaterThanOrEqual(6);
    expect(secrets.filter((s) => s.what.startsWith('buyShip')).length).toBeGreaterThan(10);
    expect(secrets.filter((s) => s.to === Infinity).length).toBeGreaterThan(10);
    for (const as of ['soviet:mediterranean', 'soviet:north-atlantic']) {
      const steps = await everyStep(boris, as);
      expect(check(secrets, steps).slice(0, 5)).toEqual([]);
      // The needles are right: a commitment is in Boris's replay from its reveal on, a ship from its purchase on.
      const commit = secrets.find((s) => s.what.startsWith('commit #48'))!;
      expect(steps[commit.to + 1]).toContain(commit.json);
      const ship = secrets.find((s) => s.what.startsWith('buyShip'))!;
      expect(steps[ship.to + 1]).toContain(ship.json);
    }
    const filtered = [await history(boris), await history(boris, '?turn=1'), await history(boris, '?kind=order,commit,purchase,set-aside')];
    expect(filtered.flatMap((h) => leaksAt(secrets.filter((s) => s.to === Infinity), Infinity, JSON.stringify(h)))).toEqual([]);
  });

  it('a spectator\'s replay holds neither team\'s secrets before their reveal, and only public events', async () => {
    const secrets = [...secretsOf(record, 'allied', SPECTATOR).secrets, ...secretsOf(record, 'soviet', SPECTATOR).secrets];
    const steps = await everyStep(sam);
    expect(check(secrets, steps).slice(0, 5)).toEqual([]);
    expect(steps.every((t) => JSON.parse(t).events.every((e: any) => e.to === 'all'))).toBe(true);
  });

  it('a step is the game as it stood then: step 0 is the setup, the last step the end; events are those of the step', async () => {
    const first = (await boris.get(`/api/games/${id}/replay/0`)).body;
    expect(first).toMatchObject({ step: 0, over: false, events: [], eventCount: 0, by: null });
    expect(first.view.turn).toBe(1);
    const last = (await boris.get(`/api/games/${id}/replay/last`)).body;
    expect(last.step).toBe(record.log.length);
    expect(last.over).toBe(true);
    expect(last.view).toEqual((await boris.page(id)).view);
    expect(last.events.map((e: any) => e.type)).toContain('game-over');
    // Step 1 is the first action: its events, its seat.
    const one = (await boris.get(`/api/games/${id}/replay/1`)).body;
    expect(one.events.length).toBeGreaterThan(0);
    expect(one.events.every((e: any) => e.entry === 0)).toBe(true);
    expect(one.by.seat).toBe((record.log[0] as Action).seat);
    // The seats with who holds them now, as on the game page: not "unclaimed".
    expect(one.seats.map((s: any) => [s.seat, s.holder])).toEqual((await boris.page(id)).seats.map((s: any) => [s.seat, s.holder]));
    expect(one.seats.find((s: any) => s.seat === 'allied:mediterranean').holder).toBe('Ann');
  });

  it('turn bookmarks: each Campaign Game Turn begins at its bookmark (the step before is the turn before)', async () => {
    const { bookmarks } = (await boris.get(`/api/games/${id}/replay/0`)).body;
    const turns = bookmarks.filter((b: any) => b.kind === 'turn');
    expect(turns.map((b: any) => b.turn)).toEqual([1, 2, 3]);
    expect(turns[0].step).toBe(0);
    for (const b of turns.slice(1)) {
      expect((await boris.get(`/api/games/${id}/replay/${b.step}`)).body.view.turn).toBe(b.turn);
      expect((await boris.get(`/api/games/${id}/replay/${b.step - 1}`)).body.view.turn).toBe(b.turn - 1);
    }
    expect(bookmarks.filter((b: any) => b.kind === 'phase' && /purchases carried out/.test(b.label))).toHaveLength(3);
    // 6.C.4: at a War Zone's "commitments revealed" bookmark Boris sees the Allied commitment; the step before, he does not.
    const reveals = bookmarks.filter((b: any) => b.zone && /commitments revealed/.test(b.label));
    expect(reveals).toHaveLength(6);
    for (const b of reveals) {
      const at = (await boris.get(`/api/games/${id}/replay/${b.step}`)).body.view.zones.find((z: any) => z.id === b.zone).players.allied;
      const before = (await boris.get(`/api/games/${id}/replay/${b.step - 1}`)).body.view.zones.find((z: any) => z.id === b.zone).players.allied;
      expect(at.commitment).toBeTruthy();
      expect(before.commitment).toBeUndefined();
    }
  });

  it('a bad step is refused with a typed 4xx: not a number (400), beyond the last step (404)', async () => {
    for (const bad of ['abc', '-1', '1.5']) {
      const r = await boris.get(`/api/games/${id}/replay/${bad}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'bad-step', message: expect.stringContaining(`0 to ${record.log.length}`) });
    }
    const far = await boris.get(`/api/games/${id}/replay/${record.log.length + 1}`);
    expect(far.status).toBe(404);
    expect(far.body.error.code).toBe('no-such-step');
    expect((await boris.get('/api/games/no-such-game/replay/0')).status).toBe(404);
  });
});

describe('unread markers', () => {
  it('the unread count moves: all unread at first, fewer once marked read, none when read to the end, more when the game moves on', async () => {
    const game = await importGame(example('two-zone.json'), 100);
    const unreadHome = async () => (await boris.get('/api/me')).body.games.find((g: any) => g.id === game).unread as number;
    const mine = (await boris.get(`/api/games/${game}/history`)).body;
    expect(mine.lastRead).toBe(-1);
    // Boris holds two seats: both seats' events count.
    const seen = new Set<number>();
    for (const as of ['soviet:mediterranean', 'soviet:north-atlantic']) for (const e of (await boris.get(`/api/games/${game}/history?as=${as}`)).body.events) seen.add(e.seq);
    expect(await unreadHome()).toBe(seen.size);
    expect((await boris.get(`/api/games/${game}/history/unread`)).body).toEqual({ lastRead: -1, unread: seen.size });

    const middle = mine.events[40].seq;
    const marked = await boris.post(`/api/games/${game}/history/read`, { seq: middle });
    expect(marked.status).toBe(200);
    expect(marked.body.unread).toBe([...seen].filter((s) => s > middle).length);
    expect(await unreadHome()).toBe(marked.body.unread);
    expect((await boris.get(`/api/games/${game}/history`)).body.lastRead).toBe(middle);

    expect((await boris.post(`/api/games/${game}/history/read`, {})).body.unread).toBe(0);
    expect(await unreadHome()).toBe(0);
    // A mark further back does not undo it.
    expect((await boris.post(`/api/games/${game}/history/read`, { seq: 3 })).body.unread).toBe(0);
    // Beyond the last event: refused, nothing changed.
    const beyond = await boris.post(`/api/games/${game}/history/read`, { seq: 1e6 });
    expect(beyond.status).toBe(422);
    expect(beyond.body.error.code).toBe('no-such-event');

    // Ann plays on: Boris has something new to read; Ann's own marker is hers.
    const table = example('two-zone.json').log as Action[];
    let v = 100;
    for (const a of table.slice(100, 104)) {
      const { rolled: _r, ...action } = a as Action & { rolled?: unknown };
      v = await (a.seat.startsWith('allied:') ? ann : boris).act(game, action, v);
    }
    expect(await unreadHome()).toBeGreaterThan(0);
    expect((await ann.get('/api/me')).body.games.find((g: any) => g.id === game).unread).toBeGreaterThan(100);
  });
});

describe('replay across actions taken back', () => {
  it('an @undo step shows the game as the undo left it, and later steps go on from there (the same states as the live game)', async () => {
    const game = await importGame(example('two-zone.json'), 101);
    const table = example('two-zone.json').log as Action[];
    const strip = ({ rolled: _r, ...a }: Action & { rolled?: unknown }): Action => a;
    let v = await boris.act(game, strip(table[101]), 101); // buyCard: Boris's own, free to take back
    const bought = await boris.page(game, 'soviet:north-atlantic');
    const undo = await boris.post(`/api/games/${game}/undo`, { seat: 'soviet:north-atlantic', seen: v });
    expect(undo.status, undo.text).toBe(200);
    const undone = await boris.page(game, 'soviet:north-atlantic');
    v = await boris.act(game, strip(table[102]), undo.body.version); // donePurchasing without the card
    const now = await boris.page(game, 'soviet:north-atlantic');
    const step = async (n: number) => (await boris.get(`/api/games/${game}/replay/${n}?as=soviet:north-atlantic`)).body;
    expect((await step(102)).view).toEqual(bought.view);
    expect((await step(103)).view).toEqual(undone.view);
    expect((await step(103)).view).not.toEqual(bought.view);
    expect((await step(103)).events.map((e: any) => e.type)).toContain('undo');
    expect((await step(104)).view).toEqual(now.view);
    expect(v).toBe(104);
    // The history narrowed to the orders still says which one was taken back (the undo itself is filtered out).
    const orders = (await boris.get(`/api/games/${game}/history?kind=order&as=soviet:north-atlantic`)).body;
    expect(orders.events.map((e: any) => e.type)).not.toContain('undo');
    expect(orders.events.some((e: any) => e.entry === 101)).toBe(true);
    expect(orders.takenBack).toEqual([101]);
  });
});
