/**
 * How large a question the exact odds answer. Not a rule of the game: a bound on the work, so
 * that an absurd count (a typo, 1e6, a negative or fractional number, NaN) is refused at once,
 * naming the limit and the field, instead of running for minutes. Within the limits, far past
 * anything a board holds, a query takes about a millisecond at 400 units and under 10 ms at the
 * limit (bench/smp.bench.ts, bench/README.md).
 */
import { refuse } from '../../../engine/errors.ts';

/** The most units, tokens, dice or attempts of any one kind in one query. */
export const MAX_COUNT = 1000;
/** The most damage (or hits) a distribution may reach: the length of the vector it returns. */
export const MAX_OUTCOME = 100_000;
/**
 * A partisan raid on several facilities at once weighs every way the tokens can be left on them:
 * at most this many cases (the product, over the facilities, of their security outcomes and their
 * tokens + 1, times the elite infantry's hits + 1). Three tokens on each of three facilities
 * against 9 elite infantry: 8 × 8 × 8 × 10 = 5,120; at the limit, about 30 ms.
 */
export const MAX_PARTISAN_CASES = 10_000_000;

/** A whole number from 0 to MAX_COUNT, or a typed refusal naming `field`. */
export function checkCount(field: string, n: number): number {
  if (!Number.isInteger(n) || n < 0) refuse('odds-bad-count', `exact odds: ${field} must be a whole number from 0 to ${MAX_COUNT}; got ${n}`);
  if (n > MAX_COUNT) refuse('odds-too-large', `exact odds: at most ${MAX_COUNT} ${field}; got ${n}`);
  return n;
}

/** A die value (hit on ≤ `n`): any number but NaN (values past the die's faces are clamped). */
export function checkHitOn(field: string, n: number): number {
  if (typeof n !== 'number' || Number.isNaN(n)) refuse('odds-bad-count', `exact odds: ${field} must be a number; got ${n}`);
  return n;
}

/** A whole number from 0 up (damage per unit, damage still to take); Infinity when `unbounded` may stand for "no maximum". */
export function checkAmount(field: string, n: number, unbounded = false): number {
  if (!((unbounded && n === Infinity) || (Number.isInteger(n) && n >= 0))) refuse('odds-bad-count', `exact odds: ${field} must be a whole number from 0 up; got ${n}`);
  return n;
}

/** The largest outcome a distribution can reach, refused past MAX_OUTCOME. */
export function checkOutcome(field: string, most: number): void {
  if (most > MAX_OUTCOME) refuse('odds-too-large', `exact odds: at most ${MAX_OUTCOME} ${field}; got up to ${most}`);
}
