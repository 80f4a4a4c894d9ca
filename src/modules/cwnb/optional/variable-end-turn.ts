import { z } from 'zod';
import type { OptionalRule } from '../hooks.ts';
import { diceFields, diceSchema, gameAction, gameRollerSeat, gameRollerWords, no, roll, say, type Ctx } from '../rules/common.ts';
import { startNextTurn } from '../rules/end-of-turn.ts';
import { endGame } from '../rules/victory.ts';
import { MAX_TURNS, type CwnbState } from '../state.ts';

/**
 * 13.1 Variable End Turn: from the agreed turn (2, 3 or 4) a die is rolled at the end of each
 * Campaign Game Turn; 6 or more ends the game, +1 for each turn after the agreed one. The game
 * never goes past turn 9 (11). The agreed length (5.2) is not used.
 */

/** 13.1: "If the result is '6' or greater, the game has ended." */
const ENDS_AT = 6;

export function endRollModifier(state: CwnbState): number {
  return state.turn - state.options.optional.variableEndTurn!.startTurn;
}

/**
 * 13.1: what ends the war at the end of this turn, for the board, from the agreed turn on ("+1,
 * the war ends on a 5 or 6"); on turn 9 that it ends without the die (11); null before, or over.
 */
export function endRollThisTurn(state: CwnbState): string | null {
  if (!state.options.optional.variableEndTurn || state.result) return null;
  if (state.turn >= MAX_TURNS) return `This is Campaign Game Turn ${MAX_TURNS}, the last: the war ends with it, without the end-game die (11).`;
  const mod = endRollModifier(state);
  if (mod < 0) return null;
  const faces = [1, 2, 3, 4, 5, 6].filter((die) => die + mod >= ENDS_AT);
  const ends = faces.length === 6 ? 'whatever the die shows' : `on a ${[faces.slice(0, -1).join(', '), faces.at(-1)].filter(Boolean).join(' or ')}`;
  return `At the end of this turn the end-game die is rolled: ${mod ? `+${mod}, ` : ''}the war ends ${ends} (13.1).`;
}

export const rollEndTurn = gameAction({
  type: 'rollEndTurn',
  commands: [{ word: 'endroll' }],
  rule: '13.1',
  schema: z.object({ values: diceSchema }),
  label: (state) => `Roll the end-game die (13.1; ${ENDS_AT} or more ends the war${endRollModifier(state) ? `, +${endRollModifier(state)}` : ''})`,
  when(state, seat, explain) {
    if (!state.endRollDue) return no(explain, 'no-end-roll', () => 'The end-game die is rolled only at the end of a Campaign Game Turn, from the agreed turn on (13.1).');
    const roller = gameRollerSeat(state);
    return seat === roller ? null : no(explain, 'not-end-roller', () => `The end-game die is rolled by ${gameRollerWords(state)} (the Advantaged Player of the first War Zone).`);
  },
  fields: (state) => diceFields(state, [6], ['end-game die']),
  apply(state, seat, a, ctx: Ctx) {
    const mod = endRollModifier(state);
    const [die] = roll(state, ctx, seat, [{ sides: 6, purpose: `Variable End Turn, end of turn ${state.turn}${mod ? ` (+${mod})` : ''}` }], a.values);
    state.endRollDue = false;
    const total = die + mod;
    const ends = total >= ENDS_AT;
    say(ctx, { type: 'end-roll', die, modifier: mod, total, ends, text: `Variable End Turn: ${die}${mod ? ` + ${mod} = ${total}` : ''} — ${ends ? 'the war is over' : 'the war goes on'} (13.1).` });
    if (ends) endGame(state, ctx);
    else startNextTurn(state, ctx);
  },
});

export const variableEndTurn: OptionalRule = {
  rule: '13.1',
  name: 'Variable End Turn',
  on: (o) => !!o.optional.variableEndTurn,
  hooks: {
    endOfTurn(state, ctx) {
      if (state.turn < state.options.optional.variableEndTurn!.startTurn) return 'continue';
      say(ctx, { type: 'note', rule: '13.1', seat: gameRollerSeat(state), text: `Variable End Turn: ${gameRollerWords(state)} rolls the end-game die (13.1).` });
      return 'roll';
    },
    lastTurnCertain: () => false, // only the end-game die (or turn 9) ends the campaign
  },
  actions: [rollEndTurn],
};
