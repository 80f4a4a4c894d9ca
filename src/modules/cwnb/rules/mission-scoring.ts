import type { Side } from '../data/types.ts';
import type { CwnbState, ZoneState } from '../state.ts';
import { other } from '../state.ts';
import { isSubmarine, requireTerms, say, score, shipCard, sideName, writableBattle, type Ctx } from './common.ts';
import type { MissionTerms } from './mission-terms.ts';

/**
 * 9.1, 9.4 "eliminated", "completely eliminated": none of the Task Force's committed ships is
 * afloat. A Passive submarine afloat is a ship afloat; the rules count it as eliminated only
 * where they say so (`eliminatedForMission`).
 */
export function eliminated(state: CwnbState, zone: ZoneState, side: Side): boolean {
  if (state.options.rulings === '0.1') return passiveEliminated(state, zone, side);
  const fleet = zone.players[side].fleet;
  for (const id in fleet) if (fleet[id].committed) return false;
  return true;
}

/**
 * 9.5, 9.6 "(note that his Passive submarines are considered 'eliminated' for this purpose)":
 * for the Holding Action scoring (9.5) and the Invasion player's scoring from the Pool (9.6),
 * Passive submarines count as eliminated; in 9.5 a retreating Holding Action Task Force too (its
 * summary).
 */
export function eliminatedForMission(state: CwnbState, zone: ZoneState, side: Side): boolean {
  if (zone.players[side].retreating && requireTerms(zone).sides[side].retreat === 'counts-as-eliminated') return true;
  return passiveEliminated(state, zone, side);
}

/** No committed ship afloat but Passive submarines. */
function passiveEliminated(state: CwnbState, zone: ZoneState, side: Side): boolean {
  const p = zone.players[side];
  for (const [id, ship] of Object.entries(p.fleet)) {
    if (!ship.committed) continue;
    if (isSubmarine(shipCard(state, id)!) && ship.passive) continue;
    return false;
  }
  return true;
}

/** Eliminated as the zone's mission reads it (9.5 and 9.6 their way, else 9.1). */
export function eliminatedInMission(state: CwnbState, zone: ZoneState, side: Side): boolean {
  const pair = requireTerms(zone).pair;
  return pair === 'seaSuperiorityVsHoldingAction' || pair === 'invasion' ? eliminatedForMission(state, zone, side) : eliminated(state, zone, side);
}

export function poolLeft(zone: ZoneState): number {
  const b = zone.battle!;
  return b.pool === null ? 0 : b.pool - b.poolAwarded.allied - b.poolAwarded.soviet;
}

/** 7, 9.1: award Point Pool points, never more than the Pool has left. Returns what was awarded. */
export function awardPool(zone: ZoneState, side: Side, wanted: number, ctx: Ctx, why: string): number {
  const left = poolLeft(zone);
  const pts = Math.max(0, Math.min(wanted, left));
  if (pts > 0) {
    const b = writableBattle(zone);
    b.poolAwarded = { ...b.poolAwarded, [side]: b.poolAwarded[side] + pts };
    score(zone, side, pts, 'mission', ctx, `${why}; Point Pool ${poolLeft(zone)} left${pts < wanted ? `, ${wanted - pts} more not available` : ''}`);
  }
  return pts;
}

/** The Non-Combatants (and, 8, an Allied escort's committed LPHs) that count for an escort or invasion. */
export function transports(state: CwnbState, zone: ZoneState, t: MissionTerms): { id: string; damage: number }[] {
  const b = zone.battle!;
  const list = b.nonCombatants.filter((n) => !n.sunk).map((n) => ({ id: n.id, damage: n.damage }));
  if (t.pair === 'militaryEscort' && t.nonCombatants!.side === 'allied') {
    for (const [id, ship] of Object.entries(zone.players.allied.fleet)) {
      if (ship.committed && shipCard(state, id)!.kind === 'lph') list.push({ id, damage: ship.damage });
    }
  }
  return list;
}

/** Points for transports afloat: the mission value less each one's damage, never below zero. */
function transportPoints(list: { damage: number }[], value: number): number {
  return list.reduce((sum, n) => sum + Math.max(0, value - n.damage), 0);
}

/** End of a player's Battle Turn: 9.5 Holding Action / Sea Superiority, 9.6 Invasion. */
export function scoreEndOfBattleTurn(state: CwnbState, zone: ZoneState, side: Side, ctx: Ctx): void {
  const t = requireTerms(zone);
  const b = zone.battle!;
  const turn = Math.floor(b.index / 2) + 1;
  if (t.pair === 'seaSuperiorityVsHoldingAction' && t.sides[side].mission === 'Holding Action') {
    if (eliminatedForMission(state, zone, side)) {
      score(zone, other(side), t.points!, 'mission', ctx, `9.5: Holding Action Task Force eliminated at the end of its Battle Turn ${turn}`);
    } else {
      score(zone, side, t.points!, 'mission', ctx, `9.5: Holding Action Task Force not eliminated at the end of Battle Turn ${turn}`);
    }
  }
  if (t.pair === 'invasion' && t.sides[side].mission === 'Invasion') {
    const ha = other(side);
    if (zone.players[side].retreating) {
      say(ctx, { type: 'note', zone: zone.id, rule: '9.6', text: '9.6: no Pool points while the Invasion Task Force is retreating.' });
    } else if (eliminatedForMission(state, zone, ha)) {
      const pts = transportPoints(transports(state, zone, t), t.points!);
      awardPool(zone, side, pts, ctx, `9.6: Military Non-Combatants afloat at the end of Battle Turn ${turn}, enemy Task Force eliminated`);
    }
  }
}

/** 7.2.2 Score Final Mission Points. */
export function scoreFinalMissionPoints(state: CwnbState, zone: ZoneState, ctx: Ctx): void {
  const t = requireTerms(zone);
  const b = zone.battle!;
  switch (t.pair) {
    case 'militaryEscort':
    case 'civilianEscort': {
      const escort = t.nonCombatants!.side;
      const list = transports(state, zone, t);
      // Each named with its points, an LPH too (8): a count read as if a sinking had been missed (h19).
      const each = list.map((n) => {
        const lph = shipCard(state, n.id);
        return `${lph ? `${lph.name} (LPH)` : n.id} ${Math.max(0, t.points! - n.damage)}`;
      });
      score(zone, escort, transportPoints(list, t.points!), 'mission', ctx, `${t.rule}: ${t.pair === 'civilianEscort' ? 'Civilian' : 'Military'} Non-Combatants afloat, ${t.points} each less its damage: ${each.join(', ')}`);
      break;
    }
    case 'seaSuperiority': {
      const pool = b.pool!;
      const a = zone.players.allied.winnerTally;
      const s = zone.players.soviet.winnerTally;
      if (a === s) {
        const half = Math.floor(pool / 2);
        for (const side of ['allied', 'soviet'] as const) awardPool(zone, side, half, ctx, `9.4: tie (${a} each), Pool split evenly, odd point lost`);
      } else {
        const winner: Side = a > s ? 'allied' : 'soviet';
        const loser = other(winner);
        const why = `9.4: Mission Winner ${sideName(winner)} (${Math.max(a, s)} to ${Math.min(a, s)} for sinkings and retreats)`;
        if (eliminated(state, zone, loser)) {
          awardPool(zone, winner, pool, ctx, `${why}, loser completely eliminated: whole Pool`);
        } else {
          awardPool(zone, winner, Math.floor((2 * pool) / 3), ctx, `${why}: 2/3 of the Pool`);
          awardPool(zone, loser, Math.floor(pool / 3), ctx, '9.4: Mission loser: 1/3 of the Pool');
        }
      }
      break;
    }
    case 'invasion':
    case 'carrierStrike':
    case 'submarineStrike': {
      const taker = (['allied', 'soviet'] as const).find((side) => ['Holding Action', 'Engage'].includes(t.sides[side].mission))!;
      awardPool(zone, taker, poolLeft(zone), ctx, `${t.rule}: ${t.sides[taker].mission} player takes the unclaimed Pool`);
      break;
    }
    case 'seaSuperiorityVsHoldingAction':
      break;
  }
}
