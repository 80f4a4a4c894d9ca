import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../../src/engine/module.ts';
import { ACTION_CARDS } from '../../../src/modules/cwnb/data/index.ts';
import { cardCost, shipCost } from '../../../src/modules/cwnb/rules/purchases.ts';
import { closedActions } from '../../../src/engine/kernel.ts';
import { cwnb } from '../../../src/modules/cwnb/index.ts';
import { Table, type ZonePlan } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;
const PG = 'persian-gulf' as const;

/** Persian Gulf, Even, die 1: Sea Superiority vs. Sea Superiority (Pool 45); no ships committed, a tie: 22 each. */
const quiet: ZonePlan = { mission: { allied: 'Sea Superiority', urgent: false } };

function buyEvent(t: Table, side: 'allied' | 'soviet', from = 0) {
  return t.events.slice(from).filter((e) => e.type === 'purchase' && e.side === side);
}

describe('6.C.2 Purchase Costs', () => {
  it('6.C.2 on the first Campaign Game Turn a ship costs its Point Value; everything left is banked and the track reset to zero', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    expect(t.actions('allied:north-sea').find((a) => a.type === 'buyShip')!.label).toBe('Buy a ship (Point Value)');
    t.order(NS, 'allied', { buy: ['a-cv', 'a-dd'] });
    t.order(NS, 'soviet', {});
    expect(buyEvent(t, 'allied')[0]).toMatchObject({ spent: 42 });
    expect(t.banked(NS, 'allied')).toBe(108);
    expect(t.banked(NS, 'soviet')).toBe(150);
    expect([t.track(NS, 'allied'), t.track(NS, 'soviet')]).toEqual([0, 0]);
    expect(t.texts('bank')).toEqual([
      'North Sea: Allied banks 108 Victory Points (108 banked in this zone; rule 6.C.2).',
      'North Sea: Soviet banks 150 Victory Points (150 banked in this zone; rule 6.C.2).',
    ]);
  });

  it('6.C.2 finishing purchases asks the seat\'s own question with its figures: an empty order banks every point and, on the first turn, leaves no ship; an order, its cost and what is banked', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    const question = (side: 'allied' | 'soviet') => t.actions(t.seat(side, NS)).find((a) => a.type === 'donePurchasing')!;
    expect(question('allied')).toMatchObject({
      confirm: true,
      question: 'You have ordered nothing: all 150 points on your Point Track are banked as Victory Points, which are never spent (6.C.2). You have no ship in this War Zone, and none will join your Task Force. Finish purchasing?',
    });
    t.order(NS, 'allied', { buy: ['a-cv', 'a-dd'] }, false);
    expect(question('allied').question).toBe('Finish purchasing? Your order costs 42; the 108 points left are banked as Victory Points, which are never spent (6.C.2).');
    // The label, which a shared screen shows, names no figure of the secret order.
    expect(question('allied').label).toBe('Finish purchasing; unspent points are banked');
    // A later turn, with a Task Force: nothing said of ships.
    const later = new Table({ zones: [PG] });
    later.playTurn({ [PG]: { ...quiet, allied: { buy: ['a-ff'] } } });
    later.roll(PG, quiet.mission);
    expect(later.actions('allied:persian-gulf').find((a) => a.type === 'donePurchasing')!.question).toBe(
      `You have ordered nothing: all ${later.track(PG, 'allied')} points on your Point Track are banked as Victory Points, which are never spent (6.C.2). Finish purchasing?`,
    );
    // An empty Point Track (the Soviet scored nothing escorting in the North Sea): nothing to bank, and still no ship.
    const empty = new Table({ zones: [NS] });
    empty.playTurn({ [NS]: { mission: { allied: 'Military Escort' } } });
    empty.roll(NS, { allied: 'Sea Superiority' });
    expect(empty.track(NS, 'soviet')).toBe(0);
    expect(empty.actions('soviet:north-sea').find((a) => a.type === 'donePurchasing')!.question).toBe(
      'You have ordered nothing: your Point Track is empty, so nothing is banked. You have no ship in this War Zone, and none will join your Task Force. Finish purchasing?',
    );
  });

  it('6.C.2 an order of 1 point finished: its team reads "(1 point)", the other team only that it is finished', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    t.order(NS, 'allied', { cards: [{ card: 'ECM' }] });
    expect(t.texts('order-done', t.eventsFor('allied:north-sea'))).toEqual(['North Sea: Allied has finished ordering (1 point).']);
    expect(t.texts('order-done', t.eventsFor('soviet:north-sea'))).toEqual(['North Sea: Allied has finished ordering.']);
  });

  it('6.C.2 a ship in a teammate\'s order in another War Zone is marked in the ship list (both may order it; fewer banked points get it)', () => {
    const t = new Table({ zones: [NS, PG] });
    t.roll(NS, { allied: 'Military Escort' });
    t.roll(PG, quiet.mission);
    t.order(NS, 'allied', { buy: ['a-cv'] }, false);
    const options = (seat: string) => (t.actions(seat).find((a) => a.type === 'buyShip')!.fields!.ship as Extract<FieldSpec, { kind: 'choice' }>).options;
    const cv = options('allied:persian-gulf').find((o) => o.value === 'a-cv')!;
    expect(cv.label).toMatch(/ — also in your team's order in the North Sea: whoever has fewer banked points gets it, on a tie the War Zone listed first \(6\.C\.2\)$/);
    expect(options('allied:persian-gulf').filter((o) => o.label.includes('also in')).map((o) => o.value)).toEqual(['a-cv']);
  });

  it('6.C.2 on every later turn a ship costs double its Point Value', () => {
    expect([1, 2, 3, 9].map((turn) => shipCost(turn, 7))).toEqual([7, 14, 14, 14]);
    const t = new Table({ zones: [PG] });
    t.playTurn({ [PG]: quiet });
    expect(t.state.turn).toBe(2);
    expect(t.track(PG, 'allied')).toBe(22);
    t.roll(PG, quiet.mission);
    // The action's label says what a ship costs now.
    expect(t.actions('allied:persian-gulf').find((a) => a.type === 'buyShip')!.label).toBe('Buy a ship (double Point Value)');
    const r = t.refuse({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-dd' });
    expect(r.code).toBe('not-enough-points');
    expect(r.message).toContain('costs 24');
    const from = t.events.length;
    t.order(PG, 'allied', { buy: ['a-ff'] });
    t.order(PG, 'soviet', {});
    expect(buyEvent(t, 'allied', from)[0]).toMatchObject({ spent: 12 });
    expect(t.banked(PG, 'allied')).toBe(150 + 22 - 12);
  });

  it('6.C.2 Action card costs by turn bracket (1–2, 3–4, 5–6, 7+): a Retreat card bought on turns 1, 3, 5 and 7 costs 6, 9, 14, 21', () => {
    const t = new Table({ zones: [PG] });
    const paid: number[] = [];
    for (let turn = 1; turn <= 7; turn++) {
      t.roll(PG, quiet.mission);
      const from = t.events.length;
      t.order(PG, 'allied', turn % 2 === 1 ? { cards: [{ card: 'Retreat' }] } : {});
      t.order(PG, 'soviet', {});
      if (turn % 2 === 1) paid.push(buyEvent(t, 'allied', from)[0].spent as number);
      for (const side of ['allied', 'soviet'] as const) t.commit(PG, side, []);
      t.finish(PG);
    }
    expect(paid).toEqual([6, 9, 14, 21]);
  });

  it('6.C.2 the whole cost table by bracket', () => {
    const row = (type: string) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((turn) => cardCost(turn, { type }));
    expect(row('ECM')).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 4]);
    expect(row('Air Cover')).toEqual([2, 2, 4, 4, 6, 6, 9, 9, 9]);
    expect(row('Damage Control')).toEqual([4, 4, 6, 6, 9, 9, 14, 14, 14]);
    expect(row('Surprise')).toEqual([6, 6, 9, 9, 14, 14, 21, 21, 21]);
    expect(row('Early Warning Systems')).toEqual([10, 10, 15, 15, 23, 23, 35, 35, 35]);
    expect(row('Intelligence')).toEqual([15, 15, 23, 23, 35, 35, 52, 52, 52]);
    expect(row('Bomber Strike')).toEqual([20, 20, 30, 30, 45, 45, 67, 67, 67]);
  });

  it('6.C.2 Gun, Missile, Torpedo and Minefield Attack cards cost half their value, rounded down (7 → 3, 9 → 4, 10 → 5, 5 → 2)', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    t.order(NS, 'allied', { cards: [{ card: 'Gun', value: 7 }, { card: 'Missile', value: 9 }, { card: 'Torpedo', value: 10 }, { card: 'Minefield Attack', value: 5 }] });
    t.order(NS, 'soviet', {});
    expect(buyEvent(t, 'allied')[0]).toMatchObject({ spent: 3 + 4 + 5 + 2 });
    expect(t.banked(NS, 'allied')).toBe(150 - 14);
    expect(t.zoneView(NS, 'allied:north-sea').players.allied.cards).toMatchObject([
      { type: 'Gun', value: 7 },
      { type: 'Missile', value: 9 },
      { type: 'Torpedo', value: 10 },
      { type: 'Minefield Attack', value: 5 },
    ]);
  });

  it('6.C.2 an attack card is bought with its printed value; without one it is refused', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    expect(t.refuse({ type: 'buyCard', seat: 'allied:north-sea', card: 'Gun' }).code).toBe('card-value-required');
    expect(t.refuse({ type: 'buyCard', seat: 'allied:north-sea', card: 'ECM', value: 4 }).code).toBe('card-value-not-allowed');
  });
});

describe('6.C.2 Purchase Limitations', () => {
  it('6.C.2 there is no limit on the number of Ship cards purchased in a turn', () => {
    const t = new Table({ zones: [NS], start: { [NS]: { allied: 200, soviet: 150 } } });
    t.roll(NS, { allied: 'Military Escort' });
    const all = ['a-cv', 'a-cv2', 'a-lph', 'a-cg', 'a-dd', 'a-dd2', 'a-ff2', 'a-ff', 'a-ff3', 'a-ss', 'a-ss2', 'a-ssgn'] as const;
    t.order(NS, 'allied', { buy: [...all] });
    t.order(NS, 'soviet', {});
    expect(Object.keys(t.player(NS, 'allied').fleet)).toHaveLength(12);
  });

  it('6.C.2 no more than five Action cards per player per turn: the sixth is refused naming the limit', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    t.order(NS, 'allied', { cards: ['ECM', 'Air Cover', 'ASW', 'Retreat', 'Jink'].map((card) => ({ card })) }, false);
    const r = t.refuse({ type: 'buyCard', seat: 'allied:north-sea', card: 'Bounce' });
    expect(r.code).toBe('too-many-cards');
    expect(r.message).toContain('At most 5 Action cards');
    expect(t.actions('allied:north-sea').map((a) => a.type)).not.toContain('buyCard');
  });

  it('6.C.2 one of each type per turn unless the type is asterisked (Gun*, Missile*, Torpedo*, Minefield Attack*, Land Based Air Strike*, Surprise*, Bomber Strike*)', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    t.order(NS, 'allied', { cards: [{ card: 'ECM' }] }, false);
    const r = t.refuse({ type: 'buyCard', seat: 'allied:north-sea', card: 'ECM' });
    expect(r.code).toBe('one-per-type');
    expect(r.message).toContain('Only one ECM');
    expect(ACTION_CARDS.cards.filter((c) => c.unlimited).map((c) => c.type)).toEqual(['Land Based Air Strike', 'Gun', 'Missile', 'Torpedo', 'Minefield Attack', 'Surprise', 'Bomber Strike']);
    const u = new Table({ zones: [NS] });
    u.roll(NS, { allied: 'Military Escort' });
    u.order(NS, 'allied', { cards: [{ card: 'Surprise' }, { card: 'Surprise' }, { card: 'Gun', value: 6 }, { card: 'Gun', value: 8 }, { card: 'Bomber Strike' }] }, false);
    expect(u.player(NS, 'allied').order.cards).toHaveLength(5);
  });

  it('6.C.2 Additional Ship, Non-Combatant, Tactics and Bad Luck cards may never be purchased', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    for (const card of ['Additional Ship', 'Non-Combatant', 'Tactics', 'Bad Luck']) {
      const r = t.refuse({ type: 'buyCard', seat: 'allied:north-sea', card });
      expect(r.code).toBe('card-not-purchasable');
      expect(r.message).toContain(card);
    }
  });

  it('6.C.2 sunk ships may not be purchased or return to play in any way', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: quiet.mission, allied: { buy: ['a-dd', 'a-ff'], commit: ['a-dd', 'a-ff'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.sink(PG, 'a-ff', 'soviet');
    t.finish(PG);
    t.roll(PG, {});
    const r = t.refuse({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-ff' });
    expect(r).toMatchObject({ code: 'ship-sunk', rule: '6.C.2' });
    expect(r.message).toContain('USS Knox was sunk');
    expect(t.view('referee').sunk).toEqual(['USS Knox']);
  });

  it('6.C.2 only ships not in play may be bought: a ship is in one place only', () => {
    const t = new Table({ zones: [NS, PG] });
    t.playTurn({ [NS]: { mission: quiet.mission, allied: { buy: ['a-cv'] } }, [PG]: quiet });
    t.roll(NS, {});
    t.roll(PG, quiet.mission);
    const r = t.refuse({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-cv' });
    expect(r).toMatchObject({ code: 'ship-in-play', rule: '6.C.2' });
    expect(r.message).toContain('North Sea');
    expect(t.refuse({ type: 'buyShip', seat: 'allied:north-sea', ship: 'a-cv' }).code).toBe('ship-in-play');
    expect(t.refuse({ type: 'buyShip', seat: 'allied:north-sea', ship: 's-dd' }).code).toBe('wrong-side');
  });

  it('6.C.2 orders may not cost more than the Point Track holds', () => {
    const t = new Table({ zones: [NS], start: { [NS]: { allied: 40, soviet: 40 } } });
    t.roll(NS, { allied: 'Military Escort' });
    t.order(NS, 'allied', { buy: ['a-cv'] }, false);
    const r = t.refuse({ type: 'buyShip', seat: 'allied:north-sea', ship: 'a-dd' });
    expect(r).toMatchObject({ code: 'not-enough-points', rule: '6.C.2' });
    expect(r.message).toMatch(/costs 12; your order already costs 30 and your Point Track has 40/);
  });

  it('6.C.2 an order may cost exactly what the Point Track holds: 30 points buy the 30-point Forrestal, and 0 is banked', () => {
    const t = new Table({ zones: [NS], start: { [NS]: { allied: 30, soviet: 40 } } });
    t.roll(NS, { allied: 'Military Escort' });
    const ships = t.actions('allied:north-sea').find((a) => a.type === 'buyShip')!.fields!.ship;
    expect(ships.kind === 'choice' && ships.options.map((o) => o.value)).toContain('a-cv');
    t.order(NS, 'allied', { buy: ['a-cv'] }, false);
    // Its whole Point Track ordered, the seat is told what the order costs (not that the track is empty).
    expect(closedActions(cwnb, t.state, 'allied:north-sea')).toContainEqual(
      expect.objectContaining({ type: 'buyShip', why: expect.stringContaining('No ship you may order costs 0 or less: your Point Track has 30 and your order already costs 30.') }),
    );
    t.done(NS, 'allied');
    t.order(NS, 'soviet', {});
    expect(buyEvent(t, 'allied')[0]).toMatchObject({ spent: 30 });
    expect(t.banked(NS, 'allied')).toBe(0);
  });

  it('6.C.2 an Action card\'s own price counts against the Point Track: with 5 points a Retreat card (6) is refused, with 6 it is bought', () => {
    const t = new Table({ zones: [NS], start: { [NS]: { allied: 5, soviet: 6 } } });
    t.roll(NS, { allied: 'Military Escort' });
    const r = t.refuse({ type: 'buyCard', seat: 'allied:north-sea', card: 'Retreat' });
    expect(r.code).toBe('not-enough-points');
    expect(r.message).toContain('Retreat costs 6; your order already costs 0 and your Point Track has 5');
    t.order(NS, 'allied', {});
    t.order(NS, 'soviet', { cards: [{ card: 'Retreat' }] });
    expect(buyEvent(t, 'soviet')[0]).toMatchObject({ spent: 6 });
    expect(t.banked(NS, 'soviet')).toBe(0);
  });

  it('6.C.2 a ship already in the order cannot be ordered a second time', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    t.order(NS, 'allied', { buy: ['a-dd'] }, false);
    const r = t.refuse({ type: 'buyShip', seat: 'allied:north-sea', ship: 'a-dd' });
    expect(r.code).toBe('ship-already-ordered');
    expect(r.message).toContain('USS Spruance is already in your order');
    const ship = t.actions('allied:north-sea').find((a) => a.type === 'buyShip')!.fields!.ship;
    expect(ship.kind === 'choice' && ship.unavailable?.find((o) => o.value === 'a-dd')?.why).toBe('it is already in your order'); // the form says so too
  });

  it('6.C.2 a ship bought joins the Task Force undamaged, not Crippled, not critically damaged, and (a submarine) Active', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    t.order(NS, 'allied', { buy: ['a-cg', 'a-ss'] });
    t.order(NS, 'soviet', {});
    expect(t.zoneView(NS).players.allied.fleet.map(({ id, damage, crippled, critical, passive }) => ({ id, damage, crippled, critical, passive }))).toEqual([
      { id: 'a-cg', damage: 0, crippled: false, critical: false, passive: false },
      { id: 'a-ss', damage: 0, crippled: false, critical: false, passive: false },
    ]);
  });

  it('6.C.2 the Action cards offered: fixed-price cards with their cost, attack cards asking their printed value (up to what the Point Track can pay: 10 points pay a value of 21)', () => {
    const t = new Table({ zones: [NS], start: { [NS]: { allied: 10, soviet: 40 } } });
    t.roll(NS, { allied: 'Military Escort' });
    const cards = t.actions('allied:north-sea').find((a) => a.type === 'buyCard')!.fields!.card;
    const options = cards.kind === 'choice' ? cards.options : [];
    expect(options.find((o) => o.value === 'Gun')).toMatchObject({ label: 'Gun* (half its printed value)', fields: { value: { kind: 'int', min: 1, max: 21 } } });
    // 6.C.2 the cost chart's asterisk: the types that may be bought more than once per turn are marked as on the chart.
    const listed = [...options, ...(cards.kind === 'choice' ? (cards.unavailable ?? []) : [])];
    expect(listed.filter((o) => o.label.includes('*')).map((o) => o.value).sort()).toEqual(ACTION_CARDS.cards.filter((c) => c.unlimited).map((c) => c.type).sort());
    expect(options.find((o) => o.value === 'Retreat')).toEqual({ value: 'Retreat', label: 'Retreat (6)' });
    expect(options.map((o) => o.value)).not.toContain('Bomber Strike'); // 20 points
    // The form says the per-type rule, the limit and what is left to spend (6.C.2).
    expect(cards.help).toBe('The Action card type to buy, at the cost shown; only one of each type per turn, except the types marked * (as on the cost chart), which may be bought more than once (6.C.2). You have bought 0 of 5 this turn and have 10 points left to spend.');
  });

  it('6.C.2 the purchase forms name what cannot be bought now and why: sunk, in the Task Force, too dear, a second card of a type', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: quiet.mission, allied: { buy: ['a-dd', 'a-ff'], commit: ['a-dd', 'a-ff'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.sink(PG, 'a-ff', 'soviet');
    t.finish(PG);
    t.roll(PG, {});
    t.order(PG, 'allied', { cards: [{ card: 'Retreat' }] }, false);
    const form = (type: string) => {
      const f = Object.values(t.actions('allied:persian-gulf').find((a) => a.type === type)!.fields!)[0];
      return f.kind === 'choice' ? Object.fromEntries((f.unavailable ?? []).map((o) => [o.value, o.why])) : {};
    };
    const left = t.track(PG, 'allied') - 6; // turn 2: a Retreat card costs 6
    expect(left).toBe(9);
    const ships = form('buyShip');
    expect(ships['a-ff']).toBe('it was sunk, and sunk ships may not be purchased (6.C.2)');
    expect(ships['a-dd']).toBe('it is already in the Persian Gulf Task Force');
    expect(ships['a-cv']).toBe(`it costs 60 and you have ${left} points left to spend; banked Victory Points can never be spent (6.C.2)`);
    expect(Object.keys(ships)).not.toContain('s-dd'); // the other side's ships are not the Allied player's to buy
    const cards = form('buyCard');
    expect(cards.Retreat).toBe('you have bought one this turn, and only card types marked with an asterisk may be bought more than once (6.C.2)');
    expect(cards['Bomber Strike']).toBe(`it costs 20 and you have ${left} points left to spend (6.C.2)`);
  });

  it('6.C.2 an attack card\'s printed value is a whole number from 1 to 99: 0 and 100 are refused, 1 costs 0 and 99 costs 49', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    for (const value of [0, 100]) expect(t.refuse({ type: 'buyCard', seat: 'allied:north-sea', card: 'Gun', value }).code).toBe('card-value-required');
    t.order(NS, 'allied', { cards: [{ card: 'Gun', value: 1 }, { card: 'Gun', value: 99 }] });
    t.order(NS, 'soviet', {});
    expect(buyEvent(t, 'allied')[0]).toMatchObject({ spent: 0 + 49 }); // 1 / 2 and 99 / 2, rounded down
    expect(t.banked(NS, 'allied')).toBe(150 - 49);
  });

  it('6.C.2 purchases are made in Battle Preparations, once the mission is known', () => {
    const t = new Table({ zones: [NS] });
    expect(t.refuse({ type: 'buyShip', seat: 'allied:north-sea', ship: 'a-dd' })).toMatchObject({
      code: 'not-purchase-step',
      message: 'North Sea: purchases are made in Battle Preparations, once the mission is rolled; it is not rolled yet (6.C.2).',
    });
  });
});

describe('6.C.2 conflicts, banking and Purchase Restrictions', () => {
  it('6.C.2 a conflict over a purchase goes from the fewest Points banked to the most: the "winning" player goes last', () => {
    const t = new Table({ zones: [NS, PG] });
    // Turn 1: the North Sea Allied player (listed first) banks 147, the Persian Gulf Allied player 120.
    t.playTurn({
      [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-ff3'] } },
      [PG]: { mission: { allied: 'Civilian Escort' }, allied: { buy: ['a-cv'] } },
    });
    expect([t.banked(NS, 'allied'), t.banked(PG, 'allied')]).toEqual([147, 120]);
    // Non-Combatants survived (3 × 10, 7 × 12 Urgent) plus the ships in port (3, 30).
    expect([t.track(NS, 'allied'), t.track(PG, 'allied')]).toEqual([33, 114]);
    // Turn 2: both order the same ship.
    t.roll(NS, {});
    t.roll(PG, {});
    t.order(NS, 'allied', { buy: ['a-dd'] });
    t.order(PG, 'allied', { buy: ['a-dd'] });
    t.order(NS, 'soviet', {});
    t.order(PG, 'soviet', {});
    expect(t.player(PG, 'allied').fleet['a-dd']).toBeDefined();
    expect(t.player(NS, 'allied').fleet['a-dd']).toBeUndefined();
    expect(t.texts('purchase-refused')).toEqual(['North Sea: USS Spruance went to a player with fewer banked points (Persian Gulf); Allied may order again (6.C.2).']);
    expect(t.state.purchasesResolved).toBe(false);
    expect(t.view('referee').waitingFor).toEqual(['allied:north-sea']);
    expect(t.track(NS, 'allied')).toBe(33); // nothing charged for the refused ship
    // The orders carried out are not started again: their players have seen the other team's purchases (ruling).
    for (const seat of ['allied:persian-gulf', 'soviet:north-sea', 'soviet:persian-gulf']) {
      expect(t.refuse({ type: 'restartOrder', seat }), seat).toMatchObject({ code: 'order-carried-out', rule: '6.C.2' });
      expect(t.actions(seat).map((a) => a.type)).not.toContain('restartOrder');
    }
    expect(t.refuse({ type: 'restartOrder', seat: 'allied:persian-gulf' }).message).toBe('Persian Gulf: your order was carried out; only a player whose ship went to another orders again (6.C.2).');
    t.act({ type: 'buyCard', seat: 'allied:north-sea', card: 'ECM' });
    // The new order, not carried out yet, may be started again; what was bought stays (h19: "dropped" read as the purchases too).
    expect(t.actions('allied:north-sea').find((a) => a.type === 'restartOrder')!.label).toBe('Start your new order again (what was bought already stays)');
    t.act({ type: 'restartOrder', seat: 'allied:north-sea' });
    t.order(NS, 'allied', { buy: ['a-dd2'] });
    expect(t.state.purchasesResolved).toBe(true);
    expect(t.banked(NS, 'allied')).toBe(147 + 33 - 20);
  });

  it('6.C.2 a player ordering again who orders nothing more is told that what was carried out stays bought (h23: "you have ordered nothing")', () => {
    // Carried out besides USS Knox, which went to the Persian Gulf: a card, or a ship.
    for (const carriedOut of [{ cards: [{ card: 'Retreat' }] }, { buy: ['a-ss' as const] }]) {
      const t = new Table({ zones: [NS, PG] });
      t.playTurn({
        [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-ff3'] } },
        [PG]: { mission: { allied: 'Civilian Escort' }, allied: { buy: ['a-cv'] } },
      });
      t.roll(NS, {});
      t.roll(PG, {});
      t.order(NS, 'allied', { buy: ['a-ff', ...(carriedOut.buy ?? [])], cards: carriedOut.cards });
      t.order(PG, 'allied', { buy: ['a-ff'] });
      t.order(NS, 'soviet', {});
      t.order(PG, 'soviet', {});
      expect(t.player(NS, 'allied').cardsBought.length + t.player(NS, 'allied').shipsBought).toBe(1);
      expect(t.actions('allied:north-sea').find((a) => a.type === 'donePurchasing')!.question).toMatch(/^You have ordered nothing more \(what was bought stays\): all \d+ points on your Point Track are banked as Victory Points/);
    }
  });

  it('6.C.2 with equal banked points the War Zones go in the order they are listed (ruling)', () => {
    const t = new Table({ zones: [NS, PG] });
    t.roll(NS, {});
    t.roll(PG, {});
    t.order(PG, 'allied', { buy: ['a-cv'] });
    t.order(NS, 'allied', { buy: ['a-cv'] });
    t.order(NS, 'soviet', {});
    t.order(PG, 'soviet', {});
    expect(t.player(NS, 'allied').fleet['a-cv']).toBeDefined();
    expect(t.view('referee').waitingFor).toEqual(['allied:persian-gulf']);
  });

  it('6.C.2 Banked Points can never be spent: with an empty Point Track nothing can be bought, however much is banked', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    for (const nc of t.zone(NS).battle!.nonCombatants) t.sink(NS, nc.id, 'soviet');
    t.finish(NS);
    expect(t.track(NS, 'allied')).toBe(0);
    expect(t.banked(NS, 'allied')).toBe(138);
    t.roll(NS, {});
    const r = t.refuse({ type: 'buyShip', seat: 'allied:north-sea', ship: 'a-ff3' });
    expect(r.code).toBe('not-enough-points');
    expect(r.message).toContain('Banked Victory Points can never be spent');
    expect(t.actions('allied:north-sea').map((a) => a.type)).not.toContain('buyShip');
    // The seat is told why the ship purchase is not open, beside its actions; not why the Action card is (it is open).
    expect(closedActions(cwnb, t.state, 'allied:north-sea')).toEqual([
      expect.objectContaining({ type: 'buyShip', why: 'Your Point Track is at 0: no ship can be paid for this turn. Banked Victory Points can never be spent (6.C.2).' }),
    ]);
  });

  it('6.C.2 the seat is told which purchase is closed and why only while it purchases: not in another step, not once its order is done', () => {
    const t = new Table({ zones: [NS], start: { [NS]: { allied: 150, soviet: 120 } } });
    const seat = 'allied:north-sea';
    expect(closedActions(cwnb, t.state, seat)).toEqual([]);
    t.roll(NS, { allied: 'Military Escort' });
    expect(closedActions(cwnb, t.state, seat)).toEqual([]);
    t.order(NS, 'allied', { cards: [{ card: 'Jink' }, { card: 'Bounce' }, { card: 'Retreat' }, { card: 'ECM' }, { card: 'ASW' }] }, false);
    expect(closedActions(cwnb, t.state, seat)).toEqual([{ type: 'buyCard', label: 'Buy an Action card (up to 5 this turn)', rule: '6.C.2', why: 'At most 5 Action cards may be purchased per turn; you have 5.' }]);
    t.done(NS, 'allied');
    expect(closedActions(cwnb, t.state, seat)).toEqual([]);
  });

  it('6.C.2 an Action card type already held (the card set aside) may be bought again (ruling: Wardroom does not model the deck, "not already in a player\'s hand" is the physical card)', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: quiet.mission, allied: { cards: [{ card: 'Retreat' }] } } });
    t.endAll(PG);
    t.setAside(PG, { allied: { card: 'Retreat' } });
    t.roll(PG, quiet.mission);
    t.order(PG, 'allied', { cards: [{ card: 'Retreat' }] });
    t.order(PG, 'soviet', {});
    expect(t.player(PG, 'allied').cards.map((c) => c.type)).toEqual(['Retreat', 'Retreat']);
  });
});

describe('6.C.2 refusals', () => {
  it('6.C.2 every purchase refusal gives its reason and cites rule 6.C.2', () => {
    const t = new Table({ zones: [NS, PG], start: { [NS]: { allied: 150, soviet: 120 } } });
    const seat = 'allied:north-sea';
    expect(t.refuse({ type: 'buyShip', seat, ship: 'a-dd' })).toMatchObject({ code: 'not-purchase-step', rule: '6.C.2' });
    t.roll(NS, { allied: 'Military Escort' });
    t.roll(PG, quiet.mission);
    t.order(PG, 'allied', { buy: ['a-cv'] }, false);
    // While a ship can still be afforded (later the action is not open: not-enough-points).
    expect(t.refuse({ type: 'buyShip', seat, ship: 'no-such-ship' })).toMatchObject({ code: 'unknown-ship' });
    expect(t.refuse({ type: 'buyShip', seat, ship: 's-dd' })).toMatchObject({ code: 'wrong-side', rule: '6.C.2' });
    // While a card can still be ordered (five ordered: the action is not open, too-many-cards).
    const refusals = [
      [{ type: 'buyCard', seat, card: 'Laser' }, 'unknown-card'],
      [{ type: 'buyCard', seat, card: 'Tactics' }, 'card-not-purchasable'],
      [{ type: 'buyCard', seat, card: 'Torpedo' }, 'card-value-required'],
      [{ type: 'buyCard', seat, card: 'Jink', value: 2 }, 'card-value-not-allowed'],
    ] as const;
    for (const [action, code] of refusals) expect(t.refuse(action)).toMatchObject({ code, rule: '6.C.2' });
    t.order(NS, 'allied', { buy: ['a-cv2', 'a-lph', 'a-ff3'], cards: [{ card: 'Jink' }, { card: 'Bounce' }, { card: 'Retreat' }, { card: 'ECM' }] }, false); // 24 + 12 + 3 + 1 + 1 + 6 + 1 = 48
    expect(t.refuse({ type: 'buyShip', seat, ship: 'a-lph' })).toMatchObject({ code: 'ship-already-ordered', rule: '6.C.2' });
    expect(t.refuse({ type: 'buyCard', seat, card: 'Jink' })).toMatchObject({ code: 'one-per-type', rule: '6.C.2' });
    t.order(NS, 'allied', { buy: ['a-cg', 'a-dd', 'a-dd2', 'a-ff', 'a-ff2', 'a-ss', 'a-ss2', 'a-ssgn'], cards: [{ card: 'Gun', value: 2 }] }, false); // 48 + 75 + 1 = 124
    expect(t.refuse({ type: 'buyCard', seat, card: 'Air Cover' })).toMatchObject({ code: 'too-many-cards', rule: '6.C.2' });
    t.done(NS, 'allied');
    expect(t.refuse({ type: 'buyCard', seat, card: 'ASW' })).toMatchObject({ code: 'purchases-done', rule: '6.C.2' });
    expect(t.refuse({ type: 'donePurchasing', seat })).toMatchObject({ code: 'purchases-done' });
    const soviet = 'soviet:north-sea';
    t.order(NS, 'soviet', { buy: ['s-cv', 's-cv2', 's-cg', 's-dd', 's-dd2', 's-ff', 's-ff2', 's-ss', 's-ss2', 's-ssgn', 's-ssgn2'] }, false); // 114
    expect(t.refuse({ type: 'buyCard', seat: soviet, card: 'Bomber Strike' }).message).toBe(
      'Bomber Strike costs 20; your order already costs 114 and your Point Track has 120. Banked Victory Points can never be spent (6.C.2).',
    );
  });
});

describe('6.C.2 the purchase log', () => {
  it('6.C.2 orders are private to their team; carrying out the purchases logs what each player bought (only those who bought), then the reveal and the banking', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    expect(t.act({ type: 'buyShip', seat: 'allied:north-sea', ship: 'a-dd' })).toEqual([
      { type: 'order', zone: NS, side: 'allied', ship: 'a-dd', cost: 12, to: { team: 'allied' }, turn: 1, text: 'North Sea: Allied orders USS Spruance for 12.' },
    ]);
    expect(t.act({ type: 'buyCard', seat: 'allied:north-sea', card: 'Gun', value: 7 })).toMatchObject([
      { type: 'order', zone: NS, side: 'allied', to: { team: 'allied' }, text: 'North Sea: Allied orders Gun (value 7) for 3.' },
    ]);
    expect(t.done(NS, 'allied')).toMatchObject([{ type: 'order-done', cost: 15, to: { team: 'allied' }, text: 'North Sea: Allied has finished ordering (15 points).' }]); // the Allied face
    const events = t.done(NS, 'soviet');
    expect(events.map((e) => `${e.type}${e.side ? ':' + e.side : ''}`)).toEqual(['order-done:soviet', 'purchase:allied', 'reveal', 'bank:allied', 'bank:soviet']);
    expect(events[1].text).toBe('North Sea: Allied buys USS Spruance, Gun (7) for 15; Point Track 135.');
    expect(t.zoneView(NS, 'allied:north-sea').players.allied.keptAdditionalShip).toBeNull();
  });
});
