import { z } from 'zod';
import { refuse } from '../../../engine/errors.ts';
import type { FieldOption, Fields, UnavailableOption } from '../../../engine/module.ts';
import type { Side } from '../data/types.ts';
import type { BattleState, CwnbState, NonCombatant, ShipState, ZoneState } from '../state.ts';
import { other } from '../state.ts';
import { isSubmarine, no, pointsText, removeShip, requireTerms, say, score, shipCard, sideName, SIDES, updateShip, writableBattle, writablePlayer, zoneAction, zoneName, type Ctx } from './common.ts';
import { awardPool, eliminated, eliminatedInMission, scoreEndOfBattleTurn } from './mission-scoring.ts';

/**
 * 7, 7.1: the Battle Turns are played with the card game's own rules; Wardroom records what
 * they produce and keeps the Point Tracks current from it. Either player of the zone may record
 * a ship sunk, damaged, crippled or critically damaged, or a submarine's mode; the player whose
 * Battle Turn it is records a Retreat, an attack on Land Targets and the end of the Battle Turn.
 */

export function activeSide(zone: ZoneState): Side {
  const b = zone.battle!;
  return b.index % 2 === 0 ? b.first : other(b.first);
}

export function battleTurnNumber(zone: ZoneState): number {
  return Math.floor(zone.battle!.index / 2) + 1;
}

function inBattle(zone: ZoneState, explain: boolean) {
  if (zone.step !== 'battle') return no(explain, 'not-battle-step', () => `${zoneName(zone.id)}: the Battle Turns are not under way.`, '7');
  if (zone.battle!.toDeal > 0) return no(explain, 'deal-first', () => `${zoneName(zone.id)}: deal the Non-Combatants before the first Battle Turn (7.1, 8).`, '8');
  return null;
}

function active(zone: ZoneState, side: Side, what: string, explain: boolean) {
  const why = inBattle(zone, explain);
  if (why) return why;
  const a = activeSide(zone);
  return a === side ? null : no(explain, 'not-your-battle-turn', () => `${what} happens in your own Battle Turn; it is ${sideName(a)}'s Battle Turn ${battleTurnNumber(zone)}.`, '7');
}

type Unit = { kind: 'ship'; side: Side; id: string; ship: ShipState } | { kind: 'nc'; side: Side; id: string; nc: NonCombatant; index: number };

/** A committed ship or a Non-Combatant afloat in this zone's battle. */
function unit(zone: ZoneState, id: string): Unit {
  for (const side of SIDES) {
    const ship = zone.players[side].fleet[id];
    if (ship) {
      if (!ship.committed) refuse('ship-in-port', `"${id}" is in port this turn: it cannot attack or be attacked (6.C.4).`, '6.C.4');
      return { kind: 'ship', side, id, ship };
    }
  }
  const b = zone.battle!;
  const index = b.nonCombatants.findIndex((n) => n.id === id);
  if (index >= 0) {
    const nc = b.nonCombatants[index];
    if (nc.sunk) refuse('already-sunk', `${id} has already been sunk.`, '8');
    return { kind: 'nc', side: b.nonCombatantSide!, id, nc, index };
  }
  refuse('unknown-unit', `No committed ship or Non-Combatant "${id}" is afloat in the ${zoneName(zone.id)} battle.`, '7');
}

function unitName(state: CwnbState, u: Unit): string {
  return u.kind === 'ship' ? shipCard(state, u.id)!.name : `Non-Combatant ${u.id}`;
}

function replaceNonCombatant(zone: ZoneState, index: number, nc: NonCombatant): void {
  const b = writableBattle(zone);
  b.nonCombatants = b.nonCombatants.map((n, i) => (i === index ? nc : n));
}

/** A ship or a Non-Combatant of the battle as a form names it: "Allied USS Kidd (10 points)", "Allied Non-Combatant NC-3". */
function shipOption(state: CwnbState, side: Side, id: string): FieldOption {
  const card = shipCard(state, id)!;
  return { value: id, label: `${sideName(side)} ${card.name} (${pointsText(card.points)})` };
}
const nonCombatantOption = (b: BattleState, n: NonCombatant): FieldOption => ({ value: n.id, label: `${sideName(b.nonCombatantSide!)} Non-Combatant ${n.id}` });
const kindFits = (state: CwnbState, id: string, which: 'all' | 'ships' | 'submarines') => which !== 'submarines' || isSubmarine(shipCard(state, id)!);

/** The units afloat in the battle, for a form: committed ships (or only submarines), and with 'all' the Non-Combatants. */
function units(state: CwnbState, zone: ZoneState, which: 'all' | 'ships' | 'submarines'): FieldOption[] {
  const out: FieldOption[] = [];
  for (const s of SIDES) {
    const fleet = zone.players[s].fleet;
    for (const id in fleet) if (fleet[id].committed && kindFits(state, id, which)) out.push(shipOption(state, s, id));
  }
  const b = zone.battle!;
  if (which === 'all') for (const n of b.nonCombatants) if (!n.sunk) out.push(nonCombatantOption(b, n));
  return out;
}

/** Is any such unit afloat in the battle? (`units` without building the options: asked after every action.) */
function anyAfloat(state: CwnbState, zone: ZoneState, which: 'all' | 'ships' | 'submarines'): boolean {
  for (const s of SIDES) {
    const fleet = zone.players[s].fleet;
    for (const id in fleet) if (fleet[id].committed && kindFits(state, id, which)) return true;
  }
  return which === 'all' && zone.battle!.nonCombatants.some((n) => !n.sunk);
}

function recording(which: 'all' | 'ships' | 'submarines') {
  return (state: CwnbState, zone: ZoneState, _side: Side, explain: boolean) =>
    inBattle(zone, explain) ?? (anyAfloat(state, zone, which) ? null : no(explain, 'nothing-afloat', () => `${zoneName(zone.id)}: no such unit is afloat in the battle.`));
}

/** The units of this battle already sunk, named with why: a name typed late is answered (7). */
function sunkUnits(state: CwnbState, zone: ZoneState, which: 'all' | 'ships' | 'submarines'): UnavailableOption[] {
  const why = 'it was sunk (7)';
  const out: UnavailableOption[] = [];
  for (const s of SIDES) {
    const p = zone.players[s];
    for (const id of p.commitment?.ships ?? []) if (!p.fleet[id] && kindFits(state, id, which)) out.push({ ...shipOption(state, s, id), why });
  }
  const b = zone.battle!;
  if (which === 'all') for (const n of b.nonCombatants) if (n.sunk) out.push({ ...nonCombatantOption(b, n), why });
  return out;
}

function unitField(state: CwnbState, zone: ZoneState, which: 'all' | 'ships' | 'submarines', label = 'Ship') {
  const unavailable = sunkUnits(state, zone, which);
  return { kind: 'choice' as const, label, options: units(state, zone, which), ...(unavailable.length ? { unavailable } : {}) };
}

/** 7, 10: a ship sunk: its points go onto the opponent's Point Track at once. */
export const sink = zoneAction({
  type: 'sink',
  steps: ['battle'],
  commands: [{ word: 'sink' }],
  rule: '7',
  decision: false,
  schema: z.object({ ship: z.string().min(1), cause: z.string().optional() }),
  label: () => 'Record a ship sunk',
  when: recording('all'),
  fields: (state, zone) => ({ ship: { ...unitField(state, zone, 'all', 'Ship or Non-Combatant sunk'), term: 'UNIT', help: "The ship or Non-Combatant that went down; the points for sinking it go onto the opponent's Point Track at once (7)." }, cause: { kind: 'text', label: 'Sunk by', help: 'e.g. "torpedo", for the log', optional: true, maxLength: 200 } }),
  apply(state, zone, _side, a, ctx) {
    const u = unit(zone, a.ship);
    const t = requireTerms(zone);
    const enemy = other(u.side);
    say(ctx, { type: 'sunk', zone: zone.id, side: u.side, unit: a.ship, ...(a.cause ? { cause: a.cause } : {}), text: `${zoneName(zone.id)}: ${sideName(u.side)} ${unitName(state, u)} sunk${a.cause ? ` (${a.cause})` : ''}.` });
    if (u.kind === 'ship') {
      const card = shipCard(state, a.ship)!;
      removeShip(writablePlayer(zone, u.side), a.ship);
      state.sunk = [...state.sunk, a.ship];
      ctx.hooks.shipSunk(zone, u.side, a.ship, ctx); // 13.4
      score(zone, enemy, card.points, 'sinking', ctx, `sank ${card.name}, ${card.points} points`);
      writablePlayer(zone, enemy).winnerTally += card.points;
      // 8: an Allied LPH on a Military Escort doubles as a Military transport.
      if (card.kind === 'lph' && (u.side === 'allied' || state.options.rulings === '0.1') && t.pair === 'militaryEscort' && t.nonCombatants!.side === u.side) {
        score(zone, enemy, t.points!, 'mission', ctx, '9.2: LPH sunk, counts as a Military transport');
      }
    } else {
      replaceNonCombatant(zone, u.index, { ...u.nc, sunk: true });
      if (t.pair === 'militaryEscort' || t.pair === 'civilianEscort') score(zone, enemy, t.points!, 'mission', ctx, `${t.rule}: Non-Combatant sunk`);
    }
  },
});

/** 7: Damage cards added to (or removed from) a ship or Non-Combatant. */
export const damage = zoneAction({
  type: 'damage',
  steps: ['battle'],
  commands: [{ word: 'damage' }],
  rule: '7',
  decision: false,
  schema: z.object({ ship: z.string().min(1), amount: z.number().int() }),
  label: () => 'Record damage added (+) or repaired (−)',
  when: recording('all'),
  fields: (state, zone) => ({ ship: { ...unitField(state, zone, 'all', 'Ship or Non-Combatant'), term: 'UNIT', help: 'The ship or Non-Combatant whose Damage cards changed (7).' }, amount: { kind: 'int', label: 'Damage', help: 'Points of damage added, or negative for repairs.', min: -99, max: 99 } }),
  apply(state, zone, _side, a, ctx) {
    if (a.amount === 0 || Math.abs(a.amount) > 99) refuse('bad-damage', 'Damage is a whole number of points (1 to 99), added (positive) or repaired (negative).', '7');
    const u = unit(zone, a.ship);
    const now = (u.kind === 'ship' ? u.ship : u.nc).damage + a.amount;
    if (now < 0) refuse('repair-too-much', `${unitName(state, u)} has only ${now - a.amount} damage to repair.`, '7');
    if (u.kind === 'ship') updateShip(writablePlayer(zone, u.side), a.ship, { damage: now });
    else replaceNonCombatant(zone, u.index, { ...u.nc, damage: now });
    say(ctx, {
      type: 'damage',
      zone: zone.id,
      unit: a.ship,
      amount: a.amount,
      damage: now,
      text: `${zoneName(zone.id)}: ${unitName(state, u)} ${a.amount > 0 ? `takes ${a.amount} damage` : `repairs ${-a.amount} damage`}; now ${now}.`,
    });
  },
});

const WORDS = { crippled: ['crippled', 'no longer crippled'], critical: ['critically damaged', 'no longer critically damaged'], passive: ['Passive', 'Active'] } as const;

function recordCondition(state: CwnbState, zone: ZoneState, id: string, condition: 'crippled' | 'critical' | 'passive', value: boolean, ctx: Ctx): void {
  const u = unit(zone, id);
  if (u.kind !== 'ship') refuse('not-a-ship', `${id} is a Non-Combatant; only its damage and sinking are recorded.`, '8');
  const card = shipCard(state, id)!;
  if (condition === 'passive' && !isSubmarine(card)) refuse('not-a-submarine', `${card.name} is not a submarine.`, '7');
  updateShip(writablePlayer(zone, u.side), id, { [condition]: value });
  say(ctx, { type: condition, zone: zone.id, unit: id, value, text: `${zoneName(zone.id)}: ${card.name} is ${WORDS[condition][value ? 0 : 1]}.` });
}

const toggle = { kind: 'bool' as const, label: 'Yes (no: no longer)', term: 'yes|no', help: 'Yes records the ship in that condition; no records that it no longer is (7).', optional: true, default: true };

/** 7: a ship recorded crippled or critically damaged (or no longer). */
function conditionAction(type: string, word: string, condition: 'crippled' | 'critical', what: string) {
  return zoneAction({
    type,
    steps: ['battle'],
    commands: [{ word }],
    rule: '7',
    decision: false,
    schema: z.object({ ship: z.string().min(1), value: z.boolean().default(true) }),
    label: () => `Record a ship ${what} (or no longer)`,
    when: recording('ships'),
    fields: (state, zone) => ({ ship: { ...unitField(state, zone, 'ships'), help: `The ship in the battle that is now ${what}, or no longer is (7).` }, value: toggle }),
    apply: (state, zone, _side, a, ctx) => recordCondition(state, zone, a.ship, condition, a.value, ctx),
  });
}

export const cripple = conditionAction('cripple', 'cripple', 'crippled', 'crippled');
export const criticalDamage = conditionAction('criticalDamage', 'critical', 'critical', 'critically damaged');

export const submarine = zoneAction({
  type: 'submarine',
  steps: ['battle'],
  commands: [{ word: 'passive', fixed: { mode: 'passive' } }, { word: 'active', fixed: { mode: 'active' } }],
  rule: '7',
  decision: false,
  schema: z.object({ ship: z.string().min(1), mode: z.enum(['active', 'passive']) }),
  label: () => 'Record a submarine Active or Passive',
  when: recording('submarines'),
  fields: (state, zone) => ({
    ship: { ...unitField(state, zone, 'submarines', 'Submarine'), help: 'The submarine in the battle that changed mode at the table (7).' },
    mode: { kind: 'choice', label: 'Mode', help: "The submarine's mode now; on some missions a Passive submarine counts as eliminated (9.5, 9.6).", options: [{ value: 'active', label: 'Active' }, { value: 'passive', label: 'Passive' }] },
  }),
  apply: (state, zone, _side, a, ctx) => recordCondition(state, zone, a.ship, 'passive', a.mode === 'passive', ctx),
});

/** Why this side may not retreat now (mission restrictions), or null. */
function retreatBlocked(zone: ZoneState, side: Side, explain: boolean) {
  const p = zone.players[side];
  const b = zone.battle!;
  if (p.retreating) return no(explain, 'already-retreating', () => 'Your Task Force is already retreating.');
  if (requireTerms(zone).sides[side].retreat === 'once' && p.retreats >= 1) return no(explain, 'retreat-once', () => 'Military Escort: a retreat is allowed only once per mission.', '9.2');
  if (b.nonCombatantSide === side && b.nonCombatants.some((n) => n.kind === 'civilian' && !n.sunk)) {
    return no(explain, 'retreat-with-civilians', () => 'A Task Force may not retreat while any Civilian Non-Combatant is afloat.', '9.1');
  }
  return null;
}

/** How a Task Force is eliminated, in words: 9.5 and 9.6 count ships afloat as eliminated, and Non-Combatants afloat are part of it (7.1). */
function eliminatedHow(state: CwnbState, zone: ZoneState, side: Side): string {
  if (!eliminated(state, zone, side)) return `counts as eliminated (${requireTerms(zone).rule}: ${zone.players[side].retreating ? 'retreating' : 'only Passive submarines afloat'})`;
  const b = zone.battle!;
  return b.nonCombatantSide === side && b.nonCombatants.some((n) => !n.sunk) ? 'is eliminated: no warship afloat (its Non-Combatants are)' : 'is eliminated';
}

/** A Task Force retreats, from its Retreat card to its player's next Clear the Decks. */
export const retreat = zoneAction({
  type: 'retreat',
  steps: ['battle'],
  commands: [{ word: 'retreat' }],
  rule: '7',
  decision: false,
  schema: z.object({}),
  confirm: true, // one tap from "End your Battle Turn" on a phone; in some missions the opponent scores for it
  toldWhenClosed: ['retreat-once', 'retreat-with-civilians'],
  label: () => 'Record a Retreat card played (Task Force retreats)',
  when: (_state, zone, side, explain) => active(zone, side, 'A Retreat', explain) ?? retreatBlocked(zone, side, explain),
  apply(_state, zone, side, _a, ctx) {
    const t = requireTerms(zone);
    const p = writablePlayer(zone, side);
    p.retreating = true;
    p.retreats += 1;
    say(ctx, { type: 'retreat', zone: zone.id, side, text: `${zoneName(zone.id)}: ${sideName(side)} Task Force retreats (until its next Clear the Decks).` });
    if (t.sides[side].retreat === 'opponent-scores') {
      const ships = Object.values(p.fleet).filter((s) => s.committed).length;
      const pts = ships * t.retreatPoints!;
      score(zone, other(side), pts, 'mission', ctx, `9.4: ${ships} ship(s) and submarine(s) in the retreating Task Force, ${t.retreatPoints} each`);
      writablePlayer(zone, other(side)).winnerTally += pts;
    }
  },
});

const ATTACK_NAMES = { 'carrier-air-strike': 'Carrier Air Strike', 'submarine-missile': 'submarine Missile Attack', gun: 'Gun Attack' } as const;
const FOG_OF_WAR = 'Each attack on Land Targets counts against your Fog of War allotment (9, Land Targets).';
const DAMAGE_VALUE: Fields = { damage: { kind: 'int', label: 'Damage Value', help: "The attack card's Damage Value against the Land Targets; 0 for an attack stopped by a Point Defense card (ECM or Early Warning Systems, 9.8).", min: 0, max: 20 } };

/** Attacks on Land Targets (9.1, 9.6–9.8). */
export const landAttack = zoneAction({
  type: 'landAttack',
  steps: ['battle'],
  commands: [{ word: 'air', fixed: { attack: 'carrier-air-strike' } }, { word: 'missile', fixed: { attack: 'submarine-missile' } }, { word: 'gun', fixed: { attack: 'gun' } }],
  rule: '9.1',
  decision: false,
  help: FOG_OF_WAR,
  schema: z.object({
    attack: z.enum(['carrier-air-strike', 'submarine-missile', 'gun']),
    success: z.boolean().optional(),
    damage: z.number().int().optional(),
    surprise: z.boolean().default(false),
  }),
  label: () => 'Record an attack on Land Targets',
  when(_state, zone, side, explain) {
    const why = active(zone, side, 'An attack on Land Targets', explain);
    if (why) return why;
    return zone.players[side].retreating ? no(explain, 'retreating-no-attacks', () => 'A retreating Task Force skips General Quarters: no attacks, and no Pool points while retreating.', '7') : null;
  },
  fields: (): Fields => ({
    attack: {
      kind: 'choice',
      label: 'Attack',
      help: 'The attack card played against the Land Targets.', // the Fog of War reminder is the action's help, said once
      options: [
        { value: 'carrier-air-strike', label: 'Carrier Air Strike', fields: { success: { kind: 'bool', label: 'Successful', term: 'hit|miss', help: "Whether the air strike on the Land Targets succeeded; each success scores the Carrier Strike mission's points from the Point Pool (9.7)." } } },
        { value: 'submarine-missile', label: 'Submarine Missile Attack', fields: DAMAGE_VALUE },
        { value: 'gun', label: 'Gun Attack', fields: DAMAGE_VALUE },
      ],
    },
    surprise: { kind: 'bool', label: 'Surprise Attack', help: "Played with a Surprise Attack card: a successful Carrier Strike air strike or Submarine Strike missile attack scores double points (9.7, 9.8).", optional: true, default: false },
  }),
  apply(state, zone, side, a, ctx) {
    if (a.attack === 'carrier-air-strike' && typeof a.success !== 'boolean') refuse('success-required', 'Say whether the Carrier Air Strike succeeded.', '9.7');
    if (a.attack !== 'carrier-air-strike' && a.damage === undefined) refuse('damage-required', "Give the attack card's Damage Value.", '9.1');
    if (a.damage! < 0) refuse('bad-damage', 'The Damage Value of an attack is a whole number ≥ 0.', '9.1');
    const p = zone.players[side];
    // The attacking platform must be in the battle: a carrier for an air strike, an Active missile-capable submarine for a submarine missile.
    const afloat = Object.entries(p.fleet)
      .filter(([, s]) => s.committed)
      .map(([id, s]) => ({ card: shipCard(state, id)!, s }));
    if (a.attack === 'carrier-air-strike' && !afloat.some((x) => x.card.kind === 'carrier')) {
      refuse('no-carrier-afloat', 'A Carrier Air Strike needs one of your committed Aircraft Carriers afloat.', '9.7');
    }
    if (a.attack === 'submarine-missile' && !afloat.some((x) => x.card.kind === 'missile-submarine' && !x.s.passive)) {
      refuse('no-missile-submarine', 'A submarine Missile Attack needs one of your committed missile-capable submarines afloat and Active.', '9.8');
    }
    if (a.attack === 'gun' && !afloat.length && state.options.rulings !== '0.1') refuse('no-ship-afloat', 'A Gun Attack needs one of your committed ships afloat.', '9.1');
    if (a.attack === 'carrier-air-strike') ctx.hooks.checkAirStrike(zone); // 13.2.1
    const t = requireTerms(zone);
    const mission = t.sides[side].mission;
    const mult = a.surprise ? 2 : 1;
    const detail = a.attack === 'carrier-air-strike' ? (a.success ? 'successful' : 'failed') : `Damage Value ${a.damage}`;
    say(ctx, {
      type: 'land-attack',
      zone: zone.id,
      side,
      attack: a.attack,
      ...(a.attack === 'carrier-air-strike' ? { success: a.success } : { damage: a.damage }),
      surprise: a.surprise,
      text: `${zoneName(zone.id)}: ${sideName(side)} ${ATTACK_NAMES[a.attack]} on Land Targets, ${detail}${a.surprise ? ', Surprise' : ''} (one Fog of War allotment).`,
    });
    const noPoints = (rule: string, why: string) => say(ctx, { type: 'note', zone: zone.id, rule, text: `No Mission Points: ${why}.` });
    if (a.attack === 'carrier-air-strike') {
      if (mission !== 'Carrier Strike') return noPoints('9.7', 'only the Carrier Strike Mission Player scores for Carrier Air Strikes (9.7)');
      if (a.success) awardPool(zone, side, t.points! * mult, ctx, `9.7: successful Carrier Air Strike${a.surprise ? ', Surprise doubles' : ''}`);
      return;
    }
    if (a.attack === 'submarine-missile') {
      if (mission !== 'Submarine Strike') return noPoints('9.8', 'only the Submarine Strike Mission Player scores for submarine Missile Attacks (9.8)');
      awardPool(zone, side, a.damage! * mult, ctx, `9.8: submarine Missile Attack, Damage Value ${a.damage}${a.surprise ? ', Surprise doubles' : ''}`);
      return;
    }
    // 9.1 shore bombardment: Pool-mission attackers score Gun Attacks after the enemy is eliminated or while it retreats.
    if (!['Invasion', 'Carrier Strike', 'Submarine Strike'].includes(mission)) {
      return noPoints('9.1', 'shore bombardment scores only for the Invasion, Carrier Strike and Submarine Strike Mission Players, who attack Land Targets for points (9.1)');
    }
    const enemy = other(side);
    if (!eliminated(state, zone, enemy) && !zone.players[enemy].retreating) {
      return noPoints('9.1', 'Gun Attacks on Land Targets score only after the enemy Task Force is eliminated or while it is retreating (9.1; a Passive submarine afloat is not eliminated)');
    }
    const b = writableBattle(zone);
    const pts = Math.min(a.damage!, b.pool! - b.shoreBombardment);
    b.shoreBombardment += pts;
    score(zone, side, pts, 'mission', ctx, `9.1 shore bombardment (separate from the Pool; ${b.shoreBombardment} of at most ${b.pool})`);
  },
});

/** End of a player's Battle Turn: per-turn mission scoring, then the next player's turn (7). */
export const endBattleTurn = zoneAction({
  type: 'endBattleTurn',
  steps: ['battle'],
  commands: [{ word: 'end' }],
  rule: '7',
  schema: z.object({}),
  label: (_state, zone) => `End your Battle Turn ${battleTurnNumber(zone)} of ${zone.battle!.turnsPerPlayer}`,
  when: (_state, zone, side, explain) => active(zone, side, 'Ending a Battle Turn', explain),
  apply(state, zone, side, _a, ctx) {
    const b = writableBattle(zone);
    const n = battleTurnNumber(zone);
    for (const s of SIDES) {
      const now = eliminatedInMission(state, zone, s);
      if (now !== b.eliminated[s]) {
        b.eliminated = { ...b.eliminated, [s]: now };
        say(ctx, { type: 'eliminated', zone: zone.id, side: s, eliminated: now, text: `${zoneName(zone.id)}: the ${sideName(s)} Task Force ${now ? eliminatedHow(state, zone, s) : 'is no longer eliminated'}.` });
      }
    }
    scoreEndOfBattleTurn(state, zone, side, ctx);
    say(ctx, { type: 'battle-turn', zone: zone.id, side, battleTurn: n, of: b.turnsPerPlayer, text: `${zoneName(zone.id)}: ${sideName(side)} Battle Turn ${n} of ${b.turnsPerPlayer} ends.` });
    b.index += 1;
    if (b.index >= 2 * b.turnsPerPlayer) return; // 7.2: the sequence of play concludes the Battle Turns
    const next = activeSide(zone);
    if (zone.players[next].retreating) {
      writablePlayer(zone, next).retreating = false;
      say(ctx, { type: 'retreat-ends', zone: zone.id, side: next, text: `${zoneName(zone.id)}: Clear the Decks — the ${sideName(next)} retreat ends.` });
    }
  },
});
