import { describe, expect, it } from 'vitest';
import { zoneById } from '../../../src/modules/cwnb/data/index.ts';
import { COL, Table } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;

describe('6.A Determine Player Missions', () => {
  it('6.A only the Advantaged Player rolls: the Disadvantaged Player\'s roll is refused, naming who rolls', () => {
    const t = new Table({ zones: [NS] });
    const r = t.refuse({ type: 'rollMission', seat: 'allied:north-sea', values: [3] });
    expect(r).toMatchObject({ code: 'not-advantaged-player', rule: '6.A' });
    expect(r.message).toContain('Soviet');
    expect(r.message).toContain('Even');
    expect(t.actions('allied:north-sea')).toEqual([]);
    expect(t.actions('soviet:north-sea').map((a) => a.type)).toEqual(['rollMission']);
  });

  it('6.A the die is cross-indexed on the status column: North Sea, Even, 1–2 / 3–5 / 6', () => {
    const got: string[] = [];
    for (let die = 1; die <= 6; die++) {
      const t = new Table({ zones: [NS] });
      t.act({ type: 'rollMission', seat: 'soviet:north-sea', values: [die] });
      const m = t.zoneView(NS).mission!;
      got.push(`${die}: ${m.allied.mission} vs. ${m.soviet.mission}${m.urgent ? ' (Urgent)' : ''}`);
    }
    expect(got).toEqual([
      '1: Sea Superiority vs. Sea Superiority (Urgent)',
      '2: Sea Superiority vs. Sea Superiority (Urgent)',
      '3: Military Escort vs. Raid',
      '4: Military Escort vs. Raid',
      '5: Military Escort vs. Raid',
      '6: Sea Superiority vs. Holding Action',
    ]);
  });

  it('6.A the column is where the marker is: North Sea, Allied Advantage, die 4 gives Carrier Strike vs. Engage (the Allied player rolls)', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedAdvantage } });
    t.act({ type: 'rollMission', seat: 'allied:north-sea', values: [4] });
    const m = t.zoneView(NS).mission!;
    expect([m.allied.mission, m.soviet.mission, m.urgent]).toEqual(['Carrier Strike', 'Engage', false]);
    expect(zoneById(NS).missionTable['3-5'][COL.alliedAdvantage]).toEqual({ allied: 'Carrier Strike', soviet: 'Engage', urgent: false });
  });

  it('6.A the roll is logged with its purpose, and the Allied Mission is listed first', () => {
    const t = new Table({ zones: [NS] });
    const events = t.act({ type: 'rollMission', seat: 'soviet:north-sea', values: [4] });
    expect(events[0]).toMatchObject({ type: 'roll', seat: 'soviet:north-sea', sides: 6, value: 4, physical: true, text: 'Mission roll, North Sea, turn 1: 4' });
    expect(events[1].text).toMatch(/^North Sea, turn 1: Allied Military Escort vs\. Soviet Raid/);
  });

  it('6.A Urgent Missions use the boxed values: Sea Superiority Pool 60 [Urgent] in the North Sea against 45 in the Persian Gulf', () => {
    const t = new Table({ zones: [NS, 'persian-gulf'] });
    t.roll(NS, { allied: 'Sea Superiority', soviet: 'Sea Superiority', urgent: true });
    t.roll('persian-gulf', { allied: 'Sea Superiority', soviet: 'Sea Superiority', urgent: false });
    expect(t.zoneView(NS).mission).toMatchObject({ urgent: true, pool: 60 });
    expect(t.zoneView('persian-gulf').mission).toMatchObject({ urgent: false, pool: 45 });
    expect(zoneById(NS).summaries.seaSuperiority.pool).toEqual([45, 60]);
  });

  it('6.A Urgent Military Escort: North Atlantic 6 Non-Combatants at 15 [Urgent] against North Sea 3 at 10', () => {
    const t = new Table({ zones: [NS, 'north-atlantic'] });
    t.prepare({
      'north-atlantic': { mission: { allied: 'Military Escort', urgent: true }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } },
      [NS]: { mission: { allied: 'Military Escort', urgent: false }, allied: { buy: ['a-dd2'], commit: ['a-dd2'] }, soviet: { buy: ['s-dd2'], commit: ['s-dd2'] } },
    });
    expect(t.zone('north-atlantic').battle!.nonCombatants).toHaveLength(6);
    expect(t.zone(NS).battle!.nonCombatants).toHaveLength(3);
    expect(t.zoneView('north-atlantic').mission!.allied.summary[0]).toContain('Score 15 minus damage for each of your 6');
    expect(t.zoneView(NS).mission!.allied.summary[0]).toContain('Score 10 minus damage for each of your 3');
  });

  it('6.A physical dice: the roller must enter one die value from 1 to 6', () => {
    const t = new Table({ zones: [NS] });
    expect(t.actions('soviet:north-sea').find((a) => a.type === 'rollMission')!.fields).toEqual({
      values: { kind: 'dice', label: 'Dice', help: 'The value of each die rolled at the table.', sides: [6], labels: ['mission die'] },
    });
    expect(t.refuse({ type: 'rollMission', seat: 'soviet:north-sea' }).code).toBe('dice-values-required');
    const r = t.refuse({ type: 'rollMission', seat: 'soviet:north-sea', values: [7] });
    expect(r.code).toBe('dice-value-out-of-range');
    expect(r.message).toContain('1 to 6');
  });

  it('6.A seeded dice: Wardroom rolls the die itself and refuses a typed value', () => {
    const t = new Table({ zones: [NS], dice: 'seeded', seed: 'six-a' });
    expect(t.actions('soviet:north-sea').find((a) => a.type === 'rollMission')!.fields).toBeUndefined();
    expect(t.refuse({ type: 'rollMission', seat: 'soviet:north-sea', values: [3] }).code).toBe('dice-values-not-allowed');
    const [roll] = t.act({ type: 'rollMission', seat: 'soviet:north-sea' });
    expect(roll).toMatchObject({ type: 'roll', zone: NS, physical: false, sides: 6, counter: 0 });
    expect(t.zoneView(NS).specialConditions).toBeNull(); // 13.2 not in use
    expect(t.zone(NS).mission!.roll).toBe(roll.value);
  });

  it('6.A the roll and the missions it gives are logged for everyone', () => {
    const t = new Table({ zones: [NS] });
    expect(t.roll(NS, { allied: 'Military Escort' }).map((e) => e.type)).toEqual(['roll', 'mission']);
  });

  it('6.A the mission is determined once per Campaign Game Turn', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    const r = t.refuse({ type: 'rollMission', seat: 'soviet:north-sea', values: [1] });
    expect(r).toMatchObject({ code: 'not-mission-step', rule: '6.A' });
    expect(t.events.filter((e) => e.type === 'mission')).toHaveLength(1);
  });
});
