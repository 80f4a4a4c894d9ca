/** Step 8 — Reassign Transport Units (document section "#9. TRANSPORT RE-ASSIGNMENT"). */
import type { FieldSpec } from '../../engine/module.ts';
import { plural, words } from './board.ts';
import { ask, askChoice, askYesNo, change, note, type Ctx, type Script } from './script.ts';

const RULE = '8 Transport Re-assignment:';

interface Eligible {
  space: string;
  type: string;
  n: number;
  sea: boolean;
}

/** Sea transports next to a friendly operational naval base; air transports on a friendly operational air base. */
function eligibleTransports(ctx: Ctx, nation: string): Eligible[] {
  const b = ctx.board;
  const out: Eligible[] = [];
  for (const z of b.s.seaZones) {
    const base = b.neighbours(z.name).some((n) => {
      const t = b.terr.get(n);
      return !!t && b.friendly(t.owner, nation) && t.facilities.some((f) => f.type === 'naval_base' && b.operational(f));
    });
    if (!base) continue;
    for (const u of z.units) if (u.owner === nation && b.unitType(u.type).transport === 'sea') out.push({ space: z.name, type: u.type, n: u.count, sea: true });
  }
  for (const t of b.s.territories) {
    if (!b.friendly(t.owner, nation) || !t.facilities.some((f) => f.type === 'air_base' && b.operational(f))) continue;
    for (const u of t.units) if (u.owner === nation && b.unitType(u.type).transport === 'air') out.push({ space: t.name, type: u.type, n: u.count, sea: false });
  }
  return out;
}

export function* transportReassignment(ctx: Ctx): Script {
  const b = ctx.board;
  let any = false;
  // Only transports a nation controlled at the start of the step may be passed on (ruling R8-2).
  const start = new Map(b.s.nations.map((n) => [n.id, eligibleTransports(ctx, n.id)]));
  for (const nation of b.s.nations.map((n) => n.id)) {
    // "Only nations at war may participate in reassigning sea transports": giver and receiver; air transports need no war (ruling R8-1; Wardroom 0.1: both kinds).
    const needsWar = (e: Eligible) => e.sea || ctx.rulings === '0.1';
    const receivers = (e: Eligible) => b.s.nations.filter((n) => n.id !== nation && b.friendly(n.id, nation) && (!needsWar(e) || b.atWar(n.id))).map((n) => n.id);
    const pool = start.get(nation)!.filter((e) => (!needsWar(e) || b.atWar(nation)) && receivers(e).length).map((e) => ({ ...e }));
    // Offers go on until the nation says it is done or has nothing left to offer.
    for (;;) {
      const live = pool.filter((e) => e.n > 0);
      if (!live.length) break;
      any = true;
      const which = yield* askChoice(
        ctx,
        nation,
        `${RULE} ${b.nationName(nation)}: reassign transports to a friendly nation (none is fine)?`,
        [{ value: 'done', label: 'no (more) reassignments' }, ...live.map((e) => ({ value: `${e.space}|${e.type}`, label: `${plural(e.n, e.type)} in ${e.space}` }))],
        'done',
      );
      if (which === 'done') {
        note(ctx, `${RULE} ${b.nationName(nation)} reassigns no (more) transports.`, { rule: '8' });
        break;
      }
      const e = live.find((x) => `${x.space}|${x.type}` === which)!;
      const fields: Record<string, FieldSpec> = {
        count: { kind: 'int', label: 'Transports', min: 1, max: e.n },
        to: { kind: 'choice', label: 'To the nation', options: receivers(e).map((r) => ({ value: r, label: b.nationName(r) })) },
      };
      const a = yield* ask(ctx, nation, `${RULE} how many ${words(e.type)}s from ${e.space}, and to which nation?`, fields, { count: e.n, to: receivers(e)[0] });
      const n = a.count as number;
      const to = a.to as string;
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
  if (!any) note(ctx, `${RULE} no transport can be reassigned: none is next to a friendly naval base (sea, nations at war) or on a friendly air base (air) with a friendly nation to take it.`, { rule: '8' });
}
