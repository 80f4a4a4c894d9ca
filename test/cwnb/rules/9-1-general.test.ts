import { describe, expect, it, vi } from 'vitest';
import { main } from '../../../src/adapters/cli/main.ts';
import { COL, Table, pointsOf } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;
const SP = 'south-pacific' as const;

/** South Pacific, Even, die 6: Allied Carrier Strike vs. Soviet Engage, Point Pool 55, 11 per successful Carrier Air Strike. */
function carrierStrike(): Table {
  const t = new Table({ zones: [SP] });
  t.prepare({ [SP]: { mission: { allied: 'Carrier Strike' }, allied: { buy: ['a-cv', 'a-dd'], commit: ['a-cv', 'a-dd'] }, soviet: { buy: ['s-dd', 's-cg'], commit: ['s-dd', 's-cg'] } } });
  t.end(SP); // Soviet Battle Turn 1
  return t;
}

/** North Sea, Allied Dominance, 3–5: Allied Invasion vs. Soviet Holding Action, Pool 72, 5 per transport, 3 transports. */
function invasion(soviet: ('s-dd' | 's-ff' | 's-ss')[] = ['s-ff']): Table {
  const t = new Table({ zones: [NS], status: { [NS]: COL.alliedDominance } });
  t.prepare({ [NS]: { mission: { allied: 'Invasion' }, allied: { buy: ['a-cg'], commit: ['a-cg'] }, soviet: { buy: soviet, commit: soviet } } });
  return t;
}

describe('9 Naval Missions', () => {
  it('9 each side receives its own Mission each turn, with its Mission Summary shown to the players', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    const m = t.zoneView(NS, 'allied:north-sea').mission!;
    expect(m).toMatchObject({ title: 'Military Escort vs. Raid', rule: '9.2' });
    expect(m.allied.mission).toBe('Military Escort');
    expect(m.allied.summary[0]).toBe('Score 10 minus damage for each of your 3 Military Non-Combatants that survive the Battle Turns.');
    expect(m.soviet.summary).toEqual(['Score 10 for each Non-Combatant you sink.']);
  });

  it('9 each pair of Missions is shown with its title and rule number', () => {
    const cases = [
      ['north-sea', COL.even, { allied: 'Military Escort' }, 'Military Escort vs. Raid', '9.2'],
      ['sea-of-japan', COL.even, { allied: 'Civilian Escort' }, 'Civilian Escort vs. Raid', '9.3'],
      ['persian-gulf', COL.even, { allied: 'Sea Superiority', soviet: 'Sea Superiority' }, 'Sea Superiority vs. Sea Superiority', '9.4'],
      ['north-sea', COL.even, { soviet: 'Holding Action' }, 'Sea Superiority vs. Holding Action', '9.5'],
      ['north-sea', COL.alliedDominance, { allied: 'Invasion' }, 'Invasion vs. Holding Action', '9.6'],
      ['south-pacific', COL.even, { allied: 'Carrier Strike' }, 'Carrier Strike vs. Engage', '9.7'],
      ['mediterranean', COL.even, { soviet: 'Submarine Strike' }, 'Submarine Strike vs. Engage', '9.8'],
    ] as const;
    for (const [zone, column, want, title, rule] of cases) {
      const t = new Table({ zones: [zone], status: { [zone]: column } });
      t.roll(zone, want);
      expect(t.zoneView(zone).mission, rule).toMatchObject({ title, rule });
    }
  });

  it('9 `wardroom tables --json` gives every mission pair\'s terms, normal and Urgent, with the Allies holding the first-named mission', async () => {
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((s) => (printed.push(String(s)), true));
    try {
      expect(await main(['node', 'wardroom', 'tables', '--zone', 'north-sea', '--json'])).toBe(0);
    } finally {
      write.mockRestore();
    }
    const terms = JSON.parse(printed.join('')).zones[0].missionTerms;
    const sides = (pair: string, urgent: 'normal' | 'urgent') => {
      const t = terms[pair][urgent];
      return [t.rule, t.urgent, t.sides.allied.mission, t.sides.soviet.mission];
    };
    expect(Object.keys(terms)).toEqual(['militaryEscort', 'civilianEscort', 'seaSuperiority', 'seaSuperiorityVsHoldingAction', 'invasion', 'carrierStrike', 'submarineStrike']);
    expect(sides('militaryEscort', 'normal')).toEqual(['9.2', false, 'Military Escort', 'Raid']);
    expect(sides('civilianEscort', 'urgent')).toEqual(['9.3', true, 'Civilian Escort', 'Raid']);
    expect(sides('seaSuperiority', 'normal')).toEqual(['9.4', false, 'Sea Superiority', 'Sea Superiority']);
    expect(sides('seaSuperiorityVsHoldingAction', 'urgent')).toEqual(['9.5', true, 'Sea Superiority', 'Holding Action']);
    expect(sides('invasion', 'normal')).toEqual(['9.6', false, 'Invasion', 'Holding Action']);
    expect(sides('carrierStrike', 'urgent')).toEqual(['9.7', true, 'Carrier Strike', 'Engage']);
    expect(sides('submarineStrike', 'normal')).toEqual(['9.8', false, 'Submarine Strike', 'Engage']);
    // North Sea Invasion: Pool 72 [160], 3 [5] transports at 5 [7]; the Holding Action commits at most 3 [4] ships.
    expect([terms.invasion.normal.pool, terms.invasion.urgent.pool, terms.invasion.normal.nonCombatants.count, terms.invasion.urgent.points]).toEqual([72, 160, 3, 7]);
    expect([terms.invasion.normal.sides.soviet.maxShips, terms.invasion.urgent.sides.soviet.maxShips]).toEqual([3, 4]);
  });

  it('9 Mission Points are in addition to the points for sinking enemy ships', () => {
    const t = carrierStrike();
    t.act({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true });
    t.sink(SP, 's-dd', 'allied');
    expect(t.track(SP, 'allied')).toBe(11 + 10);
  });

  it('9 Land Targets: only the Mission Player the attack serves scores it (an Engage player\'s air strike scores nothing)', () => {
    const t = new Table({ zones: [SP] });
    t.prepare({ [SP]: { mission: { allied: 'Carrier Strike' }, allied: { buy: ['a-cv'], commit: ['a-cv'] }, soviet: { buy: ['s-cv'], commit: ['s-cv'] } } });
    const events = t.act({ type: 'landAttack', seat: 'soviet:south-pacific', attack: 'carrier-air-strike', success: true });
    expect(pointsOf(events, 'soviet')).toEqual([]);
    expect(events.map((e) => e.text)).toContain('No Mission Points: only the Carrier Strike Mission Player scores for Carrier Air Strikes (9.7).');
  });

  it('9.1 shore bombardment by a Sea Superiority player scores nothing, and the note names the Missions that do (a Sea Superiority player has a Point Pool too)', () => {
    const t = new Table({ zones: [SP] });
    t.prepare({ [SP]: { mission: { allied: 'Sea Superiority', soviet: 'Sea Superiority' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    const events = t.act({ type: 'landAttack', seat: 'soviet:south-pacific', attack: 'gun', damage: 5 });
    expect(pointsOf(events, 'soviet')).toEqual([]);
    expect(events.map((e) => e.text)).toContain('No Mission Points: shore bombardment scores only for the Invasion, Carrier Strike and Submarine Strike Mission Players, who attack Land Targets for points (9.1).');
  });

  it('9 Reminder markers: a Mission\'s hand-size and Fog of War modifiers last for that turn only', () => {
    const t = new Table({ zones: ['persian-gulf'] });
    t.playTurn({ 'persian-gulf': { mission: { allied: 'Sea Superiority', urgent: false } } });
    t.roll('persian-gulf', { allied: 'Civilian Escort' });
    const p = t.zoneView('persian-gulf').players;
    expect([p.allied.handSize, p.soviet.handSize]).toEqual([6, 7]);
  });
});

describe('9.1 General Mission Rules', () => {
  it('9.1 Urgent Missions are worth more: the boxed values apply (North Atlantic Military Escort 15 per transport, not 12)', () => {
    const t = new Table({ zones: ['north-atlantic'] });
    t.prepare({ 'north-atlantic': { mission: { allied: 'Military Escort', urgent: true } } });
    const events = t.finish('north-atlantic');
    expect(pointsOf(events, 'allied', 'mission')).toEqual([6 * 15]);
  });

  it('9.1 a Task Force with a Civilian Non-Combatant afloat may not Retreat', () => {
    const t = new Table({ zones: ['persian-gulf'] });
    t.prepare({ 'persian-gulf': { mission: { allied: 'Civilian Escort', urgent: true }, allied: { buy: ['a-dd'], commit: ['a-dd'] } } });
    t.end('persian-gulf');
    const r = t.refuse({ type: 'retreat', seat: 'allied:persian-gulf' });
    expect(r).toMatchObject({ code: 'retreat-with-civilians', rule: '9.1' });
    expect(r.message).toContain('Civilian Non-Combatant');
    for (const nc of t.zone('persian-gulf').battle!.nonCombatants) t.sink('persian-gulf', nc.id, 'soviet');
    t.act({ type: 'retreat', seat: 'allied:persian-gulf' });
  });

  it('9.1 hand size and Fog of War modifiers apply for the whole Campaign Game Turn, with the "less than 1 counts as 1" reminder', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } });
    t.end(NS, 5);
    const z = t.zoneView(NS);
    expect(z.players.allied).toMatchObject({ handSize: 6, fogOfWarModifier: -1 });
    expect(z.mission!.allied.summary[1]).toBe('−1 to hand size and Fog of War. Fog of War die results below 1 count as 1.');
  });

  it('9.1 no more points are awarded from a Point Pool than it has: six successful strikes at 11 from a Pool of 55 score 55', () => {
    const t = carrierStrike();
    const scored: number[] = [];
    for (let i = 0; i < 6; i++) scored.push(...pointsOf(t.act({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true }), 'allied'));
    expect(scored).toEqual([11, 11, 11, 11, 11]);
    expect(t.zoneView(SP).battle).toMatchObject({ pool: 55, poolLeft: 0, poolAwarded: { allied: 55, soviet: 0 } });
    const events = t.finish(SP);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([]);
  });

  it('9.1 one player scores from the Pool, the other receives all the points left unclaimed', () => {
    const t = carrierStrike();
    t.act({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true });
    t.act({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true });
    const events = t.finish(SP);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([55 - 22]);
  });

  it('9.1 points for sinking enemy ships are independent of the Point Pool', () => {
    const t = carrierStrike();
    for (let i = 0; i < 5; i++) t.act({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true });
    t.sink(SP, 's-cg', 'allied');
    expect(t.track(SP, 'allied')).toBe(55 + 16);
    expect(t.zoneView(SP).battle!.poolLeft).toBe(0);
  });

  it('9.1 Gun Attacks on Land Targets score nothing before the enemy Task Force is eliminated', () => {
    const t = invasion();
    t.end(NS); // Allied Battle Turn 1 (Allied advantaged)
    t.end(NS);
    const events = t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 6 });
    expect(pointsOf(events, 'allied')).toEqual([]);
    expect(events.at(-1)!.text).toContain('only after the enemy Task Force is eliminated or while it is retreating');
  });

  it('9.1 shore bombardment: after the enemy is eliminated Gun Attacks score their Damage Value, separate from the Pool and at most its value in all', () => {
    const t = invasion();
    t.sink(NS, 's-ff', 'allied');
    const first = t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 50 });
    const second = t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 30, surprise: true });
    expect([...pointsOf(first, 'allied'), ...pointsOf(second, 'allied')]).toEqual([50, 22]);
    expect(t.zoneView(NS).battle).toMatchObject({ pool: 72, shoreBombardment: 72, poolAwarded: { allied: 0, soviet: 0 } });
    expect(pointsOf(t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 4 }), 'allied')).toEqual([]);
  });

  it('9.1 a Passive submarine afloat is a ship afloat: no shore bombardment while the last enemy ship is a Passive submarine; once it is sunk, there is (ruling)', () => {
    const t = invasion(['s-ss']);
    t.end(NS); // Allied 1
    t.act({ type: 'submarine', seat: 'soviet:north-sea', ship: 's-ss', mode: 'passive' });
    t.end(NS); // Soviet 1
    const passive = t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 6 });
    expect(pointsOf(passive, 'allied')).toEqual([]);
    expect(passive.at(-1)!.text).toContain('a Passive submarine afloat is not eliminated');
    t.sink(NS, 's-ss', 'allied');
    expect(pointsOf(t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 6 }), 'allied')).toEqual([6]);
  });

  it('9.1 a game begun with Wardroom 0.1 keeps its reading: there, a Passive submarine counted as eliminated for shore bombardment', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedDominance }, rulings: '0.1' });
    t.prepare({ [NS]: { mission: { allied: 'Invasion' }, allied: { buy: ['a-cg'], commit: ['a-cg'] }, soviet: { buy: ['s-ss'], commit: ['s-ss'] } } });
    t.end(NS);
    t.act({ type: 'submarine', seat: 'soviet:north-sea', ship: 's-ss', mode: 'passive' });
    t.end(NS);
    expect(pointsOf(t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 6 }), 'allied')).toEqual([6]);
  });

  it('9.1 a game begun with Wardroom 0.1 keeps its reading: there, a Gun Attack was taken from a Task Force with no ship afloat', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedDominance }, rulings: '0.1' });
    t.prepare({ [NS]: { mission: { allied: 'Invasion' }, allied: { buy: ['a-cg'], commit: ['a-cg'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.sink(NS, 's-dd', 'allied');
    t.sink(NS, 'a-cg', 'soviet');
    expect(pointsOf(t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 6 }), 'allied')).toEqual([6]);
  });

  it('9.1 (9, Land Targets) in an Invasion, Carrier or Submarine Strike, the battle reminds that every attack on Land Targets costs a Fog of War allotment, and the attack says so', () => {
    const t = invasion();
    expect(t.zoneView(NS).reminders).toContain("Each attack on Land Targets counts against the attacker's Fog of War allotment (9, Land Targets).");
    expect(t.zoneView(NS).mission!.allied.summary.join(' ')).toContain('Fog of War allotment');
    const events = t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 2 });
    expect(events[0].text).toContain('(one Fog of War allotment)');
  });

  it('9.1 shore bombardment points are Mission Points (they count for 7.2.3 and the 7.2.4 cap)', () => {
    const t = invasion();
    t.sink(NS, 's-ff', 'allied');
    const events = t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 4 });
    expect(pointsOf(events, 'allied', 'mission')).toEqual([4]);
  });

  it('9.1 shore bombardment also scores while the enemy Task Force is Retreating', () => {
    const t = invasion(['s-dd']);
    t.end(NS); // Allied 1
    t.act({ type: 'retreat', seat: 'soviet:north-sea' });
    t.end(NS); // Soviet 1 (retreating until its next Clear the Decks)
    const events = t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 7 });
    expect(pointsOf(events, 'allied')).toEqual([7]);
  });

  it('9.1 shore bombardment also scores for a Carrier Strike player once the Engage Task Force is eliminated (ruling: Mission Players with a Pool and Land Targets)', () => {
    const t = new Table({ zones: [SP] });
    t.prepare({ [SP]: { mission: { allied: 'Carrier Strike' }, allied: { buy: ['a-cv', 'a-cg'], commit: ['a-cv', 'a-cg'] }, soviet: { buy: ['s-ff'], commit: ['s-ff'] } } });
    t.end(SP);
    t.sink(SP, 's-ff', 'allied');
    const events = t.act({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'gun', damage: 8 });
    expect(pointsOf(events, 'allied')).toEqual([8]);
    expect(t.zoneView(SP).battle).toMatchObject({ shoreBombardment: 8, poolLeft: 55 });
  });

  it('9.1 Sea Superiority players score nothing for Gun Attacks on Land Targets, even against an eliminated enemy (ruling)', () => {
    const t = new Table({ zones: ['persian-gulf'] });
    t.prepare({ 'persian-gulf': { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: ['a-cg'], commit: ['a-cg'] } } });
    t.end('persian-gulf');
    const events = t.act({ type: 'landAttack', seat: 'allied:persian-gulf', attack: 'gun', damage: 8 });
    expect(pointsOf(events, 'allied')).toEqual([]);
  });
});
