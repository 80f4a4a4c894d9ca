import { CommandError } from './command-line.ts';
import { ZONE_IDS, type ZoneId } from '../../modules/cwnb/data/types.ts';
import type { CwnbState } from '../../modules/cwnb/state.ts';

/** War Zone and seat names as people type them ("med", "a:na"). */
export function resolveZone(text: string, zones: readonly ZoneId[] = ZONE_IDS): ZoneId {
  const t = text.toLowerCase();
  const initials = (id: string) => id.split('-').map((w) => w[0]).join('');
  const hits = zones.filter((z) => z === t || z.startsWith(t) || initials(z) === t);
  if (hits.length === 1) return hits[0];
  throw new CommandError(hits.length ? `"${text}" could mean ${hits.join(' or ')}.` : `No War Zone "${text}" in this game (${zones.join(', ')}).`);
}

/** "allied:med", "a:na", "soviet" (when one zone is in play). */
export function resolveSeat(text: string, state: CwnbState): string {
  if (text === 'referee') return text;
  return resolveSeatIn(text, state.options.zones);
}

/** A viewer as typed (--as): referee, spectator, a team, or a seat as `play` reads it ("a:med"); the text itself when it names none. */
export function viewerText(text: string, state: CwnbState, teams: readonly string[]): string {
  if (text === 'referee' || text === 'spectator' || teams.includes(text)) return text;
  try {
    return resolveSeatIn(text, state.options.zones);
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
