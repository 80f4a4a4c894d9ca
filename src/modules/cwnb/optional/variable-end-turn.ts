import { rollDice } from '../../../engine/dice.ts';
import { refuse } from '../../../engine/errors.ts';
import type { CwnbState, ZoneState } from '../state.ts';
import { seatOf } from '../state.ts';
import { advantagedSide, type Events } from '../rules/common.ts';

/**
 * 13.1 Variable End Turn: from the agreed turn (2, 3 or 4) a die is rolled at the end of each
 * Campaign Game Turn; 6 or more ends the game, +1 for each turn after the agreed one. The game
 * never goes past turn 9 (11).
 */

/** Who rolls a die for the whole game: the Advantaged Player of the first War Zone listed. */
export function gameRollerSeat(state: CwnbState): string {
  const z = state.zones[state.options.zones[0]] as ZoneState;
  return seatOf(advantagedSide(z.status), z.id);
}

export function endRollModifier(state: CwnbState): number {
  return state.turn - state.options.optional.variableEndTurn!.startTurn;
}

/** At the end of a Campaign Game Turn: 'roll' when the die is due, else whether the game ends now. */
export function variableEnd(state: CwnbState): 'roll' | 'continue' | 'end' {
  const v = state.options.optional.variableEndTurn;
  if (!v) return 'continue';
  if (state.turn >= 9) return 'end';
  return state.turn >= v.startTurn ? 'roll' : 'continue';
}

export function rollEndTurn(state: CwnbState, seat: string, values: number[] | undefined, events: Events): boolean {
  if (!state.endRollDue) refuse('no-end-roll', 'The end-game die is rolled only at the end of a Campaign Game Turn, from the agreed turn on (13.1).', '13.1');
  if (seat !== gameRollerSeat(state)) refuse('not-end-roller', `The end-game die is rolled by ${gameRollerSeat(state)} (the Advantaged Player of the first War Zone).`, '13.1');
  const mod = endRollModifier(state);
  const r = rollDice(state.dice, seat, [{ sides: 6, purpose: `Variable End Turn, end of turn ${state.turn}${mod ? ` (+${mod})` : ''}` }], values);
  state.dice = r.dice;
  events.push(...r.events);
  state.endRollDue = false;
  const total = r.values[0] + mod;
  const ends = total >= 6;
  events.push({ type: 'end-roll', text: `Variable End Turn: ${r.values[0]}${mod ? ` + ${mod} = ${total}` : ''} — ${ends ? 'the war is over' : 'the war goes on'} (13.1).` });
  return ends;
}
