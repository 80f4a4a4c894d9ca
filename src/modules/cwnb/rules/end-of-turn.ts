import { z } from 'zod';
import { refuse } from '../../../engine/errors.ts';
import { ACTION_CARDS, actionCardType } from '../data/index.ts';
import type { Side } from '../data/types.ts';
import { hooksOf } from '../hooks.ts';
import { MAX_TURNS, type CwnbState, type HeldCard, type ZoneState } from '../state.ts';
import { cardText, freshTurnPlayer, newCard, no, requireTerms, say, sayWithSecret, score, shipCard, sideName, updateShip, writableBattle, writablePlayer, writableZones, zoneAction, zoneName, type Ctx } from './common.ts';
import { scoreFinalMissionPoints } from './mission-scoring.ts';
import { NON_COMBATANT_CARDS } from './non-combatants.ts';
import { shiftStatus } from './status.ts';

/**
 * 7.2.1: each player may set aside one card from the hand for the next turn; the rest are
 * discarded. The hand at the table holds cards Wardroom never saw (drawn from the deck), so the
 * card is named by its type. Which card is kept is the team's secret.
 */
/** The campaign ends after this turn for certain: turn 9, or the agreed length without 13.1's variable end (11). */
function lastTurn(state: CwnbState): boolean {
  return state.turn >= MAX_TURNS || hooksOf(state).lastTurnCertain(state);
}

export const setAside = zoneAction({
  type: 'setAside',
  steps: ['set-aside'],
  commands: [{ word: 'keep' }],
  secret: true,
  rule: '7.2.1',
  schema: z.object({ card: z.string().optional(), value: z.number().int().optional() }),
  label: (state) => (lastTurn(state) ? 'End the turn: this is the last Campaign Game Turn, so no card is kept' : 'Set aside one card for the next turn (or none); the rest of the hand is discarded'),
  when(_state, zone, side, explain) {
    if (zone.step !== 'set-aside') return no(explain, 'not-set-aside-step', () => `${zoneName(zone.id)}: cards are set aside when the Battle Turns are over (7.2.1).`);
    if (zone.players[side].setAside) return no(explain, 'already-set-aside', () => 'You have already set aside your card this turn.');
    return null;
  },
  fields(state) {
    if (lastTurn(state)) return undefined; // no next turn to keep a card for (a card named anyway is recorded, as 0.1 did)
    const extra = ACTION_CARDS.cards.map((c) => c.type);
    const joker = hooksOf(state).keepableCard(state, 'Additional Ship'); // 13.5
    const types = joker ? [...extra, joker] : extra;
    return {
      card: {
        kind: 'choice',
        label: 'Card kept',
        help: 'None: you keep no card (7.2.1).',
        optional: true,
        options: types.map((type) =>
          actionCardType(type)?.costs === 'half-value' ? { value: type, label: type, fields: { value: { kind: 'int', label: 'Printed value', help: 'The printed value of the attack card you keep, recorded with it; may be left out (7.2.1).', min: 1, max: 20, optional: true } } } : { value: type, label: type },
        ),
      },
    };
  },
  apply(state, zone, side, a, ctx) {
    let card: HeldCard | null = null;
    if (a.card) {
      const joker = ctx.hooks.keepableCard(state, a.card); // 13.5: an Additional Ship card may be the one kept
      const t = joker ? null : actionCardType(a.card);
      if (!joker && !t) refuse('unknown-card', `"${a.card}" is not an Action card type.`, '7.2.1');
      card = newCard(zone, side, joker ? { type: joker } : t!.costs === 'half-value' && a.value ? { type: t!.type, value: a.value } : { type: t!.type });
    }
    const p = writablePlayer(zone, side);
    p.cards = card ? [card] : [];
    ctx.hooks.kept(p, card); // 13.5
    p.setAside = true;
    const head = `${zoneName(zone.id)}: ${sideName(side)}`;
    if (card) {
      sayWithSecret(ctx, { type: 'set-aside', zone: zone.id, kept: true, text: `${head} keeps one card; the rest of the hand is discarded.` }, side, {
        card,
        text: `${head} keeps one card (${cardText(card)}); the rest of the hand is discarded.`,
      });
    } else say(ctx, { type: 'set-aside', zone: zone.id, side, kept: false, text: `${head} keeps no card; the rest of the hand is discarded.` });
  },
});

/** 7.2.2–7.2.5 in their strict order, once both players have set aside their card. */
export function concludeBattleTurns(state: CwnbState, zone: ZoneState, ctx: Ctx): void {
  const t = requireTerms(zone);
  // 7.2.2 final Mission Points.
  scoreFinalMissionPoints(state, zone, ctx);
  // 7.2.3 status one column toward the player who scored more this turn (as the Point Tracks show it now); none on a tie.
  const scored = (s: Side) => zone.players[s].earned.mission + zone.players[s].earned.sinking + zone.players[s].earned.other;
  const a = scored('allied');
  const s = scored('soviet');
  if (a !== s) shiftStatus(zone, a > s ? 'allied' : 'soviet', ctx, `7.2.3: scored ${Math.max(a, s)} to ${Math.min(a, s)} this turn`);
  else say(ctx, { type: 'status', zone: zone.id, fromColumn: zone.status, toColumn: zone.status, text: `${zoneName(zone.id)}: scores tied at ${a}; the War Zone Status marker does not move (7.2.3).` });
  // 7.2.4 ships in port score, capped at this turn's mission plus sinking points, then are repaired.
  for (const side of ['allied', 'soviet'] as const) {
    const port = ctx.hooks.inPort(zone, side); // 13.2.7
    const halvings = (t.sides[side].inPortHalf ? 1 : 0) + port.halvings;
    let total = 0;
    for (const [id, ship] of Object.entries(zone.players[side].fleet)) {
      if (!ship.committed) total += inPortScore(shipCard(state, id)!.points, ship.damage, ship.crippled, halvings);
    }
    const earned = zone.players[side].earned;
    const cap = earned.mission + earned.sinking + earned.portStrike;
    if (cap > 0) score(zone, side, Math.min(total, cap), 'in-port', ctx, `7.2.4: ships in port score ${total}, at most this turn's ${cap} Mission and sinking points`);
    else if (total > 0) say(ctx, { type: 'note', zone: zone.id, side, rule: '7.2.4', text: `${zoneName(zone.id)}: ${sideName(side)} ships in port would score ${total}, but ${sideName(side)} scored no Mission or sinking points this turn: they score nothing (7.2.4).` });
    if (!port.repairs) {
      say(ctx, { type: 'note', zone: zone.id, side, rule: '13.2.7', text: `${zoneName(zone.id)}: port facilities damaged — no repairs to ${sideName(side)} ships in port this turn (13.2.7).` });
      continue;
    }
    const p = writablePlayer(zone, side);
    for (const [id, ship] of Object.entries(p.fleet)) {
      if (!ship.committed) updateShip(p, id, { damage: 0, crippled: false, critical: false });
    }
  }
  // 7.2.5 (8) Non-Combatants return to the unused pile.
  const b = writableBattle(zone);
  const returned = b.nonCombatants.filter((n) => n.id.startsWith('NC-')).map((n) => Number(n.id.slice(3)));
  if (returned.length) state.nonCombatantDeck = [...state.nonCombatantDeck, ...returned].sort((x, y) => x - y);
  b.nonCombatants = [];
  zone.step = 'turn-done';
  say(ctx, { type: 'turn-done', zone: zone.id, text: `${zoneName(zone.id)}: Campaign Game Turn ${state.turn} complete.` });
}

/**
 * 7.2.4: point value less damage (crippled: 0), halved and rounded up per ship where the mission
 * says; 13.2.7 port mined halves again (a quarter), still rounded up per ship.
 */
export function inPortScore(points: number, damage: number, crippled: boolean, halvings: number): number {
  if (crippled) return 0;
  const v = Math.max(0, points - damage);
  return Math.ceil(v / 2 ** halvings);
}

/** 7.2.6: a new Campaign Game Turn begins in every War Zone. */
export function startNextTurn(state: CwnbState, ctx: Ctx): void {
  state.turn += 1;
  state.purchasesResolved = false;
  state.nonCombatantDeck = Array.from({ length: NON_COMBATANT_CARDS }, (_, i) => i + 1);
  state.playerOrderCards = 0;
  for (const z of writableZones(state)) {
    z.step = 'mission';
    z.mission = null;
    z.declines = [];
    z.battle = null;
    freshTurnPlayer(writablePlayer(z, 'allied'));
    freshTurnPlayer(writablePlayer(z, 'soviet'));
    ctx.hooks.newTurn(state, z);
  }
  say(ctx, { type: 'turn', turn: state.turn, text: `Campaign Game Turn ${state.turn} begins.` });
}
