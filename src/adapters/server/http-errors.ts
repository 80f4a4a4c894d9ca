import type { ZodType } from 'zod';
import type { RuleError } from '../../engine/errors.ts';

/**
 * A refusal the server answers with: an HTTP status and `{error: {code, message, rule?}}`, the
 * message meant for a person. Thrown from a route; the app's error handler writes it.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly more: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body() {
    return { error: { code: this.code, message: this.message, ...this.more } };
  }
}

/** A rules refusal as a 422 naming the rule. */
export const ruleRefusal = (e: RuleError) => new HttpError(422, e.code, e.message, e.rule ? { rule: e.rule } : {});

/** The body checked against its schema; a 400 naming the field that is wrong. */
export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const text = r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  throw new HttpError(400, 'bad-request', `The request is not understood: ${text}.`);
}

/** The database out of reach: 503, try again soon. After a time limit the change may have been made (its answer did not come). */
export function databaseUnavailable(timedOut: boolean): HttpError {
  return new HttpError(
    503,
    'database-unavailable',
    timedOut
      ? 'The server\'s database did not answer in time. A change you sent may or may not have been made: reload to see the game as it is, then try again.'
      : 'The server cannot reach its database just now; nothing was changed. Try again in a few seconds.',
  );
}
