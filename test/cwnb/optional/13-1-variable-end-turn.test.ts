import { describe, expect, it } from 'vitest';
import { OTable } from '../../support/cwnb-optional-fixtures.ts';

const PG = 'persian-gulf' as const;
const NS = 'north-sea' as const;

function game(startTurn: 2 | 3 | 4, turns = 5): OTable {
  return new OTable({ zones: [PG], turns, optional: { variableEndTurn: { startTurn } } });
}

const endRolls = (t: OTable) => t.texts('end-roll');

describe('13.1 Variable End Turn', () => {
  it('13.1 no end-game die before the agreed turn; from it on, the die is due at the end of every Campaign Game Turn', () => {
    const t = game(3);
    t.quietTurn();
    expect(t.state.endRollDue).toBe(false);
    expect(t.state.turn).toBe(2);
    t.quietTurn();
    expect(t.state.turn).toBe(3);
    expect(endRolls(t)).toEqual([]);
    t.quietTurn();
    // End of turn 3: the die is due; the game waits for the roller and nothing else happens.
    expect(t.state.turn).toBe(3);
    expect(t.state.endRollDue).toBe(true);
    expect(t.view('referee').endRollDue).toBe(true);
    expect(t.state.result).toBeNull();
    expect(t.texts('note').at(-1)).toBe('Variable End Turn: the Soviet player of the Persian Gulf rolls the end-game die (13.1).');
    expect(t.events.at(-1)).toMatchObject({ type: 'note', rule: '13.1', seat: 'soviet:persian-gulf' });
    expect(t.actions('soviet:persian-gulf').find((a) => a.type === 'rollEndTurn')!.fields).toEqual({
      values: { kind: 'dice', label: 'Dice', help: 'The value of each die rolled at the table.', sides: [6], labels: ['end-game die'] },
    });
  });

  it('13.1 ends on 6 or more: 5 on the agreed turn goes on, 6 ends the war', () => {
    const t = game(2);
    t.quietTurn();
    t.quietTurn();
    expect(t.endRoll(5).map((e) => e.text)).toContain('Variable End Turn: 5 — the war goes on (13.1).');
    expect(t.state.turn).toBe(3);
    expect(t.state.result).toBeNull();

    const u = game(2);
    u.quietTurn();
    u.quietTurn();
    expect(u.endRoll(6).map((e) => e.text)).toContain('Variable End Turn: 6 — the war is over (13.1).');
    expect(u.state.turn).toBe(2);
    expect(u.state.result).not.toBeNull();
    expect(u.texts('game-over')[0]).toMatch(/^Game over after turn 2/);
  });

  it('13.1 +1 per turn after the agreed one: agreed turn 2, then 4 + 1 = 5 goes on, 4 + 2 = 6 ends', () => {
    const t = game(2);
    t.quietTurn();
    t.quietTurn();
    t.endRoll(5);
    t.quietTurn();
    // Turn 3 is one after the agreed turn: +1, so only a 5 or 6 ends it.
    const spec = t.actions('soviet:persian-gulf').find((a) => a.type === 'rollEndTurn')!;
    expect(spec.label).toContain('+1');
    expect(t.endRoll(4).map((e) => e.text)).toContain('Variable End Turn: 4 + 1 = 5 — the war goes on (13.1).');
    t.quietTurn();
    expect(t.endRoll(4).map((e) => e.text)).toContain('Variable End Turn: 4 + 2 = 6 — the war is over (13.1).');
    expect(t.state.turn).toBe(4);
    expect(t.state.result).not.toBeNull();
  });

  it('13.1 agreed turn 3 (the rulebook example): turn 3 ends on 6, turn 4 on 5 or 6', () => {
    const t = game(3);
    for (let i = 0; i < 3; i++) t.quietTurn();
    t.endRoll(5); // turn 3: 5, goes on
    t.quietTurn();
    expect(t.endRoll(5).map((e) => e.text)).toContain('Variable End Turn: 5 + 1 = 6 — the war is over (13.1).');
    // Four quiet turns in the Persian Gulf (Sea Superiority, nobody committed: 22 each, the marker stays on Even):
    // Allied 150 + 4 × 22 = 238; Soviet 238 + the Even End Game bonus 11 = 249; margin 11, a Soviet Pyrrhic Victory.
    expect(t.state.result).toMatchObject({ winner: 'soviet', margin: 11, level: 'Pyrrhic', totals: { allied: 238, soviet: 249 } });
  });

  it('13.1 never past turn 9: with the agreed turn 4 and only 1s rolled, the war ends after turn 9 without a roll', () => {
    const t = game(4, 5);
    for (let turn = 1; turn <= 8; turn++) {
      t.quietTurn();
      if (turn >= 4) t.endRoll(1);
      expect(t.state.result, `after turn ${turn}`).toBeNull();
    }
    // The agreed length (5) is not used with Variable End Turn: the war went on past it.
    expect(t.state.turn).toBe(9);
    t.quietTurn();
    expect(t.state.endRollDue).toBe(false);
    expect(t.state.result).not.toBeNull();
    expect(endRolls(t)).toHaveLength(5); // turns 4..8
    expect(endRolls(t).at(-1)).toBe('Variable End Turn: 1 + 4 = 5 — the war goes on (13.1).');
  });

  it('13.1 the view says, from the agreed turn on, what ends the war at the end of this turn (the die\'s own figures); on turn 9 that the war ends without it', () => {
    const said = (t: OTable) => t.view('spectator').endRollThisTurn;
    const t = game(2);
    expect(said(t)).toBeNull(); // turn 1: before the agreed turn
    t.quietTurn();
    expect(said(t)).toBe('At the end of this turn the end-game die is rolled: the war ends on a 6 (13.1).');
    t.quietTurn();
    t.endRoll(1);
    expect(said(t)).toBe('At the end of this turn the end-game die is rolled: +1, the war ends on a 5 or 6 (13.1).');
    t.quietTurn();
    expect(t.state.endRollDue).toBe(true);
    expect(said(t)).toBe('At the end of this turn the end-game die is rolled: +1, the war ends on a 5 or 6 (13.1).'); // until it is rolled
    t.endRoll(4);
    expect(said(t)).toBe('At the end of this turn the end-game die is rolled: +2, the war ends on a 4, 5 or 6 (13.1).');
    for (let turn = 4; turn <= 6; turn++) {
      t.quietTurn();
      t.endRoll(1);
    }
    expect(said(t)).toBe('At the end of this turn the end-game die is rolled: +5, the war ends whatever the die shows (13.1).'); // turn 7
    t.quietTurn();
    t.endRoll(1);
    expect(t.state.result).not.toBeNull();
    expect(said(t)).toBeNull();

    const u = game(4);
    for (let turn = 1; turn <= 8; turn++) {
      u.quietTurn();
      if (turn >= 4) u.endRoll(1);
    }
    expect(said(u)).toBe('This is Campaign Game Turn 9, the last: the war ends with it, without the end-game die (11).');
    expect(new OTable({ zones: [PG] }).view('spectator').endRollThisTurn).toBeNull(); // 5.2 an agreed length
  });

  it('13.1 with Variable End Turn the agreed length does not end the game: agreed 1 turn, end-game die from turn 4, turn 2 begins', () => {
    const t = game(4, 1);
    t.quietTurn();
    expect(t.state.result).toBeNull();
    expect(t.view('referee')).toMatchObject({ turn: 2, agreedTurns: null, variableEndFrom: 4 });
  });

  it('13.1 the die is rolled by the Advantaged Player of the first War Zone listed; everything else waits for it', () => {
    const t = new OTable({ zones: [NS, PG], optional: { variableEndTurn: { startTurn: 2 } }, status: { [NS]: 4 } });
    t.quietTurn();
    t.quietTurn();
    expect(t.state.endRollDue).toBe(true);
    expect(t.view('referee').waitingFor).toEqual(['allied:north-sea']);
    const r = t.refuse({ type: 'rollEndTurn', seat: 'soviet:persian-gulf', values: [6] });
    expect(r).toMatchObject({ code: 'not-end-roller', rule: '13.1' });
    expect(r.message).toBe('The end-game die is rolled by the Allied player of the North Sea (the Advantaged Player of the first War Zone).');
    expect(t.refuse({ type: 'rollMission', seat: 'soviet:persian-gulf', values: [1] })).toMatchObject({ code: 'end-roll-first', rule: '13.1' });
    expect(t.actions('soviet:persian-gulf').map((a) => a.type)).not.toContain('rollEndTurn');
    expect(t.actions('allied:north-sea').map((a) => a.type)).toContain('rollEndTurn');
    t.endRoll(2);
    expect(t.state.turn).toBe(3);
    expect(t.refuse({ type: 'rollEndTurn', seat: 'allied:north-sea', values: [6] })).toMatchObject({ code: 'no-end-roll', rule: '13.1' });
  });

  it('13.1 a physical die is 1..6; a seeded game rolls its own die', () => {
    const t = game(2);
    t.quietTurn();
    t.quietTurn();
    expect(t.refuse({ type: 'rollEndTurn', seat: 'soviet:persian-gulf', values: [7] }).code).toBe('dice-value-out-of-range');
    const s = new OTable({ zones: [PG], dice: 'seeded', seed: 'end-roll', optional: { variableEndTurn: { startTurn: 2 } } });
    expect(s.refuse({ type: 'rollMission', seat: 'soviet:persian-gulf', values: [1] }).code).toBe('dice-values-not-allowed');
  });

  it('13.1 the agreed start turn must be 2, 3 or 4', async () => {
    const { optionsRefusal } = await import('../../support/cwnb-optional-fixtures.ts');
    expect(optionsRefusal({ zones: [PG], optional: { variableEndTurn: { startTurn: 5 as 4 } } })).toMatchObject({
      code: 'bad-options',
      message: 'Game options are invalid: optional.variableEndTurn.startTurn: the end-game die is first rolled at the end of turn 2, 3 or 4 (13.1), not 5',
    });
    expect(optionsRefusal({ zones: [PG], optional: { variableEndTurn: { startTurn: 1 as 4 } } }).code).toBe('bad-options');
  });
});
