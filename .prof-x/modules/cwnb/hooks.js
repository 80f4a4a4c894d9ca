/** The base rules' answer for every hook. */
export const BASE_HOOKS = {
    setup: () => { },
    otherSeats: () => [],
    rolled: () => { },
    stepBPending: () => false,
    rerollAfterStepB: () => false,
    zoneAction: () => { },
    orderPrices: () => { },
    purchased: () => { },
    actionCardLimit: () => 5,
    shipLimit: () => Infinity,
    checkTransfer: () => { },
    transferOpen: () => true,
    transferred: () => { },
    commitFields: () => ({}),
    checkCommitment: () => { },
    revealed: () => { },
    battleTurns: () => 4,
    checkAirStrike: () => { },
    shipSunk: () => { },
    keepableCard: () => null,
    kept: () => { },
    inPort: () => ({ halvings: 0, repairs: true }),
    endOfTurn: (state) => (state.turn >= state.options.turns ? 'end' : 'continue'), // 5.2 the agreed length
    newTurn: () => { },
    reminders: () => [],
    proxy: () => null,
    proxyRefusal: () => null,
};
/**
 * Combine the hooks of the rules in play: checks and notifications run one after the other;
 * values come from the last rule that changes them (no two rules change the same value).
 */
export function combineHooks(rules) {
    const out = { ...BASE_HOOKS };
    for (const name of Object.keys(BASE_HOOKS)) {
        const fns = rules.map((r) => r.hooks?.[name]).filter((f) => !!f);
        if (fns.length === 1)
            out[name] = fns[0];
        else if (fns.length > 1)
            out[name] = COMBINE[name](fns);
    }
    return out;
}
const all = (fns) => (...a) => {
    for (const f of fns)
        f(...a);
};
const every = (fns) => (...a) => fns.every((f) => f(...a));
const some = (fns) => (...a) => fns.some((f) => f(...a));
const fields = (fns) => (...a) => Object.assign({}, ...fns.map((f) => f(...a)));
const concat = (fns) => (...a) => fns.flatMap((f) => f(...a));
const only = (name) => () => {
    throw new Error(`two optional rules both change ${name}`);
};
const COMBINE = {
    setup: all,
    otherSeats: concat,
    rolled: all,
    stepBPending: some,
    rerollAfterStepB: some,
    zoneAction: all,
    orderPrices: all,
    purchased: all,
    actionCardLimit: only('actionCardLimit'),
    shipLimit: only('shipLimit'),
    checkTransfer: all,
    transferOpen: every,
    transferred: all,
    commitFields: fields,
    checkCommitment: all,
    revealed: all,
    battleTurns: only('battleTurns'),
    checkAirStrike: all,
    shipSunk: all,
    keepableCard: (fns) => (...a) => fns.map((f) => f(...a)).find((x) => x !== null) ?? null,
    kept: all,
    inPort: only('inPort'),
    endOfTurn: only('endOfTurn'),
    newTurn: all,
    reminders: concat,
    proxy: only('proxy'),
    proxyRefusal: only('proxyRefusal'),
};
let compile = null;
const compiled = new WeakMap();
/** Set once by the module (index.ts), which knows every optional rule. */
export function setRulebookCompiler(f) {
    compile = f;
}
export function rulebookOf(options) {
    let r = compiled.get(options);
    if (!r) {
        if (!compile)
            throw new Error('the CWNB rulebook is not set up (import the module from src/modules/cwnb/index.ts)');
        r = compile(options);
        compiled.set(options, r);
    }
    return r;
}
export function hooksOf(state) {
    return rulebookOf(state.options).hooks;
}
