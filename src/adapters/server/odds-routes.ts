import type { FastifyInstance } from 'fastify';
import { isRuleError } from '../../engine/errors.ts';
import { MAX_COUNT } from '../../modules/smp/odds/limits.ts';
import { STEPS } from '../../modules/smp/phase.ts';
import { ODDS_RANGES, oddsFor, type OddsKind } from '../../modules/smp/play.ts';
import { HttpError } from './http-errors.ts';

/**
 * The exact odds of the Strategic Missions Phase's dice procedures (issue 10's odds page), the
 * same computation as `wardroom smp odds … --json` (src/modules/smp/play.ts `oddsFor`). Served by
 * the API rather than bundled: the odds code reaches the SMP module and its data tables, which the
 * web app need not carry. No sign-in needed: nothing here is anyone's secret.
 */

interface NumberInput {
  key: string;
  label: string;
  kind: 'int';
  default?: number;
  optional?: boolean;
  min: number;
  max: number;
}
interface ChoiceInput {
  key: string;
  label: string;
  kind: 'choice';
  default: string;
  options: { value: string; label: string }[];
}
type Input = NumberInput | ChoiceInput;

const int = (key: string, label: string, def: number | undefined, opts: { min?: number; max?: number; optional?: boolean } = {}): NumberInput => ({
  key,
  label,
  kind: 'int',
  ...(def === undefined ? {} : { default: def }),
  ...(opts.optional ? { optional: true } : {}),
  min: opts.min ?? 0,
  max: opts.max ?? MAX_COUNT,
});
const capacity = int('capacity', 'Damage the facility can still take (empty: no maximum)', undefined, { optional: true });

interface Procedure {
  id: OddsKind;
  name: string;
  step: string;
  outcome: string;
  inputs: Input[];
}

/** "Step 3 (document #5)": the phase's step, as the game page numbers it, and the document's section, as the CLI's help cites it. */
function stepOf(section: string): string {
  return `Step ${STEPS.find((s) => s.section === section)!.n} (document ${section})`;
}

/** A procedure whose numbers the rules hold to a range (`ODDS_RANGES`) has that range on its inputs. */
function ruled(p: Procedure): Procedure {
  const inputs = p.inputs.map((i) => {
    const r = i.kind === 'int' ? ODDS_RANGES[p.id]?.[i.key] : undefined;
    return r ? { ...i, min: r.min, max: r.max } : i;
  });
  return { ...p, inputs };
}

/**
 * Each procedure, in the order of the phase's steps, its inputs (the CLI's options, camel-cased as
 * `oddsFor` reads them) and what its outcome counts. A number the rules hold to a range
 * (`ODDS_RANGES`: 3 kamikaze tokens, a d6 roll) has that range here too, so the page's own form and
 * this route refuse it first, in its words.
 */
const LISTED: Procedure[] = [
  {
    id: 'vichy',
    name: 'Vichy France attempts',
    step: stepOf('#2'),
    outcome: 'successes',
    inputs: [int('hitOn', 'Roll needed (@3 Japan/UK/Germany, @1 Italy/Free French)', 3), int('bonus', 'Bonus (+1 for Germany after Hendaye)', 0), int('attempts', 'Number of attempts', 1)],
  },
  {
    id: 'bombing',
    name: 'Bombing Raids (one facility)',
    step: stepOf('#5'),
    outcome: 'damage',
    inputs: [
      int('strategicBombers', 'Strategic bombers (4 damage)', 2),
      int('tacticalBombers', 'Tactical bombers (2 damage; only on a tactical facility or a minor factory)', 0),
      int('superFortresses', 'Super fortress bombers (6 damage)', 0),
      int('escorts', 'Escort fighters', 0),
      int('interceptors', 'Interceptors', 0),
      int('interceptorHit', 'Interceptor dog-fight value (A&A G40 default 2)', 2),
      int('aa', 'AA barrage hits on (A&A G40 default 1)', 1),
      capacity,
    ],
  },
  {
    id: 'shore',
    name: 'Shore Bombardments (one facility)',
    step: stepOf('#6'),
    outcome: 'damage',
    inputs: [
      int('battleships', 'Battleships (4 damage)', 1),
      int('cruisers', 'Cruisers (2 damage, tactical facilities)', 0),
      int('superBattleships', 'Super battleships (5 damage)', 0),
      int('escorts', 'Escort fighters', 0),
      int('interceptors', 'Interceptors', 0),
      int('interceptorHit', 'Interceptor dog-fight value', 2),
      capacity,
    ],
  },
  {
    id: 'partisan',
    name: 'Partisan Raids (one facility)',
    step: stepOf('#8'),
    outcome: 'damage',
    inputs: [int('tokens', 'Partisan tokens on the facility', 3), int('elite', 'Elite infantry in the territory (1@2 each)', 0), capacity],
  },
  {
    id: 'kamikaze',
    name: 'Kamikaze Raids',
    step: stepOf('#7'),
    outcome: 'hits',
    inputs: [int('tokens', 'Kamikaze tokens (up to 3 per zone)', 3), int('fighters', 'Intercepting fighters (1@2)', 0), int('tacticalBombers', 'Intercepting tactical bombers (1@1)', 0)],
  },
  {
    id: 'coastal',
    name: 'Coastal Defences',
    step: stepOf('#4'),
    outcome: 'hits',
    inputs: [
      {
        key: 'bunker',
        label: 'Bunker',
        kind: 'choice',
        default: 'minor',
        options: [
          { value: 'minor', label: 'Minor bunker (3@1)' },
          { value: 'major', label: 'Major bunker (6@1)' },
        ],
      },
    ],
  },
];
export const PROCEDURES = LISTED.map(ruled);

export function registerOddsRoutes(app: FastifyInstance): void {
  app.get('/api/odds', async () => ({ procedures: PROCEDURES }));

  app.get<{ Params: { procedure: string }; Querystring: Record<string, string | undefined> }>('/api/odds/:procedure', async (request) => {
    const proc = PROCEDURES.find((p) => p.id === request.params.procedure);
    if (!proc) throw new HttpError(404, 'no-such-procedure', `There are exact odds for ${PROCEDURES.map((p) => p.id).join(', ')}; not for "${request.params.procedure}".`);
    const unknown = Object.keys(request.query).filter((key) => !proc.inputs.some((i) => i.key === key));
    if (unknown.length) throw new HttpError(400, 'bad-request', `${proc.name} has no input ${unknown.map((key) => `"${key}"`).join(' or ')}; its inputs are ${proc.inputs.map((i) => i.key).join(', ')}.`);
    const inputs: Record<string, number | string | undefined> = {};
    for (const input of proc.inputs) {
      // An input left out (or empty) is its advertised default, as the odds page fills it in; checked like one given.
      const raw = request.query[input.key] || input.default?.toString();
      if (raw === undefined) {
        if (input.kind === 'int' && !input.optional) throw new HttpError(400, 'bad-request', `${input.label}: give a whole number.`);
        continue;
      }
      if (input.kind === 'choice') {
        if (!input.options.some((o) => o.value === raw)) throw new HttpError(400, 'bad-request', `${input.label}: choose ${input.options.map((o) => o.value).join(' or ')}, not "${raw}".`);
        inputs[input.key] = raw;
      } else {
        const n = Number(raw);
        if (!Number.isInteger(n) || n < input.min || n > input.max) throw new HttpError(400, 'bad-request', `${input.label}: a whole number from ${input.min} to ${input.max}, not "${raw}".`);
        inputs[input.key] = n;
      }
    }
    let r: ReturnType<typeof oddsFor>;
    try {
      r = oddsFor(proc.id, inputs); // past the limits the odds throw a RuleError naming the field
    } catch (e) {
      if (isRuleError(e)) throw new HttpError(422, e.code, e.message);
      throw e;
    }
    if (isRuleError(r)) throw new HttpError(422, r.code, r.message);
    const rows = (r.json.distribution as Record<string, number>[]).map((row) => ({ k: row[proc.outcome], p: row.p }));
    const top = rows.reduce((m, row) => Math.max(m, row.k), 0);
    const p = Array.from({ length: top + 1 }, (_, k) => rows.find((row) => row.k === k)?.p ?? 0);
    // "At least k": summed from the top, so the tail is not lost to rounding.
    const atLeast: number[] = [];
    for (let k = top, s = 0; k >= 0; k--) atLeast[k] = s = Math.min(1, s + p[k]);
    const mean = p.reduce((m, q, k) => m + k * q, 0);
    return { procedure: proc.id, title: r.text.split('\n')[0], outcome: proc.outcome, inputs, distribution: p.map((q, k) => ({ k, p: q, atLeast: atLeast[k] })), mean };
  });
}
