import { refuse } from "../../engine/errors.js";
import { checkFields } from "../../engine/kernel.js";
export function emit(ctx, type, text, extra = {}) {
    ctx.events.push({ type, text, to: 'all', step: ctx.step, ...extra });
}
/** A change on the board, reported to the players. */
export function change(ctx, text, extra = {}) {
    emit(ctx, 'change', text, extra);
}
export function note(ctx, text, extra = {}) {
    emit(ctx, 'note', text, extra);
}
/** Ask `seat` a question; the answer is an action of type "choose" with the given fields. */
export function* ask(ctx, seat, prompt, fields, auto, odds) {
    const action = { type: 'choose', label: prompt, fields };
    let cached;
    const req = {
        kind: 'decide',
        seat,
        step: ctx.step,
        prompt,
        action,
        auto,
        // computed only when someone looks (prompts, view): Monte Carlo runs never pay for it
        get odds() {
            return (cached ??= typeof odds === 'function' ? odds() : odds);
        },
    };
    const a = yield req;
    if (a.type !== 'choose')
        refuse('wrong-action', `Wardroom is waiting for ${seat}'s answer to: ${prompt}`);
    const problem = checkFields(a, fields);
    if (problem)
        throw problem;
    return a;
}
/** Roll dice for `seat` (seeded, or physical values typed by the player). Returns the values. */
export function* roll(ctx, seat, dice, prompt) {
    if (dice.length === 0)
        return [];
    const values = yield {
        kind: 'roll',
        seat,
        step: ctx.step,
        prompt: prompt ?? dice.map((d) => d.purpose).join('; '),
        dice,
    };
    return values;
}
/** Roll `n` d6 @hitOn for one purpose; returns the number of successes and the values. */
export function* rollHits(ctx, seat, n, hitOn, purpose) {
    const values = yield* roll(ctx, seat, Array.from({ length: n }, (_, i) => ({ sides: 6, purpose: n > 1 ? `${purpose} (${i + 1}/${n})` : purpose })));
    return { hits: values.filter((v) => v <= hitOn).length, values };
}
/**
 * Choose how many of each item (e.g. how many bombers from each stack). `total` bounds the sum.
 * Keys are arbitrary strings; labels say what they are.
 */
export function* askCounts(ctx, seat, prompt, items, total, auto, odds, what = 'units') {
    const fields = {};
    for (const it of items)
        fields[it.key] = { kind: 'int', label: it.label, min: 0, max: it.max };
    const fullPrompt = `${prompt}\n${items.map((it) => `  ${it.key}: ${it.label} (0-${it.max})`).join('\n')}`;
    const autoFull = {};
    for (const it of items)
        autoFull[it.key] = auto[it.key] ?? 0;
    const a = yield* ask(ctx, seat, fullPrompt, fields, autoFull, odds);
    const out = {};
    let sum = 0;
    for (const it of items) {
        out[it.key] = a[it.key] ?? 0;
        if (a[it.key] === undefined)
            refuse('bad-field', `Give "${it.key}" (${it.label}): a number from 0 to ${it.max}.`);
        sum += out[it.key];
    }
    if (sum < total.min || sum > total.max)
        refuse('bad-total', total.min === total.max ? `Choose exactly ${total.min} ${what} in all, not ${sum}.` : `Choose from ${total.min} to ${total.max} ${what} in all, not ${sum}.`);
    return out;
}
export function* askChoice(ctx, seat, prompt, options, auto, odds) {
    const a = yield* ask(ctx, seat, prompt, { choice: { kind: 'choice', label: 'Choice', options } }, { choice: auto }, odds);
    return a.choice;
}
export function* askYesNo(ctx, seat, prompt, auto, odds) {
    const a = yield* ask(ctx, seat, prompt, { yes: { kind: 'bool', label: 'Yes' } }, { yes: auto }, odds);
    if (typeof a.yes !== 'boolean')
        refuse('bad-field', `Answer "yes": true or false.`);
    return a.yes;
}
export function* askSubset(ctx, seat, prompt, options, auto, odds) {
    const a = yield* ask(ctx, seat, prompt, { chosen: { kind: 'subset', label: 'Chosen', options, min: 0, max: options.length } }, { chosen: auto }, odds);
    return a.chosen ?? [];
}
export function usedKey(space, owner, type) {
    return `${space}|${owner}|${type}`;
}
export function useUnits(ctx, space, owner, type, n) {
    const k = usedKey(space, owner, type);
    ctx.used.set(k, (ctx.used.get(k) ?? 0) + n);
}
export function usedCount(ctx, space, owner, type) {
    return ctx.used.get(usedKey(space, owner, type)) ?? 0;
}
