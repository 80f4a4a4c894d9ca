/**
 * Issue 3: the random-play fuzzer with the optional rules. 300 seeded random CWNB campaigns, each
 * with a random set of optional rules (13.1 with a random agreed turn, 13.2 with the seed's table
 * and sometimes a zone table holding Long Battle, Priority and the rest, 13.3 with the DEMO charts,
 * 13.4, 13.5, 14.1), random War Zones (1–7, any order), random length, seeded or physical dice,
 * played with random legal choices. After every accepted action: Point Tracks never negative, no
 * Point Pool over-awarded, status columns 0..6, banked Victory Points never decrease, a ship in one
 * place only (one fleet, or sunk). Every game must finish (no dead end) and replay from its log to
 * the same state. A failure names the game seed and the action index.
 */
import { describe, expect, it } from 'vitest';
import { Chooser } from '../../src/engine/random-play.ts';
import { isRuleError } from '../../src/engine/errors.ts';
import { legalActions, waitingFor } from '../../src/engine/kernel.ts';
import { newGameRecord } from '../../src/engine/session.ts';
import { openSession } from '../support/cwnb-scenario.ts';
import type { Action } from '../../src/engine/module.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { ZONE_IDS, type ZoneId } from '../../src/modules/cwnb/data/types.ts';
import type { RawOptions } from '../../src/modules/cwnb/options.ts';
import type { CwnbState, ZoneState } from '../../src/modules/cwnb/state.ts';
import { MENU, conditionsTable, demoCharts, type Optional } from '../support/cwnb-optional-fixtures.ts';

const GAMES = 300;
const BATCH = 100;
const MAX_ACTIONS = 6000;

/** Weights that make games progress; the rare actions still happen (they are checked too). */
const WEIGHTS: Record<string, number> = {
  endBattleTurn: 10,
  donePurchasing: 3,
  buyShip: 3,
  commit: 3,
  rollTransferChart: 5,
  setAside: 3,
  teamNote: 0.05,
  assignSeat: 0.05,
  playAdditionalShip: 0.15,
  useKeptAdditionalShip: 0.5,
  declineStrike: 0.3,
  transferFlagOfficer: 0.3,
};

const CHARTS = demoCharts();

export function randomOptions(c: Chooser, seed: number): RawOptions {
  const zones = c.shuffle(ZONE_IDS).slice(0, c.chance(0.15) ? 7 : c.int(1, 3)) as ZoneId[];
  const optional: Optional = {};
  if (c.chance(0.5)) optional.variableEndTurn = { startTurn: c.pick([2, 3, 4] as const) };
  if (c.chance(0.6)) {
    optional.specialConditions = { tables: c.chance(0.4) ? { [c.pick(zones)]: conditionsTable(MENU, c.shuffle(MENU)) } : {} };
  }
  if (c.chance(0.4)) optional.transferLimitations = { charts: CHARTS as never };
  if (c.chance(0.5)) optional.flagOfficers = true;
  if (c.chance(0.5)) optional.frictionOfWar = true;
  if (c.chance(0.4)) optional.overallCommanders = true;
  return {
    zones,
    turns: c.chance(0.2) ? c.int(5, 9) : c.int(1, 3),
    dice: seed % 2 ? 'seeded' : 'physical',
    roster: 'demo',
    startingPoints: 'demo',
    optional,
  };
}

class FuzzFailure extends Error {}

interface Snapshot {
  banked: Map<string, number>;
}

/** Problems with a state, compared with the previous one; empty when all invariants hold. */
export function problems(state: CwnbState, prev: Snapshot): string[] {
  const out: string[] = [];
  const where = new Map<string, string>();
  for (const id of state.sunk) {
    if (where.has(id)) out.push(`${id} sunk twice`);
    where.set(id, 'sunk');
  }
  for (const z of Object.values(state.zones) as ZoneState[]) {
    if (!(z.status >= 0 && z.status <= 6)) out.push(`${z.id}: status ${z.status}`);
    const b = z.battle;
    if (b && b.pool !== null && b.poolAwarded.allied + b.poolAwarded.soviet > b.pool) out.push(`${z.id}: Pool ${b.pool} over-awarded (${JSON.stringify(b.poolAwarded)})`);
    if (b && b.pool !== null && b.shoreBombardment > b.pool) out.push(`${z.id}: shore bombardment over the Pool`);
    for (const side of ['allied', 'soviet'] as const) {
      const p = z.players[side];
      const key = `${side}:${z.id}`;
      if (p.track < 0) out.push(`${key}: Point Track ${p.track}`);
      const before = prev.banked.get(key) ?? 0;
      if (p.banked < before) out.push(`${key}: banked went down from ${before} to ${p.banked}`);
      prev.banked.set(key, p.banked);
      for (const id of Object.keys(p.fleet)) {
        if (where.has(id)) out.push(`${id} is in ${key} and in ${where.get(id)}`);
        where.set(id, key);
      }
    }
  }
  return out;
}



export interface FuzzReport {
  options: RawOptions;
  actions: number;
  refusals: number;
  counts: Record<string, number>;
}

export function playOptionsGame(seed: number): FuzzReport {
  const c = new Chooser(seed);
  const options = randomOptions(c, seed);
  const session = openSession(newGameRecord(cwnb.id, options, `fuzz-options-${seed}`));
  const fail = (what: string): never => {
    throw new FuzzFailure(`game seed ${seed}, action #${session.record.log.length}: ${what} (options ${JSON.stringify({ ...options, optional: Object.keys(options.optional ?? {}) })})`);
  };
  const snap: Snapshot = { banked: new Map() };
  const counts: Record<string, number> = {};
  let refusals = 0;
  let attempts = 0;
  while (!cwnb.isOver(session.state)) {
    if (session.record.log.length >= MAX_ACTIONS || ++attempts > MAX_ACTIONS * 4) fail('no result (the game does not progress)');
    const waiting = waitingFor(cwnb, session.state);
    if (!waiting.length) fail('dead end: nobody to act and the game is not over');
    const seats = cwnb.seats(session.state);
    const seat = c.chance(0.05) ? c.pick(seats) : c.pick(waiting);
    const specs = legalActions(cwnb, session.state, seat);
    if (!specs.length) {
      if (waiting.includes(seat)) fail(`${seat} is waited for but has no legal action`);
      continue;
    }
    const action: Action = c.action(seat, specs, (t) => WEIGHTS[t] ?? 1);
    // A Special Conditions roll of 1–4 is entered as one die (13.2).
    if (Array.isArray(action.values) && (action.type === 'rollSpecialConditions' || action.use === 'reroll-conditions') && (action.values[0] as number) <= 4) {
      action.values = action.values.slice(0, 1);
    }
    let r;
    try {
      r = session.submit(action);
    } catch (e) {
      fail(`${JSON.stringify(action)} threw ${(e as Error)?.stack ?? e}`);
    }
    if (isRuleError(r)) {
      refusals++;
      continue;
    }
    counts[action.type] = (counts[action.type] ?? 0) + 1;
    const bad = problems(session.state, snap);
    if (bad.length) fail(`after ${JSON.stringify(action)}: ${bad.join('; ')}`);
  }
  if (!session.state.result) fail('over without a result');
  const again = openSession(JSON.parse(JSON.stringify(session.record)));
  if (JSON.stringify(again.state) !== JSON.stringify(session.state)) fail('replaying the log does not reproduce the state');
  return { options, actions: session.record.log.length, refusals, counts };
}

const tally = { games: 0, actions: 0, options: {} as Record<string, number>, types: {} as Record<string, number>, zones: new Set<number>(), dice: new Set<string>() };

describe('CWNB fuzzer with random optional rules (issue 3)', () => {
  for (let from = 1; from <= GAMES; from += BATCH) {
    const to = Math.min(from + BATCH - 1, GAMES);
    it(`games with seeds ${from}–${to} finish; invariants after every action; replay reproduces the state`, () => {
      const failures: string[] = [];
      for (let seed = from; seed <= to; seed++) {
        try {
          const r = playOptionsGame(seed);
          tally.games++;
          tally.actions += r.actions;
          tally.zones.add(r.options.zones.length);
          tally.dice.add(r.options.dice!);
          for (const k of Object.keys(r.options.optional ?? {})) tally.options[k] = (tally.options[k] ?? 0) + 1;
          for (const [k, v] of Object.entries(r.counts)) tally.types[k] = (tally.types[k] ?? 0) + v;
        } catch (e) {
          failures.push(e instanceof FuzzFailure ? e.message : `game seed ${seed}: ${(e as Error)?.stack ?? e}`);
        }
      }
      expect(failures.slice(0, 5)).toEqual([]);
    });
  }

  it('covered every optional rule and its actions', () => {
    expect(tally.games).toBe(GAMES);
    for (const k of ['variableEndTurn', 'specialConditions', 'transferLimitations', 'flagOfficers', 'frictionOfWar', 'overallCommanders']) {
      expect(tally.options[k] ?? 0, k).toBeGreaterThan(GAMES / 5);
    }
    expect(tally.zones.has(7)).toBe(true);
    expect([...tally.dice].sort()).toEqual(['physical', 'seeded']);
    for (const type of ['rollEndTurn', 'rollSpecialConditions', 'portStrike', 'rollTransferChart', 'transferFlagOfficer', 'playAdditionalShip', 'useKeptAdditionalShip', 'teamNote', 'assignSeat', 'transferShip', 'transferCard']) {
      expect(tally.types[type] ?? 0, `accepted ${type} actions`).toBeGreaterThan(0);
    }
    console.log(`fuzz-options: ${tally.games} games, ${tally.actions} actions; options ${JSON.stringify(tally.options)}; actions ${JSON.stringify(tally.types)}`);
  });

  it('the invariant checks are not vacuous', () => {
    const c = new Chooser(5);
    const s = openSession(newGameRecord(cwnb.id, { ...randomOptions(c, 5), zones: ['persian-gulf', 'north-sea'] }, 'x'));
    const state = s.state;
    const z = state.zones['persian-gulf']!;
    const bad: CwnbState = {
      ...state,
      sunk: ['kirov'],
      zones: {
        ...state.zones,
        'persian-gulf': { ...z, status: 7, players: { ...z.players, allied: { ...z.players.allied, track: -1, banked: -3, fleet: { kirov: {} as never } } } },
      },
    };
    const text = problems(bad, { banked: new Map([['allied:persian-gulf', 0]]) }).join('\n');
    expect(text).toContain('status 7');
    expect(text).toContain('Point Track -1');
    expect(text).toContain('banked went down');
    expect(text).toContain('kirov is in allied:persian-gulf and in sunk');
  });
});
