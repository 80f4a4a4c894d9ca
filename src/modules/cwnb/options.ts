import { z } from 'zod';
import { ruleError, type RuleError } from '../../engine/errors.ts';
import { DEMO_ROSTER, DEMO_STARTING_POINTS, RULEBOOK_STARTING_POINTS } from './data/index.ts';
import { ZONE_IDS, type Roster, type ZoneId } from './data/types.ts';
import { optionalRulesSchema, checkOptionalRules } from './optional/options.ts';
import type { CwnbOptions } from './state.ts';

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
/** At Start Buy Points above this are surely a typo (the rulebook's are two- and three-digit numbers). */
export const MAX_STARTING_POINTS = 9999;
const points = z.number().int().min(0).max(MAX_STARTING_POINTS);
const pointsPair = z.object({ allied: points, soviet: points });

/** Game options as written in a game file (see docs/game-file.md). "demo" expands to the demo data. */
/** 5.2: at most nine Campaign Game Turns. */
const TURNS = (issue: { input?: unknown }) => `a campaign is 1 to 9 Campaign Game Turns, a whole number (5.2), not ${String(issue.input)}`;

export const optionsSchema = z.object({
  zones: z.array(z.enum(ZONE_IDS)).min(1).max(7),
  turns: z.number({ error: TURNS }).int({ error: TURNS }).min(1, { error: TURNS }).max(9, { error: TURNS }),
  dice: z.enum(['seeded', 'physical']).default('seeded'),
  roster: z.union([z.literal('demo'), roster]),
  startingPoints: z.union([z.literal('demo'), z.partialRecord(z.enum(ZONE_IDS), pointsPair)]),
  players: z.record(z.string(), z.string()).default({}),
  optional: optionalRulesSchema.default({}),
  rulings: z.literal('0.1').optional(),
});

export type RawOptions = z.input<typeof optionsSchema>;

function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ');
}

/** 5.1, 5.2: validate the setup. Missing rules data (starting points, ships) is named, never invented. */
export function parseOptions(raw: unknown): CwnbOptions | RuleError {
  // Checked first, for a message naming the zone, side and value (zod's union only says "Invalid input").
  const given = (raw as { startingPoints?: unknown } | null)?.startingPoints;
  const pointsProblem = typeof given === 'object' && given !== null && !Array.isArray(given) ? startingPointsProblem(given as Record<string, unknown>) : null;
  if (pointsProblem) return ruleError('bad-starting-points', `Game options are invalid: ${pointsProblem}`, '6.C.2');
  // Parsed once per game: building zod's compiled fast path costs more than it saves (the first
  // parse in a fresh process 2.2–3.9 ms with it, 1.6–1.8 ms without; bench/README.md).
  const r = optionsSchema.safeParse(raw, { jitless: true });
  if (!r.success) return ruleError('bad-options', `Game options are invalid: ${issuesText(r.error)}`, '5');
  const o = r.data;
  if (new Set(o.zones).size !== o.zones.length) return ruleError('duplicate-zone', 'Each War Zone can be in play only once.', '5.1');
  const ros: Roster = o.roster === 'demo' ? DEMO_ROSTER : o.roster;
  const ids = new Set<string>();
  for (const s of ros.ships) {
    if (ids.has(s.id)) return ruleError('duplicate-ship', `The roster lists ship id "${s.id}" twice.`, '5');
    ids.add(s.id);
  }
  // 4: the South Pacific's At Start Buy Points are the rulebook's (Allied 80, Soviet 100) where not given.
  const starting = o.startingPoints === 'demo' ? DEMO_STARTING_POINTS.points : { ...RULEBOOK_STARTING_POINTS, ...o.startingPoints };
  const missing = o.zones.filter((zone) => !starting[zone]);
  if (missing.length) {
    return ruleError(
      'starting-points-missing',
      `At Start Buy Points are missing for ${missing.join(', ')}: the rulebook gives them only for the South Pacific (Allied 80, Soviet 100, used where not given). ` +
        'Supply them from your War Zone Displays (startingPoints.<zone> = {"allied": N, "soviet": N}) or choose the demo values.',
      '6.C.2',
    );
  }
  const optionalProblem = checkOptionalRules(o.optional, o.zones);
  if (optionalProblem) return optionalProblem;
  const startingPoints: CwnbOptions['startingPoints'] = {};
  for (const zone of o.zones) startingPoints[zone] = starting[zone as ZoneId];
  return { zones: o.zones, turns: o.turns, dice: o.dice, roster: ros, startingPoints, players: o.players as CwnbOptions['players'], optional: o.optional as CwnbOptions['optional'], ...(o.rulings ? { rulings: o.rulings } : {}) };
}

/** What is wrong with At Start Buy Points given per zone and side, naming the zone, side and value; null when right. */
function startingPointsProblem(points: Record<string, unknown>): string | null {
  for (const [zone, pair] of Object.entries(points)) {
    const where = `startingPoints.${zone}`;
    if (!(ZONE_IDS as readonly string[]).includes(zone)) return `${where}: "${zone}" is not a War Zone (${ZONE_IDS.join(', ')}).`;
    if (typeof pair !== 'object' || pair === null || Array.isArray(pair)) return `${where}: give {"allied": N, "soviet": N}, not ${JSON.stringify(pair)}.`;
    for (const key of Object.keys(pair)) if (key !== 'allied' && key !== 'soviet') return `${where}.${key}: only "allied" and "soviet" have points.`;
    for (const side of ['allied', 'soviet'] as const) {
      const v = (pair as Record<string, unknown>)[side];
      if (v === undefined) return `${where}.${side}: missing.`;
      if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > MAX_STARTING_POINTS) return `${where}.${side}: ${JSON.stringify(v)} is not a whole number of points from 0 to ${MAX_STARTING_POINTS}.`;
    }
  }
  return null;
}
