import type { FieldSpec } from '../../../src/engine/module.ts';
import { describe, expect, it } from 'vitest';
import { FIXTURE_ROSTER, pointsOf, type Want } from '../../support/cwnb-fixtures.ts';
import { MENU, OTable, conditionsTable, optionsRefusal, uniformCharts, type Optional } from '../../support/cwnb-optional-fixtures.ts';
import type { ZoneId } from '../../../src/modules/cwnb/data/types.ts';
import { closedActions, listedActions } from '../../../src/engine/kernel.ts';
import { cwnb } from '../../../src/modules/cwnb/index.ts';

const PG = 'persian-gulf' as const;
const NS = 'north-sea' as const;
const SP = 'south-pacific' as const;

const SC: Optional = { specialConditions: {} };
/** Zone tables with Long Battle, Long Range Battle, Short Battle, Priority, Rushed, Prepared (die 1..6). */
const menu = (...zones: ZoneId[]): Optional => ({ specialConditions: { tables: Object.fromEntries(zones.map((z) => [z, conditionsTable(MENU)])) } });

describe('13.2 Special Conditions (Step B)', () => {
  it('13.2 1–4 no condition, 5–6 roll on the table', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    t.roll(PG, {});
    expect(t.zone(PG).step).toBe('conditions');
    expect(t.view('referee').waitingFor).toEqual(['allied:persian-gulf', 'soviet:persian-gulf']);
    expect(t.view('spectator').optionalRuleNames).toEqual(['13.2 Special Conditions']); // as the boards name it
    // Allied 4: no Special Condition, and only that die is entered.
    expect(t.refuse({ type: 'rollSpecialConditions', seat: 'allied:persian-gulf', values: [4, 2] })).toMatchObject({ code: 'extra-die', rule: '13.2' });
    // The mission is known, but purchases wait for Special Conditions (a table play test was told "after the mission is known").
    expect(t.refuse({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-dd' })).toMatchObject({
      code: 'not-purchase-step',
      message: 'Persian Gulf: purchases are made once both players have settled their Special Conditions (13.2), which they have not yet (6.C.2).',
    });
    expect(t.conditions(PG, 'allied', 4).map((e) => [e.type, e.text])).toContainEqual(['special-condition', 'Persian Gulf: Allied has no Special Condition this turn (13.2).']);
    expect(t.refuse({ type: 'rollSpecialConditions', seat: 'allied:persian-gulf', values: [5, 1] })).toMatchObject({ code: 'conditions-rolled', rule: '13.2' });
    // Soviet 5: a second die on the Soviet column (6: Close Range Battle).
    expect(t.refuse({ type: 'rollSpecialConditions', seat: 'soviet:persian-gulf', values: [5] })).toMatchObject({ code: 'dice-values-required', rule: '13.2', message: 'A Special Conditions roll of 5 calls for the table die too (a 5 or 6 does): roll it, and give both dice, the 5 first.' });
    expect(t.conditions(PG, 'soviet', 5, 6).map((e) => e.text)).toContain('Persian Gulf: Soviet Special Condition: Close Range Battle this turn (13.2).');
    // Both rolled, the zone goes on to its purchases; a second roll is refused as rolled already, not as "after the mission".
    expect(t.refuse({ type: 'rollSpecialConditions', seat: 'soviet:persian-gulf', values: [5, 5] })).toMatchObject({ code: 'conditions-rolled', rule: '13.2' });
    expect(t.zoneView(PG).specialConditions).toEqual({
      allied: { rolled: true, condition: null, portStrike: null },
      soviet: { rolled: true, condition: 'Close Range Battle', portStrike: null },
    });
    expect(t.zone(PG).step).toBe('purchase');
  });

  it('13.2 a 6 also rolls on the table; each side reads its own column of the seed table', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    t.roll(PG, {});
    t.conditions(PG, 'allied', 6, 5);
    t.conditions(PG, 'soviet', 6, 5);
    expect(t.zone(PG).conditions!.allied.condition).toBe('Short Battle');
    expect(t.zone(PG).conditions!.soviet.condition).toBe('Rushed');
  });

  it('6.B Special Conditions are rolled after the mission is determined, once per turn; they last that turn only', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    expect(t.refuse({ type: 'rollSpecialConditions', seat: 'allied:persian-gulf', values: [1] })).toMatchObject({ code: 'not-conditions-step', message: 'Persian Gulf: Special Conditions are rolled after the mission is determined (13.2).' });
    t.start(PG, {}, { allied: 'Bad Weather' });
    expect(t.refuse({ type: 'rollSpecialConditions', seat: 'allied:persian-gulf', values: [1] })).toMatchObject({ code: 'conditions-rolled', message: 'You have already rolled for Special Conditions this turn.' }); // both rolled at the start: the reason is that, not the step;
    t.done(PG, 'allied');
    t.done(PG, 'soviet');
    t.commit(PG, 'allied', []);
    t.commit(PG, 'soviet', []);
    t.finish(PG);
    expect(t.state.turn).toBe(2);
    expect(t.zone(PG).conditions).toEqual({
      allied: { rolled: false, condition: null, portStrike: null },
      soviet: { rolled: false, condition: null, portStrike: null },
    });
  });

  it("13.2 the seed's table is the default for every zone; a zone's own table from the options replaces it", () => {
    const t = new OTable({ zones: [PG, NS], optional: menu(NS) });
    t.start(PG, {}, {});
    t.roll(NS, {});
    t.conditions(NS, 'allied', 5, 1);
    t.conditions(NS, 'soviet', 5, 3);
    expect(t.zone(NS).conditions!.allied.condition).toBe('Long Battle');
    expect(t.zone(NS).conditions!.soviet.condition).toBe('Short Battle');
    const u = new OTable({ zones: [PG, NS], optional: menu(NS) });
    u.roll(PG, {});
    u.conditions(PG, 'allied', 5, 1);
    expect(u.zone(PG).conditions!.allied.condition).toBe('Port Strike');
  });

  it('13.2 a zone table must have one row per die 1–6 and only the ten conditions', () => {
    const bad = conditionsTable(MENU);
    bad.rows[5].die = 5;
    expect(optionsRefusal({ zones: [PG], optional: { specialConditions: { tables: { [PG]: bad } } } })).toMatchObject({ code: 'conditions-table-invalid', rule: '13.2' });
    const unknown = conditionsTable(MENU) as { rows: { allied: string }[] };
    unknown.rows[0].allied = 'Fog';
    expect(optionsRefusal({ zones: [PG], optional: { specialConditions: { tables: { [PG]: unknown as never } } } }).code).toBe('bad-options');
    // The rows may come in any order; a table for a zone not in play is not used, so not checked.
    const reversed = conditionsTable(MENU);
    reversed.rows.reverse();
    expect(() => new OTable({ zones: [PG], optional: { specialConditions: { tables: { [PG]: reversed, [NS]: bad } } } })).not.toThrow();
  });

  it('13.2.1 Bad Weather (one player): a −1 reminder for both Task Forces', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    t.start(PG, {}, { allied: 'Bad Weather' });
    expect(t.zoneView(PG).reminders).toEqual([
      'Special Conditions this turn: Allied Bad Weather (13.2).',
      'Bad Weather: Intercept, Air Cover, Air Defense, Air Strike and ASW To Hit rolls, and Fog of War rolls, −1 for both Task Forces (13.2.1).',
    ]);
    // Seen by both players.
    expect(t.zoneView(PG, 'soviet:persian-gulf').reminders).toHaveLength(2);
    // The Fog of War modifier each board shows counts it, beside the mission's own.
    const mission = new OTable({ zones: [PG] });
    mission.roll(PG, {});
    for (const side of ['allied', 'soviet'] as const) expect(t.zoneView(PG).players[side].fogOfWarModifier).toBe(mission.zoneView(PG).players[side].fogOfWarModifier! - 1);
  });

  it('13.2.1 Bad Weather both: no air strikes, Carrier Strike re-rolled without column shift', () => {
    const t = new OTable({ zones: [SP], optional: SC, start: { [SP]: { allied: 150, soviet: 150 } } });
    t.roll(SP, { allied: 'Carrier Strike' });
    t.give(SP, 'soviet', 'Bad Weather');
    const ev = t.give(SP, 'allied', 'Bad Weather');
    expect(ev.map((e) => e.text)).toContain('South Pacific: both players rolled Bad Weather — the Carrier Strike mission is re-rolled without the column shift (13.2.1).');
    expect(t.zone(SP).step).toBe('mission');
    expect(t.zone(SP).status).toBe(3); // no column shift (unlike a declined Strike, 9.5)
    expect(t.zone(SP).declines).toEqual([]);
    // The Advantaged Player re-rolls; the Special Conditions already rolled stand.
    t.roll(SP, { allied: 'Sea Superiority' });
    expect(t.zone(SP).step).toBe('purchase');
    expect(t.zone(SP).conditions!.allied.condition).toBe('Bad Weather');
    // 13.2.1: the first paragraph's −1 still holds for the rolls the second does not forbid.
    expect(t.zoneView(SP).reminders).toContain('Bad Weather (both players): no Air Strikes or ASW at all; Intercept, Air Cover and Air Defense To Hit rolls −1 and Fog of War die rolls −2 for both Task Forces (13.2.1).');
    const mission = new OTable({ zones: [SP], start: { [SP]: { allied: 150, soviet: 150 } } });
    mission.roll(SP, { allied: 'Sea Superiority' });
    for (const side of ['allied', 'soviet'] as const) expect(t.zoneView(SP).players[side].fogOfWarModifier).toBe(mission.zoneView(SP).players[side].fogOfWarModifier! - 2);
    t.order(SP, 'allied', { buy: ['a-cv'] });
    t.order(SP, 'soviet', { buy: ['s-cv'] });
    t.commit(SP, 'allied', ['a-cv']);
    t.commit(SP, 'soviet', ['s-cv']);
    const r = t.refuse({ type: 'landAttack', seat: 'soviet:south-pacific', attack: 'carrier-air-strike', success: true });
    expect(r).toMatchObject({ code: 'no-air-strikes', rule: '13.2.1' });
    t.act({ type: 'landAttack', seat: 'soviet:south-pacific', attack: 'gun', damage: 3 }); // only air strikes are grounded
  });

  it('13.2.1 Bad Weather both: a re-roll that gives a Carrier Strike again is re-rolled again', () => {
    const t = new OTable({ zones: [SP], optional: SC });
    t.roll(SP, { allied: 'Carrier Strike' });
    t.give(SP, 'soviet', 'Bad Weather');
    t.give(SP, 'allied', 'Bad Weather');
    t.roll(SP, { allied: 'Carrier Strike' });
    expect(t.zone(SP).step).toBe('mission');
    expect(t.texts('note').filter((x) => x.includes('re-rolled without the column shift'))).toHaveLength(2);
    t.roll(SP, { allied: 'Sea Superiority' });
    expect(t.zone(SP).step).toBe('purchase');
    expect(t.zone(SP).status).toBe(3);
  });

  // Found by test/cwnb/fuzz-options.test.ts (game seed 268): a Strike declined during Step B while a
  // Port Strike! choice is pending goes back to Step B after the re-roll.
  it('13.2.7 a pending Port Strike choice survives a declined Strike (9.5) and its re-roll', () => {
    const t = new OTable({ zones: [SP], optional: SC });
    t.roll(SP, { allied: 'Carrier Strike' });
    t.give(SP, 'allied', 'Port Strike');
    t.give(SP, 'soviet', null);
    const declined = t.act({ type: 'declineStrike', seat: 'allied:south-pacific' });
    expect(declined.filter((e) => e.rule === '6.C.2'), 'no order can have been made in Step B: nothing to start again').toEqual([]);
    expect(t.zone(SP).status).toBe(2);
    // Back in Step A the choice waits for the new mission: it is refused, as made in Step B only.
    expect(t.refuse({ type: 'portStrike', seat: 'allied:south-pacific', choice: 'port-mined' })).toMatchObject({ code: 'no-port-strike', rule: '13.2.7', message: 'Only a player who rolled Port Strike! chooses its effect, once.' });
    t.act({ type: 'rollMission', seat: 'soviet:south-pacific', values: [3] });
    expect(t.zone(SP).step).toBe('conditions');
    expect(t.view('referee').waitingFor).toEqual(['allied:south-pacific']);
    expect(t.actions('allied:south-pacific').map((a) => a.type)).toContain('portStrike');
  });

  it('13.2.2 Close Range no Area Defense', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    t.start(PG, {}, { soviet: 'Close Range Battle' });
    expect(t.zoneView(PG).reminders).toContain('Close Range Battle: no Area Defense set up before the battle, nor by the Advantaged Player in the first Battle Turn (13.2.2).');
    t.order(PG, 'allied', { buy: ['a-dd'] });
    t.order(PG, 'soviet', { buy: ['s-dd'] });
    // The Allied player is the Disadvantaged Player on Even.
    const r = t.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-dd'], areaDefense: 1 });
    expect(r).toMatchObject({ code: 'close-range-no-area-defense', rule: '13.2.2' });
    t.commit(PG, 'allied', ['a-dd']);
  });

  it('13.2.3/13.2.4/13.2.10 battle-turn count follows the sum', () => {
    const cases: [string, string, number][] = [
      ['Long Battle', 'Long Range Battle', 6],
      ['Long Battle', 'Long Battle', 6],
      ['Long Range Battle', null as never, 5],
      ['Long Battle', 'Short Battle', 4],
      ['Short Battle', 'Short Battle', 2],
      ['Short Battle', null as never, 3],
    ];
    for (const [a, s, n] of cases) {
      const t = new OTable({ zones: [PG], optional: menu(PG) });
      t.start(PG, {}, { allied: a as never, soviet: s as never });
      t.done(PG, 'allied');
      t.done(PG, 'soviet');
      t.commit(PG, 'allied', []);
      t.commit(PG, 'soviet', []);
      expect(t.zone(PG).battle!.turnsPerPlayer, `${a} + ${s}`).toBe(n);
      expect(t.zoneView(PG).battle!.turnsPerPlayer).toBe(n);
      const reminder = `${n} Battle Turns per player this turn (13.2.3, 13.2.4, 13.2.10).`;
      if (n !== 4) expect(t.zoneView(PG).reminders).toContain(reminder);
      else expect(t.zoneView(PG).reminders).toEqual([`Special Conditions this turn: Allied ${a}; Soviet ${s} (13.2).`]); // +1 −1: the usual four
      const ends = t.endAll(PG).filter((e) => e.type === 'battle-turn');
      expect(ends).toHaveLength(2 * n);
      expect(ends.at(-1)!.text).toBe(`Persian Gulf: Allied Battle Turn ${n} of ${n} ends.`);
      expect(t.zone(PG).step).toBe('set-aside');
    }
  });

  it('13.2 with no Special Condition on either side the board says nothing of them', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    t.start(PG, {});
    expect(t.zone(PG).conditions).toBeTruthy(); // both rolled, neither got one
    expect(t.zoneView(PG).reminders).toEqual([]);
  });

  it('13.2.5 Nearby Air Bases: a reminder of +1 to the land-based rolls for that player', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    t.start(PG, {}, { soviet: 'Nearby Air Bases' });
    expect(t.zoneView(PG).reminders).toEqual(['Special Conditions this turn: Soviet Nearby Air Bases (13.2).', 'Nearby Air Bases (Soviet): +1 to Land Based Air Strike, Air Cover, ASW and Bomber Strike Chance to Hit rolls (13.2.5).']);
  });

  it('13.2.6 Prepared and 7 cards', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    // Turn 1: the Allied destroyer fights, is damaged, crippled and critically damaged (committed ships are not repaired at 7.2.4).
    t.start(PG, {});
    t.order(PG, 'allied', { buy: ['a-dd', 'a-ff'] });
    t.order(PG, 'soviet', { buy: ['s-dd'] });
    t.commit(PG, 'allied', ['a-dd']);
    t.commit(PG, 'soviet', ['s-dd']);
    t.damage(PG, 'a-dd', 4);
    t.act({ type: 'cripple', seat: 'soviet:persian-gulf', ship: 'a-dd' });
    t.act({ type: 'criticalDamage', seat: 'soviet:persian-gulf', ship: 'a-dd' });
    t.finish(PG);
    expect(t.player(PG, 'allied').fleet['a-dd']).toMatchObject({ damage: 4, crippled: true, critical: true });
    // Turn 2: Allied Prepared — repaired at once, before the purchases.
    t.roll(PG, {});
    const ev = t.give(PG, 'allied', 'Prepared');
    expect(ev.map((e) => [e.type, e.text])).toContainEqual(['repair', 'Persian Gulf: Prepared — all Allied ships repaired (13.2.6).']);
    expect(t.player(PG, 'allied').fleet['a-dd']).toMatchObject({ damage: 0, crippled: false, critical: false });
    t.give(PG, 'soviet', null);
    // Up to seven Action cards this turn (Gun cards of value 1 cost 0).
    for (let i = 0; i < 7; i++) t.act({ type: 'buyCard', seat: 'allied:persian-gulf', card: 'Gun', value: 1 });
    expect(t.refuse({ type: 'buyCard', seat: 'allied:persian-gulf', card: 'Gun', value: 1 }).message).toBe('At most 7 Action cards may be purchased per turn; you have 7.');
    // The opponent keeps the usual five.
    for (let i = 0; i < 5; i++) t.act({ type: 'buyCard', seat: 'soviet:persian-gulf', card: 'Gun', value: 1 });
    expect(t.refuse({ type: 'buyCard', seat: 'soviet:persian-gulf', card: 'Gun', value: 1 }).message).toBe('At most 5 Action cards may be purchased per turn; you have 5.');
  });

  describe('13.2.7 Port Strike!', () => {
    /** Turn 1 in the Persian Gulf: the Soviet player buys a fleet; s-dd fights and is crippled, the rest stay in port. */
    function turnOne(optional: Optional = SC, roster?: typeof FIXTURE_ROSTER, rulings?: '0.1'): OTable {
      const t = new OTable({ zones: [PG], optional, roster, rulings });
      t.start(PG, {});
      t.order(PG, 'allied', { buy: ['a-dd'] });
      t.order(PG, 'soviet', { buy: ['s-cv', 's-cg', 's-dd', 's-ff', 's-ss'] });
      t.commit(PG, 'allied', ['a-dd']);
      t.commit(PG, 'soviet', ['s-dd']);
      t.act({ type: 'cripple', seat: 'allied:persian-gulf', ship: 's-dd' });
      t.finish(PG);
      expect(t.state.turn).toBe(2);
      return t;
    }

    /** The mission rolled; the Allied player rolls Port Strike!, the Soviet player no condition. */
    function strikeRolled(t: OTable): void {
      t.roll(PG, {});
      t.give(PG, 'allied', 'Port Strike');
      t.give(PG, 'soviet', null);
    }

    it('13.2.7 Port Strike air strike hits on 1: sunk / crippled / large sunk, points on the track', () => {
      const t = turnOne();
      strikeRolled(t);
      // The Port Strike player must choose its effect before anything else.
      expect(t.zone(PG).step).toBe('conditions');
      expect(t.view('referee').waitingFor).toEqual(['allied:persian-gulf']);
      const spec = t.actions('allied:persian-gulf').find((a) => a.type === 'portStrike')!;
      const air = (spec.fields!.choice as unknown as { options: { value: unknown; fields?: Record<string, unknown> }[] }).options.find((o) => o.value === 'air-strike')!;
      expect(air.fields!.values).toMatchObject({ kind: 'dice', sides: [6, 6, 6, 6, 6] }); // asked only when the air strike is chosen
      expect(t.refuse({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [1, 1] }).code).toBe('dice-values-required');
      const trackBefore = t.track(PG, 'allied');
      // One die per enemy ship, submarines included, in fleet order: s-cv, s-cg, s-dd (already crippled), s-ff, s-ss.
      const ev = t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [1, 1, 1, 2, 1] });
      const texts = ev.map((e) => e.text);
      expect(ev.map((e) => e.type)).toEqual(['roll', 'roll', 'roll', 'roll', 'roll', 'sunk', 'points', 'crippled', 'sunk', 'points', 'sunk', 'points', 'port-strike']);
      expect(ev.filter((e) => e.type === 'roll').map((e) => [e.sides, e.purpose])).toContainEqual([6, 'Port Strike on Kiev, Persian Gulf (hit on 1)']);
      expect(texts).toContain('Persian Gulf: Port Strike hits Kiev: sunk (13.2.7).'); // Large: sunk, not crippled
      expect(texts).toContain('Persian Gulf: Port Strike hits Kara: crippled (13.2.7).'); // has a Crippled side
      expect(texts).toContain('Persian Gulf: Port Strike hits Sovremenny: sunk (13.2.7).'); // already crippled
      expect(texts).toContain('Persian Gulf: Port Strike hits Foxtrot: sunk (13.2.7).'); // submarine, no Crippled side
      expect(ev.find((e) => e.type === 'crippled')).toMatchObject({ unit: 's-cg', value: true });
      expect(ev.filter((e) => e.type === 'sunk').map((e) => [e.unit, e.side, e.cause])).toEqual([['s-cv', 'soviet', 'Port Strike'], ['s-dd', 'soviet', 'Port Strike'], ['s-ss', 'soviet', 'Port Strike']]);
      expect(ev.filter((e) => e.type !== 'roll').some((e) => e.text.includes('Krivak'))).toBe(false); // a 2 misses
      // The sunk ships' points go on the Point Track at once; spent or banked in 6.C.2, they are not
      // on the track at the 7.2.3 comparison (they do count for the 7.2.4 in-port cap).
      expect(pointsOf(ev, 'allied', 'port-strike')).toEqual([20, 10, 4]);
      expect(t.track(PG, 'allied')).toBe(trackBefore + 34);
      expect(t.player(PG, 'allied').earned).toMatchObject({ sinking: 0, portStrike: 34 });
      expect(Object.keys(t.player(PG, 'soviet').fleet).sort()).toEqual(['s-cg', 's-ff']);
      expect(t.player(PG, 'soviet').fleet['s-cg'].crippled).toBe(true);
      expect(t.view('referee').sunk).toEqual(['Kiev', 'Sovremenny', 'Foxtrot']);
      expect(t.zoneView(PG).specialConditions!.allied.portStrike).toBe('air-strike');
      expect(t.zone(PG).step).toBe('purchase');
      // Sunk ships never return; the points are spent or banked in the next step.
      expect(t.refuse({ type: 'buyShip', seat: 'soviet:persian-gulf', ship: 's-cv' }).code).toBe('ship-sunk');
      const bankedBefore = t.banked(PG, 'allied');
      const track = t.track(PG, 'allied');
      t.done(PG, 'allied');
      t.done(PG, 'soviet');
      expect(t.banked(PG, 'allied')).toBe(bankedBefore + track);
      expect(t.track(PG, 'allied')).toBe(0);
      expect(t.refuse({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'port-mined' })).toMatchObject({ code: 'no-port-strike', rule: '13.2.7' });
      expect(t.refuse({ type: 'portStrike', seat: 'soviet:persian-gulf', choice: 'port-mined' })).toMatchObject({ code: 'no-port-strike', rule: '13.2.7' });
    });

    it('13.2.7 a roster that says only what decides a hit is enough for the air strike: Large (sunk), or no Crippled side (sunk)', () => {
      const roster = { ...FIXTURE_ROSTER, ships: FIXTURE_ROSTER.ships.map((s) => (s.id === 's-cv' ? { ...s, large: true } : s.id === 's-cg' ? { ...s, crippledSide: true, large: false } : s.id.startsWith('s-') ? { ...s, crippledSide: false } : s)) };
      const t = turnOne(SC, roster);
      strikeRolled(t);
      const ev = t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [1, 1, 2, 2, 2] });
      expect(pointsOf(ev, 'allied', 'port-strike')).toEqual([20]); // the Large Kiev sunk; the Kara crippled
      expect(t.zoneView(PG).players.soviet.fleet.find((s) => s.id === 's-cg')).toMatchObject({ crippled: true });
    });

    it('13.2.7 a Crippled side without Large, or not Large without the Crippled side, does not decide a hit: the air strike is refused naming the ship', () => {
      for (const kara of [{ crippledSide: true }, { large: false }]) {
        const roster = { ...FIXTURE_ROSTER, ships: FIXTURE_ROSTER.ships.map((s) => (s.id === 's-cg' ? { ...s, ...kara } : s.id.startsWith('s-') ? { ...s, large: true } : s)) };
        const t = turnOne(SC, roster);
        strikeRolled(t);
        const r = t.refuse({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [1, 1, 2, 2, 2] });
        expect(r).toMatchObject({ code: 'port-strike-ship-data', rule: '13.2.7' });
        expect(r.message).toMatch(/whether Kara is a Large ship or has a Crippled side/);
      }
    });

    /** Turn 1 quiet; turn 2 the Allied player rolls Port Strike and sinks Krivak (5 points) in port; `mission` for turn 2. */
    function portStrikeTurn(mission: Want, rulings?: '0.1', battle: (t: OTable) => void = () => {}) {
      const t = new OTable({ zones: [PG], optional: SC, rulings });
      t.start(PG, { allied: 'Sea Superiority', urgent: false });
      t.order(PG, 'allied', { buy: ['a-dd'] });
      t.order(PG, 'soviet', { buy: ['s-dd', 's-ff'] });
      t.commit(PG, 'allied', []);
      t.commit(PG, 'soviet', []);
      t.finish(PG);
      const before = t.zone(PG).status;
      t.roll(PG, mission);
      t.give(PG, 'allied', 'Port Strike');
      t.give(PG, 'soviet', null);
      t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [2, 1] }); // Sovremenny missed, Krivak sunk
      expect(t.player(PG, 'allied').earned.portStrike + t.player(PG, 'allied').earned.sinking).toBe(5);
      t.done(PG, 'allied');
      t.done(PG, 'soviet');
      t.commit(PG, 'allied', []); // USS Spruance (12) stays in port
      t.commit(PG, 'soviet', []);
      if (t.zone(PG).battle!.toDeal) t.deal(PG);
      battle(t);
      const events = t.finish(PG);
      return { before, after: t.zone(PG).status, inPort: pointsOf(events, 'allied', 'in-port') };
    }

    it('13.2.7 the Port Strike points are spent or banked in 6.C.2, so they are not on the Point Track at the 7.2.3 comparison (a game begun with 0.1 counts them)', () => {
      // Sea Superiority with both Task Forces in port: the Pool is split evenly, so the turn is a tie but for the Port Strike.
      const now = portStrikeTurn({ allied: 'Sea Superiority', soviet: 'Sea Superiority' });
      expect(now.after).toBe(now.before);
      const old = portStrikeTurn({ allied: 'Sea Superiority', soviet: 'Sea Superiority' }, '0.1');
      expect(old.after).toBe(old.before + 1);
    });

    it('13.2.7 the Port Strike points were earned this turn for sinking enemy ships: they count for the 7.2.4 in-port cap', () => {
      // The Allied Civilian Escort loses every Non-Combatant: no Mission Points, so without the Port
      // Strike's 5 points the ship in port would score nothing.
      const sinkAll = (t: OTable) => {
        for (const n of t.zone(PG).battle!.nonCombatants) t.sink(PG, n.id, 'soviet');
      };
      expect(portStrikeTurn({ allied: 'Civilian Escort' }, undefined, sinkAll).inPort).toEqual([5]);
    });

    it('13.2, 13.2.6, 13.2.7 the Port Strike follows both players\' rolls, so an enemy\'s Prepared repair comes first whoever rolled first', () => {
      const t = turnOne({ specialConditions: { tables: { [PG]: conditionsTable(['Port Strike', ...MENU.slice(1)], MENU) } } });
      t.roll(PG, {});
      t.give(PG, 'allied', 'Port Strike');
      // The Soviet player has not rolled yet: the strike waits, and the Allied player is told why.
      expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('portStrike');
      expect(closedActions(cwnb, t.state, 'allied:persian-gulf')).toContainEqual(expect.objectContaining({ type: 'portStrike', why: 'The Port Strike is made once the Soviet player has rolled for Special Conditions too (13.2).' }));
      expect(t.refuse({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'port-mined' })).toMatchObject({ code: 'port-strike-waits', rule: '13.2' });
      // Prepared repairs the Sovremenny crippled on turn 1; the strike that follows is not undone by it.
      t.give(PG, 'soviet', 'Prepared');
      expect(t.player(PG, 'soviet').fleet['s-dd'].crippled).toBe(false);
      t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'port-facilities-damaged' });
      expect(t.zone(PG).step).toBe('purchase');
    });

    it('13.2.7 the air strike needs the roster to say which ships are Large or have a Crippled side', () => {
      const t = turnOne(SC, FIXTURE_ROSTER);
      strikeRolled(t);
      const r = t.refuse({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [1, 1, 1, 1, 1] });
      expect(r).toMatchObject({ code: 'port-strike-ship-data', rule: '13.2.7' });
      // Not the Sovremenny: crippled on turn 1, a hit sinks it whatever its card says.
      expect(r.message).toContain('whether Kiev, Kara, Krivak, Foxtrot are');
      // The form says so before any die is asked for: the air strike is not available, with why.
      const choice = t.actions('allied:persian-gulf').find((a) => a.type === 'portStrike')!.fields!.choice as unknown as { options: { value: string }[]; unavailable: { value: string; why: string }[] };
      expect(choice.options.map((o) => o.value)).toEqual(['port-facilities-damaged', 'port-mined']);
      expect(choice.unavailable).toEqual([expect.objectContaining({ value: 'air-strike', why: expect.stringContaining('the roster does not say whether Kiev, Kara, Krivak, Foxtrot are Large ships') })]);
      // The other two choices need no ship data.
      t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'port-mined' });
    });

    it('13.2.7 on turn 1 the enemy has no ships yet: the air strike rolls no dice, and the form and the log say it does nothing', () => {
      const t = new OTable({ zones: [PG], optional: SC });
      strikeRolled(t);
      const choice = t.actions('allied:persian-gulf').find((a) => a.type === 'portStrike')!.fields!.choice as unknown as { options: { value: string; label: string }[] };
      expect(choice.options[0].label).toBe('Special air strike on every enemy ship in the zone (hit on 1): no enemy ship is in the zone, so it would do nothing');
      const ev = t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [] });
      expect(ev.filter((e) => e.type === 'roll')).toEqual([]);
      expect(ev.at(-1)!.text).toBe('Persian Gulf: Allied Port Strike! — special air strike on every enemy ship in the zone: no enemy ship was in the zone, so it did nothing (13.2.7).');
      expect(t.zone(PG).step).toBe('purchase');
    });

    it('13.2.7 the form with enemy ships in the zone: its label, the three effects with dice asked for the air strike only, none unavailable', () => {
      const t = turnOne();
      strikeRolled(t);
      const spec = t.actions('allied:persian-gulf').find((a) => a.type === 'portStrike')!;
      expect(spec.label).toBe('Port Strike! Choose its effect');
      const choice = spec.fields!.choice as unknown as { options: { value: string; label: string; fields?: unknown }[]; unavailable: unknown[] };
      expect(choice.unavailable).toEqual([]);
      expect(choice.options.slice(1)).toEqual([
        { value: 'port-facilities-damaged', label: 'Port facilities damaged: no enemy repairs in port this turn' },
        { value: 'port-mined', label: 'Port mined and harassed: enemy ships in port score half' },
      ]);
      expect(choice.options[0].label).toBe('Special air strike on every enemy ship in the zone (hit on 1)');
      // Ships were in the zone: the log says nothing of a strike that did nothing.
      const ev = t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [2, 2, 2, 2, 2] });
      expect(ev.at(-1)!.text).toBe('Persian Gulf: Allied Port Strike! — special air strike on every enemy ship in the zone (13.2.7).');
    });

    it('13.2.7 with dice rolled by Wardroom the air strike asks for no dice', () => {
      // Allied 5–6: Port Strike! (seed chosen so it comes on turn 2, with Soviet ships in the zone).
      const table = conditionsTable(Array(6).fill('Port Strike'), Array(6).fill('Long Battle'));
      const t = new OTable({ zones: [PG], dice: 'seeded', seed: 'port-strike-0', optional: { specialConditions: { tables: { [PG]: table } } } });
      const stepAB = () => {
        t.act({ type: 'rollMission', seat: t.seat(t.advantaged(PG), PG) });
        t.act({ type: 'rollSpecialConditions', seat: 'allied:persian-gulf' });
        t.act({ type: 'rollSpecialConditions', seat: 'soviet:persian-gulf' });
      };
      stepAB();
      expect(t.zone(PG).conditions!.allied.condition).toBeNull();
      t.order(PG, 'allied', { buy: ['a-dd'] });
      t.order(PG, 'soviet', { buy: ['s-cg', 's-ff'] });
      t.commit(PG, 'allied', []);
      t.commit(PG, 'soviet', []);
      if (t.zone(PG).battle!.toDeal) t.deal(PG);
      t.finish(PG);
      stepAB();
      expect(t.zone(PG).conditions!.allied.condition).toBe('Port Strike');
      const choice = t.actions('allied:persian-gulf').find((a) => a.type === 'portStrike')!.fields!.choice as unknown as { options: { value: string; fields?: unknown }[] };
      expect(choice.options.map((o) => o.fields)).toEqual([undefined, undefined, undefined]);
      const ev = t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike' });
      expect(ev.filter((e) => e.type === 'roll')).toHaveLength(2); // one die per enemy ship, rolled by Wardroom
    });

    it('13.2.7 the other effects on turn 1 (no enemy ship): the log does not call them an air strike that did nothing', () => {
      const t = new OTable({ zones: [PG], optional: SC });
      strikeRolled(t);
      const ev = t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'port-mined' });
      expect(ev.at(-1)!.text).toBe('Persian Gulf: Allied Port Strike! — enemy port mined and harassed: enemy ships in port score half (a quarter if already halved), rounded up per ship (13.2.7).');
    });

    it('13.2.7 a game begun with 0.1 reads a missing roster field as "no": the air strike is refused only for a ship whose card says neither', () => {
      // Kiev Large only (sunk); Kara a Crippled side only (not Large: crippled); Sovremenny both; Krivak not Large only (sunk); Foxtrot no Crippled side only (sunk).
      const flags: Record<string, object> = { 's-cv': { large: true }, 's-cg': { crippledSide: true }, 's-dd': { large: false, crippledSide: true }, 's-ff': { large: false }, 's-ss': { crippledSide: false } };
      const roster = { ...FIXTURE_ROSTER, ships: FIXTURE_ROSTER.ships.map((s) => ({ ...s, ...flags[s.id] })) };
      const old = turnOne(SC, roster, '0.1');
      strikeRolled(old);
      const ev = old.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [1, 1, 1, 1, 1] });
      expect(pointsOf(ev, 'allied', 'sinking')).toEqual([20, 10, 5, 4]); // 0.1 scored them as sinking points
      expect(ev.find((e) => e.type === 'crippled')).toMatchObject({ unit: 's-cg', value: true });
      // Now a field left out does not decide a hit: Kara and Krivak are named.
      const now = turnOne(SC, roster);
      strikeRolled(now);
      expect(now.refuse({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [1, 1, 1, 1, 1] }).message).toMatch(/whether Kara, Krivak are Large ships/);
      // 0.1 too refuses a ship whose card says neither (even the crippled Sovremenny).
      const bare = turnOne(SC, FIXTURE_ROSTER, '0.1');
      strikeRolled(bare);
      const r = bare.refuse({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike', values: [1, 1, 1, 1, 1] });
      expect(r).toMatchObject({ code: 'port-strike-ship-data', rule: '13.2.7' });
      expect(r.message).toContain('whether Kiev, Kara, Sovremenny, Krivak, Foxtrot are');
    });

    it('13.2, 13.2.7 a game begun with 0.1 makes the Port Strike at any time in Step B, before the enemy has rolled', () => {
      const t = turnOne(SC, undefined, '0.1');
      t.roll(PG, {});
      t.give(PG, 'allied', 'Port Strike');
      expect(t.actions('allied:persian-gulf').map((a) => a.type)).toContain('portStrike');
      t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'port-facilities-damaged' });
      expect(t.zone(PG).conditions!.allied.portStrike).toBe('port-facilities-damaged');
      expect(t.zone(PG).conditions!.soviet.rolled).toBe(false);
    });

    it('13.2.7 facilities damaged: no repairs', () => {
      const run = (portStrike: boolean) => {
        const t = turnOne();
        t.roll(PG, {});
        t.give(PG, 'allied', portStrike ? 'Port Strike' : null);
        t.give(PG, 'soviet', null);
        if (portStrike) t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'port-facilities-damaged' });
        t.done(PG, 'allied');
        t.done(PG, 'soviet');
        t.commit(PG, 'allied', ['a-dd']);
        t.commit(PG, 'soviet', []); // the crippled s-dd stays in port
        return t.finish(PG).map((e) => e.text) && t;
      };
      const hit = run(true);
      expect(hit.player(PG, 'soviet').fleet['s-dd'].crippled).toBe(true);
      expect(hit.texts('note')).toContain('Persian Gulf: port facilities damaged — no repairs to Soviet ships in port this turn (13.2.7).');
      expect(hit.events.filter((e) => e.type === 'note' && e.side === 'soviet')).toMatchObject([{ zone: PG, rule: '13.2.7' }]);
      expect(run(false).player(PG, 'soviet').fleet['s-dd'].crippled).toBe(false);
    });

    /** Soviet ships in port on turn 2: s-cg 16, s-ff 5, s-ff2 3 (= 24). */
    function inPortTurnTwo(zone: ZoneId, mined: boolean, mission: { allied?: string; soviet?: string }) {
      const t = new OTable({ zones: [zone], optional: SC });
      t.start(zone, {});
      t.order(zone, 'allied', { buy: ['a-dd'] });
      t.order(zone, 'soviet', { buy: ['s-cg', 's-ff', 's-ff2', 's-dd'] });
      t.commit(zone, 'allied', []);
      t.commit(zone, 'soviet', []);
      if (t.zone(zone).battle!.toDeal) t.deal(zone);
      t.finish(zone);
      t.roll(zone, mission as never);
      t.give(zone, 'allied', mined ? 'Port Strike' : null);
      t.give(zone, 'soviet', null);
      if (mined) t.act({ type: 'portStrike', seat: `allied:${zone}`, choice: 'port-mined' });
      t.done(zone, 'allied');
      t.done(zone, 'soviet');
      t.commit(zone, 'allied', ['a-dd']);
      t.commit(zone, 'soviet', ['s-dd']);
      if (t.zone(zone).battle!.toDeal) t.deal(zone);
      const ev = t.finish(zone);
      return { t, inPort: pointsOf(ev, 'soviet', 'in-port'), ev };
    }

    it('13.2.7 port mined: half, rounded up per ship', () => {
      // Sea Superiority vs. Sea Superiority (no halving by the mission); the Soviet player earns 22 (tie, half the Pool).
      const plain = inPortTurnTwo(PG, false, { allied: 'Sea Superiority' });
      expect(plain.inPort).toEqual([22]); // 24 capped at the 22 earned
      const mined = inPortTurnTwo(PG, true, { allied: 'Sea Superiority' });
      // 16 → 8, 5 → 3, 3 → 2: 13 (per ship; 24 / 2 would be 12).
      expect(mined.inPort).toEqual([13]);
      expect(mined.ev.map((e) => e.text).find((x) => x.includes('ships in port score'))).toContain('ships in port score 13');
    });

    it('13.2.7 port mined: quarter if already halved, rounded up per ship', () => {
      // North Sea, Even, die 6: Allied Sea Superiority vs. Soviet Holding Action (Holding Action ships in port score half).
      const plain = inPortTurnTwo(NS, false, { soviet: 'Holding Action' });
      // 16 → 8, 5 → 3, 3 → 2
      expect(plain.inPort).toEqual([13]);
      const mined = inPortTurnTwo(NS, true, { soviet: 'Holding Action' });
      // a quarter: 16 → 4, 5 → 2, 3 → 1 = 7 (24 / 4 would be 6)
      expect(mined.inPort).toEqual([7]);
    });
  });

  it('13.2.8 Priority three cards half price rounded up; no transfers', () => {
    const t = new OTable({ zones: [PG, NS], optional: { ...menu(PG, NS), flagOfficers: true } });
    t.start(PG, {}, { allied: 'Priority' });
    t.start(NS, {});
    // Retreat 6 → 3, Gun (7) 3 → 2, Air Cover 2 → 1: the three dearest at half price, rounded up; ECM 1 at full price.
    t.order(PG, 'allied', { cards: [{ card: 'ECM' }, { card: 'Air Cover' }, { card: 'Retreat' }, { card: 'Gun', value: 7 }] }, false);
    expect(t.zoneView(PG, 'allied:persian-gulf').players.allied.order!.cost).toBe(7);
    t.done(PG, 'allied');
    // The opponent pays full price for the same cards: 1 + 2 + 6 + 3.
    t.order(PG, 'soviet', { cards: [{ card: 'ECM' }, { card: 'Air Cover' }, { card: 'Retreat' }, { card: 'Gun', value: 7 }] });
    t.order(NS, 'allied', { buy: ['a-ff'] });
    t.order(NS, 'soviet', {});
    expect(t.banked(PG, 'allied')).toBe(150 - 7);
    expect(t.banked(PG, 'soviet')).toBe(150 - 12);
    // No transfers to other zones: Ship, Action card or Flag Officer.
    t.act({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-ff', to: PG }); // receiving is allowed
    for (const a of [
      { type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-ff', to: NS },
      { type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS },
      { type: 'transferFlagOfficer', seat: 'allied:persian-gulf', to: NS },
    ]) {
      expect(t.refuse(a)).toMatchObject({ code: 'priority-no-transfers', rule: '13.2.8' });
    }
    // The seat is told why its transfers are gone, beside its actions.
    const closed = closedActions(cwnb, t.state, 'allied:persian-gulf').filter((c) => c.type.startsWith('transfer'));
    expect(closed.map((c) => [c.type, c.why])).toEqual(expect.arrayContaining([['transferShip', 'Persian Gulf: Priority — you may not transfer cards to other War Zones this turn.'], ['transferCard', 'Persian Gulf: Priority — you may not transfer cards to other War Zones this turn.']]));
  });

  it('13.2.8 Priority: the card list shows what each card adds to the order at half price, and offers a card only affordable at half price', () => {
    const t = new OTable({ zones: [PG, NS], optional: menu(PG, NS), start: { [PG]: { allied: 4, soviet: 150 } } });
    t.start(PG, {}, { allied: 'Priority' });
    const form = () => t.actions('allied:persian-gulf').find((a) => a.type === 'buyCard')!.fields!.card as Extract<FieldSpec, { kind: 'choice' }>;
    const label = (type: string) => [...form().options, ...form().unavailable!].find((o) => o.value === type)!.label;
    // Retreat costs 6, 3 at half price: affordable with 4 points left.
    expect(form().options.map((o) => o.value)).toContain('Retreat');
    expect(label('Retreat')).toBe('Retreat (3 with Priority (13.2.8))');
    expect(label('Gun')).toBe('Gun* (half its printed value, or less with Priority (13.2.8))'); // its price depends on the value typed
    expect(form().help).toContain('Priority: up to three Action cards of your order at half price, rounded up (13.2.8).');
    t.act({ type: 'buyCard', seat: 'allied:persian-gulf', card: 'Retreat' });
    // A card that half price does not lower (ECM 1, rounded up) shows no note.
    expect(label('ECM')).toBe('ECM (1)');
  });

  it('13.2.8 Priority spent: after its three half-price cards the card list is at full price with no Priority note; a ship list never has one', () => {
    const t = new OTable({ zones: [NS, PG], optional: menu(PG, NS) });
    t.start(NS, {});
    t.start(PG, {}, { allied: 'Priority' });
    const field = (type: string) => t.actions('allied:persian-gulf').find((a) => a.type === type)!.fields![type === 'buyShip' ? 'ship' : 'card'] as Extract<FieldSpec, { kind: 'choice' }>;
    expect(field('buyShip').help).not.toContain('Priority');
    expect(field('buyCard').help).toContain('Priority');
    // Both Allied players order the Forrestal; the North Sea gets it, and the Persian Gulf orders again, its three half-price cards bought.
    t.order(NS, 'allied', { buy: ['a-cv'] });
    t.order(PG, 'allied', { buy: ['a-cv'], cards: [{ card: 'ECM' }, { card: 'Air Cover' }, { card: 'Retreat' }] });
    t.order(NS, 'soviet', {});
    t.order(PG, 'soviet', {});
    expect(field('buyCard').help).not.toContain('Priority');
    expect(field('buyCard').options.find((o) => o.value === 'Intelligence')!.label).toBe('Intelligence (15)'); // 8 at half price
  });

  it('13.2.8 Priority: the three half-price cards count across purchase rounds (6.C.2 conflicts), not three per round', () => {
    const t = new OTable({ zones: [NS, PG], optional: menu(PG, NS) });
    t.start(NS, {});
    t.start(PG, {}, { allied: 'Priority' });
    // Both Allied players order the Forrestal; with equal banked points the North Sea (listed first) gets it.
    t.order(NS, 'allied', { buy: ['a-cv'] });
    t.order(PG, 'allied', { buy: ['a-cv'], cards: [{ card: 'ECM' }, { card: 'Air Cover' }] }); // 1 → 1, 2 → 1 at half price
    t.order(NS, 'soviet', {});
    t.order(PG, 'soviet', {});
    expect(t.track(PG, 'allied')).toBe(150 - 2);
    // The second round: one half-price card is left. Retreat 6 → 3, Gun (7) 3 at full price: 6.
    t.order(PG, 'allied', { cards: [{ card: 'Retreat' }, { card: 'Gun', value: 7 }] });
    expect(t.banked(PG, 'allied')).toBe(150 - 2 - 6);
  });

  it('13.2.9 Rushed no ship trading, max 3 cards, max 1 ship except turn 1', () => {
    const t = new OTable({ zones: [PG, NS], optional: menu(PG, NS) });
    // Turn 1: Rushed, but the whole starting Task Force may be bought; at most three Action cards.
    t.start(PG, {}, { allied: 'Rushed' });
    t.start(NS, {});
    t.order(PG, 'allied', { buy: ['a-dd', 'a-ff', 'a-ff2'], cards: [{ card: 'ECM' }, { card: 'Air Cover' }, { card: 'Gun', value: 2 }] }, false);
    expect(t.refuse({ type: 'buyCard', seat: 'allied:persian-gulf', card: 'ASW' }).message).toBe('At most 3 Action cards may be purchased per turn; you have 3.');
    t.done(PG, 'allied');
    t.order(PG, 'soviet', {});
    t.order(NS, 'allied', { buy: ['a-ff3'] });
    t.order(NS, 'soviet', {});
    // No Ship cards given or received; Action cards may still move.
    // The Rushed player is offered no ship transfer at all (its form would list no War Zone), and is told why.
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('transferShip');
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).toContain('transferCard');
    expect(t.refuse({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-ff3', to: NS })).toMatchObject({
      code: 'rushed-no-ship-trading',
      rule: '13.2.9',
      message: 'No teammate can receive a ship now. North Sea: Rushed: the Allied player of the Persian Gulf may not give or receive Ship cards this turn (13.2.9).',
    });
    expect(t.refuse({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-ff3', to: PG })).toMatchObject({ code: 'rushed-no-ship-trading', rule: '13.2.9' });
    t.act({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS });
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.commit(z, s, []);
    t.finishAll();
    // Turn 2: Rushed again: at most one Ship card.
    t.start(PG, {}, { allied: 'Rushed' });
    t.start(NS, {});
    expect(t.track(PG, 'allied')).toBeGreaterThanOrEqual(18);
    t.act({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-ss2' });
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('buyShip');
    expect(t.refuse({ type: 'buyShip', seat: 'allied:persian-gulf', ship: 'a-lph' })).toMatchObject({ code: 'rushed-one-ship', rule: '13.2.9' });
    expect(closedActions(cwnb, t.state, 'allied:persian-gulf')).toContainEqual(expect.objectContaining({ type: 'buyShip', rule: '13.2.9', why: 'Rushed: you may purchase at most one Ship card this turn.' }));
  });

  it('13.2.9 a Rushed teammate is listed in the ship transfer form as unable to receive, with why, while another teammate may', () => {
    const MED = 'mediterranean' as const;
    const t = new OTable({ zones: [PG, NS, MED], optional: menu(PG, NS, MED) });
    t.start(PG, {});
    t.start(NS, {}, { allied: 'Rushed' });
    t.start(MED, {});
    t.order(PG, 'allied', { buy: ['a-dd'] });
    for (const [z, s] of [[PG, 'soviet'], [NS, 'allied'], [NS, 'soviet'], [MED, 'allied'], [MED, 'soviet']] as const) t.done(z, s);
    expect(t.actions('allied:persian-gulf').find((a) => a.type === 'transferShip')!.fields!.to).toMatchObject({
      options: [{ value: MED, label: 'Mediterranean' }],
      unavailable: [{ value: NS, label: 'North Sea', why: 'Rushed: the Allied player of the North Sea may not give or receive Ship cards this turn (13.2.9).' }],
    });
    expect(t.refuse({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS })).toMatchObject({ code: 'rushed-no-ship-trading', rule: '13.2.9' });
    t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: MED });
  });

  it('13.2.9, 13.3, 13.5 the only teammate Rushed but open to cards by a kept Additional Ship (chart not yet rolled): a ship transfer is refused for Rushed, not for the chart', () => {
    const optional: Optional = { ...menu(PG, NS), frictionOfWar: true, transferLimitations: { charts: uniformCharts(0) } };
    const t = new OTable({ zones: [PG, NS], optional });
    // Turn 1: the Allied North Sea player keeps an Additional Ship card (7.2.1).
    t.quietTurn({}, { allied: { card: 'Additional Ship' } });
    t.start(PG, {});
    t.start(NS, {}, { allied: 'Rushed' });
    t.order(PG, 'allied', { buy: ['a-ff3'] }); // 3 points, 6 after turn 1
    for (const [z, s] of [[PG, 'soviet'], [NS, 'allied'], [NS, 'soviet']] as const) t.done(z, s);
    t.act({ type: 'useKeptAdditionalShip', seat: 'allied:north-sea', use: 'unlimited-transfers' });
    // The kept card opens the North Sea to transfers without the chart (13.5), but not to Ship cards (Rushed).
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('transferShip');
    expect(t.refuse({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-ff3', to: NS })).toMatchObject({
      code: 'rushed-no-ship-trading',
      rule: '13.2.9',
      message: 'No teammate can receive a ship now. North Sea: Rushed: the Allied player of the North Sea may not give or receive Ship cards this turn (13.2.9).',
    });
  });

  it('13.2.9 Rushed after turn 1: once one Ship card is ordered, the ship form a shared screen lists marks every other ship unavailable as Rushed, not for its cost', () => {
    const t = new OTable({ zones: [PG], optional: menu(PG) });
    t.quietTurn();
    t.start(PG, {}, { allied: 'Rushed' });
    const seat = 'allied:persian-gulf';
    const shipField = () => {
      const buy = listedActions(cwnb, t.state, seat).find((a) => a.type === 'buyShip')!;
      return buy.fields!.ship as unknown as { options: { value: string; label: string }[]; unavailable: { value: string; label: string; why: string }[] };
    };
    // Nothing ordered yet: USS Bronstein (3 points) is offered at double its Point Value.
    expect(shipField().options).toContainEqual({ value: 'a-ff3', label: 'USS Bronstein (surface, 3 points, costs 6)' });
    t.act({ type: 'buyShip', seat, ship: 'a-ss2' });
    // One ship ordered: every other ship is unavailable because of Rushed, however cheap.
    const { options, unavailable } = shipField();
    expect(options).toEqual([]);
    expect(unavailable).toContainEqual({ value: 'a-ff3', label: 'USS Bronstein (surface, 3 points, costs 6)', why: 'Rushed: you may purchase at most one Ship card this turn (13.2.9)' });
    expect(unavailable).toContainEqual({ value: 'a-ss2', label: 'USS Permit (submarine, 5 points, costs 10)', why: 'it is already in your order' });
  });

  it('13.2 the board says each side\'s Special Condition this turn, with the Port Strike\'s effect once chosen (both teams see it: the rolls are open)', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    t.roll(PG, {});
    t.give(PG, 'allied', 'Port Strike');
    t.give(PG, 'soviet', 'Rushed');
    for (const viewer of ['allied:persian-gulf', 'soviet:persian-gulf'] as const) expect(t.zoneView(PG, viewer).reminders[0]).toBe('Special Conditions this turn: Allied Port Strike; Soviet Rushed (13.2).');
    t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'port-mined' });
    expect(t.zoneView(PG).reminders[0]).toBe('Special Conditions this turn: Allied Port Strike (port mined and harassed: enemy ships in port score half); Soviet Rushed (13.2).');
  });

  it('13.2 the forms: the Special Conditions dice (a second die only after a 5 or 6), and the three Port Strike! effects', () => {
    const t = new OTable({ zones: [PG], optional: SC });
    t.roll(PG, {});
    expect(t.actions('allied:persian-gulf').find((a) => a.type === 'rollSpecialConditions')!.fields).toEqual({
      values: { kind: 'dice', label: 'Dice', help: 'The Special Conditions die; the table die only after a 5 or 6.', sides: [6, 6], min: 1, labels: ['Special Conditions die', 'table die (after a 5 or 6)'] },
    });
    t.give(PG, 'allied', 'Port Strike');
    t.give(PG, 'soviet', null);
    const choice = t.actions('allied:persian-gulf').find((a) => a.type === 'portStrike')!.fields!.choice;
    expect(choice.kind === 'choice' && choice.options.map((o) => o.value)).toEqual(['air-strike', 'port-facilities-damaged', 'port-mined']);
    expect(choice.kind === 'choice' && choice.options.slice(1).map((o) => o.fields)).toEqual([undefined, undefined]); // only the air strike rolls dice
    // No enemy ship in the zone: nothing to roll, so no dice to enter (an empty dice field could never be filled in on the web form).
    expect(choice.kind === 'choice' && choice.options[0].fields).toBeUndefined();
    expect(t.act({ type: 'portStrike', seat: 'allied:persian-gulf', choice: 'air-strike' }).map((e) => e.type)).toContain('port-strike');
  });
});
