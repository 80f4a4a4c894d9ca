import { rollDice } from '../../../engine/dice.ts';
import { refuse } from '../../../engine/errors.ts';
import type { Side } from '../data/types.ts';
import type { CwnbState, ZoneState } from '../state.ts';
import { seatOf } from '../state.ts';
import { sideName, zoneName, type Events } from './common.ts';

/** 8: the 18 two-sided Non-Combatant cards (Civilian on one side, Military on the other). */
export const NON_COMBATANT_CARDS = 18;
/** 8: Player Order cards stand in as '4' Hits to Sink Non-Combatants when the cards run out. */
export const PLAYER_ORDER_HITS = 4;

/**
 * 8: deal the mission's Non-Combatants at random from the cards not yet dealt this turn; with
 * physical dice the player names the cards dealt at the table. When the cards run out, Player
 * Order cards make up the number.
 */
export function dealNonCombatants(
  state: CwnbState,
  zone: ZoneState,
  side: Side,
  cards: number[] | undefined,
  events: Events,
): void {
  const b = zone.battle;
  if (!b || b.toDeal === 0 || b.nonCombatantSide !== side) refuse('nothing-to-deal', 'No Non-Combatants are waiting to be dealt to you.', '8');
  const fromDeck = Math.min(b.toDeal, state.nonCombatantDeck.length);
  const dealt: number[] = [];
  if (state.dice.physical) {
    if (!cards || cards.length !== fromDeck || new Set(cards).size !== cards.length || cards.some((c) => !state.nonCombatantDeck.includes(c))) {
      refuse(
        'deal-cards-required',
        `Shuffle the ${state.nonCombatantDeck.length} Non-Combatant cards not yet dealt and name the ${fromDeck} dealt (card numbers from ${state.nonCombatantDeck.join(', ')}).`,
        '8',
      );
    }
    dealt.push(...cards);
    events.push({ type: 'reveal', text: `${zoneName(zone.id)}: Non-Combatant cards dealt at the table: ${cards.join(', ')}.` });
  } else {
    if (cards && cards.length) refuse('deal-cards-not-allowed', 'This game deals the Non-Combatants from its seeded dice; do not name cards.', '8');
    const deck = [...state.nonCombatantDeck];
    for (let i = 0; i < fromDeck; i++) {
      let pickIndex = 0;
      if (deck.length > 1) {
        const r = rollDice(state.dice, seatOf(side, zone.id), [
          { sides: deck.length, purpose: `Non-Combatant deal, ${zoneName(zone.id)}, card ${i + 1} of ${b.toDeal} (d${deck.length} over the cards left)` },
        ]);
        state.dice = r.dice;
        events.push(...r.events);
        pickIndex = r.values[0] - 1;
      }
      dealt.push(deck.splice(pickIndex, 1)[0]);
    }
  }
  state.nonCombatantDeck = state.nonCombatantDeck.filter((c) => !dealt.includes(c));
  const kindOf = b.nonCombatantKind!;
  for (const c of dealt) b.nonCombatants.push({ id: `NC-${c}`, kind: kindOf, damage: 0, sunk: false });
  for (let i = fromDeck; i < b.toDeal; i++) {
    state.playerOrderCards += 1;
    b.nonCombatants.push({ id: `PO-${state.playerOrderCards}`, kind: kindOf, damage: 0, sunk: false });
  }
  const extras = b.toDeal - fromDeck;
  b.toDeal = 0;
  events.push({
    type: 'non-combatants',
    zone: zone.id,
    side,
    text: `${zoneName(zone.id)}: ${sideName(side)} receives ${b.nonCombatants.length} ${kindOf} Non-Combatants (${b.nonCombatants.map((n) => n.id).join(', ')})${extras ? `; ${extras} Player Order card(s) serve as '${PLAYER_ORDER_HITS}' Hits to Sink Non-Combatants` : ''}.`,
  });
}
