import { z } from 'zod';
import { isRuleError, refuse, ruleError, type RuleError } from '../../../engine/errors.ts';
import { NOT_NOW } from '../../../engine/kernel.ts';
import type { FieldOption, FieldSpec, UnavailableOption } from '../../../engine/module.ts';
import { ZONE_IDS, type Side, type ZoneId } from '../data/types.ts';
import { hooksOf } from '../hooks.ts';
import type { CwnbState, ZoneState } from '../state.ts';
import { cardText, no, putShip, removeShip, say, sayWithSecret, shipCard, sideName, writablePlayer, writableZone, zoneAction, zoneName, type Ctx } from './common.ts';
import { TRANSFER_STEPS, transferWindow } from './sequence-of-play.ts';

/**
 * 6.C.3: teammates may transfer Ship cards from their Task Force and Action cards from their
 * hand, during Battle Preparations after purchases and before either player commits.
 */

/** The zones this player may transfer to now. */
export function transferTargets(state: CwnbState, from: ZoneState, side: Side): ZoneId[] {
  const hooks = hooksOf(state);
  return (Object.keys(state.zones) as ZoneId[]).filter((id) => {
    const to = state.zones[id]!;
    return id !== from.id && transferWindow(state, to, side) && hooks.transferOpen(state, from, to, side);
  });
}

export function transferFrom(state: CwnbState, zone: ZoneState, side: Side, explain: boolean) {
  if (!transferWindow(state, zone, side)) {
    return no(explain, 'not-transfer-step', () => `${zoneName(zone.id)}: transfers are made in Battle Preparations, after purchases and before you commit (6.C.3).`);
  }
  if (transferTargets(state, zone, side).length) return null;
  return explain ? whyNoTarget(state, zone, side) : NOT_NOW;
}

/** An optional rule's refusal of this transfer (13.2.8, 13.2.9, 13.3), or null. */
function transferRefusal(state: CwnbState, from: ZoneState, to: ZoneState, side: Side, what: 'ship' | 'card'): RuleError | null {
  try {
    hooksOf(state).checkTransfer(state, from, to, side, what);
    return null;
  } catch (e) {
    if (isRuleError(e)) return e;
    throw e;
  }
}

/** Why no teammate can receive now: an optional rule's refusal for a teammate in the window, or the window itself. */
function whyNoTarget(state: CwnbState, from: ZoneState, side: Side): RuleError {
  for (const to of Object.values(state.zones) as ZoneState[]) {
    const why = to.id !== from.id && transferWindow(state, to, side) ? transferRefusal(state, from, to, side, 'card') : null;
    if (why) return why;
  }
  return ruleError('no-transfer-target', 'No teammate can receive a transfer from you now: a teammate who has committed, or whose War Zone is not in Battle Preparations after the purchases, cannot (6.C.3).');
}

/**
 * The War Zones a transfer may go to, and each other War Zone with why it may not (6.C.3, 13.2.8,
 * 13.2.9, 13.3; `closed`: the action's own reason, 13.4 one Flag Officer to a Task Force).
 */
export function targetField(state: CwnbState, from: ZoneState, side: Side, what: 'ship' | 'card', closed: (to: ZoneState) => string | null = () => null): Extract<FieldSpec, { kind: 'choice' }> {
  const options: FieldOption[] = [];
  const unavailable: UnavailableOption[] = [];
  for (const id of state.options.zones) {
    const to = state.zones[id]!;
    if (id === from.id) continue;
    const why = !transferWindow(state, to, side)
      ? `Its ${sideName(side)} player has committed, or the War Zone is not in Battle Preparations after the purchases (6.C.3).`
      : (transferRefusal(state, from, to, side, what)?.message ?? closed(to));
    if (why) unavailable.push({ value: id, label: zoneName(id), why });
    else options.push({ value: id, label: zoneName(id) });
  }
  return { kind: 'choice', label: 'To the War Zone', term: 'zone', help: 'The War Zone of the teammate who receives it; only a teammate in Battle Preparations who has not yet committed can receive (6.C.3).', options, unavailable };
}

/** "No teammate can receive a ship now." and why, War Zone by War Zone, from a transfer form that offers none. */
export function noneCanReceive(what: string, to: Extract<FieldSpec, { kind: 'choice' }>): string {
  return `No teammate can receive ${what} now. ${(to.unavailable ?? []).map((u) => `${u.label}: ${u.why}`).join(' ')}`;
}

/** No War Zone can receive a ship though some can receive cards (13.2.9 Rushed): why, for each, under the refusal that closes them. */
function noShipTarget(state: CwnbState, from: ZoneState, side: Side, explain: boolean): RuleError | typeof NOT_NOW | null {
  const to = targetField(state, from, side, 'ship');
  if (to.options.length) return null;
  if (!explain) return NOT_NOW;
  const open = (Object.values(state.zones) as ZoneState[]).filter((z) => z.id !== from.id && transferWindow(state, z, side));
  const first = open.map((z) => transferRefusal(state, from, z, side, 'ship')).find((r) => r);
  return ruleError(first?.code ?? 'no-ship-target', noneCanReceive('a ship', to), first?.rule);
}

/** Check both ends of a transfer and count it (13.3); returns the receiving zone, ready to change. */
export function transferEndpoints(state: CwnbState, from: ZoneState, side: Side, to: ZoneId, what: 'ship' | 'card', ctx: Ctx): ZoneState {
  if (!state.zones[to]) refuse('zone-not-in-play', `The ${zoneName(to)} War Zone is not in play.`, '6.C.3');
  const dest = writableZone(state, to);
  if (dest.id === from.id) refuse('transfer-to-self', 'Transfers go to a teammate in another War Zone.', '6.C.3');
  // The giving end was checked when the action was offered (transferFrom).
  if (!transferWindow(state, dest, side)) {
    refuse('not-transfer-step', `Transfers are made in Battle Preparations, after purchases and before the battle (${zoneName(dest.id)} is not there, or its ${sideName(side)} player has committed).`, '6.C.3');
  }
  ctx.hooks.checkTransfer(state, from, dest, side, what); // 13.2.8, 13.2.9, 13.3
  ctx.hooks.transferred(state, from, dest, side, ctx); // 13.3
  return dest;
}

const toZone = z.enum(ZONE_IDS);

/** An optional rule that closes every transfer of a seat is said beside its actions (13.2.8 Priority, 13.2.9 Rushed, 13.3). */
const OPTIONAL_RULE_CLOSES = ['priority-no-transfers', 'rushed-no-ship-trading', 'transfer-limit', 'chart-not-rolled'];

/** 6.C.3: a Ship card to a teammate (Task Forces are known to both teams: public). */
export const transferShip = zoneAction({
  type: 'transferShip',
  steps: TRANSFER_STEPS,
  toldWhenClosed: OPTIONAL_RULE_CLOSES,
  commands: [{ word: 'give' }],
  rule: '6.C.3',
  decision: false,
  proxy: true,
  schema: z.object({ ship: z.string().min(1), to: toZone }),
  label: () => 'Transfer a ship to a teammate',
  when: (state, zone, side, explain) =>
    transferFrom(state, zone, side, explain) ?? (Object.keys(zone.players[side].fleet).length ? null : no(explain, 'no-ships', () => 'You have no ship to transfer.')) ?? noShipTarget(state, zone, side, explain),
  fields: (state, zone, side) => ({
    ship: { kind: 'choice', label: 'Ship', help: "The Ship card that leaves your Task Force for your teammate's Task Force (6.C.3).", options: Object.keys(zone.players[side].fleet).map((id) => ({ value: id, label: shipCard(state, id)!.name })) },
    to: targetField(state, zone, side, 'ship'),
  }),
  apply(state, from, side, a, ctx) {
    const s = from.players[side].fleet[a.ship];
    if (!s) refuse('not-your-ship', `"${a.ship}" is not in your Task Force.`, '6.C.3');
    const dest = transferEndpoints(state, from, side, a.to, 'ship', ctx);
    removeShip(writablePlayer(from, side), a.ship);
    putShip(writablePlayer(dest, side), a.ship, s);
    say(ctx, {
      type: 'transfer',
      side,
      ship: a.ship,
      fromZone: from.id,
      toZone: dest.id,
      zones: [from.id, dest.id],
      text: `${sideName(side)}: ${shipCard(state, a.ship)!.name} transferred from ${zoneName(from.id)} to ${zoneName(dest.id)}.`,
    });
  },
});

/** 6.C.3: an Action card to a teammate (that a card moved is public; which card is the team's secret). */
export const transferCard = zoneAction({
  type: 'transferCard',
  steps: TRANSFER_STEPS,
  toldWhenClosed: OPTIONAL_RULE_CLOSES,
  commands: [{ word: 'give card' }],
  secret: true,
  rule: '6.C.3',
  decision: false,
  proxy: true,
  schema: z.object({ card: z.string().min(1), to: toZone }),
  label: () => 'Transfer an Action card to a teammate',
  when: (state, zone, side, explain) => transferFrom(state, zone, side, explain) ?? (zone.players[side].cards.length ? null : no(explain, 'no-cards', () => 'You hold no Action card Wardroom knows of.')),
  fields: (state, zone, side) => ({
    card: { kind: 'choice', label: 'Action card', help: "The Action card that leaves your hand for your teammate's hand (6.C.3).", options: zone.players[side].cards.map((c) => ({ value: c.id, label: cardText(c) })) },
    to: targetField(state, zone, side, 'card'),
  }),
  apply(state, from, side, a, ctx) {
    const cards = from.players[side].cards;
    const i = cards.findIndex((c) => c.id === a.card);
    if (i < 0) refuse('no-such-card', `You hold no Action card "${a.card}" (yours: ${cards.map((c) => `${c.id} ${cardText(c)}`).join(', ') || 'none'}).`, '6.C.3');
    const dest = transferEndpoints(state, from, side, a.to, 'card', ctx);
    const card = cards[i];
    writablePlayer(from, side).cards = cards.filter((c) => c !== card);
    const to = writablePlayer(dest, side);
    to.cards = [...to.cards, card];
    ctx.hooks.cardTransferred(from, dest, side, card); // 13.5
    sayWithSecret(
      ctx,
      { type: 'transfer', fromZone: from.id, toZone: dest.id, zones: [from.id, dest.id], text: `${sideName(side)}: an Action card transferred from ${zoneName(from.id)} to ${zoneName(dest.id)}.` },
      side,
      { card, text: `${sideName(side)}: ${cardText(card)} card transferred from ${zoneName(from.id)} to ${zoneName(dest.id)}.` },
    );
  },
});
