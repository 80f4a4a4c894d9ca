import type { Side } from '../data/types.ts';
import type { ZoneState } from '../state.ts';
import { sideName, statusName, zoneName, type Events } from './common.ts';

/**
 * Move the War Zone Status marker one column toward `side` (7.2.3) or, with `against`, away
 * from it (9.5). The marker never leaves the seven columns.
 */
export function shiftStatus(zone: ZoneState, toward: Side, events: Events, why: string): void {
  const before = zone.status;
  const next = Math.max(0, Math.min(6, before + (toward === 'allied' ? 1 : -1)));
  zone.status = next;
  events.push({
    type: 'status',
    zone: zone.id,
    from: before,
    to: next,
    text:
      next === before
        ? `${zoneName(zone.id)}: the War Zone Status marker stays on ${statusName(next)} (already at the ${sideName(toward)} end; ${why}).`
        : `${zoneName(zone.id)}: War Zone Status ${statusName(before)} → ${statusName(next)} (${why}).`,
  });
}
