import type { ActionSpec, FieldOption, Fields, FieldSpec, UnavailableOption } from '../../engine/module.ts';

/**
 * Commands typed at a terminal, read from the action descriptors alone (no module knowledge): a
 * command word ("buy", or the action's type), then the action's fields in the order of its form:
 * `buy USS Nimitz`, `commit nimitz, los angeles ad=1`, `sink los angeles by torpedo`,
 * `missile 6 surprise`. A field may also be given as KEY=VALUE (the key, or its initials: `ad` for
 * `areaDefense`). Choices are named by value, by label, by a unique part of either, or by their
 * number in the list shown; an ambiguous name lists the candidates.
 */

/** A field's list of choices shown to a seat (a refusal's carries it), which the terminal remembers (ShownLists). */
export interface Listed {
  type: string;
  key: string;
  options: readonly FieldOption[];
}

export class CommandError extends Error {
  /** `listed`: the list of choices the message shows. */
  constructor(
    message: string,
    readonly listed?: Listed,
  ) {
    super(message);
  }
}

/** A refusal that repeats nothing typed and tells no secret (the form of the action, public): shown even for a secret command. */
export class PublicCommandError extends CommandError {}

/**
 * The list of choices of a field of an action that a terminal's screen shows the seat (play.ts
 * keeps them): a number typed for the choice names the option it had there, not the one in its
 * place now (the list shrinks as an order grows). Undefined where no list is on screen: the number
 * counts in the list as it is now; null where the lists on screen are other questions': refused.
 */
export type ShownLists = (type: string, key: string) => readonly FieldOption[] | null | undefined;

/** The action whose form is read, and the lists its fields were shown in. */
interface Reading {
  type: string;
  shown?: ShownLists;
}

type ChoiceField = Extract<FieldSpec, { kind: 'choice' | 'subset' }>;

/** A refusal ending with `f`'s choices. */
const withChoices = (message: string, key: string, f: ChoiceField, at?: Reading) => new CommandError(`${message}\n${listOptions(f.options)}`, at && { type: at.type, key, options: f.options });

/** An action read from a line: its type and the fields given; `missing` are required fields not given. */
export interface ParsedCommand {
  spec: ActionSpec;
  fields: Record<string, unknown>;
  missing: [string, FieldSpec][];
}

/** Words and "quoted phrases" (KEY="a phrase" too); a comma ends a word and is kept as its own token. */
export function tokenize(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/([^\s,="']+=)(?:"([^"]*)"|'([^']*)')|"([^"]*)"|'([^']*)'|(,)|([^\s,]+)/g)) {
    out.push(m[1] ? m[1] + (m[2] ?? m[3]) : (m[4] ?? m[5] ?? m[6] ?? m[7]));
  }
  return out;
}

/**
 * `"x" is not a Ship you can choose now`, `… not one of the ships committed …` (a plural label); a
 * label that is a phrase ("To the War Zone") is quoted after it, not given an article.
 */
const notAChoice = (phrase: string, label: string) =>
  /^(to|for|from|into|in|on|at|by|with) /i.test(label)
    ? `"${phrase}" cannot be chosen now (${label})`
    : /^\w+[^s]s\b/i.test(label)
      ? `"${phrase}" is not one of the ${label.toLowerCase()} you can choose now`
      : `"${phrase}" is not ${/^([aeio]|u(?!s[eu]|ni))/i.test(label) ? 'an' : 'a'} ${label} you can choose now`;
const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, ' ').trim();
/** A label's name part: "USS Nimitz (carrier, 30 points)" → "USS Nimitz". */
const namePart = (label: string) => label.replace(/\s*\(.*$/, '');

/** The words that call `spec`, longest first (the type always works). */
export function commandWords(spec: Pick<ActionSpec, 'type' | 'commands'>): { word: string; fixed: Record<string, unknown> }[] {
  const words = (spec.commands ?? []).map((c) => ({ word: c.word, fixed: { ...(c.fixed ?? {}) } }));
  return [...words, { word: spec.type, fixed: {} }];
}

/** Options whose values are numbers, or numbers written as text (an SMP facility's index): typed and listed by value, never by position. */
const byValue = (options: readonly FieldOption[]) => options.some((o) => typeof o.value === 'number' || /^\d+$/.test(String(o.value)));

/** Which option `phrase` names, exactly (value, label, name, or its number in `numbered`, the list shown; null: not by number). */
function exactOption(phrase: string, options: readonly FieldOption[], numbered: readonly FieldOption[] | null = options): FieldOption | undefined {
  const p = norm(phrase);
  if (!byValue(options) && /^\d+$/.test(phrase)) return numbered?.[Number(phrase) - 1];
  const initialsOf = (v: string) => norm(v).split(' ').map((w) => w[0]).join('');
  return options.find((o) => norm(String(o.value)) === p || norm(o.label) === p || norm(namePart(o.label)) === p || (p.length > 1 && !p.includes(' ') && initialsOf(String(o.value)) === p));
}

/** "a:med" for "allied:mediterranean", "s:na" for "soviet:north-atlantic": each part the start, or the initials, of the value's part. */
function byParts(phrase: string, value: string): boolean {
  const a = phrase.split(':');
  const b = value.toLowerCase().split(':');
  const initialsOf = (v: string) => v.split(/[\s_-]+/).map((w) => w[0]).join('');
  return a.length > 1 && a.length === b.length && a.every((x, i) => x !== '' && (b[i].startsWith(x) || initialsOf(b[i]) === x));
}

/**
 * The options whose value or label (or only its name part: "USS Nimitz") holds `phrase`; where
 * several do, those with a word that starts with it ("air" is the air strike, not "repairs").
 */
function partialOptions(phrase: string, options: readonly FieldOption[], namesOnly = false): FieldOption[] {
  const p = norm(phrase);
  if (!p) return [];
  // A bare number in a numbered list is a position (exactOption), or a whole word of a value ("24": A-24), never a label's figures ("4" is not "…, 4 token(s)").
  if (/^\d+$/.test(p) && !byValue(options)) return options.filter((o) => ` ${norm(String(o.value))} `.includes(` ${p} `));
  const texts = (o: FieldOption) => [norm(String(o.value)), norm(namesOnly ? namePart(o.label) : o.label)];
  const hits = options.filter((o) => texts(o).some((t) => t.includes(p)) || byParts(p, String(o.value)));
  const atWordStart = hits.filter((o) => texts(o).some((t) => ` ${t}`.includes(` ${p}`)) || byParts(p, String(o.value)));
  return hits.length > 1 && atWordStart.length ? atWordStart : hits;
}

/**
 * The option named by the longest run of `tokens` from the start: exact names first, then unique
 * parts. Returns the option and how many tokens it took, or null; an ambiguous name is refused
 * with its candidates, and the name of a choice the seat cannot make now with why not. A number
 * names the option it had in the field's list on screen (ShownLists).
 */
export function readOption(tokens: string[], key: string, f: ChoiceField, at?: Reading): { option: FieldOption; used: number } | null {
  const { options, label, unavailable = [] } = f;
  const shown = at?.shown?.(at.type, key);
  // Another question's numbered list is on screen: its number may name another choice than this list's.
  if (shown === null && /^\d+$/.test(tokens[0] ?? '') && !byValue(options)) throw withChoices(`"${tokens[0]}": the numbered list on screen is another question's. The ${label.toLowerCase()} to choose from:`, key, f, at);
  const upTo = tokens.indexOf(',') < 0 ? tokens.length : tokens.indexOf(',');
  const notNow = (phrase: string, o: UnavailableOption) => new CommandError(`${notAChoice(phrase, label)}: ${namePart(o.label)}: ${o.why.replace(/\.$/, '')}.`);
  for (let n = upTo; n > 0; n--) {
    const phrase = tokens.slice(0, n).join(' ');
    const o = exactOption(phrase, options, shown ?? options);
    if (!o) continue;
    const now = options.find((x) => x.value === o.value);
    if (now) return { option: now, used: n };
    const why = unavailable.find((x) => x.value === o.value)?.why.replace(/\.$/, '');
    throw new CommandError(`"${phrase}" was ${namePart(o.label)} in the list you were shown, and ${why ? `you cannot choose it now: ${why}` : 'it is no longer one of the choices'}.`);
  }
  for (let n = upTo; n > 0; n--) {
    const phrase = tokens.slice(0, n).join(' ');
    const o = exactOption(phrase, unavailable, null);
    if (o) throw notNow(phrase, o as UnavailableOption);
  }
  for (let n = upTo; n > 0; n--) {
    const phrase = tokens.slice(0, n).join(' ');
    const hits = partialOptions(phrase, options);
    if (hits.length === 1) return { option: hits[0], used: n };
    if (hits.length > 1) throw new CommandError(`"${phrase}" could be more than one ${label}:\n${hits.map((h) => `  ${h.label}`).join('\n')}\nType more of the name.`);
    const missing = partialOptions(phrase, unavailable, true);
    if (missing.length === 1) throw notNow(phrase, missing[0] as UnavailableOption);
  }
  return null;
}

const YES = new Set(['y', 'yes', 'true', 'on', 'hit', 'success', 'successful']);
const NO = new Set(['n', 'no', 'false', 'off', 'miss', 'failed']);

/** The initials of a camelCase key: areaDefense → ad. */
const initials = (key: string) => (key[0] + key.slice(1).replace(/[^A-Z]/g, '')).toLowerCase();

/** The field a KEY names: the key itself, its initials, or (in KEY=VALUE, `byStart`) the one key it starts ("flag" for flagOfficer). */
function fieldByKey(fields: Fields, key: string, byStart = false): string | undefined {
  const k = key.toLowerCase();
  const keys = Object.keys(fields);
  const starting = byStart ? keys.filter((f) => f.toLowerCase().startsWith(k)) : [];
  return keys.find((f) => f.toLowerCase() === k) ?? keys.find((f) => initials(f) === k) ?? (starting.length === 1 ? starting[0] : undefined);
}

/** One typed value for a field (used for KEY=VALUE and for answers asked field by field), of the action `at` reads. */
export function readValue(key: string, f: FieldSpec, text: string, at?: Reading): unknown {
  const t = text.trim();
  const what = `${key} (${f.label})`;
  switch (f.kind) {
    case 'int': {
      // Only the form of the value here: the rules refuse a value out of range with their reason.
      const n = Number(t);
      if (!/^-?\d+$/.test(t)) throw new CommandError(`${what}: type a whole number from ${f.min} to ${f.max}.`);
      return n;
    }
    case 'bool':
      if (YES.has(t.toLowerCase())) return true;
      if (NO.has(t.toLowerCase())) return false;
      throw new CommandError(`${what}: type yes or no.`);
    case 'choice': {
      const r = readOption(tokenize(t), key, f, at);
      if (!r) throw withChoices(`${what}: "${t}" is not one of the choices:`, key, f, at);
      return r.option.value;
    }
    case 'subset': {
      const tokens = tokenize(t);
      const r = readSubset(tokens, key, f, at);
      if (r.used < tokens.length) throw withChoices(`${what}: "${tokens.slice(r.used).join(' ')}" is not one of the choices:`, key, f, at);
      return r.values;
    }
    case 'dice': {
      const vals = t.split(/[,\s]+/).filter(Boolean).map(Number);
      const fewest = f.min ?? f.sides.length;
      if (vals.length < fewest || vals.length > f.sides.length || vals.some((v) => !Number.isInteger(v))) {
        const count = fewest === f.sides.length ? `${fewest} die value(s)` : `${fewest} to ${f.sides.length} die values`;
        throw new CommandError(`${what}: type ${count}: ${f.sides.map((s, i) => `d${s}${f.labels?.[i] ? ` (${f.labels[i]})` : ''}`).join(', ')}.`);
      }
      return vals;
    }
    case 'text':
      return t;
  }
}

function readSubset(tokens: string[], key: string, f: Extract<FieldSpec, { kind: 'subset' }>, at?: Reading): { values: unknown[]; used: number } {
  if (tokens[0]?.toLowerCase() === 'none') return { values: [], used: 1 };
  const values: unknown[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (tokens[i] === ',') {
      i++;
      continue;
    }
    const r = readOption(tokens.slice(i), key, f, at);
    // A name after a comma is one of the list: one that is not a choice is named, not left over ("kirov, nimitz").
    if (!r && tokens[i - 1] === ',') throw withChoices(`"${tokens[i]}" is not one of the ${f.label.toLowerCase()} you can choose now. The choices:`, key, f, at);
    if (!r) break;
    if (values.includes(r.option.value)) {
      // "commit kiev,minsk 2": the number is read as one of the list (#2), not as the next field.
      const byNumber = /^\d+$/.test(tokens[i]) ? ` ("${tokens[i]}" is number ${tokens[i]} of the list: a list takes every word after it, so type other fields as KEY=VALUE)` : '';
      throw new CommandError(`${f.label}: ${r.option.label} is typed twice${byNumber}; each is chosen once.`);
    }
    values.push(r.option.value);
    i += r.used;
  }
  return { values, used: i };
}

/** A value as it is typed at the terminal: yes/no, a list as "1, 2" or "none", a number or a name as itself. */
export function typedValue(f: FieldSpec, value: unknown): string {
  if (f.kind === 'bool') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'none';
  return String(value);
}

export function listOptions(options: readonly FieldOption[]): string {
  const numbered = !byValue(options);
  return options.map((o, i) => `  ${numbered ? `${String(i + 1).padStart(2)}. ` : ''}${o.label}${norm(String(o.value)) === norm(namePart(o.label)) || typeof o.value === 'number' ? '' : `  [${o.value}]`}`).join('\n');
}

/**
 * An action's values in the words of its form ("Ships committed: USS Nimitz, USS Kidd; Command
 * Ship: USS Nimitz"), the fields of a chosen option included: what a terminal reads back.
 */
export function describeFields(form: Fields, values: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (fields: Fields) => {
    for (const [key, f] of Object.entries(fields)) {
      const v = values[key];
      if (v === undefined) {
        if (f.kind === 'choice') parts.push(`${f.label}: none`); // an optional choice left out: "Command Ship: none"
        continue;
      }
      const word = (x: unknown) => ('options' in f ? namePart(f.options.find((o) => o.value === x)?.label ?? String(x)) : typeof x === 'boolean' ? (x ? 'yes' : 'no') : String(x));
      parts.push(`${f.label}: ${Array.isArray(v) && f.kind === 'subset' ? (v.length ? v.map(word).join(', ') : 'none') : Array.isArray(v) ? v.join(' ') : word(v)}`);
      if (f.kind === 'choice') add(f.options.find((o) => o.value === v)?.fields ?? {});
    }
  };
  add(form);
  return parts.join('; ');
}

/** Read `tokens` into the fields of the form of the action `at` reads (variants follow their choice); what is left over is refused. */
function readFields(tokens: string[], form: Fields, given: Record<string, unknown>, at: Reading): { fields: Record<string, unknown>; missing: [string, FieldSpec][] } {
  const fields = { ...given };
  const queue: [string, FieldSpec][] = Object.entries(form);
  const all: Record<string, FieldSpec> = { ...form };
  // KEY=VALUE and bare boolean flags ("surprise") first, wherever they are.
  const rest: string[] = [];
  /** A choice's variant fields are asked right after it ("missile 6": the Damage Value follows the attack). */
  const addVariants = (key: string, value: unknown) => {
    const f = all[key];
    if (f?.kind !== 'choice') return;
    const o = f.options.find((x) => x.value === value);
    const at = queue.findIndex(([k]) => k === key) + 1;
    const variants = Object.entries(o?.fields ?? {});
    for (const [k, v] of variants) all[k] = v;
    queue.splice(at, 0, ...variants);
  };
  for (const [k, v] of Object.entries(given)) addVariants(k, v);
  const pending = [...tokens];
  while (pending.length) {
    const t = pending.shift()!;
    const eq = t.indexOf('=');
    const key = eq > 0 ? fieldByKey(all, t.slice(0, eq), true) : undefined;
    if (key) {
      const f = all[key];
      if (f.kind === 'choice') {
        // KEY=a name of several words ("flagOfficer=los angeles"): the words that follow, as far as they name a choice.
        const next = pending.findIndex((w) => w.includes('='));
        const words = [t.slice(eq + 1), ...(next < 0 ? pending : pending.slice(0, next))];
        const r = readOption(words, key, f, at);
        if (!r) throw withChoices(`${key} (${f.label}): "${words.join(' ')}" is not one of the choices:`, key, f, at);
        fields[key] = r.option.value;
        pending.splice(0, r.used - 1);
      } else fields[key] = readValue(key, f, t.slice(eq + 1), at);
      addVariants(key, fields[key]);
      continue;
    }
    const flag = fieldByKey(all, t);
    if (flag && all[flag].kind === 'bool') {
      fields[flag] = true;
      continue;
    }
    if (eq > 0 && /^[a-z][\w-]*$/i.test(t.slice(0, eq)) && !Object.values(all).some((f) => f.kind === 'text')) throw new CommandError(`"${t.slice(0, eq)}" is not a field of this command now (its fields: ${Object.keys(all).join(', ') || 'none'}).`);
    rest.push(t);
  }
  const missing: [string, FieldSpec][] = [];
  let i = 0;
  for (let q = 0; q < queue.length; q++) {
    const [key, f] = queue[q];
    if (key in fields) continue;
    if (rest[i]?.toLowerCase() === 'to' && f.kind === 'choice' && !exactOption('to', f.options)) i++; // "give SHIP to ZONE"
    const left = rest.slice(i);
    if (!left.length) {
      if (!f.optional && f.kind !== 'bool') missing.push([key, f]);
      continue;
    }
    switch (f.kind) {
      case 'choice': {
        if (f.optional && left[0].toLowerCase() === 'none' && !exactOption('none', f.options)) {
          fields[key] = undefined; // said: not asked for again ("keep none", 7.2.1)
          i++;
          break;
        }
        const r = readOption(left, key, f, at);
        if (!r) {
          if (f.optional) break;
          // The name typed, without the numbers that follow it for the next fields ("damage kidd 2").
          const named = left.findIndex((t, k) => k > 0 && /^-?\d+$/.test(t));
          throw withChoices(`${notAChoice((named > 0 ? left.slice(0, named) : left).join(' '), f.label)}. The choices:`, key, f, at);
        }
        fields[key] = r.option.value;
        addVariants(key, r.option.value);
        i += r.used;
        break;
      }
      case 'subset': {
        const r = readSubset(left, key, f, at);
        // Nothing read: what is typed is not one of its choices, and is not taken for the next field's ("3" for a third choice).
        if (!r.used && !f.optional) throw withChoices(`${key} (${f.label}): "${left[0]}" is not one of the choices ("none" for none):`, key, f, at);
        fields[key] = r.values;
        i += r.used;
        break;
      }
      case 'int':
        if (!/^-?\d+$/.test(left[0]) && f.optional) break;
        fields[key] = readValue(key, f, left[0]);
        i++;
        break;
      case 'bool':
        if (YES.has(left[0].toLowerCase()) || NO.has(left[0].toLowerCase())) {
          fields[key] = readValue(key, f, left[0]);
          i++;
        }
        break;
      case 'dice': {
        // The dice typed, up to one per die (fewer where the form allows: 13.2 "roll 3" alone).
        let n = 0;
        while (n < f.sides.length && /^\d+$/.test(left[n] ?? '')) n++;
        fields[key] = readValue(key, f, left.slice(0, Math.max(n, 1)).join(' '));
        i += Math.max(n, 1);
        break;
      }
      case 'text':
        fields[key] = left.join(' ').replace(/ , /g, ', ');
        i = rest.length;
        break;
    }
  }
  if (i < rest.length) throw new CommandError(`Not understood: "${rest.slice(i).join(' ')}".`);
  return { fields, missing };
}

/** How each command word of `specs` fits the start of `tokens`: the spec, the word's fixed fields and how many tokens it took. */
function wordsFitting<T extends Pick<ActionSpec, 'type' | 'commands'>>(tokens: string[], specs: readonly T[]): { spec: T; fixed: Record<string, unknown>; used: number }[] {
  const out: { spec: T; fixed: Record<string, unknown>; used: number }[] = [];
  for (const spec of specs) {
    for (const { word, fixed } of commandWords(spec)) {
      const w = word.toLowerCase().split(' ');
      if (w.every((x, i) => tokens[i]?.toLowerCase() === x)) out.push({ spec, fixed, used: w.length });
    }
  }
  return out.sort((a, b) => b.used - a.used);
}

/**
 * The action type `line` names among `all` when none of those `offered` fits it as well: a longer
 * word of an action not open now ("give card 1 to na" with no card in hand is not a ship transfer
 * by "give"). Undefined when an offered action fits as well, or none does.
 */
export function namesOtherAction(line: string, offered: readonly ActionSpec[], all: readonly Pick<ActionSpec, 'type' | 'commands'>[]): string | undefined {
  const tokens = tokenize(line);
  const best = wordsFitting(tokens, all)[0];
  const mine = wordsFitting(tokens, offered)[0];
  return best && !(mine && mine.used >= best.used) ? best.spec.type : undefined;
}

/** The action type whose command word (the longest that fits) starts `line`, among `defs`, or undefined. */
export function commandType(line: string, defs: readonly Pick<ActionSpec, 'type' | 'commands'>[]): string | undefined {
  return wordsFitting(tokenize(line), defs)[0]?.spec.type;
}

/**
 * Read a typed line as one of the actions offered (`specs`), with some fields `given` already (the
 * seat an Overall Commander acts for), numbers as in the lists `shown`. Null when the line names
 * none of them; a line that names one but does not fit its form is refused with what was wrong.
 */
export function parseCommandLine(line: string, specs: readonly ActionSpec[], given: Record<string, unknown> = {}, shown?: ShownLists): ParsedCommand | null {
  const tokens = tokenize(line);
  const candidates = wordsFitting(tokens, specs);
  if (!candidates.length) return null;
  let first: unknown;
  for (const c of candidates) {
    const rest = tokens.slice(c.used);
    if (!Object.keys(c.spec.fields ?? {}).length && rest.length) {
      // An action with nothing to fill ("keep" on the last turn, 7.2.1): "none" says so; anything else is told in the open.
      if (rest.length === 1 && rest[0].toLowerCase() === 'none') return { spec: c.spec, fields: { ...c.fixed, ...given }, missing: [] };
      first ??= new PublicCommandError(`"${tokens.slice(0, c.used).join(' ')}" takes nothing more now: ${c.spec.label}${c.spec.rule ? ` (${c.spec.rule})` : ''}. Type "${tokens.slice(0, c.used).join(' ')}" alone.`);
      continue;
    }
    try {
      const r = readFields(tokens.slice(c.used), c.spec.fields ?? {}, { ...c.fixed, ...given }, { type: c.spec.type, shown });
      return { spec: c.spec, ...r };
    } catch (e) {
      if (!(e instanceof CommandError)) throw e;
      first ??= e;
    }
  }
  throw first;
}

/**
 * A line that names no action, read as the answer to `spec` (the seat's one decision): the value of
 * its one field ("y", "2", a name), or its fields in the order of its form or as KEY=VALUE ("3 0 0",
 * "s1=1"), the fields left out missing; numbers as in the lists `shown`. Null for a form with free
 * text, which any line would fill.
 */
export function parseAnswer(line: string, spec: ActionSpec, shown?: ShownLists): ParsedCommand | null {
  const fields = Object.entries(spec.fields ?? {});
  if (!fields.length || fields.some(([, f]) => f.kind === 'text')) return null;
  if (fields.length > 1 || line.includes('=')) return parseCommandLine(`${spec.type} ${line}`, [spec], {}, shown);
  const [key, f] = fields[0];
  return { spec, fields: { [key]: readValue(key, f, line, { type: spec.type, shown }) }, missing: [] };
}

/**
 * A field as a command's usage names it: "SHIP", "[SUNK_BY]", "hit|miss", "[surprise]". A field
 * with a `term` shows it; one whose label describes rather than names it ("2 strategic bombers
 * (United Kingdom, London)") shows its key.
 */
export function placeholder(key: string, f: FieldSpec): string {
  // A yes/no is typed as a word ("surprise", "hit"): its own words where it has them ("hit|miss"), bare where the rules need it.
  if (f.kind === 'bool') return f.term && !f.optional ? f.term : `[${f.term ?? key}]`;
  const name = (f.term ?? (/^[a-z][a-z' -]*$/i.test(f.label) ? f.label : key)).toUpperCase().replace(/\s+/g, '_');
  return f.optional ? `[${name}]` : name;
}

/** How to type an action: "buy SHIP", "missile DAMAGE_VALUE [surprise]" (a fixed choice shows its variant's fields). */
export function usage(spec: ActionSpec): string[] {
  // A list of choices takes every word after it ("commit kidd churchill"): the fields after one are typed KEY=VALUE.
  const named = (key: string, f: FieldSpec) => `[${key}=${f.kind === 'int' ? 'N' : placeholder(key, { ...f, optional: false })}]`;
  const words = (fields: Fields, fixed: Record<string, unknown>, afterList = false): string[] => {
    const out: string[] = [];
    for (const [k, f] of Object.entries(fields)) {
      if (k in fixed) {
        const o = f.kind === 'choice' ? f.options.find((x) => x.value === fixed[k]) : undefined;
        out.push(...words(o?.fields ?? {}, fixed, afterList));
        continue;
      }
      out.push(afterList && f.kind !== 'bool' ? named(k, f) : placeholder(k, f));
      afterList ||= f.kind === 'subset';
    }
    return out;
  };
  // 14.1: an order given for a seat is typed "for SEAT COMMAND …", with the seat's own fields.
  const forSeat = spec.fields?.for;
  const proxy = forSeat?.kind === 'choice' && spec.fields && Object.keys(spec.fields).length === 1;
  return commandWords(spec)
    .slice(0, spec.commands?.length || 1)
    .map(({ word, fixed }) => (proxy ? ['for SEAT', word, ...words(forSeat.options[0]?.fields ?? {}, fixed)] : [word, ...words(spec.fields ?? {}, fixed)]).join(' '));
}
