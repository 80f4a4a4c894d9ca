/** Step 9 — Resolve Coastal Defences (document section "#4. COASTAL DEFENSES"). */
import { plural } from "./board.js";
import { allocateShipHits } from "./kamikaze-raids.js";
import { coastalOdds, describe } from "./odds/index.js";
import { askChoice, note, rollHits } from "./script.js";
const RULE = '9 Coastal Defences:';
/** A fleet: one nation's sea units in a zone, 3+ of them not transports (ruling R9-1). */
export function fleetsNear(ctx, territory, bunkerOwner) {
    const b = ctx.board;
    const out = [];
    for (const n of b.neighbours(territory)) {
        const z = b.sea.get(n);
        if (!z)
            continue;
        for (const owner of new Set(z.units.map((u) => u.owner))) {
            if (!b.warBetween(owner, bunkerOwner))
                continue;
            const size = b.count(z.name, (u) => u.owner === owner && b.unitType(u.type).domain === 'sea' && !b.unitType(u.type).transport);
            if (size >= 3)
                out.push({ zone: z.name, owner, size });
        }
    }
    return out;
}
export function* coastalDefences(ctx) {
    const b = ctx.board;
    let any = false;
    for (const t of b.s.territories) {
        for (let i = 0; i < t.facilities.length; i++) {
            const f = t.facilities[i];
            const c = b.facilityType(f.type).coastal;
            if (!c || !b.operational(f))
                continue;
            const fleets = fleetsNear(ctx, t.name, t.owner);
            if (!fleets.length)
                continue;
            any = true;
            const label = (x) => `${b.nationName(x.owner)} fleet in ${x.zone} (${plural(x.size, 'ship')} not counting transports)`;
            const pick = yield* askChoice(ctx, t.owner, `${RULE} the ${f.type.replace(/_/g, ' ')} in ${t.name} (${c.dice}@${c.hitOn}) targets one fleet this phase. Which?`, fleets.map((x) => ({ value: `${x.zone}>${x.owner}`, label: label(x) })), `${fleets[0].zone}>${fleets[0].owner}`, [`hits ${describe(coastalOdds(c.dice, c.hitOn))}`]);
            const fleet = fleets.find((x) => `${x.zone}>${x.owner}` === pick);
            const { hits } = yield* rollHits(ctx, t.owner, c.dice, c.hitOn, `Coastal defence ${t.name} ${f.type.replace(/_/g, ' ')} vs ${fleet.zone} @${c.hitOn}`);
            if (!hits) {
                note(ctx, `${RULE} ${t.name} ${f.type.replace(/_/g, ' ')} misses the ${label(fleet)}.`, { rule: '9' });
                continue;
            }
            yield* allocateShipHits(ctx, fleet.owner, fleet.zone, hits, (o, ty) => o === fleet.owner && b.unitType(ty).domain === 'sea', RULE, '9', `${b.nationName(fleet.owner)} chooses which of its ships are destroyed or damaged (ruling R9-2)`);
        }
    }
    if (!any)
        note(ctx, `${RULE} no operational bunker faces an enemy fleet of 3+ sea units (transports not counted).`, { rule: '9' });
}
