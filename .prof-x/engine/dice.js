import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { refuse, ruleError } from "./errors.js";
export function seedCommitment(seed) {
    return bytesToHex(sha256(utf8ToBytes(seed)));
}
// The HMAC keyed with a game's seed, kept for the next die of the same game (the same result as
// hmac(sha256, seed, message), without re-hashing the key for every die).
let lastKeyed = null;
function keyedHmac(seed) {
    if (lastKeyed?.seed !== seed)
        lastKeyed = { seed, mac: hmac.create(sha256, utf8ToBytes(seed)) };
    return lastKeyed.mac;
}
/** The value of die number `counter` of a game with this seed. */
export function dieFromSeed(seed, counter, sides) {
    if (!Number.isInteger(sides) || sides < 2 || sides > 256)
        throw new Error(`bad die size ${sides}`);
    const limit = 256 - (256 % sides); // bytes >= limit are rejected so every face is equally likely
    const keyed = keyedHmac(seed);
    for (let block = 0;; block++) {
        const mac = keyed.clone().update(utf8ToBytes(`wardroom-die:${counter}:${block}`)).digest();
        for (const b of mac)
            if (b < limit)
                return (b % sides) + 1;
    }
}
/** Dice derived from a known seed. */
export function seededDice(seed) {
    return { seeded: (counter, requests) => requests.map((r, i) => dieFromSeed(seed, counter + i, r.sides)) };
}
/** No seed here (a record opened without it): any seeded roll is refused. */
export const NO_SEED = {
    seeded() {
        refuse('dice-seed-withheld', 'This game was opened without its dice seed, so no new die can be rolled here (the referee or server holds the seed).');
    },
};
/**
 * The source a session hands to one action: replays the values logged with it, else rolls from
 * the seed (or refuses), and keeps what it produced so the session can log it.
 */
export class RecordingDice {
    source;
    logged;
    verify;
    produced = [];
    next = 0;
    constructor(source, logged, 
    /** Check logged values against the source (a known seed). */
    verify = false) {
        this.source = source;
        this.logged = logged;
        this.verify = verify;
    }
    seeded(counter, requests) {
        let values;
        if (this.logged) {
            values = requests.map((r, i) => {
                const v = this.logged[this.next + i];
                if (!Number.isInteger(v) || v < 1 || v > r.sides)
                    refuse('logged-dice-mismatch', `The logged dice do not fit this roll (${r.purpose}: d${r.sides}, logged ${v}).`);
                return v;
            });
            this.next += requests.length;
            if (this.verify) {
                const expected = this.source.seeded(counter, requests);
                const i = expected.findIndex((v, k) => v !== values[k]);
                if (i >= 0)
                    refuse('logged-dice-mismatch', `The log says die #${counter + i} (${requests[i].purpose}) showed ${values[i]}; the seed gives ${expected[i]}.`);
            }
        }
        else {
            values = this.source.seeded(counter, requests);
        }
        this.produced.push(...values);
        return values;
    }
    /** Logged values left over after the action: the log does not match the game. */
    unused() {
        return this.logged && this.next !== this.logged.length ? ruleError('logged-dice-mismatch', `The log records ${this.logged.length} die value(s) for this action; it rolled ${this.next}.`) : null;
    }
}
/**
 * Roll the requested dice for `seat`. Seeded games must not pass values; physical-dice games
 * must pass exactly one value per die, each within 1..sides.
 */
export function rollDice(dice, source, seat, requests, physicalValues) {
    let values;
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
    }
    else {
        if (physicalValues && physicalValues.length > 0) {
            refuse('dice-values-not-allowed', 'This game rolls its own dice from the game seed; do not enter die values.');
        }
        values = source.seeded(dice.counter, requests);
    }
    const events = requests.map((r, i) => ({
        type: 'roll',
        to: 'all',
        seat,
        sides: r.sides,
        value: values[i],
        purpose: r.purpose,
        counter: dice.counter + i,
        physical: dice.physical,
        text: `${r.purpose}: ${values[i]}`,
    }));
    return { dice: { ...dice, counter: dice.counter + requests.length }, values, events };
}
/** Check every seeded roll event against a revealed seed and its commitment. */
export function verifyRolls(seed, commitment, rolls) {
    const problems = [];
    if (seedCommitment(seed) !== commitment)
        problems.push('the seed does not match the published commitment');
    for (const r of rolls) {
        if (r.physical)
            continue;
        const expected = dieFromSeed(seed, r.counter, r.sides);
        if (expected !== r.value)
            problems.push(`roll #${r.counter}: logged ${r.value}, seed gives ${expected}`);
    }
    return { ok: problems.length === 0, problems };
}
