import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../src/engine/errors.ts';
import { COL, Table, pointsOf, type ShipId } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;
const SP = 'south-pacific' as const;
const MED = 'mediterranean' as const;

/** North Sea, Even, die 6: Allied Sea Superiority vs. Soviet Holding Action, 10 per Battle Turn (Soviet first). */
function holding(soviet: ShipId[], inPort: ShipId[] = []): Table {
  const t = new Table({ zones: [NS] });
  t.prepare({ [NS]: { mission: { allied: 'Sea Superiority', soviet: 'Holding Action' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: [...soviet, ...inPort], commit: soviet } } });
  return t;
}

describe('9.5 Sea Superiority vs. Holding Action', () => {
  it('9.5 the Holding Action player scores 10 at the end of each of their own Battle Turns in which their Task Force is not eliminated', () => {
    const t = holding(['s-dd']);
    const events = t.endAll(NS);
    expect(pointsOf(events, 'soviet')).toEqual([10, 10, 10, 10]);
    expect(pointsOf(events, 'allied')).toEqual([]);
  });

  it('9.5 the Sea Superiority player scores 10 at the end of each Holding Action Battle Turn in which that Task Force is eliminated — and only then', () => {
    const t = holding(['s-ff']);
    expect(pointsOf(t.end(NS), 'soviet')).toEqual([10]); // Soviet 1: afloat
    t.sink(NS, 's-ff', 'allied'); // in Allied Battle Turn 1: 5 for the sinking
    expect(pointsOf(t.end(NS), 'allied')).toEqual([]); // the end of an Allied Battle Turn scores nothing
    const rest = t.endAll(NS);
    expect(pointsOf(rest, 'allied')).toEqual([10, 10, 10]);
    expect(pointsOf(rest, 'soviet')).toEqual([]);
    expect(t.track(NS, 'allied')).toBe(5 + 30);
  });

  it('9.5 ships left in port do not keep the Holding Action Task Force afloat: with its only committed ship sunk it is eliminated', () => {
    const t = holding(['s-ff'], ['s-dd', 's-cg']);
    t.end(NS); // Soviet 1: afloat, +10
    t.sink(NS, 's-ff', 'allied');
    const rest = t.endAll(NS);
    expect(pointsOf(rest, 'allied', 'mission')).toEqual([10, 10, 10]);
    expect(pointsOf(rest, 'soviet', 'mission')).toEqual([]);
  });

  it('9.5 an Allied Holding Action against Soviet Sea Superiority (Mediterranean, Soviet Dominance, 3–5): the Allies commit at most 3 ships, score 12 per Battle Turn afloat, and −1 hand size; Soviet +2', () => {
    const MED_ = 'mediterranean' as const;
    const t = new Table({ zones: [MED_], status: { [MED_]: COL.sovietDominance } });
    t.roll(MED_, { allied: 'Holding Action', soviet: 'Sea Superiority', urgent: false });
    t.order(MED_, 'allied', { buy: ['a-dd', 'a-dd2', 'a-ff', 'a-ff2'] });
    t.order(MED_, 'soviet', { buy: ['s-dd'] });
    expect(t.refuse({ type: 'commit', seat: 'allied:mediterranean', ships: ['a-dd', 'a-dd2', 'a-ff', 'a-ff2'] }).code).toBe('holding-action-ship-limit');
    expect(t.refuse({ type: 'commit', seat: 'soviet:mediterranean', ships: ['s-dd'], areaDefense: 1 }).code).toBe('area-defense-advantaged');
    const p = t.zoneView(MED_).players;
    expect([p.allied.handSize, p.soviet.handSize]).toEqual([6, 9]);
    t.commit(MED_, 'allied', ['a-dd']);
    t.commit(MED_, 'soviet', ['s-dd']);
    t.end(MED_); // Soviet 1
    expect(pointsOf(t.end(MED_), 'allied', 'mission')).toEqual([12]); // Allied 1: afloat
    t.end(MED_); // Soviet 2
    t.act({ type: 'retreat', seat: 'allied:mediterranean' });
    const retreated = t.end(MED_);
    expect(pointsOf(retreated, 'soviet', 'mission')).toEqual([12]); // Allied 2: retreating counts as eliminated
    expect(t.texts('eliminated', retreated)).toEqual(['Mediterranean: the Allied Task Force counts as eliminated (9.5: retreating).']); // its ships are afloat
    expect(t.texts('eliminated', t.endAll(MED_))).toEqual(['Mediterranean: the Allied Task Force is no longer eliminated.']); // its retreat ended at its Clear the Decks
    const events = t.setAside(MED_);
    // In port: a-dd2 10, a-ff 6, a-ff2 8, each halved and rounded up: 5 + 3 + 4 = 12; the Allies earned 3 × 12 = 36 this turn.
    expect(pointsOf(events, 'allied', 'in-port')).toEqual([12]);
  });

  it('9.5 Passive submarines are considered "eliminated"', () => {
    const t = holding(['s-ss']);
    t.act({ type: 'submarine', seat: 'soviet:north-sea', ship: 's-ss', mode: 'passive' });
    const first = t.end(NS);
    expect(first).toContainEqual(expect.objectContaining({ type: 'eliminated', side: 'soviet', eliminated: true }));
    expect(t.texts('eliminated', first)).toEqual(['North Sea: the Soviet Task Force counts as eliminated (9.5: only Passive submarines afloat).']);
    expect(t.zoneView(NS).players.soviet.eliminated).toBe(true);
    const events = [...first, ...t.endAll(NS)];
    expect(pointsOf(events, 'allied')).toEqual([10, 10, 10, 10]);
    expect(pointsOf(events, 'soviet')).toEqual([]);
  });

  it('9.5 Retreat Restrictions: the Holding Action Task Force is considered eliminated during a Retreat', () => {
    const t = holding(['s-dd']);
    t.end(NS, 2); // Soviet 1 (+10), Allied 1
    t.act({ type: 'retreat', seat: 'soviet:north-sea' });
    const during = t.end(NS); // Soviet 2 ends while retreating
    expect(pointsOf(during, 'allied')).toEqual([10]);
    const rest = t.endAll(NS); // the retreat ends at Soviet 3's Clear the Decks
    expect(pointsOf(rest, 'soviet')).toEqual([10, 10]);
  });

  it('9.5 Penalties: the Holding Action player commits at most 3 [4] ships, −1 hand size and Fog of War; Sea Superiority +2 (North Sea)', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Sea Superiority', soviet: 'Holding Action' });
    t.order(NS, 'allied', {});
    t.order(NS, 'soviet', { buy: ['s-dd', 's-dd2', 's-ff', 's-ff2'] });
    const r = t.refuse({ type: 'commit', seat: 'soviet:north-sea', ships: ['s-dd', 's-dd2', 's-ff', 's-ff2'] });
    expect(r.code).toBe('holding-action-ship-limit');
    expect(r.message).toContain('at most 3');
    const p = t.zoneView(NS).players;
    expect([p.allied.handSize, p.soviet.handSize]).toEqual([9, 6]);
  });

  it('9.5 Holding Action ships in port score only half their Point Value, rounded up per ship', () => {
    const t = holding(['s-dd'], ['s-cg', 's-ff']);
    const events = t.finish(NS);
    expect(pointsOf(events, 'soviet', 'in-port')).toEqual([8 + 3]); // 16 → 8, 5 → 3
  });
});

describe('9.5 Carrier Strike and Submarine Strike requirements: declining the Mission', () => {
  it('9.5 a Carrier Strike player who will not commit a carrier declines: the status shifts one column against them and the mission is re-rolled on the new column', () => {
    const t = new Table({ zones: [SP] });
    t.roll(SP, { allied: 'Carrier Strike' });
    t.order(SP, 'allied', { buy: ['a-cv', 'a-dd'] });
    t.order(SP, 'soviet', { buy: ['s-dd'] });
    t.commit(SP, 'soviet', ['s-dd']);
    const events = t.act({ type: 'declineStrike', seat: 'allied:south-pacific' });
    expect(events.map((e) => e.text)).toEqual([
      'South Pacific: War Zone Status Even → Soviet Edge (Allied declined the Carrier Strike mission, 9.5).',
      // The Soviet player had committed: told that it is undone and must be made again.
      'South Pacific: the Soviet commitment is taken back; both players commit after the new mission roll (9.5).',
    ]);
    expect(events[1]).toMatchObject({ type: 'note', zone: SP, rule: '9.5' });
    const z = t.zoneView(SP);
    expect(z.status).toMatchObject({ column: COL.sovietEdge, advantaged: 'soviet' });
    expect(z.mission).toBeNull();
    expect(z.declines).toEqual([{ side: 'allied', mission: 'Carrier Strike' }]);
    expect(z.players.soviet.hasCommitted).toBe(false); // commitments cleared
    const reroll = t.act({ type: 'rollMission', seat: 'soviet:south-pacific', values: [4] });
    expect(reroll[0].text).toBe('Mission roll, South Pacific, turn 1 (re-roll, 9.5): 4');
    expect(t.zoneView(SP).mission).toMatchObject({ allied: { mission: 'Military Escort' }, soviet: { mission: 'Raid' } });
    expect(t.zone(SP).step).toBe('preparation'); // purchases already carried out stand
    expect(Object.keys(t.player(SP, 'allied').fleet)).toEqual(['a-cv', 'a-dd']);
  });

  it('9.5 a declined Submarine Strike moves the marker toward the other side, whose player may now be the one to re-roll (ruling)', () => {
    const t = new Table({ zones: [MED] });
    t.roll(MED, { soviet: 'Submarine Strike' });
    // Nobody had committed: no commitment is taken back, and nobody is told of one; told only that an order may be started again (6.C.2).
    expect(t.act({ type: 'declineStrike', seat: 'soviet:mediterranean' }).map((e) => [e.type, e.rule])).toEqual([['status', undefined], ['note', '6.C.2']]);
    expect(t.zoneView(MED).status).toMatchObject({ column: COL.alliedEdge, advantaged: 'allied' });
    expect(t.view('referee').waitingFor).toEqual(['allied:mediterranean']);
    expect(t.refuse({ type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }).code).toBe('not-advantaged-player');
  });

  it('9.5 a Strike player who cannot commit the required ship is told to decline', () => {
    const t = new Table({ zones: [SP] });
    t.roll(SP, { allied: 'Carrier Strike' });
    t.order(SP, 'allied', { buy: ['a-dd'] });
    t.order(SP, 'soviet', {});
    const r = t.refuse({ type: 'commit', seat: 'allied:south-pacific', ships: ['a-dd'] });
    expect(r.code).toBe('carrier-required');
    expect(r.message).toContain('or decline the mission');
    expect(t.actions('allied:south-pacific').map((a) => a.type)).toContain('declineStrike');
  });

  it('9.5 only the Strike Mission Player may decline, and only until the commitments are revealed', () => {
    const t = new Table({ zones: [SP] });
    t.roll(SP, { allied: 'Carrier Strike' });
    expect(t.refuse({ type: 'declineStrike', seat: 'soviet:south-pacific' })).toMatchObject({ code: 'no-strike-to-decline', rule: '9.5' });
    t.order(SP, 'allied', { buy: ['a-cv'] });
    t.order(SP, 'soviet', {});
    t.commit(SP, 'allied', ['a-cv']);
    t.commit(SP, 'soviet', []);
    expect(t.refuse({ type: 'declineStrike', seat: 'allied:south-pacific' }).code).toBe('no-strike-to-decline');
  });

  it('9.5 a decline at the end of the table cannot move the marker further', () => {
    const t = new Table({ zones: [MED], status: { [MED]: COL.alliedDominance } });
    t.roll(MED, { allied: 'Submarine Strike', urgent: true }); // Allied Dominance, 6
    t.act({ type: 'declineStrike', seat: 'allied:mediterranean' });
    expect(t.zone(MED).status).toBe(COL.alliedAdvantage);
    const u = new Table({ zones: [MED], status: { [MED]: COL.sovietDominance } });
    u.roll(MED, { soviet: 'Submarine Strike' });
    u.act({ type: 'declineStrike', seat: 'soviet:mediterranean' });
    expect(u.zone(MED).status).toBe(COL.sovietAdvantage);
  });

  it('6.C.2 9.5 after a decline re-rolled the mission while the purchases wait on another War Zone, a player who had finished ordering starts the order again for the new mission (ruling)', () => {
    const t = new Table({ zones: [SP, MED] });
    t.roll(SP, { allied: 'Carrier Strike' });
    t.roll(MED, {});
    t.act({ type: 'buyShip', seat: 'allied:south-pacific', ship: 'a-cv' });
    t.act({ type: 'buyShip', seat: 'soviet:south-pacific', ship: 's-cg' });
    t.done(SP, 'allied');
    t.done(SP, 'soviet');
    const decline = t.act({ type: 'declineStrike', seat: 'allied:south-pacific' });
    expect(decline.filter((e) => e.type === 'note').map((e) => e.text)).toEqual(['South Pacific: an order made for the declined mission may be started again (reorder) until the purchases are carried out; once every order is finished they are, the re-roll included (6.C.2).']);
    expect(t.actions('soviet:south-pacific').map((a) => a.type), 'before the re-roll too').toContain('restartOrder');
    t.act({ type: 'rollMission', seat: 'soviet:south-pacific', values: [4] }); // the re-roll: Military Escort vs Raid
    expect(t.refuse({ type: 'buyShip', seat: 'soviet:south-pacific', ship: 's-dd' })).toMatchObject({ code: 'purchases-done', message: 'You have finished purchasing this turn; to change your order, start it again (it is not carried out yet).' });
    expect(t.actions('soviet:south-pacific').find((a) => a.type === 'restartOrder')).toMatchObject({ label: 'Start your order again (what you ordered is dropped)', rule: '6.C.2', confirm: true });
    expect(t.view('referee').waitingFor, 'an option: the game does not wait on it').not.toContain('soviet:south-pacific');
    const events = t.act({ type: 'restartOrder', seat: 'soviet:south-pacific' });
    expect(events.map((e) => [e.type, e.text])).toEqual([['order-restarted', 'South Pacific: Soviet starts their order again.']]);
    expect(t.view('allied:south-pacific').waitingFor).toContain('soviet:south-pacific'); // the purchases wait on this order again
    t.act({ type: 'buyShip', seat: 'soviet:south-pacific', ship: 's-dd' });
    for (const [z, side] of [[SP, 'soviet'], [MED, 'allied'], [MED, 'soviet']] as const) t.done(z, side);
    expect(t.state.purchasesResolved).toBe(true);
    expect(Object.keys(t.player(SP, 'allied').fleet)).toEqual(['a-cv']); // the Allied order, not started again, is carried out as it was
    expect(Object.keys(t.player(SP, 'soviet').fleet)).toEqual(['s-dd']); // the cruiser ordered for the old mission is dropped
    // Carried out, an order is closed for good.
    expect(t.refuse({ type: 'restartOrder', seat: 'soviet:south-pacific' })).toMatchObject({ code: 'purchases-over', rule: '6.C.2', message: "South Pacific: this turn's purchases are carried out; an order can no longer change (6.C.2)." });
  });

  it('6.C.2 an order not finished can be started again too, offered whatever it holds (the other team must not learn that); before the purchases there is none', () => {
    const t = new Table({ zones: [SP] });
    expect(t.refuse({ type: 'restartOrder', seat: 'allied:south-pacific' })).toMatchObject({ code: 'no-order-yet', message: 'South Pacific: there is no order to start again before the purchases (6.C.2).' });
    t.roll(SP, { allied: 'Carrier Strike' });
    expect(t.actions('allied:south-pacific').map((a) => a.type)).toContain('restartOrder'); // empty
    t.act({ type: 'buyCard', seat: 'allied:south-pacific', card: 'ECM' });
    expect(t.actions('allied:south-pacific').map((a) => a.type)).toContain('restartOrder');
    t.act({ type: 'restartOrder', seat: 'allied:south-pacific' });
    expect(t.player(SP, 'allied').order).toEqual({ ships: [], cards: [], done: false });
  });

  // Regression: a decline by a player who had finished ordering used to leave every player "done" after the re-roll,
  // nobody waited for and the purchases never carried out (fixed in db39a0f).
  it('9.5 after a decline and re-roll during purchasing, the purchases are still carried out once everyone has ordered', () => {
    const t = new Table({ zones: [MED, NS] });
    t.roll(MED, { soviet: 'Submarine Strike' });
    t.roll(NS, { allied: 'Military Escort' });
    t.done(MED, 'soviet');
    t.done(MED, 'allied');
    t.done(NS, 'allied');
    const decline = t.try({ type: 'declineStrike', seat: 'soviet:mediterranean' });
    t.done(NS, 'soviet');
    if (!isRuleError(decline)) t.roll(MED, {});
    // Either the decline is refused once ordering is finished, or the game goes on to the purchases.
    expect(t.state.purchasesResolved || t.view('referee').waitingFor.length > 0).toBe(true);
  });
});
