import { say, sideName, statusName, zoneName } from "./common.js";
/**
 * Move the War Zone Status marker one column toward `side` (7.2.3, or 9.5 against the declining
 * player). The marker never leaves the seven columns.
 */
export function shiftStatus(zone, toward, ctx, why) {
    const before = zone.status;
    const next = Math.max(0, Math.min(6, before + (toward === 'allied' ? 1 : -1)));
    zone.status = next;
    say(ctx, {
        type: 'status',
        zone: zone.id,
        fromColumn: before,
        toColumn: next,
        toward,
        why,
        text: next === before
            ? `${zoneName(zone.id)}: the War Zone Status marker stays on ${statusName(next)} (already at the ${sideName(toward)} end; ${why}).`
            : `${zoneName(zone.id)}: War Zone Status ${statusName(before)} → ${statusName(next)} (${why}).`,
    });
}
