import { describe, expect, it } from 'vitest';
import { COL, Table, pointsOf, type ShipId } from '../../support/cwnb-fixtures.ts';

const PG = 'persian-gulf' as const;
const NS = 'north-sea' as const;

/** Persian Gulf, Even, 1–2: Sea Superiority vs. Sea Superiority, Pool 45, 2 points per retreating ship. */
function superiority(allied: ShipId[], soviet: ShipId[]): Table {
  const t = new Table({ zones: [PG] });
  t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: allied, commit: allied }, soviet: { buy: soviet, commit: soviet } } });
  return t;
}

describe('9.4 Sea Superiority vs. Sea Superiority', () => {
  it('9.4 worked example: a tie splits the Pool evenly and the odd point is lost: 45 → 22 and 22 (North Sea, Soviet Edge, Pool 45)', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.sovietEdge } });
    t.prepare({ [NS]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    expect(t.zoneView(NS).battle!.pool).toBe(45);
    t.endAll(NS);
    const events = t.setAside(NS);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([22]);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([22]);
    expect(t.texts('points', events)[0]).toContain('9.4: tie (0 each), Pool split evenly, odd point lost');
  });

  it('9.4 the same in the Persian Gulf: 22 each, one point of the 45 left unawarded', () => {
    const t = superiority(['a-dd'], ['s-dd']);
    t.endAll(PG);
    t.setAside(PG);
    expect([t.track(PG, 'allied'), t.track(PG, 'soviet')]).toEqual([22, 22]);
  });

  it('9.4 the Mission Winner scores 2/3 of the Pool and the loser 1/3 (45 → 30 and 15)', () => {
    const t = superiority(['a-dd'], ['s-dd', 's-ff']);
    t.sink(PG, 's-ff', 'allied');
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([30]);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([15]);
    expect(t.texts('points', events)[0]).toContain('Mission Winner Allied (5 to 0 for sinkings and retreats): 2/3 of the Pool');
  });

  it('9.4 the Mission Winner is who scored more for sinking enemy ships and for the enemy Retreating', () => {
    const t = superiority(['a-dd', 'a-ff'], ['s-dd', 's-ff', 's-ss']);
    t.sink(PG, 'a-ff', 'soviet'); // Soviet 6
    t.sink(PG, 's-ff', 'allied'); // Allied 5
    t.act({ type: 'retreat', seat: 'soviet:persian-gulf' }); // 2 ships afloat × 2 = Allied +4 → 9
    const events = t.finish(PG);
    expect(t.texts('points', events)[0]).toContain('Mission Winner Allied (9 to 6 for sinkings and retreats)');
    expect(pointsOf(events, 'allied', 'mission')).toEqual([30]);
  });

  it('9.4 a Soviet Mission Winner scores 2/3 of the Pool and the Allied loser 1/3 (Persian Gulf, Pool 45: 30 and 15)', () => {
    const t = superiority(['a-dd', 'a-ff'], ['s-dd']);
    t.sink(PG, 'a-ff', 'soviet'); // Soviet 6 for sinkings, Allied 0
    const events = t.finish(PG);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([30]); // 2 × 45 / 3
    expect(pointsOf(events, 'allied', 'mission')).toEqual([15]); // 45 / 3
    expect(t.texts('points', events)[0]).toContain('Mission Winner Soviet (6 to 0 for sinkings and retreats): 2/3 of the Pool');
  });

  it('9.4 a Soviet Mission Winner whose Allied opponent is completely eliminated scores the whole Pool of 45', () => {
    const t = superiority(['a-ff'], ['s-dd']);
    t.sink(PG, 'a-ff', 'soviet');
    const events = t.finish(PG);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([45]);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([]);
  });

  it('9.4 an Allied retreat makes the Soviet player the Mission Winner: 2 × 2 ships = 4 for the retreat, then 30 of the Pool; the Allies 15', () => {
    const t = superiority(['a-dd', 'a-ff'], ['s-dd']);
    t.end(PG); // Soviet Battle Turn 1
    expect(pointsOf(t.act({ type: 'retreat', seat: 'allied:persian-gulf' }), 'soviet')).toEqual([4]);
    const events = t.finish(PG);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([30]);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([15]);
  });

  it('9.4 Retreat: the opponent immediately scores 2 points per ship and submarine in the retreating Task Force', () => {
    const t = superiority(['a-dd'], ['s-dd', 's-ff', 's-ss']);
    const events = t.act({ type: 'retreat', seat: 'soviet:persian-gulf' });
    expect(pointsOf(events, 'allied')).toEqual([6]);
    expect(events.at(-1)!.text).toContain('3 ship(s) and submarine(s) in the retreating Task Force, 2 each');
    expect(t.zoneView(PG).battle).toMatchObject({ pool: 45, poolLeft: 45 }); // not taken from the Pool (ruling)
  });

  it('9.4 the retreat points are Mission Points for the opponent (they count for 7.2.3 and the 7.2.4 cap)', () => {
    const t = superiority(['a-dd'], ['s-dd']);
    expect(pointsOf(t.act({ type: 'retreat', seat: 'soviet:persian-gulf' }), 'allied', 'mission')).toEqual([2]);
  });

  it('9.4 Urgent: 3 points per retreating ship and a Pool of 60 (North Sea, Even, 1–2)', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Sea Superiority', urgent: true }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd', 's-ff'], commit: ['s-dd', 's-ff'] } } });
    expect(pointsOf(t.act({ type: 'retreat', seat: 'soviet:north-sea' }), 'allied')).toEqual([6]);
    const events = t.finish(NS);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([40]);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([20]);
  });

  it('9.4 if the loser is completely eliminated, the winner scores the entire Pool', () => {
    const t = superiority(['a-dd'], ['s-ff', 's-ff2']);
    t.sink(PG, 's-ff', 'allied');
    t.sink(PG, 's-ff2', 'allied');
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([45]);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([]);
  });

  it('9.4 ships the loser left in port do not count: with every committed ship sunk it is completely eliminated (whole Pool, 45)', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-ff', 's-dd'], commit: ['s-ff'] } } });
    t.sink(PG, 's-ff', 'allied');
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([45]);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([]);
  });

  it('9.4 a loser with a Passive submarine afloat is not completely eliminated: 2/3 and 1/3 of 45, 30 and 15 (Passive submarines count as eliminated only where 9.5 and 9.6 say so)', () => {
    const t = superiority(['a-dd'], ['s-ff', 's-ss']);
    t.sink(PG, 's-ff', 'allied');
    t.act({ type: 'submarine', seat: 'soviet:persian-gulf', ship: 's-ss', mode: 'passive' });
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([30]);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([15]);
  });

  it('9.4 a game begun with Wardroom 0.1 keeps its reading: there, a loser with only a Passive submarine afloat was completely eliminated (whole Pool, 45)', () => {
    const t = new Table({ zones: [PG], rulings: '0.1' });
    t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-ff', 's-ss'], commit: ['s-ff', 's-ss'] } } });
    t.sink(PG, 's-ff', 'allied');
    t.act({ type: 'submarine', seat: 'soviet:persian-gulf', ship: 's-ss', mode: 'passive' });
    expect(pointsOf(t.finish(PG), 'allied', 'mission')).toEqual([45]);
  });

  it('9.4 with no Mission Winner (a tie) the Pool is split even if a Task Force was eliminated (ruling: neither player is the loser)', () => {
    const t = superiority(['a-dd'], []);
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([22]);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([22]);
  });

  it('9.4 Bonus: Persian Gulf Allies +1 and Soviet +2 to hand size and Fog of War; submarines must become Active in each Dive! Dive! step', () => {
    const t = superiority(['a-dd'], ['s-dd']);
    const z = t.zoneView(PG);
    expect(z.players.allied).toMatchObject({ handSize: 8, fogOfWarModifier: 1 });
    expect(z.players.soviet).toMatchObject({ handSize: 9, fogOfWarModifier: 2 });
    expect(z.mission!.soviet.summary).toContain('Submarines must become Active during each Dive! Dive! step.');
  });
});
