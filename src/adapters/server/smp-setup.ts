import { z } from 'zod';
import { isRuleError } from '../../engine/errors.ts';
import { smpModule, validateScenario } from '../../modules/smp/index.ts';
import { HttpError } from './http-errors.ts';

/**
 * Creating a Strategic Missions Phase game online (issue 10): the board JSON a group writes by hand
 * or imports from TripleA (docs/smp.md), uploaded or pasted, checked by the SMP module's own
 * validation. A refusal names the file, and each error's JSON path ("territories[0].owner: …"),
 * the same words `wardroom smp validate` prints.
 */

export const createSmpBody = z.object({
  module: z.literal('smp'),
  title: z.string().trim().max(120).default(''),
  name: z.string().trim().min(1).max(60).default('Referee'),
  /** The board: an uploaded or pasted file as text, with a name for messages. */
  scenario: z.object({ fileName: z.string().max(200).default('the board'), text: z.string().max(2_000_000) }),
  dice: z.enum(['seeded', 'physical']).default('seeded'),
  /** The creator holds every nation's seat (a group at one table; invitations can still hand seats on). */
  playAll: z.boolean().default(false),
});
export type CreateSmp = z.infer<typeof createSmpBody>;

/** The form as SMP game options (the raw board, as a game file keeps it), or a 422 naming what is wrong. */
export function smpOptions(form: CreateSmp): { options: Record<string, unknown>; label: string } {
  const { fileName, text } = form.scenario;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new HttpError(422, 'bad-upload', `${fileName}: the board is not valid JSON (${(e as Error).message}).`);
  }
  const v = validateScenario(raw);
  if (!v.ok) {
    const shown = v.errors.slice(0, 20);
    const more = v.errors.length > shown.length ? `; and ${v.errors.length - shown.length} more` : '';
    throw new HttpError(422, 'bad-scenario', `${fileName} is not a valid board (${v.errors.length} error(s)): ${shown.map((e) => `${e.path}: ${e.message}`).join('; ')}${more}.`, { errors: v.errors });
  }
  const options = { scenario: raw, dice: form.dice };
  const parsed = smpModule.parseOptions(options);
  if (isRuleError(parsed)) throw new HttpError(422, 'bad-scenario', `${fileName}: ${parsed.message}`);
  return { options, label: v.scenario.label ?? '' };
}
