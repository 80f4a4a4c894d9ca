import { isRuleError } from "./errors.js";
/** Debug checks, switched on by the test suite (test/setup.ts). */
export const checks = {
    /** Deep-freeze every state `transact` returns, so that a later in-place change throws. */
    freezeResults: false,
};
export function deepFreeze(value) {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const v of Object.values(value))
            deepFreeze(v);
    }
    return value;
}
/**
 * Run a rules recipe that changes `draft`, a working copy of the state (copy-on-write: the module
 * copies the parts it is about to change, and shares the rest). A `refuse(...)` anywhere returns
 * the RuleError, and the caller drops the draft, so the state is never half-changed: an action is
 * all or nothing.
 */
export function transact(draft, recipe) {
    try {
        recipe();
    }
    catch (e) {
        if (isRuleError(e))
            return e;
        throw e;
    }
    if (checks.freezeResults)
        deepFreeze(draft);
    return null;
}
