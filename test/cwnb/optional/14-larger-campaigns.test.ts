import { closedActions, waitingFor } from '../../../src/engine/kernel.ts';
import type { FieldSpec } from '../../../src/engine/module.ts';
import { describe, expect, it } from 'vitest';
import { cwnb } from '../../../src/modules/cwnb/index.ts';
import { ZONE_IDS } from '../../../src/modules/cwnb/data/types.ts';
import { OTable } from '../../support/cwnb-optional-fixtures.ts';

const PG = 'persian-gulf' as const;
const NS = 'north-sea' as const;
const OC = { overallCommanders: true };

describe('14 Larger Campaigns', () => {
  it('14 seven zones share one ship deck', () => {
    const t = new OTable({ zones: [...ZONE_IDS] });
    // 14 players, plus the two Overall Commanders with 14.1: 16 seats.
    expect(cwnb.seats(t.state)).toHaveLength(14);
    expect(cwnb.seats(new OTable({ zones: [...ZONE_IDS], optional: OC }).state)).toHaveLength(16);
    for (const z of ZONE_IDS) t.start(z, { allied: undefined });
    // Two Allied players order the same carrier: the one with fewer banked points (tie: zone order) gets it.
    t.act({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-cv' });
    t.act({ type: 'buyShip', seat: 'allied:indian-ocean', ship: 'a-cv' });
    for (const z of ZONE_IDS) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    // Both have 0 banked: the tie goes by the order the War Zones are listed in (docs/rulings.md 6.C.2).
    expect(t.texts('purchase-refused')).toEqual(['Persian Gulf: USS Forrestal went to a player with as many banked points in a War Zone listed before the Persian Gulf (Indian Ocean); Allied may order again (6.C.2).']);
    expect(t.state.purchasesResolved).toBe(false);
    expect(t.view('referee').waitingFor).toEqual(['allied:persian-gulf']);
    // A ship is in one place only.
    const r = t.refuse({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-cv' });
    expect(r.code).toBe('ship-in-play');
    expect(r.message).toContain('Indian Ocean');
    t.done(PG, 'allied');
    expect(t.state.purchasesResolved).toBe(true);
    // The history's bookmarks (the module's phaseMark): the orders carried out before a player orders again are no phase of their own.
    expect(t.events.filter((e) => e.type === 'reveal').map((e) => cwnb.phaseMark!(e))).toEqual([null, 'Turn 1: purchases carried out']);
    // Sunk in one zone: gone for everyone.
    for (const z of ZONE_IDS) for (const s of ['allied', 'soviet'] as const) t.commit(z, s, z === 'indian-ocean' && s === 'allied' ? ['a-cv'] : []);
    for (const z of ZONE_IDS) if (t.zone(z).battle!.toDeal) t.deal(z);
    t.sink('indian-ocean', 'a-cv', 'soviet');
    t.finishAll();
    for (const z of ZONE_IDS) t.start(z, {});
    expect(t.refuse({ type: 'buyShip', seat: 'allied:north-atlantic', ship: 'a-cv' }).code).toBe('ship-sunk');
  });
});

describe('14.1 Overall Commanders', () => {
  function ready(): OTable {
    const t = new OTable({ zones: [PG, NS], optional: OC });
    t.start(PG, {});
    t.start(NS, {});
    return t;
  }

  it('14.1 an Overall Commander\'s seat reads as such to people; a player\'s seat names its side and War Zone', () => {
    const t = ready();
    expect(['commander:soviet', 'allied:persian-gulf', 'soviet:north-sea'].map((s) => cwnb.seatLabel!(t.state, s))).toEqual(['Soviet Overall Commander', 'Allied, Persian Gulf', 'Soviet, North Sea']);
  });

  it('14.1 Overall Commander buys/transfers for a player during preparations, and may start its order again (6.C.2)', () => {
    const t = ready();
    // Only for the Commander's own team, naming the seat.
    expect(t.refuse({ type: 'buyShip', seat: 'commander:allied', for: 'soviet:north-sea', ship: 's-cg' }).code).toBe('commander-target');
    const specs = t.actions('commander:allied');
    expect(specs.map((a) => a.type)).toEqual(expect.arrayContaining(['teamNote', 'buyShip', 'buyCard', 'donePurchasing', 'restartOrder', 'assignSeat']));
    expect(specs.find((a) => a.type === 'buyShip')!.label).toMatch(/^For Allied, Persian Gulf or Allied, North Sea: Buy a ship/);
    t.act({ type: 'buyShip', seat: 'commander:allied', for: 'allied:persian-gulf', ship: 'a-cg' });
    t.act({ type: 'buyShip', seat: 'commander:allied', for: 'allied:persian-gulf', ship: 'a-dd' });
    // 6.C.2 the Commander may start a seat's order again, as its player may.
    t.act({ type: 'restartOrder', seat: 'commander:allied', for: 'allied:persian-gulf' });
    t.act({ type: 'buyShip', seat: 'commander:allied', for: 'allied:persian-gulf', ship: 'a-cg' });
    t.act({ type: 'buyCard', seat: 'commander:allied', for: 'allied:persian-gulf', card: 'ECM' });
    t.act({ type: 'donePurchasing', seat: 'commander:allied', for: 'allied:persian-gulf' });
    for (const [z, s] of [[PG, 'soviet'], [NS, 'allied'], [NS, 'soviet']] as const) t.done(z, s);
    expect(Object.keys(t.player(PG, 'allied').fleet)).toEqual(['a-cg']);
    expect(t.player(PG, 'allied').cards).toMatchObject([{ type: 'ECM' }]);
    // The purchases are over: an order for a seat is refused with the reason the seat itself would get, naming its War Zone.
    const own = t.refuse({ type: 'buyShip', seat: 'allied:north-sea', ship: 'a-dd' });
    expect(own.message).toMatch(/^North Sea: /);
    expect(t.refuse({ type: 'buyShip', seat: 'commander:allied', for: 'allied:north-sea', ship: 'a-dd' })).toMatchObject({ code: own.code, rule: own.rule, message: own.message });
    // Naming no seat of the team is refused as such, whether or not a seat of the team could still buy.
    expect(t.refuse({ type: 'buyShip', seat: 'commander:allied', ship: 'a-dd' }).code).toBe('commander-target');
    t.act({ type: 'transferShip', seat: 'commander:allied', for: 'allied:persian-gulf', ship: 'a-cg', to: NS });
    t.act({ type: 'transferCard', seat: 'commander:allied', for: 'allied:persian-gulf', card: 0, to: NS });
    expect(Object.keys(t.player(NS, 'allied').fleet)).toEqual(['a-cg']);
    // The players make every other decision.
    expect(t.refuse({ type: 'commit', seat: 'commander:allied', for: 'allied:north-sea', ships: [] })).toMatchObject({ code: 'commander-no-orders', rule: '14.1' });
    // Only for the Commander's own team, naming the seat.
    expect(t.refuse({ type: 'transferCard', seat: 'commander:allied', card: 0, to: PG }).code).toBe('commander-target');
  });

  it('14.1 the orders an Overall Commander gives are credited to the Commander in the log, the order\'s secret part too; a player\'s own are not', () => {
    const t = ready();
    t.act({ type: 'buyShip', seat: 'commander:allied', for: 'allied:persian-gulf', ship: 'a-cg' });
    t.act({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-dd' });
    t.act({ type: 'donePurchasing', seat: 'commander:allied', for: 'allied:persian-gulf' });
    const team = t.eventsFor('allied:persian-gulf');
    expect(t.texts('order', team)).toEqual(['Persian Gulf: Allied orders USS Belknap for 18 (by the Allied Overall Commander).', 'Persian Gulf: Allied orders USS Spruance for 12.']);
    expect(t.texts('order-done', team)).toEqual(['Persian Gulf: Allied has finished ordering (30 points) (by the Allied Overall Commander).']);
    expect(t.texts('order-done', t.eventsFor('soviet:persian-gulf'))).toEqual(['Persian Gulf: Allied has finished ordering (by the Allied Overall Commander).']);
    expect(team.filter((e) => e.type === 'order').map((e) => e.by)).toEqual(['commander:allied', undefined]);
  });

  it('14.1 the Commander\'s "Finish purchasing" asks for the seat chosen, with that seat\'s figures (6.C.2 banking)', () => {
    const t = ready();
    t.act({ type: 'buyShip', seat: 'commander:allied', for: 'allied:persian-gulf', ship: 'a-cg' });
    const done = t.actions('commander:allied').find((a) => a.type === 'donePurchasing')!;
    const seats = done.fields!.for as Extract<FieldSpec, { kind: 'choice' }>;
    expect(seats.options.map((o) => [o.value, o.question])).toEqual([
      ['allied:persian-gulf', 'Finish purchasing for Allied, Persian Gulf? Its order costs 18; the 132 points left are banked as Victory Points, which are never spent (6.C.2).'],
      ['allied:north-sea', 'Allied, North Sea has ordered nothing: all 150 points on its Point Track are banked as Victory Points, which are never spent (6.C.2). It has no ship in this War Zone, and none will join its Task Force. Finish purchasing for Allied, North Sea?'],
    ]);
  });

  it('14.1 an order\'s label names each seat\'s own limit: a Rushed player may buy 3 Action cards, a teammate 5 (13.2.9)', () => {
    const t = new OTable({ zones: [PG, NS], optional: { ...OC, specialConditions: {} } });
    t.start(PG, {}, { soviet: 'Rushed' });
    t.start(NS, {});
    const label = t.actions('commander:soviet').find((a) => a.type === 'buyCard')!.label;
    expect(label).toBe('For Soviet, Persian Gulf: Buy an Action card (up to 3 this turn); for Soviet, North Sea: Buy an Action card (up to 5 this turn)');
    // Seats with the same limit share one label.
    expect(t.actions('commander:soviet').find((a) => a.type === 'buyShip')!.label).toBe('For Soviet, Persian Gulf or Soviet, North Sea: Buy a ship (Point Value)');
  });

  it('14.1 with every seat of the team at the 6.C.2 Action card limit, the Commander is told the buy is closed and why (a seat\'s own reason), not asked to name a seat', () => {
    const t = ready();
    const five = [{ card: 'Jink' }, { card: 'Bounce' }, { card: 'Retreat' }, { card: 'ECM' }, { card: 'ASW' }];
    t.order(PG, 'allied', { cards: five }, false);
    expect(closedActions(cwnb, t.state, 'commander:allied')).toEqual([]); // the North Sea seat may still buy one
    t.order(NS, 'allied', { cards: five }, false);
    expect(closedActions(cwnb, t.state, 'commander:allied')).toEqual([
      { type: 'buyCard', label: 'Buy an Action card (up to 5 this turn)', rule: '6.C.2', why: 'At most 5 Action cards may be purchased per turn; you have 5.' },
    ]);
  });

  it('14.1 refused during battle turns', () => {
    const t = ready();
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    for (const s of ['allied', 'soviet'] as const) t.commit(PG, s, []);
    // The Persian Gulf is in its Battle Turns: no orders there; the North Sea is still preparing.
    expect(t.refuse({ type: 'transferCard', seat: 'commander:allied', for: 'allied:persian-gulf', card: 0, to: NS })).toMatchObject({
      code: 'commander-battle',
      message: 'During the Battle Turns the Overall Commander may not issue any orders (14.1).',
    });
    expect(t.refuse({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:persian-gulf', player: 'Ann' }).code).toBe('commander-battle');
    expect(t.actions('commander:allied').every((a) => a.type === 'teamNote' || (a.fields?.for as { options: { value: string }[] } | undefined)?.options[0].value === 'allied:north-sea' || a.type === 'assignSeat')).toBe(true);
    for (const s of ['allied', 'soviet'] as const) t.commit(NS, s, []);
    if (t.zone(NS).battle!.toDeal) t.deal(NS);
    // Both zones in battle: the Commander may only write notes, and sees the team's zones.
    expect(t.actions('commander:allied').map((a) => a.type)).toEqual(['teamNote']);
    expect(t.view('commander:allied').zones.map((z) => z.id)).toEqual([PG, NS]);
    expect(waitingFor(cwnb, t.state)).not.toContain('commander:allied');
  });

  it('14.1 assigns seats: a player of the team moves between War Zones', () => {
    const t = new OTable({ zones: [PG, NS], optional: OC });
    t.state = { ...t.state, holders: { 'allied:persian-gulf': 'Ann', 'allied:north-sea': 'Bob', 'soviet:north-sea': 'Ivan' } };
    const ev = t.act({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:north-sea', player: 'Ann' });
    expect(ev[0].text).toBe('Allied Overall Commander assigns Ann to the Allied seat of the North Sea, in place of Bob (14.1). Ann leaves the Allied seat of the Persian Gulf, which has no player now.');
    expect(t.view('referee').holders).toEqual({ 'allied:north-sea': 'Ann', 'soviet:north-sea': 'Ivan' });
    expect(t.refuse({ type: 'assignSeat', seat: 'commander:allied', target: 'soviet:north-sea', player: 'Ann' }).code).toBe('commander-target');
    expect(t.refuse({ type: 'assignSeat', seat: 'allied:persian-gulf', target: 'allied:north-sea', player: 'Bob' }).code).toBe('commander-only');
  });

  it('14.1 the Overall Commander may fill in at a War Zone seat ("if another teammate has to leave for a moment") and stays Overall Commander', () => {
    const t = new OTable({ zones: [PG, NS], optional: OC });
    t.state = { ...t.state, holders: { 'commander:allied': 'Ann', 'allied:persian-gulf': 'Bob', 'allied:north-sea': 'Cid' } };
    const spec = t.actions('commander:allied').find((a) => a.type === 'assignSeat')!;
    // Online the referee's Seats panel does this: the form is not offered there, and says so.
    expect(spec.notOnline).toBe('Online the referee moves players between War Zone seats, in the Seats panel of the campaign page: ask the referee (14.1).');
    t.act({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:north-sea', player: 'Ann' });
    expect(t.view('referee').holders).toEqual({ 'commander:allied': 'Ann', 'allied:persian-gulf': 'Bob', 'allied:north-sea': 'Ann' });
    // A seat the player held in a War Zone not in play (a stale entry) is left like any other.
    t.state = { ...t.state, holders: { 'allied:indian-ocean': 'Dan', 'allied:north-sea': 'Cid' } };
    t.act({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:persian-gulf', player: 'Dan' });
    expect(t.view('referee').holders).toEqual({ 'allied:north-sea': 'Cid', 'allied:persian-gulf': 'Dan' });
  });

  it('14.1 a player fighting a War Zone\'s Battle Turns is not moved from it: players move during Battle Preparations', () => {
    const t = ready();
    t.state = { ...t.state, holders: { 'allied:persian-gulf': 'Ann', 'allied:north-sea': 'Bob' } };
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    for (const s of ['allied', 'soviet'] as const) t.commit(PG, s, []);
    // The Persian Gulf is in its Battle Turns, the North Sea still preparing.
    expect(t.refuse({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:north-sea', player: 'Ann' })).toMatchObject({
      code: 'commander-battle',
      rule: '14.1',
      message: 'Ann is in the Battle Turns of the Persian Gulf; players are moved between War Zones during Battle Preparations (14.1).',
    });
    expect(t.view('referee').holders).toEqual({ 'allied:persian-gulf': 'Ann', 'allied:north-sea': 'Bob' });
    t.act({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:north-sea', player: 'Cid' }); // a player not in a battle
    expect(t.view('referee').holders).toEqual({ 'allied:persian-gulf': 'Ann', 'allied:north-sea': 'Cid' });
  });

  it('14.1 nor from a War Zone whose Battle Turns are over but whose cards are still being set aside (7.2.1)', () => {
    const t = ready();
    t.state = { ...t.state, holders: { 'allied:persian-gulf': 'Ann', 'allied:north-sea': 'Bob' } };
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    for (const s of ['allied', 'soviet'] as const) t.commit(PG, s, []);
    t.endAll(PG);
    expect(t.zone(PG).step).toBe('set-aside');
    expect(t.refuse({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:north-sea', player: 'Ann' })).toMatchObject({ code: 'commander-battle', rule: '14.1' });
    expect(t.view('referee').holders).toEqual({ 'allied:persian-gulf': 'Ann', 'allied:north-sea': 'Bob' });
  });

  it('14.1 team notes private to the team (other team\'s views never contain them)', () => {
    const t = ready();
    const secret = 'Strike the Kiev group in the North Sea — Operation Bluewater';
    t.act({ type: 'teamNote', seat: 'commander:allied', text: secret });
    t.act({ type: 'teamNote', seat: 'allied:north-sea', text: 'Ack, holding the line' });
    const ev = t.act({ type: 'teamNote', seat: 'soviet:persian-gulf', text: 'Soviet plan Zarya' });
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ type: 'team-note', to: { team: 'soviet' } }); // the event is for the Soviet team only
    for (const seat of ['allied:persian-gulf', 'allied:north-sea', 'commander:allied']) {
      expect(t.view(seat).notes.allied!.map((n) => n.text)).toEqual([secret, 'Ack, holding the line']);
      expect(t.viewText(seat)).not.toContain('Zarya');
    }
    for (const seat of ['soviet:persian-gulf', 'soviet:north-sea', 'commander:soviet', 'spectator']) {
      expect(t.view(seat).notes.allied).toBeUndefined();
      expect(t.viewText(seat)).not.toContain('Bluewater');
      expect(t.viewText(seat)).not.toContain('holding the line');
    }
    expect(t.view('referee').notes.soviet!.map((n) => n.text)).toEqual(['Soviet plan Zarya']);
    // Nor do the events anyone sees.
    const telling = t.events.filter((e) => JSON.stringify(e).includes('Bluewater'));
    expect(telling.map((e) => e.to)).toEqual([{ team: 'allied' }]); // the note's own event, for the Allied team only
    expect(t.refuse({ type: 'teamNote', seat: 'allied:north-sea', text: '   ' }).code).toBe('bad-note');
    // Notes can still be written during the Battle Turns and after.
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.commit(z, s, []);
    t.act({ type: 'teamNote', seat: 'commander:allied', text: 'Well done' });
    expect(t.state.notes.allied.at(-1)).toMatchObject({ by: 'commander:allied', turn: 1 });
  });

  it('14.1 the Commander\'s view shows the team\'s private planning, not the other team\'s', () => {
    const t = ready();
    t.act({ type: 'buyCard', seat: 'soviet:north-sea', card: 'Retreat' });
    t.act({ type: 'buyCard', seat: 'allied:north-sea', card: 'ECM' });
    const zone = t.zoneView(NS, 'commander:allied');
    expect(zone.players.allied.order!.cards).toMatchObject([{ type: 'ECM' }]);
    expect(zone.players.soviet.order).toBeUndefined();
    expect(zone.players.soviet.cards).toBeUndefined();
    expect(t.zoneView(NS, 'commander:soviet').players.soviet.order!.cards).toMatchObject([{ type: 'Retreat' }]);
  });

  it('14.1 only with the option: no Commander seats', () => {
    const t = new OTable({ zones: [PG, NS] });
    t.start(PG, {});
    expect(cwnb.seats(t.state)).not.toContain('commander:allied');
    expect(t.refuse({ type: 'buyShip', seat: 'commander:allied', for: 'allied:persian-gulf', ship: 'a-cg' }).code).toBe('unknown-seat'); // no Commander seats without 14.1
    expect(t.refuse({ type: 'teamNote', seat: 'commander:allied', text: 'x' }).code).toBe('unknown-seat');
    expect(t.actions('commander:allied')).toEqual([]);
  });
});

describe('14.1 Overall Commanders: seats, notes and refusals', () => {
  it('14.1 the two Commander seats are seats of the game; every Commander refusal cites rule 14.1', () => {
    const t = new OTable({ zones: [PG, NS], optional: OC });
    expect(cwnb.seats(t.state).slice(-2)).toEqual(['commander:allied', 'commander:soviet']);
    t.start(PG, {});
    t.start(NS, {});
    expect(t.refuse({ type: 'buyShip', seat: 'commander:allied', for: 'soviet:north-sea', ship: 's-cg' })).toMatchObject({ code: 'commander-target', rule: '14.1' });
    expect(t.refuse({ type: 'assignSeat', seat: 'commander:allied', target: 'soviet:north-sea', player: 'Ann' })).toMatchObject({ code: 'commander-target', rule: '14.1' });
    expect(t.refuse({ type: 'assignSeat', seat: 'allied:north-sea', target: 'allied:persian-gulf', player: 'Ann' })).toMatchObject({ code: 'commander-only', rule: '14.1' });
    expect(t.refuse({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:persian-gulf', player: '  ' })).toMatchObject({ code: 'bad-player', rule: '14.1' });
    expect(t.refuse({ type: 'teamNote', seat: 'allied:north-sea', text: 'x'.repeat(2001) })).toMatchObject({ code: 'bad-note', rule: '6.C.1' }); // team notes are the 6.C.1 Team Summit's
    expect(t.refuse({ type: 'teamNote', seat: 'allied:mediterranean', text: 'x' })).toMatchObject({ code: 'unknown-seat' });
    expect(t.refuse({ type: 'teamNote', seat: 'nobody', text: 'x' })).toMatchObject({ code: 'unknown-seat' });
    t.act({ type: 'teamNote', seat: 'allied:north-sea', text: `  ${'x'.repeat(2000)}  ` }); // 2000 characters once trimmed
    expect(t.view('allied:north-sea').notes.allied!.map((n) => n.text.length)).toEqual([2000]);
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.commit(z, s, []);
    expect(t.refuse({ type: 'transferCard', seat: 'commander:allied', for: 'allied:persian-gulf', card: 0, to: NS })).toMatchObject({ code: 'commander-battle', rule: '14.1' });
    expect(t.refuse({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:persian-gulf', player: 'Ann' })).toMatchObject({ code: 'commander-battle', rule: '14.1' });
    const off = new OTable({ zones: [PG] });
    off.start(PG, {});
    // Without 14.1 there is no Commander seat, and assigning seats is the 14.1 rule's action.
    expect(off.refuse({ type: 'buyShip', seat: 'commander:allied', for: 'allied:persian-gulf', ship: 'a-cg' })).toMatchObject({ code: 'unknown-seat' });
    expect(off.refuse({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:persian-gulf', player: 'Ann' })).toMatchObject({ code: 'optional-rule-off', rule: '14.1' });
  });

  it('14.1 moving players: a player leaves the team seat they held; other players, and the other team\'s seats, are untouched', () => {
    const t = new OTable({ zones: [PG, NS], optional: OC });
    const assign = (seat: string, target: string, player: string) => t.act({ type: 'assignSeat', seat, target, player });
    expect(assign('commander:allied', 'allied:persian-gulf', ' Ann ').map((e) => [e.type, e.text])).toEqual([['assign', 'Allied Overall Commander assigns Ann to the Allied seat of the Persian Gulf (14.1).']]);
    // Assigned again to the seat she holds: she neither replaces nor leaves anyone.
    expect(assign('commander:allied', 'allied:persian-gulf', 'Ann')[0]).toMatchObject({ left: [], text: 'Allied Overall Commander assigns Ann to the Allied seat of the Persian Gulf (14.1).' });
    assign('commander:soviet', 'soviet:north-sea', 'Ann'); // another Ann, on the other team
    assign('commander:allied', 'allied:north-sea', 'Bob');
    // Ann moves from the Persian Gulf; Bob is unassigned. The table is told both (h21: the seat left was not).
    expect(assign('commander:allied', 'allied:north-sea', 'Ann')[0]).toMatchObject({ left: ['allied:persian-gulf'], replaced: 'Bob' });
    expect(t.view('referee').holders).toEqual({ 'soviet:north-sea': 'Ann', 'allied:north-sea': 'Ann' });
    assign('commander:allied', 'allied:persian-gulf', 'Cy');
    expect(t.view('referee').holders).toEqual({ 'soviet:north-sea': 'Ann', 'allied:north-sea': 'Ann', 'allied:persian-gulf': 'Cy' });
  });
});

describe('14.1 what the Overall Commander may order', () => {
  it('14.1 the Commander may give a Flag Officer transfer (13.4) and move players while Special Conditions are being rolled', () => {
    const t = new OTable({ zones: [PG, NS], optional: { ...OC, flagOfficers: true, specialConditions: {} } });
    t.roll(PG, {});
    expect(t.zone(PG).step).toBe('conditions');
    expect(t.act({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:persian-gulf', player: 'Ann' }).map((e) => e.type)).toEqual(['assign']);
    t.roll(NS, {});
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.give(z, s, null);
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    // The order is the Commander's to give; here the teammate already has a Flag Officer.
    expect(t.refuse({ type: 'transferFlagOfficer', seat: 'commander:allied', for: 'allied:persian-gulf', to: NS })).toMatchObject({ code: 'already-has-flag-officer', rule: '13.4' });
  });

  it('14.1 the Commander\'s seat form lists the team\'s seats in Battle Preparations, with who holds each', () => {
    const t = new OTable({ zones: [PG, NS], optional: OC });
    t.state = { ...t.state, holders: { 'allied:north-sea': 'Bob' } };
    expect(t.actions('commander:allied').find((a) => a.type === 'assignSeat')!.fields).toEqual({
      target: { kind: 'choice', label: 'Seat', help: 'The War Zone seat of your team the player takes; only seats in Battle Preparations (14.1).', options: [{ value: 'allied:persian-gulf', label: 'Allied, Persian Gulf' }, { value: 'allied:north-sea', label: 'Allied, North Sea (Bob)' }] },
      player: { kind: 'text', label: 'Player', help: 'The name of the player moved to that seat; they leave any other seat of the team (14.1).', maxLength: 100 },
    });
  });

  it('14.1 the Commander\'s orders name the seat they are for: only seats that may act now are offered, and a player cannot act for another', () => {
    const t = new OTable({ zones: [PG, NS], optional: OC });
    t.roll(PG, {}); // the North Sea has no mission yet: its seats cannot finish purchasing
    expect(t.actions('commander:allied').find((a) => a.type === 'donePurchasing')).toEqual({
      type: 'donePurchasing',
      label: 'For Allied, Persian Gulf: Finish purchasing; unspent points are banked',
      rule: '6.C.2',
      fields: { for: { kind: 'choice', label: 'For the seat', help: 'The team seat you give the order for (14.1); in the fields that follow, "you" is that seat\'s player.', options: [{ value: 'allied:persian-gulf', label: 'Allied, Persian Gulf', question: expect.stringMatching(/^Allied, Persian Gulf has ordered nothing: /) }] } },
      commands: [{ word: 'done' }],
      confirm: true,
    });
    expect(t.refuse({ type: 'donePurchasing', seat: 'allied:persian-gulf', for: 'allied:north-sea' })).toMatchObject({ code: 'not-a-proxy', rule: '14.1' });
  });
});
