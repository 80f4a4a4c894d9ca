import type { Side, ZoneId } from '../data/types.ts';
import { MAX_TURNS, type CwnbState, type ZoneState, type ZoneStep } from '../state.ts';
import { say, writableZone, zoneName, zoneWritten, type Ctx } from './common.ts';
import { reveal } from './commitment.ts';
import { concludeBattleTurns, startNextTurn } from './end-of-turn.ts';
import { resolvePurchasesIfReady } from './purchases.ts';
import { endGame } from './victory.ts';

/**
 * 6 Sequence of Play, in one place: the steps of a Campaign Game Turn in a War Zone, the windows
 * in which actions are open, and `advance`, the one function that moves every War Zone (and the
 * game) on after an action. Actions only record decisions; `advance` carries out what follows
 * when a step is complete.
 */
export const STEPS: readonly { step: ZoneStep; name: string; rule: string }[] = [
  { step: 'mission', name: 'A. Determine Player Missions', rule: '6.A' },
  { step: 'conditions', name: 'B. Special Conditions', rule: '6.B' },
  { step: 'purchase', name: 'C.2 Purchases', rule: '6.C.2' },
  { step: 'preparation', name: 'C.3–4 Transfers and Battle Commitment', rule: '6.C.3' },
  { step: 'battle', name: 'D. Battle Turns', rule: '7' },
  { step: 'set-aside', name: 'Set aside a card', rule: '7.2.1' },
  { step: 'turn-done', name: 'Turn complete, waiting for the other War Zones', rule: '7.2.6' },
];


// ---------------------------------------------------------------------------------------------
// Windows

/** 6.A–6.C Battle Preparations: from the mission roll to the commitment. */
export const BATTLE_PREPARATIONS: readonly ZoneStep[] = ['mission', 'conditions', 'purchase', 'preparation'];

export function inBattlePreparations(zone: ZoneState): boolean {
  return BATTLE_PREPARATIONS.includes(zone.step);
}

/** Before either player of the zone has committed (13.4/13.5 Flag Officer orders). */
export function beforeCommitment(zone: ZoneState): boolean {
  return inBattlePreparations(zone) && !zone.players.allied.commitment && !zone.players.soviet.commitment;
}

/** 6.C.3: the steps of the transfer window (after the purchases, in Battle Preparations). */
export const TRANSFER_STEPS: readonly ZoneStep[] = BATTLE_PREPARATIONS.filter((s) => s !== 'purchase');

/** 6.C.3: transfers are made after the purchases are carried out and before the player commits. */
export function transferWindow(state: CwnbState, zone: ZoneState, side: Side): boolean {
  return state.purchasesResolved && zone.step !== 'purchase' && inBattlePreparations(zone) && !zone.players[side].commitment;
}

/** The commitments are known to both teams from the reveal on (6.C.4). */
export function commitmentsRevealed(zone: ZoneState): boolean {
  return zone.step === 'battle' || zone.step === 'set-aside' || zone.step === 'turn-done';
}

// ---------------------------------------------------------------------------------------------
// Moving on

/** Move one zone on as far as its state allows; true if it moved. */
function advanceZone(state: CwnbState, id: ZoneId, ctx: Ctx): boolean {
  const z = state.zones[id]!;
  switch (z.step) {
    case 'mission':
      if (!z.mission) return false;
      writableZone(state, id).step = 'conditions';
      return true;
    case 'conditions': {
      if (ctx.hooks.stepBPending(z)) return false;
      const zone = writableZone(state, id);
      if (ctx.hooks.rerollAfterStepB(state, zone, ctx)) {
        // 13.5: kept while the roll that voids it may be re-rolled.
        if (zone.lastRoll?.kind === 'conditions') zone.lastRoll = { ...zone.lastRoll, voidedMission: zone.mission };
        zone.mission = null;
        zone.step = 'mission';
      } else zone.step = state.purchasesResolved ? 'preparation' : 'purchase';
      return true;
    }
    case 'preparation':
      if (!z.players.allied.commitment || !z.players.soviet.commitment) return false;
      reveal(state, writableZone(state, id), ctx);
      return true;
    case 'battle': {
      const b = z.battle!;
      if (b.toDeal > 0 || b.index < 2 * b.turnsPerPlayer) return false;
      writableZone(state, id).step = 'set-aside';
      say(ctx, { type: 'battle-over', zone: id, poolLeft: b.pool === null ? null : b.pool - b.poolAwarded.allied - b.poolAwarded.soviet, text: `${zoneName(id)}: all Battle Turns played${b.pool === null ? '' : `; Point Pool left: ${b.pool - b.poolAwarded.allied - b.poolAwarded.soviet}`}.` });
      return true;
    }
    case 'set-aside':
      if (!z.players.allied.setAside || !z.players.soviet.setAside) return false;
      concludeBattleTurns(state, writableZone(state, id), ctx);
      return true;
    default:
      return false; // purchases and the end of the turn are carried out for the whole game
  }
}

/** 7.2.6: every zone has finished its Campaign Game Turn: the next turn, a 13.1 roll, or the end (11). */
function endOfCampaignTurn(state: CwnbState, ctx: Ctx): void {
  const next = state.turn >= MAX_TURNS ? 'end' : ctx.hooks.endOfTurn(state, ctx);
  if (next === 'end') endGame(state, ctx);
  else if (next === 'roll') state.endRollDue = true;
  else startNextTurn(state, ctx);
}

/**
 * After every action: move on every zone the action changed (only those can have finished a
 * step), then the steps of the whole game, until nothing moves.
 */
export function advance(state: CwnbState, ctx: Ctx): void {
  const ids = state.options.zones;
  const every = (test: (z: ZoneState) => boolean) => ids.every((id) => test(state.zones[id]!));
  for (let moved = true; moved && !state.result && !state.endRollDue; ) {
    moved = false;
    let purchasing = false;
    let done = false;
    for (const id of ids) {
      if (!zoneWritten(id)) continue;
      while (advanceZone(state, id, ctx)) moved = true;
      const step = state.zones[id]!.step;
      purchasing ||= step === 'purchase';
      done ||= step === 'turn-done';
    }
    if (purchasing && !state.purchasesResolved && every((z) => z.step === 'purchase' && z.players.allied.order.done && z.players.soviet.order.done)) {
      resolvePurchasesIfReady(state, ctx);
      moved = true;
    } else if (done && every((z) => z.step === 'turn-done')) {
      endOfCampaignTurn(state, ctx);
      moved = true;
    }
  }
}
