import { z } from 'zod';
import { rollDice, type DiceSource, type DieRequest } from '../../../engine/dice.ts';
import { isRuleError, refuse, ruleError, type RuleError } from '../../../engine/errors.ts';
import { NOT_NOW } from '../../../engine/kernel.ts';
import type { ActionDef, CommandWord, EventInput, Fields, Outcome } from '../../../engine/module.ts';
import { transact } from '../../../engine/transact.ts';
import { actionParser } from './action-fields.ts';
import { zoneById } from '../data/index.ts';
import type { ShipCard, Side, ZoneId } from '../data/types.ts';
import { STATUS_COLUMNS, ZONE_IDS } from '../data/types.ts';
import { hooksOf, rulebookOf, type Ctx } from '../hooks.ts';
import type { BattleState, CwnbState, HeldCard, PlayerState, ShipState, ZoneState, ZoneStep } from '../state.ts';
import { parseSeat, seatOf } from '../state.ts';
import { missionTerms, type MissionTerms } from './mission-terms.ts';

export type { Ctx };

export const SIDES = ['allied', 'soviet'] as const;

export function sideName(side: Side): string {
  return side === 'allied' ? 'Allied' : 'Soviet';
}

/** "1 point", "16 points". */
export function pointsText(n: number): string {
  return `${n} point${n === 1 ? '' : 's'}`;
}

export function zoneName(zone: ZoneId): string {
  return zoneById(zone).name;
}

/** A War Zone seat in words: "Allied, Persian Gulf" (labels.ts `seatLabel` builds on it). */
export function seatWords(seat: string): string {
  const p = parseSeat(seat);
  return p ? `${sideName(p.side)}, ${zoneName(p.zone)}` : seat;
}

/** 3: the Advantaged Player from the status column; the Soviet player on Even. */
export function advantagedSide(status: number): Side {
  return status >= 4 ? 'allied' : 'soviet';
}

export function statusName(status: number): string {
  return STATUS_COLUMNS[status];
}

const rosterIndex = new WeakMap<object, Map<string, ShipCard>>();

/** The ship card with this id in the game's roster. */
export function shipCard(state: CwnbState, id: string): ShipCard | undefined {
  const ships = state.options.roster.ships as ShipCard[];
  let index = rosterIndex.get(ships);
  if (!index) {
    index = new Map(ships.map((s) => [s.id, s]));
    rosterIndex.set(ships, index);
  }
  return index.get(id);
}

export function isSubmarine(card: ShipCard): boolean {
  return card.kind === 'submarine' || card.kind === 'missile-submarine';
}

export function cardText(c: Pick<HeldCard, 'type' | 'value'>): string {
  return c.value ? `${c.type} (${c.value})` : c.type;
}

/** Die values typed by the players, in a physical-dice game. */
export const diceSchema = z.array(z.number().int()).optional();

/** The form field for physical dice (none when Wardroom rolls). */
export function diceFields(state: CwnbState, sides: number[], labels: string[]): Fields | undefined {
  if (!state.dice.physical) return undefined;
  return { values: { kind: 'dice', label: 'Dice', help: 'The value of each die rolled at the table.', sides, labels } };
}

// ---------------------------------------------------------------------------------------------
// Events: every event says who may see it.

type Body = { type: string; text: string; turn?: number; zone?: string; [field: string]: unknown };

/** An event everybody sees. */
export function say(ctx: Ctx, e: Body): void {
  const ev = e as EventInput; // the callers' literals are completed in place: no copy per event
  ev.to = 'all';
  ctx.events.push(ev);
}

/** An event only `side`'s team sees. */
export function tell(ctx: Ctx, side: Side, e: Body): void {
  const ev = e as EventInput;
  ev.side = side;
  ev.to = { team: side };
  ctx.events.push(ev);
}

/** An event with a public face and a secret face for `side`'s team. */
export function sayWithSecret(ctx: Ctx, e: Body, side: Side, secret: { text: string; [field: string]: unknown }): void {
  const ev = e as EventInput;
  ev.side = side;
  ev.to = 'all';
  ev.secret = Object.assign(secret, { to: { team: side } });
  ctx.events.push(ev);
}

/** Roll dice in a zone (or for the whole game); the roll events say where. */
export function roll(state: CwnbState, ctx: Ctx, seat: string, requests: DieRequest[], values: readonly number[] | undefined, zone?: ZoneId): number[] {
  const r = rollDice(state.dice, ctx.dice, seat, requests, values);
  state.dice = r.dice;
  for (const e of r.events) {
    if (zone) e.zone = zone;
    ctx.events.push(e);
  }
  return r.values;
}

// ---------------------------------------------------------------------------------------------
// Copy-on-write drafts. An action works on a draft: `beginDraft` copies the top of the state; a rule
// takes a zone with `writableZone`, a player with `writablePlayer`, before changing it, and each is
// copied once per action. Below a player, the fleet is copied by the ship helpers (`updateShip`,
// `putShip`, `removeShip`); everything else (orders, cards, points earned, commitments, ship
// states, Non-Combatants) is replaced, never changed in place. The previous state is never touched:
// the test suite deep-freezes every state, so a change in place throws at once.

/** The objects copied in the current action (every action begins a new draft; cleared, not reallocated). */
const fresh = new Set<object>();
/** The War Zones written in the current action. */
let written: ZoneId[] = [];
/**
 * Parts of the game the current action relied on without changing them (see `reliesOn`). Read only
 * at the end of an action (`scopeOf`) and cleared as the next begins, so a `when` that runs the same
 * checks outside an action fills it to no effect.
 */
let relied: ScopePart[] = [];

export function beginDraft(state: CwnbState): CwnbState {
  fresh.clear();
  written = [];
  relied = [];
  const draft = copyState(state);
  fresh.add(draft);
  return draft;
}

// The copies below name every field, where `{ ...x }` would do: V8 gives a spread copy room for
// only 4 fields in the object itself and puts the rest in a second array, so each copy costs two
// allocations, reads go through the array, and copies and originals get different hidden classes
// (bench/README.md, issue 7). TypeScript refuses a copy that misses a field (all are required),
// and test/cwnb/rules/drafts.test.ts checks that a copy has every field of the original.

export function copyState(s: CwnbState): CwnbState {
  return {
    options: s.options,
    dice: s.dice,
    turn: s.turn,
    purchasesResolved: s.purchasesResolved,
    zones: { ...s.zones },
    sunk: s.sunk,
    nonCombatantDeck: s.nonCombatantDeck,
    playerOrderCards: s.playerOrderCards,
    result: s.result,
    endRollDue: s.endRollDue,
    transferChart: s.transferChart,
    transfersUsed: s.transfersUsed,
    holders: s.holders,
    notes: s.notes,
  };
}

export function copyZone(z: ZoneState): ZoneState {
  return {
    id: z.id,
    status: z.status,
    step: z.step,
    mission: z.mission,
    declines: z.declines,
    lastRoll: z.lastRoll,
    conditions: z.conditions && { ...z.conditions },
    players: { allied: z.players.allied, soviet: z.players.soviet },
    battle: z.battle,
  };
}

export function copyPlayer(p: PlayerState): PlayerState {
  return {
    track: p.track,
    banked: p.banked,
    fleet: p.fleet,
    cards: p.cards,
    cardSerial: p.cardSerial,
    order: p.order,
    cardsBought: p.cardsBought,
    commitment: p.commitment,
    earned: p.earned,
    shipsBought: p.shipsBought,
    priorityUsed: p.priorityUsed,
    flagOfficer: p.flagOfficer,
    commandShip: p.commandShip,
    jokersPlayed: p.jokersPlayed,
    keptAdditionalShip: p.keptAdditionalShip,
    flagOrder: p.flagOrder,
    winnerTally: p.winnerTally,
    retreating: p.retreating,
    retreats: p.retreats,
    setAside: p.setAside,
  };
}

export function copyBattle(b: BattleState): BattleState {
  return {
    turnsPerPlayer: b.turnsPerPlayer,
    index: b.index,
    first: b.first,
    pool: b.pool,
    poolAwarded: b.poolAwarded,
    shoreBombardment: b.shoreBombardment,
    nonCombatants: b.nonCombatants,
    nonCombatantSide: b.nonCombatantSide,
    nonCombatantKind: b.nonCombatantKind,
    toDeal: b.toDeal,
    eliminated: b.eliminated,
  };
}

/** Was this War Zone changed in the current action? */
export function zoneWritten(id: ZoneId): boolean {
  return written.includes(id);
}

/** The zone, copied for changing in this action (refused if the game has no such zone). */
export function writableZone(draft: CwnbState, zone: ZoneId): ZoneState {
  const z = draft.zones[zone];
  if (!z) refuse('zone-not-in-play', `The ${zoneName(zone)} War Zone is not in play in this game.`);
  if (fresh.has(z)) return z;
  const copy = copyZone(z);
  fresh.add(copy);
  written.push(zone);
  draft.zones[zone] = copy;
  return copy;
}

/** The battle of a writable zone, copied for changing in this action (its records and lists are replaced, not changed). */
export function writableBattle(zone: ZoneState): BattleState {
  const b = zone.battle!;
  if (fresh.has(b)) return b;
  const copy = copyBattle(b);
  fresh.add(copy);
  zone.battle = copy;
  return copy;
}

/** A player of a writable zone, copied for changing in this action. */
export function writablePlayer(zone: ZoneState, side: Side): PlayerState {
  const p = zone.players[side];
  if (fresh.has(p)) return p;
  const copy = copyPlayer(p);
  fresh.add(copy);
  zone.players[side] = copy;
  return copy;
}

function fleetOf(p: PlayerState): Record<string, ShipState> {
  if (!fresh.has(p.fleet)) {
    p.fleet = { ...p.fleet };
    fresh.add(p.fleet);
  }
  return p.fleet;
}

/** Change a ship of a writable player (ship states are shared between states, so replaced). */
export function updateShip(p: PlayerState, id: string, patch: Partial<ShipState>): void {
  fleetOf(p)[id] = { ...p.fleet[id], ...patch };
}

/** A ship joins a writable player's Task Force (bought or transferred). */
export function putShip(p: PlayerState, id: string, ship: ShipState): void {
  fleetOf(p)[id] = ship;
}

/** A ship leaves a writable player's Task Force (sunk or transferred). */
export function removeShip(p: PlayerState, id: string): void {
  delete fleetOf(p)[id];
}

export function writableZones(draft: CwnbState): ZoneState[] {
  return (Object.keys(draft.zones) as ZoneId[]).map((id) => writableZone(draft, id));
}

/** A part of the game as the scope of an action names it: a War Zone, or a part the War Zones share. */
type ScopePart = `zone:${ZoneId}` | 'non-combatant-deck' | 'transfer-limits' | `seats:${Side}`;

const ZONE_SCOPE = Object.fromEntries(ZONE_IDS.map((id) => [id, `zone:${id}`])) as Record<ZoneId, `zone:${ZoneId}`>;

/**
 * The current action relied on a part of the game that it did not change, so the action that set
 * that part is not taken back from under it: 13.3 a transfer checked against the chart rolled this
 * turn (even one the chart leaves unlimited).
 */
export function reliesOn(part: ScopePart): void {
  relied.push(part);
}

/** The fields of a War Zone besides its players and Special Conditions (test/cwnb/rules/drafts.test.ts checks that none is missing). */
export const ZONE_FIELDS = ['id', 'status', 'step', 'mission', 'declines', 'lastRoll', 'battle'] as const satisfies readonly (keyof ZoneState)[];

/**
 * The part of a War Zone an action wrote: one player's alone (an order, finishing purchases, a
 * commitment before the reveal), which the other player's later actions in the zone cannot have
 * relied on, or the whole zone.
 */
function zonePart(before: ZoneState, after: ZoneState): string {
  const zone = ZONE_SCOPE[after.id];
  for (const k of ZONE_FIELDS) if (after[k] !== before[k]) return zone;
  const c = after.conditions;
  if (c !== before.conditions && (!c || !before.conditions || SIDES.some((side) => c[side] !== before.conditions![side]))) return zone;
  const changed = SIDES.filter((side) => after.players[side] !== before.players[side]);
  return changed.length === 1 ? `${zone}/${changed[0]}` : zone;
}

/**
 * What an action changed, for undo and rewinds: the War Zones it wrote, and the shared parts of
 * the game it touched or relied on. A change of turn, of the purchase step or of the result is the
 * whole game.
 */
function scopeOf(before: CwnbState, after: CwnbState): string[] | undefined {
  if (after.turn !== before.turn || after.purchasesResolved !== before.purchasesResolved || after.result !== before.result || after.endRollDue !== before.endRollDue) return undefined;
  const scope: string[] = [];
  for (const id of after.options.zones) if (written.includes(id)) scope.push(zonePart(before.zones[id]!, after.zones[id]!));
  if (after.nonCombatantDeck !== before.nonCombatantDeck || after.playerOrderCards !== before.playerOrderCards) scope.push('non-combatant-deck');
  if (after.transferChart !== before.transferChart || after.transfersUsed !== before.transfersUsed) scope.push('transfer-limits');
  // 14.1 who holds a seat, each team's part apart: an Overall Commander moves only their own team's players.
  if (after.holders !== before.holders) {
    for (const seat of new Set([...Object.keys(before.holders), ...Object.keys(after.holders)])) {
      if (before.holders[seat] === after.holders[seat]) continue;
      const part = `seats:${parseSeat(seat)!.side}`; // only War Zone seats change hands
      if (!scope.includes(part)) scope.push(part);
    }
  }
  for (const part of relied) if (!scope.includes(part)) scope.push(part);
  for (const side of SIDES) if (after.notes[side] !== before.notes[side]) scope.push(`notes:${side}`);
  return scope;
}

// ---------------------------------------------------------------------------------------------
// Mission terms

const termsByCell = new Map<string, MissionTerms>();
const termsByMission = new WeakMap<object, MissionTerms>();

/** The zone's current mission terms (computed once per zone and table cell, found once per mission). */
export function terms(zone: Pick<ZoneState, 'id' | 'mission'>): MissionTerms | null {
  const m = zone.mission;
  if (!m) return null;
  let t = termsByMission.get(m);
  if (!t) {
    const c = m.cell;
    const key = `${zone.id}|${c.allied}|${c.soviet}|${c.urgent}`;
    t = termsByCell.get(key);
    if (!t) termsByCell.set(key, (t = Object.freeze(missionTerms(zoneById(zone.id), c))));
    termsByMission.set(m, t); // a mission is replaced, never changed
  }
  return t;
}

export function requireTerms(zone: Pick<ZoneState, 'id' | 'mission'>): MissionTerms {
  const t = terms(zone);
  if (!t) refuse('no-mission', 'The mission for this War Zone has not been determined yet.');
  return t;
}

/** 10: points go onto the Point Track at once. */
export function score(zone: ZoneState, side: Side, points: number, kind: 'mission' | 'sinking' | 'other' | 'port-strike' | 'in-port', ctx: Ctx, why: string): void {
  if (points <= 0) return;
  const p = writablePlayer(zone, side);
  p.track += points;
  if (kind !== 'in-port') {
    const k = kind === 'port-strike' ? 'portStrike' : kind;
    p.earned = { ...p.earned, [k]: p.earned[k] + points };
  }
  say(ctx, {
    type: 'points',
    zone: zone.id,
    side,
    points,
    kind,
    why,
    track: p.track,
    text: `${zoneName(zone.id)}: ${sideName(side)} scores ${points} (${why}); Point Track ${p.track}.`,
  });
}

/** A new Action card id for a card this player gets (bought or kept). */
export function newCard(zone: ZoneState, side: Side, card: Omit<HeldCard, 'id'>): HeldCard {
  const p = writablePlayer(zone, side);
  p.cardSerial += 1;
  return { id: `${seatOf(side, zone.id)}#${p.cardSerial}`, ...card };
}

// ---------------------------------------------------------------------------------------------
// Action definitions: one per action type, offer and effect together.

/**
 * A refusal when `explain`, else the kernel's NOT_NOW (no message built). `rule`: only where it is
 * not the action's own; the kernel cites the action's rule otherwise.
 */
export function no(explain: boolean, code: string, message: () => string, rule?: string): RuleError {
  return explain ? ruleError(code, message(), rule) : NOT_NOW;
}

interface Common<A> {
  type: string;
  rule: string;
  /** The action's fields; the kernel has already checked `type` and `seat`. */
  schema: z.ZodType<A>;
  /** A decision the game waits on (default), or an option the seat may take. */
  decision?: boolean;
  help?: string;
  /** Words to type at a terminal (see CommandWord). */
  commands?: readonly CommandWord[];
  /** Its fields are secret to the acting team. */
  secret?: boolean;
  /** Whether it is open is the team's secret (see ActionDef.openIsSecret). */
  openIsSecret?: boolean;
  /** Text fields that stay the team's for good, even in the game file shared after the end (team notes). */
  keptByTeam?: readonly string[];
  /** Ask before it is taken at a terminal. */
  confirm?: boolean;
  /** Done another way online: why (see ActionDef.notOnline). */
  notOnline?: string;
  /** Refusals a seat in this action's step is told (see ActionDef.toldWhenClosed). */
  toldWhenClosed?: readonly string[];
}

/** An action of the whole game (not of one War Zone). */
export interface GameActionSpec<A> extends Common<A> {
  label(state: CwnbState, seat: string): string;
  when(state: CwnbState, seat: string, explain: boolean): RuleError | null;
  fields?(state: CwnbState, seat: string): Fields | undefined;
  apply(draft: CwnbState, seat: string, action: A, ctx: Ctx): void;
}

/** An action of one side in one War Zone. */
export interface ZoneActionSpec<A> extends Common<A> {
  label(state: CwnbState, zone: ZoneState, side: Side): string;
  when(state: CwnbState, zone: ZoneState, side: Side, explain: boolean): RuleError | null;
  fields?(state: CwnbState, zone: ZoneState, side: Side): Fields | undefined;
  apply(draft: CwnbState, zone: ZoneState, side: Side, action: A, ctx: Ctx): void;
  /** With `confirm`: the question for the seat's own screen (ActionSpec.question), or for its Overall Commander's (14.1), naming the seat (`forSeat`). */
  question?(state: CwnbState, zone: ZoneState, side: Side, forSeat?: string): string;
  /** 14.1: an Overall Commander may take this action for a team seat (see Hooks.proxy). */
  proxy?: boolean;
  /**
   * The steps of the zone (6) in which `when` can answer null: the kernel asks a War Zone seat
   * only of the actions of its zone's step (RulesModule.actionsFor). Omitted: every step.
   */
  steps?: readonly ZoneStep[];
}

/** Apply an action to a draft of `state` and move the game on; all or nothing (see transact). */
function run<A>(
  state: CwnbState,
  dice: DiceSource,
  apply: (draft: CwnbState, ctx: Ctx, a: A, seat: string, by?: string) => void,
  a: A,
  seat: string,
  by?: string,
): Outcome<CwnbState> | RuleError {
  const book = rulebookOf(state.options);
  const ctx: Ctx = { events: [], dice, hooks: book.hooks };
  const draft = beginDraft(state);
  const refusal = transact(draft, () => {
    apply(draft, ctx, a, seat, by);
    book.advance(draft, ctx);
  });
  if (refusal) return refusal;
  for (const e of ctx.events) if (e.turn === undefined) e.turn = state.turn;
  return { state: draft, events: ctx.events, scope: scopeOf(state, draft) };
}

function gameOver(state: CwnbState, explain: boolean): RuleError | null {
  return state.result ? no(explain, 'game-over', () => 'The campaign is over (11).', '11') : null;
}

/** A CWNB action definition, with the schema of its fields (for the game file's JSON Schema). */
export type CwnbActionDef = ActionDef<CwnbState> & { schema: z.ZodType; steps?: readonly ZoneStep[] };

export function gameAction<A>(spec: GameActionSpec<A>): CwnbActionDef {
  const parse = actionParser(spec.type, spec.schema);
  const apply = (draft: CwnbState, ctx: Ctx, a: A, seat: string) => spec.apply(draft, seat, a, ctx);
  return {
    type: spec.type,
    schema: spec.schema,
    rule: spec.rule,
    decision: spec.decision ?? true,
    help: spec.help,
    commands: spec.commands,
    secret: spec.secret,
    keptByTeam: spec.keptByTeam,
    confirm: spec.confirm,
    notOnline: spec.notOnline,
    toldWhenClosed: spec.toldWhenClosed,
    openIsSecret: spec.openIsSecret,
    label: spec.label,
    fields: spec.fields,
    when: (state, seat, explain) => gameOver(state, explain) ?? spec.when(state, seat, explain),
    run(state, action, dice) {
      const a = parse(action);
      return isRuleError(a) ? a : run(state, dice, apply, a, action.seat);
    },
  };
}

const seats = new Map<string, { side: Side; zone: ZoneId } | null>();

/** parseSeat, remembered. */
function seatParts(seat: string): { side: Side; zone: ZoneId } | null {
  let p = seats.get(seat);
  if (p === undefined) {
    p = parseSeat(seat);
    if (seats.size < 10_000) seats.set(seat, p);
  }
  return p;
}

/**
 * The actions that can be open to `seat` now (RulesModule.actionsFor): for a War Zone seat, those
 * of its zone's step; for any other seat (14.1), every action type.
 */
export function actionsFor(state: CwnbState, seat: string): readonly ActionDef<CwnbState>[] {
  const book = rulebookOf(state.options);
  const p = seatParts(seat);
  const zone = p && state.zones[p.zone];
  return (zone && book.byStep[zone.step]) || book.actions;
}

/** The zone and side of a War Zone seat, or a refusal. */
function zoneSeat(state: CwnbState, seat: string, explain: boolean): { zone: ZoneState; side: Side } | RuleError {
  const p = seatParts(seat);
  const zone = p && state.zones[p.zone];
  return zone ? { zone, side: p.side } : notAZoneSeat(seat, explain);
}

function notAZoneSeat(seat: string, explain: boolean): RuleError {
  return no(explain, 'unknown-seat', () => `"${seat}" is not a War Zone seat in this game.`);
}

function zoneWhen<A>(spec: ZoneActionSpec<A>, state: CwnbState, seat: string, explain: boolean): RuleError | null {
  const over = gameOver(state, explain);
  if (over) return over;
  if (state.endRollDue) return no(explain, 'end-roll-first', () => 'The Campaign Game Turn is over: the die for the end of the game is rolled first (13.1).', '13.1');
  // zoneSeat without its { zone, side }: asked for every seat and action type after every action.
  const p = seatParts(seat);
  const zone = p && state.zones[p.zone];
  return zone ? spec.when(state, zone, p.side, explain) : notAZoneSeat(seat, explain);
}

/**
 * 14.1: the events of an order an Overall Commander gave for a team seat (`by`) say so, in their
 * text (and their secret part's) and a `by` field, so its player can tell them from their own.
 */
function creditOrder(events: EventInput[], first: number, by: string, side: Side): void {
  const credit = (text: string) => `${text.replace(/\.$/, '')} (by the ${sideName(side)} Overall Commander).`;
  for (let i = first; i < events.length; i++) {
    const e = events[i];
    e.by = by;
    e.text = credit(e.text);
    if (e.secret) e.secret.text = credit(e.secret.text);
  }
}

export function zoneAction<A>(spec: ZoneActionSpec<A>): CwnbActionDef {
  const parse = actionParser(spec.type, spec.schema);
  const apply = (draft: CwnbState, ctx: Ctx, a: A, seat: string, by?: string) => {
    const { side, zone } = seatParts(seat)!;
    const z = writableZone(draft, zone);
    ctx.hooks.zoneAction(z, spec.type);
    const first = ctx.events.length;
    spec.apply(draft, z, side, a, ctx);
    if (by) creditOrder(ctx.events, first, by, side);
  };
  /** The team seats a proxy (14.1) may take this action for now. */
  const targets = (state: CwnbState, seat: string, team: string[]) =>
    spec.proxy ? team.filter((s) => !hooksOf(state).proxyRefusal(state, seat, s, true) && !zoneWhen(spec, state, s, false)) : [];
  /** Why a proxy may not take this action for `target` (or for anyone, without one). */
  const proxyWhy = (state: CwnbState, seat: string, target: string) => hooksOf(state).proxyRefusal(state, seat, target, !!spec.proxy) ?? zoneWhen(spec, state, target, true);
  return {
    type: spec.type,
    schema: spec.schema,
    steps: spec.steps,
    rule: spec.rule,
    // The game waits on the seat itself, never on an Overall Commander who may act for it.
    decision: spec.decision === false ? false : (state, seat) => !hooksOf(state).proxy(state, seat),
    help: spec.help,
    commands: spec.commands,
    secret: spec.secret,
    keptByTeam: spec.keptByTeam,
    confirm: spec.confirm,
    toldWhenClosed: spec.toldWhenClosed,
    openIsSecret: spec.openIsSecret,
    // Not for an Overall Commander's order (14.1; not a War Zone seat), which names its seat in a field: the label asks.
    question(state, seat) {
      const zs = zoneSeat(state, seat, false);
      return isRuleError(zs) ? undefined : spec.question?.(state, zs.zone, zs.side);
    },
    when(state, seat, explain, action) {
      const team = hooksOf(state).proxy(state, seat);
      if (!team) return zoneWhen(spec, state, seat, explain);
      if (targets(state, seat, team).length) return null;
      if (!explain) return NOT_NOW;
      // 14.1 an order refused is explained for the seat it names, as running it would.
      if (action) return proxyWhy(state, seat, typeof action.for === 'string' ? action.for : '') ?? NOT_NOW;
      for (const s of team) {
        const why = proxyWhy(state, seat, s);
        if (why) return why;
      }
      return NOT_NOW;
    },
    label(state, seat) {
      const team = hooksOf(state).proxy(state, seat);
      const labelFor = (s: string) => {
        const zs = zoneSeat(state, s, false);
        return isRuleError(zs) ? null : spec.label(state, zs.zone, zs.side);
      };
      if (!team) return labelFor(seat) ?? spec.type;
      // 14.1: the seats an order may be for, grouped by their own label (a Rushed player's limit is not a teammate's).
      const bySeatLabel = new Map<string, string[]>();
      for (const s of targets(state, seat, team)) {
        const l = labelFor(s);
        if (l !== null) bySeatLabel.set(l, [...(bySeatLabel.get(l) ?? []), seatWords(s)]);
      }
      // None open to any seat (a closed action's label): the team's first seat's own label, not the type.
      if (!bySeatLabel.size) return labelFor(team[0]) ?? spec.type;
      return [...bySeatLabel].map(([l, seats], i) => `${i ? 'for' : 'For'} ${seats.join(' or ')}: ${l}`).join('; ');
    },
    fields(state, seat) {
      const team = hooksOf(state).proxy(state, seat);
      if (!team) {
        const zs = zoneSeat(state, seat, false);
        return isRuleError(zs) ? undefined : spec.fields?.(state, zs.zone, zs.side);
      }
      const options = targets(state, seat, team).map((s) => {
        const zs = zoneSeat(state, s, false) as { zone: ZoneState; side: Side };
        const question = spec.confirm ? spec.question?.(state, zs.zone, zs.side, seatWords(s)) : undefined;
        return { value: s, label: seatWords(s), fields: spec.fields?.(state, zs.zone, zs.side), ...(question ? { question } : {}) };
      });
      return { for: { kind: 'choice', label: 'For the seat', help: 'The team seat you give the order for (14.1); in the fields that follow, "you" is that seat\'s player.', options } };
    },
    run(state, action, dice) {
      const a = parse(action);
      if (isRuleError(a)) return a;
      const seat = action.seat;
      if (hooksOf(state).proxy(state, seat)) {
        const target = typeof action.for === 'string' ? action.for : '';
        const refusal = proxyWhy(state, seat, target);
        if (refusal) return refusal;
        return run(state, dice, apply, a, target, seat);
      }
      if (action.for !== undefined) return ruleError('not-a-proxy', 'Only an Overall Commander names a seat to act for (14.1).', '14.1');
      return run(state, dice, apply, a, seat);
    },
  };
}

const seatsOf = new WeakMap<CwnbState['options'], readonly string[]>();

/**
 * Every seat of the game: both sides of each War Zone, then any extra seats (14.1). One list per
 * game (the seats follow from the options), so that the same seat strings are looked up again.
 */
export function allSeats(state: CwnbState): readonly string[] {
  let seats = seatsOf.get(state.options);
  if (!seats) {
    seats = Object.freeze([...state.options.zones.flatMap((z) => [seatOf('allied', z), seatOf('soviet', z)]), ...hooksOf(state).otherSeats(state.options).map((s) => s.seat)]);
    seatsOf.set(state.options, seats);
  }
  return seats;
}

/** The team of a seat: a War Zone seat's side, or an extra seat's team (14.1), or null. */
export function teamOfSeat(state: CwnbState, seat: string): Side | null {
  const p = seatParts(seat);
  if (p) return state.zones[p.zone] ? p.side : null;
  return hooksOf(state).otherSeats(state.options).find((s) => s.seat === seat)?.team ?? null;
}

/** Who rolls a die for the whole game (13.1's end-game die): the Advantaged Player of the first War Zone listed. */
export function gameRollerSeat(state: CwnbState): string {
  const z = state.zones[state.options.zones[0]]!;
  return seatOf(advantagedSide(z.status), z.id);
}

/** The game's roller in words: "the Soviet player of the Persian Gulf". */
export function gameRollerWords(state: CwnbState): string {
  const z = state.options.zones[0];
  return `the ${sideName(advantagedSide(state.zones[z]!.status))} player of the ${zoneName(z)}`;
}

/** Everything a player resets at the start of a Campaign Game Turn (7.2.6); `p` is writable. */
export function freshTurnPlayer(p: PlayerState): void {
  p.order = { ships: [], cards: [], done: false };
  p.cardsBought = [];
  p.commitment = null;
  p.earned = { mission: 0, sinking: 0, other: 0, portStrike: 0 };
  p.shipsBought = 0;
  p.winnerTally = 0;
  p.retreating = false;
  p.retreats = 0;
  p.setAside = false;
  for (const id in p.fleet) updateShip(p, id, { committed: false });
}
