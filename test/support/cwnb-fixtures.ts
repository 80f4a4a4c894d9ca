/**
 * Test fixtures for the CWNB Campaign rules tests (test/cwnb/rules/).
 *
 * - FIXTURE_ROSTER: a small roster of our own with known kinds and round point values, so a test
 *   can add up a score by hand (it is not the demo roster and not the cards' values).
 * - `missionDie(zone, column, want)`: the die value that gives the wanted mission on a column.
 * - `Table`: a game with physical dice, driven by scripted actions through the module's public
 *   `apply`, with helpers to reach a given point (mission rolled, purchases made, commitments
 *   revealed, Non-Combatants dealt, Battle Turns played, turn concluded).
 *
 * Every helper acts through the kernel (its checks, then the module; test/support/kernel.ts); a
 * refusal throws with its code and message, so a test fails at the step that went wrong.
 * `refuse(...)` is the opposite: it expects a refusal, checks that the state is untouched, and
 * returns it with the rule's own code (a kernel "not your decision" gives its reason). Events are
 * read as the referee reads them (secret faces shown).
 */
import { isRuleError, type RuleError } from '../../src/engine/errors.ts';
import type { Action, EventInput } from '../../src/engine/module.ts';
import { applyAction, legalActions } from '../../src/engine/kernel.ts';
import { seededDice } from '../../src/engine/dice.ts';
import { eventAs } from '../../src/engine/session.ts';
import type { ActionSpec } from '../../src/engine/module.ts';
import { REFEREE, SPECTATOR, seatViewer, teamViewer, type Viewer } from '../../src/engine/viewer.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { zoneById } from '../../src/modules/cwnb/data/index.ts';
import { EVEN_COLUMN, ROW_KEYS, type MissionName, type Roster, type ShipCard, type Side, type ZoneId } from '../../src/modules/cwnb/data/types.ts';
import type { CwnbState, PlayerState, ZoneState } from '../../src/modules/cwnb/state.ts';
import { view } from '../../src/modules/cwnb/view.ts';
import { FIXTURE_SEED, apply, codeOf, refereeFace } from './kernel.ts';

type GameEvent = EventInput;

export const ALLIED: Side = 'allied';
export const SOVIET: Side = 'soviet';
export const SIDES: readonly Side[] = ['allied', 'soviet'];

/** Status columns by name (index into the Mission Table row). */
export const COL = {
  sovietDominance: 0,
  sovietAdvantage: 1,
  sovietEdge: 2,
  even: EVEN_COLUMN,
  alliedEdge: 4,
  alliedAdvantage: 5,
  alliedDominance: 6,
} as const;

const ship = (id: string, name: string, side: Side, points: number, kind: ShipCard['kind']): ShipCard => ({ id, name, side, points, kind });

/**
 * The fixture roster. Point values are chosen so that the rulebook's worked examples add up:
 * a-cv + a-cg + a-dd + a-ff + a-ss = 30 + 18 + 12 + 6 + 7 = 73 (rule 4); a-cv + a-cg + a-ff2 =
 * 56 in port, s-ssgn + s-ss = 9 + 4 = 13 sunk (7.2.4); s-dd = 10 (7.2.4: 10 − 3 → 4).
 */
export const SHIPS = {
  // Allied
  'a-cv': ship('a-cv', 'USS Forrestal', 'allied', 30, 'carrier'),
  'a-cv2': ship('a-cv2', 'USS Midway', 'allied', 24, 'carrier'),
  'a-lph': ship('a-lph', 'USS Iwo Jima', 'allied', 12, 'lph'),
  'a-cg': ship('a-cg', 'USS Belknap', 'allied', 18, 'surface'),
  'a-dd': ship('a-dd', 'USS Spruance', 'allied', 12, 'surface'),
  'a-dd2': ship('a-dd2', 'USS Farragut', 'allied', 10, 'surface'),
  'a-ff2': ship('a-ff2', 'USS Perry', 'allied', 8, 'surface'),
  'a-ff': ship('a-ff', 'USS Knox', 'allied', 6, 'surface'),
  'a-ff3': ship('a-ff3', 'USS Bronstein', 'allied', 3, 'surface'),
  'a-ss': ship('a-ss', 'USS Sturgeon', 'allied', 7, 'submarine'),
  'a-ss2': ship('a-ss2', 'USS Permit', 'allied', 5, 'submarine'),
  'a-ssgn': ship('a-ssgn', 'USS Los Angeles', 'allied', 9, 'missile-submarine'),
  // Soviet
  's-cv': ship('s-cv', 'Kiev', 'soviet', 20, 'carrier'),
  's-cv2': ship('s-cv2', 'Minsk', 'soviet', 22, 'carrier'),
  's-cg': ship('s-cg', 'Kara', 'soviet', 16, 'surface'),
  's-dd': ship('s-dd', 'Sovremenny', 'soviet', 10, 'surface'),
  's-dd2': ship('s-dd2', 'Udaloy', 'soviet', 8, 'surface'),
  's-ff': ship('s-ff', 'Krivak', 'soviet', 5, 'surface'),
  's-ff2': ship('s-ff2', 'Grisha', 'soviet', 3, 'surface'),
  's-ss': ship('s-ss', 'Foxtrot', 'soviet', 4, 'submarine'),
  's-ss2': ship('s-ss2', 'Victor', 'soviet', 6, 'submarine'),
  's-ssgn': ship('s-ssgn', 'Charlie', 'soviet', 9, 'missile-submarine'),
  's-ssgn2': ship('s-ssgn2', 'Oscar', 'soviet', 11, 'missile-submarine'),
} as const satisfies Record<string, ShipCard>;

export type ShipId = keyof typeof SHIPS;

export const FIXTURE_ROSTER: Roster = {
  demo: false,
  source: 'test/support/cwnb-fixtures.ts (test values, not the cards)',
  ships: Object.values(SHIPS),
};

export function points(...ids: ShipId[]): number {
  return ids.reduce((s, id) => s + SHIPS[id].points, 0);
}

/** What a mission roll should produce: the Allied and/or Soviet mission, and whether Urgent. */
export interface Want {
  allied?: MissionName;
  soviet?: MissionName;
  urgent?: boolean;
}

/** The die value (1, 3 or 6) that gives `want` on `column` of the zone's Mission Table; throws if none does. */
export function missionDie(zone: ZoneId, column: number, want: Want): number {
  const table = zoneById(zone).missionTable;
  for (const row of ROW_KEYS) {
    const c = table[row][column];
    if (want.allied && c.allied !== want.allied) continue;
    if (want.soviet && c.soviet !== want.soviet) continue;
    if (want.urgent !== undefined && c.urgent !== want.urgent) continue;
    return row === '1-2' ? 1 : row === '3-5' ? 3 : 6;
  }
  throw new Error(`${zone}: no row of column ${column} gives ${JSON.stringify(want)}`);
}

export interface TableSpec {
  zones: ZoneId[];
  /** Agreed game length (5.2); default 9. */
  turns?: number;
  /** At Start Buy Points per zone; default 150 / 150 for every zone. */
  start?: Partial<Record<ZoneId, { allied: number; soviet: number }>>;
  /**
   * Scenario start: put a zone's War Zone Status marker on this column before turn 1 (as when a
   * campaign is picked up mid-war). Default Even, as 5.1 sets it.
   */
  status?: Partial<Record<ZoneId, number>>;
  dice?: 'physical' | 'seeded';
  seed?: string;
  /** "0.1": the readings a game begun with Wardroom 0.1 keeps (docs/rulings.md). */
  rulings?: '0.1';
  /** Ship cards beyond the fixture roster's (a user's roster may hold what the fixture does not). */
  extraShips?: ShipCard[];
}

export interface SidePlan {
  buy?: ShipId[];
  cards?: { card: string; value?: number }[];
  commit?: ShipId[];
  areaDefense?: number;
}

export interface ZonePlan {
  mission: Want;
  allied?: SidePlan;
  soviet?: SidePlan;
}

export class RefusalExpected extends Error {}

/** "referee", "spectator", a team ("allied") or a seat, as a Viewer. */
export function asViewer(v: Viewer | string): Viewer {
  if (typeof v !== 'string') return v;
  if (v === 'referee') return REFEREE;
  if (v === 'spectator') return SPECTATOR;
  if (v === 'allied' || v === 'soviet') return teamViewer(v);
  return seatViewer(v);
}

export class Table {
  state: CwnbState;
  /** Every event of every accepted action, in order, as the referee reads it. */
  readonly events: GameEvent[] = [];
  /** The same events as the module gave them (public face, secret face and audiences). */
  private readonly given: GameEvent[] = [];

  constructor(readonly spec: TableSpec) {
    const start = Object.fromEntries(spec.zones.map((z) => [z, spec.start?.[z] ?? { allied: 150, soviet: 150 }]));
    const options = cwnb.parseOptions({
      zones: spec.zones,
      turns: spec.turns ?? 9,
      dice: spec.dice ?? 'physical',
      roster: spec.extraShips ? { ...FIXTURE_ROSTER, ships: [...FIXTURE_ROSTER.ships, ...spec.extraShips] } : FIXTURE_ROSTER,
      startingPoints: start,
      ...(spec.rulings ? { rulings: spec.rulings } : {}),
    });
    if (isRuleError(options)) throw new Error(`fixture options refused: ${options.code}: ${options.message}`);
    let state = cwnb.setup(options);
    if (spec.status) {
      const zones = { ...state.zones };
      for (const [id, column] of Object.entries(spec.status) as [ZoneId, number][]) zones[id] = { ...zones[id]!, status: column };
      state = { ...state, zones };
    }
    this.state = state;
  }

  static create(spec: TableSpec): Table {
    return new Table(spec);
  }

  seat(side: Side, zone: ZoneId): string {
    return `${side}:${zone}`;
  }

  /**
   * A test may name an Action card by its position in the hand (`card: 0`, as players count at the
   * table); the action sent names it by its id, as the rules require.
   */
  private withCardId(action: Action): Action {
    if (action.type !== 'transferCard' || typeof action.card !== 'number') return action;
    const [side, zone] = String(action.for ?? action.seat).split(':') as [Side, ZoneId];
    const card = this.state.zones[zone]?.players[side]?.cards[action.card];
    return { ...action, card: card?.id ?? `no card #${action.card}` };
  }

  /** Apply an action; returns its events or the refusal, never throws for a refusal. */
  try(action: Action): GameEvent[] | RuleError {
    const r = applyAction(cwnb, this.state, this.withCardId(action), seededDice(this.spec.seed ?? FIXTURE_SEED));
    if (isRuleError(r)) return r;
    this.state = r.state;
    this.given.push(...r.events);
    const events = r.events.map(refereeFace);
    this.events.push(...events);
    return events;
  }

  /** Apply an action that must be accepted. */
  act(action: Action): GameEvent[] {
    const r = this.try(action);
    if (isRuleError(r)) throw new Error(`${action.type} by ${action.seat} refused: ${r.code}: ${r.message}`);
    return r;
  }

  /** Apply an action that must be refused; checks that the state is untouched and returns the refusal. */
  refuse(action: Action): RuleError {
    const before = this.state;
    const snapshot = JSON.stringify(before);
    const r = apply(cwnb, before, this.withCardId(action), this.spec.seed);
    if (!isRuleError(r)) throw new RefusalExpected(`${action.type} by ${action.seat} was accepted, expected a refusal`);
    if (this.state !== before || JSON.stringify(before) !== snapshot) throw new Error('a refused action changed the state');
    return { ...r, code: codeOf(r) };
  }

  /** Every event so far as `viewer` may see it, as a session gives them. */
  eventsFor(viewer: Viewer | string): GameEvent[] {
    const v = asViewer(viewer);
    return this.given.flatMap((e) => eventAs(e, v, (seat) => cwnb.teamOf(this.state, seat)) ?? []);
  }

  zone(id: ZoneId): ZoneState {
    return this.state.zones[id]!;
  }

  player(id: ZoneId, side: Side): PlayerState {
    return this.zone(id).players[side];
  }

  track(id: ZoneId, side: Side): number {
    return this.player(id, side).track;
  }

  banked(id: ZoneId, side: Side): number {
    return this.player(id, side).banked;
  }

  /** What `viewer` sees (the module's `view`, typed): a Viewer, or "referee", "spectator", a team or a seat. */
  view(viewer: Viewer | string = REFEREE): ReturnType<typeof view> {
    return view(this.state, asViewer(viewer));
  }

  zoneView(id: ZoneId, viewer: Viewer | string = REFEREE) {
    return this.view(viewer).zones.find((z) => z.id === id)!;
  }

  /** The actions open to `seat` now, with their forms (the kernel's legal actions). */
  actions(seat: string): ActionSpec[] {
    return legalActions(cwnb, this.state, seat);
  }

  advantaged(id: ZoneId): Side {
    return this.zone(id).status >= 4 ? 'allied' : 'soviet';
  }

  /** The side whose Battle Turn it is. */
  active(id: ZoneId): Side {
    const b = this.zone(id).battle!;
    return b.index % 2 === 0 ? b.first : b.first === 'allied' ? 'soviet' : 'allied';
  }

  /** 6.A: the Advantaged Player rolls the die that gives `want` on the current column. */
  roll(id: ZoneId, want: Want): GameEvent[] {
    const die = missionDie(id, this.zone(id).status, want);
    return this.act({ type: 'rollMission', seat: this.seat(this.advantaged(id), id), values: [die] });
  }

  /** 6.C.2: order ships and cards (and, with `done`, finish ordering). */
  order(id: ZoneId, side: Side, plan: SidePlan, done = true): void {
    const seat = this.seat(side, id);
    for (const s of plan.buy ?? []) this.act({ type: 'buyShip', seat, ship: s });
    for (const c of plan.cards ?? []) this.act({ type: 'buyCard', seat, card: c.card, ...(c.value !== undefined ? { value: c.value } : {}) });
    if (done) this.act({ type: 'donePurchasing', seat });
  }

  done(id: ZoneId, side: Side): GameEvent[] {
    return this.act({ type: 'donePurchasing', seat: this.seat(side, id) });
  }

  commit(id: ZoneId, side: Side, ships: string[], areaDefense?: number): GameEvent[] {
    return this.act({ type: 'commit', seat: this.seat(side, id), ships, ...(areaDefense ? { areaDefense } : {}) });
  }

  /** 8: deal the zone's Non-Combatants; with physical dice the lowest-numbered cards not yet dealt. */
  deal(id: ZoneId, cards?: number[]): GameEvent[] {
    const b = this.zone(id).battle!;
    const side = b.nonCombatantSide!;
    if (this.state.dice.physical) {
      const n = Math.min(b.toDeal, this.state.nonCombatantDeck.length);
      return this.act({ type: 'dealNonCombatants', seat: this.seat(side, id), cards: cards ?? this.state.nonCombatantDeck.slice(0, n) });
    }
    return this.act({ type: 'dealNonCombatants', seat: this.seat(side, id) });
  }

  /**
   * Drive every zone of the plan from the mission roll to the first Battle Turn: roll, order and
   * finish purchasing (all zones, so the purchases are carried out), commit both sides, deal the
   * Non-Combatants. Zones not in the plan are left alone (they must already be past purchasing).
   */
  prepare(plan: Partial<Record<ZoneId, ZonePlan>>, opts: { deal?: boolean } = {}): this {
    const ids = Object.keys(plan) as ZoneId[];
    for (const id of ids) this.roll(id, plan[id]!.mission);
    if (!this.state.purchasesResolved) {
      for (const id of ids) for (const side of SIDES) this.order(id, side, plan[id]![side] ?? {});
    }
    for (const id of ids) {
      for (const side of SIDES) {
        const p = plan[id]![side] ?? {};
        this.commit(id, side, p.commit ?? [], p.areaDefense);
      }
      if (opts.deal !== false && this.zone(id).battle!.toDeal > 0) this.deal(id);
    }
    return this;
  }

  /** Record a sinking (either player may record it). */
  sink(id: ZoneId, unit: string, by?: Side): GameEvent[] {
    return this.act({ type: 'sink', seat: this.seat(by ?? this.active(id), id), ship: unit });
  }

  damage(id: ZoneId, unit: string, amount: number): GameEvent[] {
    return this.act({ type: 'damage', seat: this.seat(this.active(id), id), ship: unit, amount });
  }

  /** End the Battle Turn of the side whose turn it is, `n` times. */
  end(id: ZoneId, n = 1): GameEvent[] {
    const out: GameEvent[] = [];
    for (let i = 0; i < n; i++) out.push(...this.act({ type: 'endBattleTurn', seat: this.seat(this.active(id), id) }));
    return out;
  }

  /** End every remaining Battle Turn of the zone. */
  endAll(id: ZoneId): GameEvent[] {
    const out: GameEvent[] = [];
    while (this.zone(id).step === 'battle') out.push(...this.end(id));
    return out;
  }

  /** 7.2.1: both players set aside nothing (or the given cards); this runs 7.2.2–7.2.6. */
  setAside(id: ZoneId, cards: Partial<Record<Side, { card: string; value?: number }>> = {}): GameEvent[] {
    const out: GameEvent[] = [];
    for (const side of SIDES) {
      const c = cards[side];
      out.push(...this.act({ type: 'setAside', seat: this.seat(side, id), ...(c ? { card: c.card, ...(c.value ? { value: c.value } : {}) } : {}) }));
    }
    return out;
  }

  /** Play the rest of the zone's Battle Turns and conclude them (7.2). */
  finish(id: ZoneId): GameEvent[] {
    return [...this.endAll(id), ...this.setAside(id)];
  }

  /** A whole Campaign Game Turn: prepare every zone of the plan and finish them all. */
  playTurn(plan: Partial<Record<ZoneId, ZonePlan>>): GameEvent[] {
    const from = this.events.length;
    this.prepare(plan);
    for (const id of Object.keys(plan) as ZoneId[]) this.finish(id);
    return this.events.slice(from);
  }

  /** Texts of events of a type (all events so far, or those given). */
  texts(type: string, events: readonly GameEvent[] = this.events): string[] {
    return events.filter((e) => e.type === type).map((e) => e.text);
  }
}

/** Points events for a side, as numbers, from a list of events. */
export function pointsOf(events: readonly GameEvent[], side: Side, kind?: 'mission' | 'sinking' | 'port-strike' | 'in-port'): number[] {
  return events.filter((e) => e.type === 'points' && e.side === side && (!kind || e.kind === kind)).map((e) => e.points as number);
}
