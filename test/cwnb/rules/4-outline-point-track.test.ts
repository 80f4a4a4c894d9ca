import { describe, expect, it } from 'vitest';
import { cwnb } from '../../../src/modules/cwnb/index.ts';
import { DEMO_STARTING_POINTS } from '../../../src/modules/cwnb/data/index.ts';
import { Table, points, pointsOf, type ShipId } from '../../support/cwnb-fixtures.ts';

const SP = 'south-pacific' as const;

describe('4 Outline of Play & How to Win: the Point Track', () => {
  it('4 South Pacific: the Allied player begins with 80 Points and the Soviet player with 100 on their Point Tracks', () => {
    expect(DEMO_STARTING_POINTS.points[SP]).toEqual({ allied: 80, soviet: 100 });
    const t = new Table({ zones: [SP], start: { [SP]: { allied: 80, soviet: 100 } } });
    const z = t.zoneView(SP);
    expect(z.players.allied.track).toBe(80);
    expect(z.players.soviet.track).toBe(100);
  });

  it('4 Point Track example: a track reaching 73 shows 73, and one reaching 128 (x10 marker on its +100 side in the 20 box, x1 on 8) shows 128', () => {
    // South Pacific, Even, die 6: Allied Carrier Strike vs. Soviet Engage (Point Pool 55).
    const allied: ShipId[] = ['a-cv', 'a-cg', 'a-dd', 'a-ff', 'a-ss'];
    expect(points(...allied)).toBe(73);
    const t = new Table({ zones: [SP], start: { [SP]: { allied: 80, soviet: 100 } } });
    t.prepare({ [SP]: { mission: { allied: 'Carrier Strike', soviet: 'Engage' }, allied: { buy: allied, commit: allied }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    expect(t.track(SP, 'soviet')).toBe(0); // 100 − 10 spent, 90 banked: the track is reset
    const seen: number[] = [];
    for (const id of allied) {
      t.sink(SP, id, 'soviet');
      seen.push(t.zoneView(SP, 'soviet:south-pacific').players.soviet.track);
    }
    expect(seen).toEqual([30, 48, 60, 66, 73]);
    const markers = (n: number) => ({ hundred: n >= 100, tens: Math.floor((n % 100) / 10) * 10, ones: n % 10 });
    expect(markers(t.track(SP, 'soviet'))).toEqual({ hundred: false, tens: 70, ones: 3 });
    t.finish(SP); // no Carrier Air Strike succeeded: the Engage player takes the unclaimed 55
    expect(t.track(SP, 'soviet')).toBe(128);
    expect(markers(128)).toEqual({ hundred: true, tens: 20, ones: 8 });
    expect(t.texts('points').some((s) => s.includes('scores 55') && s.includes('Point Track 128'))).toBe(true);
  });

  it('4 points are earned for Missions in addition to points for sinking enemy ships', () => {
    const t = new Table({ zones: ['north-sea'] });
    t.prepare({ 'north-sea': { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd', 's-ff'], commit: ['s-dd', 's-ff'] } } });
    t.sink('north-sea', 's-ff', 'allied'); // 5 for the sinking
    const events = t.finish('north-sea'); // 3 Military Non-Combatants survive at 10 each
    expect(pointsOf(events, 'allied', 'mission')).toEqual([30]);
    expect(pointsOf(t.events, 'allied', 'sinking')).toEqual([5]);
    expect(t.track('north-sea', 'allied')).toBe(35);
  });

  it('4 Additional Ship cards are not used in the Campaign Game: they cannot be bought', () => {
    const t = new Table({ zones: ['north-sea'] });
    t.roll('north-sea', { allied: 'Military Escort' });
    const r = t.refuse({ type: 'buyCard', seat: 'allied:north-sea', card: 'Additional Ship' });
    expect(r.code).toBe('card-not-purchasable');
    expect(r.message).toContain('Additional Ship');
  });

  it('4 a Campaign Game is played over up to nine Campaign Game Turns', () => {
    const ok = cwnb.parseOptions({ zones: ['north-sea'], turns: 9, roster: 'demo', startingPoints: 'demo' });
    expect(ok).toMatchObject({ turns: 9 });
    const bad = cwnb.parseOptions({ zones: ['north-sea'], turns: 10, roster: 'demo', startingPoints: 'demo' });
    expect(bad).toMatchObject({ code: 'bad-options' });
  });

  it('4 each Battle Turn is a series of two Player Turns, one Soviet and one Allied', () => {
    const t = new Table({ zones: ['north-sea'] });
    t.prepare({ 'north-sea': { mission: { allied: 'Military Escort' } } });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const b = t.zoneView('north-sea').battle!;
      seen.push(`${b.battleTurn}:${b.active}`);
      t.end('north-sea');
    }
    expect(seen).toEqual(['1:soviet', '1:allied', '2:soviet', '2:allied']);
  });
});
