import { describe, expect, it } from 'vitest';
import { COL, Table, pointsOf, type ShipId } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;

/**
 * North Sea, Allied Dominance, 3–5: Allied Invasion vs. Soviet Holding Action (not Urgent): Pool 72, 5 per Military
 * Non-Combatant afloat (3 of them) at the end of each Allied Battle Turn in which the enemy is eliminated. Allied first.
 */
function invasion(soviet: ShipId[], opts: { inPort?: ShipId[]; status?: number; urgent?: boolean } = {}): Table {
  const t = new Table({ zones: [NS], status: { [NS]: opts.status ?? COL.alliedDominance } });
  t.prepare({ [NS]: { mission: { allied: 'Invasion', urgent: opts.urgent ?? false }, allied: { buy: ['a-cg'], commit: ['a-cg'] }, soviet: { buy: [...soviet, ...(opts.inPort ?? [])], commit: soviet } } });
  return t;
}

describe('9.6 Invasion vs. Holding Action', () => {
  it('9.6 the Invasion player scores, at the end of each of their Battle Turns in which the enemy is eliminated, 5 less damage per transport afloat, from the Pool', () => {
    const t = invasion(['s-ff']);
    expect(pointsOf(t.end(NS), 'allied')).toEqual([]); // Allied 1: the Holding Action Task Force is afloat
    t.end(NS); // Soviet 1
    t.sink(NS, 's-ff', 'allied'); // Allied 2
    expect(pointsOf(t.end(NS), 'allied', 'mission')).toEqual([15]);
    t.end(NS); // Soviet 2
    t.damage(NS, 'NC-1', 2);
    expect(pointsOf(t.end(NS), 'allied', 'mission')).toEqual([13]); // Allied 3: 3 + 5 + 5
    t.end(NS);
    t.sink(NS, 'NC-2', 'soviet');
    expect(pointsOf(t.end(NS), 'allied', 'mission')).toEqual([8]); // Allied 4: 3 + 5
    expect(t.zoneView(NS).battle).toMatchObject({ pool: 72, poolAwarded: { allied: 36, soviet: 0 }, poolLeft: 36 });
  });

  it('9.6 the Holding Action player scores nothing at the end of its own Battle Turns (the 9.5 per-turn points are for Sea Superiority vs. Holding Action)', () => {
    const t = invasion(['s-ff']);
    t.end(NS); // Allied 1
    expect(pointsOf(t.end(NS), 'soviet')).toEqual([]); // Soviet 1, afloat
  });

  it('9.6 Pool points are scored at the end of the Invasion player\'s own Battle Turns only, not at the end of the Holding Action player\'s', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedDominance } });
    t.prepare({ [NS]: { mission: { allied: 'Invasion', urgent: false }, soviet: { buy: ['s-ff'], commit: ['s-ff'] } } }); // the Allies commit nothing
    t.end(NS); // Allied 1: the Holding Action Task Force is afloat
    expect(pointsOf(t.end(NS), 'soviet')).toEqual([]); // Soviet 1: the Invasion Task Force is "eliminated", but that scores nothing
    expect(pointsOf(t.end(NS), 'allied')).toEqual([]);
  });

  it('9.6 the Holding Action player scores all the Pool points left unclaimed at the end', () => {
    const t = invasion(['s-ff']);
    t.end(NS, 2);
    t.sink(NS, 's-ff', 'allied');
    t.endAll(NS); // Allied 2, 3, 4: 3 × 15 = 45
    const events = t.setAside(NS);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([72 - 45]);
  });

  it('9.6 the Holding Action player\'s Passive submarines are considered eliminated for the Invasion player\'s Pool scoring', () => {
    const t = invasion(['s-ss']);
    t.act({ type: 'submarine', seat: 'soviet:north-sea', ship: 's-ss', mode: 'passive' });
    const events = t.end(NS);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([15]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'eliminated', side: 'soviet', eliminated: true }));
    expect(t.zoneView(NS).players.soviet.eliminated).toBe(true);
  });

  it('9.6 Retreat Restrictions: no points can be scored from the Pool while the Invasion Task Force is Retreating', () => {
    const t = invasion([]);
    t.act({ type: 'retreat', seat: 'allied:north-sea' });
    const events = t.end(NS);
    expect(pointsOf(events, 'allied')).toEqual([]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'note', rule: '9.6', text: '9.6: no Pool points while the Invasion Task Force is retreating.' }));
    t.end(NS); // Soviet 1; the retreat ends at Allied 2's Clear the Decks
    expect(pointsOf(t.end(NS), 'allied', 'mission')).toEqual([15]);
  });

  it('9.6 a Holding Action Task Force that retreats against an Invasion is not thereby eliminated (the restriction is printed only against Sea Superiority; ruling)', () => {
    const t = invasion(['s-dd']);
    t.end(NS); // Allied 1
    t.act({ type: 'retreat', seat: 'soviet:north-sea' });
    t.end(NS); // Soviet 1, retreating
    expect(pointsOf(t.end(NS), 'allied')).toEqual([]); // Allied 2: the enemy is retreating, not eliminated
  });

  it('9.6 also score the Damage Value of Gun Attacks (only) on Land Targets: no submarine Missile Attack without a missile-capable submarine', () => {
    const t = invasion([]);
    expect(t.refuse({ type: 'landAttack', seat: 'allied:north-sea', attack: 'submarine-missile', damage: 6 })).toMatchObject({ code: 'no-missile-submarine', rule: '9.8' });
    const gun = t.act({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 6 });
    expect(pointsOf(gun, 'allied')).toEqual([6]);
    expect(t.zoneView(NS).battle!.poolAwarded.allied).toBe(0); // shore bombardment is separate from the Pool
  });

  it('9.6 Urgent (North Sea, Allied Advantage, 1–2): Pool 160, 7 per transport, 5 transports; the Holding Action player may commit 4 ships', () => {
    const t = invasion(['s-dd', 's-dd2', 's-ff', 's-ff2'], { status: COL.alliedAdvantage, urgent: true });
    expect(t.zone(NS).battle!.nonCombatants).toHaveLength(5);
    for (const s of ['s-dd', 's-dd2', 's-ff', 's-ff2']) t.sink(NS, s, 'allied');
    expect(pointsOf(t.end(NS), 'allied', 'mission')).toEqual([35]);
    expect(t.zoneView(NS).battle!.pool).toBe(160);
  });

  it('9.6 a Soviet Invasion against an Allied Holding Action (North Atlantic, Soviet Dominance, 3–5): Pool 60, 6 per transport (2), the Allies hold with at most 3 ships', () => {
    const NA = 'north-atlantic' as const;
    const t = new Table({ zones: [NA], status: { [NA]: COL.sovietDominance } });
    t.roll(NA, { allied: 'Holding Action', soviet: 'Invasion', urgent: false });
    t.order(NA, 'allied', { buy: ['a-dd', 'a-dd2', 'a-ff', 'a-ff2', 'a-cg'] });
    t.order(NA, 'soviet', { buy: ['s-cg'] });
    expect(t.refuse({ type: 'commit', seat: 'allied:north-atlantic', ships: ['a-dd', 'a-dd2', 'a-ff', 'a-ff2'] }).code).toBe('holding-action-ship-limit');
    const p = t.zoneView(NA).players;
    expect([p.allied.handSize, p.soviet.handSize]).toEqual([6, 9]);
    t.commit(NA, 'allied', ['a-ff']);
    t.commit(NA, 'soviet', ['s-cg']);
    t.deal(NA);
    expect(t.zone(NA).battle!.nonCombatants.map((n) => n.kind)).toEqual(['military', 'military']);
    expect(pointsOf(t.end(NA), 'soviet')).toEqual([]); // Soviet 1: the Allies are afloat
    t.sink(NA, 'a-ff', 'soviet'); // in Allied 1: 6 for the sinking
    expect(pointsOf(t.end(NA), 'allied')).toEqual([]); // Allied 1 scores nothing for the Holding Action player
    expect(pointsOf(t.end(NA), 'soviet', 'mission')).toEqual([12]); // Soviet 2: 2 transports × 6
    t.endAll(NA); // Soviet 3 and 4: 12 each
    const events = t.setAside(NA);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([60 - 36]);
    // In port, halved and rounded up: a-dd 12 → 6, a-dd2 10 → 5, a-ff2 8 → 4, a-cg 18 → 9: 24, within the 24 earned.
    expect(pointsOf(events, 'allied', 'in-port')).toEqual([24]);
  });

  it('9.6 an Allied Holding Action that retreats against a Soviet Invasion is not eliminated by it (Persian Gulf, Soviet Dominance, 6, Urgent)', () => {
    const PG = 'persian-gulf' as const;
    const t = new Table({ zones: [PG], status: { [PG]: COL.sovietDominance } });
    t.prepare({ [PG]: { mission: { allied: 'Holding Action', soviet: 'Invasion', urgent: true }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-cg'], commit: ['s-cg'] } } });
    expect(pointsOf(t.end(PG), 'soviet')).toEqual([]); // Soviet 1: the Allies are afloat
    t.act({ type: 'retreat', seat: 'allied:persian-gulf' });
    t.end(PG); // Allied 1, retreating
    expect(pointsOf(t.end(PG), 'soviet')).toEqual([]); // Soviet 2: retreating is not eliminated against an Invasion
  });

  it('9.6 Bonus and Penalties: Invasion +2 to hand size and Fog of War; Holding Action −1, at most 3 ships, ships in port score half', () => {
    const t = invasion(['s-ff'], { inPort: ['s-cg'] });
    const p = t.zoneView(NS).players;
    expect([p.allied.handSize, p.allied.fogOfWarModifier, p.soviet.handSize, p.soviet.fogOfWarModifier]).toEqual([9, 2, 6, -1]);
    const events = t.finish(NS); // the Holding Action player takes the whole Pool (72): the Kara in port scores 16 / 2
    expect(pointsOf(events, 'soviet', 'in-port')).toEqual([8]);
  });
});
