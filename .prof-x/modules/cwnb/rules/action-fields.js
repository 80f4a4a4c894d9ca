import { ruleError } from "../../../engine/errors.js";
function defOf(schema) {
    return schema.def;
}
function valueCheck(schema, where) {
    const d = defOf(schema);
    const checks = (d.checks ?? []).map((c) => c._zod.def);
    const unsupported = (what) => new Error(`${where}: ${what} is not supported by actionParser (rules/action-fields.ts)`);
    switch (d.type) {
        case 'string': {
            let min = 0;
            for (const c of checks) {
                if (c.check === 'min_length')
                    min = c.minimum;
                else
                    throw unsupported(`the string check "${c.check}"`);
            }
            const want = min ? `text of at least ${min} character${min > 1 ? 's' : ''}` : 'text';
            return (v) => (typeof v === 'string' && v.length >= min ? null : want);
        }
        case 'number': {
            for (const c of checks)
                if (c.check !== 'number_format' || c.format !== 'safeint')
                    throw unsupported(`the number check "${c.check}"`);
            return checks.length ? (v) => (Number.isSafeInteger(v) ? null : 'a whole number') : (v) => (typeof v === 'number' && Number.isFinite(v) ? null : 'a number');
        }
        case 'boolean':
            return (v) => (typeof v === 'boolean' ? null : 'true or false');
        case 'enum': {
            const values = Object.values(d.entries);
            const want = `one of ${values.join(', ')}`;
            return (v) => (values.includes(v) ? null : want);
        }
        case 'array': {
            const element = valueCheck(d.element, where);
            return (v) => {
                if (!Array.isArray(v))
                    return 'a list';
                for (const x of v) {
                    const p = element(x);
                    if (p)
                        return `a list of ${p}`;
                }
                return null;
            };
        }
        default:
            throw unsupported(`the zod type "${d.type}"`);
    }
}
function fieldCheck(key, schema, where) {
    const d = defOf(schema);
    if (d.type === 'optional')
        return { key, problem: valueCheck(d.innerType, where), optional: true };
    if (d.type === 'default') {
        if (typeof d.defaultValue === 'object' && d.defaultValue !== null)
            throw new Error(`${where}: only plain default values are supported`);
        return { key, problem: valueCheck(d.innerType, where), optional: true, fallback: d.defaultValue };
    }
    return { key, problem: valueCheck(schema, where), optional: false };
}
/**
 * A checker for the fields of `type` actions: the fields the schema names (others are dropped),
 * defaults filled in, lists copied; or a refusal naming the field.
 */
export function actionParser(type, schema) {
    const shape = schema.shape;
    if (defOf(schema).type !== 'object' || !shape)
        throw new Error(`${type}: an action's schema is a zod object`);
    const fields = Object.entries(shape).map(([key, s]) => fieldCheck(key, s, `${type}.${key}`));
    return (action) => {
        const out = {};
        for (const f of fields) {
            const v = action[f.key];
            if (v === undefined) {
                if (!f.optional)
                    return ruleError('bad-action', `Malformed ${type} action: "${f.key}" is missing.`);
                if (f.fallback !== undefined)
                    out[f.key] = f.fallback;
                continue;
            }
            const problem = f.problem(v);
            if (problem)
                return ruleError('bad-action', `Malformed ${type} action: "${f.key}" must be ${problem}, not ${JSON.stringify(v)}.`);
            out[f.key] = Array.isArray(v) ? v.slice() : v;
        }
        return out;
    };
}
