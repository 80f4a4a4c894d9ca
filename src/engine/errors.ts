/**
 * A refusal: plain data that crosses a network unchanged (JSON in, JSON out, nothing lost).
 * Returned, never half-applied: the state the action was tried on is untouched. `code` is stable
 * (for programs), `message` is for the player at the table, `rule` the rule it enforces.
 */
export interface RuleError {
  readonly kind: 'RuleError';
  readonly code: string;
  readonly message: string;
  /** The rule the refusal enforces, e.g. "9.5". */
  readonly rule?: string;
  /** Replays: the index in the action log of the action refused. */
  readonly index?: number;
  /** A stale submission (`code: 'stale-version'`): the game's current version. */
  readonly current?: number;
  /** Kernel refusals: the module's own code for why (e.g. "not-advantaged-player"). */
  readonly reason?: string;
}

type Extra = Partial<Pick<RuleError, 'index' | 'current' | 'reason'>>;

export function ruleError(code: string, message: string, rule?: string, extra: Extra = {}): RuleError {
  return { kind: 'RuleError', code, message, ...(rule ? { rule } : {}), ...extra };
}

export function isRuleError(x: unknown): x is RuleError {
  return typeof x === 'object' && x !== null && (x as RuleError).kind === 'RuleError' && typeof (x as RuleError).code === 'string';
}

/** "message (rule 9.5)" for a terminal; replays prefix "action #N: ". */
export function formatRefusal(e: RuleError): string {
  // The rule once: a message that already cites it ("… the mission is not rolled yet (6.C.2).") keeps its own.
  const text = e.rule && !e.message.includes(`(${e.rule})`) ? `${e.message} (rule ${e.rule})` : e.message;
  return e.index !== undefined && e.index >= 0 ? `action #${e.index}: ${text}` : text;
}

/** Throw a refusal from inside a rules function; the kernel turns it into a returned RuleError. */
export function refuse(code: string, message: string, rule?: string): never {
  throw ruleError(code, message, rule);
}
