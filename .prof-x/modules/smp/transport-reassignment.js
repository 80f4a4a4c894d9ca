import { plural } from "./board.js";
import { ask, askChoice, askYesNo, change, note } from "./script.js";
const RULE = '8 Transport Re-assignment:';
/** Sea transports next to a friendly operational naval base; air transports on a friendly operational air base. */
export function eligibleTransports(ctx, nation) {
    const b = ctx.board;
    const out = [];
    for (const z of b.s.seaZones) {
        const base = b.neighbours(z.name).some((n) => {
            const t = b.terr.get(n);
            return !!t && b.friendly(t.owner, nation) && t.facilities.some((f) => f.type === 'naval_base' && b.operational(f));
        });
        if (!base)
            continue;
        for (const u of z.units)
            if (u.owner === nation && b.unitType(u.type).transport === 'sea')
                out.push({ space: z.name, type: u.type, n: u.count, kind: 'sea' });
    }
    for (const t of b.s.territories) {
        if (!b.friendly(t.owner, nation) || !t.facilities.some((f) => f.type === 'air_base' && b.operational(f)))
            continue;
        for (const u of t.units)
            if (u.owner === nation && b.unitType(u.type).transport === 'air')
                out.push({ space: t.name, type: u.type, n: u.count, kind: 'air' });
    }
    return out;
}
export function* transportReassignment(ctx) {
    const b = ctx.board;
    let any = false;
    // Only transports a nation controlled at the start of the step may be passed on (ruling R8-2).
    const start = new Map(b.s.nations.map((n) => [n.id, eligibleTransports(ctx, n.id)]));
    for (const nation of b.s.nations.map((n) => n.id)) {
        if (!b.atWar(nation))
            continue; // only nations at war (ruling R8-1: both kinds of transport)
        const pool = start.get(nation).map((e) => ({ ...e }));
        const receivers = b.s.nations.filter((n) => n.id !== nation && b.friendly(n.id, nation) && b.atWar(n.id)).map((n) => n.id);
        if (!receivers.length)
            continue;
        for (let guard = 0; guard < 50; guard++) {
            const live = pool.filter((e) => e.n > 0);
            if (!live.length)
                break;
            any = true;
            const which = yield* askChoice(ctx, nation, `${RULE} ${b.nationName(nation)}: reassign transports to a friendly nation (none is fine)?`, [{ value: 'done', label: 'no (more) reassignments' }, ...live.map((e) => ({ value: `${e.space}|${e.type}`, label: `${plural(e.n, e.type)} in ${e.space}` }))], 'done');
            if (which === 'done') {
                note(ctx, `${RULE} ${b.nationName(nation)} reassigns no (more) transports.`, { rule: '8' });
                break;
            }
            const e = live.find((x) => `${x.space}|${x.type}` === which);
            const fields = {
                count: { kind: 'int', label: 'Transports', min: 1, max: e.n },
                to: { kind: 'choice', label: 'To the nation', options: receivers.map((r) => ({ value: r, label: b.nationName(r) })) },
            };
            const a = yield* ask(ctx, nation, `${RULE} how many ${e.type.replace(/_/g, ' ')}s from ${e.space}, and to which nation?`, fields, { count: e.n, to: receivers[0] });
            const n = a.count;
            const to = a.to;
            const ok = yield* askYesNo(ctx, to, `${RULE} ${b.nationName(nation)} offers ${plural(n, e.type)} in ${e.space} to ${b.nationName(to)}. Accept?`, true);
            if (!ok) {
                note(ctx, `${RULE} ${b.nationName(to)} declines ${plural(n, e.type)} from ${b.nationName(nation)}.`, { rule: '8' });
                continue;
            }
            b.removeUnits(e.space, nation, e.type, n);
            b.addUnits(e.space, to, e.type, n);
            e.n -= n;
            change(ctx, `${RULE} ${plural(n, e.type)} in ${e.space} pass from ${b.nationName(nation)} to ${b.nationName(to)}.`, { rule: '8' });
        }
    }
    if (!any)
        note(ctx, `${RULE} no nation at war has a transport next to a friendly naval base or on a friendly air base.`, { rule: '8' });
}
