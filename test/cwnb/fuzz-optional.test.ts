/**
 * The fuzzer of test/cwnb/fuzz.test.ts with the optional rules (13.1–13.5, 14.1): each seeded game
 * switches on a random selection of them, and every invariant, event check and the replay are
 * checked as in the base batches. Reproduce a failure with
 * `node --import tsx scripts/fuzz.ts --game-seed SEED --optional`.
 */
import { describe, expect, it } from 'vitest';
import { FuzzFailure, playRandomGame } from '../support/cwnb-random-game.ts';

describe('CWNB fuzzer with the optional rules: 500 seeded campaigns, each with a random selection of 13.1–13.5 and 14.1', () => {
  // The checks of the base batches of fuzz.test.ts: every invariant, event check and the replay.
  // Before this batch, `scripts/fuzz.ts --optional` found what the suite did not: the event check
  // read the 13.5 joker's bank as taken from the Point Track.
  const OPTIONAL_GAMES = 500;
  for (let from = 1; from <= OPTIONAL_GAMES; from += 250) {
    it(`games with seeds ${from}–${from + 249} and random optional rules finish; invariants, refusals, undo and replay hold`, () => {
      const failures: string[] = [];
      const used = new Set<string>();
      for (let seed = from; seed < from + 250; seed++) {
        try {
          const r = playRandomGame(seed, { optionalRules: 'random' });
          for (const k of Object.keys((r.options as { optional?: object }).optional ?? {})) used.add(k);
        } catch (e) {
          failures.push(e instanceof FuzzFailure ? e.message : `game seed ${seed}: ${(e as Error)?.stack ?? e}`);
        }
      }
      expect(failures.slice(0, 5)).toEqual([]);
      expect([...used].sort()).toEqual(['flagOfficers', 'frictionOfWar', 'overallCommanders', 'specialConditions', 'transferLimitations', 'variableEndTurn']);
    });
  }
});
