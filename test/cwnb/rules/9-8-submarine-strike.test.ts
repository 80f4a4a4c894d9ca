import { describe, expect, it } from 'vitest';
import { COL, Table, pointsOf, type ShipId } from '../../support/cwnb-fixtures.ts';

const MED = 'mediterranean' as const;

/** Mediterranean, Even, die 6: Allied Engage vs. Soviet Submarine Strike, Pool 30 (Soviet first). */
function strike(soviet: ShipId[] = ['s-ssgn', 's-ss'], inPort: ShipId[] = []): Table {
  const t = new Table({ zones: [MED] });
  t.prepare({ [MED]: { mission: { soviet: 'Submarine Strike' }, allied: { buy: ['a-dd', 'a-ss'], commit: ['a-dd', 'a-ss'] }, soviet: { buy: [...soviet, ...inPort], commit: soviet } } });
  return t;
}
const missile = (t: Table, damage: number, surprise = false) =>
  pointsOf(t.act({ type: 'landAttack', seat: 'soviet:mediterranean', attack: 'submarine-missile', damage, surprise }), 'soviet');

describe('9.8 Submarine Strike vs. Engage', () => {
  it('9.8 the Submarine Strike player scores from the Pool the Damage Value of submarine-launched Missile Attacks on Land Targets', () => {
    const t = strike();
    expect(missile(t, 6)).toEqual([6]);
    expect(missile(t, 4)).toEqual([4]);
    expect(t.zoneView(MED).battle).toMatchObject({ pool: 30, poolLeft: 20 });
  });

  it('9.8 successful Surprise Attacks on Land Targets score double', () => {
    const t = strike();
    expect(missile(t, 6, true)).toEqual([12]);
  });

  it('9.8 never more than the Pool: 30 in all', () => {
    const t = strike();
    expect([...missile(t, 9, true), ...missile(t, 9)]).toEqual([18, 9]);
    expect(missile(t, 8)).toEqual([3]);
    expect(missile(t, 5)).toEqual([]);
  });

  it('9.8 the Engage player scores all the unclaimed Pool points at the end; its own missile attacks on Land Targets score nothing', () => {
    const t = strike();
    missile(t, 7);
    t.end(MED);
    expect(pointsOf(t.act({ type: 'landAttack', seat: 'allied:mediterranean', attack: 'gun', damage: 8 }), 'allied')).toEqual([]);
    const events = t.finish(MED);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([23]);
  });

  it('9.8 submarines only: no surface ships in the Submarine Strike Task Force; at least one missile-capable submarine (9.5)', () => {
    const t = new Table({ zones: [MED] });
    t.roll(MED, { soviet: 'Submarine Strike' });
    t.order(MED, 'allied', {});
    t.order(MED, 'soviet', { buy: ['s-ssgn', 's-ss', 's-dd'] });
    expect(t.refuse({ type: 'commit', seat: 'soviet:mediterranean', ships: ['s-ssgn', 's-dd'] }).code).toBe('submarines-only');
    expect(t.refuse({ type: 'commit', seat: 'soviet:mediterranean', ships: ['s-ss'] }).code).toBe('missile-submarine-required');
    // The form offers the submarines and names the surface ship with why it cannot sail.
    const ships = t.actions('soviet:mediterranean').find((a) => a.type === 'commit')!.fields!.ships;
    expect(ships.kind === 'subset' && [ships.options.map((o) => o.value), ships.unavailable]).toEqual([['s-ssgn', 's-ss'], [{ value: 's-dd', label: 'Sovremenny', why: 'Submarine Strike: submarines only, no surface ships (9.8)' }]]);
    t.commit(MED, 'soviet', ['s-ssgn', 's-ss']); // the surface ship stays in port
  });

  it('9.8 Penalties: the Submarine Strike player\'s ships in port score only half their Point Value, rounded up per ship', () => {
    const t = strike(['s-ssgn'], ['s-cg', 's-ff']);
    missile(t, 20);
    const events = t.finish(MED);
    expect(pointsOf(events, 'soviet', 'in-port')).toEqual([8 + 3]);
  });

  it('9.8 Retreat Restrictions: no points from the Pool while Retreating', () => {
    const t = strike();
    t.act({ type: 'retreat', seat: 'soviet:mediterranean' });
    expect(t.refuse({ type: 'landAttack', seat: 'soviet:mediterranean', attack: 'submarine-missile', damage: 5 }).code).toBe('retreating-no-attacks');
  });

  it('9.8 the Disadvantaged Player (3), whatever their mission, may set up with submarines in Passive mode: the battle names them', () => {
    const t = strike();
    expect(t.zoneView(MED).status.advantaged).toBe('soviet');
    t.act({ type: 'submarine', seat: 'allied:mediterranean', ship: 'a-ss', mode: 'passive' });
    expect(t.player(MED, 'allied').fleet['a-ss'].passive).toBe(true);
    expect(t.zoneView(MED).reminders).toContain('The Allied player, the Disadvantaged Player here, may set up submarines Passive (9.8).');
    // An Allied Submarine Strike on Allied Advantage: the Soviet Engage player is the one (the line used to sit in the Engage summary, whoever was disadvantaged).
    const u = new Table({ zones: [MED], status: { [MED]: COL.alliedAdvantage } });
    u.prepare({ [MED]: { mission: { allied: 'Submarine Strike', urgent: false }, allied: { buy: ['a-ssgn'], commit: ['a-ssgn'] } } });
    expect(u.zoneView(MED).reminders).toContain('The Soviet player, the Disadvantaged Player here, may set up submarines Passive (9.8).');
    expect(u.zoneView(MED).mission!.soviet.summary.join(' ')).not.toContain('9.8');
    // Once the Battle Turns are over the marker may move, and no one sets up any more: the line goes.
    t.endAll(MED);
    expect(t.zoneView(MED).reminders.join(' ')).not.toContain('9.8');
  });

  it('9.8 an Allied Submarine Strike (Mediterranean, Allied Advantage, 6): submarines only for the Allies, Pool 30 less their missiles to the Soviet Engage player, Allied ships in port at half', () => {
    const t = new Table({ zones: [MED], status: { [MED]: COL.alliedAdvantage } });
    t.roll(MED, { allied: 'Submarine Strike', urgent: false });
    t.order(MED, 'allied', { buy: ['a-ssgn', 'a-ss', 'a-dd', 'a-ff3'] });
    t.order(MED, 'soviet', { buy: ['s-dd', 's-ff'] });
    expect(t.refuse({ type: 'commit', seat: 'allied:mediterranean', ships: ['a-ssgn', 'a-dd'] }).code).toBe('submarines-only');
    expect(t.refuse({ type: 'commit', seat: 'allied:mediterranean', ships: ['a-ss'] }).code).toBe('missile-submarine-required');
    expect(t.zoneView(MED).mission!.soviet.summary[0]).toBe('Score all unclaimed Pool points at the end of the Battle Turns.');
    expect(t.zoneView(MED).mission!.allied.summary[1]).toMatch(/^Also score the Damage Value of Gun Attacks on Land Targets .*9\.1\)\.$/); // 9.1 shore bombardment, shown
    t.commit(MED, 'allied', ['a-ssgn', 'a-ss']);
    t.commit(MED, 'soviet', ['s-dd', 's-ff']); // the Soviet player commits surface ships freely
    expect(pointsOf(t.act({ type: 'landAttack', seat: 'allied:mediterranean', attack: 'submarine-missile', damage: 8 }), 'allied')).toEqual([8]);
    expect(pointsOf(t.act({ type: 'landAttack', seat: 'allied:mediterranean', attack: 'submarine-missile', damage: 3 }), 'allied')).toEqual([3]);
    const events = t.finish(MED);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([30 - 11]);
    expect(pointsOf(events, 'allied', 'in-port')).toEqual([6 + 2]); // a-dd 12 → 6, a-ff3 3 → 2 (rounded up)
  });

  it('9.8 the Engage player\'s own submarine Missile Attacks on Land Targets score nothing', () => {
    const t = new Table({ zones: [MED] });
    t.prepare({ [MED]: { mission: { soviet: 'Submarine Strike' }, allied: { buy: ['a-ssgn'], commit: ['a-ssgn'] }, soviet: { buy: ['s-ssgn'], commit: ['s-ssgn'] } } });
    t.end(MED); // Soviet 1
    const events = t.act({ type: 'landAttack', seat: 'allied:mediterranean', attack: 'submarine-missile', damage: 6 });
    expect(pointsOf(events, 'allied')).toEqual([]);
    expect(t.zoneView(MED).battle!.poolLeft).toBe(30);
  });

  it('9.8 a Missile Attack with Damage Value 0 is recorded and scores nothing', () => {
    const t = strike();
    expect(missile(t, 0)).toEqual([]);
    expect(t.zoneView(MED).battle!.poolLeft).toBe(30);
  });

  it('9.8 Urgent (Mediterranean, Soviet Dominance, 6): Pool 50', () => {
    const t = new Table({ zones: [MED], status: { [MED]: COL.sovietDominance } });
    t.prepare({ [MED]: { mission: { soviet: 'Submarine Strike', urgent: true }, soviet: { buy: ['s-ssgn'], commit: ['s-ssgn'] } } });
    expect(t.zoneView(MED).battle!.pool).toBe(50);
  });

  // BUG: recordLandAttack does not check that the Submarine Strike player has a submarine afloat; a "submarine Missile
  // Attack" recorded after every submarine of the Task Force was sunk still scores its Damage Value from the Pool.
  it('9.8 only submarine-launched Missile Attacks score: with every submarine of the Task Force sunk, a submarine Missile Attack is refused', () => {
    const t = strike(['s-ssgn']);
    t.sink(MED, 's-ssgn', 'allied');
    const r = t.refuse({ type: 'landAttack', seat: 'soviet:mediterranean', attack: 'submarine-missile', damage: 9 });
    expect(r.message).toMatch(/submarine/i);
  });
});
