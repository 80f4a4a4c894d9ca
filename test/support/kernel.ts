/**
 * Test helpers over the kernel: apply an action to a state the way a session does (kernel checks,
 * then the module), with a fixed seed for seeded dice; and the referee's reading of events (each
 * event with its secret face, if it has one).
 */
import { seededDice } from '../../src/engine/dice.ts';
import { isRuleError, type RuleError } from '../../src/engine/errors.ts';
import { applyAction } from '../../src/engine/kernel.ts';
import type { Action, EventInput, Outcome, RulesModule } from '../../src/engine/module.ts';

export const FIXTURE_SEED = 'fixture-seed';

/** An event as the referee reads it: the secret face over the public one. */
export function refereeFace<E extends EventInput>(e: E): E {
  if (!e.secret) return e;
  const { secret, ...face } = e;
  return { ...face, ...secret } as E;
}

/** Apply `action` (seeded dice from `seed`); events as the referee reads them. */
export function apply<S>(module: RulesModule<S, any>, state: S, action: Action, seed = FIXTURE_SEED): Outcome<S> | RuleError {
  const r = applyAction(module, state, action, seededDice(seed));
  return isRuleError(r) ? r : { ...r, events: r.events.map(refereeFace) };
}

/** The rule's own code for a refusal: the kernel's "not your decision" carries it as `reason`. */
export function codeOf(e: RuleError): string {
  return e.reason ?? e.code;
}
