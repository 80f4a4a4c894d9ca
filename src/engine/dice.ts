import { hmac, type _HMAC } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { refuse, ruleError, type RuleError } from './errors.ts';
import type { DiceSource, DieRequest, EventInput } from './module.ts';

export type { DiceSource, DieRequest };

/**
 * Dice for every module. Each die is derived from the game's secret seed and a roll counter:
 * HMAC-SHA-256(seed, "wardroom-die:<counter>:<block>") read byte by byte with rejection
 * sampling, so a d6 or a d8 (or a d18 for a random card) is exactly uniform. The game publishes
 * SHA-256(seed) as a commitment; once the seed is revealed anyone can re-derive every roll
 * (`verifyRolls`). With `physical` dice the rolling player types the value instead; it is
 * validated and logged the same way.
 *
 * The seed never enters a module's state: the kernel hands each action a `DiceSource`. A session
 * records the values a seeded source produced with the action in the log, so a game replays
 * without its seed, and only new rolls need it.
 */
export interface DiceState {
  /** Number of dice rolled so far in this game. */
  counter: number;
  physical: boolean;
}


export interface RollEvent extends EventInput {
  type: 'roll';
  seat: string;
  sides: number;
  value: number;
  purpose: string;
  /** Index of this die in the game's roll sequence (physical dice count too). */
  counter: number;
  physical: boolean;
}

export function seedCommitment(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

// The HMAC keyed with a game's seed, kept for the next die of the same game, with a scratch copy
// each die starts from and the bytes it writes into: the same result as hmac(sha256, seed,
// message), without re-hashing the key or allocating for every die.
let lastKeyed: { seed: string; keyed: _HMAC<any>; scratch: _HMAC<any>; mac: Uint8Array } | null = null;

function keyedHmac(seed: string) {
  if (lastKeyed?.seed !== seed) {
    const keyed: _HMAC<any> = hmac.create(sha256, utf8ToBytes(seed));
    lastKeyed = { seed, keyed, scratch: keyed.clone(), mac: new Uint8Array(32) };
  }
  return lastKeyed;
}

/** The value of die number `counter` of a game with this seed. */
export function dieFromSeed(seed: string, counter: number, sides: number): number {
  if (!Number.isInteger(sides) || sides < 2 || sides > 256) throw new Error(`bad die size ${sides}`);
  const limit = 256 - (256 % sides); // bytes >= limit are rejected so every face is equally likely
  const { keyed, scratch, mac } = keyedHmac(seed);
  for (let block = 0; ; block++) {
    keyed._cloneInto(scratch).update(asciiBytes(`wardroom-die:${counter}:${block}`)).digestInto(mac);
    for (const b of mac) if (b < limit) return (b % sides) + 1;
  }
}

/** The bytes of an ASCII text (a die's message), without a TextEncoder call. */
function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** Dice derived from a known seed. */
export function seededDice(seed: string): DiceSource {
  return { seeded: (counter, requests) => requests.map((r, i) => dieFromSeed(seed, counter + i, r.sides)) };
}

/** No seed here (a record opened without it): any seeded roll is refused. */
export const NO_SEED: DiceSource = {
  seeded() {
    refuse('dice-seed-withheld', 'This game was opened without its dice seed, so no new die can be rolled here (the referee or server holds the seed).');
  },
};

/**
 * The source a session hands to one action: replays the values logged with it, else rolls from
 * the seed (or refuses), and keeps what it produced so the session can log it.
 */
export class RecordingDice implements DiceSource {
  readonly produced: number[] = [];
  private next = 0;
  constructor(
    private readonly source: DiceSource,
    private readonly logged?: readonly number[],
    /** Check logged values against the source (a known seed). */
    private readonly verify = false,
  ) {}

  seeded(counter: number, requests: readonly DieRequest[]): number[] {
    let values: number[];
    if (this.logged) {
      values = requests.map((r, i) => {
        const v = this.logged![this.next + i];
        if (!Number.isInteger(v) || v < 1 || v > r.sides) refuse('logged-dice-mismatch', `The logged dice do not fit this roll (${r.purpose}: d${r.sides}, logged ${v}).`);
        return v;
      });
      this.next += requests.length;
      if (this.verify) {
        const expected = this.source.seeded(counter, requests);
        const i = expected.findIndex((v, k) => v !== values[k]);
        if (i >= 0) refuse('logged-dice-mismatch', `The log says die #${counter + i} (${requests[i].purpose}) showed ${values[i]}; the seed gives ${expected[i]}.`);
      }
    } else {
      values = this.source.seeded(counter, requests);
    }
    this.produced.push(...values);
    return values;
  }

  /** Logged values left over after the action: the log does not match the game. */
  unused(): RuleError | null {
    return this.logged && this.next !== this.logged.length ? ruleError('logged-dice-mismatch', `The log records ${this.logged.length} die value(s) for this action; it rolled ${this.next}.`) : null;
  }
}

/**
 * Roll the requested dice for `seat`. Seeded games must not pass values; physical-dice games
 * must pass exactly one value per die, each within 1..sides.
 */
export function rollDice(
  dice: DiceState,
  source: DiceSource,
  seat: string,
  requests: readonly DieRequest[],
  physicalValues?: readonly number[],
): { dice: DiceState; values: number[]; events: RollEvent[] } {
  if (!requests.length && !physicalValues?.length) return { dice, values: [], events: [] }; // no die: nothing to roll or type
  let values: number[];
  if (dice.physical) {
    if (!physicalValues || physicalValues.length !== requests.length) {
      const what = requests.map((r) => `d${r.sides} (${r.purpose})`).join(', ');
      refuse('dice-values-required', `This game uses physical dice: enter ${requests.length} value(s) for ${what}.`);
    }
    requests.forEach((r, i) => {
      const v = physicalValues[i];
      if (!Number.isInteger(v) || v < 1 || v > r.sides) {
        refuse('dice-value-out-of-range', `${r.purpose}: a d${r.sides} shows 1 to ${r.sides}, not ${v}.`);
      }
    });
    values = [...physicalValues];
  } else {
    if (physicalValues && physicalValues.length > 0) {
      refuse('dice-values-not-allowed', 'This game rolls its own dice from the game seed; do not enter die values.');
    }
    values = source.seeded(dice.counter, requests);
  }
  const events = requests.map(
    (r, i): RollEvent => ({
      type: 'roll',
      to: 'all',
      seat,
      sides: r.sides,
      value: values[i],
      purpose: r.purpose,
      counter: dice.counter + i,
      physical: dice.physical,
      text: `${r.purpose}: ${values[i]}`,
    }),
  );
  return { dice: { ...dice, counter: dice.counter + requests.length }, values, events };
}

/** Check every seeded roll event against a revealed seed and its commitment. */
export function verifyRolls(
  seed: string,
  commitment: string,
  rolls: readonly Pick<RollEvent, 'counter' | 'sides' | 'value' | 'physical'>[],
): { ok: boolean; problems: string[] } {
  const problems: string[] = [];
  if (seedCommitment(seed) !== commitment) problems.push('the seed does not match the published commitment');
  for (const r of rolls) {
    if (r.physical) continue;
    const expected = dieFromSeed(seed, r.counter, r.sides);
    if (expected !== r.value) problems.push(`roll #${r.counter}: logged ${r.value}, seed gives ${expected}`);
  }
  return { ok: problems.length === 0, problems };
}
