import { describe, expect, it } from 'vitest';
import { Table, pointsOf } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;
const PG = 'persian-gulf' as const;

describe('10 Using the Victory Point Track', () => {
  it('10 points are added throughout the turn: for sinkings during the Battle Turns, for the Mission, and for ships in port', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd', 'a-ff'], commit: ['a-dd'] }, soviet: { buy: ['s-ff'], commit: ['s-ff'] } } });
    t.sink(NS, 's-ff', 'allied');
    expect(t.track(NS, 'allied')).toBe(5);
    const events = t.finish(NS);
    expect(events.filter((e) => e.type === 'points' && e.side === 'allied').map((e) => [e.kind, e.points])).toEqual([
      ['mission', 30],
      ['in-port', 6],
    ]);
    expect(t.track(NS, 'allied')).toBe(41);
  });

  it('10 points are subtracted when spent on purchases or banked; banking resets the track to zero and adds to the Victory Points', () => {
    const t = new Table({ zones: [NS] });
    t.playTurn({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'] } } });
    expect([t.track(NS, 'allied'), t.banked(NS, 'allied')]).toEqual([30 + 12, 138]);
    t.roll(NS, {});
    t.order(NS, 'allied', { buy: ['a-ff'] }); // 12 on turn 2
    t.order(NS, 'soviet', {});
    expect([t.track(NS, 'allied'), t.banked(NS, 'allied')]).toEqual([0, 138 + 42 - 12]);
    expect(t.texts('bank').at(-2)).toBe('North Sea: Allied banks 30 Victory Points (168 banked in this zone; rule 6.C.2).');
  });

  it('10 banked points are "for deposit only": they never go down over a whole game', () => {
    const t = new Table({ zones: [NS, PG], turns: 3 });
    const history: number[][] = [];
    const record = () => history.push([t.banked(NS, 'allied'), t.banked(NS, 'soviet'), t.banked(PG, 'allied'), t.banked(PG, 'soviet')]);
    for (let turn = 1; turn <= 3; turn++) {
      t.roll(NS, {});
      t.roll(PG, {});
      record();
      for (const z of [NS, PG]) for (const s of ['allied', 'soviet'] as const) t.order(z, s, turn === 1 ? { buy: [s === 'allied' ? (z === NS ? 'a-dd' : 'a-ff') : z === NS ? 's-dd' : 's-ff'] } : {});
      record();
      for (const z of [NS, PG]) {
        for (const s of ['allied', 'soviet'] as const) t.commit(z, s, []);
        if (t.zone(z).battle!.toDeal) t.deal(z);
      }
      for (const z of [NS, PG]) t.finish(z);
      record();
    }
    expect(t.state.result).not.toBeNull();
    for (let i = 1; i < history.length; i++) for (let j = 0; j < 4; j++) expect(history[i][j]).toBeGreaterThanOrEqual(history[i - 1][j]);
  });

  it('10 the Victory Point record is kept per player (War Zone) and totalled per team', () => {
    const t = new Table({ zones: [NS, PG], start: { [NS]: { allied: 100, soviet: 90 }, [PG]: { allied: 70, soviet: 60 } } });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-cv'] } }, [PG]: { mission: { allied: 'Sea Superiority' }, soviet: { buy: ['s-cg'] } } });
    const v = t.view('referee');
    expect(v.zones.map((z) => [z.id, z.players.allied.banked, z.players.soviet.banked])).toEqual([
      [NS, 70, 90],
      [PG, 70, 44],
    ]);
    expect(v.vp).toEqual({ allied: 140, soviet: 134 });
  });

  it('10 points scored during the Battle Turns show on the track at once (the Point Track is kept current)', () => {
    const t = new Table({ zones: ['south-pacific'] });
    t.prepare({ 'south-pacific': { mission: { allied: 'Carrier Strike' }, allied: { buy: ['a-cv'], commit: ['a-cv'] } } });
    t.end('south-pacific');
    const events = t.act({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true });
    expect(pointsOf(events, 'allied')).toEqual([11]);
    expect(t.zoneView('south-pacific', 'soviet:south-pacific').players.allied.track).toBe(11);
  });
});
