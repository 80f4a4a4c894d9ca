import type { Action, RulesModule } from '../../engine/module.ts';
import { setRulebookCompiler, rulebookOf } from './hooks.ts';
import { decision, phaseMark, placeName, scopeName, seatLabel, teamLabel } from './labels.ts';
import { compileRulebook } from './optional-rules.ts';
import { parseOptions } from './options.ts';
import { actionsFor, allSeats, teamOfSeat } from './rules/common.ts';
import { setup } from './rules/setup.ts';
import type { CwnbOptions, CwnbState } from './state.ts';
import { other, parseSeat, seatOf } from './state.ts';
import { view } from './view.ts';

setRulebookCompiler(compileRulebook);

/**
 * 0.1 → 2: an Action card was named by its position in the hand; now by its id. The id is the
 * card's at that position when the action is replayed.
 */
function migrateAction(state: CwnbState, action: Action): Action {
  if (action.type !== 'transferCard' || typeof action.card !== 'number') return action;
  const seat = String(action.for ?? action.seat);
  const p = parseSeat(seat);
  const card = p && state.zones[p.zone]?.players[p.side].cards[action.card];
  return card ? { ...action, card: card.id } : { ...action, card: `#${action.card}` };
}

/** The same War Zone's seat of the other team, or the other team's Overall Commander (14.1). */
function otherSide(seat: string): string | null {
  if (seat === 'commander:allied') return 'commander:soviet';
  if (seat === 'commander:soviet') return 'commander:allied';
  const p = parseSeat(seat);
  return p && `${other(p.side)}:${p.zone}`;
}

/** The CWNB Campaign rules module (rules 3–11; optional rules 13 and 14 plug in through hooks). */
export const cwnb: RulesModule<CwnbState, CwnbOptions> = {
  id: 'cwnb-campaign',
  parseOptions,
  setup,
  seats: allSeats,
  teams: () => ['allied', 'soviet'],
  teamOf: teamOfSeat,
  placeOf: (seat) => parseSeat(seat)?.zone ?? null,
  seatLabel,
  teamLabel,
  decision,
  placeName,
  scopeName,
  phaseMark,
  actions: (state) => rulebookOf(state.options).actions,
  actionsFor,
  view,
  isOver: (state) => state.result !== null,
  rollsFromSeed: (state) => !state.dice.physical,
  scopeSeats(state, scope) {
    const [zone, part] = scope.startsWith('zone:') ? scope.slice(5).split('/') : [''];
    if (part !== undefined && part !== 'allied' && part !== 'soviet') return []; // a player's part of a zone, or the zone
    return state.options.zones.includes(zone as never) ? [seatOf('allied', zone as never), seatOf('soviet', zone as never)] : [];
  },
  // 5: the players' names per seat.
  namePlayers: (raw, names) => ({ ...(raw as object), players: { ...(raw as { players?: Record<string, string> }).players, ...names } }),
  otherSide,
  // A game begun with 0.1 keeps the readings it was played under.
  migrateOptions: (raw) => (raw && typeof raw === 'object' && !('rulings' in raw) ? { ...raw, rulings: '0.1' } : raw),
  migrateAction,
};

/**
 * 5: a player named (`options.players`) for a seat this game does not have, with the seats it
 * has; undefined when every name is for one of them. The CLI's `new` and the create form refuse
 * it; `parseOptions` does not, so that files written by 0.x with such a name still open.
 */
export function strayPlayerSeat(options: CwnbOptions): { seat: string; seats: readonly string[] } | undefined {
  const seats = allSeats(setup(options));
  const seat = Object.keys(options.players).find((s) => !seats.includes(s));
  return seat === undefined ? undefined : { seat, seats };
}

export default cwnb;
