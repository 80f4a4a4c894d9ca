import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../src/engine/errors.ts';
import { seatViewer } from '../../../src/engine/viewer.ts';
import { cwnb } from '../../../src/modules/cwnb/index.ts';
import { ZONE_IDS } from '../../../src/modules/cwnb/data/types.ts';
import { COL, FIXTURE_ROSTER, Table } from '../../support/cwnb-fixtures.ts';

const options = (over: Record<string, unknown> = {}) => ({ zones: ['north-sea'], turns: 4, roster: 'demo', startingPoints: 'demo', ...over });

describe('5 Prepare for Play', () => {
  it('5 two teams: every War Zone in play has an Allied and a Soviet seat', () => {
    const t = new Table({ zones: ['north-sea', 'mediterranean', 'persian-gulf'] });
    expect(cwnb.seats(t.state)).toEqual([
      'allied:north-sea',
      'soviet:north-sea',
      'allied:mediterranean',
      'soviet:mediterranean',
      'allied:persian-gulf',
      'soviet:persian-gulf',
    ]);
  });

  it('5 one person may hold several seats (a two-player game over several War Zones)', () => {
    const o = cwnb.parseOptions(options({ zones: ['north-sea', 'mediterranean'], players: { 'allied:north-sea': 'Ann', 'allied:mediterranean': 'Ann', 'soviet:north-sea': 'Bo', 'soviet:mediterranean': 'Bo' } }));
    expect(isRuleError(o)).toBe(false);
  });

  it('5 the names of the people holding the seats are shown to everyone', () => {
    const players = { 'allied:north-sea': 'Ann', 'soviet:north-sea': 'Bo' };
    const o = cwnb.parseOptions(options({ players }));
    if (isRuleError(o)) throw new Error(o.message);
    expect(cwnb.view(cwnb.setup(o), seatViewer('soviet:north-sea'))).toMatchObject({ holders: players });
  });

  it('5 only the seats of the game act: an unknown seat or a zone not in play is refused', () => {
    const t = new Table({ zones: ['north-sea'] });
    expect(t.refuse({ type: 'rollMission', seat: 'neutral:north-sea', values: [1] })).toMatchObject({ code: 'unknown-seat' });
    expect(t.refuse({ type: 'rollMission', seat: 'soviet:mediterranean', values: [1] })).toMatchObject({ code: 'unknown-seat' });
    expect(t.refuse({ type: 'rollMission', seat: 'soviet', values: [1] })).toMatchObject({ code: 'unknown-seat' });
  });

  it('5 between one and seven War Zones are in play, each at most once', () => {
    expect(isRuleError(cwnb.parseOptions(options({ zones: [...ZONE_IDS] })))).toBe(false);
    expect(cwnb.parseOptions(options({ zones: [] }))).toMatchObject({ code: 'bad-options' });
    expect(cwnb.parseOptions(options({ zones: ['north-sea', 'north-sea'] }))).toMatchObject({ code: 'duplicate-zone' });
    expect(cwnb.parseOptions(options({ zones: ['baltic'] }))).toMatchObject({ code: 'bad-options' });
  });

  it('5 starting (At Start Buy) Points are needed for every zone in play: a missing zone is named, never invented', () => {
    const r = cwnb.parseOptions(options({ zones: ['north-sea', 'south-pacific'], roster: FIXTURE_ROSTER, startingPoints: { 'south-pacific': { allied: 80, soviet: 100 } } }));
    expect(r).toMatchObject({ code: 'starting-points-missing' });
    expect(isRuleError(r) && r.message).toContain('north-sea');
    expect(isRuleError(r) && r.message).toContain('Allied 80, Soviet 100');
  });

  it('4 the South Pacific starts at the rulebook\'s Allied 80, Soviet 100 when the game gives no points for it; given points are used as given', () => {
    const sp = (startingPoints: Record<string, unknown>) => cwnb.parseOptions(options({ zones: ['north-sea', 'south-pacific'], roster: FIXTURE_ROSTER, startingPoints }));
    expect(sp({ 'north-sea': { allied: 60, soviet: 70 } })).toMatchObject({ startingPoints: { 'north-sea': { allied: 60, soviet: 70 }, 'south-pacific': { allied: 80, soviet: 100 } } });
    expect(sp({ 'north-sea': { allied: 60, soviet: 70 }, 'south-pacific': { allied: 90, soviet: 90 } })).toMatchObject({ startingPoints: { 'south-pacific': { allied: 90, soviet: 90 } } });
    // Not a zone in play: not added.
    expect(Object.keys((cwnb.parseOptions(options({ zones: ['north-sea'], roster: FIXTURE_ROSTER, startingPoints: { 'north-sea': { allied: 60, soviet: 70 } } })) as { startingPoints: object }).startingPoints)).toEqual(['north-sea']);
  });
});

describe('5.1 Procedure', () => {
  it('5.1 every War Zone Status marker starts on Even on its red (Soviet Advantaged) side, Campaign Game Turn 1', () => {
    const t = new Table({ zones: [...ZONE_IDS] });
    const v = t.view('referee');
    expect(v.turn).toBe(1);
    for (const z of v.zones) {
      expect(z.status).toEqual({ column: COL.even, name: 'Even', advantaged: 'soviet' });
      expect(z.step).toBe('mission');
    }
  });

  it('5.1 the Battle Turn counter starts on its red side: on turn 1 the Soviet player takes the first Battle Turn', () => {
    const t = new Table({ zones: ['north-sea'] });
    t.prepare({ 'north-sea': { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    expect(t.zoneView('north-sea').battle).toMatchObject({ first: 'soviet', active: 'soviet', battleTurn: 1 });
  });

  it('5.1 the At Start Buy Points of each zone are on each player\'s Point Track at the start', () => {
    const t = new Table({ zones: ['north-sea', 'south-pacific'], start: { 'north-sea': { allied: 120, soviet: 110 }, 'south-pacific': { allied: 80, soviet: 100 } } });
    expect([t.track('north-sea', 'allied'), t.track('north-sea', 'soviet'), t.track('south-pacific', 'allied'), t.track('south-pacific', 'soviet')]).toEqual([120, 110, 80, 100]);
    expect([t.banked('north-sea', 'allied'), t.banked('south-pacific', 'soviet')]).toEqual([0, 0]);
  });
});

describe('5.2 Game Length', () => {
  it('5.2 players agree on 1 to 9 Campaign Game Turns; 0 and 10 are refused naming the limit', () => {
    for (const turns of [1, 4, 5, 9]) expect(cwnb.parseOptions(options({ turns }))).toMatchObject({ turns });
    for (const turns of [0, 10]) {
      const r = cwnb.parseOptions(options({ turns }));
      expect(r).toMatchObject({ code: 'bad-options' });
      expect(isRuleError(r) && r.message).toMatch(turns === 0 ? /turns/ : /9/);
    }
  });

  it('5.2 the game ends after the agreed number of turns (here 2), not before', () => {
    const t = new Table({ zones: ['north-sea'], turns: 2 });
    const plan = { 'north-sea': { mission: { allied: 'Sea Superiority' as const }, allied: { buy: ['a-dd' as const] }, soviet: { buy: ['s-dd' as const] } } };
    t.playTurn(plan);
    expect(t.state.result).toBeNull();
    expect(t.view('referee').turn).toBe(2);
    t.playTurn({ 'north-sea': { mission: { allied: 'Sea Superiority' } } });
    expect(t.state.result).not.toBeNull();
    expect(t.view('referee').turn).toBe(2);
    expect(cwnb.isOver(t.state)).toBe(true);
  });
});
