import { RuleError, isRuleError } from './errors.ts';
import { seedCommitment } from './dice.ts';
import type { Action, GameEvent, RulesModule } from './module.ts';

/**
 * A game is its module, options, dice seed (or only the seed's commitment) and the ordered
 * action log. Replaying the log reproduces the state exactly.
 */
export interface GameRecord {
  format: 'wardroom-game';
  version: 1;
  module: string;
  options: unknown;
  /** SHA-256 of the seed, published when the game is created. */
  seedCommitment: string;
  /** The seed itself; a server withholds it until the game ends. */
  seed?: string | null;
  log: Action[];
}

export function newGameRecord(module: string, options: unknown, seed: string): GameRecord {
  return { format: 'wardroom-game', version: 1, module, options, seedCommitment: seedCommitment(seed), seed, log: [] };
}

export interface LoggedStep {
  events: GameEvent[];
  /** A die was rolled or a secret revealed: nothing at or before this step can be undone. */
  barrier: boolean;
}

export class ReplayError extends Error {
  constructor(
    readonly index: number,
    readonly refusal: RuleError,
  ) {
    super(index < 0 ? refusal.message : `action #${index}: ${refusal.message}`);
  }
}

const BARRIER_EVENTS = new Set(['roll', 'reveal']);

function isBarrier(events: readonly GameEvent[]): boolean {
  return events.some((e) => BARRIER_EVENTS.has(e.type));
}

/**
 * A running game: the record, the current state and what each logged action did. Adapters
 * (CLI, server) hold one of these; the rules stay pure.
 */
export class Session<S = unknown> {
  state: S;
  readonly steps: LoggedStep[] = [];

  private constructor(
    readonly module: RulesModule<S, unknown>,
    readonly record: GameRecord,
    initial: S,
  ) {
    this.state = initial;
  }

  /** Start from a record, replaying its log; throws ReplayError naming the first bad action. */
  static open<S>(module: RulesModule<S, any>, record: GameRecord): Session<S> {
    if (record.seed != null && seedCommitment(record.seed) !== record.seedCommitment) {
      throw new ReplayError(-1, new RuleError('seed-commitment-mismatch', 'the dice seed does not match its commitment'));
    }
    const options = module.parseOptions(record.options);
    if (isRuleError(options)) throw new ReplayError(-1, options);
    const session = new Session<S>(module, { ...record, log: [] }, module.setup(options, record.seed ?? null));
    record.log.forEach((action, i) => {
      const r = session.apply(action);
      if (isRuleError(r)) throw new ReplayError(i, r);
    });
    return session;
  }

  apply(action: Action): GameEvent[] | RuleError {
    const r = this.module.apply(this.state, action);
    if (isRuleError(r)) return r;
    this.state = r.state;
    this.record.log.push(action);
    this.steps.push({ events: r.events, barrier: isBarrier(r.events) });
    return r.events;
  }

  /**
   * How many of `seat`'s own last actions may be taken back: those after the last action by
   * another seat, and after the last die roll or reveal.
   */
  undoableCount(seat: string): number {
    let n = 0;
    for (let i = this.record.log.length - 1; i >= 0; i--) {
      if (this.record.log[i].seat !== seat || this.steps[i].barrier) break;
      n++;
    }
    return n;
  }

  /** Take back `count` of `seat`'s last actions (replays the shortened log). */
  undo(seat: string, count = 1): RuleError | Action[] {
    const allowed = this.undoableCount(seat);
    if (!Number.isInteger(count) || count < 1 || count > allowed) {
      return new RuleError(
        'undo-not-allowed',
        allowed === 0
          ? 'Nothing to undo: your last action was followed by another seat, a die roll or a reveal (or you have not acted).'
          : `You can take back 1 to ${allowed} of your action(s) now.`,
      );
    }
    const keep = this.record.log.slice(0, this.record.log.length - count);
    const undone = this.record.log.slice(keep.length);
    const fresh = Session.open(this.module, { ...this.record, log: keep });
    this.state = fresh.state;
    this.record.log = fresh.record.log;
    this.steps.splice(0, this.steps.length, ...fresh.steps);
    return undone;
  }
}
