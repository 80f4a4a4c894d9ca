import type { z } from 'zod';
import { ruleError, type RuleError } from '../../../engine/errors.ts';
import type { Action } from '../../../engine/module.ts';

/**
 * The fields of an action, checked on every action and on every replay. Each action definition
 * describes its fields with a zod object schema (the game file's JSON Schema is generated from
 * them); `actionParser` turns that schema into a plain checker once, when the rules load. Zod's
 * own parse cost a sixth of a replay in a fresh process (measured in bench/cwnb.bench.ts): its
 * general machinery runs in V8's interpreter before it warms up, this checker is a few lines.
 * Only what the action schemas use is supported (text, whole numbers, booleans, enums, lists,
 * optional and default values); anything else fails when the rules load, not in a game.
 */

interface FieldCheck {
  key: string;
  /** Why `v` (not undefined) is not a value of this field, or null. */
  problem(v: unknown): string | null;
  optional: boolean;
  fallback?: unknown;
}

type Def = { type: string; innerType?: z.ZodType; defaultValue?: unknown; element?: z.ZodType; entries?: Record<string, string>; checks?: { _zod: { def: { check: string; minimum?: number; format?: string } } }[] };

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { def: Def }).def;
}

function valueCheck(schema: z.ZodType, where: string): (v: unknown) => string | null {
  const d = defOf(schema);
  const checks = (d.checks ?? []).map((c) => c._zod.def);
  const unsupported = (what: string) => new Error(`${where}: ${what} is not supported by actionParser (rules/action-fields.ts)`);
  switch (d.type) {
    case 'string': {
      let min = 0;
      for (const c of checks) {
        if (c.check === 'min_length') min = c.minimum!;
        else throw unsupported(`the string check "${c.check}"`);
      }
      const want = min ? `text of at least ${min} character${min > 1 ? 's' : ''}` : 'text';
      return (v) => (typeof v === 'string' && v.length >= min ? null : want);
    }
    case 'number': {
      // Every number in an action is a whole number (z.number().int()).
      if (checks.length !== 1 || checks[0].check !== 'number_format' || checks[0].format !== 'safeint') throw unsupported('a number that is not z.number().int()');
      return (v) => (Number.isSafeInteger(v) ? null : 'a whole number');
    }
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? null : 'true or false');
    case 'enum': {
      const values = Object.values(d.entries!);
      const want = `one of ${values.join(', ')}`;
      return (v) => (values.includes(v as string) ? null : want);
    }
    case 'array': {
      const element = valueCheck(d.element!, where);
      return (v) => {
        if (!Array.isArray(v)) return 'a list';
        for (const x of v) {
          const p = element(x);
          if (p) return `a list of ${p}`;
        }
        return null;
      };
    }
    default:
      throw unsupported(`the zod type "${d.type}"`);
  }
}

function fieldCheck(key: string, schema: z.ZodType, where: string): FieldCheck {
  const d = defOf(schema);
  if (d.type === 'optional') return { key, problem: valueCheck(d.innerType!, where), optional: true };
  if (d.type === 'default') {
    if (typeof d.defaultValue === 'object' && d.defaultValue !== null) throw new Error(`${where}: only plain default values are supported`);
    return { key, problem: valueCheck(d.innerType!, where), optional: true, fallback: d.defaultValue };
  }
  return { key, problem: valueCheck(schema, where), optional: false };
}

/**
 * A checker for the fields of `type` actions: the fields the schema names (others are dropped),
 * defaults filled in, lists copied; or a refusal naming the field.
 */
export function actionParser<A>(type: string, schema: z.ZodType<A>): (action: Action) => A | RuleError {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (defOf(schema).type !== 'object' || !shape) throw new Error(`${type}: an action's schema is a zod object`);
  const fields = Object.entries(shape).map(([key, s]) => fieldCheck(key, s, `${type}.${key}`));
  return (action) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = action[f.key];
      if (v === undefined) {
        if (!f.optional) return ruleError('bad-action', `Malformed ${type} action: "${f.key}" is missing.`);
        if (f.fallback !== undefined) out[f.key] = f.fallback;
        continue;
      }
      const problem = f.problem(v);
      if (problem) return ruleError('bad-action', `Malformed ${type} action: "${f.key}" must be ${problem}, not ${JSON.stringify(v)}.`);
      out[f.key] = Array.isArray(v) ? v.slice() : v;
    }
    return out as A;
  };
}
