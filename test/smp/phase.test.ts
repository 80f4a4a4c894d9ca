/**
 * The phase driver (phase.ts, ruling R0-1): the ten steps in the document's order, each opened by
 * a heading event and the phase closed by one; answers fed to the pending request only, and the
 * replay of a log stopping at the first answer it refuses, with its index.
 */
import { describe, expect, it } from 'vitest';
import { runPhase } from '../../src/modules/smp/phase.ts';
import { fac, mini, scenario, withPlaces } from './helpers.ts';

const seeded = { counter: 0, physical: true } as const;
/** A board whose Step 3 asks Germany which territory to raid (one bomber, London's factory). */
const board = () =>
  scenario(
    withPlaces(
      mini({
        territories: [
          { name: 'Western Germany', owner: 'germany', units: [{ owner: 'germany', type: 'strategic_bomber', count: 1, designated: 1 }] },
          { name: 'London', owner: 'uk', facilities: [fac('major_factory')] },
        ],
      }),
    ),
    [3],
  );

describe('SMP phase driver', () => {
  it('R0-1: each step is opened by its heading, in the order of the document\'s list, and the phase is closed by an end event', () => {
    const run = runPhase(scenario(withPlaces(mini())), seeded, [], [1, 10]);
    const heads = run.events.filter((e) => e.type === 'step' || e.type === 'end').map(({ type, to, step, text }) => ({ type, to, step, text }));
    expect(heads).toEqual([
      { type: 'step', to: 'all', step: 1, text: 'Step 1: Resolve Special Situations (document section #1)' },
      { type: 'step', to: 'all', step: 10, text: 'Step 10: Apply National Advantages (document section #10)' },
      { type: 'end', to: 'all', step: 11, text: 'The Strategic Missions Phase is over.' },
    ]);
    expect(run.pending).toBeNull();
    expect(run.events.find((e) => e.step === 10 && e.type === 'note')).toMatchObject({ rule: '10' });
  });

  it('an answer is refused, with its index in the log, when it is not the pending request\'s: another nation, dice for a question, an answer for dice, anything after the end', () => {
    const s = board();
    const refusal = (log: Record<string, unknown>[]) => {
      const run = runPhase(s, seeded, log as never, [3]);
      return run.error && [run.error.index, run.error.refusal.code];
    };
    const raid = { type: 'choose', seat: 'germany', choice: 'London' };
    expect(refusal([{ type: 'choose', seat: 'uk', choice: 'done' }])).toEqual([0, 'not-your-turn']);
    expect(refusal([{ type: 'roll', seat: 'germany', values: [1] }])).toEqual([0, 'decision-expected']);
    expect(refusal([raid, { type: 'choose', seat: 'germany', p0: 1 }, { type: 'choose', seat: 'uk', p0: 1 }])).toEqual([2, 'roll-expected']); // London's AA barrage is rolled next
    expect(refusal([{ type: 'choose', seat: 'germany', choice: 'done' }, { type: 'choose', seat: 'germany', choice: 'done' }])).toEqual([1, 'phase-over']);
    expect(refusal([raid, { type: 'choose', seat: 'germany', p0: 1 }, { type: 'roll', seat: 'uk', values: [6] }])).toBeUndefined();
  });

  it('a refused answer stops the replay: what follows it is not fed, and the board is where the log left it', () => {
    const s = board();
    const log = [{ type: 'choose', seat: 'uk', choice: 'done' }, { type: 'choose', seat: 'germany', choice: 'done' }];
    const run = runPhase(s, seeded, log as never, [3]);
    expect(run.error).toMatchObject({ index: 0, refusal: { code: 'not-your-turn' } });
    expect(run.runner.fed).toBe(0);
    expect(run.pending).toMatchObject({ seat: 'germany', kind: 'decide' });
    expect(run.runner.feed({ type: 'choose', seat: 'germany', choice: 'done' })).toBe(run.error!.refusal); // a refused runner stays refused
  });

  it('a snapshot copy is the board as it stands, apart from the runner\'s', () => {
    const { runner } = runPhase(board(), seeded, [], [3]);
    const copy = runner.snapshot(true);
    copy.board.territories[0].units.length = 0;
    copy.dice.counter = 99;
    expect(runner.snapshot().board.territories[0].units).toHaveLength(1);
    expect(runner.snapshot().dice.counter).toBe(0);
    expect(copy.board.territories[1]).toEqual(runner.snapshot().board.territories[1]);
  });
});
