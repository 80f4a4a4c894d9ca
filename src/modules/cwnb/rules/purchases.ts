import { refuse } from '../../../engine/errors.ts';
import { ACTION_CARDS, actionCardType } from '../data/index.ts';
import type { Side, ZoneId } from '../data/types.ts';
import type { CwnbState, HeldCard, PlayerState, ZoneState } from '../state.ts';
import { seatOf } from '../state.ts';
import { shipCard, sideName, writableZones, zoneName, type Events } from './common.ts';
import { actionCardLimit, priorityDiscounts, shipLimit } from '../optional/special-conditions.ts';
import { keptShipDiscount } from '../optional/friction-of-war.ts';

/** 6.C.2 Purchase Costs: a ship costs its Point Value on turn 1, double afterwards. */
export function shipCost(turn: number, points: number): number {
  return turn === 1 ? points : 2 * points;
}

/** The cost table's turn bracket: turns 1–2, 3–4, 5–6, 7+. */
export function costBracket(turn: number): 0 | 1 | 2 | 3 {
  return turn <= 2 ? 0 : turn <= 4 ? 1 : turn <= 6 ? 2 : 3;
}

/** 6.C.2 Draw Card Costs; attack cards cost half their value, rounded down. */
export function cardCost(turn: number, card: HeldCard): number {
  const t = actionCardType(card.type)!;
  return t.costs === 'half-value' ? Math.floor((card.value ?? 0) / 2) : t.costs[costBracket(turn)];
}

/** 6.C.2: no more than five Action cards per player per Campaign Game Turn (13.2.6 and 13.2.9 change it). */
export function maxActionCards(zone: ZoneState, side: Side): number {
  return actionCardLimit(zone, side);
}

type Order = { ships: readonly string[]; cards: readonly HeldCard[] };

/**
 * What an order costs this player: the 6.C.2 prices, less 13.2.8 Priority (the three dearest
 * Action cards at half price, rounded up) and the 13.5 kept Additional Ship (the dearest ship at
 * its Point Value).
 */
export function orderCost(state: CwnbState, zone: ZoneState, side: Side, order: Order = zone.players[side].order): number {
  const p = zone.players[side];
  const ships = order.ships.map((id) => shipCost(state.turn, shipCard(state, id)!.points)).sort((a, b) => b - a);
  if (keptShipDiscount(p) && ships.length && state.turn > 1) ships[0] /= 2;
  const cards = order.cards.map((c) => cardCost(state.turn, c)).sort((a, b) => b - a);
  const discounts = Math.max(0, priorityDiscounts(zone, side) - p.priorityUsed);
  for (let i = 0; i < Math.min(discounts, cards.length); i++) cards[i] = Math.ceil(cards[i] / 2);
  return [...ships, ...cards].reduce((a, b) => a + b, 0);
}

/** Where a ship card is now: a zone's Task Force, sunk, or available. */
export function shipLocation(state: CwnbState, id: string): { zone: ZoneId; side: Side } | 'sunk' | null {
  if (state.sunk.includes(id)) return 'sunk';
  for (const z of Object.values(state.zones)) {
    for (const side of ['allied', 'soviet'] as const) if (z!.players[side].fleet[id]) return { zone: z!.id, side };
  }
  return null;
}

function purchasing(state: CwnbState, zone: ZoneState, side: Side): PlayerState {
  if (zone.step !== 'purchase' || state.purchasesResolved) {
    refuse('not-purchase-step', `${zoneName(zone.id)}: purchases are made in Battle Preparations after the mission is known (6.C.2).`, '6.C.2');
  }
  const p = zone.players[side];
  if (p.order.done) refuse('purchases-done', 'You have finished purchasing this turn; undo to change your order.', '6.C.2');
  return p;
}

/** Refuse an order the Point Track cannot pay; return what the new item adds to the order's cost. */
function afford(state: CwnbState, zone: ZoneState, side: Side, next: Order, what: string): number {
  const p = zone.players[side];
  const committed = orderCost(state, zone, side);
  const total = orderCost(state, zone, side, next);
  if (total > p.track) {
    refuse(
      'not-enough-points',
      `${what} costs ${total - committed}; your order already costs ${committed} and your Point Track has ${p.track}. Banked Victory Points can never be spent (6.C.2).`,
      '6.C.2',
    );
  }
  return total - committed;
}

export function buyShip(state: CwnbState, zone: ZoneState, side: Side, id: string, events: Events): void {
  const p = purchasing(state, zone, side);
  const card = shipCard(state, id);
  if (!card) refuse('unknown-ship', `There is no ship "${id}" in this game's roster.`);
  if (card.side !== side) refuse('wrong-side', `${card.name} is on the ${sideName(card.side)} side.`, '6.C.2');
  const where = shipLocation(state, id);
  if (where === 'sunk') refuse('ship-sunk', `${card.name} was sunk: sunk ships may not be purchased or return to play (6.C.2).`, '6.C.2');
  if (where) refuse('ship-in-play', `${card.name} is already in the ${zoneName(where.zone)} Task Force: a ship can be in one place only.`, '6.C.2');
  if (p.order.ships.includes(id)) refuse('ship-already-ordered', `${card.name} is already in your order.`, '6.C.2');
  if (p.shipsBought + p.order.ships.length >= shipLimit(state, zone, side)) {
    refuse('rushed-one-ship', 'Rushed: you may purchase at most one Ship card this turn.', '13.2.9');
  }
  const cost = afford(state, zone, side, { ships: [...p.order.ships, id], cards: p.order.cards }, `${card.name} (${card.points} points${state.turn === 1 ? '' : ', doubled after turn 1'})`);
  p.order.ships.push(id);
  events.push({ type: 'order', zone: zone.id, side, private: side, text: `${sideName(side)} orders ${card.name} for ${cost}.` });
}

export function buyCard(
  state: CwnbState,
  zone: ZoneState,
  side: Side,
  type: string,
  value: number | undefined,
  events: Events,
): void {
  const p = purchasing(state, zone, side);
  if (ACTION_CARDS.notPurchasable.some((n) => n.toLowerCase() === type.toLowerCase())) {
    refuse('card-not-purchasable', `${type} cards may never be purchased (6.C.2).`, '6.C.2');
  }
  const t = actionCardType(type);
  if (!t) refuse('unknown-card', `"${type}" is not an Action card type on the cost table (6.C.2).`, '6.C.2');
  let card: HeldCard = { type: t.type };
  if (t.costs === 'half-value') {
    if (!Number.isInteger(value) || value! < 1 || value! > 99) {
      refuse('card-value-required', `${t.type} cards cost half their printed value: give the card's value (a whole number).`, '6.C.2');
    }
    card = { type: t.type, value };
  } else if (value !== undefined) {
    refuse('card-value-not-allowed', `${t.type} cards have a fixed cost; no value is needed.`, '6.C.2');
  }
  const bought = [...p.cardsBought, ...p.order.cards];
  const max = maxActionCards(zone, side);
  if (bought.length >= max) refuse('too-many-cards', `At most ${max} Action cards may be purchased per turn; you have ${bought.length}.`, '6.C.2');
  if (!t.unlimited && bought.some((c) => c.type === t.type)) {
    refuse('one-per-type', `Only one ${t.type} card may be purchased per turn (only asterisked types are exempt).`, '6.C.2');
  }
  const cost = afford(state, zone, side, { ships: p.order.ships, cards: [...p.order.cards, card] }, `${t.type}${card.value ? ` (${card.value})` : ''}`);
  p.order.cards.push(card);
  events.push({ type: 'order', zone: zone.id, side, private: side, text: `${sideName(side)} orders ${t.type}${card.value ? ` (value ${card.value})` : ''} for ${cost}.` });
}

export function donePurchasing(state: CwnbState, zone: ZoneState, side: Side, events: Events): void {
  const p = purchasing(state, zone, side);
  p.order.done = true;
  events.push({ type: 'order-done', zone: zone.id, side, text: `${zoneName(zone.id)}: ${sideName(side)} has finished ordering (${orderCost(state, zone, side)} points).` });
  resolvePurchasesIfReady(state, events);
}

/**
 * 6.C.2: when every player has ordered, purchases are carried out from the player with the
 * fewest Points banked to the most (ties: War Zone order); a ship taken by an earlier player is
 * refused and that player may order again. Then every unspent point is banked and the Point
 * Tracks reset to zero (10).
 */
export function resolvePurchasesIfReady(state: CwnbState, events: Events): void {
  if (state.purchasesResolved) return;
  if (!(Object.values(state.zones) as ZoneState[]).every((z) => z.step === 'purchase' && z.players.allied.order.done && z.players.soviet.order.done)) return;
  const zones = writableZones(state);
  const queue = zones
    .flatMap((z, zi) => (['allied', 'soviet'] as const).map((side) => ({ z, zi, side, banked: z.players[side].banked })))
    .sort((a, b) => a.banked - b.banked || a.zi - b.zi);
  let reopened = false;
  for (const { z, side } of queue) {
    const p = z.players[side];
    const got: string[] = [];
    const bought: string[] = [];
    let refused = false;
    for (const id of p.order.ships) {
      const card = shipCard(state, id)!;
      const where = shipLocation(state, id);
      if (where) {
        refused = true;
        events.push({
          type: 'purchase-refused',
          zone: z.id,
          side,
          ship: id,
          text: `${zoneName(z.id)}: ${card.name} went to a player with fewer banked points (${where === 'sunk' ? 'sunk' : zoneName(where.zone)}); ${sideName(side)} may order again (6.C.2).`,
        });
        continue;
      }
      p.fleet[id] = { damage: 0, crippled: false, critical: false, passive: false, committed: false };
      bought.push(id);
      got.push(card.name);
    }
    const spent = orderCost(state, z, side, { ships: bought, cards: p.order.cards });
    p.shipsBought += bought.length;
    p.priorityUsed += Math.min(p.order.cards.length, Math.max(0, priorityDiscounts(z, side) - p.priorityUsed));
    if (bought.length && keptShipDiscount(p)) p.keptAdditionalShip = 'spent';
    for (const c of p.order.cards) {
      p.cards.push(c);
      p.cardsBought.push(c);
      got.push(c.value ? `${c.type} (${c.value})` : c.type);
    }
    p.track -= spent;
    if (got.length) {
      events.push({
        type: 'purchase',
        zone: z.id,
        side,
        spent,
        text: `${zoneName(z.id)}: ${sideName(side)} buys ${got.join(', ')} for ${spent}; Point Track ${p.track}.`,
      });
    }
    p.order = { ships: [], cards: [], done: !refused };
    reopened ||= refused;
  }
  if (reopened) return;
  state.purchasesResolved = true;
  events.push({ type: 'reveal', text: 'Purchases carried out: every Task Force is known to both teams (6.C.2).' });
  for (const z of zones) {
    for (const side of ['allied', 'soviet'] as const) bank(z, side, events, '6.C.2');
    z.step = 'preparation';
  }
}

/** 10: bank the Point Track as Victory Points and reset it to zero. Banked points are never spent. */
export function bank(zone: ZoneState, side: Side, events: Events, rule: string): void {
  const p = zone.players[side];
  const amount = p.track;
  p.banked += amount;
  p.track = 0;
  events.push({
    type: 'bank',
    zone: zone.id,
    side,
    amount,
    seat: seatOf(side, zone.id),
    text: `${zoneName(zone.id)}: ${sideName(side)} banks ${amount} Victory Points (${p.banked} banked in this zone; rule ${rule}).`,
  });
}
