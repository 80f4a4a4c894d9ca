import { z } from 'zod';
import { refuse } from '../../../engine/errors.ts';
import { seatOf, type NonCombatant } from '../state.ts';
import { no, roll, say, sideName, writableBattle, zoneAction, zoneName } from './common.ts';

/** 8: the 18 two-sided Non-Combatant cards (Civilian on one side, Military on the other). */
export const NON_COMBATANT_CARDS = 18;
/** 8: Player Order cards stand in as '4' Hits to Sink Non-Combatants when the cards run out. */
export const PLAYER_ORDER_HITS = 4;

/**
 * 8: deal the mission's Non-Combatants at random from the cards not yet dealt this turn; with
 * physical dice the player names the cards dealt at the table. When the cards run out, Player
 * Order cards make up the number.
 */
export const dealNonCombatants = zoneAction({
  type: 'dealNonCombatants',
  steps: ['battle'], // 8: dealt after the reveal, before the first Battle Turn
  commands: [{ word: 'deal' }],
  rule: '8',
  schema: z.object({ cards: z.array(z.number().int()).optional() }),
  label: (_state, zone) => `Deal ${zone.battle!.toDeal} Non-Combatants`,
  when(_state, zone, side, explain) {
    const b = zone.battle;
    if (!b || b.toDeal === 0 || b.nonCombatantSide !== side) return no(explain, 'nothing-to-deal', () => 'No Non-Combatants are waiting to be dealt to you.');
    return null;
  },
  fields(state, zone) {
    if (!state.dice.physical) return undefined;
    const n = Math.min(zone.battle!.toDeal, state.nonCombatantDeck.length);
    return {
      cards: {
        kind: 'subset',
        label: 'Cards dealt',
        // The cards carry no number: the table numbers its 18 once (1–18, any order) and keeps to it all campaign.
        help: `${n === 1 ? 'The number of the Non-Combatant card dealt at the table' : `The numbers of the ${n} Non-Combatant cards dealt at the table`}: number your ${NON_COMBATANT_CARDS} Non-Combatant cards 1–${NON_COMBATANT_CARDS} once, in any order, and keep to it for the whole campaign (8).`,
        options: state.nonCombatantDeck.map((c) => ({ value: c, label: `card ${c}` })),
        min: n,
        max: n,
      },
    };
  },
  apply(state, zone, side, a, ctx) {
    const b = writableBattle(zone);
    const fromDeck = Math.min(b.toDeal, state.nonCombatantDeck.length);
    const dealt: number[] = [];
    const cards = a.cards;
    if (state.dice.physical) {
      if (!cards || cards.length !== fromDeck || new Set(cards).size !== cards.length || cards.some((c) => !state.nonCombatantDeck.includes(c))) {
        refuse(
          'deal-cards-required',
          `Shuffle the ${state.nonCombatantDeck.length} Non-Combatant cards not yet dealt and name the ${fromDeck} dealt (card numbers from ${state.nonCombatantDeck.join(', ')}).`,
          '8',
        );
      }
      dealt.push(...cards);
      // Not a 'reveal' (a barrier to undo): cards typed wrongly are taken back like a physical die.
      say(ctx, { type: 'cards-dealt', zone: zone.id, cards, text: `${zoneName(zone.id)}: Non-Combatant cards dealt at the table: ${cards.join(', ')}.` });
    } else {
      if (cards && cards.length) refuse('deal-cards-not-allowed', 'This game deals the Non-Combatants from its seeded dice; do not name cards.', '8');
      const deck = [...state.nonCombatantDeck];
      for (let i = 0; i < fromDeck; i++) {
        let pick = 0;
        if (deck.length > 1) {
          const purpose = `Non-Combatant deal, ${zoneName(zone.id)}, card ${i + 1} of ${b.toDeal} (d${deck.length} over the cards left)`;
          pick = roll(state, ctx, seatOf(side, zone.id), [{ sides: deck.length, purpose }], undefined, zone.id)[0] - 1;
        }
        dealt.push(deck.splice(pick, 1)[0]);
      }
    }
    state.nonCombatantDeck = state.nonCombatantDeck.filter((c) => !dealt.includes(c));
    const kind = b.nonCombatantKind!;
    const dealtNow: NonCombatant[] = dealt.map((c) => ({ id: `NC-${c}`, kind, damage: 0, sunk: false }));
    for (let i = fromDeck; i < b.toDeal; i++) {
      state.playerOrderCards += 1;
      dealtNow.push({ id: `PO-${state.playerOrderCards}`, kind, damage: 0, sunk: false });
    }
    b.nonCombatants = [...b.nonCombatants, ...dealtNow];
    const extras = b.toDeal - fromDeck;
    b.toDeal = 0;
    say(ctx, {
      type: 'non-combatants',
      zone: zone.id,
      side,
      kind,
      units: b.nonCombatants.map((n) => n.id),
      playerOrderCards: extras,
      text: `${zoneName(zone.id)}: ${sideName(side)} receives ${b.nonCombatants.length} ${kind} Non-Combatants (${b.nonCombatants.map((n) => n.id).join(', ')})${extras ? `; ${extras} Player Order card(s) serve as '${PLAYER_ORDER_HITS}' Hits to Sink Non-Combatants` : ''}.`,
    });
  },
});
