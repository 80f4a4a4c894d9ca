import { z } from 'zod';
import { ruleError } from "../../engine/errors.js";
import { DEMO_ROSTER, DEMO_STARTING_POINTS } from "./data/index.js";
import { ZONE_IDS } from "./data/types.js";
import { optionalRulesSchema, checkOptionalRules } from "./optional/options.js";
const side = z.enum(['allied', 'soviet']);
const ship = z.object({
    id: z.string().min(1),
    name: z.string().min(1),
    side,
    points: z.number().int().min(1),
    kind: z.enum(['surface', 'carrier', 'lph', 'submarine', 'missile-submarine']),
    crippledSide: z.boolean().optional(),
    large: z.boolean().optional(),
});
const roster = z.object({ demo: z.boolean(), source: z.string(), ships: z.array(ship) });
const pointsPair = z.object({ allied: z.number().int().min(0), soviet: z.number().int().min(0) });
/** Game options as written in a game file (see docs/game-file.md). "demo" expands to the demo data. */
export const optionsSchema = z.object({
    zones: z.array(z.enum(ZONE_IDS)).min(1).max(7),
    turns: z.number().int().min(1).max(9),
    dice: z.enum(['seeded', 'physical']).default('seeded'),
    roster: z.union([z.literal('demo'), roster]),
    startingPoints: z.union([z.literal('demo'), z.partialRecord(z.enum(ZONE_IDS), pointsPair)]),
    players: z.record(z.string(), z.string()).default({}),
    optional: optionalRulesSchema.default({}),
    rulings: z.literal('0.1').optional(),
});
function issuesText(error) {
    return error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ');
}
/** 5.1, 5.2: validate the setup. Missing rules data (starting points, ships) is named, never invented. */
export function parseOptions(raw) {
    const r = optionsSchema.safeParse(raw);
    if (!r.success)
        return ruleError('bad-options', `Game options are invalid: ${issuesText(r.error)}`, '5');
    const o = r.data;
    if (new Set(o.zones).size !== o.zones.length)
        return ruleError('duplicate-zone', 'Each War Zone can be in play only once.', '5.1');
    const ros = o.roster === 'demo' ? DEMO_ROSTER : o.roster;
    const ids = new Set();
    for (const s of ros.ships) {
        if (ids.has(s.id))
            return ruleError('duplicate-ship', `The roster lists ship id "${s.id}" twice.`, '5');
        ids.add(s.id);
    }
    const starting = o.startingPoints === 'demo' ? DEMO_STARTING_POINTS.points : o.startingPoints;
    const missing = o.zones.filter((zone) => !starting[zone]);
    if (missing.length) {
        return ruleError('starting-points-missing', `At Start Buy Points are missing for ${missing.join(', ')}: the rulebook gives them only for the South Pacific (Allied 80, Soviet 100). ` +
            'Supply them from your War Zone Displays (startingPoints.<zone> = {"allied": N, "soviet": N}) or choose the demo values.', '6.C.2');
    }
    const optionalProblem = checkOptionalRules(o.optional, o.zones);
    if (optionalProblem)
        return optionalProblem;
    const startingPoints = {};
    for (const zone of o.zones)
        startingPoints[zone] = starting[zone];
    return { zones: o.zones, turns: o.turns, dice: o.dice, roster: ros, startingPoints, players: o.players, optional: o.optional, ...(o.rulings ? { rulings: o.rulings } : {}) };
}
