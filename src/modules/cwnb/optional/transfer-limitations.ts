import { z } from 'zod';
import { refuse } from '../../../engine/errors.ts';
import { SIDES, type Side, type ZoneId } from '../data/types.ts';
import { hooksOf, type OptionalRule } from '../hooks.ts';
import { diceFields, diceSchema, gameAction, no, reliesOn, roll, say, sideName, teamOfSeat, zoneName } from '../rules/common.ts';
import { transferWindow } from '../rules/sequence-of-play.ts';
import type { CwnbState, ZoneState } from '../state.ts';
import { unlimitedTransfers } from './friction-of-war.ts';

/**
 * 13.3 Transfer Limitations: card transfers between War Zones are limited by distance. A die
 * each Campaign Game Turn picks the chart (1–2, 3–5, 6); a cell is unlimited, a number of cards,
 * or Allied/Soviet numbers, allowed in each direction. The charts are not in the rulebook's text:
 * the game's options must supply them (validated at setup). A kept Additional Ship card lifts the
 * limit to and from its zone (13.5).
 */

export function chartIndex(die: number): number {
  return die <= 2 ? 0 : die <= 5 ? 1 : 2;
}

export const rollTransferChart = gameAction({
  type: 'rollTransferChart',
  commands: [{ word: 'chart' }],
  rule: '13.3',
  decision: false,
  schema: z.object({ values: diceSchema }),
  label: () => "Roll for this turn's Transfer Limitations chart",
  // By any player, once the purchases are carried out: 13.3 names no roller, and whoever wants to
  // transfer first may roll it rather than wait on another (docs/rulings.md).
  when(state, seat, explain) {
    if (!teamOfSeat(state, seat)) return no(explain, 'unknown-seat', () => `"${seat}" is not a seat in this game.`);
    return state.purchasesResolved && state.transferChart === null ? null : no(explain, 'no-chart-roll', () => 'The Transfer Limitations chart is rolled once per turn, when transfers begin (13.3).');
  },
  fields: (state) => diceFields(state, [6], ['chart die']),
  apply(state, seat, a, ctx) {
    const [die] = roll(state, ctx, seat, [{ sides: 6, purpose: `Transfer Limitations chart, turn ${state.turn}` }], a.values);
    state.transferChart = chartIndex(die);
    const name = state.options.optional.transferLimitations!.charts[state.transferChart].name;
    say(ctx, { type: 'transfer-chart', chart: state.transferChart, name, text: `Transfer Limitations this turn: chart ${state.transferChart + 1}, "${name}" (13.3).` });
  },
});

/** "If I can send you 3 cards, you can also send me 3 cards": each direction has the cell's allowance. */
function pairKey(side: Side, from: ZoneId, to: ZoneId): string {
  return `${side}|${from}>${to}`;
}

/** Cards that may still move from one zone to another for this side this turn (Infinity: unlimited). */
export function transfersLeft(state: CwnbState, side: Side, a: ZoneId, b: ZoneId): number {
  if (state.transferChart === null) return 0;
  const cell = state.options.optional.transferLimitations!.charts[state.transferChart].limits[a]![b]!;
  const v = typeof cell === 'object' ? cell[side] : cell;
  if (v === 'U') return Infinity;
  return v - (state.transfersUsed[pairKey(side, a, b)] ?? 0);
}

const unlimited = (from: ZoneState, to: ZoneState, side: Side) => unlimitedTransfers(from, side) || unlimitedTransfers(to, side);

/** The board's line for each side still transferring from this War Zone: what the chart leaves it to each other zone. */
function reminders(state: CwnbState, from: ZoneState): string[] {
  if (state.transferChart === null) {
    const open = SIDES.some((side) => transferWindow(state, from, side));
    return open ? ['13.3 Transfer Limitations: the chart is not rolled yet this turn; any player may roll it ("Roll for this turn\'s Transfer Limitations chart") before the first transfer to another War Zone.'] : [];
  }
  const chart = `chart ${state.transferChart + 1} ("${state.options.optional.transferLimitations!.charts[state.transferChart].name}")`;
  return SIDES.filter((side) => transferWindow(state, from, side)).map((side) => {
    const to = state.options.zones.filter((id) => id !== from.id).map((id) => {
      const dest = state.zones[id]!;
      const left = !hooksOf(state).transferOpen(state, from, dest, side) ? 0 : unlimited(from, dest, side) ? Infinity : transfersLeft(state, side, from.id, id); // 0: closed by this chart or another rule (13.2.8 Priority)
      return `the ${zoneName(id)}: ${left === Infinity ? 'any number' : left > 0 ? left : 'none'}`; // "the North Sea: 3", not "the North Sea 3"
    });
    return `13.3 Transfer Limitations, ${chart}: ${sideName(side)} cards may still move from here to ${to.join('; ')}.`;
  });
}

export const transferLimitations: OptionalRule = {
  rule: '13.3',
  name: 'Transfer Limitations',
  on: (o) => !!o.optional.transferLimitations,
  actions: [rollTransferChart],
  hooks: {
    reminders,
    newTurn(state) {
      state.transferChart = null;
      state.transfersUsed = {};
    },
    transferOpen: (state, from, to, side) => unlimited(from, to, side) || transfersLeft(state, side, from.id, to.id) > 0,
    checkTransfer(state, from, to, side) {
      if (unlimited(from, to, side)) return;
      if (state.transferChart === null) refuse('chart-not-rolled', "Roll for this turn's Transfer Limitations chart first: any player may (13.3).", '13.3');
      reliesOn('transfer-limits'); // the chart die is not taken back from under this transfer
      if (transfersLeft(state, side, from.id, to.id) <= 0) {
        refuse('transfer-limit', `Transfer Limitations: no more ${sideName(side)} cards may move from ${zoneName(from.id)} to ${zoneName(to.id)} this turn (chart ${state.transferChart + 1}).`, '13.3');
      }
    },
    transferred(state, from, to, side, ctx) {
      if (unlimited(from, to, side)) return;
      const left = transfersLeft(state, side, from.id, to.id);
      if (left === Infinity) return;
      const key = pairKey(side, from.id, to.id);
      state.transfersUsed = { ...state.transfersUsed, [key]: (state.transfersUsed[key] ?? 0) + 1 };
      say(ctx, { type: 'note', rule: '13.3', side, fromZone: from.id, toZone: to.id, left: left - 1, text: `13.3: ${left - 1} more ${sideName(side)} card(s) may move from ${zoneName(from.id)} to ${zoneName(to.id)} this turn.` });
    },
  },
};
