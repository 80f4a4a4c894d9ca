/** Issue 7 §4: undos and rewinds inside random games (the scripted cases are in undo-replay.test.ts). */
import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../src/engine/kernel.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { playRandomGame } from '../support/cwnb-random-game.ts';

describe('undo inside fuzzed games', () => {
  it('300 fuzzed games with frequent undos: each undo is logged, the state equals the replay of the log, the game still finishes and replays', () => {
    let undos = 0;
    for (let seed = 700_001; seed <= 700_300; seed++) {
      const r = playRandomGame(seed, { limits: { zones: 3, turns: 3 }, undoChance: 0.05, maxUndos: 6, probeChance: 0.02 });
      undos += r.undos;
      expect(waitingFor(cwnb, r.state)).toEqual([]);
    }
    expect(undos).toBeGreaterThan(300);
  });

  it('200 fuzzed games with rewinds by agreement, half with random optional rules: a rewind is refused only as not agreed or not allowed, never because the log stops replaying; an accepted one is logged and the state equals the replay', () => {
    let rewinds = 0;
    let refusals = 0;
    for (let seed = 710_001; seed <= 710_200; seed++) {
      const r = playRandomGame(seed, { limits: { zones: 3, turns: 3 }, rewindChance: 0.05, maxRewinds: 8, undoChance: 0.02, maxUndos: 4, probeChance: 0.02, optionalRules: seed % 2 ? 'random' : 'none' });
      rewinds += r.rewinds;
      refusals += r.rewindRefusals;
      expect(waitingFor(cwnb, r.state)).toEqual([]);
    }
    expect(rewinds).toBeGreaterThan(200);
    expect(refusals).toBeGreaterThan(200);
  });
});
