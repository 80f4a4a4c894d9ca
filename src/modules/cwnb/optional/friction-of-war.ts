import { z } from 'zod';
import { refuse, type RuleError } from '../../../engine/errors.ts';
import type { FieldOption, Fields } from '../../../engine/module.ts';
import type { Side } from '../data/types.ts';
import type { OptionalRule } from '../hooks.ts';
import { diceSchema, no, putShip, say, score, sideName, writablePlayer, zoneAction, zoneName, type Ctx } from '../rules/common.ts';
import { determineMission } from '../rules/missions.ts';
import { BATTLE_PREPARATIONS, beforeCommitment, inBattlePreparations, STEPS } from '../rules/sequence-of-play.ts';
import { other, type ConditionsRoll, type CwnbState, type ZoneState } from '../state.ts';
import { rollConditions } from './special-conditions.ts';

/**
 * 13.5 Friction of War: Additional Ship cards are jokers. Wardroom records each one played (the
 * cards themselves are drawn at the table) and enforces what it does to the campaign.
 */
export const ADDITIONAL_SHIP = 'Additional Ship';

const USES = ['reroll-mission', 'reroll-conditions', 'reroll-table-die', 'points', 'bank', 'flag-officer-present', 'flag-officer-absent'] as const;
type JokerUse = (typeof USES)[number];

/** The joker uses open to this player now. */
function uses(state: { options: { optional: { flagOfficers?: boolean } } }, zone: ZoneState, side: Side): FieldOption[] {
  const out: FieldOption[] = [{ value: 'points', label: '+2 points on your Point Track' }];
  if (zone.lastRoll?.kind === 'mission') out.push({ value: 'reroll-mission', label: 'Re-roll the mission die' });
  if (zone.lastRoll?.kind === 'conditions') out.push({ value: 'reroll-conditions', label: `Re-roll the ${sideName(zone.lastRoll.side)} Special Conditions` });
  if (zone.step === 'battle') out.push({ value: 'reroll-table-die', label: 'Re-roll a die at the table' });
  if (zone.step === 'set-aside' && !zone.players[side].setAside) out.push({ value: 'bank', label: 'Bank it for 5 Victory Points' });
  if (state.options.optional.flagOfficers && beforeCommitment(zone)) {
    out.push({ value: 'flag-officer-present', label: 'Order your Flag Officer present' }, { value: 'flag-officer-absent', label: "Order the enemy's Flag Officer absent" });
  }
  return out;
}

/** 6.C.3: the hand is drawn after the purchases; until then a player holds only the card kept from the last turn (7.2.1). */
function beforeTheDraw(zone: ZoneState): boolean {
  return zone.step === 'mission' || zone.step === 'conditions' || zone.step === 'purchase';
}

/**
 * 7.2.1: on the first Campaign Game Turn no one holds a card kept from an earlier turn. Every seat
 * knows it, so the reason is not secret and a shared screen leaves the kept card's actions out.
 */
function noneKeptOnTurnOne(explain: boolean): RuleError {
  return no(explain, 'first-turn', () => 'On the first Campaign Game Turn no player holds a card kept from an earlier turn (7.2.1).');
}

/** 13.5: the kept Additional Ship card is played (for any of its uses): it leaves the hand. */
function spendKeptCard(zone: ZoneState, side: Side, use: 'ship-at-point-value' | 'unlimited-transfers' | 'spent'): void {
  const p = writablePlayer(zone, side);
  p.keptAdditionalShip = use;
  const i = p.cards.findIndex((c) => c.type === ADDITIONAL_SHIP);
  if (i >= 0) p.cards = p.cards.filter((_, k) => k !== i);
}

/** 13.5: undo what a Special Conditions roll did before it is re-rolled: its 13.2.6 repairs, the zone's move on from Step B, a mission 13.2.1 voided. */
function takeBack(zone: ZoneState, roll: ConditionsRoll, ctx: Ctx): void {
  const ids = Object.keys(roll.repaired);
  if (ids.length) {
    const p = writablePlayer(zone, roll.side);
    for (const id of ids) if (p.fleet[id]) putShip(p, id, roll.repaired[id]);
    say(ctx, { type: 'repair', zone: zone.id, side: roll.side, text: `${zoneName(zone.id)}: ${sideName(roll.side)} Prepared's repairs are taken back until the new roll (13.2.6, 13.5).` });
  }
  if (roll.voidedMission) zone.mission = roll.voidedMission;
  zone.step = 'conditions';
}

export const playAdditionalShip = zoneAction({
  type: 'playAdditionalShip',
  steps: STEPS.map((s) => s.step).filter((s) => s !== 'turn-done'), // not once the zone's turn is done
  commands: [{ word: 'joker' }],
  rule: '13.5',
  decision: false,
  // Before the draw only a player who kept the card may play it: listed for every seat, so a shared screen does not tell who kept one (7.2.1).
  openIsSecret: true,
  toldWhenClosed: ['no-joker-in-hand'],
  schema: z.object({ use: z.enum(USES), side: z.enum(['allied', 'soviet']).optional(), values: diceSchema, kept: z.boolean().optional() }),
  label: () => 'Play an Additional Ship card as a joker',
  when(state, zone, side, explain) {
    if (zone.step === 'turn-done') return no(explain, 'joker-too-late', () => 'This War Zone has finished its Campaign Game Turn.');
    if (state.options.rulings === '0.1') return null; // Wardroom 0.1 did not ask which card a joker was
    const p = zone.players[side];
    // 7.2.1: once a card is set aside the rest of the hand is discarded.
    if (p.setAside) return no(explain, 'joker-set-aside', () => 'You have set a card aside and discarded the rest of your hand (7.2.1); the card set aside is for the next Campaign Game Turn.');
    // 6.C.3: before the draw the only card in hand is the one kept (7.2.1).
    if (beforeTheDraw(zone) && p.keptAdditionalShip !== 'unused') {
      if (state.turn === 1) return noneKeptOnTurnOne(explain);
      return no(explain, 'no-joker-in-hand', () => `Until the hand is drawn after the purchases (6.C.3) a player holds only the card kept from the last Campaign Game Turn (7.2.1): you kept no Additional Ship card, or you have played it.`);
    }
    return null;
  },
  fields(state, zone, side) {
    const dice = (sides: number[], extra: { min?: number; labels?: string[] } = {}): Fields => (state.dice.physical ? { values: { kind: 'dice', label: 'Dice', help: 'The value of each die re-rolled at the table; only the final result stands (13.5).', sides, ...extra } } : {});
    const options = uses(state, zone, side).map((o) =>
      o.value === 'reroll-mission'
        ? { ...o, fields: dice([6]) }
        : o.value === 'reroll-conditions' && zone.lastRoll?.kind === 'conditions'
          ? { ...o, fields: { side: { kind: 'choice' as const, label: 'Whose roll', help: 'The side whose Special Conditions roll, just made, is re-rolled; left out, your own (13.5).', optional: true, options: [{ value: zone.lastRoll.side, label: sideName(zone.lastRoll.side) }] }, ...dice([6, 6], { min: 1, labels: ['Special Conditions die', 'table die (after a 5 or 6)'] }) } } // 13.2 as the first roll: the table die only after a 5 or 6
          : o,
    );
    const use: Fields = { use: { kind: 'choice', label: 'Use', help: 'What the Additional Ship card does as a joker: a re-roll (the mission die, a Special Conditions roll, or a die at the table; not the Port Strike dice, 13.2.7), +2 points, 5 Victory Points banked, or a Flag Officer order (13.5).', options } };
    // After the draw a joker may be the kept card too: said, so that its own uses are gone with it.
    if (beforeTheDraw(zone) || zone.players[side].keptAdditionalShip !== 'unused') return use;
    return { ...use, kept: { kind: 'bool', label: 'The card kept from the last turn', optional: true, help: 'Yes if it is the Additional Ship card you kept at 7.2.1: it is then gone, and with it its own uses (13.5). No for a card drawn this turn.' } };
  },
  apply(state, zone, side, a, ctx) {
    const p = writablePlayer(zone, side);
    if (a.kept && p.keptAdditionalShip !== 'unused') refuse('no-kept-card', 'You did not keep an Additional Ship card from the last turn (7.2.1), or it is already played.', '13.5');
    const kept = a.kept || (beforeTheDraw(zone) && state.options.rulings !== '0.1');
    const say13 = (what: string) => say(ctx, { type: 'joker', zone: zone.id, side, use: a.use, text: `${zoneName(zone.id)}: ${sideName(side)} plays ${kept ? 'the kept' : 'an'} Additional Ship card — ${what} (13.5).` });
    if (kept) spendKeptCard(zone, side, 'spent');
    switch (a.use as JokerUse) {
      case 'reroll-mission':
        if (zone.lastRoll?.kind !== 'mission') refuse('nothing-to-reroll', 'The mission die can be re-rolled only right after it was rolled, before anything else happens in this War Zone.', '13.5');
        say13('re-roll the mission die; only the final result stands');
        zone.mission = null;
        zone.step = 'mission';
        determineMission(state, zone, a.values, ctx);
        break;
      case 'reroll-conditions': {
        const s = a.side ?? side;
        const last = zone.lastRoll;
        if (last?.kind !== 'conditions' || last.side !== s) {
          refuse('nothing-to-reroll', `The ${sideName(s)} Special Conditions roll can be re-rolled only right after it was rolled, before anything else happens in this War Zone.`, '13.5');
        }
        say13(`re-roll the ${sideName(s)} Special Conditions`);
        // Only the final result applies: what the roll did is taken back, and the zone is in Step B again until the new roll is known.
        takeBack(zone, last, ctx);
        rollConditions(state, zone, s, a.values, ctx);
        break;
      }
      case 'reroll-table-die':
        if (zone.step !== 'battle') refuse('not-battle-step', 'Table dice are re-rolled during the Battle Turns.', '13.5');
        say13('re-roll a die at the table (Jink and Bounce cannot be re-rolled; only the final result stands)');
        break;
      case 'points':
        say13('+2 points on the Point Track');
        score(zone, side, 2, 'other', ctx, '13.5 Additional Ship card');
        break;
      case 'bank':
        if (zone.step !== 'set-aside' || p.setAside) refuse('bank-when', 'An Additional Ship card is banked when ships in port are scored (7.2.4): play it before setting aside your card.', '13.5');
        say13("banked for 5 Victory Points (not counted toward the turn's winner)");
        p.banked += 5;
        say(ctx, { type: 'bank', zone: zone.id, side, amount: 5, banked: p.banked, rule: '13.5', text: `${zoneName(zone.id)}: ${sideName(side)} banks 5 Victory Points for an Additional Ship card (${p.banked} banked in this zone; rule 13.5).` });
        break;
      case 'flag-officer-present':
      case 'flag-officer-absent': {
        if (!state.options.optional.flagOfficers) refuse('no-flag-officers', 'Flag Officers are an optional rule not in use in this game.', '13.4');
        if (!beforeCommitment(zone)) refuse('flag-order-when', 'Flag Officer orders are given before the Battle Commitment.', '13.5');
        const present = a.use === 'flag-officer-present';
        const enemy = other(side);
        p.flagOrder = { ...p.flagOrder, [present ? 'present' : 'absent']: true };
        // Played back and forth, the later order stands (docs/rulings.md; a game of 0.1 keeps absent over present).
        const overrides = state.options.rulings !== '0.1' && (present ? zone.players[enemy].flagOrder.absent : zone.players[enemy].flagOrder.present);
        if (overrides) writablePlayer(zone, enemy).flagOrder = { ...zone.players[enemy].flagOrder, [present ? 'absent' : 'present']: false };
        const over = overrides ? `, over the ${sideName(enemy)} order` : '';
        say13(present ? `the ${sideName(side)} Flag Officer is present this turn${over}` : `the ${sideName(enemy)} Flag Officer is absent this turn${over}`);
        break;
      }
    }
    p.jokersPlayed += 1;
  },
});

/** 13.5: the Additional Ship card kept between turns (7.2.1) is played for one of its two uses. */
export const useKeptAdditionalShip = zoneAction({
  type: 'useKeptAdditionalShip',
  steps: BATTLE_PREPARATIONS,
  commands: [{ word: 'kept' }],
  rule: '13.5',
  decision: false,
  proxy: true, // 14.1: it buys a ship or opens transfers, which the Overall Commander orders (docs/rulings.md)
  // Listed for every seat, so a shared screen does not tell who kept the card (7.2.1).
  openIsSecret: true,
  toldWhenClosed: ['no-kept-card'],
  schema: z.object({ use: z.enum(['ship-at-point-value', 'unlimited-transfers']) }),
  label: () => 'Play your kept Additional Ship card',
  when(state, zone, side, explain) {
    if (state.turn === 1) return noneKeptOnTurnOne(explain);
    if (zone.players[side].keptAdditionalShip !== 'unused') return no(explain, 'no-kept-card', () => 'You did not keep an Additional Ship card from the last turn (7.2.1), or it is already used.');
    return inBattlePreparations(zone) ? null : no(explain, 'too-late', () => 'The kept card is played during Battle Preparations.');
  },
  fields(_state, zone, side) {
    const options: FieldOption[] = [];
    if (zone.step === 'purchase' && !zone.players[side].order.done) options.push({ value: 'ship-at-point-value', label: 'Buy one ship at its Point Value' });
    options.push({ value: 'unlimited-transfers', label: 'Unlimited transfers to and from this zone this turn' });
    return { use: { kind: 'choice', label: 'Use', help: 'The Additional Ship card kept from last turn buys one ship at its Point Value, or allows unlimited card transfers to and from your War Zone this turn (13.5).', options } };
  },
  apply(_state, zone, side, a, ctx) {
    const p = writablePlayer(zone, side);
    if (a.use === 'ship-at-point-value' && (zone.step !== 'purchase' || p.order.done)) refuse('not-purchase-step', 'Use it while you are ordering purchases (6.C.2).', '13.5');
    spendKeptCard(zone, side, a.use);
    say(ctx, {
      type: 'joker',
      zone: zone.id,
      side,
      use: a.use,
      text: `${zoneName(zone.id)}: ${sideName(side)} plays the kept Additional Ship card — ${a.use === 'ship-at-point-value' ? 'one ship bought at its Point Value this turn' : 'unlimited card transfers to and from this War Zone this turn'} (13.5).`,
    });
  },
});

/** 13.5: the kept card was played to buy one ship at its Point Value (instead of double: after turn 1). */
function shipAtPointValue(state: CwnbState, zone: ZoneState, side: Side): boolean {
  return zone.players[side].keptAdditionalShip === 'ship-at-point-value' && state.turn > 1;
}

export function unlimitedTransfers(zone: ZoneState, side: Side): boolean {
  return zone.players[side].keptAdditionalShip === 'unlimited-transfers';
}

export const frictionOfWar: OptionalRule = {
  rule: '13.5',
  name: 'Friction of War',
  on: (o) => !!o.optional.frictionOfWar,
  actions: [playAdditionalShip, useKeptAdditionalShip],
  hooks: {
    rolled(zone, what) {
      zone.lastRoll = what;
    },
    // A die can be re-rolled only before anything else happens in the zone.
    zoneAction(zone, type) {
      if (type !== 'playAdditionalShip') zone.lastRoll = null;
    },
    newTurn(_state, zone) {
      zone.lastRoll = null;
      for (const side of ['allied', 'soviet'] as const) {
        const p = writablePlayer(zone, side);
        p.jokersPlayed = 0;
        p.flagOrder = { present: false, absent: false };
        if (p.keptAdditionalShip !== 'unused') p.keptAdditionalShip = null;
      }
    },
    // The kept card: one ship of the order at its Point Value instead of double (the dearest one).
    orderPrices(state, zone, side, ships) {
      if (shipAtPointValue(state, zone, side) && ships.length) ships[0] /= 2;
    },
    priceNote: (state, zone, side, kind) =>
      kind === 'ship' && shipAtPointValue(state, zone, side) ? { label: 'with your Additional Ship card (13.5)', help: 'Your kept Additional Ship card buys the dearest ship of your order at its Point Value (13.5).' } : null,
    purchased(zone, side, ships) {
      if (ships.length && zone.players[side].keptAdditionalShip === 'ship-at-point-value') writablePlayer(zone, side).keptAdditionalShip = 'spent';
    },
    keepableCard: (_state, type) => (type.toLowerCase() === ADDITIONAL_SHIP.toLowerCase() ? ADDITIONAL_SHIP : null),
    kept(p, card) {
      p.keptAdditionalShip = card?.type === ADDITIONAL_SHIP ? 'unused' : null;
    },
    // The kept card is played by whoever holds it: given to a teammate (6.C.3), it goes with its use.
    cardTransferred(from, to, side, card) {
      if (card.type !== ADDITIONAL_SHIP || from.players[side].keptAdditionalShip !== 'unused') return;
      if (!from.players[side].cards.some((c) => c.type === ADDITIONAL_SHIP)) writablePlayer(from, side).keptAdditionalShip = null;
      if (to.players[side].keptAdditionalShip === null) writablePlayer(to, side).keptAdditionalShip = 'unused';
    },
  },
};

