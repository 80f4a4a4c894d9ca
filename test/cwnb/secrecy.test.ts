/**
 * Secrets are kept in the events as well as in the views (issue 7 §1).
 *
 * 1. Non-interference. Wherever a fuzzed game has a team make a secret choice (an Action card
 *    bought, a ship ordered, a card transferred or set aside, a team note, a commitment), a second
 *    world makes a different choice at the same point and then replays the rest of the game. Until
 *    the rules reveal that choice (purchases carried out, commitments revealed), every viewer
 *    outside the team (the other team's seats, the other team, a spectator) must receive exactly
 *    the same views and events in both worlds. A difference is a secret that reached them.
 * 2. Needles. On every state of every game, no viewer outside a team receives the dice seed or
 *    that team's note texts, in a view or in an event.
 */
import { describe, expect, it } from 'vitest';
import { legalActions } from '../../src/engine/kernel.ts';
import type { Action, ActionSpec, FieldSpec } from '../../src/engine/module.ts';
import { REFEREE } from '../../src/engine/viewer.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import type { Side } from '../../src/modules/cwnb/data/types.ts';
import type { CwnbState } from '../../src/modules/cwnb/state.ts';
import { parseSeat } from '../../src/modules/cwnb/state.ts';
import type { Session } from '../../src/engine/session.ts';
import { playRandomGame } from '../support/cwnb-random-game.ts';
import { delivered, outsiders, teamOfViewer, viewerName, viewersOf, World } from '../support/secrecy.ts';

/** How long a difference must stay invisible: until purchases are carried out, until the zone's reveal, or for good. */
type Horizon = 'purchases' | 'reveal' | 'never';

interface Alternative {
  action: Action;
  horizon: Horizon;
  what: string;
}

const spec = (state: CwnbState, seat: string, type: string): ActionSpec | undefined => legalActions(cwnb, state, seat).find((s) => s.type === type);
const options = (f: FieldSpec | undefined) => (f && (f.kind === 'choice' || f.kind === 'subset') ? f.options : []);

function teamOfAction(state: CwnbState, a: Action): Side | null {
  return (parseSeat(String(a.for ?? a.seat))?.side ?? cwnb.teamOf(state, a.seat)) as Side | null;
}

/** The order's cost as the acting team sees it (to tell same-cost alternatives from the others). */
function orderCost(w: World, a: Action): number | undefined {
  const p = parseSeat(String(a.for ?? a.seat));
  if (!p) return undefined;
  const v = cwnb.view(w.state, REFEREE) as { zones: { id: string; players: Record<Side, { order?: { cost: number } }> }[] };
  return v.zones.find((z) => z.id === p.zone)?.players[p.side].order?.cost;
}

/** Other secret choices the same seat could have made instead of `a`. */
function alternatives(state: CwnbState, a: Action): Omit<Alternative, 'horizon'>[] {
  const seat = String(a.for ?? a.seat);
  const out: Omit<Alternative, 'horizon'>[] = [];
  const s = spec(state, seat, a.type) ?? spec(state, a.seat, a.type);
  switch (a.type) {
    case 'buyCard':
      for (const o of options(s?.fields?.card)) if (o.value !== a.card) out.push({ action: { ...a, card: o.value, value: a.value }, what: `card ${String(o.value)} instead of ${String(a.card)}` });
      break;
    case 'buyShip':
      for (const o of options(s?.fields?.ship)) if (o.value !== a.ship) out.push({ action: { ...a, ship: o.value }, what: `ship ${String(o.value)} instead of ${String(a.ship)}` });
      break;
    case 'transferCard':
      for (const o of options(s?.fields?.card)) if (o.value !== a.card) out.push({ action: { ...a, card: o.value }, what: `card ${o.label} instead of #${String(a.card)}` });
      break;
    case 'setAside':
      if (typeof a.card === 'string' && a.card !== 'Additional Ship') {
        for (const o of options(s?.fields?.card)) if (o.value !== a.card && o.value !== 'Additional Ship') out.push({ action: { ...a, card: o.value }, what: `keeps ${String(o.value)} instead of ${a.card}` });
      }
      break;
    case 'teamNote':
      out.push({ action: { ...a, text: `${String(a.text)} (other world)` }, what: 'another note' });
      break;
    case 'commit': {
      const ships = a.ships as string[];
      for (const o of options(s?.fields?.ships)) {
        const id = String(o.value);
        const other = ships.includes(id) ? ships.filter((x) => x !== id) : [...ships, id];
        out.push({ action: { ...a, ships: other }, what: `commits ${other.join(',') || 'none'} instead of ${ships.join(',') || 'none'}` });
      }
      break;
    }
  }
  return out;
}

/** Has the secret of a choice made in `zone` been revealed by this step's events? */
function revealed(horizon: Horizon, zone: string | undefined, events: readonly { type: string; zone?: unknown }[]): boolean {
  if (horizon === 'never') return false;
  // Orders are carried out (and the ships bought shown) when every player has finished ordering.
  if (horizon === 'purchases') return events.some((e) => e.type === 'purchase' || e.type === 'purchase-refused' || (e.type === 'reveal' && e.zone === undefined));
  return events.some((e) => e.type === 'reveal' && e.zone === zone);
}

/**
 * Play world A (the game as logged) and world B (the alternative at `index`, then the same log)
 * side by side; return the first observation that differs for a viewer outside the acting team.
 */
function interference(base: World, log: readonly Action[], index: number, alt: Alternative, maxSteps: number): string | null {
  const a = base.clone();
  const b = base.clone();
  const team = teamOfAction(base.state, log[index])!;
  const zone = parseSeat(String(log[index].for ?? log[index].seat))?.zone;
  const watchers = outsiders(base.state, team);
  if (!a.step(log[index]) || !b.step(alt.action)) return null;
  for (let i = index, n = 0; i < log.length && n < maxSteps; n++) {
    if (revealed(alt.horizon, zone, a.lastEvents())) return null;
    for (const v of watchers) {
      const oa = a.observe(v);
      const ob = b.observe(v);
      if (oa !== ob) return `${viewerName(v)} can tell "${alt.what}" (action #${index} ${log[index].type} by ${log[index].seat}) at action #${i}:\n    A: ${diff(oa, ob)}\n    B: ${diff(ob, oa)}`;
    }
    i++;
    if (i >= log.length || !a.step(log[i]) || !b.step(log[i])) return null;
  }
  return null;
}

function diff(x: string, y: string): string {
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  return x.slice(Math.max(0, i - 60), i + 80);
}

const SECRET_TYPES = new Set(['buyCard', 'buyShip', 'transferCard', 'setAside', 'teamNote', 'commit']);
/** Random play that makes more secret choices than usual: more cards bought and passed around, more notes. */
const SECRET_WEIGHTS = { buyCard: 3, transferCard: 4, teamNote: 0.6 };

/** Every secret choice of a game, with up to two alternatives each, checked for interference. */
function gameInterference(seed: number, config: Parameters<typeof playRandomGame>[1], checkedByType: Record<string, number>): { checked: number; problems: string[] } {
  const report = playRandomGame(seed, { probeChance: 0, undoChance: 0, checkInvariants: false, checkReplay: false, ...config });
  const log = report.record.log;
  const w = new World({ ...report.record, log: [] });
  const problems: string[] = [];
  let checked = 0;
  for (let i = 0; i < log.length && problems.length === 0; i++) {
    if (SECRET_TYPES.has(log[i].type)) {
      const tried = alternatives(w.state, log[i]).slice(0, 2);
      for (const alt of tried) {
        let horizon: Horizon = log[i].type === 'commit' ? 'reveal' : log[i].type === 'buyShip' ? 'purchases' : 'never';
        if (log[i].type === 'buyCard') {
          // A card of another price changes what the order costs: secret until the purchases are carried out.
          const wa = w.clone();
          const wb = w.clone();
          if (wa.step(log[i]) && wb.step(alt.action) && orderCost(wa, log[i]) !== orderCost(wb, alt.action)) horizon = 'purchases';
        }
        const problem = interference(w, log, i, { ...alt, horizon }, 120);
        checked++;
        checkedByType[log[i].type] = (checkedByType[log[i].type] ?? 0) + 1;
        if (problem) problems.push(`game seed ${seed}: ${problem}`);
      }
    }
    if (!w.step(log[i])) throw new Error(`game seed ${seed}: the logged action #${i} does not replay`);
  }
  return { checked, problems };
}

describe('issue 7 §1: no secret choice of one team changes what the other team or a spectator receives (views and events)', () => {
  for (const [from, count, config] of [
    [970_001, 12, { limits: { zones: 2, turns: 2 }, weights: SECRET_WEIGHTS }],
    [971_001, 12, { limits: { zones: 3, turns: 2 }, optionalRules: 'random', weights: SECRET_WEIGHTS }],
  ] as const) {
    it(`${count} fuzzed games from seed ${from}${'optionalRules' in config ? ' with random optional rules' : ''}`, () => {
      const problems: string[] = [];
      const byType: Record<string, number> = {};
      let checked = 0;
      for (let seed = from; seed < from + count; seed++) {
        const r = gameInterference(seed, config, byType);
        checked += r.checked;
        problems.push(...r.problems);
      }
      expect(problems.slice(0, 4)).toEqual([]);
      // Every kind of secret choice was tried with alternatives.
      for (const type of SECRET_TYPES) expect(byType[type] ?? 0, `${type} alternatives checked`).toBeGreaterThan(4);
      expect(checked).toBeGreaterThan(100);
    });
  }
});

describe('issue 7 §1: the dice seed and team notes reach no viewer outside the team, on every state', () => {
  it('30 fuzzed games, base and optional rules: every view and every delivered event', () => {
    const problems: string[] = [];
    let notes = 0;
    for (let seed = 972_001; seed <= 972_030; seed++) {
      const report = playRandomGame(seed, { probeChance: 0, undoChance: 0, checkInvariants: false, checkReplay: false, limits: { zones: 3, turns: 2 }, optionalRules: seed % 2 ? 'random' : 'none' });
      const diceSeed = report.record.seed!;
      const w = new World({ ...report.record, log: [] });
      const secrets: { side: Side; text: string }[] = [];
      for (const action of report.record.log) {
        if (action.type === 'teamNote') secrets.push({ side: teamOfAction(w.state, action)!, text: String(action.text).trim() });
        w.step(action);
        for (const viewer of viewersOf(w.state)) {
          const got = JSON.stringify({ view: cwnb.view(w.state, viewer), events: delivered(w.state, w.lastEvents(), viewer) });
          if (got.includes(diceSeed)) problems.push(`seed ${seed}: ${viewerName(viewer)} receives the dice seed`);
          const team = teamOfViewer(w.state, viewer);
          for (const s of secrets) if (team !== s.side && team !== 'both' && got.includes(s.text)) problems.push(`seed ${seed}: ${viewerName(viewer)} receives the ${s.side} note "${s.text}"`);
        }
      }
      notes += secrets.length;
    }
    expect(problems.slice(0, 4)).toEqual([]);
    expect(notes).toBeGreaterThan(5);
  });
});

describe('issue 7 §4 with §1: undos and rewinds tell each team only its own actions', () => {
  it('30 fuzzed games with frequent undos and rewinds, base and optional rules: no text meant for one team reaches a viewer outside it', () => {
    let takeBacks = 0;
    let secretTexts = 0;
    const problems: string[] = [];
    for (let seed = 973_001; seed <= 973_030; seed++) {
      let session!: Session<CwnbState>;
      playRandomGame(seed, { limits: { zones: 3, turns: 2 }, undoChance: 0.1, maxUndos: 10, rewindChance: 0.05, maxRewinds: 6, probeChance: 0, checkReplay: false, optionalRules: seed % 2 ? 'random' : 'none', weights: SECRET_WEIGHTS, onState: (_s, live) => (session = live) });
      const { state, events } = session;
      takeBacks += session.record.log.filter((e) => e.type.startsWith('@')).length;
      // Every text addressed to one team: a private event's, or an event's secret face.
      const secrets: { side: Side; text: string }[] = [];
      for (const e of events) {
        if (typeof e.to === 'object' && 'team' in e.to) secrets.push({ side: e.to.team as Side, text: e.text });
        // A secret face that says no more than the public one (purchases carried out without cards) is no secret.
        if (e.secret && e.secret.text !== e.text && typeof e.secret.to === 'object' && 'team' in e.secret.to) secrets.push({ side: e.secret.to.team as Side, text: e.secret.text });
      }
      secretTexts += secrets.length;
      for (const viewer of viewersOf(state)) {
        const team = teamOfViewer(state, viewer);
        if (team === 'both') continue;
        const got = JSON.stringify(session.eventsFor(viewer));
        for (const s of secrets) if (s.side !== team && got.includes(JSON.stringify(s.text).slice(1, -1))) problems.push(`seed ${seed}: ${viewerName(viewer)} receives the ${s.side} text "${s.text}"`);
      }
    }
    expect(problems.slice(0, 4)).toEqual([]);
    expect(takeBacks).toBeGreaterThan(60);
    expect(secretTexts).toBeGreaterThan(300);
  });
});
