import { CommandError } from './command-line.ts';
import { ZONE_IDS, type ZoneId } from '../../modules/cwnb/data/types.ts';
import type { CwnbState } from '../../modules/cwnb/state.ts';

/** War Zone and seat names as people type them ("med", "a:na"); `zones`: a game's, else the rulebook's. */
export function resolveZone(text: string, zones?: readonly ZoneId[]): ZoneId {
  const t = text.toLowerCase();
  const initials = (id: string) => id.split('-').map((w) => w[0]).join('');
  const hits = (zones ?? ZONE_IDS).filter((z) => z === t || z.startsWith(t) || initials(z) === t);
  if (hits.length === 1) return hits[0];
  throw new CommandError(hits.length ? `"${text}" could mean ${hits.join(' or ')}.` : `No War Zone "${text}"${zones ? ' in this game' : ''} (${(zones ?? ZONE_IDS).join(', ')}).`);
}

/** "allied:med", "a:na", "soviet" (when one zone is in play), or the name of the player who holds the seat ("Ann"). */
export function resolveSeat(text: string, state: CwnbState): string {
  if (text === 'referee') return text;
  try {
    return resolveSeatIn(text, state.options.zones);
  } catch (e) {
    const held = e instanceof CommandError ? seatHeldBy(text, state) : null;
    if (held) return held;
    throw e;
  }
}

/** The seats a player of this name holds (the game's player names, as 14.1 moves them). */
function seatsHeldBy(name: string, state: CwnbState): string[] {
  return Object.keys(state.holders).filter((seat) => state.holders[seat]?.toLowerCase() === name.toLowerCase());
}

const holdsSeveral = (name: string, seats: readonly string[]) => `${name} holds more than one seat (${seats.join(', ')}): name the seat.`;

/** The seat a player of this name holds, or null; a name on several seats is refused, naming them. */
function seatHeldBy(name: string, state: CwnbState): string | null {
  const seats = seatsHeldBy(name, state);
  if (seats.length > 1) throw new CommandError(holdsSeveral(name, seats));
  return seats[0] ?? null;
}

/** Why `--as TEXT` names no viewer of `where`: a player's name on several seats of a CWNB game (`state`), naming them; else the viewers there are. */
export function notAViewer(text: string, where: string, state: CwnbState | null, seats: readonly string[], teams: readonly string[]): string {
  const held = state ? seatsHeldBy(text, state) : [];
  return `--as ${text}: ${held.length > 1 ? holdsSeveral(text, held) : `not a viewer of ${where}; choose a seat (${seats.join(', ')}), a team (${teams.join(', ')}), referee or spectator.`}`;
}

/** A viewer as typed (--as): referee, spectator, a team, or a seat as `play` reads it ("a:med", "Ann"); the text itself when it names none. */
export function viewerText(text: string, state: CwnbState, teams: readonly string[]): string {
  if (text === 'spectator' || teams.includes(text)) return text;
  try {
    return resolveSeat(text, state);
  } catch (e) {
    if (e instanceof CommandError) return text; // the caller names the viewers there are
    throw e;
  }
}

/** A seat as typed, among the War Zones `zones` (an Overall Commander's seat, 14.1, whatever the zones). */
export function resolveSeatIn(text: string, zones: readonly ZoneId[]): string {
  const [first, rest] = text.split(':');
  if (first && 'commander'.startsWith(first.toLowerCase()) && rest) {
    const side = 'allied'.startsWith(rest.toLowerCase()) ? 'allied' : 'soviet'.startsWith(rest.toLowerCase()) ? 'soviet' : null;
    if (!side) throw new CommandError(`commander:allied or commander:soviet, not "${text}".`);
    return `commander:${side}`;
  }
  const [s, z] = text.split(':');
  const side = 'allied'.startsWith(s.toLowerCase()) ? 'allied' : 'soviet'.startsWith(s.toLowerCase()) ? 'soviet' : null;
  if (!side || !s) throw new CommandError(`A seat is side:zone, e.g. allied:mediterranean or s:na; got "${text}".`);
  const zone = z ? resolveZone(z, zones) : zones.length === 1 ? zones[0] : null;
  if (!zone) throw new CommandError(`Say which War Zone: ${zones.map((id) => `${side}:${id}`).join(', ')}.`);
  return `${side}:${zone}`;
}
