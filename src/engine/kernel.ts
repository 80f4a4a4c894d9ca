import type { DiceSource } from './dice.ts';
import { ruleError, type RuleError } from './errors.ts';
import type { Action, ActionDef, ActionSpec, ClosedAction, FieldOption, Fields, FieldSpec, Outcome, RulesModule } from './module.ts';

/**
 * The kernel's side of the module contract: the legal actions and the seats waited on are derived
 * from the module's action definitions, and every action passes the same door: a known type, a
 * seat that has this decision now ("not your decision" otherwise, before the module runs), then
 * the definition's own checks and effect.
 */

/** What `ActionDef.when` returns, without a message, when the action is not offered. */
export const NOT_NOW: RuleError = Object.freeze(ruleError('not-now', 'This action is not open to this seat now.'));

const byTypeCache = new WeakMap<readonly ActionDef<any>[], Map<string, ActionDef<any>>>();

export function actionDef<S>(module: RulesModule<S, any>, state: S, type: string): ActionDef<S> | undefined {
  const defs = module.actions(state);
  let m = byTypeCache.get(defs);
  if (!m) {
    m = new Map(defs.map((d) => [d.type, d]));
    byTypeCache.set(defs, m);
  }
  return m.get(type);
}

/** The definitions that can be open to `seat` now (`RulesModule.actionsFor`). */
function candidates<S>(module: Pick<RulesModule<S, any>, 'actions' | 'actionsFor'>, state: S, seat: string): readonly ActionDef<S>[] {
  return module.actionsFor ? module.actionsFor(state, seat) : module.actions(state);
}

/** Why `seat` may not take `def` now, as the kernel's refusal; null when it may. */
export function notOffered<S>(module: Pick<RulesModule<S, any>, 'actions' | 'actionsFor'>, def: ActionDef<S>, state: S, seat: string, action?: Action): RuleError | null {
  if (candidates(module, state, seat).includes(def) && !def.when(state, seat, false)) return null;
  const why = def.when(state, seat, true, action) ?? NOT_NOW;
  return ruleError('not-your-decision', why.message, why.rule ?? def.rule, { reason: why.code });
}

/** Apply one action: kernel checks, then the module's definition. All or nothing. */
export function applyAction<S>(module: RulesModule<S, any>, state: S, action: Action, dice: DiceSource): Outcome<S> | RuleError {
  if (typeof action !== 'object' || action === null || typeof action.type !== 'string' || typeof action.seat !== 'string' || !action.seat) {
    return ruleError('bad-action', 'An action is an object with a "type" and the "seat" that acts.');
  }
  const def = actionDef(module, state, action.type);
  if (!def) return ruleError('unknown-action', `Unknown action type "${action.type}".`);
  return notOffered(module, def, state, action.seat, action) ?? def.run(state, action, dice);
}

/** The actions of `seat`'s step it may not take now for a reason it is told (ActionDef.toldWhenClosed). */
export function closedActions<S>(module: Pick<RulesModule<S, any>, 'actions' | 'actionsFor'>, state: S, seat: string): ClosedAction[] {
  const out: ClosedAction[] = [];
  for (const d of candidates(module, state, seat)) {
    if (!d.toldWhenClosed) continue;
    const why = d.when(state, seat, true);
    if (!why || !d.toldWhenClosed.includes(why.code)) continue;
    const rule = why.rule ?? d.rule;
    out.push({ type: d.type, label: d.label(state, seat), ...(rule ? { rule } : {}), why: why.message });
  }
  return out;
}

/** An action as a seat is offered it: its form and how to type it. */
function specOf<S>(d: ActionDef<S>, state: S, seat: string): ActionSpec {
  const fields = d.fields?.(state, seat);
  const question = d.confirm ? d.question?.(state, seat) : undefined;
  return {
    type: d.type,
    label: d.label(state, seat),
    ...(d.help ? { help: d.help } : {}),
    ...(d.rule ? { rule: d.rule } : {}),
    ...(fields ? { fields } : {}),
    ...(d.commands ? { commands: d.commands } : {}),
    ...(d.secret ? { secret: true } : {}),
    ...(d.confirm ? { confirm: true } : {}),
    ...(question ? { question } : {}),
    ...(d.notOnline ? { notOnline: d.notOnline } : {}),
  };
}

export function legalActions<S>(module: Pick<RulesModule<S, any>, 'actions' | 'actionsFor'>, state: S, seat: string): ActionSpec[] {
  const out: ActionSpec[] = [];
  for (const d of candidates(module, state, seat)) if (!d.when(state, seat, false)) out.push(specOf(d, state, seat));
  return out;
}

/**
 * What a screen shared by both teams may list for `seat` whatever its secret order: the actions
 * open now and, in their place, the secret ones closed for a reason the seat is told (no ship left
 * to pay for, the card limit reached), with the rule of that reason. Taking such an action is
 * refused like any other; the refusal is the seat's.
 */
export function listedActions<S>(module: Pick<RulesModule<S, any>, 'actions' | 'actionsFor'>, state: S, seat: string): ActionSpec[] {
  const out: ActionSpec[] = [];
  for (const d of candidates(module, state, seat)) {
    if (!d.when(state, seat, false)) out.push(specOf(d, state, seat));
    else if ((d.secret || d.openIsSecret) && d.toldWhenClosed) {
      const why = d.when(state, seat, true);
      if (why && d.toldWhenClosed.includes(why.code)) out.push({ ...specOf(d, state, seat), ...(why.rule ? { rule: why.rule } : {}) });
    }
  }
  return out;
}

/** Does the game wait on `seat`: has it a decision open now (ActionDef.decision)? */
export function waitsOn<S>(module: Pick<RulesModule<S, any>, 'actions' | 'actionsFor'>, state: S, seat: string): boolean {
  // Plain loops, no closures: asked after every action, for every seat.
  for (const d of candidates(module, state, seat)) {
    if (d.decision === false || d.when(state, seat, false)) continue;
    if (typeof d.decision === 'function' ? d.decision(state, seat) : d.decision) return true;
  }
  return false;
}

/** The seats the game waits on: those with a decision open now. */
export function waitingFor<S>(module: Pick<RulesModule<S, any>, 'actions' | 'actionsFor' | 'seats'>, state: S): string[] {
  const out: string[] = [];
  for (const seat of module.seats(state)) if (waitsOn(module, state, seat)) out.push(seat);
  return out;
}

/** The action types open to `seat` now (cheap: no labels, no forms). */
export function offeredTypes<S>(module: Pick<RulesModule<S, any>, 'actions' | 'actionsFor'>, state: S, seat: string): ActionDef<S>[] {
  const out: ActionDef<S>[] = [];
  for (const d of candidates(module, state, seat)) if (!d.when(state, seat, false)) out.push(d);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Field values against a form

/**
 * A key of `action` that is not a field of its form (with the fields of the options it chose), nor
 * its type or seat: refused, so that nothing the rules did not read is kept in the game's log for good.
 */
export function unknownField(action: Action, fields: Fields | undefined, label?: string): RuleError | null {
  const known = new Set(['type', 'seat']);
  const add = (f: Fields | undefined) => {
    for (const [key, spec] of Object.entries(f ?? {})) {
      known.add(key);
      if (spec.kind === 'choice') add(spec.options.find((o) => o.value === action[key])?.fields);
    }
  };
  add(fields);
  const extra = Object.keys(action).find((k) => !known.has(k));
  if (extra === undefined) return null;
  const list = [...known].filter((k) => k !== 'type' && k !== 'seat');
  const form = list.length ? `its fields: ${list.join(', ')}` : 'it has none';
  const what = label?.split('\n')[0].replace(/\.$/, ''); // a form's label may go on with its fields, a line each (SMP)
  return ruleError('bad-field', `"${extra}" is not a field of ${action.type} now (${what ? `${what}; ` : ''}${form}).`);
}

/** The options of a choice that may be chosen beside `values` (its `within`: only those chosen in that field too). */
export function openOptions(f: Extract<FieldSpec, { kind: 'choice' }>, values: Record<string, unknown>): readonly FieldOption[] {
  if (!f.within) return f.options;
  const chosen = values[f.within];
  return f.options.filter((o) => Array.isArray(chosen) && chosen.includes(o.value));
}

/**
 * Is every field of `action` a value the form offers (variants included), and every required
 * field given? Returns the first problem as a refusal naming the field, or null.
 */
export function checkFields(action: Action, fields: Fields | undefined, path = ''): RuleError | null {
  for (const [key, f] of Object.entries(fields ?? {})) {
    const problem = checkField(action, key, f, path);
    if (problem) return problem;
  }
  return null;
}

function checkField(action: Action, key: string, f: FieldSpec, path: string): RuleError | null {
  const v = action[key];
  const name = `${path}${key}`;
  const bad = (what: string) => ruleError('bad-field', `"${name}" (${f.label}) ${what}${v === undefined ? ' (missing)' : `, not ${JSON.stringify(v)}`}.`);
  if (v === undefined) return f.optional || f.kind === 'bool' ? null : bad('is required');
  switch (f.kind) {
    case 'int':
      return Number.isInteger(v) && (v as number) >= f.min && (v as number) <= f.max ? null : bad(`must be a whole number from ${f.min} to ${f.max}`);
    case 'choice': {
      const o = f.options.find((x) => x.value === v);
      if (!o) return bad(`must be one of: ${f.options.map((x) => `${x.value} (${x.label})`).join('; ')}`);
      return checkFields(action, o.fields, '');
    }
    case 'subset': {
      if (!Array.isArray(v) || v.some((x) => !f.options.some((o) => o.value === x)) || new Set(v).size !== v.length) {
        return bad(`must be a list of distinct values from: ${f.options.map((o) => o.value).join(', ')}`);
      }
      return v.length < f.min || v.length > f.max ? bad(`must hold ${f.min === f.max ? `exactly ${f.min}` : `${f.min} to ${f.max}`} value${f.max === 1 ? '' : 's'}`) : null;
    }
    case 'bool':
      return typeof v === 'boolean' ? null : bad('must be true or false');
    case 'text':
      return typeof v === 'string' && (f.maxLength === undefined || v.length <= f.maxLength) ? null : bad(`must be text${f.maxLength ? ` of at most ${f.maxLength} characters` : ''}`);
    case 'dice': {
      const fewest = f.min ?? f.sides.length;
      const count = fewest === f.sides.length ? `${fewest}` : `${fewest} to ${f.sides.length}`;
      return Array.isArray(v) && v.length >= fewest && v.length <= f.sides.length && v.every((x, i) => Number.isInteger(x) && x >= 1 && x <= f.sides[i]) ? null : bad(`must be ${count} die value(s): ${f.sides.map((s) => `d${s}`).join(' ')}`);
    }
  }
}
