import { rollDice } from '../../../engine/dice.ts';
import { refuse } from '../../../engine/errors.ts';
import type { Side, ZoneId } from '../data/types.ts';
import type { CwnbState, ZoneState } from '../state.ts';
import { sideName, zoneName, type Events } from '../rules/common.ts';
import { gameRollerSeat } from './variable-end-turn.ts';

/**
 * 13.3 Transfer Limitations: card transfers between War Zones are limited by distance. A die
 * each Campaign Game Turn picks the chart (1–2, 3–5, 6); a cell is unlimited, a number of cards, or
 * Allied/Soviet numbers, allowed in each direction. The charts are not in the
 * rulebook's text: the game's options must supply them (validated at setup).
 */

export function chartIndex(die: number): number {
  return die <= 2 ? 0 : die <= 5 ? 1 : 2;
}

export function rollTransferChart(state: CwnbState, seat: string, values: number[] | undefined, events: Events): void {
  const lim = state.options.optional.transferLimitations;
  if (!lim || !state.purchasesResolved || state.transferChart !== null) {
    refuse('no-chart-roll', 'The Transfer Limitations chart is rolled once per turn, when transfers begin (13.3).', '13.3');
  }
  if (seat !== gameRollerSeat(state)) refuse('not-chart-roller', `The chart die is rolled by ${gameRollerSeat(state)} (the Advantaged Player of the first War Zone).`, '13.3');
  const r = rollDice(state.dice, seat, [{ sides: 6, purpose: `Transfer Limitations chart, turn ${state.turn}` }], values);
  state.dice = r.dice;
  events.push(...r.events);
  state.transferChart = chartIndex(r.values[0]);
  events.push({ type: 'transfer-chart', text: `Transfer Limitations this turn: chart ${state.transferChart + 1}, "${lim.charts[state.transferChart].name}" (13.3).` });
}

/** "If I can send you 3 cards, you can also send me 3 cards": each direction has the cell's allowance. */
function pairKey(side: Side, from: ZoneId, to: ZoneId): string {
  return `${side}|${from}>${to}`;
}

/** Cards that may still move from one zone to another for this side this turn (Infinity: unlimited). */
export function transfersLeft(state: CwnbState, side: Side, a: ZoneId, b: ZoneId): number {
  const lim = state.options.optional.transferLimitations;
  if (!lim) return Infinity;
  if (state.transferChart === null) return 0;
  const cell = lim.charts[state.transferChart].limits[a]![b]!;
  const v = typeof cell === 'object' ? cell[side] : cell;
  if (v === 'U') return Infinity;
  return v - (state.transfersUsed[pairKey(side, a, b)] ?? 0);
}

/** Check and count one card (Ship, Action or Flag Officer) moving between zones. */
export function countTransfer(state: CwnbState, from: ZoneState, to: ZoneState, side: Side, unlimited: boolean, events: Events): void {
  const lim = state.options.optional.transferLimitations;
  if (!lim || unlimited) return;
  if (state.transferChart === null) refuse('chart-not-rolled', 'Roll for the Transfer Limitations chart first (13.3).', '13.3');
  const left = transfersLeft(state, side, from.id, to.id);
  if (left === Infinity) return;
  if (left <= 0) {
    refuse('transfer-limit', `Transfer Limitations: no more ${sideName(side)} cards may move from ${zoneName(from.id)} to ${zoneName(to.id)} this turn (chart ${state.transferChart + 1}).`, '13.3');
  }
  const key = pairKey(side, from.id, to.id);
  state.transfersUsed = { ...state.transfersUsed, [key]: (state.transfersUsed[key] ?? 0) + 1 };
  events.push({ type: 'note', text: `13.3: ${left - 1} more ${sideName(side)} card(s) may move from ${zoneName(from.id)} to ${zoneName(to.id)} this turn.` });
}
