import { describe, expect, it } from 'vitest';
import { COL, Table, pointsOf } from '../../support/cwnb-fixtures.ts';

const SP = 'south-pacific' as const;
const MED = 'mediterranean' as const;

/** South Pacific, Even, die 6: Allied Carrier Strike vs. Soviet Engage, Pool 55, 11 per successful Carrier Air Strike. */
function strike(): Table {
  const t = new Table({ zones: [SP] });
  t.prepare({ [SP]: { mission: { allied: 'Carrier Strike' }, allied: { buy: ['a-cv', 'a-dd'], commit: ['a-cv', 'a-dd'] }, soviet: { buy: ['s-dd', 's-cv'], commit: ['s-dd', 's-cv'] } } });
  t.end(SP); // Soviet Battle Turn 1
  return t;
}
const air = (t: Table, success: boolean, surprise = false) =>
  pointsOf(t.act({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success, surprise }), 'allied');

describe('9.7 Carrier Strike vs. Engage', () => {
  it('9.7 the Carrier Strike player scores 11 from the Pool for each successful Carrier Air Strike against Land Targets; a failed one scores nothing', () => {
    const t = strike();
    expect(air(t, true)).toEqual([11]);
    expect(air(t, false)).toEqual([]);
    expect(t.zoneView(SP).battle).toMatchObject({ poolAwarded: { allied: 11 }, poolLeft: 44 });
  });

  it('9.7 a successful Surprise Attack Carrier Air Strike scores double', () => {
    const t = strike();
    expect(air(t, true, true)).toEqual([22]);
  });

  it('9.7 the Engage player scores all unclaimed Pool points at the end', () => {
    const t = strike();
    air(t, true);
    air(t, true, true);
    const events = t.finish(SP);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([55 - 33]);
    expect(t.texts('points', events)[0]).toContain('9.7: Engage player takes the unclaimed Pool');
  });

  it('9.7 Retreat Restrictions: no points can be scored from the Pool while Retreating', () => {
    const t = strike();
    t.act({ type: 'retreat', seat: 'allied:south-pacific' });
    expect(t.refuse({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true }).code).toBe('retreating-no-attacks');
  });

  it('9.7 Land Targets are not protected by a friendly Retreat card: strikes score while the Engage player retreats', () => {
    const t = new Table({ zones: [SP] });
    t.prepare({ [SP]: { mission: { allied: 'Carrier Strike' }, allied: { buy: ['a-cv'], commit: ['a-cv'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.act({ type: 'retreat', seat: 'soviet:south-pacific' });
    t.end(SP);
    expect(air(t, true)).toEqual([11]);
  });

  it('9.7 the Carrier Strike player must commit at least one Aircraft Carrier (9.5)', () => {
    const t = new Table({ zones: [SP] });
    t.roll(SP, { allied: 'Carrier Strike' });
    t.order(SP, 'allied', { buy: ['a-cv', 'a-cg'] });
    t.order(SP, 'soviet', {});
    expect(t.refuse({ type: 'commit', seat: 'allied:south-pacific', ships: ['a-cg'] }).code).toBe('carrier-required');
  });

  it('9.7 Urgent (Mediterranean, Allied Dominance, 1–2): Pool 80, 16 per successful strike', () => {
    const t = new Table({ zones: [MED], status: { [MED]: COL.alliedDominance } });
    t.prepare({ [MED]: { mission: { allied: 'Carrier Strike', urgent: true }, allied: { buy: ['a-cv'], commit: ['a-cv'] } } });
    expect(pointsOf(t.act({ type: 'landAttack', seat: 'allied:mediterranean', attack: 'carrier-air-strike', success: true }), 'allied')).toEqual([16]);
    expect(t.zoneView(MED).battle!.pool).toBe(80);
  });

  it('9.7 a Soviet Carrier Strike (Sea of Japan, Soviet Dominance, 1–2): Pool 32, 8 per successful strike, a carrier required of the Soviet player; the Allies take what is left', () => {
    const SOJ = 'sea-of-japan' as const;
    const t = new Table({ zones: [SOJ], status: { [SOJ]: COL.sovietDominance } });
    t.roll(SOJ, { soviet: 'Carrier Strike', urgent: false });
    t.order(SOJ, 'allied', { buy: ['a-dd'] });
    t.order(SOJ, 'soviet', { buy: ['s-cv', 's-dd'] });
    expect(t.refuse({ type: 'commit', seat: 'soviet:sea-of-japan', ships: ['s-dd'] }).code).toBe('carrier-required');
    expect(t.zoneView(SOJ).mission!.allied.summary[0]).toBe('Score all unclaimed Pool points at the end of the Battle Turns.');
    expect(t.zoneView(SOJ).mission!.soviet.summary[0]).toBe('Point Pool 32: score 8 for each successful Carrier Air Strike against Land Targets (double for a Surprise Attack). No Pool points while retreating.');
    // 9.1 shore bombardment applies to every Pool mission that attacks Land Targets (docs/rulings.md), and the summary says so.
    expect(t.zoneView(SOJ).mission!.soviet.summary[1]).toBe('Also score the Damage Value of Gun Attacks on Land Targets made after the enemy Task Force is eliminated or while it retreats (at most 32 in all, separate from the Pool; 9.1).');
    t.commit(SOJ, 'allied', ['a-dd']);
    t.commit(SOJ, 'soviet', ['s-cv']);
    expect(pointsOf(t.act({ type: 'landAttack', seat: 'soviet:sea-of-japan', attack: 'carrier-air-strike', success: true }), 'soviet')).toEqual([8]);
    const events = t.finish(SOJ);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([32 - 8]);
    expect(pointsOf(events, 'soviet', 'in-port')).toEqual([8]); // the Sovremenny (10) in port, capped at the 8 earned
  });

  it('9.7 a carrier left in port cannot fly a Carrier Air Strike', () => {
    const t = new Table({ zones: [SP] });
    t.roll(SP, { allied: 'Carrier Strike' });
    t.order(SP, 'allied', { buy: ['a-cv', 'a-cv2', 'a-dd'] });
    t.order(SP, 'soviet', {});
    t.commit(SP, 'allied', ['a-cv2']);
    t.commit(SP, 'soviet', []);
    t.end(SP); // Soviet 1
    t.sink(SP, 'a-cv2', 'soviet');
    expect(t.refuse({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true })).toMatchObject({ code: 'no-carrier-afloat', rule: '9.7' });
    // Its only committed ship sunk, the Task Force has nothing left to fire a gun either (9.1).
    expect(t.refuse({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'gun', damage: 4 })).toMatchObject({ code: 'no-ship-afloat', rule: '9.1', message: 'A Gun Attack needs one of your committed ships afloat.' });
  });

  it('9.7 Engage Bonus: Point Defense (only) Air Cover and Early Warning Systems may protect Land Targets (shown in the summary)', () => {
    const t = strike();
    expect(t.zoneView(SP).mission!.soviet.summary).toContain('You may use Point Defense (only) Air Cover and Early Warning Systems cards to protect Land Targets.');
  });

  // BUG: recordLandAttack does not check that the Carrier Strike player has a carrier afloat; a "successful Carrier Air
  // Strike" recorded after the only carrier was sunk still scores 11 from the Pool.
  it('9.7 a Carrier Air Strike is launched from an Aircraft Carrier: with the Task Force\'s only carrier sunk, it is refused and scores nothing', () => {
    const t = new Table({ zones: [SP] });
    t.prepare({ [SP]: { mission: { allied: 'Carrier Strike' }, allied: { buy: ['a-cv', 'a-dd'], commit: ['a-cv', 'a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.sink(SP, 'a-cv', 'soviet');
    t.end(SP);
    const r = t.refuse({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true });
    expect(r.message).toMatch(/carrier/i);
  });
});
