/** Issue 7 §4: undos inside random games (the scripted cases are in undo-replay.test.ts). */
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
});
