import { isRuleError, type RuleError } from './errors.ts';

/** Debug checks, switched on by the test suite (test/setup.ts). */
export const checks = {
  /** Deep-freeze every state `transact` returns, so that a later in-place change throws. */
  freezeResults: false,
};

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Run a rules recipe on a working copy of `state`. `begin` makes the copy (copy-on-write: the
 * module copies the parts it is about to change, and shares the rest); the recipe validates and
 * changes the copy. A `refuse(...)` anywhere returns the RuleError and the copy is dropped, so
 * `state` is never half-changed: an action is all or nothing.
 */
export function transact<S, R>(state: S, begin: (s: S) => S, recipe: (draft: S) => R): { draft: S; result: R } | RuleError {
  try {
    const draft = begin(state);
    const result = recipe(draft);
    if (checks.freezeResults) deepFreeze(draft);
    return { draft, result };
  } catch (e) {
    if (isRuleError(e)) return e;
    throw e;
  }
}
