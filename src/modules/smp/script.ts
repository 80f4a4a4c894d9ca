/**
 * How the phase is written: each step is a generator that yields a request whenever a player
 * must decide or roll, and receives the answer. The module replays the whole phase from the
 * scenario and the action log (pure and deterministic), so a refused answer leaves nothing
 * half-changed and undo/replay come for free.
 */
import type { DiceState, DieRequest } from '../../engine/dice.ts';
import { isRuleError, refuse } from '../../engine/errors.ts';
import { checkFields } from '../../engine/kernel.ts';
import type { Action, ActionSpec, EventInput, FieldSpec } from '../../engine/module.ts';
import type { Board } from './board.ts';

/** Everything in the phase is public: every event is for all. */
export interface SmpEvent extends EventInput {
  step: number;
}

export interface DecideRequest {
  kind: 'decide';
  seat: string;
  step: number;
  /** The question with a line per field to type ("  s0: infantry in Belarus (0-3)"), for a terminal. */
  prompt: string;
  /** Exact odds shown before the player decides. */
  odds?: string[];
  /** Its form: labelled by the question alone (without those lines), each field by its own label. */
  action: ActionSpec;
  /** The documented simple policy's answer (`--auto`, fuzzer fallback). */
  auto: Record<string, unknown>;
}
export interface RollRequest {
  kind: 'roll';
  seat: string;
  step: number;
  prompt: string;
  dice: DieRequest[];
}
export type Request = DecideRequest | RollRequest;

export interface Ctx {
  board: Board;
  dice: DiceState;
  events: SmpEvent[];
  step: number;
  /** The units used this phase, by stack ("used only once during a strategic missions phase", see missions.ts). */
  used: Map<string, number>;
  /** "0.1": a phase recorded with Wardroom 0.1 replays with the readings it was played under (docs/rulings.md). */
  rulings?: '0.1';
}

/** Odds lines for a prompt, or a function computing them on demand. */
export type Odds = string[] | (() => string[]) | undefined;

export type Script<T = void> = Generator<Request, T, any>;

export function emit(ctx: Ctx, type: string, text: string, extra: Record<string, unknown> = {}): void {
  ctx.events.push({ type, text, to: 'all', step: ctx.step, ...extra });
}
/** A change on the board, reported to the players. */
export function change(ctx: Ctx, text: string, extra: Record<string, unknown> = {}): void {
  emit(ctx, 'change', text, extra);
}
export function note(ctx: Ctx, text: string, extra: Record<string, unknown> = {}): void {
  emit(ctx, 'note', text, extra);
}

/** Odds lines, or why there are none (a board past the exact odds' limits): a prompt never fails for its odds. */
function oddsOrWhyNot(odds: () => string[]): string[] {
  try {
    return odds();
  } catch (e) {
    if (!isRuleError(e)) throw e;
    return [`none, past the limits of exact odds (${e.message.replace(/^exact odds: /, '')})`];
  }
}

/** Ask `seat` a question; the answer is an action of type "choose" with the given fields. */
export function* ask(
  ctx: Ctx,
  seat: string,
  prompt: string,
  fields: Record<string, FieldSpec>,
  auto: Record<string, unknown>,
  odds?: Odds,
): Script<Action> {
  const action: ActionSpec = { type: 'choose', label: withoutFieldLines(prompt, fields), fields };
  let cached: string[] | undefined;
  const req: DecideRequest = {
    kind: 'decide',
    seat,
    step: ctx.step,
    prompt,
    action,
    auto,
    // computed only when someone looks (prompts, view): Monte Carlo runs never pay for it
    get odds() {
      return (cached ??= typeof odds === 'function' ? oddsOrWhyNot(odds) : odds);
    },
  };
  const a: Action = yield req;
  if (a.type !== 'choose') refuse('wrong-action', `Wardroom is waiting for ${seat}'s answer to: ${prompt}`);
  const problem = checkFields(a, fields);
  if (problem) throw problem;
  return a;
}

/** A prompt without its lines that list fields for typing ("  s0: …"): a form names each field by its label. */
function withoutFieldLines(prompt: string, fields: Record<string, FieldSpec>): string {
  return prompt
    .split('\n')
    .filter((line) => {
      const key = /^\s+([^\s:]+): /.exec(line)?.[1];
      return !(key && key in fields);
    })
    .join('\n');
}

/** Roll dice for `seat` (seeded, or physical values typed by the player). Returns the values. */
export function* roll(ctx: Ctx, seat: string, dice: DieRequest[], prompt?: string): Script<number[]> {
  if (dice.length === 0) return [];
  const values: number[] = yield {
    kind: 'roll',
    seat,
    step: ctx.step,
    prompt: prompt ?? dice.map((d) => d.purpose).join('; '),
    dice,
  } satisfies RollRequest;
  return values;
}

/** Roll `n` d6 @hitOn for one purpose; returns the number of successes and the values. */
export function* rollHits(ctx: Ctx, seat: string, n: number, hitOn: number, purpose: string): Script<{ hits: number; values: number[] }> {
  const values = yield* roll(ctx, seat, Array.from({ length: n }, (_, i) => ({ sides: 6, purpose: n > 1 ? `${purpose} (${i + 1}/${n})` : purpose })));
  return { hits: values.filter((v) => v <= hitOn).length, values };
}

// ------------------------------------------------------------------ common questions

export interface CountItem {
  key: string;
  label: string;
  max: number;
}

/**
 * Choose how many of each item (e.g. how many bombers from each stack). `total` bounds the sum.
 * Keys are arbitrary strings; labels say what they are.
 */
export function* askCounts(
  ctx: Ctx,
  seat: string,
  prompt: string,
  items: CountItem[],
  total: { min: number; max: number },
  auto: Record<string, number>,
  odds?: Odds,
  what = 'units',
): Script<Record<string, number>> {
  const fields: Record<string, FieldSpec> = {};
  for (const it of items) fields[it.key] = { kind: 'int', label: it.label, min: 0, max: it.max };
  const fullPrompt = `${prompt}\n${items.map((it) => `  ${it.key}: ${it.label} (0-${it.max})`).join('\n')}`;
  const autoFull: Record<string, number> = {};
  for (const it of items) autoFull[it.key] = auto[it.key] ?? 0;
  const a = yield* ask(ctx, seat, fullPrompt, fields, autoFull, odds);
  const out: Record<string, number> = {};
  let sum = 0;
  for (const it of items) {
    out[it.key] = (a[it.key] as number | undefined) ?? 0;
    if (a[it.key] === undefined) refuse('bad-field', `Give "${it.key}" (${it.label}): a number from 0 to ${it.max}.`);
    sum += out[it.key];
  }
  if (sum < total.min || sum > total.max)
    refuse('bad-total', total.min === total.max ? `Choose exactly ${total.min} ${what} in all, not ${sum}.` : `Choose from ${total.min} to ${total.max} ${what} in all, not ${sum}.`);
  return out;
}

export function* askChoice<T extends string | number>(
  ctx: Ctx,
  seat: string,
  prompt: string,
  options: { value: T; label: string }[],
  auto: T,
  odds?: Odds,
): Script<T> {
  const a = yield* ask(ctx, seat, prompt, { choice: { kind: 'choice', label: 'Choice', options } }, { choice: auto }, odds);
  return a.choice as T;
}

export function* askYesNo(ctx: Ctx, seat: string, prompt: string, auto: boolean, odds?: string[]): Script<boolean> {
  const a = yield* ask(ctx, seat, prompt, { yes: { kind: 'bool', label: 'Yes' } }, { yes: auto }, odds);
  if (typeof a.yes !== 'boolean') refuse('bad-field', `Answer "yes": true or false.`);
  return a.yes as boolean;
}

