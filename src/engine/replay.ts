import { NO_SEED, RecordingDice } from './dice.ts';
import { isRuleError, ruleError, type RuleError } from './errors.ts';
import { applyAction } from './kernel.ts';
import type { RulesModule } from './module.ts';
import { Session, type GameRecord } from './session.ts';

/**
 * A game as it stood after each step of its log, for the replay viewer (issue 10): step N is the
 * state after the first N log entries (0: the setup). The log is append-only, so a step's state
 * never changes; states are kept as they are computed (the rules copy on write, so consecutive
 * states share what did not change) and stepping through a campaign applies each entry once.
 * The dice come from the log (`rolled`): no seed is needed. An `@undo` or `@rewind` entry
 * re-derives its state by opening the prefix of the log that ends with it.
 */
export class Replay<S> {
  private readonly states: S[] = [];

  constructor(
    readonly module: RulesModule<S, any>,
    /** The record's options and format; its log is passed to `stateAt` (it grows). */
    private readonly base: Omit<GameRecord, 'log'>,
  ) {}

  /** The state after the first `step` entries of `log`, or the RuleError of the entry that does not replay. */
  stateAt(log: GameRecord['log'], step: number): S | RuleError {
    if (!Number.isInteger(step) || step < 0 || step > log.length) return ruleError('no-such-step', `Step ${step} is not in this game (0 to ${log.length}).`);
    if (!this.states.length) {
      const first = this.open(log, 0);
      if (isRuleError(first)) return first;
      this.states.push(first);
    }
    while (this.states.length <= step) {
      const i = this.states.length - 1; // the entry that leads to the next step
      const entry = log[i];
      let next: S | RuleError;
      if (entry.type.startsWith('@')) next = this.open(log, i + 1);
      else {
        const r = applyAction(this.module, this.states[i], entry, new RecordingDice(NO_SEED, entry.rolled ?? []));
        next = isRuleError(r) ? { ...r, index: i } : r.state;
      }
      if (isRuleError(next)) return next;
      this.states.push(next);
    }
    return this.states[step];
  }

  private open(log: GameRecord['log'], length: number): S | RuleError {
    const s = Session.open(this.module, { ...this.base, seed: null, log: log.slice(0, length) } as GameRecord);
    return isRuleError(s) ? s : s.state;
  }
}
