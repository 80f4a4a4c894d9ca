import { openOptions } from '../../src/engine/kernel.ts';
import type { FieldSpec, Fields } from '../../src/engine/module.ts';

/** What a form drawn from an action descriptor holds, and the action it sends: no JSX, so the tests read it too. */
export type Values = Record<string, unknown>;

/** The initial values of a form: each field's default, where it has one; a required choice of one option, chosen. */
export function initialValues(fields: Fields | undefined): Values {
  const out: Values = {};
  for (const [key, f] of Object.entries(fields ?? {})) {
    if (f.default !== undefined) out[key] = f.default;
    else if (f.kind === 'subset') out[key] = [];
    else if (f.kind === 'bool' && !f.optional) out[key] = false;
    else if (f.kind === 'dice') out[key] = f.sides.map(() => undefined);
    // Nothing to choose: a radio group of one would ask a click for nothing (the option's own fields follow it).
    else if (f.kind === 'choice' && !f.optional && f.options.length === 1) Object.assign(out, { [key]: f.options[0].value }, initialValues(f.options[0].fields));
  }
  return out;
}

/** The fields in play: the form's own and those of each chosen option, recursively. */
function activeFields(fields: Fields | undefined, values: Values): [string, FieldSpec][] {
  const out: [string, FieldSpec][] = [];
  for (const [key, f] of Object.entries(fields ?? {})) {
    out.push([key, f]);
    if (f.kind === 'choice') {
      const chosen = f.options.find((o) => o.value === values[key]);
      if (chosen?.fields) out.push(...activeFields(chosen.fields, values));
    }
  }
  return out;
}

/** The action's fields from the form's values; a message naming the field when one is missing. */
export function collect(fields: Fields | undefined, values: Values): Values | string {
  const out: Values = {};
  for (const [key, f] of activeFields(fields, values)) {
    const v = values[key];
    const empty = v === undefined || v === '' || (f.kind === 'dice' && (v as unknown[]).slice(0, f.min ?? f.sides.length).some((x) => x === undefined));
    if (empty) {
      if (f.optional || f.kind === 'bool') continue;
      return `${f.label}: ${f.kind === 'choice' ? 'choose one' : 'fill this in'}.`;
    }
    // The game moved on since it was chosen (another tab, a teammate): the choice is no longer offered.
    const gone = (x: unknown) => ('options' in f ? !f.options.some((o) => o.value === x) : false);
    if (f.kind === 'choice' && gone(v)) return `${f.label}: what you chose is no longer offered (the game moved on); choose again.`;
    if (f.kind === 'choice' && !openOptions(f, values).some((o) => o.value === v)) return `${f.label}: choose one of those you chose above${f.optional ? ', or none' : ''}.`;
    if (f.kind === 'subset' && (v as unknown[]).some(gone)) return `${f.label}: some of what you chose is no longer offered (the game moved on); choose again.`;
    if (f.kind === 'subset') {
      const n = (v as unknown[]).length;
      if (n < f.min || n > f.max) return `${f.label}: choose ${f.min === f.max ? f.min : `${f.min} to ${f.max}`}.`;
    }
    // Dice past `min` are typed only when the rules call for them (13.2: the table die after a 5 or 6).
    out[key] = f.kind === 'dice' ? (v as unknown[]).filter((x) => x !== undefined) : v;
  }
  return out;
}

/** The question of the option chosen in the form, if it has one (FieldOption.question: an Overall Commander's seat, 14.1). */
export function chosenQuestion(fields: Fields | undefined, values: Values): string | undefined {
  for (const [key, f] of activeFields(fields, values)) {
    const question = f.kind === 'choice' ? f.options.find((o) => o.value === values[key])?.question : undefined;
    if (question) return question;
  }
  return undefined;
}
