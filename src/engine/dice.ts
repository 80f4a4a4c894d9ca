import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { refuse } from './errors.ts';
import type { GameEvent } from './module.ts';

/**
 * Dice for every module. Each die is derived from the game's secret seed and a roll counter:
 * HMAC-SHA-256(seed, "wardroom-die:<counter>:<block>") read byte by byte with rejection
 * sampling, so a d6 or a d8 (or a d18 for a random card) is exactly uniform. The game stores
 * SHA-256(seed) as a public commitment; once the seed is revealed anyone can re-derive every roll
 * (see `verifyRolls`). With `physical` dice the rolling player types the value instead; it is
 * validated and logged the same way.
 */
export interface DiceState {
  /** Secret seed (hex or any string); null when a game file withholds it. */
  seed: string | null;
  /** Number of dice rolled so far in this game. */
  counter: number;
  physical: boolean;
}

export interface DieRequest {
  sides: number;
  /** What the die is for, shown in the log: "Mission roll, Mediterranean, turn 3". */
  purpose: string;
}

export interface RollEvent extends GameEvent {
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

// The HMAC keyed with a game's seed, kept for the next die of the same game (the same result as
// hmac(sha256, seed, message), without re-hashing the key for every die).
let lastKeyed: { seed: string; mac: ReturnType<typeof hmac.create> } | null = null;

function keyedHmac(seed: string) {
  if (lastKeyed?.seed !== seed) lastKeyed = { seed, mac: hmac.create(sha256, utf8ToBytes(seed)) };
  return lastKeyed.mac;
}

/** The value of die number `counter` of a game with this seed. */
export function dieFromSeed(seed: string, counter: number, sides: number): number {
  if (!Number.isInteger(sides) || sides < 2 || sides > 256) throw new Error(`bad die size ${sides}`);
  const limit = 256 - (256 % sides); // bytes >= limit are rejected so every face is equally likely
  const keyed = keyedHmac(seed);
  for (let block = 0; ; block++) {
    const mac = keyed.clone().update(utf8ToBytes(`wardroom-die:${counter}:${block}`)).digest();
    for (const b of mac) if (b < limit) return (b % sides) + 1;
  }
}

/**
 * Roll the requested dice for `seat`. Seeded games must not pass values; physical-dice games
 * must pass exactly one value per die, each within 1..sides.
 */
export function rollDice(
  dice: DiceState,
  seat: string,
  requests: readonly DieRequest[],
  physicalValues?: readonly number[],
): { dice: DiceState; values: number[]; events: RollEvent[] } {
  let counter = dice.counter;
  const values: number[] = [];
  const events: RollEvent[] = [];
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
  } else {
    if (physicalValues && physicalValues.length > 0) {
      refuse('dice-values-not-allowed', 'This game rolls its own dice from the game seed; do not enter die values.');
    }
    if (dice.seed === null) refuse('dice-seed-missing', 'This game file withholds its dice seed, so no die can be rolled.');
  }
  for (let i = 0; i < requests.length; i++) {
    const r = requests[i];
    const value = dice.physical ? physicalValues![i] : dieFromSeed(dice.seed!, counter, r.sides);
    values.push(value);
    events.push({
      type: 'roll',
      seat,
      sides: r.sides,
      value,
      purpose: r.purpose,
      counter,
      physical: dice.physical,
      text: `${r.purpose}: ${value}`,
    });
    counter++;
  }
  return { dice: { ...dice, counter }, values, events };
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
