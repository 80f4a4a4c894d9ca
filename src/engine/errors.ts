/**
 * A refusal of an action. Returned (never half-applied): the state the action was tried on is
 * untouched. `code` is stable (for programs), `message` is for the player at the table.
 */
export class RuleError {
  readonly kind = 'RuleError' as const;
  constructor(
    readonly code: string,
    readonly message: string,
    /** The rule the refusal enforces, e.g. "9.5". */
    readonly rule?: string,
  ) {}
  toString(): string {
    return this.rule ? `${this.message} (rule ${this.rule})` : this.message;
  }
}

export function isRuleError(x: unknown): x is RuleError {
  return x instanceof RuleError;
}

/** Throw a refusal from inside a rules function; `apply` turns it into a returned RuleError. */
export function refuse(code: string, message: string, rule?: string): never {
  throw new RuleError(code, message, rule);
}
