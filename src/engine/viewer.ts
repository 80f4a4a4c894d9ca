/**
 * Who is looking, and who may see what. Everything that reaches a person (a view, an event, an
 * export) is computed for one viewer:
 * - a seat ("allied:mediterranean"): a player; sees public information, its own seat's and its
 *   team's secrets;
 * - a team ("allied"): e.g. a CWNB Overall Commander (14.1); sees its team's secrets;
 * - the referee: sees everything (never the dice seed, which is not in any state);
 * - a spectator: public information only.
 * A bare team name is a team, never a seat.
 */
export type Viewer =
  | { readonly kind: 'seat'; readonly seat: string }
  | { readonly kind: 'team'; readonly team: string }
  | { readonly kind: 'referee' }
  | { readonly kind: 'spectator' };

export const REFEREE: Viewer = Object.freeze({ kind: 'referee' });
export const SPECTATOR: Viewer = Object.freeze({ kind: 'spectator' });
export const seatViewer = (seat: string): Viewer => ({ kind: 'seat', seat });
export const teamViewer = (team: string): Viewer => ({ kind: 'team', team });

/** Who an event (or part of one) is for. */
export type Audience = 'all' | 'referee' | { readonly team: string } | { readonly seat: string };

/** The team a viewer belongs to (null for the referee and spectators), given the module's seat → team map. */
export function viewerTeam(viewer: Viewer, teamOf: (seat: string) => string | null): string | null {
  if (viewer.kind === 'team') return viewer.team;
  if (viewer.kind === 'seat') return teamOf(viewer.seat);
  return null;
}

export function canSee(viewer: Viewer, to: Audience, teamOf: (seat: string) => string | null): boolean {
  if (to === 'all' || viewer.kind === 'referee') return true;
  if (to === 'referee' || viewer.kind === 'spectator') return false;
  if ('seat' in to) return viewer.kind === 'seat' && viewer.seat === to.seat;
  return viewerTeam(viewer, teamOf) === to.team;
}

export function viewerName(v: Viewer): string {
  return v.kind === 'seat' ? v.seat : v.kind === 'team' ? v.team : v.kind;
}

/**
 * A viewer from text: "referee", "spectator", a team of the game ("allied"), or one of its seats.
 * Returns null for anything else (the caller names the choices).
 */
export function parseViewer(text: string, seats: readonly string[], teams: readonly string[]): Viewer | null {
  if (text === 'referee') return REFEREE;
  if (text === 'spectator') return SPECTATOR;
  if (teams.includes(text)) return teamViewer(text);
  if (seats.includes(text)) return seatViewer(text);
  return null;
}
