import { z } from 'zod';
import { isRuleError } from '../../engine/errors.ts';
import { cwnb, strayPlayerSeat } from '../../modules/cwnb/index.ts';
import { DEMO_STARTING_POINTS, RULEBOOK_STARTING_POINTS, ZONES } from '../../modules/cwnb/data/index.ts';
import { formatRosterError, isRosterError, parseRoster, rosterFormat } from '../../modules/cwnb/data/roster.ts';
import { ZONE_IDS } from '../../modules/cwnb/data/types.ts';
import { MAX_STARTING_POINTS } from '../../modules/cwnb/options.ts';
import { HttpError, ruleRefusal } from './http-errors.ts';

/**
 * The create-a-campaign form (issue 9) as CWNB game options: the same options a game file holds,
 * checked by the module (5.1, 5.2, 6.C.2, 13, 14). Uploaded files come as text with their name,
 * and a refusal names the file, row and field.
 */

const upload = z.object({ fileName: z.string().max(200), text: z.string().max(2_000_000) });

export const createGameBody = z.object({
  title: z.string().trim().max(120).default(''),
  name: z.string().trim().min(1).max(60).default('Referee'),
  zones: z.array(z.string()).min(1).max(7),
  turns: z.number().int().min(1).max(9).default(5),
  dice: z.enum(['seeded', 'physical']).default('seeded'),
  roster: z.union([z.literal('demo'), upload]),
  startingPoints: z.union([z.literal('demo'), z.record(z.string(), z.object({ allied: z.number(), soviet: z.number() }))]),
  optional: z
    .object({
      variableEndTurn: z.object({ startTurn: z.number() }).optional(),
      specialConditions: z.union([z.literal(true), upload]).optional(),
      transferCharts: upload.optional(),
      flagOfficers: z.boolean().optional(),
      frictionOfWar: z.boolean().optional(),
      overallCommanders: z.boolean().optional(),
    })
    .default({}),
  players: z.record(z.string(), z.string().trim().max(60)).default({}),
});
export type CreateGame = z.infer<typeof createGameBody>;

function uploadedJson(file: { fileName: string; text: string }, what: string): unknown {
  try {
    return JSON.parse(file.text);
  } catch (e) {
    throw new HttpError(422, 'bad-upload', `${file.fileName}: the ${what} file is not valid JSON (${(e as Error).message}).`);
  }
}

/** The form as checked CWNB options, or a 422 naming what is wrong. */
export function campaignOptions(form: CreateGame): Record<string, unknown> {
  let roster: unknown = 'demo';
  if (form.roster !== 'demo') {
    const { fileName, text } = form.roster;
    const r = parseRoster(text, rosterFormat(fileName, text), { source: fileName });
    if (isRosterError(r)) throw new HttpError(422, 'bad-roster', `${fileName}: ${formatRosterError(r)}`);
    roster = r;
  }
  const o = form.optional;
  const optional: Record<string, unknown> = {};
  if (o.variableEndTurn) optional.variableEndTurn = o.variableEndTurn;
  if (o.specialConditions) optional.specialConditions = { tables: o.specialConditions === true ? {} : uploadedJson(o.specialConditions, 'Special Conditions tables') };
  if (o.transferCharts) {
    const charts = uploadedJson(o.transferCharts, 'transfer charts') as { charts?: unknown };
    optional.transferLimitations = { charts: Array.isArray(charts) ? charts : charts?.charts };
  }
  for (const key of ['flagOfficers', 'frictionOfWar', 'overallCommanders'] as const) if (o[key]) optional[key] = true;
  const players = Object.fromEntries(Object.entries(form.players).filter(([, name]) => name));
  const options = { zones: form.zones, turns: form.turns, dice: form.dice, roster, startingPoints: form.startingPoints, players, optional };
  const parsed = cwnb.parseOptions(options);
  if (isRuleError(parsed)) throw ruleRefusal(parsed);
  const stray = strayPlayerSeat(parsed);
  if (stray) throw new HttpError(422, 'bad-player-seat', `players: "${stray.seat}" is not a seat of this campaign (${stray.seats.join(', ')}).`);
  return options;
}

/** The two-zone demo of `wardroom demo`: Wardroom's DEMO roster and starting points. */
export const DEMO_OPTIONS = { zones: ['mediterranean', 'north-atlantic'], turns: 4, dice: 'seeded', roster: 'demo', startingPoints: 'demo' };

/** What the create form offers. */
export function setupChoices() {
  return {
    zones: ZONES.map((z) => ({ id: z.id, name: z.name, demoStartingPoints: DEMO_STARTING_POINTS.points[z.id] ?? null, rulebookStartingPoints: RULEBOOK_STARTING_POINTS[z.id] ?? null })),
    optionalRules: [
      { key: 'variableEndTurn', rule: '13.1', label: 'Variable End Turn', needs: 'the turn to start rolling from: 2, 3 or 4' },
      { key: 'specialConditions', rule: '13.2', label: 'Special Conditions', needs: 'per-zone tables (JSON upload) for zones other than those Wardroom has' },
      { key: 'transferCharts', rule: '13.3', label: 'Transfer Limitations', needs: 'the three distance charts (JSON upload; see docs/optional-rules.md)' },
      { key: 'flagOfficers', rule: '13.4', label: 'Flag Officers' },
      { key: 'frictionOfWar', rule: '13.5', label: 'Friction of War' },
      { key: 'overallCommanders', rule: '14.1', label: 'Overall Commanders' },
    ],
    limits: { turns: { min: 1, max: 9 }, zones: { min: 1, max: ZONE_IDS.length }, startingPoints: { min: 0, max: MAX_STARTING_POINTS } },
  };
}
