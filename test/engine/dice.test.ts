import { describe, expect, it } from 'vitest';
import { dieFromSeed, NO_SEED, RecordingDice, rollDice, seedCommitment, seededDice, verifyRolls } from '../../src/engine/dice.ts';
import { isRuleError, type RuleError } from '../../src/engine/errors.ts';

describe('engine dice (HMAC-SHA-256 with rejection sampling)', () => {
  it('is deterministic for a seed and counter, and differs between counters', () => {
    const a = Array.from({ length: 50 }, (_, i) => dieFromSeed('seed-1', i, 6));
    const b = Array.from({ length: 50 }, (_, i) => dieFromSeed('seed-1', i, 6));
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(6);
  });

  it('is close to uniform for d6 and d8', () => {
    for (const sides of [6, 8]) {
      const counts = new Array(sides).fill(0);
      const n = 24_000;
      for (let i = 0; i < n; i++) counts[dieFromSeed('uniform', i, sides) - 1]++;
      const expected = n / sides;
      const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
      expect(chi2).toBeLessThan(30); // far beyond the 99.9% quantile for 5 or 7 d.o.f.
    }
  });

  it('publishes a SHA-256 commitment and re-derives every seeded roll from the revealed seed', () => {
    const seed = 'table-seed';
    const { events } = rollDice({ counter: 0, physical: false }, seededDice(seed), 'allied', [
      { sides: 6, purpose: 'Mission roll' },
      { sides: 8, purpose: 'Initiative' },
    ]);
    expect(events.map((e) => e.counter)).toEqual([0, 1]);
    const commitment = seedCommitment(seed);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyRolls(seed, commitment, events).ok).toBe(true);
    expect(verifyRolls('other', commitment, events).ok).toBe(false);
  });

  it('physical dice: asks for values and refuses out-of-range ones', () => {
    const dice = { counter: 4, physical: true };
    const ok = rollDice(dice, NO_SEED, 'soviet', [{ sides: 6, purpose: 'Mission roll' }], [5]);
    expect(ok.values).toEqual([5]);
    expect(ok.dice.counter).toBe(5);
    const errs = [
      () => rollDice(dice, NO_SEED, 'soviet', [{ sides: 6, purpose: 'Mission roll' }]),
      () => rollDice(dice, NO_SEED, 'soviet', [{ sides: 6, purpose: 'Mission roll' }], [7]),
    ];
    for (const f of errs) {
      try {
        f();
        expect.unreachable();
      } catch (e) {
        expect(isRuleError(e)).toBe(true);
        expect((e as RuleError).message).toMatch(/d6/);
      }
    }
  });

  it('seeded dice without the seed are refused; logged values replay without it, and a log that does not match the seed is caught', () => {
    const seeded = { counter: 0, physical: false };
    try {
      rollDice(seeded, NO_SEED, 'allied', [{ sides: 6, purpose: 'Mission roll' }]);
      expect.unreachable();
    } catch (e) {
      expect((e as RuleError).code).toBe('dice-seed-withheld');
    }
    const first = rollDice(seeded, seededDice('s'), 'allied', [{ sides: 6, purpose: 'Mission roll' }]).values;
    expect(rollDice(seeded, new RecordingDice(NO_SEED, first), 'allied', [{ sides: 6, purpose: 'Mission roll' }]).values).toEqual(first);
    const wrong = [(first[0] % 6) + 1];
    try {
      rollDice(seeded, new RecordingDice(seededDice('s'), wrong, true), 'allied', [{ sides: 6, purpose: 'Mission roll' }]);
      expect.unreachable();
    } catch (e) {
      expect((e as RuleError).code).toBe('logged-dice-mismatch');
    }
  });
});

describe('rolling no dice', () => {
  // Found by the points oracle: a 13.2.7 Port Strike air strike on a zone with no enemy ship rolls
  // no die, and a game opened without its seed could not replay it.
  it('needs neither the seed nor typed values, and changes nothing', () => {
    for (const physical of [false, true]) {
      const dice = { counter: 4, physical };
      expect(rollDice(dice, NO_SEED, 'allied:north-sea', [])).toEqual({ dice, values: [], events: [] });
    }
  });
});
