export const REFEREE = Object.freeze({ kind: 'referee' });
export const SPECTATOR = Object.freeze({ kind: 'spectator' });
export const seatViewer = (seat) => ({ kind: 'seat', seat });
export const teamViewer = (team) => ({ kind: 'team', team });
/** The team a viewer belongs to (null for the referee and spectators), given the module's seat → team map. */
export function viewerTeam(viewer, teamOf) {
    if (viewer.kind === 'team')
        return viewer.team;
    if (viewer.kind === 'seat')
        return teamOf(viewer.seat);
    return null;
}
export function canSee(viewer, to, teamOf) {
    if (to === 'all' || viewer.kind === 'referee')
        return true;
    if (to === 'referee' || viewer.kind === 'spectator')
        return false;
    if ('seat' in to)
        return viewer.kind === 'seat' && viewer.seat === to.seat;
    return viewerTeam(viewer, teamOf) === to.team;
}
export function viewerName(v) {
    return v.kind === 'seat' ? v.seat : v.kind === 'team' ? v.team : v.kind;
}
/**
 * A viewer from text: "referee", "spectator", a team of the game ("allied"), or one of its seats.
 * Returns null for anything else (the caller names the choices).
 */
export function parseViewer(text, seats, teams) {
    if (text === 'referee')
        return REFEREE;
    if (text === 'spectator')
        return SPECTATOR;
    if (teams.includes(text))
        return teamViewer(text);
    if (seats.includes(text))
        return seatViewer(text);
    return null;
}
