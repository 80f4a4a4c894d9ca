import { describe, expect, it } from 'vitest';
import { cwnb } from '../../../src/modules/cwnb/index.ts';
import { victoryLevel } from '../../../src/modules/cwnb/rules/victory.ts';
import { COL, Table, points, type ZonePlan } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;
const PG = 'persian-gulf' as const;

/** Persian Gulf, Even, 1–2, nobody committed: Sea Superiority tie, 22 each; the marker stays on Even (Soviet +11 at the end). */
const quiet: ZonePlan = { mission: { allied: 'Sea Superiority', urgent: false } };
/** North Sea, Even, 1–2: Sea Superiority vs. Sea Superiority (Urgent, Pool 60), nobody committed: 30 each; Even (Allied +5 at the end). */
const nsQuiet: ZonePlan = { mission: { allied: 'Sea Superiority', soviet: 'Sea Superiority' } };

/** A one-turn game in the Persian Gulf whose totals are Allied a + 22 and Soviet s + 22 + 11. */
function oneTurn(a: number, s: number): Table {
  const t = new Table({ zones: [PG], turns: 1, start: { [PG]: { allied: a, soviet: s } } });
  t.playTurn({ [PG]: quiet });
  return t;
}

describe('11 Campaign Game Victory', () => {
  it('11 at the end of the final turn every player banks what is left on the Point Track', () => {
    const t = new Table({ zones: [NS], turns: 1 });
    t.playTurn({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'] } } });
    expect([t.track(NS, 'allied'), t.banked(NS, 'allied')]).toEqual([0, 138 + 30 + 12]);
    expect(t.texts('bank').slice(-2)).toEqual([
      'North Sea: Allied banks 42 Victory Points (180 banked in this zone; rule 11).',
      'North Sea: Soviet banks 0 Victory Points (150 banked in this zone; rule 11).',
    ]);
  });

  it('11 End Game Bonus: cross-index the status column with the End row (North Sea, Allied Edge: Allied +15)', () => {
    const t = new Table({ zones: [NS], turns: 1 });
    t.playTurn({ [NS]: { mission: { allied: 'Military Escort' } } });
    expect(t.zone(NS).status).toBe(COL.alliedEdge);
    expect(t.state.result!.zones).toEqual([{ id: NS, banked: { allied: 180, soviet: 150 }, endGame: { side: 'allied', vp: 15 } }]);
    expect(t.state.result!.totals).toEqual({ allied: 195, soviet: 150 });
    expect(t.texts('end-game-bonus')).toEqual(['North Sea: status Allied Edge — End Game bonus Allied +15 VPs (11).']);
  });

  it('11 the Even column of the End row goes to the Allies in the North Sea (+5) and to the Soviets in the Persian Gulf (+11), as printed', () => {
    const t = new Table({ zones: [NS, PG], turns: 1 });
    t.playTurn({ [NS]: nsQuiet, [PG]: quiet });
    expect(t.state.result!.zones.map((z) => [z.id, z.endGame])).toEqual([
      [NS, { side: 'allied', vp: 5 }],
      [PG, { side: 'soviet', vp: 11 }],
    ]);
  });

  it('11 the team totals decide the winner, the margin and the level of victory; the game is won or lost by the whole team', () => {
    const t = new Table({ zones: [NS, PG], turns: 1, start: { [NS]: { allied: 100, soviet: 100 }, [PG]: { allied: 90, soviet: 40 } } });
    t.playTurn({ [NS]: nsQuiet, [PG]: quiet }); // Persian Gulf 22 / 22, North Sea 30 / 30
    const r = t.state.result!;
    expect(r.totals).toEqual({ allied: 100 + 30 + 5 + 90 + 22, soviet: 100 + 30 + 40 + 22 + 11 });
    expect(r).toMatchObject({ winner: 'allied', margin: 247 - 203, level: 'Tactical' });
    expect(t.texts('game-over')).toEqual(['Game over after turn 1: Allied Tactical Victory, 247 to 203 (margin 44).']);
    // Every viewer sees the result with the table's "Historical Description" of its level.
    expect(t.view('soviet:north-sea').result).toEqual({ ...r, historicalDescription: 'Your side gained the upper hand at sea, but not enough to influence the larger war on the land.' });
  });

  it('11 levels of victory: Pyrrhic 1–40, Tactical 41–80, Marginal 81–120, Decisive 121+', () => {
    expect([1, 40, 41, 80, 81, 120, 121, 500].map(victoryLevel)).toEqual(['Pyrrhic', 'Pyrrhic', 'Tactical', 'Tactical', 'Marginal', 'Marginal', 'Decisive', 'Decisive']);
  });

  it('11 the level boundaries in finished games: margins 40, 41, 80, 81, 120, 121', () => {
    const got = [40, 41, 80, 81, 120, 121].map((margin) => {
      const r = oneTurn(100 + 11 + margin, 100).state.result!;
      return [r.margin, r.winner, r.level];
    });
    expect(got).toEqual([
      [40, 'allied', 'Pyrrhic'],
      [41, 'allied', 'Tactical'],
      [80, 'allied', 'Tactical'],
      [81, 'allied', 'Marginal'],
      [120, 'allied', 'Marginal'],
      [121, 'allied', 'Decisive'],
    ]);
    expect(oneTurn(100, 100).state.result).toMatchObject({ winner: 'soviet', margin: 11, level: 'Pyrrhic' });
  });

  it('11 equal totals are a draw: no winner, margin 0 (ruling)', () => {
    const r = oneTurn(111, 100).state.result!;
    expect(r).toMatchObject({ winner: null, margin: 0, level: 'Draw', totals: { allied: 133, soviet: 133 } });
  });

  it('11 players do not score points for their surviving ships at the end of the game', () => {
    const fleet = ['a-cv', 'a-cg', 'a-dd', 'a-ff', 'a-ss'] as const;
    const t = new Table({ zones: [PG], turns: 1, start: { [PG]: { allied: 100, soviet: 100 } } });
    t.playTurn({ [PG]: { mission: quiet.mission, allied: { buy: [...fleet], commit: [...fleet] } } });
    expect(Object.keys(t.player(PG, 'allied').fleet)).toHaveLength(5);
    expect(t.state.result!.totals.allied).toBe(100 - points(...fleet) + 22);
  });

  it('11 no Campaign Game can exceed nine turns: a game agreed at 9 is over after turn 9, and 10 turns cannot be agreed', () => {
    const t = new Table({ zones: [PG], turns: 9 });
    for (let turn = 1; turn <= 9; turn++) {
      expect(t.state.result).toBeNull();
      t.playTurn({ [PG]: quiet });
    }
    expect(t.state.turn).toBe(9);
    expect(cwnb.isOver(t.state)).toBe(true);
    for (const turns of [10, 2.5, Number.NaN]) {
      expect(cwnb.parseOptions({ zones: [PG], turns, roster: 'demo', startingPoints: 'demo' })).toMatchObject({
        code: 'bad-options',
        message: `Game options are invalid: turns: a campaign is 1 to 9 Campaign Game Turns, a whole number (5.2), not ${turns}`,
      });
    }
  });

  it('11 once the game is over, no more actions are accepted', () => {
    const t = oneTurn(100, 100);
    const r = t.refuse({ type: 'rollMission', seat: 'soviet:persian-gulf', values: [1] });
    expect(r).toMatchObject({ code: 'game-over', rule: '11' });
    expect(t.view('referee').waitingFor).toEqual([]);
    expect(t.actions('soviet:persian-gulf')).toEqual([]);
  });
});
