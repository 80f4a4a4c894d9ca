/** Step 5 — Conduct Convoy Raids (document section "#3. CONVOY RAIDS"). No choices, no dice. */
import type { PlaceKey } from './data.ts';
import { change, note, type Ctx, type Script } from './script.ts';

export function* convoyRaids(ctx: Ctx): Script {
  const b = ctx.board;
  const { perZone, openSea } = b.cat.rules.convoy;
  let any = false;
  const ukEurope = b.roles.ukEurope;
  // Both places are on the board whenever an open-sea zone is (scenario validation, ruling R0-8).
  const allied = (key: PlaceKey) => b.side(b.terr.get(b.place(key))!.owner) === 'allies';
  for (const z of b.s.seaZones) {
    if (!z.convoy) continue;
    // "any single warship": every sea unit that is a warship (transports are not), ruling R5-1.
    const raiders = [...new Set(z.units.filter((u) => b.unitType(u.type).warship).map((u) => u.owner))];
    // Each enemy controller of an adjacent territory pays 3 once per raided zone.
    const payers = new Set<string>();
    for (const n of b.neighbours(z.name)) {
      const t = b.terr.get(n);
      if (!t) continue;
      if (raiders.some((r) => b.atWarWith(r, t.owner))) payers.add(t.owner);
    }
    for (const p of payers) {
      any = true;
      const paid = b.pay(p, perZone);
      const enemies = raiders.filter((r) => b.atWarWith(r, p)).map((r) => b.nationName(r));
      change(ctx, `5 Convoy Raids: warships in ${z.name} (${enemies.join(', ')}) raid the convoys: ${b.nationName(p)} surrenders ${paid} IPCs to the bank${paid < perZone ? ` (all it had; ${perZone} due)` : ''}.`, { rule: '5', ipc: { [p]: -paid } });
    }
    // Open-sea Atlantic zone: Axis warships raid UK Europe for 6 while Nova Scotia and London are Allied.
    if (z.openSea) {
      const axisRaiders = raiders.filter((r) => b.side(r) === 'axis' && b.atWarWith(r, ukEurope));
      if (axisRaiders.length && allied('novaScotia') && allied('london')) {
        any = true;
        const paid = b.pay(ukEurope, openSea);
        change(ctx, `5 Convoy Raids: Axis warships in the open-sea Atlantic zone ${z.name} raid UK Europe (${b.nationName(ukEurope)}): ${paid} IPCs to the bank${paid < openSea ? ` (all it had; ${openSea} due)` : ''}.`, { rule: '5', ipc: { [ukEurope]: -paid } });
      } else if (axisRaiders.length) {
        note(ctx, `5 Convoy Raids: ${z.name} is an open-sea zone, but ${b.place('novaScotia')} and ${b.place('london')} are not both Allied: no 6-IPC raid.`, { rule: '5' });
      }
    }
  }
  if (!any) note(ctx, '5 Convoy Raids: no convoy zone is raided.', { rule: '5' });
}
