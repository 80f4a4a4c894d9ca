export function ruleError(code, message, rule, extra = {}) {
    return { kind: 'RuleError', code, message, ...(rule ? { rule } : {}), ...extra };
}
export function isRuleError(x) {
    return typeof x === 'object' && x !== null && x.kind === 'RuleError' && typeof x.code === 'string';
}
/** "message (rule 9.5)" for a terminal; replays prefix "action #N: ". */
export function formatRefusal(e) {
    const text = e.rule ? `${e.message} (rule ${e.rule})` : e.message;
    return e.index !== undefined && e.index >= 0 ? `action #${e.index}: ${text}` : text;
}
/** Throw a refusal from inside a rules function; the kernel turns it into a returned RuleError. */
export function refuse(code, message, rule) {
    throw ruleError(code, message, rule);
}
