/** How seats, War Zones and moments of play read to people (the server's pages, the history). */
import type { EventInput } from '../../engine/module.ts';
import { isZoneId } from './data/index.ts';
import type { Side } from './data/types.ts';
import { seatWords, sideName, teamOfSeat, zoneName } from './rules/common.ts';
import { parseSeat, type CwnbState, type ZoneStep } from './state.ts';

/** "Mediterranean" for "mediterranean"; an id that names no War Zone stays as it is. */
export function placeName(place: string): string {
  return isZoneId(place) ? zoneName(place) : place;
}

/** The parts of the game the War Zones share, as an action's scope names them (src/modules/cwnb/rules/common.ts). */
const SHARED_PARTS: Record<string, string> = { 'non-combatant-deck': 'the Non-Combatant cards (8)', 'transfer-limits': 'the Transfer Limitations chart (13.3)' };

/** "the Mediterranean War Zone", "the Soviet part of the Mediterranean War Zone": a part of the game undo and rewinds name. */
export function scopeName(part: string): string {
  const [kind, id, side] = part.split(/[:/]/);
  const team = side ?? id;
  if (kind === 'zone' && isZoneId(id)) return side === 'allied' || side === 'soviet' ? `the ${sideName(side)} part of the ${zoneName(id)} War Zone` : `the ${zoneName(id)} War Zone`;
  if (team === 'allied' || team === 'soviet') {
    if (kind === 'seats') return `who holds the ${sideName(team)} seats (14.1)`;
    if (kind === 'notes') return `the ${sideName(team)} team notes`;
  }
  return SHARED_PARTS[part] ?? part;
}

/** "Allied, Mediterranean"; "Soviet Overall Commander" (14.1). */
export function seatLabel(state: CwnbState, seat: string): string {
  const team = seat.startsWith('commander:') ? teamOfSeat(state, seat) : null;
  return team ? `${sideName(team)} Overall Commander` : seatWords(seat);
}

/** "Allied" for the team "allied". */
export function teamLabel(_state: CwnbState, team: string): string {
  return team === 'allied' || team === 'soviet' ? sideName(team as Side) : team;
}

/** A War Zone's step of play in words. */
const STEP_WORDS: Record<ZoneStep, string> = {
  mission: 'the mission roll',
  conditions: 'Special Conditions',
  purchase: 'purchases',
  preparation: 'transfers and commitment',
  battle: 'the battle',
  'set-aside': 'the end of the battle',
  'turn-done': 'the end of the turn',
};

/** A War Zone's step of play as a board heads it, with its rule. */
export const STEP_NAMES: Record<ZoneStep, string> = {
  mission: 'Mission roll (6.A)',
  conditions: 'Special Conditions (13.2)',
  purchase: 'Purchases (6.C.2)',
  preparation: 'Transfers and commitment (6.C.3, 6.C.4)',
  battle: 'Battle Turns (7)',
  'set-aside': 'End of the battle: set aside a card (7.2.1)',
  'turn-done': 'Done for this Campaign Game Turn',
};

/** "turn 2, Mediterranean: purchases": the turn, and the seat's War Zone and its step (public). */
export function decision(state: CwnbState, seat: string): string {
  const p = parseSeat(seat);
  const zone = p ? state.zones[p.zone] : undefined;
  return zone ? `turn ${state.turn}, ${placeName(zone.id)}: ${STEP_WORDS[zone.step]}` : `turn ${state.turn}: a decision`;
}

/**
 * The moments the replay viewer offers to jump to: the purchases carried out (6.C.2), the one
 * phase every War Zone passes together (not the orders carried out before a player orders
 * again); each War Zone's commitments revealed (6.C.4), where its battle begins; the end (11).
 */
export function phaseMark(e: EventInput): string | null {
  const turn = `Turn ${typeof e.turn === 'number' ? e.turn : '?'}`;
  if (e.type === 'reveal' && e.zone === undefined && !e.reopened) return `${turn}: purchases carried out`;
  if (e.type === 'reveal' && typeof e.zone === 'string' && e.commitments) return `${turn}, ${placeName(e.zone)}: commitments revealed`;
  if (e.type === 'game-over') return 'Game over';
  return null;
}
