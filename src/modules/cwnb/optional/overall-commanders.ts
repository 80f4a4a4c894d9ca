import { refuse } from '../../../engine/errors.ts';
import type { Side } from '../data/types.ts';
import type { CwnbState } from '../state.ts';
import { parseSeat } from '../state.ts';
import { sideName, type Events } from '../rules/common.ts';

/**
 * 14.1 Overall Commanders: an optional seat per team ("commander:allied"). During Battle
 * Preparations the Overall Commander leads the Team Summit, may move the team's players between
 * War Zones, and may order — and carry out for them — purchases and transfers. During the Battle
 * Turns the Overall Commander sees the team's zones and writes team notes but makes no move.
 * Team notes (14.1 Team Summit, 6.C.1) are private to the team.
 */
export const COMMANDER_ACTIONS = new Set(['buyShip', 'buyCard', 'donePurchasing', 'transferShip', 'transferCard', 'transferFlagOfficer']);
const PREPARATION_STEPS = ['mission', 'conditions', 'purchase', 'preparation'];

export function commanderSide(seat: string): Side | null {
  if (seat === 'commander:allied') return 'allied';
  if (seat === 'commander:soviet') return 'soviet';
  return null;
}

export function commanderSeats(state: CwnbState): string[] {
  return state.options.optional.overallCommanders ? ['commander:allied', 'commander:soviet'] : [];
}

/** The team seat an Overall Commander acts for; refuses outside Battle Preparations. */
export function actingFor(state: CwnbState, seat: string, type: string, target: string | undefined): string {
  const side = commanderSide(seat)!;
  if (!state.options.optional.overallCommanders) refuse('no-commanders', 'Overall Commanders are not in use in this game.', '14.1');
  if (!COMMANDER_ACTIONS.has(type)) {
    refuse('commander-no-orders', 'The Overall Commander orders purchases and transfers during Battle Preparations; the players make every other decision (14.1).', '14.1');
  }
  const p = target ? parseSeat(target) : null;
  if (!p || p.side !== side || !state.zones[p.zone]) refuse('commander-target', `Name the ${sideName(side)} seat you act for ("for": "${side}:<zone>").`, '14.1');
  if (!PREPARATION_STEPS.includes(state.zones[p.zone]!.step)) {
    refuse('commander-battle', 'During the Battle Turns the Overall Commander may not issue any orders (14.1).', '14.1');
  }
  return target!;
}

function teamOf(state: CwnbState, seat: string): Side {
  const side = commanderSide(seat) ?? parseSeat(seat)?.side;
  if (!side || (commanderSide(seat) && !state.options.optional.overallCommanders) || (!commanderSide(seat) && !state.zones[parseSeat(seat)!.zone])) {
    refuse('unknown-seat', `"${seat}" is not a seat in this game.`);
  }
  return side;
}

/** 14.1 / 6.C.1 Team Summit: a note only the team sees. */
export function teamNote(state: CwnbState, seat: string, text: string, events: Events): void {
  const side = teamOf(state, seat);
  const t = text.trim();
  if (!t || t.length > 2000) refuse('bad-note', 'A team note is 1 to 2000 characters.', '14.1');
  state.notes = { ...state.notes, [side]: [...state.notes[side], { by: seat, turn: state.turn, text: t }] };
  events.push({ type: 'team-note', side, private: side, text: `${sideName(side)} team note added.` });
}

/** 14.1: the Overall Commander moves a player of the team to another War Zone seat. */
export function assignSeat(state: CwnbState, seat: string, target: string, player: string, events: Events): void {
  const side = commanderSide(seat);
  if (!side || !state.options.optional.overallCommanders) refuse('commander-only', 'Only an Overall Commander moves players between War Zones (14.1).', '14.1');
  const p = parseSeat(target);
  if (!p || p.side !== side || !state.zones[p.zone]) refuse('commander-target', `Name one of your team's seats, e.g. ${side}:${state.options.zones[0]}.`, '14.1');
  if (!PREPARATION_STEPS.includes(state.zones[p.zone]!.step)) refuse('commander-battle', 'Players are moved between War Zones during Battle Preparations (14.1).', '14.1');
  const name = player.trim();
  if (!name) refuse('bad-player', 'Give the player\'s name.', '14.1');
  const holders = { ...state.holders };
  // The player leaves the seat they held in this team, if any; whoever held the target seat is now unassigned.
  for (const [s, n] of Object.entries(holders)) if (n === name && parseSeat(s)?.side === side) delete holders[s];
  holders[target] = name;
  state.holders = holders;
  events.push({ type: 'assign', text: `${sideName(side)} Overall Commander assigns ${name} to ${target} (14.1).` });
}
