import { z } from 'zod';
import { ruleError } from "../../engine/errors.js";
import { combineHooks } from "./hooks.js";
import { declineStrike, rollMission } from "./rules/missions.js";
import { buyCard, buyShip, donePurchasing } from "./rules/purchases.js";
import { transferCard, transferShip } from "./rules/transfers.js";
import { commit } from "./rules/commitment.js";
import { dealNonCombatants } from "./rules/non-combatants.js";
import { cripple, criticalDamage, damage, endBattleTurn, landAttack, retreat, sink, submarine } from "./rules/battle-record.js";
import { setAside } from "./rules/end-of-turn.js";
import { teamNote } from "./rules/team-summit.js";
import { advance } from "./rules/sequence-of-play.js";
import { variableEndTurn } from "./optional/variable-end-turn.js";
import { specialConditions } from "./optional/special-conditions.js";
import { transferLimitations } from "./optional/transfer-limitations.js";
import { flagOfficers } from "./optional/flag-officers.js";
import { frictionOfWar } from "./optional/friction-of-war.js";
import { overallCommanders } from "./optional/overall-commanders.js";
/** The Campaign Game Optional Rules (13) and Larger Campaigns (14), each switched on by the game's options. */
export const OPTIONAL_RULES = [variableEndTurn, specialConditions, transferLimitations, flagOfficers, frictionOfWar, overallCommanders];
/** The base game's actions (rules 6–9). */
const BASE_ACTIONS = [
    rollMission,
    declineStrike,
    buyShip,
    buyCard,
    donePurchasing,
    transferShip,
    transferCard,
    commit,
    dealNonCombatants,
    sink,
    damage,
    cripple,
    criticalDamage,
    submarine,
    retreat,
    landAttack,
    endBattleTurn,
    setAside,
    teamNote,
];
/** How the actions are listed to a seat: in the order of the Sequence of Play. */
const ORDER = [
    'rollEndTurn',
    'rollMission',
    'rollSpecialConditions',
    'portStrike',
    'declineStrike',
    'buyShip',
    'buyCard',
    'useKeptAdditionalShip',
    'donePurchasing',
    'rollTransferChart',
    'transferShip',
    'transferCard',
    'transferFlagOfficer',
    'commit',
    'dealNonCombatants',
    'sink',
    'damage',
    'cripple',
    'criticalDamage',
    'submarine',
    'retreat',
    'landAttack',
    'endBattleTurn',
    'setAside',
    'playAdditionalShip',
    'teamNote',
    'assignSeat',
];
/** An action of an optional rule not in use in this game: never offered, and refused saying so. */
function notInUse(rule, def) {
    const why = ruleError('optional-rule-off', `${def.type} belongs to Optional Rule ${rule.rule} (${rule.name}), which is not in use in this game.`, rule.rule);
    return { type: def.type, rule: rule.rule, decision: false, when: () => why, label: () => def.type, run: () => why };
}
/** The hooks and actions of the rules in play for these options. */
export function compileRulebook(options) {
    const on = OPTIONAL_RULES.filter((r) => r.on(options));
    const off = OPTIONAL_RULES.filter((r) => !r.on(options)).flatMap((r) => (r.actions ?? []).map((d) => notInUse(r, d)));
    const actions = [...BASE_ACTIONS, ...on.flatMap((r) => r.actions ?? []), ...off].sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type));
    return { hooks: combineHooks(on), actions, advance };
}
/** Every action a CWNB game file may log, base and optional, as one schema (docs/game-file.schema.json). */
export function actionFileSchema() {
    const all = [...BASE_ACTIONS, ...OPTIONAL_RULES.flatMap((r) => r.actions ?? [])];
    const variants = all.map((d) => d.schema.extend({ type: z.literal(d.type), seat: z.string(), for: z.string().optional(), rolled: z.array(z.number().int()).optional() }));
    return z.discriminatedUnion('type', variants);
}
