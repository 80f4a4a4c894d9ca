import { refuse } from '../../../engine/errors.ts';
import type { Side } from '../data/types.ts';
import type { CwnbState, PlayerState, ZoneState } from '../state.ts';
import { other } from '../state.ts';
import { advantagedSide, score, sideName, zoneName, type Events } from '../rules/common.ts';
import { rollMission } from '../rules/missions.ts';
import { rollSpecialConditions } from './special-conditions.ts';

/**
 * 13.5 Friction of War: Additional Ship cards are jokers. Wardroom records each one played (the
 * cards themselves are drawn at the table) and enforces what it does to the campaign.
 */
export const ADDITIONAL_SHIP = 'Additional Ship';

export type JokerUse =
  | 'reroll-mission' // re-roll the mission die Wardroom just rolled
  | 'reroll-conditions' // re-roll a Special Conditions roll, either side's (13.2)
  | 'reroll-table-die' // re-roll a die rolled at the table in the battle (recorded only)
  | 'points' // +2 on the Point Track
  | 'bank' // banked for 5 Victory Points at 7.2.4
  | 'flag-officer-present'
  | 'flag-officer-absent';

function on(state: CwnbState): void {
  if (!state.options.optional.frictionOfWar) refuse('no-friction-of-war', 'Friction of War (Additional Ship cards as jokers) is an optional rule not in use in this game.', '13.5');
}

export function playAdditionalShip(state: CwnbState, zone: ZoneState, side: Side, use: JokerUse, target: Side | undefined, values: number[] | undefined, events: Events): void {
  on(state);
  const p = zone.players[side];
  const say = (what: string) => events.push({ type: 'joker', zone: zone.id, side, use, text: `${zoneName(zone.id)}: ${sideName(side)} plays an Additional Ship card — ${what} (13.5).` });
  if (zone.step === 'turn-done') refuse('joker-too-late', 'This War Zone has finished its Campaign Game Turn.', '13.5');
  switch (use) {
    case 'reroll-mission': {
      if (zone.lastRoll?.kind !== 'mission') refuse('nothing-to-reroll', 'The mission die can be re-rolled only right after it was rolled, before anything else happens in this War Zone.', '13.5');
      say('re-roll the mission die; only the final result stands');
      zone.mission = null;
      zone.step = 'mission';
      rollMission(state, zone, advantagedSide(zone.status), values, events);
      break;
    }
    case 'reroll-conditions': {
      const s = target ?? side;
      if (zone.lastRoll?.kind !== 'conditions' || zone.lastRoll.side !== s || zone.step !== 'conditions') {
        refuse('nothing-to-reroll', `The ${sideName(s)} Special Conditions roll can be re-rolled only right after it was rolled, before anything else happens in this War Zone.`, '13.5');
      }
      say(`re-roll the ${sideName(s)} Special Conditions`);
      rollSpecialConditions(state, zone, s, values, events, true);
      break;
    }
    case 'reroll-table-die':
      if (zone.step !== 'battle') refuse('not-battle-step', 'Table dice are re-rolled during the Battle Turns.', '13.5');
      say('re-roll a die at the table (Jink and Bounce cannot be re-rolled; only the final result stands)');
      break;
    case 'points':
      say('+2 points on the Point Track');
      score(zone, side, 2, 'other', events, '13.5 Additional Ship card');
      break;
    case 'bank':
      if (zone.step !== 'set-aside' || p.setAside) refuse('bank-when', 'An Additional Ship card is banked when ships in port are scored (7.2.4): play it before setting aside your card.', '13.5');
      say('banked for 5 Victory Points (not counted toward the turn\'s winner)');
      p.banked += 5;
      events.push({ type: 'bank', zone: zone.id, side, amount: 5, text: `${zoneName(zone.id)}: ${sideName(side)} banks 5 Victory Points for an Additional Ship card (${p.banked} banked in this zone; rule 13.5).` });
      break;
    case 'flag-officer-present':
    case 'flag-officer-absent': {
      if (!state.options.optional.flagOfficers) refuse('no-flag-officers', 'Flag Officers are an optional rule not in use in this game.', '13.4');
      if (!['mission', 'conditions', 'purchase', 'preparation'].includes(zone.step) || p.commitment || zone.players[other(side)].commitment) {
        refuse('flag-order-when', 'Flag Officer orders are given before the Battle Commitment.', '13.5');
      }
      p.flagOrder = { ...p.flagOrder, [use === 'flag-officer-present' ? 'present' : 'absent']: true };
      say(use === 'flag-officer-present' ? 'a Flag Officer is present in your Task Force this turn' : 'the enemy Flag Officer is absent this turn');
      break;
    }
  }
  p.jokersPlayed += 1;
}

/** 13.5: the Additional Ship card kept between turns (7.2.1) is played for one of its two uses. */
export function useKeptAdditionalShip(state: CwnbState, zone: ZoneState, side: Side, use: 'ship-at-point-value' | 'unlimited-transfers', events: Events): void {
  on(state);
  const p = zone.players[side];
  if (p.keptAdditionalShip !== 'unused') refuse('no-kept-card', 'You did not keep an Additional Ship card from the last turn (7.2.1), or it is already used.', '13.5');
  if (use === 'ship-at-point-value' && (zone.step !== 'purchase' || p.order.done)) refuse('not-purchase-step', 'Use it while you are ordering purchases (6.C.2).', '13.5');
  if (!['mission', 'conditions', 'purchase', 'preparation'].includes(zone.step)) refuse('too-late', 'The kept card is played during Battle Preparations.', '13.5');
  p.keptAdditionalShip = use;
  const i = p.cards.findIndex((c) => c.type === ADDITIONAL_SHIP);
  if (i >= 0) p.cards.splice(i, 1);
  events.push({
    type: 'joker',
    zone: zone.id,
    side,
    text: `${zoneName(zone.id)}: ${sideName(side)} plays the kept Additional Ship card — ${use === 'ship-at-point-value' ? 'one ship bought at its Point Value this turn' : 'unlimited card transfers to and from this War Zone this turn'} (13.5).`,
  });
}

/** 13.5: one ship of the order at its Point Value instead of double (the most expensive one). */
export function keptShipDiscount(p: PlayerState): boolean {
  return p.keptAdditionalShip === 'ship-at-point-value';
}

export function unlimitedTransfers(zone: ZoneState, side: Side): boolean {
  return zone.players[side].keptAdditionalShip === 'unlimited-transfers';
}
