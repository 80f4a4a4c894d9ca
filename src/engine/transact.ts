import { produce, type Draft } from 'immer';
import { RuleError } from './errors.ts';
import type { GameEvent, Outcome } from './module.ts';

/**
 * Run a rules recipe on a draft of `state`. The recipe validates and changes the draft, pushing
 * events; a `refuse(...)` anywhere returns the RuleError and leaves `state` exactly as it was
 * (the draft is discarded), so an action is all or nothing. Unchanged parts are shared.
 */
export function transact<S>(state: S, recipe: (draft: Draft<S>, events: GameEvent[]) => void): Outcome<S> | RuleError {
  const events: GameEvent[] = [];
  try {
    const next = produce(state, (draft) => {
      recipe(draft, events);
    });
    return { state: next, events };
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
}
