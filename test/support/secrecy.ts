/**
 * What each viewer of a CWNB game receives, for the secrecy tests: the view of the state and the
 * events delivered to that viewer, as the kernel delivers them (`eventAs`, the function behind
 * `Session.eventsFor`). A `World` replays a game file's log action by action and can observe every
 * step as any viewer.
 */
import { seededDice } from '../../src/engine/dice.ts';
import { isRuleError } from '../../src/engine/errors.ts';
import { applyAction } from '../../src/engine/kernel.ts';
import type { Action, EventInput } from '../../src/engine/module.ts';
import { eventAs, type GameRecord } from '../../src/engine/session.ts';
import { REFEREE, SPECTATOR, seatViewer, teamViewer, viewerName, viewerTeam, type Viewer } from '../../src/engine/viewer.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import type { Side } from '../../src/modules/cwnb/data/types.ts';
import type { CwnbState } from '../../src/modules/cwnb/state.ts';

/** Every viewer of a game: each seat, each team, the referee and a spectator. */
export function viewersOf(state: CwnbState): Viewer[] {
  return [...cwnb.seats(state).map(seatViewer), teamViewer('allied'), teamViewer('soviet'), REFEREE, SPECTATOR];
}

/** The team whose secrets a viewer may see ('both' for the referee, null for a spectator). */
export function teamOfViewer(state: CwnbState, viewer: Viewer): Side | 'both' | null {
  if (viewer.kind === 'referee') return 'both';
  return viewerTeam(viewer, (seat) => cwnb.teamOf(state, seat)) as Side | null;
}

/** The viewers who must not learn `side`'s secrets. */
export function outsiders(state: CwnbState, side: Side): Viewer[] {
  return viewersOf(state).filter((v) => {
    const team = teamOfViewer(state, v);
    return team !== side && team !== 'both';
  });
}

/** The events of one step as `viewer` receives them. */
export function delivered(state: CwnbState, events: readonly EventInput[], viewer: Viewer): EventInput[] {
  return events.map((e) => eventAs(e, viewer, (seat) => cwnb.teamOf(state, seat))).filter((e): e is EventInput => e !== null);
}

export class World {
  state: CwnbState;
  /** The events of each applied step. */
  readonly steps: EventInput[][] = [];
  private readonly dice;

  constructor(readonly record: GameRecord) {
    const options = cwnb.parseOptions(record.options);
    if (isRuleError(options)) throw new Error(options.message);
    this.state = cwnb.setup(options);
    this.dice = seededDice(record.seed ?? 'no seed');
  }

  /** Apply one action; false (and nothing changed) when it is refused. */
  step(action: Action): boolean {
    const r = applyAction(cwnb, this.state, action, this.dice);
    if (isRuleError(r)) return false;
    this.state = r.state;
    this.steps.push(r.events);
    return true;
  }

  /** What `viewer` receives from the last step: the view after it and the step's events. */
  observe(viewer: Viewer): string {
    return JSON.stringify({ view: cwnb.view(this.state, viewer), events: delivered(this.state, this.lastEvents(), viewer) });
  }

  lastEvents(): EventInput[] {
    return this.steps.at(-1) ?? [];
  }

  clone(): World {
    const w = Object.create(World.prototype) as World;
    Object.assign(w, { record: this.record, state: this.state, steps: [...this.steps], dice: this.dice });
    return w;
  }
}

export { viewerName };
