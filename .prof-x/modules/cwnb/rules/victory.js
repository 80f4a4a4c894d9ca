import { zoneById } from "../data/index.js";
import { say, sideName, statusName, writableZones, zoneName } from "./common.js";
import { bank } from "./purchases.js";
/** 11: the level of victory from the margin. */
export function victoryLevel(margin) {
    if (margin <= 0)
        return 'Draw';
    if (margin <= 40)
        return 'Pyrrhic';
    if (margin <= 80)
        return 'Tactical';
    if (margin <= 120)
        return 'Marginal';
    return 'Decisive';
}
/**
 * 11 Campaign Game Victory: bank what is left on every Point Track, award each zone's End Game
 * bonus from its status column, total per team. Surviving ships score nothing.
 */
export function endGame(state, ctx) {
    const totals = { allied: 0, soviet: 0 };
    const zones = [];
    for (const z of writableZones(state)) {
        for (const side of ['allied', 'soviet'])
            bank(z, side, ctx, '11');
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
    const winner = totals.allied === totals.soviet ? null : totals.allied > totals.soviet ? 'allied' : 'soviet';
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
