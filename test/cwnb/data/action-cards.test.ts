import { describe, expect, it } from 'vitest';
import { ACTION_CARDS, actionCardType } from '../../../src/modules/cwnb/data/index.ts';

/** Rule 6.C.2 cost table, re-read from the rulebook (the "Retreat …" row's 9/14/21 and the last three rows stand at the end of the file). */
const TABLE: [string, string | number[]][] = [
  ['ECM, Evasive Maneuvers, Crash Dive, Bounce, Jink, Mine Sweeper', [1, 2, 3, 4]],
  ['Air Cover, ASW', [2, 4, 6, 9]],
  ['Land Based Air Strike*, Land Based ASW, Land Based Air Cover, Carrier Crew Efficiency, Damage Control, Mission Briefing', [4, 6, 9, 14]],
  ['Gun*, Missile*, Torpedo*, Minefield Attack*', 'half-value'],
  ['Retreat, Surprise*, Air-to-Air Refueling', [6, 9, 14, 21]],
  ['Early Warning Systems', [10, 15, 23, 35]],
  ['Intelligence', [15, 23, 35, 52]],
  ['Bomber Strike*', [20, 30, 45, 67]],
];

describe('Action card purchase costs (6.C.2)', () => {
  const expected = TABLE.flatMap(([names, costs]) =>
    names.split(', ').map((n) => ({ type: n.replace('*', ''), costs, unlimited: n.endsWith('*') })),
  );

  it('has one entry per card type of the cost table, in table order', () => {
    expect(ACTION_CARDS.cards).toEqual(expected);
    expect(ACTION_CARDS.cards).toHaveLength(24);
  });

  for (const card of expected) {
    it(`${card.type}: ${Array.isArray(card.costs) ? card.costs.join('/') : '1/2 value'}${card.unlimited ? ', no one-per-turn limit (*)' : ''}`, () => {
      expect(actionCardType(card.type)).toEqual(card);
    });
  }

  it('looks card types up case-insensitively, ignoring an asterisk', () => {
    expect(actionCardType('bomber strike*')?.costs).toEqual([20, 30, 45, 67]);
    expect(actionCardType('  Early   Warning Systems ')?.type).toBe('Early Warning Systems');
    expect(actionCardType('Additional Ship')).toBeUndefined();
  });

  it('lists the cards that may never be purchased', () => {
    expect(ACTION_CARDS.notPurchasable).toEqual(['Additional Ship', 'Non-Combatant', 'Tactics', 'Bad Luck']);
  });

  it('names its source, including the reassembled rows', () => {
    expect(ACTION_CARDS.source).toContain('6.C.2');
    expect(ACTION_CARDS.source).toMatch(/9, 14, 21/);
  });
});
