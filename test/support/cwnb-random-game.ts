/**
 * A seeded random-play driver for the CWNB Campaign module, shared by the fuzz tests, the
 * views test, `scripts/fuzz.ts` and the benchmarks.
 *
 * One integer seed fixes everything: the game options (zones, length, dice), the game's dice
 * seed, every choice of seat and action, the illegal probes and the undos. A failure is thrown
 * as a `FuzzFailure` naming the seed and the index of the action in the log where it happened,
 * so `playRandomGame(seed, sameConfig)` reproduces it exactly.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { seededDice } from '../../src/engine/dice.ts';
import { isRuleError } from '../../src/engine/errors.ts';
import { applyAction, checkFields, legalActions, offeredTypes, waitingFor, waitsOn } from '../../src/engine/kernel.ts';
import type { Action, ActionDef, EventInput as GameEvent, Fields, FieldSpec } from '../../src/engine/module.ts';
import { Chooser } from '../../src/engine/random-play.ts';
import { newGameRecord, type GameRecord, type Session } from '../../src/engine/session.ts';
import { ACTION_CARDS, actionCardType, ZONE_IDS, zoneById, type Side } from '../../src/modules/cwnb/data/index.ts';
import { hooksOf } from '../../src/modules/cwnb/hooks.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import type { RawOptions } from '../../src/modules/cwnb/options.ts';
import { requireTerms, shipCard } from '../../src/modules/cwnb/rules/common.ts';
import { NON_COMBATANT_CARDS } from '../../src/modules/cwnb/rules/non-combatants.ts';
import { MAX_TURNS } from '../../src/modules/cwnb/state.ts';
import type { CwnbOptions, CwnbState, ZoneState } from '../../src/modules/cwnb/state.ts';
import { parseSeat, seatOf } from '../../src/modules/cwnb/state.ts';
import { checkPoints, gameSteps } from './cwnb-points-oracle.ts';
import { codeOf } from './kernel.ts';
import { openSession } from './cwnb-scenario.ts';

export type Dice = 'seeded' | 'physical';

export interface PlayConfig {
  /** Fixed game options; by default they are drawn from the seed (`randomOptions`). */
  options?: Partial<Pick<RawOptions, 'zones' | 'turns' | 'dice'>>;
  /** Upper limits on the random number of zones and turns. */
  limits?: { zones?: number; turns?: number };
  /**
   * 'random': also switch on a random selection of the optional rules (13.1–13.5, 14.1). The
   * suite fuzzes the base campaign (issue 2); this mode is for `scripts/fuzz.ts --optional`.
   */
  optionalRules?: 'none' | 'random';
  /** Check every invariant after every action (and the start state). Default true. */
  checkInvariants?: boolean;
  /** Chance per step of trying a few random illegal actions first. Default 0.1. */
  probeChance?: number;
  /** Chance per step of a seat taking back some of its own last actions (at most `maxUndos` per game). Default 0.01. */
  undoChance?: number;
  maxUndos?: number;
  /**
   * Chance per step of a rewind by agreement of one War Zone to a recent point (at most
   * `maxRewinds` per game): agreed by the referee or by both seats of the zone. Default 0.
   */
  rewindChance?: number;
  maxRewinds?: number;
  /** Chance that an action is built by the plain engine Chooser from the specs (often refused) instead of the smart builder. Default 0.1. */
  rawChance?: number;
  /** Replay the log at the end (from its JSON form) and compare states. Default true. */
  checkReplay?: boolean;
  /** Check every points event of the finished game against the mission-points oracle (cwnb-points-oracle.ts). Default true. */
  checkPoints?: boolean;
  /** Give up (a failure) after this many accepted actions. Default 20,000. */
  maxActions?: number;
  /** Give up after this many refusals in a row (a dead end in practice). Default 200. */
  maxRefusalsInARow?: number;
  /**
   * Deep-freeze every state the game passes through, so a rule that changes an earlier state in
   * place (instead of a copy) throws at once. Default true.
   */
  freeze?: boolean;
  /** Weights of action types for the random choices, over the defaults (BASE_WEIGHTS). */
  weights?: Record<string, number>;
  /** Called with the start state and after every accepted action (and undo). */
  onState?: (state: CwnbState, session: Session<CwnbState>) => void;
}

export interface GameReport {
  seed: number;
  options: RawOptions;
  record: GameRecord;
  state: CwnbState;
  actions: number;
  refusals: number;
  probes: number;
  undos: number;
  undoRefusals: number;
  rewinds: number;
  rewindRefusals: number;
  counts: Record<string, number>;
}

export class FuzzFailure extends Error {
  constructor(
    readonly seed: number,
    /** Index in the game's action log where the failure happened (the action about to be appended). */
    readonly actionIndex: number,
    readonly problem: string,
    readonly action?: unknown,
    readonly options?: RawOptions,
    /** The game up to (not including) the failing action: a game file that replays to the state where it failed. */
    readonly record?: GameRecord,
  ) {
    super(
      `game seed ${seed}, action #${actionIndex}: ${problem}` +
        (action !== undefined ? `\n  action: ${safeJson(action)}` : '') +
        (options ? `\n  options: ${safeJson({ zones: options.zones, turns: options.turns, dice: options.dice })}` : ''),
    );
  }
}

function safeJson(x: unknown): string {
  try {
    return JSON.stringify(x, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v === undefined ? '<undefined>' : v));
  } catch {
    return String(x);
  }
}

// ---------------------------------------------------------------------------------------------
// Options

const ZONE_COUNT_WEIGHTS: Record<number, number> = { 1: 40, 2: 34, 3: 13, 4: 5, 5: 3, 6: 2.5, 7: 2.5 };
const TURN_WEIGHTS: Record<number, number> = { 1: 24, 2: 24, 3: 18, 4: 11, 5: 8, 6: 5, 7: 4, 8: 3, 9: 3 };

/** Random game options: mostly 1–3 zones and short games, sometimes up to 7 zones and 9 turns. */
export function randomOptions(ch: Chooser, fixed: PlayConfig['options'] = {}, limits: PlayConfig['limits'] = {}): RawOptions {
  const n = ch.weighted([1, 2, 3, 4, 5, 6, 7].slice(0, limits.zones ?? 7), (k) => ZONE_COUNT_WEIGHTS[k]);
  let turns = ch.weighted([1, 2, 3, 4, 5, 6, 7, 8, 9].slice(0, limits.turns ?? 9), (k) => TURN_WEIGHTS[k]);
  // Keep the biggest games rare: seven zones for nine turns is ~2,000 actions.
  if (n >= 5 && turns > 5 && ch.chance(0.6)) turns = ch.int(1, 5);
  const zones = ch.shuffle(ZONE_IDS).slice(0, n);
  const dice: Dice = ch.chance(0.7) ? 'seeded' : 'physical';
  return { zones: fixed.zones ?? zones, turns: fixed.turns ?? turns, dice: fixed.dice ?? dice, roster: 'demo', startingPoints: 'demo' };
}

let demoCharts: unknown | null | undefined;
/** The demo 13.3 transfer charts of examples/cwnb/optional (the rulebook text lacks the real ones), or null. */
function transferCharts(): unknown | null {
  if (demoCharts === undefined) {
    try {
      const url = new URL('../../examples/cwnb/optional/seven-zone-all-options.json', import.meta.url);
      demoCharts = (JSON.parse(readFileSync(url, 'utf8')) as { options: { optional: { transferLimitations?: unknown } } }).options.optional.transferLimitations ?? null;
    } catch {
      demoCharts = null;
    }
  }
  return demoCharts;
}

/** A random selection of the optional rules (13, 14). */
export function randomOptionalRules(ch: Chooser): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  if (ch.chance(0.4)) o.variableEndTurn = { startTurn: ch.pick([2, 3, 4]) };
  if (ch.chance(0.4)) o.specialConditions = {};
  const charts = transferCharts();
  if (charts && ch.chance(0.3)) o.transferLimitations = charts;
  if (ch.chance(0.5)) o.flagOfficers = true;
  if (ch.chance(0.5)) o.frictionOfWar = true;
  if (ch.chance(0.4)) o.overallCommanders = true;
  return o;
}

/** The game's secret dice seed, derived from the fuzz seed: long and distinctive, so a leak is easy to find. */
export function diceSeedFor(seed: number): string {
  const ch = chooserFor(seed ^ 0x5eed);
  let hex = '';
  for (let i = 0; i < 8; i++) hex += ch.int(0, 0xffff).toString(16).padStart(4, '0');
  return `fuzz-${hex}`;
}

/**
 * A 32-bit hash of the fuzz seed (murmur3's finalizer). xoroshiro128+ seeded with nearby small
 * integers gives nearly the same first outputs (seeds 1, 2, 3 all start near 45 of 0..99), which
 * made seeds 1..2000 almost all one-zone games; hashing the seed first decorrelates them.
 */
export function mixSeed(seed: number): number {
  let h = seed | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** A Chooser for this fuzz seed (decorrelated, see `mixSeed`). */
export function chooserFor(seed: number): Chooser {
  const ch = new Chooser(mixSeed(seed));
  for (let i = 0; i < 4; i++) ch.int(0, 1);
  return ch;
}

export function newRandomSession(
  seed: number,
  fixed?: PlayConfig['options'],
  limits?: PlayConfig['limits'],
  optionalRules: PlayConfig['optionalRules'] = 'none',
): { session: Session<CwnbState>; options: RawOptions; ch: Chooser } {
  const ch = chooserFor(seed);
  const options = randomOptions(ch, fixed, limits);
  if (optionalRules === 'random') (options as Record<string, unknown>).optional = randomOptionalRules(ch);
  const session = openSession(newGameRecord(cwnb.id, options, diceSeedFor(seed)));
  return { session, options, ch };
}

// ---------------------------------------------------------------------------------------------
// Smart random actions: legal far more often than the plain Chooser, so games progress

const BASE_WEIGHTS: Record<string, number> = {
  rollMission: 1,
  declineStrike: 0.08,
  buyShip: 3,
  buyCard: 1.5,
  donePurchasing: 1,
  restartOrder: 0.05,
  transferShip: 0.25,
  transferCard: 0.2,
  commit: 2,
  dealNonCombatants: 1,
  sink: 0.6,
  damage: 1,
  cripple: 0.25,
  criticalDamage: 0.25,
  submarine: 0.3,
  retreat: 0.12,
  landAttack: 0.6,
  endBattleTurn: 2.8,
  setAside: 1,
  teamNote: 0.04,
  // Optional rules (only offered when chosen): keep the jokers and seat moves occasional.
  playAdditionalShip: 0.1,
  useKeptAdditionalShip: 0.3,
  transferFlagOfficer: 0.2,
  assignSeat: 0.1,
};

/** Action types of the base campaign (teamNote aside, which every seat of a multi-zone game has). */
const BASE_TYPES = Object.keys(BASE_WEIGHTS).filter((t) => t !== 'teamNote' && !['playAdditionalShip', 'useKeptAdditionalShip', 'transferFlagOfficer', 'assignSeat'].includes(t));

/** Action types of the optional rules (13, 14): refused in a game without them. */
const OPTIONAL_TYPES = [
  'rollEndTurn',
  'rollSpecialConditions',
  'portStrike',
  'rollTransferChart',
  'transferFlagOfficer',
  'playAdditionalShip',
  'useKeptAdditionalShip',
  'assignSeat',
];

function weightFor(state: CwnbState, z: ZoneState, side: Side, type: string, specs: readonly { type: string }[], weights?: Record<string, number>): number {
  const w = weights?.[type] ?? BASE_WEIGHTS[type] ?? 1;
  const me = z.players[side];
  if (type === 'donePurchasing') return w + 0.8 * (me.order.ships.length + me.order.cards.length);
  // Strike and Invasion players attack Land Targets more often, so Point Pools fill up and get capped.
  if (type === 'landAttack' && z.mission && ['Carrier Strike', 'Submarine Strike', 'Invasion'].includes(z.mission.cell[side])) return 2;
  if (type === 'declineStrike' && specs.some((s) => s.type === 'commit')) {
    // A Strike player who cannot meet the requirement should decline rather than loop.
    const t = requireTerms(z);
    const need = t.sides[side].requires;
    if (need) {
      const has = Object.keys(me.fleet).some((id) => shipCard(state, id)!.kind === need);
      if (!has) return 5;
    }
  }
  return w;
}

function pickOption<T extends string | number>(ch: Chooser, f: FieldSpec | undefined): T | undefined {
  if (!f || f.kind !== 'choice' || f.options.length === 0) return undefined;
  return ch.pick(f.options).value as T;
}

/**
 * A random action for the War Zone seat `seat` that is usually legal: the type is picked among the
 * definitions offered to it, and only the chosen one's form is computed.
 */
export function smartAction(ch: Chooser, state: CwnbState, seat: string, offered: readonly ActionDef<CwnbState>[], weights?: Record<string, number>): Action {
  const p = parseSeat(seat)!;
  const z = state.zones[p.zone]!;
  const side = p.side;
  const def = ch.weighted(offered, (d) => weightFor(state, z, side, d.type, offered, weights));
  const f: Fields = def.fields?.(state, seat) ?? {};
  const a: Action = { type: def.type, seat };
  switch (def.type) {
    case 'rollMission':
      if (f.values) a.values = ch.field(f.values);
      break;
    case 'buyShip':
      a.ship = pickOption(ch, f.ship);
      break;
    case 'buyCard': {
      const card = pickOption<string>(ch, f.card);
      if (card === undefined) return { type: 'donePurchasing', seat };
      a.card = card;
      const t = actionCardType(card)!;
      if (t.costs === 'half-value') {
        const vf = (f.card as Extract<FieldSpec, { kind: 'choice' }>).options.find((o) => o.value === card)!.fields!.value as Extract<FieldSpec, { kind: 'int' }>;
        a.value = ch.int(1, Math.max(1, Math.min(vf.max, 12)));
      }
      break;
    }
    case 'transferShip':
    case 'transferCard':
      a[def.type === 'transferShip' ? 'ship' : 'card'] = pickOption(ch, def.type === 'transferShip' ? f.ship : f.card);
      a.to = pickOption(ch, f.to);
      break;
    case 'commit': {
      const sf = f.ships as Extract<FieldSpec, { kind: 'subset' }>;
      const need = requireTerms(z).sides[side].requires;
      const opts = ch.shuffle(sf.options.map((o) => String(o.value)));
      // Usually commit most of the fleet; sometimes few or none.
      const n = ch.chance(0.15) ? ch.int(sf.min, sf.max) : sf.max;
      let ships = opts.slice(0, n);
      if (need && !ships.some((id) => shipCard(state, id)!.kind === need)) {
        const req = opts.find((id) => shipCard(state, id)!.kind === need);
        if (req && ch.chance(0.95)) ships = [req, ...ships.filter((id) => id !== req)].slice(0, Math.max(1, n));
      }
      a.ships = ships;
      if (f.areaDefense && ch.chance(0.3)) a.areaDefense = ch.int(0, (f.areaDefense as Extract<FieldSpec, { kind: 'int' }>).max);
      break;
    }
    case 'dealNonCombatants':
      if (f.cards) {
        const sf = f.cards as Extract<FieldSpec, { kind: 'subset' }>;
        a.cards = ch.shuffle(sf.options).slice(0, sf.min).map((o) => o.value);
      }
      break;
    case 'sink':
      a.ship = pickOption(ch, f.ship);
      if (ch.chance(0.3)) a.cause = 'torpedo';
      break;
    case 'damage': {
      const id = pickOption<string>(ch, f.ship)!;
      a.ship = id;
      const current = unitDamage(z, id);
      a.amount = current > 0 && ch.chance(0.2) ? -ch.int(1, current) : ch.int(1, 6);
      break;
    }
    case 'cripple':
    case 'criticalDamage':
      a.ship = pickOption(ch, f.ship);
      a.value = ch.chance(0.8);
      break;
    case 'submarine':
      a.ship = pickOption(ch, f.ship);
      a.mode = ch.chance(0.6) ? 'passive' : 'active';
      break;
    case 'landAttack': {
      const attack = ch.pick(['carrier-air-strike', 'submarine-missile', 'gun'] as const);
      a.attack = attack;
      if (attack === 'carrier-air-strike') a.success = ch.chance(0.6);
      else a.damage = ch.chance(0.7) ? ch.int(0, 12) : ch.int(10, 20);
      if (ch.chance(0.2)) a.surprise = true;
      break;
    }
    case 'setAside':
      if (ch.chance(0.7)) {
        const t = ch.pick(ACTION_CARDS.cards);
        const value = t.costs === 'half-value' ? ch.int(1, 12) : undefined;
        // 7.2.1 no card on the last turn, where the form has none (drawn all the same, so each seed plays the game it did).
        if (f.card) Object.assign(a, { card: t.type }, value === undefined ? {} : { value });
      }
      break;
    case 'teamNote':
      // A distinctive text, so the views test can look for it in the other team's views.
      a.text = `team-note ${seat} #${state.dice.counter}-${ch.int(0, 1e6)}`;
      break;
    default:
      // declineStrike, donePurchasing, retreat, endBattleTurn: no fields; anything newer: random fields.
      ch.fill(f, a);
      break;
  }
  return a;
}

/** A random action for any seat (an Overall Commander's forms are filled at random). */
function randomAction(ch: Chooser, state: CwnbState, seat: string, rawChance: number, weights?: Record<string, number>): Action | null {
  const offered = offeredTypes(cwnb, state, seat);
  if (!offered.length) return null;
  if (!parseSeat(seat) || ch.chance(rawChance)) return ch.action(seat, legalActions(cwnb, state, seat), (t) => weights?.[t] ?? BASE_WEIGHTS[t] ?? 1);
  return smartAction(ch, state, seat, offered, weights);
}

function unitDamage(z: ZoneState, id: string): number {
  for (const s of ['allied', 'soviet'] as const) {
    const ship = z.players[s].fleet[id];
    if (ship) return ship.damage;
  }
  return z.battle?.nonCombatants.find((n) => n.id === id)?.damage ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Invariants

/** Every invariant of a CWNB state, and of the step from `prev` (if given). Returns the problems. */
export function invariantProblems(state: CwnbState, prev?: CwnbState): string[] {
  const problems: string[] = [];
  const bad = (s: string) => problems.push(s);
  // 13.1 Variable End Turn replaces the agreed length (never past 9).
  const lastTurn = variableEndTurn(state) ? MAX_TURNS : Math.min(MAX_TURNS, state.options.turns);
  if (!Number.isInteger(state.turn) || state.turn < 1 || state.turn > lastTurn) {
    bad(`turn ${state.turn} outside 1..min(9, ${state.options.turns})`);
  }
  if (prev && state.turn < prev.turn) bad(`turn went back from ${prev.turn} to ${state.turn}`);
  if (prev && state.dice.counter < prev.dice.counter) bad(`dice counter went back from ${prev.dice.counter} to ${state.dice.counter}`);
  if (prev) {
    // Sunk ships never return (6.C.2).
    const sunkNow = new Set(state.sunk);
    for (const id of prev.sunk) if (!sunkNow.has(id)) bad(`sunk ship ${id} came back`);
  }
  const seen = new Map<string, string>();
  const place = (id: string, where: string) => {
    const before = seen.get(id);
    if (before) bad(`ship ${id} is in two places: ${before} and ${where}`);
    seen.set(id, where);
  };
  for (const id of state.sunk) place(id, 'sunk');
  const dealt: number[] = [];
  for (const zid of state.options.zones) {
    const z = state.zones[zid];
    if (!z) {
      bad(`zone ${zid} missing`);
      continue;
    }
    if (!Number.isInteger(z.status) || z.status < 0 || z.status > 6) bad(`${zid}: status column ${z.status} outside 0..6`);
    const pz = prev?.zones[zid];
    // One action moves the marker at most one column (7.2.3 or a 9.5 decline).
    if (pz && Math.abs(z.status - pz.status) > 1) bad(`${zid}: status jumped ${pz.status} → ${z.status} in one action`);
    // Pool points once awarded stay awarded for the rest of the battle.
    if (pz?.battle && z.battle && prev!.turn === state.turn && z.mission && pz.mission && z.battle.pool === pz.battle.pool) {
      for (const side of ['allied', 'soviet'] as const) {
        if (z.battle.poolAwarded[side] < pz.battle.poolAwarded[side]) bad(`${zid}: ${side} pool award went down ${pz.battle.poolAwarded[side]} → ${z.battle.poolAwarded[side]}`);
      }
    }
    for (const side of ['allied', 'soviet'] as const) {
      const p = z.players[side];
      if (!Number.isInteger(p.track) || p.track < 0) bad(`${zid} ${side}: Point Track ${p.track}`);
      if (!Number.isInteger(p.banked) || p.banked < 0) bad(`${zid} ${side}: banked ${p.banked}`);
      const before = prev?.zones[zid]?.players[side].banked;
      if (before !== undefined && p.banked < before) bad(`${zid} ${side}: banked VP decreased ${before} → ${p.banked}`);
      for (const id of Object.keys(p.fleet)) {
        place(id, `${zid}/${side}`);
        const card = shipCard(state, id);
        if (!card) bad(`${zid} ${side}: unknown ship ${id} in fleet`);
        else if (card.side !== side) bad(`${zid} ${side}: ${card.side} ship ${id} in the ${side} fleet`);
        if (p.fleet[id].damage < 0) bad(`${zid} ${side}: ship ${id} has damage ${p.fleet[id].damage}`);
      }
      // 6.C.2: at most five per turn (13.2 Special Conditions may change the limit).
      const maxCards = hooksOf(state).actionCardLimit(z, side);
      if (p.cardsBought.length > maxCards) bad(`${zid} ${side}: ${p.cardsBought.length} Action cards bought this turn (limit ${maxCards})`);
    }
    const b = z.battle;
    if (b) {
      const awarded = b.poolAwarded.allied + b.poolAwarded.soviet;
      if (b.poolAwarded.allied < 0 || b.poolAwarded.soviet < 0) bad(`${zid}: negative pool award ${safeJson(b.poolAwarded)}`);
      if (b.pool === null ? awarded !== 0 : awarded > b.pool) bad(`${zid}: Point Pool over-awarded: ${awarded} of ${b.pool}`);
      if (b.shoreBombardment < 0 || b.shoreBombardment > (b.pool ?? 0)) bad(`${zid}: shore bombardment ${b.shoreBombardment} > pool ${b.pool}`);
      if (b.index < 0 || b.index > 2 * b.turnsPerPlayer) bad(`${zid}: battle index ${b.index}`);
      for (const n of b.nonCombatants) if (n.id.startsWith('NC-')) dealt.push(Number(n.id.slice(3)));
    }
  }
  const cards = [...state.nonCombatantDeck, ...dealt];
  if (new Set(cards).size !== cards.length) bad(`Non-Combatant cards duplicated: deck ${state.nonCombatantDeck} dealt ${dealt}`);
  if (cards.length > NON_COMBATANT_CARDS) bad(`more than ${NON_COMBATANT_CARDS} Non-Combatant cards: ${cards.length}`);
  if (cards.some((c) => !Number.isInteger(c) || c < 1 || c > NON_COMBATANT_CARDS)) bad(`bad Non-Combatant card number in ${cards}`);
  if (state.result) {
    if (waitingFor(cwnb, state).length) bad('game over but seats are waiting');
    for (const zid of state.options.zones) {
      for (const side of ['allied', 'soviet'] as const) if (state.zones[zid]!.players[side].track !== 0) bad(`game over with ${zid} ${side} points unbanked`);
    }
  }
  return problems;
}

/** Checks on the events of one accepted action (and, given the states around it, that every die rolled is logged). */
export function eventProblems(events: readonly GameEvent[], prev?: CwnbState, next?: CwnbState): string[] {
  const problems: string[] = [];
  if (prev && next) {
    const rolls = events.filter((e) => e.type === 'roll').length;
    if (next.dice.counter - prev.dice.counter !== rolls) problems.push(`dice counter moved ${next.dice.counter - prev.dice.counter} with ${rolls} roll event(s)`);
    // The log tells the truth: every change of a Point Track, of banked VP and of a status marker
    // has its event (points scored, purchases paid, points banked, status moved).
    for (const zid of next.options.zones) {
      const a = prev.zones[zid];
      const b = next.zones[zid];
      if (!a || !b) continue;
      for (const side of ['allied', 'soviet'] as const) {
        const mine = events.filter((e) => e.zone === zid && e.side === side);
        const scored = mine.filter((e) => e.type === 'points').reduce((t, e) => t + (e.points as number), 0);
        const spent = mine.filter((e) => e.type === 'purchase').reduce((t, e) => t + ((e.spent as number) ?? 0), 0);
        const banks = mine.filter((e) => e.type === 'bank');
        const banked = banks.reduce((t, e) => t + (e.amount as number), 0);
        // 13.5: an Additional Ship card is banked for 5 VP of its own; every other bank empties the track (10).
        const fromTrack = banks.filter((e) => e.rule !== '13.5').reduce((t, e) => t + (e.amount as number), 0);
        const dTrack = b.players[side].track - a.players[side].track;
        if (dTrack !== scored - spent - fromTrack) problems.push(`${zid} ${side}: Point Track moved ${dTrack}, events say +${scored} −${spent} spent −${fromTrack} banked`);
        const dBank = b.players[side].banked - a.players[side].banked;
        if (dBank !== banked) problems.push(`${zid} ${side}: banked VP moved ${dBank}, bank events say ${banked}`);
      }
      // 7.2.3 and 7.2.4, recomputed from the points of the turn: the status moves one column toward
      // the player who scored more (none on a tie); ships in port score at most that turn's
      // Mission and sinking points.
      if (events.some((e) => e.type === 'turn-done' && e.zone === zid)) {
        const at = events.findIndex((e) => e.type === 'status' && e.zone === zid);
        if (at < 0) problems.push(`${zid}: turn done without a 7.2.3 status event`);
        else {
          // Points kinds and where the turn's earlier ones are kept (13.2.7 Port Strike points: not
          // on the track at 7.2.3, but earned this turn for the 7.2.4 cap).
          const EARNED: Record<string, string> = { mission: 'mission', sinking: 'sinking', other: 'other', 'port-strike': 'portStrike' };
          const tally = (side: Side, kinds: string[]) => {
            const earned = a.players[side].earned as Record<string, number>;
            let n = kinds.reduce((t, k) => t + (earned[EARNED[k]] ?? 0), 0);
            for (const e of events.slice(0, at)) if (e.type === 'points' && e.zone === zid && e.side === side && kinds.includes(e.kind as string)) n += e.points as number;
            return n;
          };
          const al = tally('allied', ['mission', 'sinking', 'other']);
          const so = tally('soviet', ['mission', 'sinking', 'other']);
          const e = events[at];
          const from = a.status;
          const want = al === so ? from : Math.max(0, Math.min(6, from + (al > so ? 1 : -1)));
          const got = e.toColumn as number;
          if (got !== want) problems.push(`${zid}: 7.2.3 scores Allied ${al}, Soviet ${so}: status ${from} should go to ${want}, went to ${got}`);
          for (const side of ['allied', 'soviet'] as const) {
            const cap = tally(side, ['mission', 'sinking', 'port-strike']);
            const inPort = events.filter((x) => x.type === 'points' && x.zone === zid && x.side === side && x.kind === 'in-port').reduce((t, x) => t + (x.points as number), 0);
            if (inPort > cap) problems.push(`${zid} ${side}: ships in port scored ${inPort}, more than the turn's ${cap} Mission and sinking points (7.2.4)`);
          }
        }
      }
      if (a.status !== b.status) {
        const moves = events.filter((e) => e.type === 'status' && e.zone === zid);
        const last = moves[moves.length - 1];
        if (!last || moves[0].fromColumn !== a.status || last.toColumn !== b.status) problems.push(`${zid}: status ${a.status} → ${b.status} without matching status events`);
      }
    }
  }
  for (const e of events) {
    if (typeof e.type !== 'string' || typeof e.text !== 'string' || !e.text) problems.push(`event without type or text: ${safeJson(e)}`);
    if (e.type === 'points' && (!Number.isInteger(e.points) || (e.points as number) <= 0)) problems.push(`points event with ${safeJson(e.points)} points`);
    if (e.type === 'bank' && (!Number.isInteger(e.amount) || (e.amount as number) < 0)) problems.push(`bank event with ${safeJson(e.amount)}`);
    if (e.type === 'roll') {
      const v = e.value as number;
      if (!Number.isInteger(v) || v < 1 || v > (e.sides as number)) problems.push(`roll ${v} on a d${e.sides}`);
    }
    if (e.type === 'status' && !((e.toColumn as number) >= 0 && (e.toColumn as number) <= 6)) problems.push(`status event to column ${safeJson(e.toColumn)}`);
    if (typeof e.to !== 'string' && (typeof e.to !== 'object' || e.to === null)) problems.push(`event without an audience: ${safeJson(e)}`);
    if (e.turn === undefined) problems.push(`event without its turn: ${safeJson(e)}`);
  }
  return problems;
}

/** The final result agrees with the banked points, the End Game table and rule 11's levels. */
export function resultProblems(state: CwnbState): string[] {
  const problems: string[] = [];
  const r = state.result;
  if (!r) return ['no result'];
  if (!variableEndTurn(state) && state.turn !== Math.min(state.options.turns, MAX_TURNS)) problems.push(`game ended on turn ${state.turn}, agreed ${state.options.turns}`);
  const totals = { allied: 0, soviet: 0 };
  for (const zid of state.options.zones) {
    const z = state.zones[zid]!;
    const zr = r.zones.find((x) => x.id === zid);
    if (!zr) {
      problems.push(`no result for ${zid}`);
      continue;
    }
    const bonus = zoneById(zid).endGame[z.status];
    if (zr.endGame.side !== bonus.side || zr.endGame.vp !== bonus.vp) problems.push(`${zid}: End Game bonus ${safeJson(zr.endGame)}, table says ${safeJson(bonus)}`);
    for (const side of ['allied', 'soviet'] as const) {
      if (zr.banked[side] !== z.players[side].banked) problems.push(`${zid} ${side}: result banked ${zr.banked[side]} ≠ state ${z.players[side].banked}`);
      totals[side] += z.players[side].banked;
    }
    totals[bonus.side] += bonus.vp;
  }
  if (r.totals.allied !== totals.allied || r.totals.soviet !== totals.soviet) problems.push(`totals ${safeJson(r.totals)} ≠ ${safeJson(totals)}`);
  const margin = Math.abs(totals.allied - totals.soviet);
  const winner = totals.allied === totals.soviet ? null : totals.allied > totals.soviet ? 'allied' : 'soviet';
  const level = margin === 0 ? 'Draw' : margin <= 40 ? 'Pyrrhic' : margin <= 80 ? 'Tactical' : margin <= 120 ? 'Marginal' : 'Decisive';
  if (r.margin !== margin || r.winner !== winner || r.level !== level) problems.push(`result ${safeJson({ winner: r.winner, margin: r.margin, level: r.level })}, expected ${safeJson({ winner, margin, level })}`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Illegal actions

const NOT_SEATS = ['', 'referee', 'allied', 'soviet', 'nobody', 'allied:', ':mediterranean', 'neutral:mediterranean', 'ALLIED:mediterranean', 'allied:atlantis'];

function allSeats(state: CwnbState): readonly string[] {
  return cwnb.seats(state);
}

function zoneSeats(state: CwnbState): string[] {
  return state.options.zones.flatMap((z) => [seatOf('allied', z), seatOf('soviet', z)]);
}

/**
 * A random action that must be refused, with what kind of illegal it is. Returns null when the
 * chosen kind does not apply in this state.
 */
export function illegalAction(ch: Chooser, state: CwnbState, legal: Action | null): { kind: string; action: unknown } | null {
  const seats = zoneSeats(state);
  const seat = ch.pick(seats);
  const kind = ch.pick(['not-a-seat', 'zone-not-in-play', 'malformed', 'unknown-type', 'wrong-step', 'unknown-ship', 'out-of-range', 'wrong-seat'] as const);
  switch (kind) {
    case 'not-a-seat': {
      const base = legal ?? { type: 'endBattleTurn', seat };
      return { kind, action: { ...base, seat: ch.pick(NOT_SEATS) } };
    }
    case 'zone-not-in-play': {
      const out = ZONE_IDS.filter((z) => !state.zones[z]);
      if (!out.length) return null;
      const base = legal ?? { type: 'rollMission', seat };
      return { kind, action: { ...base, seat: seatOf(ch.pick(['allied', 'soviet'] as const), ch.pick(out)) } };
    }
    case 'malformed': {
      const options: unknown[] = [null, undefined, 42, 'sink', [], {}, { seat }, { type: 'sink' }, { type: 'sink', seat, ship: 7 }];
      if (legal) {
        const fields = Object.keys(legal).filter((k) => k !== 'type');
        const k = ch.pick(fields);
        const wrong = ch.pick([null, 3.5, 'x', [], {}, true, -1] as unknown[]);
        const a: Record<string, unknown> = { ...legal, [k]: wrong };
        // Only keep it if the value is of the wrong JSON type for that field.
        if (typeof wrong !== typeof legal[k] || Array.isArray(wrong) !== Array.isArray(legal[k]) || wrong === null) options.push(a);
        options.push({ ...legal, seat: undefined }, { ...legal, type: String(legal.type).toUpperCase() });
      }
      options.push({ type: 'damage', seat, ship: 'x', amount: '3' }, { type: 'commit', seat, ships: 'all' }, { type: 'rollMission', seat, values: ['6'] });
      options.push({ type: 'landAttack', seat, attack: 'nuclear', damage: 3 }, { type: 'submarine', seat, ship: 'x', mode: 'silent' });
      options.push({ type: 'transferShip', seat, ship: 'x', to: 'atlantis' }, { type: 'damage', seat, ship: 'x', amount: 2.5 });
      return { kind, action: ch.pick(options) };
    }
    case 'unknown-type':
      return { kind, action: { type: ch.pick(['fire', 'buy', 'undo', 'toString', '__proto__', 'constructor', '']), seat } };
    case 'wrong-step': {
      const types = new Set(offeredTypes(cwnb, state, seat).map((d) => d.type));
      const candidates = [...BASE_TYPES, ...(hasOptionalRules(state) ? [] : OPTIONAL_TYPES)].filter((t) => !types.has(t));
      if (!candidates.length) return null;
      const type = ch.pick(candidates);
      return { kind: `wrong-step:${type}`, action: plausible(ch, state, type, seat) };
    }
    case 'unknown-ship': {
      const ghost = ch.pick(['no-such-ship', 'NC-99', 'PO-77', 'uss-nowhere']);
      const type = ch.pick(['buyShip', 'sink', 'damage', 'cripple', 'criticalDamage', 'submarine', 'commit', 'transferShip']);
      const a = plausible(ch, state, type, seat);
      if (type === 'commit') a.ships = [ghost];
      else a.ship = ghost;
      return { kind, action: a };
    }
    case 'out-of-range': {
      const zone = state.zones[parseSeat(seat)!.zone]!;
      const choices: Record<string, unknown>[] = [
        { type: 'damage', seat, ship: anyUnit(ch, state, zone), amount: 0 },
        { type: 'rollMission', seat, values: state.dice.physical ? [ch.pick([0, 7, -1, 100])] : [3] },
        { type: 'rollMission', seat, values: state.dice.physical ? [1, 2] : [6] },
        { type: 'buyCard', seat, card: 'Torpedo', value: ch.pick([0, -4, 100, 1000]) },
        { type: 'buyCard', seat, card: 'ECM', value: 3 },
        { type: 'buyCard', seat, card: ch.pick(['Tactics', 'Bad Luck', 'Non-Combatant', 'Additional Ship', 'Laser']) },
        { type: 'transferCard', seat, card: ch.pick(['no-such-card', `${seat}#999`]), to: ch.pick(state.options.zones) },
        { type: 'landAttack', seat, attack: ch.pick(['gun', 'submarine-missile']), damage: -ch.int(1, 9) },
        { type: 'dealNonCombatants', seat, cards: [0, 19] },
        { type: 'commit', seat, ships: [], areaDefense: ch.pick([-1, 50]) },
        { type: 'setAside', seat, card: 'Laser Cannon' },
      ];
      return { kind, action: ch.pick(choices) };
    }
    case 'wrong-seat': {
      if (!legal) return null;
      // The same action by another seat that has no such action now.
      const other = ch.pick(seats.filter((s) => s !== legal.seat));
      if (!other || offeredTypes(cwnb, state, other).some((d) => d.type === legal.type)) return null;
      return { kind: `wrong-seat:${legal.type}`, action: { ...legal, seat: other } };
    }
  }
}

function variableEndTurn(state: CwnbState): boolean {
  return !!(state.options as unknown as { optional?: { variableEndTurn?: unknown } }).optional?.variableEndTurn;
}

function hasOptionalRules(state: CwnbState): boolean {
  const o = (state.options as unknown as { optional?: Record<string, unknown> }).optional;
  return !!o && Object.values(o).some((v) => v !== undefined && v !== false);
}

function anyUnit(ch: Chooser, state: CwnbState, z: ZoneState): string {
  const ids = [...Object.keys(z.players.allied.fleet), ...Object.keys(z.players.soviet.fleet)];
  return ids.length ? ch.pick(ids) : ch.pick(state.options.roster.ships).id;
}

/** A well-formed action of `type` for `seat` with plausible field values. */
function plausible(ch: Chooser, state: CwnbState, type: string, seat: string): Record<string, unknown> {
  const z = state.zones[parseSeat(seat)!.zone]!;
  const ship = anyUnit(ch, state, z);
  const to = ch.pick(state.options.zones);
  switch (type) {
    case 'rollMission':
      return { type, seat, ...(state.dice.physical ? { values: [ch.int(1, 6)] } : {}) };
    case 'buyShip':
      return { type, seat, ship: ch.pick(state.options.roster.ships).id };
    case 'buyCard':
      return { type, seat, card: 'ECM' };
    case 'transferShip':
      return { type, seat, ship, to };
    case 'transferCard':
      return { type, seat, card: `${seat}#1`, to };
    case 'commit':
      return { type, seat, ships: [] };
    case 'dealNonCombatants':
      return { type, seat, ...(state.dice.physical ? { cards: state.nonCombatantDeck.slice(0, 1) } : {}) };
    case 'sink':
    case 'cripple':
    case 'criticalDamage':
      return { type, seat, ship };
    case 'damage':
      return { type, seat, ship, amount: 1 };
    case 'submarine':
      return { type, seat, ship, mode: 'passive' };
    case 'landAttack':
      return { type, seat, attack: 'gun', damage: 2 };
    case 'setAside':
      return { type, seat };
    default:
      return { type, seat };
  }
}

// ---------------------------------------------------------------------------------------------
// The game loop

/** Freeze an object graph (objects already frozen are assumed frozen all the way down). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `before …${a.slice(Math.max(0, i - 80), i + 40)}… after …${b.slice(Math.max(0, i - 80), i + 40)}…`;
}

/** A deep snapshot of a state for comparing later (states are plain JSON data). */
function snapshotOf(state: CwnbState): string {
  // Options are frozen data shared by every state; the rest is compared by value.
  return JSON.stringify({ ...state, options: null });
}

/**
 * Play one random game to the end, checking as configured. Throws FuzzFailure on any problem
 * (an exception from the rules counts as one).
 */
export function playRandomGame(seed: number, config: PlayConfig = {}): GameReport {
  const checkInv = config.checkInvariants ?? true;
  const probeChance = config.probeChance ?? 0.1;
  const undoChance = config.undoChance ?? 0.01;
  const maxUndos = config.maxUndos ?? 2;
  const rewindChance = config.rewindChance ?? 0;
  const maxRewinds = config.maxRewinds ?? 2;
  const rawChance = config.rawChance ?? 0.1;
  const checkReplay = config.checkReplay ?? true;
  const checkScores = config.checkPoints ?? true;
  const maxActions = config.maxActions ?? 20_000;
  const maxRefusalsInARow = config.maxRefusalsInARow ?? 200;
  const freeze = config.freeze ?? true;

  let options: RawOptions | undefined;
  let index = 0;
  let current: unknown;
  let session: Session<CwnbState> | undefined;
  const fail = (problem: string, action?: unknown): never => {
    const record = session ? (JSON.parse(JSON.stringify(session.record)) as GameRecord) : undefined;
    throw new FuzzFailure(seed, index, problem, action, options, record);
  };

  let setup: ReturnType<typeof newRandomSession>;
  try {
    setup = newRandomSession(seed, config.options, config.limits, config.optionalRules);
  } catch (e) {
    return fail(`setup threw: ${(e as Error)?.stack ?? e}`);
  }
  session = setup.session;
  const { ch } = setup;
  options = setup.options;
  const history: CwnbState[] = [session.state];
  const report: GameReport = {
    seed,
    options,
    record: session.record,
    state: session.state,
    actions: 0,
    refusals: 0,
    probes: 0,
    undos: 0,
    undoRefusals: 0,
    rewinds: 0,
    rewindRefusals: 0,
    counts: {},
  };

  const checkState = (prev?: CwnbState) => {
    if (freeze) deepFreeze(session.state);
    if (!checkInv) return;
    const problems = invariantProblems(session.state, prev);
    if (problems.length) fail(`invariant broken after the action: ${problems.join('; ')}`, current);
  };

  let snapshotOptions: unknown = null;
  /** Try an action that must be refused; the state must be untouched. */
  const probe = (kind: string, action: unknown, snapshot: string) => {
    const before = session.state;
    let r;
    try {
      r = applyAction(cwnb, before, action as Action, seededDice(diceSeedFor(seed)));
    } catch (e) {
      fail(`illegal action (${kind}) threw instead of being refused: ${(e as Error)?.stack ?? e}`, action);
    }
    if (!isRuleError(r)) return fail(`illegal action (${kind}) was accepted`, action);
    // A refusal is plain data: it survives JSON unchanged, with a code and a message for people.
    if (typeof r.code !== 'string' || !r.code || typeof r.message !== 'string' || !r.message || !isDeepStrictEqual(JSON.parse(JSON.stringify(r)), r)) {
      fail(`illegal action (${kind}) refused without a code and message, or not as plain data`, action);
    }
    if (session.state !== before) fail(`state replaced by a refused action (${kind})`, action);
    if (before.options !== snapshotOptions) fail(`options replaced by a refused action (${kind})`, action);
    const after = snapshotOf(before);
    if (after !== snapshot) fail(`state changed by a refused action (${kind}): ${firstDifference(snapshot, after)}`, action);
    report.probes++;
  };

  try {
    checkState();
    config.onState?.(session.state, session);
    let refusalsInARow = 0;
    let lastWaiting = '';
    while (!cwnb.isOver(session.state)) {
      index = session.record.log.length;
      current = undefined;
      if (report.actions >= maxActions) fail(`no result after ${maxActions} actions`);
      const state = session.state;
      const waiting = waitingFor(cwnb, state);
      if (!waiting.length) fail('dead end: the game is not over but no seat is waiting');
      // Every waiting seat must have something to do. (Checked whenever the waiting set changes;
      // the acting seat is checked on every step below.)
      const key = waiting.join(' ');
      if (key !== lastWaiting) {
        for (const s of waiting) if (!offeredTypes(cwnb, state, s).length) fail(`dead end: ${s} is waiting but has no legal action`);
        lastWaiting = key;
      }

      // Now and then a seat takes back some of its own last actions.
      if (report.undos < maxUndos && index > 0 && ch.chance(undoChance)) {
        doUndo(ch, session, history, report, fail);
        checkState();
        config.onState?.(session.state, session);
        continue;
      }
      if (report.rewinds < maxRewinds && index > 0 && ch.chance(rewindChance)) {
        doRewind(ch, session, history, report, fail);
        checkState();
        config.onState?.(session.state, session);
        continue;
      }

      // Usually a waiting seat acts; sometimes another seat with something to record (an Overall Commander too).
      let seat = ch.pick(waiting);
      if (ch.chance(0.05)) {
        const others = allSeats(state).filter((s) => offeredTypes(cwnb, state, s).length > 0);
        if (others.length) seat = ch.pick(others);
      }
      const action = randomAction(ch, state, seat, rawChance, config.weights);
      if (!action) {
        if (waiting.includes(seat)) fail(`dead end: ${seat} is waiting but has no legal action`);
        continue;
      }
      current = action;

      if (ch.chance(probeChance)) {
        const snapshot = snapshotOf(state);
        snapshotOptions = state.options;
        const tries = ch.int(1, 3);
        for (let i = 0; i < tries; i++) {
          const ill = illegalAction(ch, state, action);
          if (ill) probe(ill.kind, ill.action, snapshot);
        }
      }

      // The form the action was built from, to check that what is accepted was offered.
      const form = legalActions(cwnb, state, action.seat).find((sp) => sp.type === action.type);
      // A prompt shows the rule beside the label ("Port Strike! Choose its effect (13.2.7)"), so the label does not repeat it.
      if (form?.rule && form.label.includes(`(${form.rule})`)) fail(`the label of ${form.type} repeats its rule: ${form.label}`);
      // A choice the form names as not available now ("it costs 60 and you have 40 points left") is refused.
      // (Picked by the action's index, not the chooser, so the games stay the ones their seeds always played.)
      if (probeChance && index % 5 === 0) {
        snapshotOptions = state.options;
        for (const [k, f] of Object.entries(form?.fields ?? {})) {
          if ((f.kind !== 'choice' && f.kind !== 'subset') || !f.unavailable?.length) continue;
          const value = f.unavailable[index % f.unavailable.length].value;
          probe(`unavailable:${action.type}.${k}`, { ...action, [k]: f.kind === 'choice' ? value : [...((action[k] as unknown[] | undefined) ?? []), value] }, snapshotOf(state));
        }
      }
      let r;
      try {
        r = session.submit(action, session.version);
      } catch (e) {
        fail(`submit threw: ${(e as Error)?.stack ?? e}`, action);
      }
      if (isRuleError(r)) {
        if (session.state !== state) fail('state replaced by a refused action', action);
        report.refusals++;
        if (++refusalsInARow > maxRefusalsInARow) fail(`stuck: ${maxRefusalsInARow} refusals in a row (last: ${r.code}: ${r.message})`, action);
        continue;
      }
      // One definition per action: an accepted action fits the form offered for it.
      const unfit = form ? checkFields(action, form.fields) : { message: 'no form offered' };
      if (unfit) fail(`accepted but not offered: ${unfit.message}`, action);
      refusalsInARow = 0;
      report.actions++;
      report.counts[action.type] = (report.counts[action.type] ?? 0) + 1;
      history.push(session.state);
      checkState(state);
      if (checkInv) {
        const problems = eventProblems(r!, state, session.state);
        if (problems.length) fail(`bad events: ${problems.join('; ')}`, action);
      }
      config.onState?.(session.state, session);
    }
    index = session.record.log.length;
    current = undefined;
    if (!session.state.result) fail('isOver but no result');
    if (checkInv) {
      const problems = resultProblems(session.state);
      if (problems.length) fail(`bad result: ${problems.join('; ')}`);
    }
    for (const s of zoneSeats(session.state)) {
      const r = session.submit({ type: 'endBattleTurn', seat: s });
      if (!isRuleError(r) || codeOf(r) !== 'game-over') fail(`after the game an action by ${s} was not refused as game-over`);
    }
    if (checkReplay) {
      // The record replays to the same state, without its seed too (the rolls are logged).
      const record = JSON.parse(JSON.stringify(session.record)) as GameRecord;
      if (!isDeepStrictEqual(openSession(record).state, session.state)) fail('replaying the log does not reproduce the state');
      if (!isDeepStrictEqual(openSession({ ...record, seed: null }).state, session.state)) fail('replaying the log without its seed does not reproduce the state');
    }
    if (checkScores) {
      // 7, 9, 10: a wrong score fails the fuzzer too; the oracle recomputes every award independently.
      const wrong = checkPoints(gameSteps(session.record));
      if (wrong.length) fail(`${wrong.length} points award(s) disagree with the mission-points oracle, first: ${JSON.stringify(wrong[0])}`);
    }
  } catch (e) {
    if (e instanceof FuzzFailure) throw e;
    fail(`exception: ${(e as Error)?.stack ?? e}`, current);
  }
  report.state = session.state;
  report.record = session.record;
  return report;
}

/**
 * A random seat takes back some of its own last actions, as many as it may: more is refused; the
 * undo is logged (the log grows by one entry); the state is the replay of the log; and when the
 * actions taken back were the last of the game, the state is the one before them.
 */
function doUndo(ch: Chooser, session: Session<CwnbState>, history: CwnbState[], report: GameReport, fail: (problem: string, action?: unknown) => never): void {
  const log = session.record.log;
  const acted = [...new Set(log.filter((e, i) => session.stands(i)).map((e) => e.seat))];
  if (!acted.length) return;
  const seat = ch.pick(acted);
  const allowed = session.undoableCount(seat);
  if (!isRuleError(session.undo(seat, allowed + 1))) fail(`${seat} could undo ${allowed + 1} actions (only ${allowed} allowed)`);
  report.undoRefusals++;
  if (allowed === 0) return;
  const count = ch.int(1, allowed);
  const before = log.length;
  const r = session.undo(seat, count, session.version);
  if (isRuleError(r)) fail(`undo of ${count} of ${allowed} allowed refused: ${r.message}`);
  if (log.length !== before + 1 || log[before].type !== '@undo') fail(`undo of ${count}: not logged (log ${before} → ${log.length})`);
  const voided = (log[before] as unknown as { voids: number[] }).voids;
  const problem = takeBackProblem(session, voided);
  if (problem) fail(`undo of ${count} ${problem}`);
  // The first undo of the game, of the last actions of the log: the state is the one before them.
  if (report.undos === 0 && voided.every((i, k) => i === before - count + k)) {
    if (!isDeepStrictEqual(session.state, history[history.length - 1 - count])) fail(`state after undoing the last ${count} action(s) differs from the state before them`);
  }
  history.push(session.state);
  report.undos++;
}

/**
 * The first entry still standing that would have done something else had the actions taken back
 * never been made (its scope or its events, in a replay of the standing entries alone), or null: a
 * take-back may remove actions, never change what the actions after them did (a later order that
 * would carry out every purchase, a score that would move).
 */
export function historyChanged(session: Session<CwnbState>): string | null {
  const log = session.record.log;
  const standing = log.map((_, i) => i).filter((i) => session.stands(i));
  const clean = openSession({ ...session.record, log: standing.map((i) => log[i]) });
  const said = (s: Session<CwnbState>, i: number) => s.events.filter((e) => e.entry === i).map((e) => e.secret?.text ?? e.text);
  for (const [k, i] of standing.entries()) {
    const entry = `#${i} ${log[i].type} by ${log[i].seat}`;
    if (!isDeepStrictEqual(session.scopeOf(i), clean.scopeOf(k))) return `${entry}: scope ${JSON.stringify(session.scopeOf(i))}, without the actions taken back ${JSON.stringify(clean.scopeOf(k))}`;
    const [was, would] = [said(session, i), said(clean, k)];
    if (!isDeepStrictEqual(was, would)) return `${entry}: said ${JSON.stringify(was)}, without the actions taken back ${JSON.stringify(would)}`;
  }
  return null;
}

/**
 * What is wrong after a take-back of `voided` (an undo or a rewind), or null: it took back a seeded
 * die or a reveal (never taken back, §4), the state is not the replay of the log, or a later entry
 * would have done something else without the actions taken back.
 */
function takeBackProblem(session: Session<CwnbState>, voided: readonly number[]): string | null {
  for (const i of voided) {
    const entry = session.record.log[i];
    if (entry.rolled?.length) return `took back #${i} ${entry.type}, which rolled a seeded die`;
    if (session.events.some((e) => e.entry === i && e.type === 'reveal')) return `took back #${i} ${entry.type}, which revealed a secret`;
  }
  const replayed = openSession(JSON.parse(JSON.stringify(session.record)) as GameRecord);
  if (!isDeepStrictEqual(replayed.state, session.state)) return 'left a state that differs from the replay of the log';
  const changed = historyChanged(session);
  return changed && `changed what a later entry did: ${changed}`;
}

/**
 * A rewind by agreement (issue 7 §4) of a random War Zone to a recent point of the log, agreed by
 * the referee or by both seats of the zone. It is refused only for the reasons a rewind has (not
 * agreed; past a seeded die, a reveal or an action that changed another part of the game; nothing
 * to rewind), never because the actions after it stop replaying: that would mean the check missed
 * a dependency. Refused, nothing changes; accepted, it is logged and the state is the replay of the log.
 */
function doRewind(ch: Chooser, session: Session<CwnbState>, history: CwnbState[], report: GameReport, fail: (problem: string, action?: unknown) => never): void {
  const log = session.record.log;
  const zone = ch.pick(session.state.options.zones);
  const scope = `zone:${zone}`;
  const to = ch.int(Math.max(-1, log.length - 30), log.length - 1);
  const seats = cwnb.scopeSeats!(session.state, scope);
  const agreed = ch.chance(0.3) ? ['referee'] : ch.chance(0.8) ? seats : seats.slice(0, 1);
  const before = { state: session.state, length: log.length };
  const r = session.rewind(scope, to, agreed, session.version);
  if (isRuleError(r)) {
    if (r.code !== 'rewind-not-allowed' && r.code !== 'rewind-not-agreed') fail(`rewind of ${scope} to #${to} refused with ${r.code}: ${r.message}`);
    if (r.code === 'rewind-not-agreed' && (agreed.includes('referee') || agreed.length === seats.length)) fail(`rewind of ${scope} agreed by ${agreed.join(', ')} refused as not agreed`);
    if (session.state !== before.state || log.length !== before.length) fail(`a refused rewind of ${scope} changed the game`);
    report.rewindRefusals++;
    return;
  }
  if (agreed.length === 1 && agreed[0] !== 'referee') fail(`rewind of ${scope} accepted with the agreement of ${agreed[0]} alone`);
  if (log.length !== before.length + 1 || log[before.length].type !== '@rewind') fail(`rewind of ${scope}: not logged (log ${before.length} → ${log.length})`);
  const voided = (log[before.length] as unknown as { voids: number[] }).voids;
  const problem = takeBackProblem(session, voided);
  if (problem) fail(`rewind of ${scope} to #${to} ${problem}`);
  for (const i of voided) {
    if (i <= to) fail(`rewind of ${scope} to #${to} voided #${i}, before the point rewound to`);
    const sc = session.scopeOf(i);
    if (!sc || sc.some((x) => x !== scope && !x.startsWith(`${scope}/`))) fail(`rewind of ${scope} voided #${i}, which changed ${sc ? sc.join(', ') : 'the whole game'}`);
  }
  history.push(session.state);
  report.rewinds++;
}

// ---------------------------------------------------------------------------------------------
// A lean random campaign, for benchmarks: no checks, no probes, no undo, no Session.

/**
 * Play one random campaign with the given parsed options straight through the kernel (the same
 * kind of choices as `playRandomGame`, without its checks; only the chosen action's form is
 * computed), appending the accepted actions to `log` if given. The game's dice seed is
 * `diceSeedFor(seed)`. Throws on a dead end.
 */
export function randomCampaign(seed: number, options: CwnbOptions, log?: Action[], weights?: Record<string, number>): { actions: number; refusals: number; state: CwnbState } {
  const ch = chooserFor(seed);
  const dice = seededDice(diceSeedFor(seed));
  let state = cwnb.setup(options);
  let actions = 0;
  let refusals = 0;
  const seats = cwnb.seats(state);
  while (state.result === null) {
    // A seat the game waits on: the first from a random one on (not every seat asked every step).
    const start = ch.int(0, seats.length - 1);
    let seat = '';
    for (let k = 0; k < seats.length && !seat; k++) {
      const s = seats[(start + k) % seats.length];
      if (waitsOn(cwnb, state, s)) seat = s;
    }
    if (!seat) throw new Error(`random campaign ${seed}: dead end after ${actions} actions`);
    const a = smartAction(ch, state, seat, offeredTypes(cwnb, state, seat), weights);
    const r = applyAction(cwnb, state, a, dice);
    if (isRuleError(r)) {
      if (++refusals > 100_000) throw new Error(`random campaign ${seed}: stuck (${r.message})`);
      continue;
    }
    state = r.state;
    actions++;
    log?.push(a);
  }
  return { actions, refusals, state };
}
