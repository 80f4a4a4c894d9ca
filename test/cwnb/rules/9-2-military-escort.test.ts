import { describe, expect, it } from 'vitest';
import { COL, Table, pointsOf } from '../../support/cwnb-fixtures.ts';
import { closedActions } from '../../../src/engine/kernel.ts';
import { cwnb } from '../../../src/modules/cwnb/index.ts';

const NS = 'north-sea' as const;

/** North Sea, Even, 3–5: Allied Military Escort vs. Soviet Raid: 3 Military Non-Combatants at 10 [13 for 5 when Urgent]. */
function escort(status?: number, urgent = false): Table {
  const t = new Table({ zones: [NS], ...(status !== undefined ? { status: { [NS]: status } } : {}) });
  t.prepare({ [NS]: { mission: { allied: 'Military Escort', urgent }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
  return t;
}

describe('9.2 Military Escort vs. Raid', () => {
  it('9.2 the Escort player scores the value less damage for each Military Non-Combatant that survives all the Battle Turns', () => {
    const t = escort();
    const [a, b] = t.zone(NS).battle!.nonCombatants;
    t.sink(NS, a.id, 'soviet');
    t.damage(NS, b.id, 4);
    const events = t.finish(NS);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([10 + (10 - 4)]);
    // Each one afloat named with its points, the sunk one not (h19: "2 … survived" read as if a sinking had been missed).
    expect(t.texts('points', events)[0]).toContain(`(9.2: Military Non-Combatants afloat, 10 each less its damage: ${b.id} 6, `);
    expect(t.texts('points', events)[0]).not.toContain(`${a.id} `);
  });

  it('9.2 the Raiding player scores the value for each Military Non-Combatant sunk, at once', () => {
    const t = escort();
    const [a, b] = t.zone(NS).battle!.nonCombatants;
    expect(pointsOf(t.sink(NS, a.id, 'soviet'), 'soviet')).toEqual([10]);
    expect(pointsOf(t.sink(NS, b.id, 'soviet'), 'soviet')).toEqual([10]);
    expect(t.track(NS, 'soviet')).toBe(20);
  });

  it('9.2 a Non-Combatant with damage of its value or more scores nothing, never less than nothing', () => {
    const t = escort();
    const [a] = t.zone(NS).battle!.nonCombatants;
    t.damage(NS, a.id, 12);
    const events = t.finish(NS);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([20]);
  });

  it('9.2 Urgent: 5 Non-Combatants at 13 (North Sea, Allied Dominance, 1–2)', () => {
    const t = escort(COL.alliedDominance, true);
    expect(t.zone(NS).battle!.nonCombatants).toHaveLength(5);
    const [a] = t.zone(NS).battle!.nonCombatants;
    expect(pointsOf(t.sink(NS, a.id, 'soviet'), 'soviet')).toEqual([13]);
    expect(pointsOf(t.finish(NS), 'allied', 'mission')).toEqual([4 * 13]);
  });

  it('9.2 Retreat Restrictions: the Escort player may Retreat only once', () => {
    const t = escort();
    t.end(NS); // Soviet 1
    t.act({ type: 'retreat', seat: 'allied:north-sea' });
    t.end(NS, 2); // Allied 1, Soviet 2 — the retreat ends
    const r = t.refuse({ type: 'retreat', seat: 'allied:north-sea' });
    expect(r).toMatchObject({ code: 'retreat-once', rule: '9.2' });
    expect(r.message).toContain('only once');
    expect(closedActions(cwnb, t.state, 'allied:north-sea')).toEqual([expect.objectContaining({ type: 'retreat', rule: '9.2', why: r.message })]);
  });

  it('9.2 Retreat Restrictions in the North Atlantic too: a second retreat of the Escort player is refused', () => {
    const NA = 'north-atlantic' as const;
    const t = new Table({ zones: [NA] });
    t.prepare({ [NA]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] } } });
    t.end(NA); // Soviet 1
    t.act({ type: 'retreat', seat: 'allied:north-atlantic' });
    t.end(NA, 2);
    expect(t.refuse({ type: 'retreat', seat: 'allied:north-atlantic' })).toMatchObject({ code: 'retreat-once', rule: '9.2' });
  });

  it('9.2 the Raiding player has no retreat restriction', () => {
    const t = escort();
    t.act({ type: 'retreat', seat: 'soviet:north-sea' });
    t.end(NS, 2);
    t.act({ type: 'retreat', seat: 'soviet:north-sea' });
    expect(t.player(NS, 'soviet').retreats).toBe(2);
  });

  it('9.2 Penalties: −1 from the Escort player\'s hand size and Fog of War', () => {
    const t = escort();
    expect(t.zoneView(NS).players.allied).toMatchObject({ handSize: 6, fogOfWarModifier: -1 });
  });

  it('9.2 a Soviet Military Escort (Indian Ocean, Even, 1–2): 2 transports at 9 for the Soviet player, 9 per sinking for the Allied raider', () => {
    const t = new Table({ zones: ['indian-ocean'] });
    t.prepare({ 'indian-ocean': { mission: { allied: 'Raid', soviet: 'Military Escort' } } });
    const m = t.zoneView('indian-ocean').mission!;
    expect(m.soviet.summary[0]).toBe('Score 9 minus damage for each of your 2 Military Non-Combatants that survive the Battle Turns.');
    expect(m.allied.summary).toEqual(['Score 9 for each Non-Combatant you sink.']);
    const [a] = t.zone('indian-ocean').battle!.nonCombatants;
    expect(pointsOf(t.sink('indian-ocean', a.id, 'allied'), 'allied')).toEqual([9]);
    expect(pointsOf(t.finish('indian-ocean'), 'soviet', 'mission')).toEqual([9]);
  });
});
