import type { GameEvent } from './module.ts';

/**
 * The log entries taken back by the undos and rewinds among `events` (each such event names the
 * entries it voids), so that a log can mark the events of those entries instead of showing them
 * as if they stood. Only what the viewer was told: pass the events as that viewer saw them.
 */
export function takenBack(events: readonly GameEvent[]): Set<number> {
  const out = new Set<number>();
  for (const e of events) if (Array.isArray(e.voids)) for (const j of e.voids as number[]) out.add(j);
  return out;
}
