import { refuse } from '../../../engine/errors.ts';
import type { Side } from '../data/types.ts';
import type { CwnbState, NonCombatant, ShipState, ZoneState } from '../state.ts';
import { other } from '../state.ts';
import { isSubmarine, requireTerms, score, shipCard, sideName, zoneName, updateShip, type Events } from './common.ts';
import { awardPool, eliminated, poolLeft, scoreEndOfBattleTurn } from './mission-scoring.ts';
import { checkAirStrike } from '../optional/special-conditions.ts';
import { onShipSunk } from '../optional/flag-officers.ts';

/**
 * 7, 7.1: the Battle Turns are played with the card game's own rules; Wardroom records what
 * they produce and keeps the Point Tracks current from it.
 */

export function activeSide(zone: ZoneState): Side {
  const b = zone.battle!;
  return b.index % 2 === 0 ? b.first : other(b.first);
}

export function battleTurnNumber(zone: ZoneState): number {
  return Math.floor(zone.battle!.index / 2) + 1;
}

function inBattle(zone: ZoneState): void {
  if (zone.step !== 'battle') refuse('not-battle-step', `${zoneName(zone.id)}: the Battle Turns are not under way.`, '7');
  if (zone.battle!.toDeal > 0) refuse('deal-first', `${zoneName(zone.id)}: deal the Non-Combatants before the first Battle Turn (7.1, 8).`, '8');
}

function mustBeActive(zone: ZoneState, side: Side, what: string): void {
  const a = activeSide(zone);
  if (a !== side) refuse('not-your-battle-turn', `${what} happens in your own Battle Turn; it is ${sideName(a)}'s Battle Turn ${battleTurnNumber(zone)}.`, '7');
}

type Unit =
  | { kind: 'ship'; side: Side; id: string; ship: ShipState }
  | { kind: 'nc'; side: Side; id: string; nc: NonCombatant };

/** A committed ship or a Non-Combatant afloat in this zone's battle. */
function unit(zone: ZoneState, id: string): Unit {
  for (const side of ['allied', 'soviet'] as const) {
    const ship = zone.players[side].fleet[id];
    if (ship) {
      if (!ship.committed) refuse('ship-in-port', `"${id}" is in port this turn: it cannot attack or be attacked (6.C.4).`, '6.C.4');
      return { kind: 'ship', side, id, ship };
    }
  }
  const b = zone.battle!;
  const nc = b.nonCombatants.find((n) => n.id === id);
  if (nc) {
    if (nc.sunk) refuse('already-sunk', `${id} has already been sunk.`, '8');
    return { kind: 'nc', side: b.nonCombatantSide!, id, nc };
  }
  refuse('unknown-unit', `No committed ship or Non-Combatant "${id}" is afloat in the ${zoneName(zone.id)} battle.`, '7');
}

function unitName(state: CwnbState, u: Unit): string {
  return u.kind === 'ship' ? shipCard(state, u.id)!.name : `Non-Combatant ${u.id}`;
}

/** A ship sunk: its points go onto the opponent's Point Track at once (7, 10). */
export function recordSunk(state: CwnbState, zone: ZoneState, id: string, cause: string | undefined, events: Events): void {
  inBattle(zone);
  const u = unit(zone, id);
  const t = requireTerms(zone);
  const enemy = other(u.side);
  const how = cause ? ` (${cause})` : '';
  events.push({ type: 'sunk', zone: zone.id, side: u.side, unit: id, text: `${zoneName(zone.id)}: ${sideName(u.side)} ${unitName(state, u)} sunk${how}.` });
  if (u.kind === 'ship') {
    const card = shipCard(state, id)!;
    delete zone.players[u.side].fleet[id];
    state.sunk = [...state.sunk, id];
    onShipSunk(zone, u.side, id, events); // 13.4
    score(zone, enemy, card.points, 'sinking', events, `sank ${card.name}, ${card.points} points`);
    zone.players[enemy].winnerTally += card.points;
    // 8: an Allied LPH on a Military Escort doubles as a Military transport.
    if (card.kind === 'lph' && t.pair === 'militaryEscort' && t.nonCombatants!.side === u.side) {
      score(zone, enemy, t.points!, 'mission', events, `9.2: LPH sunk, counts as a Military transport`);
    }
  } else {
    u.nc.sunk = true;
    if (t.pair === 'militaryEscort' || t.pair === 'civilianEscort') {
      score(zone, enemy, t.points!, 'mission', events, `${t.rule}: Non-Combatant sunk`);
    }
  }
}

export function recordDamage(state: CwnbState, zone: ZoneState, id: string, amount: number, events: Events): void {
  inBattle(zone);
  if (!Number.isInteger(amount) || amount === 0) refuse('bad-damage', 'Damage is a whole number of points, added (positive) or repaired (negative).', '7');
  const u = unit(zone, id);
  const damage = (u.kind === 'ship' ? u.ship : u.nc).damage + amount;
  if (damage < 0) refuse('repair-too-much', `${unitName(state, u)} has only ${damage - amount} damage to repair.`, '7');
  if (u.kind === 'ship') updateShip(zone.players[u.side], id, { damage });
  else u.nc.damage = damage;
  events.push({
    type: 'damage',
    zone: zone.id,
    unit: id,
    text: `${zoneName(zone.id)}: ${unitName(state, u)} ${amount > 0 ? `takes ${amount} damage` : `repairs ${-amount} damage`}; now ${damage}.`,
  });
}

export function recordCondition(
  state: CwnbState,
  zone: ZoneState,
  id: string,
  condition: 'crippled' | 'critical' | 'passive',
  value: boolean,
  events: Events,
): void {
  inBattle(zone);
  const u = unit(zone, id);
  if (u.kind !== 'ship') refuse('not-a-ship', `${id} is a Non-Combatant; only its damage and sinking are recorded.`, '8');
  const card = shipCard(state, id)!;
  if (condition === 'passive' && !isSubmarine(card)) refuse('not-a-submarine', `${card.name} is not a submarine.`, '7');
  updateShip(zone.players[u.side], id, { [condition]: value });
  const word = { crippled: ['crippled', 'no longer crippled'], critical: ['critically damaged', 'no longer critically damaged'], passive: ['Passive', 'Active'] }[condition][value ? 0 : 1];
  events.push({ type: condition, zone: zone.id, unit: id, text: `${zoneName(zone.id)}: ${card.name} is ${word}.` });
}

/** Why this side may not retreat now (mission restrictions), or null. */
export function retreatBlocked(zone: ZoneState, side: Side): [code: string, message: string, rule: string] | null {
  const p = zone.players[side];
  const b = zone.battle!;
  if (p.retreating) return ['already-retreating', 'Your Task Force is already retreating.', '7'];
  if (requireTerms(zone).sides[side].retreat === 'once' && p.retreats >= 1) return ['retreat-once', 'Military Escort: a retreat is allowed only once per mission.', '9.2'];
  if (b.nonCombatantSide === side && b.nonCombatants.some((n) => n.kind === 'civilian' && !n.sunk)) {
    return ['retreat-with-civilians', 'A Task Force may not retreat while any Civilian Non-Combatant is afloat.', '9.1'];
  }
  return null;
}

/** A Task Force retreats, from its Retreat card to its player's next Clear the Decks. */
export function recordRetreat(state: CwnbState, zone: ZoneState, side: Side, events: Events): void {
  inBattle(zone);
  mustBeActive(zone, side, 'A Retreat');
  const t = requireTerms(zone);
  const p = zone.players[side];
  const rule = t.sides[side].retreat;
  const blocked = retreatBlocked(zone, side);
  if (blocked) refuse(...blocked);
  p.retreating = true;
  p.retreats += 1;
  events.push({ type: 'retreat', zone: zone.id, side, text: `${zoneName(zone.id)}: ${sideName(side)} Task Force retreats (until its next Clear the Decks).` });
  if (rule === 'opponent-scores') {
    const ships = Object.values(p.fleet).filter((s) => s.committed).length;
    const pts = ships * t.retreatPoints!;
    score(zone, other(side), pts, 'mission', events, `9.4: ${ships} ship(s) and submarine(s) in the retreating Task Force, ${t.retreatPoints} each`);
    zone.players[other(side)].winnerTally += pts;
  }
}

export type LandAttack =
  | { attack: 'carrier-air-strike'; success: boolean; surprise: boolean }
  | { attack: 'submarine-missile'; damage: number; surprise: boolean }
  | { attack: 'gun'; damage: number; surprise: boolean };

/** Attacks on Land Targets (9.1, 9.6–9.8). */
export function recordLandAttack(state: CwnbState, zone: ZoneState, side: Side, a: LandAttack, events: Events): void {
  inBattle(zone);
  mustBeActive(zone, side, 'An attack on Land Targets');
  const p = zone.players[side];
  if (p.retreating) refuse('retreating-no-attacks', 'A retreating Task Force skips General Quarters: no attacks, and no Pool points while retreating.', '9.1');
  if (a.attack !== 'carrier-air-strike' && (!Number.isInteger(a.damage) || a.damage < 0)) {
    refuse('bad-damage', 'The Damage Value of an attack is a whole number ≥ 0.', '9.1');
  }
  // The attacking platform must be in the battle: a carrier for an air strike, an Active missile-capable submarine for a submarine missile.
  const afloat = Object.entries(p.fleet).filter(([, s]) => s.committed).map(([id, s]) => ({ card: shipCard(state, id)!, s }));
  if (a.attack === 'carrier-air-strike' && !afloat.some((x) => x.card.kind === 'carrier')) {
    refuse('no-carrier-afloat', 'A Carrier Air Strike needs one of your committed Aircraft Carriers afloat.', '9.7');
  }
  if (a.attack === 'submarine-missile' && !afloat.some((x) => x.card.kind === 'missile-submarine' && !x.s.passive)) {
    refuse('no-missile-submarine', 'A submarine Missile Attack needs one of your committed missile-capable submarines afloat and Active.', '9.8');
  }
  const t = requireTerms(zone);
  const mission = t.sides[side].mission;
  const mult = a.surprise ? 2 : 1;
  const label = { 'carrier-air-strike': 'Carrier Air Strike', 'submarine-missile': 'submarine Missile Attack', gun: 'Gun Attack' }[a.attack];
  const detail = a.attack === 'carrier-air-strike' ? (a.success ? 'successful' : 'failed') : `Damage Value ${a.damage}`;
  events.push({ type: 'land-attack', zone: zone.id, side, text: `${zoneName(zone.id)}: ${sideName(side)} ${label} on Land Targets, ${detail}${a.surprise ? ', Surprise' : ''}.` });
  const noPoints = (why: string): void => {
    events.push({ type: 'note', text: `No Mission Points: ${why}.` });
  };
  if (a.attack === 'carrier-air-strike') {
    checkAirStrike(zone); // 13.2.1
    if (mission !== 'Carrier Strike') return noPoints('only the Carrier Strike Mission Player scores for Carrier Air Strikes (9.7)');
    if (!a.success) return;
    awardPool(zone, side, t.points! * mult, events, `9.7: successful Carrier Air Strike${a.surprise ? ', Surprise doubles' : ''}`);
  } else if (a.attack === 'submarine-missile') {
    if (mission !== 'Submarine Strike') return noPoints('only the Submarine Strike Mission Player scores for submarine Missile Attacks (9.8)');
    awardPool(zone, side, a.damage * mult, events, `9.8: submarine Missile Attack, Damage Value ${a.damage}${a.surprise ? ', Surprise doubles' : ''}`);
  } else {
    // 9.1 shore bombardment: Pool-mission attackers score Gun Attacks after the enemy is eliminated or while it retreats.
    if (!['Invasion', 'Carrier Strike', 'Submarine Strike'].includes(mission)) {
      return noPoints('shore bombardment scores only for a Mission Player with a Point Pool against Land Targets (9.1)');
    }
    const enemy = other(side);
    if (!eliminated(state, zone, enemy) && !zone.players[enemy].retreating) {
      return noPoints('Gun Attacks on Land Targets score only after the enemy Task Force is eliminated or while it is retreating (9.1)');
    }
    const b = zone.battle!;
    const pts = Math.min(a.damage, b.pool! - b.shoreBombardment);
    b.shoreBombardment += pts;
    score(zone, side, pts, 'mission', events, `9.1 shore bombardment (separate from the Pool; ${b.shoreBombardment} of at most ${b.pool})`);
  }
}

/** End of a player's Battle Turn: per-turn mission scoring, then the next player's turn (7). */
export function endBattleTurn(state: CwnbState, zone: ZoneState, side: Side, events: Events): void {
  inBattle(zone);
  mustBeActive(zone, side, 'Ending a Battle Turn');
  const b = zone.battle!;
  const n = battleTurnNumber(zone);
  for (const s of ['allied', 'soviet'] as const) {
    const now = eliminated(state, zone, s);
    if (now !== b.eliminated[s]) {
      b.eliminated[s] = now;
      events.push({ type: 'eliminated', zone: zone.id, side: s, text: `${zoneName(zone.id)}: the ${sideName(s)} Task Force is ${now ? 'eliminated' : 'no longer eliminated'}.` });
    }
  }
  scoreEndOfBattleTurn(state, zone, side, events);
  events.push({ type: 'battle-turn', zone: zone.id, side, text: `${zoneName(zone.id)}: ${sideName(side)} Battle Turn ${n} of ${b.turnsPerPlayer} ends.` });
  b.index += 1;
  if (b.index >= 2 * b.turnsPerPlayer) {
    zone.step = 'set-aside';
    events.push({ type: 'battle-over', zone: zone.id, text: `${zoneName(zone.id)}: all Battle Turns played${b.pool === null ? '' : `; Point Pool left: ${poolLeft(zone)}`}.` });
    return;
  }
  const next = activeSide(zone);
  if (zone.players[next].retreating) {
    zone.players[next].retreating = false;
    events.push({ type: 'retreat-ends', zone: zone.id, side: next, text: `${zoneName(zone.id)}: Clear the Decks — the ${sideName(next)} retreat ends.` });
  }
}
