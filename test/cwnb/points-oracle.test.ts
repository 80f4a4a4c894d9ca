/**
 * The mission-points oracle (test/support/cwnb-points-oracle.ts) against random games and the
 * example games, and proof that it bites.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/module.ts';
import type { GameRecord } from '../../src/engine/session.ts';
import { checkPoints, gameSteps, type Step } from '../support/cwnb-points-oracle.ts';
import { playRandomGame, type PlayConfig } from '../support/cwnb-random-game.ts';

const EXAMPLES = new URL('../../examples/cwnb/', import.meta.url).pathname;

function exampleFiles(): string[] {
  return ['', 'optional'].flatMap((dir) =>
    readdirSync(join(EXAMPLES, dir))
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, f)),
  );
}

function example(file: string): Step[] {
  return gameSteps(JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as GameRecord);
}

/** A random game's steps (its record replayed; the actions taken back left out). */
function randomGame(seed: number, config: PlayConfig = {}): Step[] {
  return gameSteps(playRandomGame(seed, { ...config, probeChance: 0, checkReplay: false, checkPoints: false }).record);
}

function pointsEvents(steps: readonly Step[]): GameEvent[] {
  return steps.flatMap((s) => s.events.filter((e) => e.type === 'points'));
}

describe('mission-points oracle', () => {
  it('agrees with every points event of 300 random base-game campaigns, which score every kind of points in every mission', () => {
    const kinds = new Set<string>();
    const missions = new Set<string>();
    let checked = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const steps = randomGame(seed);
      expect(checkPoints(steps), `seed ${seed}`).toEqual([]);
      for (const e of pointsEvents(steps)) {
        kinds.add(e.kind as string);
        checked++;
      }
      for (const s of steps) if (s.action.type === 'rollMission') missions.add(s.after.zones[s.action.seat.split(':')[1] as 'north-sea']!.mission?.cell.allied ?? '');
    }
    expect(checked).toBeGreaterThan(3000);
    expect([...kinds].sort()).toEqual(['in-port', 'mission', 'sinking']);
    for (const m of ['Military Escort', 'Civilian Escort', 'Sea Superiority', 'Invasion', 'Holding Action', 'Carrier Strike', 'Submarine Strike', 'Engage', 'Raid']) expect(missions).toContain(m);
  });

  it('agrees with every points event of 100 or more random campaigns with the optional rules, until they have scored every kind of points (13.2.7 Port Strike sinkings, 13.5 +2 jokers)', () => {
    const kinds = new Set<string>();
    // Port Strike sinkings are rare: past the first 100, seeds go on (up to 300) until one is seen.
    for (let seed = 1; seed <= 100 || (kinds.size < 5 && seed <= 300); seed++) {
      // The driver's own event checks do not know the 13.5 joker banked for 5 VP; the oracle is the check here.
      const steps = randomGame(seed, { optionalRules: 'random', checkInvariants: false });
      expect(checkPoints(steps), `seed ${seed}`).toEqual([]);
      for (const e of pointsEvents(steps)) kinds.add(e.kind as string);
    }
    expect([...kinds].sort()).toEqual(['in-port', 'mission', 'other', 'port-strike', 'sinking']);
  });

  it('agrees with every points event of the example games in examples/cwnb/ and examples/cwnb/optional/', () => {
    const files = exampleFiles();
    expect(files.length).toBeGreaterThanOrEqual(17);
    for (const f of files) expect(checkPoints(example(f)), f).toEqual([]);
  });

  it('bites: a points event doctored by one point, moved to the other side, or dropped is reported with its step, zone, turn, side and kind', () => {
    const steps = example('mission-sea-superiority.json');
    const at = steps.findIndex((s) => s.events.some((e) => e.type === 'points' && e.kind === 'mission'));
    expect(at).toBeGreaterThanOrEqual(0);
    const e = steps[at].events.find((x) => x.type === 'points' && x.kind === 'mission')!;
    const doctor = (change: (e: GameEvent) => GameEvent | null): Step[] =>
      steps.map((s, i) => (i === at ? { ...s, events: s.events.flatMap((x) => (x === e ? (change(x) ?? []) : [x])) } : s));
    const points = e.points as number;
    const where = { step: at, action: steps[at].action.type, zone: e.zone, turn: steps[at].before.turn, kind: 'mission' };

    expect(checkPoints(doctor((x) => ({ ...x, points: points + 1 })))).toEqual([{ ...where, side: e.side, expected: points, reported: points + 1 }]);
    const swapped = e.side === 'allied' ? 'soviet' : 'allied';
    expect(checkPoints(doctor((x) => ({ ...x, side: swapped })))).toEqual(
      expect.arrayContaining([
        { ...where, side: e.side, expected: points, reported: 0 },
        { ...where, side: swapped, expected: 0, reported: points },
      ]),
    );
    expect(checkPoints(doctor(() => null))).toEqual([{ ...where, side: e.side, expected: points, reported: 0 }]);
    expect(checkPoints(doctor((x) => ({ ...x, kind: 'other' })))).toHaveLength(2);
  });

  it('bites: a points event in a step that should score nothing is reported', () => {
    const steps = example('mission-military-escort.json');
    const at = steps.findIndex((s) => s.action.type === 'commit');
    const seat = steps[at].action.seat;
    const [side, zone] = seat.split(':');
    const bogus: GameEvent = { type: 'points', zone, side, points: 5, kind: 'sinking', text: 'bogus', to: 'all', seq: 0, entry: at };
    const doctored = steps.map((s, i) => (i === at ? { ...s, events: [...s.events, bogus] } : s));
    expect(checkPoints(doctored)).toEqual([{ step: at, action: 'commit', zone, turn: 1, side, kind: 'sinking', expected: 0, reported: 5 }]);
  });
});
