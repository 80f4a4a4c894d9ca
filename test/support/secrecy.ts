/**
 * What each viewer of a CWNB game receives, for the secrecy tests: the view of the state and the
 * events delivered to that viewer. A `World` replays a game file's log action by action and can
 * observe every step as any viewer.
 *
 * Version 0.1 of the kernel had no per-viewer events: an adapter was told to drop events marked
 * `private` for another team, and that is what `received` does for it.
 */
import type { GameRecord } from '../../src/engine/game.ts';
import { isRuleError } from '../../src/engine/errors.ts';
import type { Action, GameEvent } from '../../src/engine/module.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import type { Side } from '../../src/modules/cwnb/data/types.ts';
import type { CwnbState } from '../../src/modules/cwnb/state.ts';
import { parseSeat } from '../../src/modules/cwnb/state.ts';

export type ViewerName = string;

/** The team whose secrets a viewer may see ('both' for the referee, null for a spectator). */
export function teamOfViewer(viewer: ViewerName): Side | 'both' | null {
  if (viewer === 'referee') return 'both';
  if (viewer === 'allied' || viewer === 'soviet') return viewer;
  if (viewer === 'commander:allied') return 'allied';
  if (viewer === 'commander:soviet') return 'soviet';
  return parseSeat(viewer)?.side ?? null;
}

/** Every viewer of a game: each seat, each team, the referee and a spectator. */
export function viewersOf(state: CwnbState): ViewerName[] {
  return [...cwnb.seats(state), 'allied', 'soviet', 'referee', 'spectator'];
}

/** The viewers who must not learn `side`'s secrets. */
export function outsiders(state: CwnbState, side: Side): ViewerName[] {
  return viewersOf(state).filter((v) => {
    const team = teamOfViewer(v);
    return team !== side && team !== 'both';
  });
}

/** The events of one step as `viewer` receives them. */
export function delivered(events: readonly GameEvent[], viewer: ViewerName): GameEvent[] {
  const team = teamOfViewer(viewer);
  return events.filter((e) => !e.private || team === 'both' || e.private === team || e.private === viewer);
}

export class World {
  state: CwnbState;
  readonly log: Action[] = [];
  /** The events of each applied step. */
  readonly steps: GameEvent[][] = [];

  constructor(readonly record: GameRecord) {
    const options = cwnb.parseOptions(record.options);
    if (isRuleError(options)) throw new Error(options.message);
    this.state = cwnb.setup(options, record.seed ?? null);
  }

  /** Apply one action; false (and nothing changed) when it is refused. */
  step(action: Action): boolean {
    const r = cwnb.apply(this.state, action);
    if (isRuleError(r)) return false;
    this.state = r.state;
    this.log.push(action);
    this.steps.push(r.events);
    return true;
  }

  /** What `viewer` receives from the last step: the view after it and the step's events. */
  observe(viewer: ViewerName): string {
    const events = this.steps.at(-1) ?? [];
    return JSON.stringify({ view: cwnb.view(this.state, viewer), events: delivered(events, viewer) });
  }

  /** The events of the last step. */
  lastEvents(): GameEvent[] {
    return this.steps.at(-1) ?? [];
  }

  clone(): World {
    const w = Object.create(World.prototype) as World;
    Object.assign(w, { record: this.record, state: this.state, log: [...this.log], steps: [...this.steps] });
    return w;
  }
}
