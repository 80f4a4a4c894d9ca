import { describe, expect, it } from 'vitest';
import { COL, Table } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;
const PG = 'persian-gulf' as const;

function twoZones(): Table {
  const t = new Table({ zones: [NS, PG] });
  t.roll(NS, { allied: 'Military Escort' });
  t.roll(PG, { allied: 'Sea Superiority', urgent: false });
  t.order(NS, 'allied', { buy: ['a-cv', 'a-dd'], cards: [{ card: 'Retreat' }, { card: 'ECM' }, { card: 'Gun', value: 6 }] });
  t.order(NS, 'soviet', { buy: ['s-dd'] });
  t.order(PG, 'allied', { buy: ['a-ff'] });
  t.order(PG, 'soviet', { buy: ['s-cg'], cards: [{ card: 'ASW' }] });
  return t;
}

describe('6.C.3 Hand adjustment and Draw: transfers between teammates', () => {
  it('6.C.3 a player may transfer a Ship card from their Task Force to a teammate in another War Zone', () => {
    const t = twoZones();
    const events = t.act({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cv', to: PG });
    expect(events.map((e) => [e.type, e.text])).toEqual([['transfer', 'Allied: USS Forrestal transferred from North Sea to Persian Gulf.']]);
    expect(events[0].zones, 'both War Zones, for a history filtered by zone').toEqual([NS, PG]);
    expect(Object.keys(t.player(NS, 'allied').fleet)).toEqual(['a-dd']);
    expect(Object.keys(t.player(PG, 'allied').fleet).sort()).toEqual(['a-cv', 'a-ff']);
  });

  it('6.C.3 Action cards (new purchases or held over) may be transferred, and a teammate may receive any number', () => {
    const t = twoZones();
    const ids = t.player(NS, 'allied').cards.map((c) => c.id);
    for (const card of ids) t.act({ type: 'transferCard', seat: 'allied:north-sea', card, to: PG });
    expect(t.player(NS, 'allied').cards).toEqual([]);
    expect(t.player(PG, 'allied').cards.map(({ type, value }) => ({ type, value }))).toEqual([
      { type: 'Retreat', value: undefined },
      { type: 'ECM', value: undefined },
      { type: 'Gun', value: 6 },
    ]);
    expect(t.player(PG, 'allied').cards.map((c) => c.id)).toEqual(ids); // a card keeps its id wherever it goes
    expect(t.refuse({ type: 'transferCard', seat: 'allied:north-sea', card: ids[0], to: PG }).code).toBe('no-cards');
    expect(t.refuse({ type: 'transferShip', seat: 'soviet:persian-gulf', ship: 's-dd', to: NS }).code).toBe('not-your-ship');
    t.act({ type: 'transferShip', seat: 'soviet:persian-gulf', ship: 's-cg', to: NS });
    expect(t.refuse({ type: 'transferShip', seat: 'soviet:persian-gulf', ship: 's-cg', to: NS })).toMatchObject({ code: 'no-ships', rule: '6.C.3', message: 'You have no ship to transfer.' });
  });

  it('6.C.3 transfers go only to teammates: a player can give only their own ships, and to their own side elsewhere', () => {
    const t = twoZones();
    expect(t.refuse({ type: 'transferShip', seat: 'soviet:north-sea', ship: 'a-cv', to: PG }).code).toBe('not-your-ship');
    t.act({ type: 'transferShip', seat: 'soviet:north-sea', ship: 's-dd', to: PG });
    expect(Object.keys(t.player(PG, 'soviet').fleet).sort()).toEqual(['s-cg', 's-dd']);
    expect(Object.keys(t.player(PG, 'allied').fleet)).toEqual(['a-ff']);
    expect(t.refuse({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cv', to: NS }).code).toBe('transfer-to-self');
    expect(t.refuse({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cv', to: 'mediterranean' }).code).toBe('zone-not-in-play');
  });

  it('6.C.3 the transfer forms list the player\'s ships and Action cards by id with their names, and the teammates\' War Zones open to a transfer', () => {
    const t = twoZones();
    const offered = t.actions('allied:north-sea');
    const to = { kind: 'choice', label: 'To the War Zone', term: 'zone', help: 'The War Zone of the teammate who receives it; only a teammate in Battle Preparations who has not yet committed can receive (6.C.3).', options: [{ value: PG, label: 'Persian Gulf' }], unavailable: [] };
    expect(offered.find((a) => a.type === 'transferShip')!.fields).toEqual({
      ship: { kind: 'choice', label: 'Ship', help: "The Ship card that leaves your Task Force for your teammate's Task Force (6.C.3).", options: [{ value: 'a-cv', label: 'USS Forrestal' }, { value: 'a-dd', label: 'USS Spruance' }] },
      to,
    });
    const ids = t.player(NS, 'allied').cards.map((c) => c.id);
    expect(offered.find((a) => a.type === 'transferCard')!.fields).toEqual({
      card: { kind: 'choice', label: 'Action card', help: "The Action card that leaves your hand for your teammate's hand (6.C.3).", options: [{ value: ids[0], label: 'Retreat' }, { value: ids[1], label: 'ECM' }, { value: ids[2], label: 'Gun (6)' }] },
      to,
    });
  });

  it('6.C.3 a transfer to a teammate who has already committed is refused, while another teammate may still receive', () => {
    const MED = 'mediterranean' as const;
    const t = new Table({ zones: [NS, PG, MED] });
    for (const z of [NS, PG, MED]) t.roll(z, {});
    t.order(NS, 'allied', { buy: ['a-cv', 'a-dd'] });
    for (const [z, side] of [[NS, 'soviet'], [PG, 'allied'], [PG, 'soviet'], [MED, 'allied'], [MED, 'soviet']] as const) t.order(z, side, {});
    t.commit(PG, 'allied', []);
    expect(t.actions('allied:north-sea').find((a) => a.type === 'transferShip')!.fields!.to).toMatchObject({ options: [{ value: MED }] });
    expect(t.refuse({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cv', to: PG })).toMatchObject({ code: 'not-transfer-step', rule: '6.C.3' });
    t.act({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cv', to: MED });
  });

  it('6.C.3 a transferred ship keeps its damage', () => {
    const t = new Table({ zones: [NS, PG] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] } }, [PG]: { mission: { allied: 'Sea Superiority', urgent: false } } });
    t.damage(NS, 'a-dd', 3);
    t.finish(NS);
    t.finish(PG);
    t.roll(NS, {});
    t.roll(PG, {});
    for (const z of [NS, PG]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    t.act({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-dd', to: PG });
    expect(t.player(PG, 'allied').fleet['a-dd']).toMatchObject({ damage: 3 });
  });

  it('6.C.3 transfers come after the purchases and before the giving or receiving player commits; none during the Battle Turns', () => {
    const t = new Table({ zones: [NS, PG] });
    t.playTurn({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-cv', 'a-dd'] } }, [PG]: { mission: { allied: 'Sea Superiority', urgent: false } } });
    t.roll(NS, { allied: 'Civilian Escort' }); // Allied Edge after turn 1
    t.roll(PG, {});
    const early = t.refuse({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cv', to: PG });
    expect(early).toMatchObject({ code: 'not-transfer-step', rule: '6.C.3' }); // turn 2, purchases not yet carried out
    t.done(NS, 'allied');
    t.done(NS, 'soviet');
    t.done(PG, 'allied');
    t.done(PG, 'soviet');
    t.commit(PG, 'allied', []);
    expect(t.refuse({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cv', to: PG }).code).toBe('no-transfer-target'); // the Persian Gulf teammate has committed
    t.commit(NS, 'allied', ['a-dd']);
    t.commit(NS, 'soviet', []);
    t.deal(NS);
    expect(t.refuse({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cv', to: PG }).code).toBe('not-transfer-step');
  });
});

describe('6.C.3 refusals and timing', () => {
  it('6.C.3 every transfer refusal cites rule 6.C.3; a card is chosen by its number in the hand', () => {
    const t = twoZones();
    const seat = 'allied:north-sea';
    expect(t.refuse({ type: 'transferShip', seat, ship: 'a-cv', to: 'mediterranean' })).toMatchObject({ code: 'zone-not-in-play', rule: '6.C.3' });
    expect(t.refuse({ type: 'transferShip', seat, ship: 'a-cv', to: NS })).toMatchObject({ code: 'transfer-to-self', rule: '6.C.3' });
    expect(t.refuse({ type: 'transferShip', seat, ship: 's-dd', to: PG })).toMatchObject({ code: 'not-your-ship', rule: '6.C.3' });
    for (const card of [-1, 3]) expect(t.refuse({ type: 'transferCard', seat, card, to: PG })).toMatchObject({ code: 'no-such-card', rule: '6.C.3' });
    const events = t.act({ type: 'transferCard', seat, card: 2, to: PG });
    expect(events.map((e) => [e.type, e.text])).toEqual([['transfer', 'Allied: Gun (6) card transferred from North Sea to Persian Gulf.']]);
    expect(t.player(PG, 'allied').cards).toMatchObject([{ type: 'Gun', value: 6 }]);
    t.commit(PG, 'allied', []);
    // The only teammate has committed: no transfer is open at all.
    const none = t.refuse({ type: 'transferShip', seat, ship: 'a-cv', to: PG });
    expect(none).toMatchObject({ code: 'no-transfer-target', rule: '6.C.3' });
    expect(none.message).toContain('a teammate who has committed');
    const u = new Table({ zones: [NS, PG] });
    u.roll(NS, { allied: 'Military Escort' });
    expect(u.refuse({ type: 'transferCard', seat, card: 0, to: PG })).toMatchObject({ code: 'not-transfer-step', rule: '6.C.3' }); // before the purchases are carried out
  });

  it('6.C.3 transfers stay open to and from a zone whose mission is being rolled again after a declined Strike (9.5)', () => {
    const t = new Table({ zones: [NS, 'mediterranean'] });
    t.roll(NS, { allied: 'Military Escort' });
    t.roll('mediterranean', { soviet: 'Submarine Strike' });
    t.order(NS, 'soviet', { buy: ['s-dd', 's-ff'] });
    for (const [z, s] of [[NS, 'allied'], ['mediterranean', 'allied'], ['mediterranean', 'soviet']] as const) t.done(z, s);
    t.act({ type: 'declineStrike', seat: 'soviet:mediterranean' });
    expect(t.zone('mediterranean').step).toBe('mission');
    t.act({ type: 'transferShip', seat: 'soviet:north-sea', ship: 's-dd', to: 'mediterranean' });
    t.act({ type: 'transferShip', seat: 'soviet:mediterranean', ship: 's-dd', to: NS });
    expect(Object.keys(t.player(NS, 'soviet').fleet).sort()).toEqual(['s-dd', 's-ff']);
  });
});

describe('6.C.3 / 7.1 hand size: seven cards plus or minus the Mission modifiers', () => {
  const hands = (t: Table, z: typeof NS | typeof PG) => {
    const p = t.zoneView(z).players;
    return { allied: [p.allied.handSize, p.allied.fogOfWarModifier], soviet: [p.soviet.handSize, p.soviet.fogOfWarModifier] };
  };

  it('6.C.3 Sea Superiority vs. Sea Superiority, Persian Gulf: Allies +1 (8 cards), Soviet +2 (9 cards)', () => {
    const t = new Table({ zones: [PG] });
    t.roll(PG, { allied: 'Sea Superiority', urgent: false });
    expect(hands(t, PG)).toEqual({ allied: [8, 1], soviet: [9, 2] });
  });

  it('6.C.3 Military Escort: the Escort player −1 (6 cards); the Raiding player keeps 7', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    expect(hands(t, NS)).toEqual({ allied: [6, -1], soviet: [7, 0] });
  });

  it('6.C.3 Sea Superiority vs. Holding Action, North Sea: Sea Superiority +2 (9), Holding Action −1 (6)', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Sea Superiority', soviet: 'Holding Action' });
    expect(hands(t, NS)).toEqual({ allied: [9, 2], soviet: [6, -1] });
  });

  it('6.C.3 Invasion vs. Holding Action, North Sea: Invasion +2 (9), Holding Action −1 (6)', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedDominance } });
    t.roll(NS, { allied: 'Invasion' });
    expect(hands(t, NS)).toEqual({ allied: [9, 2], soviet: [6, -1] });
  });

  it('6.C.3 Strike and Engage Missions have no modifier (7 cards); the view reminds that Fog of War results below 1 count as 1', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedAdvantage } });
    t.roll(NS, { allied: 'Carrier Strike' });
    expect(hands(t, NS)).toEqual({ allied: [7, 0], soviet: [7, 0] });
    expect(t.zoneView(NS).mission!.fogOfWarNote).toBe('Fog of War die results below 1 count as 1.');
  });
});
