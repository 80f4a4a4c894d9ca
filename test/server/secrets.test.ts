/**
 * No secret reaches a browser that may not see it (issue 9): Ann holds both Allied seats of a
 * two-zone campaign, Boris both Soviet seats, Sam watches. The whole example game
 * (examples/cwnb/two-zone.json: purchases, secret commitments and their reveal, battles,
 * scoring, three turns) is played through the API, Ann committing first in turn 1. Everything
 * Boris and Sam receive (every answer and every WebSocket frame) is recorded step by step and
 * searched for the other team's orders, cards and commitments, before the rules reveal them; and
 * what the rules make public is then seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRecord, type GameRecord } from '../../src/engine/session.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import type { Action } from '../../src/engine/module.ts';
import { exampleActions, TWO_ZONE_FORM, startServer, twoTeamGame, type Client, type TestServer } from '../support/server.ts';

let server: TestServer;
let game: Awaited<ReturnType<typeof twoTeamGame>>;
const actions = exampleActions();
/** What Boris and Sam received after each action k (while the game was at version k + 1). */
const chunks: { boris: string; sam: string }[] = [];
/** Boris's game page as soviet:mediterranean after each action. */
const borisPages: any[] = [];
/** The referee's whole log at the end. */
let refLog: any[] = [];
/** Boris's (both seats) and Sam's whole logs at the end. */
const logs: { boris: any[]; sam: any[] } = { boris: [], sam: [] };
let seed = '';
let exportsBefore: { boris: number; sam: number; referee: GameRecord & { seed: string | null } } | null = null;
const EXPORT_AT = 60;
const ROSTER = (cwnb.parseOptions(TWO_ZONE_FORM) as { roster: { ships: { id: string; name: string }[] } }).roster.ships;

beforeAll(async () => {
  server = await startServer();
  game = await twoTeamGame(server);
  const { id, referee, soviet: boris, spectator: sam } = game;
  seed = (await server.ctx.store.record(id, { withSeed: true }))!.seed!;
  const borisLive = await boris.live(id);
  const samLive = await sam.live(id);
  await borisLive.version(0);
  let mark = { boris: boris.received.length, sam: sam.received.length };
  const after = { boris: -1, sam: -1 };
  const since = (c: Client, from: number) => c.received.slice(from).join('\n');
  for (const [k, action] of actions.entries()) {
    const v = await game.holder(action.seat).act(id, action, k);
    await Promise.all([borisLive.version(v), samLive.version(v)]);
    borisPages.push(await boris.page(id, 'soviet:mediterranean'));
    await boris.page(id, 'soviet:north-atlantic');
    await sam.page(id);
    const be = (await boris.get(`/api/games/${id}/events?after=${after.boris}`)).body.events;
    const se = (await sam.get(`/api/games/${id}/events?after=${after.sam}`)).body.events;
    if (be.length) after.boris = be.at(-1).seq;
    if (se.length) after.sam = se.at(-1).seq;
    await boris.get('/api/me');
    if (v === EXPORT_AT) {
      const b = await boris.get(`/api/games/${id}/export`);
      const s = await sam.get(`/api/games/${id}/export`);
      const r = await referee.get(`/api/games/${id}/export`);
      exportsBefore = { boris: b.status, sam: s.status, referee: r.body };
    }
    chunks.push({ boris: since(boris, mark.boris), sam: since(sam, mark.sam) });
    mark = { boris: boris.received.length, sam: sam.received.length };
  }
  refLog = (await referee.get(`/api/games/${id}/log`)).body.events;
  for (const as of ['soviet:mediterranean', 'soviet:north-atlantic']) logs.boris.push(...(await boris.get(`/api/games/${id}/log?as=${as}`)).body.events);
  logs.sam = (await sam.get(`/api/games/${id}/log`)).body.events;
}, 60_000);
afterAll(() => server?.close());

/** The index of the first action at or after `from` whose events include one matching `pred`. */
function firstEventAction(from: number, pred: (e: any) => boolean): number {
  const e = refLog.find((x) => x.entry >= from && pred(x));
  if (!e) throw new Error('no such event');
  return e.entry;
}

/** Needles found in the chunks of actions from..to-1 (the versions at which the secret was still kept). */
function leaks(who: 'boris' | 'sam', needles: string[], from = 0, to = chunks.length): string[] {
  const out: string[] = [];
  for (let k = from; k < to; k++) for (const n of needles) if (chunks[k][who].includes(n)) out.push(`after action #${k} (${actions[k].type} by ${actions[k].seat}) ${who} received ${n}`);
  return out;
}

const isSide = (side: string) => (a: Action) => a.seat.startsWith(`${side}:`);

describe('6.C.2 orders and cards, 6.C.4 commitments: what the Soviet player and a spectator receive', () => {
  it('the game was played to its end through the API, with battles and scoring seen by everyone', () => {
    const last = borisPages.at(-1);
    expect(last.game.over).toBe(true);
    expect(last.view.result).toBeTruthy();
    expect(refLog.some((e) => e.type === 'points')).toBe(true);
    expect(chunks.some((c) => c.boris.includes('"type":"points"') && c.sam.includes('"type":"sunk"'))).toBe(true);
  });

  for (const [who, sides] of [
    ['boris', ['allied']],
    ['sam', ['allied', 'soviet']],
  ] as const) {
    const name = who === 'boris' ? 'the Soviet player' : 'a spectator';

    it(`6.C.2 ${name} never receives ${sides.join(' or ')} ship orders before the purchases are carried out (then the ships bought are public)`, () => {
      const problems: string[] = [];
      let checked = 0;
      for (const [i, a] of actions.entries()) {
        if (a.type !== 'buyShip' || !sides.some((s) => isSide(s)(a))) continue;
        const carried = firstEventAction(i, (e) => e.type === 'purchase');
        const card = ROSTER.find((s) => s.id === a.ship)!;
        problems.push(...leaks(who, [`"${String(a.ship)}"`, card.name], i, carried));
        if (chunks[carried][who].includes(`"${String(a.ship)}"`)) checked++; // the needle is right: public once carried out
      }
      expect(checked).toBeGreaterThan(10);
      expect(problems.slice(0, 5)).toEqual([]);
      // Once carried out, the ships bought are in the other team's view of the fleet.
      const fleet = borisPages[46].view.zones.find((z: any) => z.id === 'mediterranean').players.allied.fleet.map((s: any) => s.id);
      expect(fleet).toEqual(expect.arrayContaining(['uss-iwo-jima', 'uss-kidd']));
    });

    it(`6.C.2 ${name} never receives the ${sides.join(' or ')} Action cards bought (their hand), in any view, event, frame or answer`, () => {
      const bought = (side: string) => new Set(actions.filter((a) => a.type === 'buyCard' && isSide(side)(a)).map((a) => String(a.card)));
      const secretTypes = sides.length === 2 ? [...bought('allied'), ...bought('soviet')] : [...bought('allied')].filter((t) => !bought('soviet').has(t));
      expect(secretTypes.length).toBeGreaterThan(2);
      const needles = [...secretTypes.flatMap((t) => [`"type":"${t}"`, `orders ${t}`]), ...sides.flatMap((s) => [`"${s}:mediterranean#`, `"${s}:north-atlantic#`])];
      expect(leaks(who, needles).slice(0, 5)).toEqual([]);
      // The needles are right: Boris does receive his own cards so written.
      expect(chunks.some((c) => c.boris.includes('"type":"Torpedo"') && c.boris.includes('"soviet:mediterranean#'))).toBe(true);
      expect(borisPages.at(-1).view.zones[0].players.allied.cards).toBeUndefined();
    });

    it(`6.C.4 ${name} never receives a(n) ${sides.join(' or ')} commitment before both are revealed together, but sees it pending; after the reveal it is public`, () => {
      const problems: string[] = [];
      let checked = 0;
      for (const [i, a] of actions.entries()) {
        if (a.type !== 'commit' || !sides.some((s) => isSide(s)(a))) continue;
        const zone = String(a.seat).split(':')[1];
        const reveal = firstEventAction(i, (e) => e.type === 'reveal' && e.zone === zone);
        problems.push(...leaks(who, [JSON.stringify(a.ships)], i, reveal));
        if (reveal > i && chunks[reveal][who].includes(JSON.stringify(a.ships))) checked++; // public from the reveal on
      }
      expect(checked).toBeGreaterThanOrEqual(sides.length === 2 ? 6 : 5); // Ann commits first in turns 1 to 3 (Mediterranean, and North Atlantic in turn 1)
      expect(problems.slice(0, 5)).toEqual([]);
      // Boris's page after Ann's Mediterranean commitment of turn 1 (action #48): pending, not shown.
      const waiting = borisPages[48].view.zones.find((z: any) => z.id === 'mediterranean').players.allied;
      expect(waiting.hasCommitted).toBe(true);
      expect(waiting.commitment).toBeUndefined();
      expect(actions[48]).toMatchObject({ type: 'commit', seat: 'allied:mediterranean' });
      // After his own commitment both are revealed together.
      const shown = borisPages[49].view.zones.find((z: any) => z.id === 'mediterranean').players.allied;
      expect(shown.commitment.ships).toEqual(actions[48].ships);
    });

    it(`${name} never receives the secret face of a ${sides.join(' or ')} event (orders, costs, commitments, cards kept)`, () => {
      // Texts the referee reads that this viewer's own logs do not have (as JSON inside a string).
      const faces = new Set(logs[who].map((e) => e.text));
      const hidden = refLog.filter((e) => !faces.has(e.text)).map((e) => JSON.stringify(e.text).slice(1, -1));
      expect(hidden.length).toBeGreaterThan(20);
      expect(leaks(who, hidden).slice(0, 5)).toEqual([]);
    });

    it(`${name} never receives the dice seed before the end; after it the game page publishes it`, () => {
      expect(leaks(who, [seed], 0, chunks.length - 1)).toEqual([]);
      expect(borisPages.at(-1).game.seed).toBe(seed);
    });
  }

  it('export before the end: 403 for a player and a spectator; the referee gets the file without the seed', () => {
    expect(exportsBefore).toMatchObject({ boris: 403, sam: 403 });
    expect(exportsBefore!.referee.seed).toBeNull();
    expect(exportsBefore!.referee.log).toHaveLength(EXPORT_AT);
    expect(JSON.stringify(exportsBefore!.referee)).not.toContain(seed);
  });

  it('export after the end: everyone gets the file with the seed, and its dice check against the seed (verifyRecord, as wardroom verify)', async () => {
    for (const p of [game.soviet, game.spectator, game.referee]) {
      const r = await p.get(`/api/games/${game.id}/export`);
      expect(r.status).toBe(200);
      expect(r.headers['content-disposition']).toContain('attachment');
      expect(r.body.seed).toBe(seed);
      expect(r.body.log).toHaveLength(actions.length);
      expect(verifyRecord(cwnb, r.body as GameRecord, r.body.seed)).toMatchObject({ ok: true, problems: [] });
    }
  });

  it('Boris cannot read as an Allied seat, the Allied team or the referee (403), nor listen as one (closed 4403)', async () => {
    for (const as of ['allied:mediterranean', 'allied', 'referee']) {
      expect((await game.soviet.get(`/api/games/${game.id}?as=${as}`)).status).toBe(403);
      expect((await game.soviet.get(`/api/games/${game.id}/log?as=${as}`)).status).toBe(403);
    }
    const live = await game.soviet.live(game.id, { as: 'allied:mediterranean' });
    await expect(live.until(() => false, 3000)).rejects.toThrow(/4403/);
    expect(live.frames).toEqual([expect.objectContaining({ type: 'error', error: expect.objectContaining({ code: 'not-your-seat' }) })]);
  });
});

