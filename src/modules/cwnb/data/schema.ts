/**
 * zod schemas for the CWNB rules data files in this folder. `validate.ts` checks every file
 * with these (in the test suite and the build); the cross-field facts of the printed tables (seven cells per row,
 * seven End Game entries, mission names from MISSION_NAMES, one row per die face …) are
 * checked here too.
 */
import { z } from 'zod';
import {
  MISSION_NAMES,
  ROW_KEYS,
  SIDES,
  SPECIAL_CONDITIONS,
  STATUS_COLUMNS,
  ZONE_IDS,
  type ActionCardData,
  type Roster,
  type SpecialConditionsTable,
  type ZoneData,
  type ZoneId,
} from './types.ts';

const COLUMN_COUNT = STATUS_COLUMNS.length; // 7

export const SideSchema = z.enum(['allied', 'soviet']);
/** SideSchema lists exactly the SIDES of types.ts. */
export type _SideCheck = Assignable<(typeof SIDES)[number], z.infer<typeof SideSchema>>;
export const ZoneIdSchema = z.enum(ZONE_IDS);
export const MissionNameSchema = z.enum(MISSION_NAMES);

const positiveInt = z.number().int().min(1);
const nonNegativeInt = z.number().int().min(0);
const nonEmpty = z.string().trim().min(1);

/** [normal, urgent]: the Urgent value is never lower than the normal one in any printed summary. */
export const NormalUrgentSchema = z
  .tuple([positiveInt, positiveInt])
  .refine(([normal, urgent]) => urgent >= normal, { message: 'the [urgent] value must not be lower than the normal value' });

export const MissionCellSchema = z.strictObject({
  allied: MissionNameSchema,
  soviet: MissionNameSchema,
  urgent: z.boolean(),
});

const missionRow = z.array(MissionCellSchema).length(COLUMN_COUNT, { message: `a Mission Table row has exactly ${COLUMN_COUNT} cells` });

export const MissionTableSchema = z.strictObject({
  '1-2': missionRow,
  '3-5': missionRow,
  '6': missionRow,
});

export const EndGameEntrySchema = z.strictObject({ side: SideSchema, vp: positiveInt });

export const ZoneSummariesSchema = z.strictObject({
  militaryEscort: z.strictObject({ points: NormalUrgentSchema, nonCombatants: NormalUrgentSchema }),
  civilianEscort: z.strictObject({ points: NormalUrgentSchema, nonCombatants: NormalUrgentSchema }),
  seaSuperiority: z.strictObject({
    pool: NormalUrgentSchema,
    bonus: z.strictObject({ allied: nonNegativeInt, soviet: nonNegativeInt }),
    retreatPoints: NormalUrgentSchema,
  }),
  seaSuperiorityVsHoldingAction: z.strictObject({ points: NormalUrgentSchema, bonus: nonNegativeInt }),
  submarineStrike: z.strictObject({ pool: NormalUrgentSchema }),
  carrierStrike: z.strictObject({ pool: NormalUrgentSchema, points: NormalUrgentSchema }),
  invasion: z.strictObject({
    pool: NormalUrgentSchema,
    points: NormalUrgentSchema,
    nonCombatants: NormalUrgentSchema,
    bonus: nonNegativeInt,
  }),
});

/** Missions that face each other in a cell (Allied first). Every printed cell is one of these. */
const OPPOSED: Record<string, string[]> = {
  'Military Escort': ['Raid'],
  'Civilian Escort': ['Raid'],
  Raid: ['Military Escort', 'Civilian Escort'],
  'Sea Superiority': ['Sea Superiority', 'Holding Action'],
  'Holding Action': ['Sea Superiority', 'Invasion'],
  Invasion: ['Holding Action'],
  'Carrier Strike': ['Engage'],
  'Submarine Strike': ['Engage'],
  Engage: ['Carrier Strike', 'Submarine Strike'],
};

export const ZoneDataSchema = z
  .strictObject({
    id: ZoneIdSchema,
    name: nonEmpty,
    source: nonEmpty,
    missionTable: MissionTableSchema,
    endGame: z.array(EndGameEntrySchema).length(COLUMN_COUNT, { message: `the End Game row has exactly ${COLUMN_COUNT} entries` }),
    summaries: ZoneSummariesSchema,
  })
  .superRefine((zone, ctx) => {
    for (const row of ROW_KEYS) {
      zone.missionTable[row].forEach((cell, col) => {
        if (!OPPOSED[cell.allied]?.includes(cell.soviet)) {
          ctx.addIssue({
            code: 'custom',
            path: ['missionTable', row, col],
            message: `"${cell.allied} vs. ${cell.soviet}" is not a pair of opposed Missions`,
          });
        }
      });
    }
    // End Game: Soviet entries on the left, Allied entries on the right.
    const sides = zone.endGame.map((e) => e.side);
    const firstAllied = sides.indexOf('allied');
    if (firstAllied < 0 || sides.slice(0, firstAllied).some((s) => s !== 'soviet') || sides.slice(firstAllied).some((s) => s !== 'allied')) {
      ctx.addIssue({ code: 'custom', path: ['endGame'], message: 'End Game row must read Soviet … Soviet, Allied … Allied from left to right' });
    }
  });

export const ActionCardTypeSchema = z.strictObject({
  type: nonEmpty.refine((t) => !t.includes('*'), { message: 'card type names carry no asterisk; use "unlimited": true' }),
  costs: z.union([z.tuple([positiveInt, positiveInt, positiveInt, positiveInt]), z.literal('half-value')]),
  unlimited: z.boolean(),
});

export const ActionCardDataSchema = z
  .strictObject({
    source: nonEmpty,
    cards: z.array(ActionCardTypeSchema).min(1),
    notPurchasable: z.array(nonEmpty),
  })
  .superRefine((data, ctx) => {
    const seen = new Set<string>();
    data.cards.forEach((card, i) => {
      const key = card.type.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['cards', i, 'type'], message: `duplicate card type "${card.type}"` });
      seen.add(key);
      const costs = card.costs;
      if (Array.isArray(costs) && costs.some((c, k) => k > 0 && c < costs[k - 1]!)) {
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'costs'], message: 'costs must not fall in later turns' });
      }
    });
  });

export const SpecialConditionSchema = z.enum(SPECIAL_CONDITIONS);

export const SpecialConditionsTableSchema = z
  .strictObject({
    source: nonEmpty,
    rows: z.array(z.strictObject({ die: z.number().int().min(1).max(6), allied: SpecialConditionSchema, soviet: SpecialConditionSchema })).length(6),
  })
  .superRefine((t, ctx) => {
    t.rows.forEach((r, i) => {
      if (r.die !== i + 1) ctx.addIssue({ code: 'custom', path: ['rows', i, 'die'], message: `row ${i + 1} must be die ${i + 1}` });
    });
  });

export const SHIP_KINDS = ['surface', 'carrier', 'lph', 'submarine', 'missile-submarine'] as const;
export const ShipKindSchema = z.enum(SHIP_KINDS);
export const SHIP_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ShipCardSchema = z.strictObject({
  id: z.string().regex(SHIP_ID_PATTERN, { message: 'ids are lowercase letters and digits joined by single dashes' }),
  name: nonEmpty,
  side: SideSchema,
  points: positiveInt,
  kind: ShipKindSchema,
  crippledSide: z.boolean().optional(),
  large: z.boolean().optional(),
});

export const RosterSchema = z
  .strictObject({ demo: z.boolean(), source: nonEmpty, ships: z.array(ShipCardSchema) })
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    r.ships.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['ships', i, 'id'], message: `duplicate ship id "${s.id}"` });
      seen.add(s.id);
    });
  });

const sidePoints = z.strictObject({ allied: positiveInt, soviet: positiveInt });

/** Starting points as players may supply them: any subset of the zones. */
export const StartingPointsSchema = z.partialRecord(ZoneIdSchema, sidePoints);

/** The demo starting points file: every zone, labelled demo, with the zones whose values the rulebook gives. */
export const DemoStartingPointsSchema = z.strictObject({
  demo: z.literal(true),
  source: nonEmpty,
  fromRulebook: z.array(ZoneIdSchema),
  points: z.record(ZoneIdSchema, sidePoints),
});

/** Type-level checks: each schema's output is assignable to the shape in types.ts. */
type Assignable<T, U extends T> = U;
export type _ZoneCheck = Assignable<ZoneData, z.infer<typeof ZoneDataSchema>>;
export type _ActionCheck = Assignable<ActionCardData, z.infer<typeof ActionCardDataSchema>>;
export type _SpecialCheck = Assignable<SpecialConditionsTable, z.infer<typeof SpecialConditionsTableSchema>>;
export type _RosterCheck = Assignable<Roster, z.infer<typeof RosterSchema>>;
export type _ZoneIdCheck = Assignable<ZoneId, z.infer<typeof ZoneIdSchema>>;

/** Validate `value` with `schema`; on failure throw an Error naming the file and every problem. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `  - ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`).join('\n');
  throw new Error(`Invalid CWNB rules data in ${what}:\n${problems}`);
}

export const VictoryLevelDataSchema = z
  .strictObject({
    source: nonEmpty,
    levels: z
      .array(z.strictObject({ level: z.enum(['Pyrrhic', 'Tactical', 'Marginal', 'Decisive']), from: z.number().int().min(1), to: z.number().int().nullable(), description: nonEmpty }))
      .length(4),
  })
  .superRefine((data, ctx) => {
    // The margins run on from 1 without gaps; only the last level is open-ended.
    data.levels.forEach((l, i) => {
      const expected = i === 0 ? 1 : (data.levels[i - 1].to ?? NaN) + 1;
      if (l.from !== expected) ctx.addIssue({ code: 'custom', path: ['levels', i, 'from'], message: `must be ${expected}` });
      if ((l.to === null) !== (i === data.levels.length - 1)) ctx.addIssue({ code: 'custom', path: ['levels', i, 'to'], message: 'only the last level has no upper bound' });
    });
  });
