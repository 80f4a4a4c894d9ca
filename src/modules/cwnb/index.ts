import { RuleError, refuse } from '../../engine/errors.ts';
import type { Action, RulesModule } from '../../engine/module.ts';
import { transact } from '../../engine/transact.ts';
import { actionSchema, type CwnbAction } from './actions.ts';
import { legalActions, waitingFor } from './legal-actions.ts';
import { parseOptions } from './options.ts';
import { beginDraft, seatParts, writableZone, type Events } from './rules/common.ts';
import { endBattleTurn, recordCondition, recordDamage, recordLandAttack, recordRetreat, recordSunk } from './rules/battle-record.ts';
import { commit } from './rules/commitment.ts';
import { setAside, startNextTurn } from './rules/end-of-turn.ts';
import { declineStrike, rollMission } from './rules/missions.ts';
import { dealNonCombatants } from './rules/non-combatants.ts';
import { buyCard, buyShip, donePurchasing } from './rules/purchases.ts';
import { setup } from './rules/setup.ts';
import { transferCard, transferEndpoints, transferShip } from './rules/transfers.ts';
import { endGame } from './rules/victory.ts';
import { portStrike, rollSpecialConditions } from './optional/special-conditions.ts';
import { rollEndTurn } from './optional/variable-end-turn.ts';
import { rollTransferChart } from './optional/transfer-limitations.ts';
import { transferFlagOfficer } from './optional/flag-officers.ts';
import { playAdditionalShip, useKeptAdditionalShip } from './optional/friction-of-war.ts';
import { actingFor, assignSeat, commanderSeats, commanderSide, teamNote } from './optional/overall-commanders.ts';
import type { CwnbOptions, CwnbState } from './state.ts';
import { seatOf } from './state.ts';
import { view } from './view.ts';

function dispatch(state: CwnbState, a: CwnbAction, events: Events): void {
  if (state.result) refuse('game-over', 'The campaign is over (11).', '11');
  // Actions of the whole game, not of one War Zone.
  switch (a.type) {
    case 'teamNote':
      return teamNote(state, a.seat, a.text, events);
    case 'assignSeat':
      return assignSeat(state, a.seat, a.target, a.player, events);
    case 'rollEndTurn':
      if (rollEndTurn(state, a.seat, a.values, events)) endGame(state, events);
      else startNextTurn(state, events);
      return;
    case 'rollTransferChart':
      return rollTransferChart(state, a.seat, a.values, events);
  }
  if (state.endRollDue) refuse('end-roll-first', 'The Campaign Game Turn is over: the end-game die is rolled first (13.1).', '13.1');
  // 14.1: an Overall Commander acts for a team seat during Battle Preparations.
  const seat = commanderSide(a.seat) ? actingFor(state, a.seat, a.type, 'for' in a ? a.for : undefined) : a.seat;
  const { side, zone: zoneId } = seatParts(state, seat);
  const zone = writableZone(state, zoneId);
  if (a.type !== 'playAdditionalShip') zone.lastRoll = null; // 13.5: a die can be re-rolled only before anything else happens
  switch (a.type) {
    case 'rollMission':
      return rollMission(state, zone, side, a.values, events);
    case 'declineStrike':
      return declineStrike(zone, side, events);
    case 'buyShip':
      return buyShip(state, zone, side, a.ship, events);
    case 'buyCard':
      return buyCard(state, zone, side, a.card, a.value, events);
    case 'donePurchasing':
      return donePurchasing(state, zone, side, events);
    case 'transferShip':
      return transferShip(state, zone, side, a.ship, a.to, events);
    case 'transferCard':
      return transferCard(state, zone, side, a.card, a.to, events);
    case 'commit':
      return commit(state, zone, side, a.ships, a.areaDefense, a.flagOfficer, events);
    case 'dealNonCombatants':
      return dealNonCombatants(state, zone, side, a.cards, events);
    case 'sink':
      return recordSunk(state, zone, a.ship, a.cause, events);
    case 'damage':
      return recordDamage(state, zone, a.ship, a.amount, events);
    case 'cripple':
      return recordCondition(state, zone, a.ship, 'crippled', a.value, events);
    case 'criticalDamage':
      return recordCondition(state, zone, a.ship, 'critical', a.value, events);
    case 'submarine':
      return recordCondition(state, zone, a.ship, 'passive', a.mode === 'passive', events);
    case 'retreat':
      return recordRetreat(state, zone, side, events);
    case 'landAttack':
      if (a.attack === 'carrier-air-strike') {
        if (typeof a.success !== 'boolean') refuse('success-required', 'Say whether the Carrier Air Strike succeeded.', '9.7');
        return recordLandAttack(state, zone, side, { attack: a.attack, success: a.success, surprise: a.surprise }, events);
      }
      if (a.damage === undefined) refuse('damage-required', 'Give the attack card\'s Damage Value.', '9.1');
      return recordLandAttack(state, zone, side, { attack: a.attack, damage: a.damage, surprise: a.surprise }, events);
    case 'endBattleTurn':
      return endBattleTurn(state, zone, side, events);
    case 'setAside':
      return setAside(state, zone, side, a.card ? { type: a.card, value: a.value } : null, events);
    case 'rollSpecialConditions':
      return rollSpecialConditions(state, zone, side, a.values, events);
    case 'portStrike':
      return portStrike(state, zone, side, a.choice, a.values, events);
    case 'transferFlagOfficer': {
      const dest = transferEndpoints(state, zone, side, a.to, 'card', events);
      return transferFlagOfficer(state, zone, dest, side, events);
    }
    case 'playAdditionalShip':
      return playAdditionalShip(state, zone, side, a.use, a.side, a.values, events);
    case 'useKeptAdditionalShip':
      return useKeptAdditionalShip(state, zone, side, a.use, events);
  }
}

/** The CWNB Campaign rules module (rules 3–11; optional rules 13 and 14 plug in beside them). */
export const cwnb: RulesModule<CwnbState, CwnbOptions> = {
  id: 'cwnb-campaign',
  parseOptions,
  setup,
  seats: (state) => [...state.options.zones.flatMap((z) => [seatOf('allied', z), seatOf('soviet', z)]), ...commanderSeats(state)],
  waitingFor,
  legalActions,
  apply(state, action: Action) {
    const parsed = actionSchema.safeParse(action);
    if (!parsed.success) {
      const known = actionSchema.options.some((o) => o.shape.type.value === action?.type);
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'action'}: ${i.message}`).join('; ');
      return new RuleError(known ? 'bad-action' : 'unknown-action', known ? `Malformed ${action.type} action: ${detail}` : `Unknown action type "${String(action?.type)}".`);
    }
    return transact(state, beginDraft, (draft, events) => dispatch(draft, parsed.data, events));
  },
  view,
  isOver: (state) => state.result !== null,
};

export default cwnb;
