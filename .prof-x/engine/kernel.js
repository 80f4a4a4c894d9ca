import { ruleError } from "./errors.js";
/**
 * The kernel's side of the module contract: the legal actions and the seats waited on are derived
 * from the module's action definitions, and every action passes the same door: a known type, a
 * seat that has this decision now ("not your decision" otherwise, before the module runs), then
 * the definition's own checks and effect.
 */
/** What `ActionDef.when` returns, without a message, when the action is not offered. */
export const NOT_NOW = Object.freeze(ruleError('not-now', 'This action is not open to this seat now.'));
const byTypeCache = new WeakMap();
export function actionDef(module, state, type) {
    const defs = module.actions(state);
    let m = byTypeCache.get(defs);
    if (!m) {
        m = new Map(defs.map((d) => [d.type, d]));
        byTypeCache.set(defs, m);
    }
    return m.get(type);
}
/** Why `seat` may not take `def` now, as the kernel's refusal; null when it may. */
export function notOffered(def, state, seat) {
    if (!def.when(state, seat, false))
        return null;
    const why = def.when(state, seat, true) ?? NOT_NOW;
    return ruleError('not-your-decision', why.message, why.rule ?? def.rule, { reason: why.code });
}
/** Apply one action: kernel checks, then the module's definition. All or nothing. */
export function applyAction(module, state, action, dice) {
    if (typeof action !== 'object' || action === null || typeof action.type !== 'string' || typeof action.seat !== 'string' || !action.seat) {
        return ruleError('bad-action', 'An action is an object with a "type" and the "seat" that acts.');
    }
    const def = actionDef(module, state, action.type);
    if (!def)
        return ruleError('unknown-action', `Unknown action type "${action.type}".`);
    return notOffered(def, state, action.seat) ?? def.run(state, action, dice);
}
export function legalActions(module, state, seat) {
    const out = [];
    for (const d of module.actions(state)) {
        if (d.when(state, seat, false))
            continue;
        const fields = d.fields?.(state, seat);
        out.push({ type: d.type, label: d.label(state, seat), ...(d.help ? { help: d.help } : {}), ...(d.rule ? { rule: d.rule } : {}), ...(fields ? { fields } : {}) });
    }
    return out;
}
const decisionsCache = new WeakMap();
/** The seats the game waits on: those with a decision open now. */
export function waitingFor(module, state) {
    const all = module.actions(state);
    let defs = decisionsCache.get(all);
    if (!defs)
        decisionsCache.set(all, (defs = all.filter((d) => d.decision !== false)));
    return module.seats(state).filter((seat) => defs.some((d) => !d.when(state, seat, false) && (typeof d.decision === 'function' ? d.decision(state, seat) : d.decision)));
}
/** The action types open to `seat` now (cheap: no labels, no forms). */
export function offeredTypes(module, state, seat) {
    return module.actions(state).filter((d) => !d.when(state, seat, false));
}
// ---------------------------------------------------------------------------------------------
// Field values against a form
/**
 * Is every field of `action` a value the form offers (variants included), and every required
 * field given? Returns the first problem as a refusal naming the field, or null.
 */
export function checkFields(action, fields, path = '') {
    for (const [key, f] of Object.entries(fields ?? {})) {
        const problem = checkField(action, key, f, path);
        if (problem)
            return problem;
    }
    return null;
}
function checkField(action, key, f, path) {
    const v = action[key];
    const name = `${path}${key}`;
    const bad = (what) => ruleError('bad-field', `"${name}" (${f.label}) ${what}${v === undefined ? ' (missing)' : `, not ${JSON.stringify(v)}`}.`);
    if (v === undefined)
        return f.optional || f.kind === 'bool' ? null : bad('is required');
    switch (f.kind) {
        case 'int':
            return Number.isInteger(v) && v >= f.min && v <= f.max ? null : bad(`must be a whole number from ${f.min} to ${f.max}`);
        case 'choice': {
            const o = f.options.find((x) => x.value === v);
            if (!o)
                return bad(`must be one of: ${f.options.map((x) => `${x.value} (${x.label})`).join('; ')}`);
            return checkFields(action, o.fields, '');
        }
        case 'subset': {
            if (!Array.isArray(v) || v.some((x) => !f.options.some((o) => o.value === x)) || new Set(v).size !== v.length) {
                return bad(`must be a list of distinct values from: ${f.options.map((o) => o.value).join(', ')}`);
            }
            return v.length < f.min || v.length > f.max ? bad(`holds ${f.min} to ${f.max} values`) : null;
        }
        case 'bool':
            return typeof v === 'boolean' ? null : bad('must be true or false');
        case 'text':
            return typeof v === 'string' && (f.maxLength === undefined || v.length <= f.maxLength) ? null : bad(`must be text${f.maxLength ? ` of at most ${f.maxLength} characters` : ''}`);
        case 'dice':
            return Array.isArray(v) && v.length === f.sides.length && v.every((x, i) => Number.isInteger(x) && x >= 1 && x <= f.sides[i]) ? null : bad(`must be ${f.sides.length} die value(s): ${f.sides.map((s) => `d${s}`).join(' ')}`);
    }
}
