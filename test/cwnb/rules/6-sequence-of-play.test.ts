import { describe, expect, it } from 'vitest';
import { cwnb } from '../../../src/modules/cwnb/index.ts';
import { parseSeat, type CwnbState } from '../../../src/modules/cwnb/state.ts';
import { Table } from '../../support/cwnb-fixtures.ts';
import { playRandomGame } from '../../support/cwnb-random-game.ts';
import { exampleStates } from '../../support/cwnb-scenario.ts';

describe('6 Campaign Game Sequence of Play', () => {
  it('6 every action names the rule it comes from, shown with each offered action (the rule numbers of the Campaign Game rulebook)', () => {
    const t = new Table({ zones: ['north-sea'] });
    expect(Object.fromEntries(cwnb.actions(t.state).map((d) => [d.type, d.rule]))).toEqual({
      rollEndTurn: '13.1', rollMission: '6.A', rollSpecialConditions: '13.2', portStrike: '13.2', declineStrike: '9.5',
      buyShip: '6.C.2', buyCard: '6.C.2', useKeptAdditionalShip: '13.5', donePurchasing: '6.C.2', restartOrder: '6.C.2',
      rollTransferChart: '13.3', transferShip: '6.C.3', transferCard: '6.C.3', transferFlagOfficer: '13.4', commit: '6.C.4',
      dealNonCombatants: '8', sink: '7', damage: '7', cripple: '7', criticalDamage: '7', submarine: '7', retreat: '7', landAttack: '9.1',
      endBattleTurn: '7', setAside: '7.2.1', playAdditionalShip: '13.5', teamNote: '6.C.1', assignSeat: '14.1',
    });
    t.roll('north-sea', { allied: 'Military Escort' });
    const offered = t.actions('allied:north-sea');
    expect(offered.filter((a) => a.type === 'buyShip' || a.type === 'donePurchasing').map((a) => a.rule)).toEqual(['6.C.2', '6.C.2']);
  });

  it('6 each turn runs A Missions, C Battle Preparations (purchases, then transfers and commitment), D Battle Turns, then 7.2', () => {
    const t = new Table({ zones: ['north-sea'] });
    const steps = [t.zone('north-sea').step];
    t.roll('north-sea', { allied: 'Military Escort' });
    steps.push(t.zone('north-sea').step);
    t.order('north-sea', 'allied', { buy: ['a-dd'] });
    t.order('north-sea', 'soviet', { buy: ['s-dd'] });
    steps.push(t.zone('north-sea').step);
    t.commit('north-sea', 'allied', ['a-dd']);
    t.commit('north-sea', 'soviet', ['s-dd']);
    steps.push(t.zone('north-sea').step);
    t.deal('north-sea');
    t.endAll('north-sea');
    steps.push(t.zone('north-sea').step);
    t.setAside('north-sea');
    steps.push(t.zone('north-sea').step);
    expect(steps).toEqual(['mission', 'purchase', 'preparation', 'battle', 'set-aside', 'mission']);
    expect(t.state.turn).toBe(2);
  });

  it('6 the War Zones proceed concurrently: one zone may fight while another is still committing', () => {
    const t = new Table({ zones: ['north-sea', 'persian-gulf'] });
    t.roll('north-sea', { allied: 'Military Escort' });
    t.roll('persian-gulf', { allied: 'Sea Superiority' });
    t.order('north-sea', 'allied', { buy: ['a-dd'] });
    t.order('north-sea', 'soviet', { buy: ['s-dd'] });
    t.order('persian-gulf', 'allied', { buy: ['a-dd2'] });
    t.order('persian-gulf', 'soviet', { buy: ['s-dd2'] });
    t.commit('north-sea', 'allied', ['a-dd']);
    t.commit('north-sea', 'soviet', ['s-dd']);
    t.deal('north-sea');
    t.end('north-sea', 3);
    expect(t.zone('north-sea').step).toBe('battle');
    expect(t.zone('persian-gulf').step).toBe('preparation');
    expect(t.view('referee').waitingFor).toEqual(['allied:north-sea', 'allied:persian-gulf', 'soviet:persian-gulf']);
  });

  it('6 a new Campaign Game Turn starts only when every War Zone has concluded its Battle Turns', () => {
    const t = new Table({ zones: ['north-sea', 'persian-gulf'] });
    t.prepare({ 'north-sea': { mission: { allied: 'Military Escort' } }, 'persian-gulf': { mission: { allied: 'Sea Superiority' } } });
    t.finish('north-sea');
    expect(t.state.turn).toBe(1);
    expect(t.zone('north-sea').step).toBe('turn-done');
    t.finish('persian-gulf');
    expect(t.state.turn).toBe(2);
    expect(t.zone('north-sea').step).toBe('mission');
  });
});

describe('6.B Determine Special Conditions (Optional)', () => {
  it('6.B without Optional Rule 13.2 the step does nothing: no Special Conditions roll, the mission roll leads straight to Battle Preparations', () => {
    const t = new Table({ zones: ['north-sea'] });
    const events = t.roll('north-sea', { allied: 'Military Escort' });
    expect(events.filter((e) => e.type === 'roll')).toHaveLength(1);
    expect(t.state.dice.counter).toBe(1);
    expect(t.zone('north-sea').step).toBe('purchase');
    for (const seat of ['allied:north-sea', 'soviet:north-sea']) {
      expect(t.actions(seat).map((a) => a.type)).not.toContain('rollSpecialConditions');
      expect(t.actions(seat).map((a) => a.type)).toContain('buyShip');
    }
  });
});

describe('6.C.1 Team Summits', () => {
  it('6.C.1 teammates see each other\'s purchase orders and Action cards; the other team does not', () => {
    const t = new Table({ zones: ['north-sea', 'persian-gulf'] });
    t.roll('north-sea', { allied: 'Military Escort' });
    t.roll('persian-gulf', { allied: 'Sea Superiority' });
    t.order('persian-gulf', 'allied', { buy: ['a-cv'], cards: [{ card: 'Retreat' }] }, false);
    const mate = t.zoneView('persian-gulf', 'allied:north-sea').players.allied;
    expect(mate.order).toMatchObject({ ships: ['a-cv'], cards: [{ type: 'Retreat' }], cost: 36 });
    const enemy = t.zoneView('persian-gulf', 'soviet:north-sea').players.allied;
    expect(enemy.order).toBeUndefined();
    expect(enemy.cards).toBeUndefined();
  });
});

describe('6.D Conduct Battle Turns', () => {
  it('6.D the Battle Turns begin once both commitments are revealed (and any Non-Combatants dealt)', () => {
    const t = new Table({ zones: ['north-sea'] });
    t.prepare({ 'north-sea': { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } }, { deal: false });
    expect(t.zone('north-sea').step).toBe('battle');
    expect(t.refuse({ type: 'endBattleTurn', seat: 'soviet:north-sea' }).code).toBe('deal-first');
    t.deal('north-sea');
    expect(t.actions('soviet:north-sea').map((a) => a.type)).toContain('endBattleTurn');
  });

  it('6 the actions asked of a War Zone seat are those of its zone\'s step, and every action open to it is among them (fuzzed games, base and optional rules, and every example game)', () => {
    const hidden = new Set<string>();
    let asks = 0;
    let narrowed = 0;
    let open = 0;
    const check = (state: CwnbState) => {
      const all = cwnb.actions(state);
      for (const seat of cwnb.seats(state)) {
        const asked = cwnb.actionsFor!(state, seat);
        asks++;
        if (asked.length < all.length / 2) narrowed++;
        for (const d of all) {
          if (d.when(state, seat, false)) continue;
          open++;
          if (asked.includes(d)) continue;
          const p = parseSeat(seat);
          hidden.add(`${d.type} for ${p ? `a seat in step ${state.zones[p.zone]?.step}` : seat}`);
        }
      }
    };
    for (let seed = 660_001; seed <= 660_012; seed++) {
      playRandomGame(seed, { limits: { zones: 3, turns: 2 }, optionalRules: seed % 2 ? 'random' : 'none', probeChance: 0, undoChance: 0, checkInvariants: false, checkReplay: false, onState: check });
    }
    for (const { state } of exampleStates()) check(state);
    expect([...hidden].sort()).toEqual([]);
    expect(open).toBeGreaterThan(5_000);
    // Most of the time a seat is asked of fewer than half the actions.
    expect(narrowed).toBeGreaterThan(asks / 2);
  });
});
