import { refuse } from '../../../engine/errors.ts';
import { actionCardType } from '../data/index.ts';
import type { Side } from '../data/types.ts';
import type { CwnbState, HeldCard, ZoneState } from '../state.ts';
import { freshTurnPlayer, requireTerms, score, shipCard, sideName, updateShip, writableZones, zoneName, type Events } from './common.ts';
import { scoreFinalMissionPoints } from './mission-scoring.ts';
import { NON_COMBATANT_CARDS } from './non-combatants.ts';
import { shiftStatus } from './status.ts';
import { endGame } from './victory.ts';
import { ADDITIONAL_SHIP } from '../optional/friction-of-war.ts';
import { freshConditions, portEffects } from '../optional/special-conditions.ts';
import { gameRollerSeat, variableEnd } from '../optional/variable-end-turn.ts';

/** 9 is the hard limit (11); the agreed length may be shorter (5.2). */
export const MAX_TURNS = 9;

/** 7.2.1: each player may set aside one card from the hand for the next turn; the rest are discarded. */
export function setAside(state: CwnbState, zone: ZoneState, side: Side, card: HeldCard | null, events: Events): void {
  if (zone.step !== 'set-aside') refuse('not-set-aside-step', `${zoneName(zone.id)}: cards are set aside when the Battle Turns are over (7.2.1).`, '7.2.1');
  const p = zone.players[side];
  if (p.setAside) refuse('already-set-aside', 'You have already set aside your card this turn.', '7.2.1');
  if (card && state.options.optional.frictionOfWar && card.type.toLowerCase() === ADDITIONAL_SHIP.toLowerCase()) {
    card = { type: ADDITIONAL_SHIP }; // 13.5: an Additional Ship card may be the one kept
  } else if (card) {
    const t = actionCardType(card.type);
    if (!t) refuse('unknown-card', `"${card.type}" is not an Action card type.`, '7.2.1');
    card = t.costs === 'half-value' && card.value ? { type: t.type, value: card.value } : { type: t.type };
  }
  p.cards = card ? [card] : [];
  p.keptAdditionalShip = card?.type === ADDITIONAL_SHIP ? 'unused' : null;
  p.setAside = true;
  events.push({ type: 'set-aside', zone: zone.id, side, text: `${zoneName(zone.id)}: ${sideName(side)} ${card ? `keeps one card (${card.type})` : 'keeps no card'}; the rest of the hand is discarded.` });
  if (zone.players.allied.setAside && zone.players.soviet.setAside) concludeBattleTurns(state, zone, events);
}

/** 7.2.2–7.2.6 in their strict order. */
function concludeBattleTurns(state: CwnbState, zone: ZoneState, events: Events): void {
  const t = requireTerms(zone);
  // 7.2.2 final Mission Points.
  scoreFinalMissionPoints(state, zone, events);
  // 7.2.3 status one column toward the player who scored more this turn; none on a tie.
  const earned = (s: Side) => zone.players[s].earned.mission + zone.players[s].earned.sinking;
  const scored = (s: Side) => earned(s) + zone.players[s].earned.other; // 13.5 +2 points count here
  const a = scored('allied');
  const s = scored('soviet');
  if (a !== s) shiftStatus(zone, a > s ? 'allied' : 'soviet', events, `7.2.3: scored ${Math.max(a, s)} to ${Math.min(a, s)} this turn`);
  else events.push({ type: 'status', zone: zone.id, text: `${zoneName(zone.id)}: scores tied at ${a}; the War Zone Status marker does not move (7.2.3).` });
  // 7.2.4 ships in port score, capped at this turn's mission plus sinking points, then are repaired.
  for (const side of ['allied', 'soviet'] as const) {
    const p = zone.players[side];
    const port = portEffects(zone, side); // 13.2.7
    const halvings = (t.sides[side].inPortHalf ? 1 : 0) + (port.mined ? 1 : 0);
    let total = 0;
    for (const [id, ship] of Object.entries(p.fleet)) {
      if (ship.committed) continue;
      total += inPortScore(shipCard(state, id)!.points, ship.damage, ship.crippled, halvings);
    }
    const cap = earned(side);
    score(zone, side, Math.min(total, cap), 'in-port', events, `7.2.4: ships in port score ${total}, at most this turn's ${cap} Mission and sinking points`);
    if (port.noRepairs) {
      events.push({ type: 'note', text: `${zoneName(zone.id)}: port facilities damaged — no repairs to ${sideName(side)} ships in port this turn (13.2.7).` });
      continue;
    }
    for (const [id, ship] of Object.entries(p.fleet)) {
      if (!ship.committed) updateShip(p, id, { damage: 0, crippled: false, critical: false });
    }
  }
  // 7.2.5 (8) Non-Combatants return to the unused pile.
  const b = zone.battle!;
  const returned = b.nonCombatants.filter((n) => n.id.startsWith('NC-')).map((n) => Number(n.id.slice(3)));
  state.nonCombatantDeck = [...state.nonCombatantDeck, ...returned].sort((x, y) => x - y);
  b.nonCombatants = [];
  zone.step = 'turn-done';
  events.push({ type: 'turn-done', zone: zone.id, text: `${zoneName(zone.id)}: Campaign Game Turn ${state.turn} complete.` });
  // 7.2.6 next turn, or the end of the game (11).
  if (Object.values(state.zones).every((z) => z!.step === 'turn-done')) endOfCampaignTurn(state, events);
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

function endOfCampaignTurn(state: CwnbState, events: Events): void {
  const variable = variableEnd(state); // 13.1
  if (state.turn >= MAX_TURNS || variable === 'end' || (variable === 'continue' && !state.options.optional.variableEndTurn && state.turn >= state.options.turns)) {
    endGame(state, events);
    return;
  }
  if (variable === 'roll') {
    state.endRollDue = true;
    events.push({ type: 'note', text: `Variable End Turn: ${gameRollerSeat(state)} rolls the end-game die (13.1).` });
    return;
  }
  startNextTurn(state, events);
}

/** 7.2.6: a new Campaign Game Turn begins in every War Zone. */
export function startNextTurn(state: CwnbState, events: Events): void {
  state.turn += 1;
  state.transferChart = null;
  state.transfersUsed = {};
  state.purchasesResolved = false;
  state.nonCombatantDeck = Array.from({ length: NON_COMBATANT_CARDS }, (_, i) => i + 1);
  state.playerOrderCards = 0;
  for (const z of writableZones(state)) {
    z.step = 'mission';
    z.mission = null;
    z.declines = [];
    z.battle = null;
    z.lastRoll = null;
    z.conditions = freshConditions(state.options);
    freshTurnPlayer(z.players.allied);
    freshTurnPlayer(z.players.soviet);
  }
  events.push({ type: 'turn', turn: state.turn, text: `Campaign Game Turn ${state.turn} begins.` });
}
