import { REFEREE } from "../../engine/viewer.js";
import { view } from "../../modules/cwnb/view.js";
/** The `replay --json` summary (see docs/cli.md). */
export function replaySummary(state) {
    const v = view(state, REFEREE);
    return {
        turn: state.turn,
        finished: state.result !== null,
        zones: v.zones.map((z) => ({
            id: z.id,
            status: z.status.name,
            points: { allied: z.players.allied.track, soviet: z.players.soviet.track },
            banked: { allied: z.players.allied.banked, soviet: z.players.soviet.banked },
        })),
        vp: state.result ? state.result.totals : v.vp,
        victory: state.result && { winner: state.result.winner, margin: state.result.margin, level: state.result.level },
    };
}
