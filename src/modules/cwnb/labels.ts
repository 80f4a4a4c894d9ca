/** How seats, War Zones and moments of play read to people (the server's pages, the history). */
import type { EventInput } from '../../engine/module.ts';
import { isZoneId } from './data/index.ts';
import { sideName, teamOfSeat, zoneName } from './rules/common.ts';
import { parseSeat, type CwnbState } from './state.ts';

/** "Mediterranean" for "mediterranean"; an id that names no War Zone stays as it is. */
export function placeName(place: string): string {
  return isZoneId(place) ? zoneName(place) : place;
}

/** "Allied, Mediterranean"; "Soviet Overall Commander" (14.1). */
export function seatLabel(state: CwnbState, seat: string): string {
  const p = parseSeat(seat);
  if (p) return `${sideName(p.side)}, ${placeName(p.zone)}`;
  const team = teamOfSeat(state, seat);
  return seat.startsWith('commander:') && team ? `${sideName(team)} Overall Commander` : seat;
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
