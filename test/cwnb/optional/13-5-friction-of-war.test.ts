import { describe, expect, it } from 'vitest';
import { closedActions, listedActions } from '../../../src/engine/kernel.ts';
import { cwnb } from '../../../src/modules/cwnb/index.ts';
import { pointsOf } from '../../support/cwnb-fixtures.ts';
import { OTable, setCell, uniformCharts, type Optional } from '../../support/cwnb-optional-fixtures.ts';

const PG = 'persian-gulf' as const;
const NS = 'north-sea' as const;
const SP = 'south-pacific' as const;
const FOW: Optional = { frictionOfWar: true };

const joker = (t: OTable, seat: string, use: string, more: Record<string, unknown> = {}) => t.act({ type: 'playAdditionalShip', seat, use, ...more });

/** 7.2.1: both players keep an Additional Ship card for the next turn; before the hand is drawn (6.C.3) it is the only joker they hold. */
const BOTH_KEEP = { allied: { card: 'Additional Ship' }, soviet: { card: 'Additional Ship' } };

/** Turn 1 played quietly in `zone`; the players of `keep` kept an Additional Ship card. Turn 2 not yet rolled. */
function turnTwo(zone: typeof PG | typeof SP, optional: Optional, keep: Partial<typeof BOTH_KEEP> = BOTH_KEEP): OTable {
  const t = new OTable({ zones: [zone], optional });
  t.quietTurn({}, keep);
  return t;
}

/** Persian Gulf, Sea Superiority vs. Sea Superiority (Pool 45; a tie splits it 22 / 22), nothing bought or committed. */
function seaSuperiority(optional: Optional = FOW): OTable {
  const t = new OTable({ zones: [PG], optional });
  t.start(PG, { allied: 'Sea Superiority' });
  t.done(PG, 'allied');
  t.done(PG, 'soviet');
  t.commit(PG, 'allied', []);
  t.commit(PG, 'soviet', []);
  return t;
}

/** Two zones on turn 2, purchases open: the Allied Persian Gulf player kept an Additional Ship card. */
function keptInPersianGulf(): OTable {
  const t = new OTable({ zones: [PG, NS], optional: FOW });
  t.quietTurn({ [PG]: { allied: 'Sea Superiority' } });
  t.start(PG, { allied: 'Sea Superiority' });
  t.start(NS, {});
  for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
  for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.commit(z, s, []);
  if (t.zone(NS).battle!.toDeal) t.deal(NS);
  t.endAll(PG);
  t.endAll(NS);
  t.act({ type: 'setAside', seat: 'allied:persian-gulf', card: 'Additional Ship' });
  for (const [z, s] of [[PG, 'soviet'], [NS, 'allied'], [NS, 'soviet']] as const) t.act({ type: 'setAside', seat: `${s}:${z}` });
  t.start(PG, {});
  t.start(NS, {});
  return t;
}

describe('13.5 Friction of War', () => {
  it('13.5 jokers: re-roll the mission die, right after it was rolled; only the final result stands', () => {
    const t = turnTwo(PG, FOW);
    t.roll(PG, { allied: 'Civilian Escort' }); // die 3 on Even
    expect(t.zone(PG).mission!.roll).toBe(3);
    const ev = joker(t, 'allied:persian-gulf', 'reroll-mission', { values: [1] });
    expect(ev.map((e) => e.text)).toContain('Persian Gulf: Allied plays the kept Additional Ship card — re-roll the mission die; only the final result stands (13.5).');
    expect(t.zone(PG).mission!.roll).toBe(1);
    expect(t.zone(PG).mission!.cell.allied).toBe('Sea Superiority');
    // Played back and forth: the opponent re-rolls the same die again.
    joker(t, 'soviet:persian-gulf', 'reroll-mission', { values: [6] });
    expect(t.zone(PG).mission!.roll).toBe(6);
    expect(t.zoneView(PG).players.allied.additionalShipsPlayed).toBe(1);
    expect(t.zoneView(PG).players.soviet.additionalShipsPlayed).toBe(1);
    // Once anything else happened in the zone, the die stands.
    const u = turnTwo(PG, FOW, { soviet: BOTH_KEEP.soviet });
    u.roll(PG, {});
    u.act({ type: 'buyCard', seat: 'allied:persian-gulf', card: 'ECM' });
    expect(u.refuse({ type: 'playAdditionalShip', seat: 'soviet:persian-gulf', use: 'reroll-mission', values: [1] })).toMatchObject({ code: 'nothing-to-reroll', rule: '13.5' });
  });

  it('13.5 jokers: re-roll a Special Condition for either side', () => {
    const t = turnTwo(PG, { ...FOW, specialConditions: {} });
    t.roll(PG, {});
    t.give(PG, 'soviet', 'Bad Weather');
    // The Allied player re-rolls the Soviet roll: a 2, no Special Condition.
    const spec = t.actions('allied:persian-gulf').find((a) => a.type === 'playAdditionalShip')!;
    expect((spec.fields!.use as unknown as { options: { value: string }[] }).options.map((o) => o.value)).toContain('reroll-conditions');
    const ev = joker(t, 'allied:persian-gulf', 'reroll-conditions', { side: 'soviet', values: [2] });
    expect(ev.map((e) => e.text)).toContain('Persian Gulf: Soviet has no Special Condition this turn (13.2).');
    expect(t.zone(PG).conditions!.soviet).toEqual({ rolled: true, condition: null, portStrike: null });
    expect(t.player(PG, 'allied').jokersPlayed).toBe(1);
    // Only the roll just made: not the Allied player's, not yet rolled.
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'soviet:persian-gulf', use: 'reroll-conditions', side: 'allied', values: [1] }).code).toBe('nothing-to-reroll');
    // Once anything else happened in the zone, the roll stands.
    t.give(PG, 'allied', null);
    expect(t.zone(PG).step).toBe('purchase');
    t.act({ type: 'buyCard', seat: 'allied:persian-gulf', card: 'ECM' });
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'soviet:persian-gulf', use: 'reroll-conditions', side: 'allied', values: [1] }).code).toBe('nothing-to-reroll');
  });

  it('13.5 jokers: the second Special Conditions roll is re-rolled too, although the zone has moved on to its purchases; only the final result stands', () => {
    const t = turnTwo(PG, { ...FOW, specialConditions: {} });
    t.roll(PG, {});
    t.give(PG, 'allied', null);
    t.give(PG, 'soviet', 'Rushed');
    expect(t.zone(PG).step).toBe('purchase');
    const spec = t.actions('allied:persian-gulf').find((a) => a.type === 'playAdditionalShip')!;
    expect((spec.fields!.use as unknown as { options: { value: string }[] }).options.map((o) => o.value)).toContain('reroll-conditions');
    const ev = joker(t, 'allied:persian-gulf', 'reroll-conditions', { side: 'soviet', values: [2] });
    expect(t.zone(PG).conditions!.soviet).toEqual({ rolled: true, condition: null, portStrike: null });
    expect(t.zone(PG).step).toBe('purchase');
    expect(ev.map((e) => e.type)).not.toContain('repair'); // Rushed repaired nothing
    // Rushed no more: the usual five Action cards.
    for (let i = 0; i < 5; i++) t.act({ type: 'buyCard', seat: 'soviet:persian-gulf', card: 'Gun', value: 1 });
  });

  it('13.5 jokers: a Prepared roll re-rolled away takes its repairs back (13.2.6: only the final result stands)', () => {
    const t = new OTable({ zones: [PG], optional: { ...FOW, specialConditions: {} } });
    // Turn 1: the Allied destroyer fights and is damaged and crippled (committed ships are not repaired at 7.2.4).
    t.start(PG, {});
    t.order(PG, 'allied', { buy: ['a-dd', 'a-ff'] });
    t.order(PG, 'soviet', { buy: ['s-dd'] });
    t.commit(PG, 'allied', ['a-dd']);
    t.commit(PG, 'soviet', ['s-dd']);
    t.damage(PG, 'a-dd', 4);
    t.act({ type: 'cripple', seat: 'soviet:persian-gulf', ship: 'a-dd' });
    t.endAll(PG);
    t.setAside(PG, BOTH_KEEP);
    // Turn 2: the Soviet player rolls nothing; the Allied player rolls Prepared, the destroyer is repaired.
    t.roll(PG, {});
    t.give(PG, 'soviet', null);
    t.give(PG, 'allied', 'Prepared');
    expect(t.player(PG, 'allied').fleet['a-dd']).toMatchObject({ damage: 0, crippled: false });
    // The Soviet player re-rolls it: no Special Condition, and the destroyer is as it was.
    const back = joker(t, 'soviet:persian-gulf', 'reroll-conditions', { side: 'allied', values: [1] });
    expect(back.filter((e) => e.type === 'repair').map((e) => e.text)).toEqual(["Persian Gulf: Allied Prepared's repairs are taken back until the new roll (13.2.6, 13.5)."]);
    expect(t.zone(PG).conditions!.allied.condition).toBeNull();
    expect(t.player(PG, 'allied').fleet['a-dd']).toMatchObject({ damage: 4, crippled: true, critical: false });
    // Re-rolled again by the Allied player: Prepared once more, repaired once more.
    const ev = joker(t, 'allied:persian-gulf', 'reroll-conditions', { side: 'allied', values: [5, t.dieFor(PG, 'allied', 'Prepared')] });
    expect(ev.map((e) => e.text)).toContain('Persian Gulf: Prepared — all Allied ships repaired (13.2.6).');
    expect(t.player(PG, 'allied').fleet['a-dd']).toMatchObject({ damage: 0, crippled: false });
  });

  it('13.5 jokers: a second Bad Weather re-rolled away keeps the Carrier Strike mission that 13.2.1 would have re-rolled', () => {
    const t = turnTwo(SP, { ...FOW, specialConditions: {} });
    t.roll(SP, { allied: 'Carrier Strike' });
    const mission = t.zone(SP).mission;
    t.give(SP, 'soviet', 'Bad Weather');
    t.give(SP, 'allied', 'Bad Weather');
    expect([t.zone(SP).step, t.zone(SP).mission]).toEqual(['mission', null]);
    joker(t, 'soviet:south-pacific', 'reroll-conditions', { side: 'allied', values: [1] });
    expect(t.zone(SP).mission).toEqual(mission);
    expect(t.zone(SP).step).toBe('purchase');
  });

  it('13.5 jokers: a die rolled at the table is re-rolled (recorded) only during the Battle Turns', () => {
    const t = seaSuperiority();
    const ev = joker(t, 'soviet:persian-gulf', 'reroll-table-die');
    expect(ev[0].text).toContain('Jink and Bounce cannot be re-rolled');
    t.finish(PG);
    t.start(PG, {});
    t.done(PG, 'allied');
    t.done(PG, 'soviet');
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'soviet:persian-gulf', use: 'reroll-table-die' }).code).toBe('not-battle-step');
  });

  it('13.5 jokers: +2 points count for status shift', () => {
    // Both Task Forces score the same (a tie: 22 / 22); the +2 decides the turn.
    const t = seaSuperiority();
    const ev = joker(t, 'allied:persian-gulf', 'points');
    expect(pointsOf(ev, 'allied')).toEqual([2]);
    expect(t.track(PG, 'allied')).toBe(2);
    const end = t.finish(PG);
    expect(end.find((e) => e.type === 'status')!.text).toMatch(/Allied/);
    expect(t.zone(PG).status).toBe(4);
    expect(t.zoneView(PG).status.name).toBe(t.view('referee').zones[0].status.name);
    // Without it: a tie, no shift.
    const u = seaSuperiority();
    u.finish(PG);
    expect(u.zone(PG).status).toBe(3);
  });

  it('13.5 jokers: the +2 points are not Mission or sinking points for the in-port cap (7.2.4)', () => {
    const t = new OTable({ zones: [PG], optional: FOW });
    t.start(PG, { allied: 'Sea Superiority' });
    t.order(PG, 'allied', { buy: ['a-cv'] }); // 30 points in port
    t.order(PG, 'soviet', {});
    t.commit(PG, 'allied', []);
    t.commit(PG, 'soviet', []);
    joker(t, 'allied:persian-gulf', 'points');
    const ev = t.finish(PG);
    expect(pointsOf(ev, 'allied', 'in-port')).toEqual([22]); // capped at the 22 Mission Points, not 24
  });

  it('13.5 jokers: bank 5 VP when ships in port are scored; not counted for the winner', () => {
    const t = seaSuperiority();
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'bank' })).toMatchObject({ code: 'bank-when', rule: '13.5' });
    t.endAll(PG);
    const before = t.banked(PG, 'allied');
    const ev = joker(t, 'allied:persian-gulf', 'bank');
    expect(ev[0].text).toBe("Persian Gulf: Allied plays an Additional Ship card — banked for 5 Victory Points (not counted toward the turn's winner) (13.5).");
    expect(t.banked(PG, 'allied')).toBe(before + 5);
    expect(t.track(PG, 'allied')).toBe(0);
    t.setAside(PG);
    expect(t.zone(PG).status).toBe(3); // still a tie
    expect(t.view('referee').vp.allied - t.view('referee').vp.soviet).toBe(5);
  });

  /** 13.4 and 13.5 in the Persian Gulf: each side has ordered a cruiser, no one has committed. */
  function cruisersOrdered(): OTable {
    const t = new OTable({ zones: [PG], optional: { ...FOW, flagOfficers: true } });
    t.start(PG, {});
    t.order(PG, 'allied', { buy: ['a-cg'] });
    t.order(PG, 'soviet', { buy: ['s-cg'] });
    return t;
  }

  it('13.5 jokers: order a Flag Officer present (own) or absent (the enemy\'s), before the Battle Commitment', () => {
    const t = cruisersOrdered();
    joker(t, 'allied:persian-gulf', 'flag-officer-absent');
    const form = t.actions('soviet:persian-gulf').find((a) => a.type === 'commit')!.fields!;
    expect(form.flagOfficer).toBeUndefined();
    // The form says why it asks for no Command Ship, as the board does.
    expect(form.ships.help).toBe('The ships that sail into the battle; the others stay in port. Secret until both players have committed. Your Flag Officer is absent this turn, by an Allied order (13.5): no Command Ship.');
    // The board says why the Soviet commitment has no Command Ship.
    expect(t.zoneView(PG, 'soviet:persian-gulf').reminders).toContain('The Soviet Flag Officer is absent this turn, by an Allied order (13.5): no Command Ship.');
    expect(t.refuse({ type: 'commit', seat: 'soviet:persian-gulf', ships: ['s-cg'], flagOfficer: 's-cg' })).toMatchObject({ code: 'no-flag-officer', rule: '13.5', message: 'Your Flag Officer is absent this turn, by an Allied order (13.5): no Command Ship.' });
    t.act({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-cg'], flagOfficer: 'a-cg' });
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'soviet:persian-gulf', use: 'flag-officer-absent' })).toMatchObject({ code: 'flag-order-when', rule: '13.5' });
    t.commit(PG, 'soviet', ['s-cg']);
    // Next turn the order is gone and the Soviet Flag Officer is back.
    t.finish(PG);
    expect(t.player(PG, 'allied').flagOrder).toEqual({ present: false, absent: false });

    // Present: a player whose Flag Officer was lost has one this turn.
    const u = new OTable({ zones: [PG], optional: { ...FOW, flagOfficers: true } });
    u.start(PG, {});
    u.order(PG, 'allied', { buy: ['a-cg', 'a-dd'] });
    u.order(PG, 'soviet', {});
    u.act({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-cg'], flagOfficer: 'a-cg' });
    u.commit(PG, 'soviet', []);
    u.sink(PG, 'a-cg', 'soviet');
    u.finish(PG);
    u.start(PG, {});
    u.done(PG, 'allied');
    u.done(PG, 'soviet');
    expect(u.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-dd'], flagOfficer: 'a-dd' }).code).toBe('no-flag-officer');
    joker(u, 'allied:persian-gulf', 'flag-officer-present');
    expect(u.zoneView(PG, 'soviet:persian-gulf').reminders).toContain('An Allied Flag Officer is present this turn, by its own order (13.5).');
    u.act({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-dd'], flagOfficer: 'a-dd' });
  });

  it('13.5 jokers: a Soviet order reads as such on the board ("by a Soviet order")', () => {
    const t = cruisersOrdered();
    joker(t, 'soviet:persian-gulf', 'flag-officer-absent');
    expect(t.zoneView(PG, 'allied:persian-gulf').reminders).toContain('The Allied Flag Officer is absent this turn, by a Soviet order (13.5): no Command Ship.');
    expect(t.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-cg'], flagOfficer: 'a-cg' }).code).toBe('no-flag-officer');
  });

  it('13.5 jokers: Flag Officer orders played back and forth, the later stands: an Allied "absent" answered by a Soviet "present" leaves the Soviet Flag Officer present, and a second "absent" makes it absent again (h23: the "present" was taken and did nothing)', () => {
    const t = cruisersOrdered();
    joker(t, 'allied:persian-gulf', 'flag-officer-absent');
    expect(joker(t, 'soviet:persian-gulf', 'flag-officer-present')[0].text).toBe('Persian Gulf: Soviet plays an Additional Ship card — the Soviet Flag Officer is present this turn, over the Allied order (13.5).');
    expect(t.player(PG, 'allied').flagOrder).toEqual({ present: false, absent: false });
    const form = t.actions('soviet:persian-gulf').find((a) => a.type === 'commit')!.fields!;
    expect(form.flagOfficer).toMatchObject({ kind: 'choice', options: [{ value: 's-cg' }] });
    expect(t.zoneView(PG, 'allied:persian-gulf').reminders).not.toContain('The Soviet Flag Officer is absent this turn, by an Allied order (13.5): no Command Ship.');
    expect(joker(t, 'allied:persian-gulf', 'flag-officer-absent')[0].text).toBe('Persian Gulf: Allied plays an Additional Ship card — the Soviet Flag Officer is absent this turn, over the Soviet order (13.5).');
    expect(t.refuse({ type: 'commit', seat: 'soviet:persian-gulf', ships: ['s-cg'], flagOfficer: 's-cg' }).code).toBe('no-flag-officer');
    expect(t.player(PG, 'soviet').flagOrder).toEqual({ present: false, absent: false });
    // A game of Wardroom 0.1 keeps its reading: the absence stands.
    const old = new OTable({ zones: [PG], optional: { ...FOW, flagOfficers: true }, rulings: '0.1' });
    old.start(PG, {});
    old.order(PG, 'allied', { buy: ['a-cg'] });
    old.order(PG, 'soviet', { buy: ['s-cg'] });
    joker(old, 'allied:persian-gulf', 'flag-officer-absent');
    expect(joker(old, 'soviet:persian-gulf', 'flag-officer-present')[0].text).toBe('Persian Gulf: Soviet plays an Additional Ship card — the Soviet Flag Officer is present this turn (13.5).');
    expect(old.refuse({ type: 'commit', seat: 'soviet:persian-gulf', ships: ['s-cg'], flagOfficer: 's-cg' }).code).toBe('no-flag-officer');
  });

  // 13.5: one Additional Ship card orders the player's own Flag Officer present, another the enemy's absent.
  it('13.5 jokers: a player may order both their own Flag Officer present and the enemy\'s absent', () => {
    const u = new OTable({ zones: [PG], optional: { ...FOW, flagOfficers: true } });
    u.start(PG, {});
    u.order(PG, 'allied', { buy: ['a-cg', 'a-dd'] });
    u.order(PG, 'soviet', { buy: ['s-cg'] });
    u.act({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-cg'], flagOfficer: 'a-cg' });
    u.commit(PG, 'soviet', []);
    u.sink(PG, 'a-cg', 'soviet');
    u.finish(PG);
    u.start(PG, {});
    u.done(PG, 'allied');
    u.done(PG, 'soviet');
    joker(u, 'allied:persian-gulf', 'flag-officer-present');
    joker(u, 'allied:persian-gulf', 'flag-officer-absent');
    expect(u.refuse({ type: 'commit', seat: 'soviet:persian-gulf', ships: ['s-cg'], flagOfficer: 's-cg' }).code).toBe('no-flag-officer');
    u.act({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-dd'], flagOfficer: 'a-dd' });
  });

  it('13.5 kept card: ship at point value (the dearest ship of the order, instead of double)', () => {
    const t = new OTable({ zones: [PG], optional: FOW });
    t.start(PG, { allied: 'Sea Superiority' });
    t.order(PG, 'allied', { buy: ['a-dd'] });
    t.order(PG, 'soviet', { buy: ['s-ff2'] });
    t.commit(PG, 'allied', ['a-dd']);
    t.commit(PG, 'soviet', ['s-ff2']);
    t.endAll(PG);
    t.act({ type: 'setAside', seat: 'allied:persian-gulf', card: 'Additional Ship' });
    t.act({ type: 'setAside', seat: 'soviet:persian-gulf', card: 'Additional Ship' });
    // Kept: seen by its own team only.
    expect(t.zoneView(PG, 'allied:persian-gulf').players.allied.keptAdditionalShip).toBe('unused');
    expect(t.zoneView(PG, 'soviet:persian-gulf').players.allied.keptAdditionalShip).toBeUndefined();
    expect(t.player(PG, 'allied').cards).toMatchObject([{ type: 'Additional Ship' }]);
    // Turn 2: both have 22 (the tied Pool).
    t.start(PG, { allied: 'Sea Superiority' });
    expect(t.track(PG, 'allied')).toBe(22);
    t.act({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'ship-at-point-value' });
    expect(t.player(PG, 'allied').cards).toEqual([]);
    // a-cg 18 (at Point Value instead of 36) + a-ff3 3 × 2 = 24 > 22; a-cg + nothing else = 18.
    t.act({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-cg' });
    expect(t.zoneView(PG, 'allied:persian-gulf').players.allied.order!.cost).toBe(18);
    expect(t.refuse({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-ff3' }).code).toBe('not-enough-points');
    // Without the card the same ship is refused (36 > 22).
    expect(t.refuse({ type: 'buyShip', seat: 'soviet:persian-gulf', ship: 's-cg' }).code).toBe('not-enough-points');
    t.done(PG, 'allied');
    t.done(PG, 'soviet');
    // Turn 1 banked 150 − 12 and 150 − 3; turn 2: Allied spends 18 of 22 and banks 4, Soviet banks 22.
    expect(t.banked(PG, 'allied')).toBe(138 + 4);
    expect(t.banked(PG, 'soviet')).toBe(147 + 22);
    expect(t.player(PG, 'allied').keptAdditionalShip).toBe('spent');
    expect(t.refuse({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'unlimited-transfers' }).code).toBe('no-kept-card');
  });

  it('13.5 kept card: unlimited transfers to and from that player\'s zone this turn (13.3 charts set aside)', () => {
    const charts = uniformCharts(0);
    const t = new OTable({ zones: [PG, NS], optional: { ...FOW, transferLimitations: { charts } } });
    setCell(charts[0], PG, NS, 0);
    t.start(PG, { allied: 'Sea Superiority' });
    t.start(NS, {});
    t.order(PG, 'allied', { buy: ['a-dd', 'a-ff'] });
    for (const [z, s] of [[PG, 'soviet'], [NS, 'allied'], [NS, 'soviet']] as const) t.order(z, s, {});
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.commit(z, s, []);
    t.endAll(PG);
    t.endAll(NS);
    t.act({ type: 'setAside', seat: 'allied:north-sea', card: 'Additional Ship' });
    for (const [z, s] of [[PG, 'allied'], [PG, 'soviet'], [NS, 'soviet']] as const) t.act({ type: 'setAside', seat: `${s}:${z}` });
    t.start(PG, {});
    t.start(NS, {});
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    t.chart(1);
    expect(t.refuse({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS }).code).toBe('transfer-limit');
    const ev = t.act({ type: 'useKeptAdditionalShip', seat: 'allied:north-sea', use: 'unlimited-transfers' });
    expect(ev[0].text).toBe('North Sea: Allied plays the kept Additional Ship card — unlimited card transfers to and from this War Zone this turn (13.5).');
    // Nothing counts against the 13.3 allowance: no "n more may move" note, only the transfers.
    const moved = [
      ...t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS }),
      ...t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-ff', to: NS }),
      ...t.act({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-ff', to: PG }),
    ];
    expect(moved.map((e) => e.type)).toEqual(['transfer', 'transfer', 'transfer']);
  });

  it('13.5 only with the option: no jokers, and an Additional Ship card cannot be kept', () => {
    const t = seaSuperiority({});
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'points' })).toMatchObject({ code: 'optional-rule-off', rule: '13.5' });
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('playAdditionalShip');
    t.endAll(PG);
    expect(t.refuse({ type: 'setAside', seat: 'allied:persian-gulf', card: 'Additional Ship' }).code).toBe('unknown-card');
  });
});

describe('13.5 Friction of War: when jokers may be played', () => {
  /** Turn 1 played in the Persian Gulf; the Allied player kept an Additional Ship card. Turn 2 not yet rolled. */
  function kept(optional: Optional = FOW): OTable {
    const t = seaSuperiority(optional);
    t.endAll(PG);
    t.act({ type: 'setAside', seat: 'allied:persian-gulf', card: 'Additional Ship' });
    t.act({ type: 'setAside', seat: 'soviet:persian-gulf' });
    return t;
  }

  it('13.5 on the first turn no joker before the hand is drawn (6.C.3): nobody holds a card yet, which every seat knows, so a shared screen does not list the kept card\'s actions (7.2.1)', () => {
    const t = new OTable({ zones: [PG], optional: FOW });
    const listed = (seat: string) => listedActions(cwnb, t.state, seat).map((a) => a.type).filter((type) => ['useKeptAdditionalShip', 'playAdditionalShip'].includes(type));
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'points' }).code).toBe('first-turn'); // before the mission roll
    t.roll(PG, {});
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('playAdditionalShip');
    expect(listed('allied:persian-gulf')).toEqual([]);
    const no = t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'reroll-mission', values: [1] });
    expect(no).toMatchObject({ code: 'first-turn', rule: '13.5', message: 'On the first Campaign Game Turn no player holds a card kept from an earlier turn (7.2.1).' });
    expect(t.refuse({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'unlimited-transfers' }).code).toBe('first-turn');
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'soviet:persian-gulf', use: 'points' }).code).toBe('first-turn'); // purchase step
    expect(listed('soviet:persian-gulf')).toEqual([]);
    t.done(PG, 'allied');
    t.done(PG, 'soviet');
    expect(listed('soviet:persian-gulf')).toEqual(['playAdditionalShip']); // drawn at 6.C.3
    expect(joker(t, 'soviet:persian-gulf', 'points').map((e) => e.text)[0]).toBe('Persian Gulf: Soviet plays an Additional Ship card — +2 points on the Point Track (13.5).'); // drawn at 6.C.3
  });

  it('13.5 before the draw the only joker is the kept card (7.2.1): it re-rolls the mission die once and is gone, its own uses with it', () => {
    const t = kept();
    t.roll(PG, {});
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'soviet:persian-gulf', use: 'reroll-mission', values: [1] }).message).toBe('Until the hand is drawn after the purchases (6.C.3) a player holds only the card kept from the last Campaign Game Turn (7.2.1): you kept no Additional Ship card, or you have played it.');
    const ev = joker(t, 'allied:persian-gulf', 'reroll-mission', { values: [1] });
    expect(ev[0].text).toBe('Persian Gulf: Allied plays the kept Additional Ship card — re-roll the mission die; only the final result stands (13.5).');
    expect(t.zone(PG).mission!.roll).toBe(1);
    expect(t.player(PG, 'allied')).toMatchObject({ cards: [], keptAdditionalShip: 'spent', jokersPlayed: 1 });
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'reroll-mission', values: [2] }).code).toBe('no-joker-in-hand');
    expect(t.refuse({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'unlimited-transfers' }).code).toBe('no-kept-card');
  });

  it('13.5 a game begun with Wardroom 0.1 keeps its reading: a joker at any moment of the turn, the first included, without saying which card it is', () => {
    const t = new OTable({ zones: [PG], optional: FOW, rulings: '0.1' });
    t.roll(PG, {});
    expect(joker(t, 'allied:persian-gulf', 'reroll-mission', { values: [1] })[0].text).toBe('Persian Gulf: Allied plays an Additional Ship card — re-roll the mission die; only the final result stands (13.5).');
    expect(t.zone(PG).mission!.roll).toBe(1);
  });

  it('13.5 after the draw a joker is a card drawn, or the kept card when its player says so (then gone)', () => {
    const t = kept();
    t.start(PG, {});
    t.done(PG, 'allied');
    t.done(PG, 'soviet');
    const spec = t.actions('allied:persian-gulf').find((a) => a.type === 'playAdditionalShip')!;
    expect(spec.label).toBe('Play an Additional Ship card as a joker');
    expect(spec.fields!.kept).toMatchObject({ kind: 'bool', optional: true });
    expect(t.actions('soviet:persian-gulf').find((a) => a.type === 'playAdditionalShip')!.fields!.kept).toBeUndefined();
    joker(t, 'allied:persian-gulf', 'points');
    expect(t.player(PG, 'allied').keptAdditionalShip).toBe('unused');
    expect(joker(t, 'allied:persian-gulf', 'points', { kept: true })[0].text).toBe('Persian Gulf: Allied plays the kept Additional Ship card — +2 points on the Point Track (13.5).');
    expect(t.player(PG, 'allied')).toMatchObject({ cards: [], keptAdditionalShip: 'spent' });
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'points', kept: true })).toMatchObject({ code: 'no-kept-card', rule: '13.5' });
    expect(t.refuse({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'unlimited-transfers' }).code).toBe('no-kept-card');
  });

  it('13.5 once a player sets a card aside the rest of the hand is discarded (7.2.1): no joker until the next hand', () => {
    const t = seaSuperiority();
    t.endAll(PG);
    t.act({ type: 'setAside', seat: 'allied:persian-gulf', card: 'Additional Ship' });
    const no = t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'points' });
    expect(no).toMatchObject({ code: 'joker-set-aside', rule: '13.5', message: 'You have set a card aside and discarded the rest of your hand (7.2.1); the card set aside is for the next Campaign Game Turn.' });
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'bank' }).code).toBe('joker-set-aside'); // no more banking either
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('playAdditionalShip');
    joker(t, 'soviet:persian-gulf', 'points'); // not yet set aside
  });

  it('13.5 no jokers in a War Zone that has finished its Campaign Game Turn, no table-die re-roll outside the battle, no re-roll of a Special Condition not just rolled', () => {
    const t = new OTable({ zones: [PG, NS], optional: FOW });
    t.quietTurn();
    t.start(PG, { allied: 'Sea Superiority' });
    t.start(NS, {});
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.commit(z, s, []);
    if (t.zone(NS).battle!.toDeal) t.deal(NS);
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'reroll-conditions', side: 'soviet', values: [1] })).toMatchObject({ code: 'nothing-to-reroll', rule: '13.5' });
    t.finish(PG);
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'points' })).toMatchObject({ code: 'joker-too-late', rule: '13.5', message: 'This War Zone has finished its Campaign Game Turn.' });
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:north-sea', use: 'bank' })).toMatchObject({ code: 'bank-when', rule: '13.5' });
    t.endAll(NS);
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:north-sea', use: 'reroll-table-die' })).toMatchObject({ code: 'not-battle-step', rule: '13.5' });
  });

  it('13.5 a joker played is logged for both teams; one banked for 5 Victory Points shows as banked', () => {
    const t = seaSuperiority();
    expect(joker(t, 'allied:persian-gulf', 'points').map((e) => e.type)).toEqual(['joker', 'points']);
    t.endAll(PG);
    const ev = joker(t, 'soviet:persian-gulf', 'bank');
    expect(ev.map((e) => [e.type, e.side, e.amount])).toEqual([
      ['joker', 'soviet', undefined],
      ['bank', 'soviet', 5],
    ]);
    expect(t.banked(PG, 'soviet')).toBe(150 + 5);
  });

  it('13.5 Flag Officer orders need the Flag Officers rule (13.4) and come before the player commits: with the kept card in the mission or conditions step, with any card once the hand is drawn', () => {
    const off = seaSuperiority();
    expect(off.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'flag-officer-present' })).toMatchObject({ code: 'no-flag-officers', rule: '13.4' });
    const t = turnTwo(PG, { ...FOW, flagOfficers: true, specialConditions: {} });
    joker(t, 'allied:persian-gulf', 'flag-officer-present'); // step 'mission'
    t.roll(PG, { allied: 'Sea Superiority' });
    joker(t, 'soviet:persian-gulf', 'flag-officer-absent'); // step 'conditions'
    t.give(PG, 'allied', null);
    t.give(PG, 'soviet', null);
    t.done(PG, 'allied');
    t.done(PG, 'soviet');
    joker(t, 'soviet:persian-gulf', 'flag-officer-present'); // step 'preparation': a card drawn at 6.C.3
    t.commit(PG, 'allied', []);
    expect(t.refuse({ type: 'playAdditionalShip', seat: 'allied:persian-gulf', use: 'flag-officer-absent' })).toMatchObject({ code: 'flag-order-when', rule: '13.5' });
    expect(t.zoneView(PG).players.allied.additionalShipsPlayed).toBe(1);
    expect(t.zoneView(PG).players.soviet.additionalShipsPlayed).toBe(2);
  });

  it('13.5 the kept card: its ship-at-Point-Value use only while ordering, its unlimited-transfers use from the mission step until the battle', () => {
    const t = kept();
    expect(t.refuse({ type: 'useKeptAdditionalShip', seat: 'soviet:persian-gulf', use: 'unlimited-transfers' })).toMatchObject({ code: 'no-kept-card', rule: '13.5' });
    expect(t.refuse({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'ship-at-point-value' })).toMatchObject({ code: 'not-purchase-step', rule: '13.5' });
    t.start(PG, { allied: 'Sea Superiority' });
    t.done(PG, 'allied');
    expect(t.refuse({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'ship-at-point-value' })).toMatchObject({ code: 'not-purchase-step', rule: '13.5' });
    t.done(PG, 'soviet');
    t.commit(PG, 'allied', []);
    t.commit(PG, 'soviet', []);
    expect(t.refuse({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'unlimited-transfers' })).toMatchObject({ code: 'too-late', rule: '13.5' });
    const u = kept();
    expect(u.act({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'unlimited-transfers' }).map((e) => e.type)).toEqual(['joker']); // step 'mission'
    expect(u.zoneView(PG, 'allied:persian-gulf').players.allied).toMatchObject({ keptAdditionalShip: 'unlimited-transfers', cards: [] });
  });

  it('13.5 the kept card buys the dearest ship of the order at its Point Value, whatever the order it was ordered in', () => {
    const t = kept();
    t.start(PG, { allied: 'Sea Superiority' });
    t.act({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'ship-at-point-value' });
    t.order(PG, 'allied', { buy: ['a-ff3', 'a-ff'] }, false);
    // Turn 2 prices double: a-ff3 3 → 6, a-ff 6 → 12; the dearest, a-ff, at its Point Value 6: 6 + 6 = 12.
    expect(t.zoneView(PG, 'allied:persian-gulf').players.allied.order!.cost).toBe(12);
  });

  it('13.5 the kept card played for a ship: the ship list shows what each ship adds to the order, the dearest at its Point Value', () => {
    const t = kept();
    t.start(PG, { allied: 'Sea Superiority' });
    const seat = 'allied:persian-gulf';
    const shipField = () => t.actions(seat).find((a) => a.type === 'buyShip')!.fields!.ship as unknown as { help: string; options: { value: string; label: string }[]; unavailable: { value: string; label: string; why: string }[] };
    const label = (id: string) => [...shipField().options, ...shipField().unavailable].find((o) => o.value === id)!.label;
    // Turn 2, 22 points, the card not played yet: double the Point Value (6.C.2).
    expect(label('a-cg')).toBe('USS Belknap (surface, 18 points, costs 36)');
    expect(shipField().help).not.toContain('13.5');
    t.act({ type: 'useKeptAdditionalShip', seat, use: 'ship-at-point-value' });
    expect(label('a-cg')).toBe('USS Belknap (surface, 18 points, adds 18 to your order with your Additional Ship card (13.5))');
    expect(shipField().options.map((o) => o.value)).toContain('a-cg');
    expect(shipField().help).toContain('Your kept Additional Ship card buys the dearest ship of your order at its Point Value (13.5). You have 22 points left to spend.');
    expect((t.actions(seat).find((a) => a.type === 'buyCard')!.fields!.card as { help: string }).help).not.toContain('13.5'); // it buys a ship, not a card
    t.act({ type: 'buyShip', seat, ship: 'a-ff' }); // 6 at its Point Value; 16 left
    // A cheaper ship costs double; a dearer one takes the card: USS Perry 8 + USS Knox back at 12 = 20, 14 more than 6.
    expect(label('a-ff3')).toBe('USS Bronstein (surface, 3 points, costs 6)');
    expect(label('a-ff2')).toBe('USS Perry (surface, 8 points, adds 14 to your order with your Additional Ship card (13.5))');
    expect(shipField().unavailable.find((o) => o.value === 'a-cg')).toEqual({
      value: 'a-cg',
      label: 'USS Belknap (surface, 18 points, adds 24 to your order with your Additional Ship card (13.5))',
      why: 'it costs 24 and you have 16 points left to spend; banked Victory Points can never be spent (6.C.2)',
    });
    // Refused, it says why it costs less than double.
    expect(t.refuse({ type: 'buyShip', seat, ship: 'a-cg' }).message).toBe('USS Belknap (18 points, doubled after turn 1) costs 24 with your Additional Ship card (13.5); your order already costs 6 and your Point Track has 22. Banked Victory Points can never be spent (6.C.2).');
    // The price shown is the price charged.
    expect(t.act({ type: 'buyShip', seat, ship: 'a-ff2' }).map((e) => e.text)).toContain('Persian Gulf: Allied orders USS Perry for 14.');
    expect(t.zoneView(PG, seat).players.allied.order!.cost).toBe(20);
  });

  it('13.5 with 14.1 the Overall Commander may play a team seat\'s kept Additional Ship card, a purchase or transfer decision', () => {
    const t = kept({ ...FOW, overallCommanders: true });
    t.start(PG, { allied: 'Sea Superiority' });
    const use = t.actions('commander:allied').find((a) => a.type === 'useKeptAdditionalShip')!;
    expect(use.label).toBe('For Allied, Persian Gulf: Play your kept Additional Ship card');
    const played = t.act({ type: 'useKeptAdditionalShip', seat: 'commander:allied', for: 'allied:persian-gulf', use: 'ship-at-point-value' });
    expect(played.map((e) => e.text)).toContain('Persian Gulf: Allied plays the kept Additional Ship card — one ship bought at its Point Value this turn (13.5) (by the Allied Overall Commander).');
    expect(t.player(PG, 'allied').keptAdditionalShip).toBe('ship-at-point-value');
  });

  it('13.5 a kept card used (or spent on a ship) is gone at the next Campaign Game Turn', () => {
    for (const [use, ship, state] of [['unlimited-transfers', null, 'unlimited-transfers'], ['ship-at-point-value', 'a-ff', 'spent'], ['ship-at-point-value', null, 'ship-at-point-value']] as const) {
      const t = kept();
      t.start(PG, { allied: 'Sea Superiority' });
      t.act({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use });
      if (ship) t.act({ type: 'buyShip', seat: 'allied:persian-gulf', ship });
      t.done(PG, 'allied');
      t.done(PG, 'soviet');
      expect(t.zoneView(PG, 'allied:persian-gulf').players.allied.keptAdditionalShip).toBe(state);
      t.commit(PG, 'allied', []);
      t.commit(PG, 'soviet', []);
      t.finish(PG);
      expect(t.zoneView(PG, 'allied:persian-gulf').players.allied.keptAdditionalShip, use).toBeNull();
    }
  });
});

describe('13.5 the kept card belongs to whoever holds it', () => {
  it('7.2.1, 13.5 the list of a seat\'s actions (what a shared screen shows) does not tell whether it kept an Additional Ship card: the kept card\'s actions are listed for every seat, closed for those without one', () => {
    const t = keptInPersianGulf(); // the Allied player kept one, the Soviet player did not
    const kept = (seat: string) => listedActions(cwnb, t.state, seat).map((a) => a.type).filter((type) => ['useKeptAdditionalShip', 'playAdditionalShip'].includes(type));
    expect(kept('allied:persian-gulf')).toEqual(['useKeptAdditionalShip', 'playAdditionalShip']);
    expect(kept('soviet:persian-gulf')).toEqual(kept('allied:persian-gulf'));
    // The seat itself is told why its own is closed.
    expect(closedActions(cwnb, t.state, 'soviet:persian-gulf').map((c) => c.type)).toEqual(expect.arrayContaining(['useKeptAdditionalShip', 'playAdditionalShip']));
  });

  // Found by a surviving mutant in friction-of-war.ts: the giver could still play a kept card it had given away.
  it('13.5 a kept Additional Ship card given to a teammate (6.C.3) is played by the teammate, no longer by the giver (ruling)', () => {
    const t = keptInPersianGulf();
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    t.act({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS });
    expect(t.player(NS, 'allied').cards).toMatchObject([{ type: 'Additional Ship' }]);
    expect(t.refuse({ type: 'useKeptAdditionalShip', seat: 'allied:persian-gulf', use: 'unlimited-transfers' }).code).toBe('no-kept-card');
    t.act({ type: 'useKeptAdditionalShip', seat: 'allied:north-sea', use: 'unlimited-transfers' });
    expect(t.player(NS, 'allied')).toMatchObject({ cards: [], keptAdditionalShip: 'unlimited-transfers' });
  });

  it('13.5 the kept card played as a joker after the draw leaves the hand; the other cards stay', () => {
    const t = keptInPersianGulf();
    t.order(PG, 'allied', { cards: [{ card: 'Retreat' }] });
    for (const [z, s] of [[PG, 'soviet'], [NS, 'allied'], [NS, 'soviet']] as const) t.done(z, s);
    expect(t.player(PG, 'allied').cards).toMatchObject([{ type: 'Additional Ship' }, { type: 'Retreat' }]);
    joker(t, 'allied:persian-gulf', 'points', { kept: true });
    expect(t.player(PG, 'allied')).toMatchObject({ cards: [{ type: 'Retreat' }], keptAdditionalShip: 'spent' });
  });

  it('13.5 a kept card given to a teammate who holds cards already is the card that leaves the teammate\'s hand when played', () => {
    const t = keptInPersianGulf();
    t.order(NS, 'allied', { cards: [{ card: 'Retreat' }] });
    for (const [z, s] of [[PG, 'allied'], [PG, 'soviet'], [NS, 'soviet']] as const) t.done(z, s);
    t.act({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS });
    expect(t.player(NS, 'allied').cards).toMatchObject([{ type: 'Retreat' }, { type: 'Additional Ship' }]);
    expect(t.actions('allied:north-sea').find((a) => a.type === 'useKeptAdditionalShip')!.label).toBe('Play your kept Additional Ship card');
    t.act({ type: 'useKeptAdditionalShip', seat: 'allied:north-sea', use: 'unlimited-transfers' });
    expect(t.player(NS, 'allied')).toMatchObject({ cards: [{ type: 'Retreat' }], keptAdditionalShip: 'unlimited-transfers' });
  });

  it('13.5 giving a teammate another card leaves the kept Additional Ship card with its keeper', () => {
    const t = keptInPersianGulf();
    t.order(PG, 'allied', { cards: [{ card: 'Retreat' }] });
    for (const [z, s] of [[PG, 'soviet'], [NS, 'allied'], [NS, 'soviet']] as const) t.done(z, s);
    t.act({ type: 'transferCard', seat: 'allied:persian-gulf', card: 1, to: NS });
    expect(t.player(NS, 'allied')).toMatchObject({ cards: [{ type: 'Retreat' }], keptAdditionalShip: null });
    expect(t.player(PG, 'allied')).toMatchObject({ cards: [{ type: 'Additional Ship' }], keptAdditionalShip: 'unused' });
  });
});

describe('13.5 and 7.2.1: the card kept', () => {
  it('7.2.1 with Friction of War the Additional Ship card may be kept (however it is spelled); any other card is kept as itself', () => {
    const t = new OTable({ zones: [PG], optional: FOW });
    t.start(PG, { allied: 'Sea Superiority' });
    t.order(PG, 'allied', {});
    t.order(PG, 'soviet', {});
    t.commit(PG, 'allied', []);
    t.commit(PG, 'soviet', []);
    t.endAll(PG);
    const form = t.actions('allied:persian-gulf').find((a) => a.type === 'setAside')!.fields!.card;
    expect(form.kind === 'choice' && form.options.at(-1)).toEqual({ value: 'Additional Ship', label: 'Additional Ship' });
    t.act({ type: 'setAside', seat: 'allied:persian-gulf', card: 'additional ship' });
    t.act({ type: 'setAside', seat: 'soviet:persian-gulf', card: 'Retreat' });
    expect(t.zoneView(PG, 'allied:persian-gulf').players.allied).toMatchObject({ cards: [{ type: 'Additional Ship' }], keptAdditionalShip: 'unused' });
    expect(t.zoneView(PG, 'soviet:persian-gulf').players.soviet).toMatchObject({ cards: [{ type: 'Retreat' }], keptAdditionalShip: null });
  });

  it('13.5 the joker form: +2 points, re-rolling the mission die just rolled (a die to enter), and with 13.4 the Flag Officer orders', () => {
    const t = turnTwo(PG, { ...FOW, flagOfficers: true });
    t.roll(PG, {});
    expect(t.actions('allied:persian-gulf').find((a) => a.type === 'playAdditionalShip')!.fields).toEqual({
      use: {
        kind: 'choice',
        label: 'Use',
        help: 'What the Additional Ship card does as a joker: a re-roll (the mission die, a Special Conditions roll, or a die at the table; not the Port Strike dice, 13.2.7), +2 points, 5 Victory Points banked, or a Flag Officer order (13.5).',
        options: [
          { value: 'points', label: '+2 points on your Point Track' },
          { value: 'reroll-mission', label: 'Re-roll the mission die', fields: { values: { kind: 'dice', label: 'Dice', help: 'The value of each die re-rolled at the table; only the final result stands (13.5).', sides: [6] } } },
          { value: 'flag-officer-present', label: 'Order your Flag Officer present' },
          { value: 'flag-officer-absent', label: "Order the enemy's Flag Officer absent" },
        ],
      },
    });
  });

  it('13.5 the joker form offers what the moment allows: a table die in the battle, banking until the card is set aside; the kept card\'s form, ship at Point Value only while ordering', () => {
    const usesOf = (t: OTable, seat: string, type = 'playAdditionalShip') => {
      const f = t.actions(seat).find((a) => a.type === type)!.fields!.use;
      return f.kind === 'choice' ? f.options.map((o) => o.value) : [];
    };
    const t = seaSuperiority();
    expect(usesOf(t, 'allied:persian-gulf')).toEqual(['points', 'reroll-table-die']); // no Flag Officers (13.4) in this game
    t.endAll(PG);
    expect(usesOf(t, 'allied:persian-gulf')).toEqual(['points', 'bank']);
    t.act({ type: 'setAside', seat: 'allied:persian-gulf', card: 'Additional Ship' });
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('playAdditionalShip'); // the hand is discarded (7.2.1)
    expect(usesOf(t, 'soviet:persian-gulf')).toEqual(['points', 'bank']);
    t.act({ type: 'setAside', seat: 'soviet:persian-gulf' });
    // Turn 2: the kept card.
    t.roll(PG, { allied: 'Sea Superiority' });
    expect(usesOf(t, 'allied:persian-gulf', 'useKeptAdditionalShip')).toEqual(['ship-at-point-value', 'unlimited-transfers']);
    t.order(PG, 'allied', { buy: ['a-ff3'] }); // 3 points, 6 after turn 1
    expect(usesOf(t, 'allied:persian-gulf', 'useKeptAdditionalShip')).toEqual(['unlimited-transfers']);
    t.done(PG, 'soviet');
    expect(t.player(PG, 'allied').keptAdditionalShip).toBe('unused'); // buying at double price does not spend it
  });

  it('13.5 the joker form after a Special Conditions roll (13.2): re-roll that side\'s roll, with its dice', () => {
    const t = turnTwo(PG, { ...FOW, specialConditions: {} }, { soviet: BOTH_KEEP.soviet });
    t.roll(PG, {});
    t.conditions(PG, 'allied', 4);
    expect(t.actions('soviet:persian-gulf').find((a) => a.type === 'playAdditionalShip')!.fields).toEqual({
      use: {
        kind: 'choice',
        label: 'Use',
        help: 'What the Additional Ship card does as a joker: a re-roll (the mission die, a Special Conditions roll, or a die at the table; not the Port Strike dice, 13.2.7), +2 points, 5 Victory Points banked, or a Flag Officer order (13.5).',
        options: [
          { value: 'points', label: '+2 points on your Point Track' },
          {
            value: 'reroll-conditions',
            label: 'Re-roll the Allied Special Conditions',
            fields: { side: { kind: 'choice', label: 'Whose roll', help: 'The side whose Special Conditions roll, just made, is re-rolled; left out, your own (13.5).', optional: true, options: [{ value: 'allied', label: 'Allied' }] }, values: { kind: 'dice', label: 'Dice', help: 'The value of each die re-rolled at the table; only the final result stands (13.5).', sides: [6, 6], min: 1, labels: ['Special Conditions die', 'table die (after a 5 or 6)'] } }, // 13.2: the table die only after a 5 or 6
          },
        ],
      },
    });
  });
});
