import { z } from 'zod';
import { refuse, ruleError } from '../../../engine/errors.ts';
import type { Side } from '../data/types.ts';
import type { OptionalRule } from '../hooks.ts';
import { gameAction, no, say, seatWords, sideName, zoneName } from '../rules/common.ts';
import { inBattlePreparations } from '../rules/sequence-of-play.ts';
import type { CwnbState } from '../state.ts';
import { parseSeat, seatOf } from '../state.ts';

/**
 * 14.1 Overall Commanders: an optional seat per team ("commander:allied"). During Battle
 * Preparations the Overall Commander leads the Team Summit, may move the team's players between
 * War Zones, and may order — and carry out for them — purchases and transfers (the actions marked
 * `proxy`). During the Battle Turns the Overall Commander sees the team's zones and writes team
 * notes but makes no move.
 */
export function commanderSide(seat: string): Side | null {
  if (seat === 'commander:allied') return 'allied';
  if (seat === 'commander:soviet') return 'soviet';
  return null;
}

/** The team's War Zone seats in Battle Preparations (where the Overall Commander may give orders). */
function preparingSeats(state: CwnbState, side: Side): string[] {
  return state.options.zones.filter((id) => inBattlePreparations(state.zones[id]!)).map((id) => seatOf(side, id));
}

/** 14.1: the Overall Commander moves a player of the team to another War Zone seat. */
export const assignSeat = gameAction({
  type: 'assignSeat',
  commands: [{ word: 'assign' }],
  rule: '14.1',
  decision: false,
  schema: z.object({ target: z.string(), player: z.string() }),
  label: () => 'Move a player of your team to a War Zone seat',
  notOnline: 'Online the referee moves players between War Zone seats, in the Seats panel of the campaign page: ask the referee (14.1).',
  when(state, seat, explain) {
    const side = commanderSide(seat);
    if (!side) return no(explain, 'commander-only', () => 'Only an Overall Commander moves players between War Zones (14.1).');
    return preparingSeats(state, side).length ? null : no(explain, 'commander-battle', () => 'Players are moved between War Zones during Battle Preparations (14.1).');
  },
  fields(state, seat) {
    const side = commanderSide(seat)!;
    return {
      target: { kind: 'choice', label: 'Seat', help: "The War Zone seat of your team the player takes; only seats in Battle Preparations (14.1).", options: preparingSeats(state, side).map((s) => ({ value: s, label: `${seatWords(s)}${state.holders[s] ? ` (${state.holders[s]})` : ''}` })) },
      player: { kind: 'text', label: 'Player', help: 'The name of the player moved to that seat; they leave any other seat of the team (14.1).', maxLength: 100 },
    };
  },
  apply(state, seat, a, ctx) {
    const side = commanderSide(seat)!;
    const p = parseSeat(a.target);
    if (!p || p.side !== side || !state.zones[p.zone]) refuse('commander-target', `Name one of your team's seats, e.g. ${side}:${state.options.zones[0]}.`, '14.1');
    if (!inBattlePreparations(state.zones[p.zone]!)) refuse('commander-battle', 'Players are moved between War Zones during Battle Preparations (14.1).', '14.1');
    const name = a.player.trim();
    if (!name) refuse('bad-player', "Give the player's name.", '14.1');
    const holders = { ...state.holders };
    const replaced = holders[a.target] !== name ? holders[a.target] : undefined;
    // The player leaves the seat they held in this team, if any (not in the midst of a battle); whoever held the target seat is now unassigned.
    const left: string[] = [];
    for (const [s, n] of Object.entries(holders)) {
      const from = parseSeat(s);
      if (n !== name || from?.side !== side) continue;
      const step = state.zones[from.zone]?.step;
      if (step === 'battle' || step === 'set-aside') refuse('commander-battle', `${name} is in the Battle Turns of the ${zoneName(from.zone)}; players are moved between War Zones during Battle Preparations (14.1).`, '14.1');
      delete holders[s];
      if (s !== a.target) left.push(s);
    }
    holders[a.target] = name;
    state.holders = holders;
    const seatName = (s: string) => `the ${sideName(side)} seat of the ${zoneName(parseSeat(s)!.zone)}`;
    const text = [
      `${sideName(side)} Overall Commander assigns ${name} to ${seatName(a.target)}${replaced ? `, in place of ${replaced}` : ''} (14.1).`,
      // Said, so that the table sees a seat left without a player (h21).
      ...left.map((s) => `${name} leaves ${seatName(s)}, which has no player now.`),
    ].join(' ');
    say(ctx, { type: 'assign', side, target: a.target, player: name, left, ...(replaced ? { replaced } : {}), text });
  },
});

export const overallCommanders: OptionalRule = {
  rule: '14.1',
  name: 'Overall Commanders',
  on: (o) => !!o.optional.overallCommanders,
  actions: [assignSeat],
  hooks: {
    otherSeats: () => [
      { seat: 'commander:allied', team: 'allied' },
      { seat: 'commander:soviet', team: 'soviet' },
    ],
    proxy(state, seat) {
      const side = commanderSide(seat);
      return side ? state.options.zones.map((id) => seatOf(side, id)) : null;
    },
    proxyRefusal(state, seat, target, allowed) {
      const side = commanderSide(seat)!;
      if (!allowed) return ruleError('commander-no-orders', 'The Overall Commander orders purchases and transfers during Battle Preparations; the players make every other decision (14.1).', '14.1');
      const p = parseSeat(target);
      if (!p || p.side !== side || !state.zones[p.zone]) return ruleError('commander-target', `Name the ${sideName(side)} seat you act for ("for": "${side}:<zone>").`, '14.1');
      if (!inBattlePreparations(state.zones[p.zone]!)) return ruleError('commander-battle', 'During the Battle Turns the Overall Commander may not issue any orders (14.1).', '14.1');
      return null;
    },
  },
};
