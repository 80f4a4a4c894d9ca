import { describe, expect, it } from 'vitest';
import { advantagedSide } from '../../../src/modules/cwnb/rules/common.ts';
import { STATUS_COLUMNS } from '../../../src/modules/cwnb/data/types.ts';
import { COL, Table } from '../../support/cwnb-fixtures.ts';

describe('3 Definition of Terms: Advantaged Player', () => {
  it('3 the Advantaged Player comes from the status column: Soviet on its Dominance/Advantage/Edge, Allied on its Edge/Advantage/Dominance', () => {
    const sides = STATUS_COLUMNS.map((_, column) => advantagedSide(column));
    expect(sides).toEqual(['soviet', 'soviet', 'soviet', 'soviet', 'allied', 'allied', 'allied']);
  });

  it('3 on Even the Soviet player is the Advantaged Player (the view shows it and only the Soviet seat is asked to roll)', () => {
    const t = new Table({ zones: ['north-sea'] });
    const z = t.zoneView('north-sea');
    expect(z.status).toEqual({ column: COL.even, name: 'Even', advantaged: 'soviet' });
    expect(t.view('referee').waitingFor).toEqual(['soviet:north-sea']);
  });

  it('3 with the marker on an Allied column the Allied player is advantaged and the Soviet player is the Disadvantaged Player', () => {
    for (const column of [COL.alliedEdge, COL.alliedAdvantage, COL.alliedDominance]) {
      const t = new Table({ zones: ['north-sea'], status: { 'north-sea': column } });
      expect(t.zoneView('north-sea').status.advantaged).toBe('allied');
      expect(t.view('referee').waitingFor).toEqual(['allied:north-sea']);
    }
    for (const column of [COL.sovietDominance, COL.sovietAdvantage, COL.sovietEdge]) {
      const t = new Table({ zones: ['north-sea'], status: { 'north-sea': column } });
      expect(t.zoneView('north-sea').status.advantaged).toBe('soviet');
    }
  });

  it('3 the Advantaged Player "goes first": the first Battle Turn is theirs', () => {
    const t = new Table({ zones: ['north-sea'], status: { 'north-sea': COL.alliedEdge } });
    t.prepare({ 'north-sea': { mission: { allied: 'Civilian Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    expect(t.zoneView('north-sea').battle).toMatchObject({ first: 'allied', active: 'allied', battleTurn: 1 });
  });

  it('3 the Advantaged Player is recomputed when the marker moves: after the Allies win a turn on Even they are advantaged and roll next turn', () => {
    const t = new Table({ zones: ['north-sea'] });
    t.prepare({ 'north-sea': { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.finish('north-sea'); // 3 Non-Combatants survive: Allied 30 to 0
    expect(t.zoneView('north-sea').status).toEqual({ column: COL.alliedEdge, name: 'Allied Edge', advantaged: 'allied' });
    expect(t.view('referee').waitingFor).toEqual(['allied:north-sea']);
    const r = t.refuse({ type: 'rollMission', seat: 'soviet:north-sea', values: [3] });
    expect(r.code).toBe('not-advantaged-player');
  });

  it('3 Refit: the Damage cards of ships not committed to battle this turn are removed', () => {
    const t = new Table({ zones: ['persian-gulf'] });
    t.prepare({ 'persian-gulf': { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: ['a-dd', 'a-ff'], commit: ['a-dd', 'a-ff'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.damage('persian-gulf', 'a-dd', 2);
    t.damage('persian-gulf', 'a-ff', 3);
    t.finish('persian-gulf');
    t.prepare({ 'persian-gulf': { mission: { allied: 'Sea Superiority', urgent: false }, allied: { commit: ['a-ff'] }, soviet: { commit: ['s-dd'] } } });
    t.finish('persian-gulf');
    expect(t.player('persian-gulf', 'allied').fleet['a-dd'].damage).toBe(0); // refitted in port
    expect(t.player('persian-gulf', 'allied').fleet['a-ff'].damage).toBe(3); // went to sea again
  });
});
