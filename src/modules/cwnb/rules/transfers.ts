import { refuse } from '../../../engine/errors.ts';
import type { Side, ZoneId } from '../data/types.ts';
import type { CwnbState, ZoneState } from '../state.ts';
import { shipCard, sideName, writableZone, zoneName, type Events } from './common.ts';
import { checkTransferConditions } from '../optional/special-conditions.ts';
import { countTransfer } from '../optional/transfer-limitations.ts';
import { unlimitedTransfers } from '../optional/friction-of-war.ts';

/**
 * 6.C.3: teammates may transfer Ship cards from their Task Force and Action cards from their
 * hand, during Battle Preparations after purchases and before either player commits.
 */
export function transferEndpoints(state: CwnbState, from: ZoneState, side: Side, to: ZoneId, what: 'ship' | 'card', events: Events): ZoneState {
  if (!state.zones[to]) refuse('zone-not-in-play', `The ${to} War Zone is not in play.`, '6.C.3');
  const dest = writableZone(state, to);
  if (dest.id === from.id) refuse('transfer-to-self', 'Transfers go to a teammate in another War Zone.', '6.C.3');
  for (const z of [from, dest]) {
    if (!state.purchasesResolved || !['preparation', 'mission', 'conditions'].includes(z.step)) {
      refuse('not-transfer-step', `Transfers are made in Battle Preparations, after purchases and before the battle (${zoneName(z.id)} is not there).`, '6.C.3');
    }
    if (z.players[side].commitment) {
      refuse('already-committed', `${zoneName(z.id)}: the ${sideName(side)} player has already committed; transfers must come before Battle Commitment.`, '6.C.3');
    }
  }
  checkTransferConditions(from, dest, side, what); // 13.2.8, 13.2.9
  countTransfer(state, from, dest, side, unlimitedTransfers(from, side) || unlimitedTransfers(dest, side), events); // 13.3, 13.5
  return dest;
}

export function transferShip(state: CwnbState, from: ZoneState, side: Side, ship: string, to: ZoneId, events: Events): void {
  const s = from.players[side].fleet[ship];
  if (!s) refuse('not-your-ship', `"${ship}" is not in your Task Force.`, '6.C.3');
  const dest = transferEndpoints(state, from, side, to, 'ship', events);
  delete from.players[side].fleet[ship];
  dest.players[side].fleet[ship] = s;
  events.push({
    type: 'transfer',
    text: `${sideName(side)}: ${shipCard(state, ship)!.name} transferred from ${zoneName(from.id)} to ${zoneName(dest.id)}.`,
  });
}

export function transferCard(state: CwnbState, from: ZoneState, side: Side, index: number, to: ZoneId, events: Events): void {
  const cards = from.players[side].cards;
  if (!Number.isInteger(index) || index < 0 || index >= cards.length) {
    refuse('no-such-card', `You hold ${cards.length} known Action card(s); choose one of them by number.`, '6.C.3');
  }
  const dest = transferEndpoints(state, from, side, to, 'card', events);
  const [card] = cards.splice(index, 1);
  dest.players[side].cards.push(card);
  events.push({ type: 'transfer', text: `${sideName(side)}: ${card.type} card transferred from ${zoneName(from.id)} to ${zoneName(dest.id)}.` });
}
