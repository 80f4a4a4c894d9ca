/** Issue 7 §4: undos and rewinds inside random games (the scripted cases are in undo-replay.test.ts). */
import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../src/engine/kernel.ts';
import { Replay } from '../../src/engine/replay.ts';
import { isRuleError } from '../../src/engine/errors.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { playRandomGame } from '../support/cwnb-random-game.ts';
import { openSession } from '../support/cwnb-scenario.ts';

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

  it('the history viewer steps through games with undos and rewinds: the state at every step is the replay of the log up to it', () => {
    let kernelEntries = 0;
    for (let seed = 720_001; seed <= 720_030; seed++) {
      const { record } = playRandomGame(seed, { limits: { zones: 2, turns: 2 }, rewindChance: 0.05, maxRewinds: 6, undoChance: 0.05, maxUndos: 6, probeChance: 0, optionalRules: seed % 2 ? 'random' : 'none' });
      const { log, ...base } = record;
      const replay = new Replay(cwnb, base);
      for (let step = 0; step <= log.length; step++) {
        const state = replay.stateAt(log, step);
        if (isRuleError(state)) throw new Error(`seed ${seed}, step ${step}: ${state.message}`);
        expect(state, `seed ${seed}, step ${step}`).toEqual(openSession({ ...record, log: log.slice(0, step) }).state);
      }
      kernelEntries += log.filter((e) => e.type.startsWith('@')).length;
    }
    expect(kernelEntries).toBeGreaterThan(30);
  });
});
