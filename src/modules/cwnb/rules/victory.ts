import { VICTORY_LEVELS, zoneById } from '../data/index.ts';
import type { Side } from '../data/types.ts';
import type { CwnbState, Victory } from '../state.ts';
import { say, sideName, statusName, writableZones, zoneName, type Ctx } from './common.ts';
import { bank } from './purchases.ts';

/** 11: the level of victory from the margin (the rulebook's table, data/victory-levels.json). */
export function victoryLevel(margin: number): Victory['level'] {
  return margin <= 0 ? 'Draw' : VICTORY_LEVELS.levels.find((l) => l.to === null || margin <= l.to)!.level;
}

/** 11: the table's "Historical Description" of a level of victory (none for a draw). */
export function historicalDescription(level: Victory['level']): string | null {
  return VICTORY_LEVELS.levels.find((l) => l.level === level)?.description ?? null;
}

/**
 * 11 Campaign Game Victory: bank what is left on every Point Track, award each zone's End Game
 * bonus from its status column, total per team. Surviving ships score nothing.
 */
export function endGame(state: CwnbState, ctx: Ctx): void {
  const totals: Record<Side, number> = { allied: 0, soviet: 0 };
  const zones: Victory['zones'] = [];
  for (const z of writableZones(state)) {
    for (const side of ['allied', 'soviet'] as const) bank(z, side, ctx, '11');
    const bonus = zoneById(z.id).endGame[z.status];
    say(ctx, {
      type: 'end-game-bonus',
      zone: z.id,
      side: bonus.side,
      vp: bonus.vp,
      column: z.status,
      text: `${zoneName(z.id)}: status ${statusName(z.status)} — End Game bonus ${sideName(bonus.side)} +${bonus.vp} VPs (11).`,
    });
    const banked = { allied: z.players.allied.banked, soviet: z.players.soviet.banked };
    totals.allied += banked.allied;
    totals.soviet += banked.soviet;
    totals[bonus.side] += bonus.vp;
    zones.push({ id: z.id, banked, endGame: { side: bonus.side, vp: bonus.vp } });
  }
  const margin = Math.abs(totals.allied - totals.soviet);
  const winner: Side | null = totals.allied === totals.soviet ? null : totals.allied > totals.soviet ? 'allied' : 'soviet';
  state.result = { winner, margin, level: victoryLevel(margin), totals, zones };
  say(ctx, {
    type: 'game-over',
    winner,
    margin,
    level: victoryLevel(margin),
    totals,
    text: winner
      ? `Game over after turn ${state.turn}: ${sideName(winner)} ${victoryLevel(margin)} Victory, ${totals[winner]} to ${totals[winner === 'allied' ? 'soviet' : 'allied']} (margin ${margin}).`
      : `Game over after turn ${state.turn}: a draw at ${totals.allied} Victory Points each.`,
  });
}
