import { z } from 'zod';
import { refuse, ruleError, type RuleError } from '../../../engine/errors.ts';
import { NOT_NOW } from '../../../engine/kernel.ts';
import type { FieldOption, UnavailableOption } from '../../../engine/module.ts';
import { ACTION_CARDS, actionCardType } from '../data/index.ts';
import type { ShipCard, Side, ZoneId } from '../data/types.ts';
import { hooksOf, type Hooks } from '../hooks.ts';
import type { CwnbState, HeldCard, PlayerState, ZoneState } from '../state.ts';
import { seatOf } from '../state.ts';
import { cardText, newCard, no, pointsText, putShip, say, sayWithSecret, shipCard, sideName, SIDES, tell, writablePlayer, writableZones, zoneAction, zoneName, type Ctx } from './common.ts';

/** 6.C.2 Purchase Costs: a ship costs its Point Value on turn 1, double afterwards. */
export function shipCost(turn: number, points: number): number {
  return turn === 1 ? points : 2 * points;
}

/** The cost table's turn bracket: turns 1–2, 3–4, 5–6, 7+. */
export function costBracket(turn: number): 0 | 1 | 2 | 3 {
  return turn <= 2 ? 0 : turn <= 4 ? 1 : turn <= 6 ? 2 : 3;
}

/** 6.C.2 Draw Card Costs; attack cards cost half their value, rounded down. */
export function cardCost(turn: number, card: Pick<HeldCard, 'type' | 'value'>): number {
  const t = actionCardType(card.type)!;
  return t.costs === 'half-value' ? Math.floor((card.value ?? 0) / 2) : t.costs[costBracket(turn)];
}

type Order = { ships: readonly string[]; cards: readonly Pick<HeldCard, 'type' | 'value'>[] };

/** What an order costs this player: the 6.C.2 prices, dearest first, as the optional rules in play lower them. */
export function orderCost(state: CwnbState, zone: ZoneState, side: Side, order: Order = zone.players[side].order): number {
  const ships = order.ships.map((id) => shipCost(state.turn, shipCard(state, id)!.points)).sort((a, b) => b - a);
  const cards = order.cards.map((c) => cardCost(state.turn, c)).sort((a, b) => b - a);
  hooksOf(state).orderPrices(state, zone, side, ships, cards); // 13.2.8 Priority, 13.5 kept Additional Ship
  let total = 0;
  for (const p of ships) total += p;
  for (const p of cards) total += p;
  return total;
}

/** Where a ship card is now: a zone's Task Force, sunk, or available. */
export function shipLocation(state: CwnbState, id: string): { zone: ZoneId; side: Side } | 'sunk' | null {
  if (state.sunk.includes(id)) return 'sunk';
  for (const zone of state.options.zones) {
    for (const side of SIDES) if (state.zones[zone]!.players[side].fleet[id]) return { zone, side };
  }
  return null;
}

/** 6.C.2: the ships this player may still add to the order (available, not ordered, affordable). */
export function purchasableShips(state: CwnbState, zone: ZoneState, side: Side, firstOnly = false): ShipCard[] {
  const p = zone.players[side];
  if (p.shipsBought + p.order.ships.length >= hooksOf(state).shipLimit(state, zone, side)) return []; // 13.2.9 Rushed
  const out: ShipCard[] = [];
  for (const s of state.options.roster.ships) {
    if (s.side !== side || p.order.ships.includes(s.id) || shipLocation(state, s.id)) continue;
    if (orderCost(state, zone, side, orderWith(p, { ship: s.id })) > p.track) continue;
    out.push(s);
    if (firstOnly) break;
  }
  return out;
}

/**
 * 6.C.2: a ship in the order of a teammate in another War Zone (the team's own secret): both may
 * order it, and the player with fewer banked points gets it when the orders are carried out.
 */
function teammateOrdered(state: CwnbState, side: Side, id: string): string {
  // (A ship in the seat's own order is not offered again: only the other War Zones' orders hold it.)
  const zones = Object.values(state.zones).filter((z) => z!.players[side].order.ships.includes(id));
  return zones.length ? ` — also in your team's order in ${zones.map((z) => `the ${zoneName(z!.id)}`).join(' and ')}: whoever has fewer banked points gets it, on a tie the War Zone listed first (6.C.2)` : '';
}

/** The player's order with one more ship or Action card. */
function orderWith(p: PlayerState, add: { ship: string } | { card: Pick<HeldCard, 'type' | 'value'> }): Order {
  return 'ship' in add ? { ships: [...p.order.ships, add.ship], cards: p.order.cards } : { ships: p.order.ships, cards: [...p.order.cards, add.card] };
}

/** 6.C.2: what one more ship or card adds to the order's cost (`committed`), as the optional rules in play lower it (13.2.8, 13.5). */
const addedCost = (state: CwnbState, zone: ZoneState, side: Side, add: Parameters<typeof orderWith>[1], committed: number) =>
  orderCost(state, zone, side, orderWith(zone.players[side], add)) - committed;

/** Words for ship prices an optional rule lowers (13.5), for the seat's ship form; null when none does. */
type PriceNote = ReturnType<Hooks['priceNote']>;

/**
 * A ship of the seat's own form, with the price it would be charged: its 6.C.2 price, or, where an
 * optional rule lowers prices (`note`, 13.5), what the order goes up by. The form is secret (a
 * shared screen does not list it), so the price may depend on the order.
 */
function shipLabel(state: CwnbState, zone: ZoneState, side: Side, s: ShipCard, committed: number, note: PriceNote): string {
  const price = shipCost(state.turn, s.points);
  const cost = note && !zone.players[side].order.ships.includes(s.id) ? addedCost(state, zone, side, { ship: s.id }, committed) : price;
  // Lowered, the figure is what the order goes up by: another ship of it may go back to its usual price (13.5).
  return `${s.name} (${s.kind}, ${s.points} points, ${note && cost < price ? `adds ${cost} to your order ${note.label}` : `costs ${cost}`})`;
}

/** 6.C.2: the other ships of this side, each with why it cannot be added to the order now (a typed name is told why). */
function unavailableShips(state: CwnbState, zone: ZoneState, side: Side, offered: readonly ShipCard[], committed: number, note: PriceNote): UnavailableOption[] {
  const p = zone.players[side];
  const rushed = p.shipsBought + p.order.ships.length >= hooksOf(state).shipLimit(state, zone, side);
  const why = (s: ShipCard) => {
    const where = shipLocation(state, s.id);
    if (where === 'sunk') return 'it was sunk, and sunk ships may not be purchased (6.C.2)';
    if (where) return `it is already in the ${zoneName(where.zone)} Task Force`;
    if (p.order.ships.includes(s.id)) return 'it is already in your order';
    if (rushed) return 'Rushed: you may purchase at most one Ship card this turn (13.2.9)';
    return `it costs ${addedCost(state, zone, side, { ship: s.id }, committed)} and you have ${p.track - committed} points left to spend; banked Victory Points can never be spent (6.C.2)`;
  };
  return state.options.roster.ships.filter((s) => s.side === side && !offered.includes(s)).map((s) => ({ value: s.id, label: shipLabel(state, zone, side, s, committed, note), why: why(s) }));
}

/** Why no ship can be added to the order now: the ship limit, the Point Track, or none left. */
function whyNoShip(state: CwnbState, zone: ZoneState, side: Side): RuleError {
  const p = zone.players[side];
  const limit = hooksOf(state).shipLimit(state, zone, side);
  if (p.shipsBought + p.order.ships.length >= limit) return ruleError('rushed-one-ship', 'Rushed: you may purchase at most one Ship card this turn.', '13.2.9');
  if (p.track === 0) return ruleError('not-enough-points', 'Your Point Track is at 0: no ship can be paid for this turn. Banked Victory Points can never be spent (6.C.2).');
  const budget = p.track - orderCost(state, zone, side);
  return ruleError(
    'not-enough-points',
    `No ship you may order costs ${budget} or less: your Point Track has ${p.track} and your order already costs ${p.track - budget}. Banked Victory Points can never be spent (6.C.2).`,
  );
}

/** Why a War Zone before its purchases does not take an order yet. */
const notYet: Partial<Record<ZoneState['step'], string>> = {
  mission: 'purchases are made in Battle Preparations, once the mission is rolled; it is not rolled yet',
  conditions: 'purchases are made once both players have settled their Special Conditions (13.2), which they have not yet',
};

function purchasing(state: CwnbState, zone: ZoneState, side: Side, explain: boolean) {
  if (zone.step !== 'purchase' || state.purchasesResolved) {
    return no(explain, 'not-purchase-step', () => `${zoneName(zone.id)}: ${notYet[zone.step] ?? "this turn's purchases are over"} (6.C.2).`);
  }
  if (zone.players[side].order.done) return no(explain, 'purchases-done', () => 'You have finished purchasing this turn; to change your order, start it again (it is not carried out yet).');
  return null;
}

/** Refuse an order the Point Track cannot pay; return what the new item adds to the order's cost. */
function afford(state: CwnbState, zone: ZoneState, side: Side, add: Parameters<typeof orderWith>[1], what: string, price: number): number {
  const p = zone.players[side];
  const committed = orderCost(state, zone, side);
  const added = addedCost(state, zone, side, add, committed);
  if (committed + added > p.track) {
    const note = added < price ? hooksOf(state).priceNote(state, zone, side, 'ship' in add ? 'ship' : 'card') : null; // 13.2.8, 13.5: why less than `what` says
    refuse(
      'not-enough-points',
      `${what} costs ${added}${note ? ` ${note.label}` : ''}; your order already costs ${committed} and your Point Track has ${p.track}. Banked Victory Points can never be spent (6.C.2).`,
      '6.C.2',
    );
  }
  return added;
}

/** 6.C.2: order a Ship card (secret from the other team until the purchases are carried out). */
export const buyShip = zoneAction({
  type: 'buyShip',
  steps: ['purchase'],
  commands: [{ word: 'buy' }],
  secret: true,
  rule: '6.C.2',
  decision: false,
  proxy: true,
  schema: z.object({ ship: z.string().min(1) }),
  toldWhenClosed: ['not-enough-points', 'rushed-one-ship'],
  // Labels carry nothing of the secret order (a shared screen shows them); its figures are in the form's help, shown to the seat.
  label: (state) => `Buy a ship (${state.turn === 1 ? 'Point Value' : 'double Point Value'})`,
  when: (state, zone, side, explain) => purchasing(state, zone, side, explain) ?? (purchasableShips(state, zone, side, true).length ? null : explain ? whyNoShip(state, zone, side) : NOT_NOW),
  fields(state, zone, side) {
    const offered = purchasableShips(state, zone, side);
    const committed = orderCost(state, zone, side);
    const note = hooksOf(state).priceNote(state, zone, side, 'ship'); // 13.5 the kept Additional Ship card
    return {
      ship: {
        kind: 'choice',
        label: 'Ship',
        help: `A ship of your side not in play and not sunk; it costs its Point Value on the first Campaign Game Turn and double its Point Value after that (6.C.2).${note ? ` ${note.help}` : ''} You have ${zone.players[side].track - committed} points left to spend.`,
        options: offered.map((s) => ({ value: s.id, label: shipLabel(state, zone, side, s, committed, note) + teammateOrdered(state, side, s.id) })),
        unavailable: unavailableShips(state, zone, side, offered, committed, note),
      },
    };
  },
  apply(state, zone, side, a, ctx) {
    const p = zone.players[side];
    const card = shipCard(state, a.ship);
    if (!card) refuse('unknown-ship', `There is no ship "${a.ship}" in this game's roster.`);
    if (card.side !== side) refuse('wrong-side', `${card.name} is on the ${sideName(card.side)} side.`, '6.C.2');
    const where = shipLocation(state, a.ship);
    if (where === 'sunk') refuse('ship-sunk', `${card.name} was sunk: sunk ships may not be purchased or return to play (6.C.2).`, '6.C.2');
    if (where) refuse('ship-in-play', `${card.name} is already in the ${zoneName(where.zone)} Task Force: a ship can be in one place only.`, '6.C.2');
    if (p.order.ships.includes(a.ship)) refuse('ship-already-ordered', `${card.name} is already in your order.`, '6.C.2');
    const cost = afford(state, zone, side, { ship: a.ship }, `${card.name} (${card.points} points${state.turn === 1 ? '' : ', doubled after turn 1'})`, shipCost(state.turn, card.points));
    writablePlayer(zone, side).order = { ...p.order, ships: [...p.order.ships, a.ship] };
    tell(ctx, side, { type: 'order', zone: zone.id, ship: a.ship, cost, text: `${zoneName(zone.id)}: ${sideName(side)} orders ${card.name} for ${cost}.` });
  },
});

function cardsBought(zone: ZoneState, side: Side): Pick<HeldCard, 'type'>[] {
  const p = zone.players[side];
  return [...p.cardsBought, ...p.order.cards];
}

/** 6.C.2: order an Action card (secret from the other team while the campaign lasts; the game file shared at the end shows it, docs/rulings.md 6.C.1). */
export const buyCard = zoneAction({
  type: 'buyCard',
  steps: ['purchase'],
  commands: [{ word: 'card' }],
  secret: true,
  rule: '6.C.2',
  decision: false,
  proxy: true,
  schema: z.object({ card: z.string().min(1), value: z.number().int().optional() }),
  toldWhenClosed: ['too-many-cards'],
  label: (state, zone, side) => `Buy an Action card (up to ${hooksOf(state).actionCardLimit(zone, side)} this turn)`,
  when(state, zone, side, explain) {
    const why = purchasing(state, zone, side, explain);
    if (why) return why;
    const n = cardsBought(zone, side).length;
    const max = hooksOf(state).actionCardLimit(zone, side);
    return n < max ? null : no(explain, 'too-many-cards', () => `At most ${max} Action cards may be purchased per turn; you have ${n}.`);
  },
  fields(state, zone, side) {
    const bought = cardsBought(zone, side);
    const p = zone.players[side];
    const committed = orderCost(state, zone, side);
    const budget = p.track - committed;
    const note = hooksOf(state).priceNote(state, zone, side, 'card'); // 13.2.8 Priority
    const options: FieldOption[] = [];
    const unavailable: UnavailableOption[] = [];
    for (const c of ACTION_CARDS.cards) {
      const halfValue = c.costs === 'half-value'; // an attack card costs 0 at the least
      // Its price, or where an optional rule lowers prices (13.2.8), what it adds to the order.
      const price = cardCost(state.turn, { type: c.type });
      const cost = halfValue ? 0 : note ? addedCost(state, zone, side, { card: { type: c.type } }, committed) : price;
      const name = c.unlimited ? `${c.type}*` : c.type; // as the cost chart marks it: may be bought more than once per turn
      const lowered = note && cost < price ? ` ${note.label}` : '';
      const label = halfValue ? `${name} (half its printed value${note ? `, or less ${note.label}` : ''})` : `${name} (${cost}${lowered})`;
      if (!c.unlimited && bought.some((b) => b.type === c.type)) unavailable.push({ value: c.type, label, why: 'you have bought one this turn, and only card types marked with an asterisk may be bought more than once (6.C.2)' });
      else if (cost > budget) unavailable.push({ value: c.type, label, why: `it costs ${cost} and you have ${budget} points left to spend (6.C.2)` });
      else if (halfValue) options.push({ value: c.type, label, fields: { value: { kind: 'int', label: 'Printed value', help: `The attack card costs half its printed value, rounded down (a 9 costs 4)${note ? `, or less ${note.label}` : ''}.`, min: 1, max: Math.min(99, 2 * budget + 1) } } });
      else options.push({ value: c.type, label });
    }
    const limit = hooksOf(state).actionCardLimit(zone, side);
    const help = `The Action card type to buy, at the cost shown; only one of each type per turn, except the types marked * (as on the cost chart), which may be bought more than once (6.C.2).${note ? ` ${note.help}` : ''} You have bought ${bought.length} of ${limit} this turn and have ${budget} points left to spend.`;
    return { card: { kind: 'choice', label: 'Action card', help, options, unavailable } };
  },
  apply(state, zone, side, a, ctx) {
    const p = zone.players[side];
    if (ACTION_CARDS.notPurchasable.some((n) => n.toLowerCase() === a.card.toLowerCase())) {
      refuse('card-not-purchasable', `${a.card} cards may never be purchased (6.C.2).`, '6.C.2');
    }
    const t = actionCardType(a.card);
    if (!t) refuse('unknown-card', `"${a.card}" is not an Action card type on the cost table (6.C.2).`, '6.C.2');
    let card: Omit<HeldCard, 'id'> = { type: t.type };
    if (t.costs === 'half-value') {
      if (!Number.isInteger(a.value) || a.value! < 1 || a.value! > 99) {
        refuse('card-value-required', `${t.type} cards cost half their printed value: give the card's value (a whole number from 1 to 99).`, '6.C.2');
      }
      card = { type: t.type, value: a.value };
    } else if (a.value !== undefined) {
      refuse('card-value-not-allowed', `${t.type} cards have a fixed cost; no value is needed.`, '6.C.2');
    }
    const bought = cardsBought(zone, side);
    if (!t.unlimited && bought.some((c) => c.type === t.type)) {
      refuse('one-per-type', `Only one ${t.type} card may be purchased per turn (only asterisked types are exempt).`, '6.C.2');
    }
    const cost = afford(state, zone, side, { card }, cardText(card), cardCost(state.turn, card));
    const held = newCard(zone, side, card);
    writablePlayer(zone, side).order = { ...p.order, cards: [...p.order.cards, held] };
    tell(ctx, side, { type: 'order', zone: zone.id, card: held, cost, text: `${zoneName(zone.id)}: ${sideName(side)} orders ${t.type}${held.value ? ` (value ${held.value})` : ''} for ${cost}.` });
  },
});

/** 6.C.2: the order is complete; when every player's is, the purchases are carried out. */
export const donePurchasing = zoneAction({
  type: 'donePurchasing',
  steps: ['purchase'],
  commands: [{ word: 'done' }],
  confirm: true,
  rule: '6.C.2',
  proxy: true,
  schema: z.object({}),
  label: () => 'Finish purchasing; unspent points are banked',
  // The seat's own figures (its order is secret): what is bought, and what is banked for good. Asked
  // of an Overall Commander (14.1) for the seat named, in the third person.
  question(state, zone, side, forSeat) {
    const p = zone.players[side];
    const cost = orderCost(state, zone, side);
    const left = p.track - cost;
    const w = forSeat ? { finish: `Finish purchasing for ${forSeat}?`, you: `${forSeat} has`, your: 'its', Your: 'Its', has: 'It has' } : { finish: 'Finish purchasing?', you: 'You have', your: 'your', Your: 'Your', has: 'You have' };
    if (p.order.ships.length || p.order.cards.length) return `${w.finish} ${w.Your} order costs ${cost}; the ${left} points left are banked as Victory Points, which are never spent (6.C.2).`;
    const fleet = Object.keys(p.fleet).length ? '' : ` ${w.has} no ship in this War Zone, and none will join ${w.your} Task Force.`;
    const banked = left ? `all ${left} points on ${w.your} Point Track are banked as Victory Points, which are never spent (6.C.2)` : `${w.your} Point Track is empty, so nothing is banked`;
    // Ordering again after the orders were carried out: what was bought stays (h23: "ordered nothing" read as if it did not).
    const more = p.shipsBought > 0 || p.cardsBought.length > 0 ? ' more (what was bought stays)' : '';
    return `${w.you} ordered nothing${more}: ${banked}.${fleet} ${w.finish}`;
  },
  when: purchasing,
  apply(state, zone, side, _a, ctx) {
    const p = writablePlayer(zone, side);
    p.order = { ...p.order, done: true };
    const cost = orderCost(state, zone, side);
    sayWithSecret(ctx, { type: 'order-done', zone: zone.id, text: `${zoneName(zone.id)}: ${sideName(side)} has finished ordering.` }, side, {
      cost,
      text: `${zoneName(zone.id)}: ${sideName(side)} has finished ordering (${pointsText(cost)}).`,
    });
  },
});

/** Orders were carried out this turn (public: their purchase events name the ships, count the cards), the purchases not yet over. */
function ordersCarriedOut(state: CwnbState): boolean {
  return Object.values(state.zones).some((z) => SIDES.some((side) => z!.players[side].shipsBought > 0 || z!.players[side].cardsBought.length > 0));
}

/**
 * 6.C.2: an order not yet carried out may be started again, finished or not, e.g. after a 9.5
 * decline re-rolled the mission it was made for, when undo is closed by the die (ruling).
 */
export const restartOrder = zoneAction({
  type: 'restartOrder',
  // A 9.5 decline sends the zone back to its mission roll, past Step B (13.2 is settled before any order is finished); at 'preparation' the purchases are carried out.
  steps: ['mission', 'purchase'],
  commands: [{ word: 'reorder' }],
  rule: '6.C.2',
  decision: false,
  proxy: true,
  confirm: true,
  schema: z.object({}),
  // A player ordering again after the others' orders were carried out drops only the new order (6.C.2).
  label: (state) => (ordersCarriedOut(state) ? 'Start your new order again (what was bought already stays)' : 'Start your order again (what you ordered is dropped)'),
  when(state, zone, side, explain) {
    if (state.purchasesResolved) return no(explain, 'purchases-over', () => `${zoneName(zone.id)}: this turn's purchases are carried out; an order can no longer change (6.C.2).`);
    // Orders carried out while one went to another player: those done were carried out, and their players have seen the other team's.
    if (zone.players[side].order.done && ordersCarriedOut(state)) return no(explain, 'order-carried-out', () => `${zoneName(zone.id)}: your order was carried out; only a player whose ship went to another orders again (6.C.2).`);
    // Offered by what the other team may know (the step, a finished order), never by what the order holds: an empty one starts again as it was.
    return zone.step === 'purchase' || zone.players[side].order.done ? null : no(explain, 'no-order-yet', () => `${zoneName(zone.id)}: there is no order to start again before the purchases (6.C.2).`);
  },
  apply(_state, zone, side, _a, ctx) {
    writablePlayer(zone, side).order = { ships: [], cards: [], done: false };
    say(ctx, { type: 'order-restarted', zone: zone.id, side, text: `${zoneName(zone.id)}: ${sideName(side)} starts their order again.` });
  },
});

/**
 * 6.C.2: when every player has ordered, purchases are carried out from the player with the
 * fewest Points banked to the most (ties: War Zone order); a ship taken by an earlier player is
 * refused and that player may order again. Then every unspent point is banked and the Point
 * Tracks reset to zero (10). Ships bought are public from here on; Action cards stay secret.
 */
export function resolvePurchasesIfReady(state: CwnbState, ctx: Ctx): void {
  const zones = writableZones(state);
  const queue = zones
    .flatMap((z) => (['allied', 'soviet'] as const).map((side) => ({ z, side, banked: z.players[side].banked })))
    .sort((a, b) => a.banked - b.banked); // stable: equal banked points keep the War Zone order
  let reopened = false;
  for (const { z, side } of queue) {
    const p = writablePlayer(z, side);
    const bought: string[] = [];
    let refused = false;
    for (const id of p.order.ships) {
      const where = shipLocation(state, id);
      if (where) {
        refused = true;
        // Who bought first: fewer banked points, or as many in a War Zone listed before (a tie).
        const first = where !== 'sunk' && state.zones[where.zone]!.players[side].banked === p.banked ? `as many banked points in a War Zone listed before the ${zoneName(z.id)}` : 'fewer banked points';
        sayWithSecret(ctx, { type: 'purchase-refused', zone: z.id, text: `${zoneName(z.id)}: a ship ${sideName(side)} ordered went to a player with ${first}; ${sideName(side)} may order again (6.C.2).` }, side, {
          ship: id,
          text: `${zoneName(z.id)}: ${shipCard(state, id)!.name} went to a player with ${first} (${where === 'sunk' ? 'sunk' : zoneName(where.zone)}); ${sideName(side)} may order again (6.C.2).`,
        });
        continue;
      }
      putShip(p, id, { damage: 0, crippled: false, critical: false, passive: false, committed: false });
      bought.push(id);
    }
    const spent = orderCost(state, z, side, { ships: bought, cards: p.order.cards });
    p.shipsBought += bought.length;
    ctx.hooks.purchased(z, side, bought, p.order.cards);
    p.cards = [...p.cards, ...p.order.cards];
    p.cardsBought = [...p.cardsBought, ...p.order.cards];
    p.track -= spent;
    if (bought.length || p.order.cards.length) {
      const names = bought.map((id) => shipCard(state, id)!.name);
      const n = p.order.cards.length;
      const head = `${zoneName(z.id)}: ${sideName(side)} buys`;
      sayWithSecret(
        ctx,
        { type: 'purchase', zone: z.id, ships: bought, cardCount: n, spent, track: p.track, text: `${head} ${[...names, ...(n ? [`${n} Action card${n > 1 ? 's' : ''}`] : [])].join(', ')} for ${spent}; Point Track ${p.track}.` },
        side,
        { cards: p.order.cards, text: `${head} ${[...names, ...p.order.cards.map(cardText)].join(', ')} for ${spent}; Point Track ${p.track}.` },
      );
    }
    p.order = { ships: [], cards: [], done: !refused };
    reopened ||= refused;
  }
  if (reopened) {
    // The orders carried out are known to both teams now (their purchase events name the ships): a
    // reveal, never taken back, though the purchases are not over.
    say(ctx, { type: 'reveal', reopened: true, text: 'Orders carried out; a player whose ship went to another orders again (6.C.2).' });
    return;
  }
  state.purchasesResolved = true;
  say(ctx, { type: 'reveal', text: 'Purchases carried out: every Task Force is known to both teams (6.C.2).' });
  for (const z of zones) {
    for (const side of SIDES) bank(z, side, ctx, '6.C.2');
    z.step = 'preparation';
  }
}

/** 10: bank the Point Track as Victory Points and reset it to zero. Banked points are never spent. */
export function bank(zone: ZoneState, side: Side, ctx: Ctx, rule: string): void {
  const p: PlayerState = writablePlayer(zone, side);
  const amount = p.track;
  p.banked += amount;
  p.track = 0;
  say(ctx, {
    type: 'bank',
    zone: zone.id,
    side,
    amount,
    banked: p.banked,
    rule,
    seat: seatOf(side, zone.id),
    text: `${zoneName(zone.id)}: ${sideName(side)} banks ${amount} Victory Points (${p.banked} banked in this zone; rule ${rule}).`,
  });
}
