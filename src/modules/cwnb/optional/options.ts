import { z } from 'zod';
import { ruleError, type RuleError } from '../../../engine/errors.ts';
import { SPECIAL_CONDITIONS, ZONE_IDS, type ZoneId } from '../data/types.ts';

/**
 * The Campaign Game Optional Rules (13) and Larger Campaigns (14) as game options, each off
 * unless chosen at setup. Data the rulebook lacks (13.3's distance charts) must come with them.
 */
const zone = z.enum(ZONE_IDS);
const limit = z.union([z.literal('U'), z.number().int().min(0)]);
const cell = z.union([limit, z.object({ allied: limit, soviet: limit })]);
const chart = z.object({ name: z.string().min(1), limits: z.partialRecord(zone, z.partialRecord(zone, cell)) });
const conditionTable = z.object({
  source: z.string(),
  rows: z.array(z.object({ die: z.number().int().min(1).max(6), allied: z.enum(SPECIAL_CONDITIONS), soviet: z.enum(SPECIAL_CONDITIONS) })).length(6),
});

export const optionalRulesSchema = z.object({
  variableEndTurn: z
    .object({ startTurn: z.union([z.literal(2), z.literal(3), z.literal(4)], { error: (issue) => `the end-game die is first rolled at the end of turn 2, 3 or 4 (13.1), not ${String(issue.input)}` }) })
    .optional(),
  specialConditions: z.object({ tables: z.partialRecord(zone, conditionTable).default({}) }).optional(),
  transferLimitations: z.object({ charts: z.array(chart).default([]) }).optional(),
  flagOfficers: z.boolean().optional(),
  frictionOfWar: z.boolean().optional(),
  overallCommanders: z.boolean().optional(),
});

/** Cross-field checks the schema cannot express; names exactly what is missing. */
export function checkOptionalRules(o: z.infer<typeof optionalRulesSchema>, zones: ZoneId[]): RuleError | null {
  if (o.transferLimitations) {
    const charts = o.transferLimitations.charts;
    const problems: string[] = [];
    if (charts.length !== 3) problems.push(`3 charts are needed (die 1–2, 3–5, 6), ${charts.length} given`);
    charts.forEach((c, i) => {
      for (const a of ZONE_IDS) {
        for (const b of ZONE_IDS) {
          if (a === b) continue;
          const v = c.limits[a]?.[b];
          if (v === undefined) problems.push(`chart ${i + 1} ("${c.name}"): no limit from ${a} to ${b}`);
          else if (JSON.stringify(v) !== JSON.stringify(c.limits[b]?.[a] ?? v)) problems.push(`chart ${i + 1}: ${a}→${b} and ${b}→${a} differ (limits work in both directions)`);
        }
      }
    });
    if (problems.length) {
      return ruleError(
        'transfer-charts-invalid',
        `13.3 Transfer Limitations needs the three War Zone distance charts from page 33 of the rulebook, which the text does not contain: ${problems.slice(0, 8).join('; ')}${problems.length > 8 ? `; and ${problems.length - 8} more` : ''}.`,
        '13.3',
      );
    }
  }
  for (const [id, t] of Object.entries(o.specialConditions?.tables ?? {})) {
    if (!zones.includes(id as ZoneId)) continue;
    const dice = t!.rows.map((r) => r.die).sort().join('');
    if (dice !== '123456') return ruleError('conditions-table-invalid', `13.2: the Special Conditions table for ${id} needs one row for each die 1–6.`, '13.2');
  }
  return null;
}
