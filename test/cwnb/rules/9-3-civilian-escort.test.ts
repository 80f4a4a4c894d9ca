import { describe, expect, it } from 'vitest';
import { COL, Table, pointsOf } from '../../support/cwnb-fixtures.ts';
import { closedActions } from '../../../src/engine/kernel.ts';
import { cwnb } from '../../../src/modules/cwnb/index.ts';

const PG = 'persian-gulf' as const;
const SOJ = 'sea-of-japan' as const;

describe('9.3 Civilian Escort vs. Raid', () => {
  it('9.3 Urgent Persian Gulf: 7 Civilian Non-Combatants at 12; survivors score 12 less damage, each one sunk scores 12 for the raider at once', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: { allied: 'Civilian Escort', urgent: true }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    const ncs = t.zone(PG).battle!.nonCombatants;
    expect(ncs).toHaveLength(7);
    expect(pointsOf(t.sink(PG, ncs[0].id, 'soviet'), 'soviet')).toEqual([12]);
    expect(pointsOf(t.sink(PG, ncs[1].id, 'soviet'), 'soviet')).toEqual([12]);
    t.damage(PG, ncs[2].id, 5);
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([4 * 12 + (12 - 5)]);
    // Civilian Non-Combatants are freighters and tankers, not transports (8): the line says what survived.
    expect(events.map((e) => e.text)).toContainEqual(expect.stringContaining(`9.3: Civilian Non-Combatants afloat, 12 each less its damage: ${ncs[2].id} 7, `));
  });

  it('9.3 Sea of Japan, Even, 1–2 (not Urgent): 3 Civilian Non-Combatants at 7', () => {
    const t = new Table({ zones: [SOJ] });
    t.prepare({ [SOJ]: { mission: { allied: 'Civilian Escort' } } });
    expect(t.zone(SOJ).battle!.nonCombatants.map((n) => n.kind)).toEqual(['civilian', 'civilian', 'civilian']);
    expect(pointsOf(t.finish(SOJ), 'allied', 'mission')).toEqual([21]);
  });

  it('9.3 Retreat Restrictions: no retreats allowed while any Non-Combatant is afloat', () => {
    const t = new Table({ zones: [SOJ] });
    t.prepare({ [SOJ]: { mission: { allied: 'Civilian Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] } } });
    t.end(SOJ);
    const ncs = t.zone(SOJ).battle!.nonCombatants;
    t.sink(SOJ, ncs[0].id, 'soviet');
    t.sink(SOJ, ncs[1].id, 'soviet');
    expect(t.refuse({ type: 'retreat', seat: 'allied:sea-of-japan' }).code).toBe('retreat-with-civilians');
    // The seat is told why there is no Retreat to record, beside its actions.
    expect(closedActions(cwnb, t.state, 'allied:sea-of-japan')).toEqual([
      { type: 'retreat', label: 'Record a Retreat card played (Task Force retreats)', rule: '9.1', why: 'A Task Force may not retreat while any Civilian Non-Combatant is afloat.' },
    ]);
    t.sink(SOJ, ncs[2].id, 'soviet');
    t.act({ type: 'retreat', seat: 'allied:sea-of-japan' });
  });

  it('7.1, 9.1 an Escort whose warships are all sunk is told eliminated with its Non-Combatants still afloat, not as if nothing were left', () => {
    const t = new Table({ zones: [SOJ] });
    t.prepare({ [SOJ]: { mission: { allied: 'Civilian Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] } } });
    const ncs = t.zone(SOJ).battle!.nonCombatants;
    t.sink(SOJ, 'a-dd', 'soviet');
    t.sink(SOJ, ncs[0].id, 'soviet'); // one of three sunk: two sail on
    const events = t.end(SOJ, 2);
    // The Raid player, with nothing committed, is eliminated plainly: the Non-Combatants are not theirs.
    expect(t.texts('eliminated', events)).toEqual(['Sea of Japan: the Allied Task Force is eliminated: no warship afloat (its Non-Combatants are).', 'Sea of Japan: the Soviet Task Force is eliminated.']);
    // With every Non-Combatant sunk too, nothing of it is afloat.
    const u = new Table({ zones: [SOJ] });
    u.prepare({ [SOJ]: { mission: { allied: 'Civilian Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] } } });
    u.sink(SOJ, 'a-dd', 'soviet');
    for (const nc of u.zone(SOJ).battle!.nonCombatants) u.sink(SOJ, nc.id, 'soviet');
    expect(u.texts('eliminated', u.end(SOJ, 2))).toContain('Sea of Japan: the Allied Task Force is eliminated.');
  });

  it('9.1 Evasive Maneuvers cannot be a Point Defense for a Civilian Non-Combatant: shown to both players in the summaries and as a battle reminder', () => {
    const t = new Table({ zones: [SOJ] });
    t.prepare({ [SOJ]: { mission: { allied: 'Civilian Escort' } } });
    const z = t.zoneView(SOJ);
    const rule = 'Evasive Maneuvers cards cannot be a Point Defense against an attack on a Civilian Non-Combatant (9.1).';
    expect(z.mission!.allied.summary).toContain(rule);
    expect(z.mission!.soviet.summary).toContain(rule);
    expect(z.reminders).toContain(rule);
    // Not on a Military Escort.
    const u = new Table({ zones: ['north-sea'] });
    u.prepare({ 'north-sea': { mission: { allied: 'Military Escort' } } });
    expect(u.zoneView('north-sea').reminders).not.toContain(rule);
  });

  it('9.3 once every Civilian Non-Combatant is sunk the Escort player may retreat, and again later (no "once only" as for 9.2; North Sea, Allied Edge)', () => {
    const NS = 'north-sea' as const;
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedEdge } });
    t.prepare({ [NS]: { mission: { allied: 'Civilian Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] } } });
    expect(t.zone(NS).battle!.nonCombatants.every((n) => n.kind === 'civilian')).toBe(true);
    for (const nc of t.zone(NS).battle!.nonCombatants) t.sink(NS, nc.id, 'soviet');
    t.act({ type: 'retreat', seat: 'allied:north-sea' }); // Allied 1 (Allied advantaged)
    t.end(NS, 2); // Allied 1, Soviet 1: the retreat ends
    t.act({ type: 'retreat', seat: 'allied:north-sea' });
    expect(t.zoneView(NS).players.allied.retreating).toBe(true);
  });

  it('9.3 Penalties: −1 from the Escort player\'s hand size and Fog of War', () => {
    const t = new Table({ zones: [SOJ] });
    t.roll(SOJ, { allied: 'Civilian Escort' });
    expect(t.zoneView(SOJ).players.allied).toMatchObject({ handSize: 6, fogOfWarModifier: -1 });
    expect(t.zoneView(SOJ).mission!.allied.summary[2]).toBe('No retreat while any Civilian Non-Combatant is afloat.');
  });
});
