import { describe, expect, it } from 'vitest';
import { COL, Table, pointsOf, type ShipId } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;
const PG = 'persian-gulf' as const;
const NA = 'north-atlantic' as const;
const MED = 'mediterranean' as const;

describe('8 Non-Combatant Ship Types', () => {
  it('8 the mission gives the number and type: North Sea Military Escort 3 Military, Persian Gulf Urgent Civilian Escort 7 Civilian', () => {
    const t = new Table({ zones: [NS, PG] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } }, [PG]: { mission: { allied: 'Civilian Escort' } } });
    expect(t.zone(NS).battle!.nonCombatants.map((n) => n.kind)).toEqual(['military', 'military', 'military']);
    expect(t.zone(PG).battle!.nonCombatants).toHaveLength(7);
    expect(new Set(t.zone(PG).battle!.nonCombatants.map((n) => n.kind))).toEqual(new Set(['civilian']));
  });

  it('8 the Non-Combatants go to the Escort player, whichever side that is (Indian Ocean, Even, 1–2: Soviet Military Escort)', () => {
    const t = new Table({ zones: ['indian-ocean'] });
    t.prepare({ 'indian-ocean': { mission: { soviet: 'Military Escort' } } }, { deal: false });
    expect(t.zoneView('indian-ocean').battle).toMatchObject({ nonCombatantSide: 'soviet', toDeal: 2 });
    expect(t.refuse({ type: 'dealNonCombatants', seat: 'allied:indian-ocean', cards: [1, 2] }).code).toBe('nothing-to-deal');
    t.deal('indian-ocean');
    expect(t.zone('indian-ocean').battle!.nonCombatants).toHaveLength(2);
  });

  it('8 with seeded dice the Non-Combatants are dealt at random from the 18 cards, each draw logged', () => {
    const t = new Table({ zones: [NS], dice: 'seeded', seed: 'eight' });
    t.act({ type: 'rollMission', seat: 'soviet:north-sea' }); // this seed's first die is a 3: Military Escort
    expect(t.zone(NS).mission!.cell.allied).toBe('Military Escort');
    t.done(NS, 'allied');
    t.done(NS, 'soviet');
    t.commit(NS, 'allied', []);
    t.commit(NS, 'soviet', []);
    const events = t.deal(NS);
    const rolls = events.filter((e) => e.type === 'roll');
    expect(rolls.map((e) => e.sides)).toEqual([18, 17, 16]);
    expect(rolls[0].text).toMatch(/^Non-Combatant deal, North Sea, card 1 of 3 \(d18 over the cards left\): \d+$/);
    const ids = t.zone(NS).battle!.nonCombatants.map((n) => Number(n.id.slice(3)));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id >= 1 && id <= 18).toBe(true);
    expect(t.state.nonCombatantDeck).toHaveLength(15);
  });

  it('8 with physical dice the player names the cards dealt at the table: the right number, from the cards not yet dealt', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } }, { deal: false });
    expect(t.actions('allied:north-sea').find((a) => a.type === 'dealNonCombatants')!.fields).toEqual({
      cards: {
        kind: 'subset',
        label: 'Cards dealt',
        help: 'The numbers of the 3 Non-Combatant cards dealt at the table: number your 18 Non-Combatant cards 1–18 once, in any order, and keep to it for the whole campaign (8).',
        options: Array.from({ length: 18 }, (_, i) => ({ value: i + 1, label: `card ${i + 1}` })),
        min: 3,
        max: 3,
      },
    });
    for (const cards of [[1, 2], [1, 1, 2], [1, 2, 19]]) {
      const r = t.refuse({ type: 'dealNonCombatants', seat: 'allied:north-sea', cards });
      expect(r).toMatchObject({ code: 'deal-cards-required', rule: '8' });
    }
    t.deal(NS, [4, 9, 17]);
    expect(t.zone(NS).battle!.nonCombatants.map((n) => n.id)).toEqual(['NC-4', 'NC-9', 'NC-17']);
  });

  it('8 when more Non-Combatants are needed than the 18, Player Order cards serve as 4-Hits-to-Sink extras (four zones need 20 in one turn)', () => {
    const t = new Table({ zones: [PG, NA, MED, NS] });
    t.prepare({
      [PG]: { mission: { allied: 'Civilian Escort', urgent: true } }, // 7
      [NA]: { mission: { allied: 'Military Escort', urgent: true } }, // 6
      [MED]: { mission: { allied: 'Military Escort', urgent: false } }, // 4
      [NS]: { mission: { allied: 'Military Escort' } }, // 3: one card left, two Player Order cards
    });
    expect([PG, NA, MED, NS].map((z) => t.zone(z).battle!.nonCombatants.length)).toEqual([7, 6, 4, 3]);
    expect(t.zone(NS).battle!.nonCombatants.map((n) => n.id)).toEqual(['NC-18', 'PO-1', 'PO-2']);
    expect(t.texts('non-combatants').at(-1)).toContain("2 Player Order card(s) serve as '4' Hits to Sink Non-Combatants");
    expect(t.state.nonCombatantDeck).toEqual([]);
    // They count like the cards: three survivors score 3 × 10.
    const events = t.finish(NS);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([30]);
    expect(t.state.nonCombatantDeck).toEqual([18]); // the card returns to the unused pile; the Player Order cards do not
  });

  it('8 dealing refusals: nothing to deal twice or to the other player; named cards only with physical dice', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } });
    expect(t.refuse({ type: 'dealNonCombatants', seat: 'allied:north-sea', cards: [4, 5, 6] })).toMatchObject({ code: 'nothing-to-deal', rule: '8' });
    const u = new Table({ zones: [NS], dice: 'seeded', seed: 'deal' });
    u.act({ type: 'rollMission', seat: 'soviet:north-sea' });
    u.done(NS, 'allied');
    u.done(NS, 'soviet');
    u.commit(NS, 'allied', []);
    u.commit(NS, 'soviet', []);
    const side = u.zone(NS).battle!.nonCombatantSide!;
    expect(u.refuse({ type: 'dealNonCombatants', seat: `${side}:north-sea`, cards: [1] })).toMatchObject({ code: 'deal-cards-not-allowed', rule: '8' });
    expect(u.refuse({ type: 'dealNonCombatants', seat: `${side === 'allied' ? 'soviet' : 'allied'}:north-sea` })).toMatchObject({ code: 'nothing-to-deal' });
  });

  it('8 dealt at the table: the cards named are logged for both teams', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } }, { deal: false });
    const events = t.deal(NS, [4, 9, 17]);
    expect(events.map((e) => [e.type, e.text])).toEqual([
      ['cards-dealt', 'North Sea: Non-Combatant cards dealt at the table: 4, 9, 17.'],
      ['non-combatants', 'North Sea: Allied receives 3 military Non-Combatants (NC-4, NC-9, NC-17).'],
    ]);
  });

  it('8 the cards a finished zone returns can be dealt again the same turn in a zone still preparing', () => {
    const t = new Table({ zones: [NS, PG] });
    t.roll(NS, { allied: 'Military Escort' });
    t.roll(PG, { allied: 'Civilian Escort', urgent: true });
    for (const z of [NS, PG]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    t.commit(NS, 'allied', []);
    t.commit(NS, 'soviet', []);
    t.deal(NS, [1, 2, 3]);
    t.finish(NS);
    t.commit(PG, 'allied', []);
    t.commit(PG, 'soviet', []);
    t.deal(PG, [1, 2, 3, 4, 5, 6, 7]); // 1–3 are back in the unused pile
    expect(t.zone(PG).battle!.nonCombatants.map((n) => n.id)).toEqual(['NC-1', 'NC-2', 'NC-3', 'NC-4', 'NC-5', 'NC-6', 'NC-7']);
  });

  it('8 after the Battle Turns and the final Mission Points, the Non-Combatants return to the unused pile', () => {
    const t = new Table({ zones: [NS, PG] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } }, [PG]: { mission: { allied: 'Civilian Escort', urgent: true } } });
    expect(t.state.nonCombatantDeck).toHaveLength(8);
    t.sink(NS, 'NC-1', 'soviet'); // a sunk card returns too
    t.finish(NS);
    expect(t.state.nonCombatantDeck).toEqual([1, 2, 3, 11, 12, 13, 14, 15, 16, 17, 18]); // the unused pile, in card order
    t.finish(PG);
    expect(t.state.nonCombatantDeck).toHaveLength(18);
  });

  it('8 a Non-Combatant has no Point Value of its own (SB): sinking one scores only the Mission\'s points', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedDominance } });
    // North Sea, Allied Dominance, 3–5: Invasion vs. Holding Action; sinking an invasion transport scores nothing.
    t.prepare({ [NS]: { mission: { allied: 'Invasion' }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    const events = t.sink(NS, 'NC-1', 'soviet');
    expect(pointsOf(events, 'soviet')).toEqual([]);
    expect(t.refuse({ type: 'cripple', seat: 'soviet:north-sea', ship: 'NC-2' }).code).toBe('not-a-ship');
  });

  it('8 an Allied LPH committed on an Allied Military Escort doubles as a Military transport: it scores if it survives (less its damage)', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-lph'], commit: ['a-lph'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.damage(NS, 'a-lph', 4);
    const events = t.finish(NS);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([3 * 10 + (10 - 4)]);
    expect(t.texts('points', events).find((x) => x.includes('9.2'))).toMatch(/, [^,]+ \(LPH\) 6\)/); // named as the LPH it is
    expect(t.player(NS, 'allied').fleet['a-lph']).toBeDefined(); // it stays in the Task Force
  });

  it('8 a sunk LPH on a Military Escort gives the Raiding player the Mission Points as well as its Point Value', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-lph'], commit: ['a-lph'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    const events = t.sink(NS, 'a-lph', 'soviet');
    expect(pointsOf(events, 'soviet', 'sinking')).toEqual([12]);
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([10]); // Mission Points: they count for 7.2.3 and the 7.2.4 cap
  });

  it('8 an Allied LPH that survives a Soviet Military Escort is no Soviet transport: the Soviet player scores 2 × 9 for its own two', () => {
    const t = new Table({ zones: ['indian-ocean'] });
    t.prepare({ 'indian-ocean': { mission: { allied: 'Raid', soviet: 'Military Escort' }, allied: { buy: ['a-lph'], commit: ['a-lph'] } } });
    expect(pointsOf(t.finish('indian-ocean'), 'soviet', 'mission')).toEqual([2 * 9]);
  });

  it('8 an Allied LPH is no transport when the Allies are raiding a Soviet Military Escort', () => {
    const t = new Table({ zones: ['indian-ocean'] });
    t.prepare({ 'indian-ocean': { mission: { allied: 'Raid', soviet: 'Military Escort' }, allied: { buy: ['a-lph'], commit: ['a-lph'] } } });
    expect(pointsOf(t.sink('indian-ocean', 'a-lph', 'soviet'), 'soviet')).toEqual([12]); // its Point Value only
    const events = t.finish('indian-ocean');
    expect(pointsOf(events, 'soviet', 'mission')).toEqual([2 * 9]);
  });

  it('8 only the Allies have LPHs: a Soviet ship a roster calls "lph", sunk on a Soviet Military Escort, scores its Point Value only, as it scores nothing as a transport afloat', () => {
    const t = new Table({ zones: ['indian-ocean'], extraShips: [{ id: 's-lpd', name: 'Ivan Rogov', side: 'soviet', points: 10, kind: 'lph' }] });
    t.prepare({ 'indian-ocean': { mission: { allied: 'Raid', soviet: 'Military Escort' }, soviet: { buy: ['s-lpd' as ShipId], commit: ['s-lpd' as ShipId] } } });
    expect(pointsOf(t.sink('indian-ocean', 's-lpd', 'allied'), 'allied')).toEqual([10]);
  });

  it('8 a game begun with Wardroom 0.1 keeps its reading: there, a sunk Soviet "lph" on a Soviet Military Escort paid the raider a transport\'s points', () => {
    const t = new Table({ zones: ['indian-ocean'], rulings: '0.1', extraShips: [{ id: 's-lpd', name: 'Ivan Rogov', side: 'soviet', points: 10, kind: 'lph' }] });
    t.prepare({ 'indian-ocean': { mission: { allied: 'Raid', soviet: 'Military Escort' }, soviet: { buy: ['s-lpd' as ShipId], commit: ['s-lpd' as ShipId] } } });
    expect(pointsOf(t.sink('indian-ocean', 's-lpd', 'allied'), 'allied')).toEqual([10, 9]);
  });

  it('8 an LPH that stays in port is no transport: it scores only as a ship in port', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-lph'] } } });
    const events = t.finish(NS);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([30]);
    expect(pointsOf(events, 'allied', 'in-port')).toEqual([12]);
  });

  it('8 an LPH counts as a transport only on a Military Escort: not on a Civilian Escort', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: { allied: 'Civilian Escort', urgent: true }, allied: { buy: ['a-lph'], commit: ['a-lph'] } } });
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied', 'mission')).toEqual([7 * 12]);
  });

  it('8 an LPH counts as a transport only on a Military Escort: not on an Invasion', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedDominance } });
    // Invasion (Pool 72): 5 per Military Non-Combatant afloat, 3 of them, at the end of each Allied Battle Turn
    // while the Holding Action Task Force (none committed) is eliminated: 4 × 15 = 60, not 4 × 20.
    t.prepare({ [NS]: { mission: { allied: 'Invasion' }, allied: { buy: ['a-lph'], commit: ['a-lph'] } } });
    t.endAll(NS);
    expect(t.zone(NS).battle!.poolAwarded.allied).toBe(60);
  });
});
