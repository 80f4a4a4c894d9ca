/** Step 9 — Resolve Coastal Defences (document section "#4. COASTAL DEFENSES"). */
import { plural, words } from './board.ts';
import { allocateShipHits } from './kamikaze-raids.ts';
import { coastalOdds, describe } from './odds/index.ts';
import { askChoice, note, rollHits, type Ctx, type Script } from './script.ts';

const RULE = '9 Coastal Defences:';

interface Fleet {
  zone: string;
  /** The nation that decides for the fleet: the one with the most ships in it (ruling R9-2). */
  owner: string;
  owners: string[];
  size: number;
}

/**
 * A fleet (ruling R9-1): the sea units in a zone of friendly nations at war with the bunker's
 * owner, 3+ of them not transports. The Russian condition of #4 is the bunker owner's, who
 * resolves the defences (`coastalDefences`): a Russian fleet is a target of any bunker whose owner
 * is at war with Russia (Wardroom 0.1 held Russia's ships to it too).
 */
export function fleetsNear(ctx: Ctx, territory: string, bunkerOwner: string): Fleet[] {
  const b = ctx.board;
  const out: Fleet[] = [];
  const ships = (zone: string, owner: string) => b.count(zone, (u) => u.owner === owner && b.unitType(u.type).domain === 'sea' && !b.unitType(u.type).transport);
  for (const n of b.neighbours(territory)) {
    const z = b.sea.get(n);
    if (!z) continue;
    const groups: string[][] = [];
    for (const id of new Set(z.units.map((u) => u.owner))) {
      if (!(ctx.rulings === '0.1' ? b.warBetween(id, bunkerOwner) : b.atWarWith(id, bunkerOwner))) continue;
      // Wardroom 0.1: a fleet was one nation's ships.
      const g = ctx.rulings === '0.1' ? undefined : groups.find((x) => b.friendly(x[0], id));
      if (g) g.push(id);
      else groups.push([id]);
    }
    for (const owners of groups) {
      const size = owners.reduce((k, o) => k + ships(z.name, o), 0);
      const owner = owners.reduce((best, o) => (ships(z.name, o) > ships(z.name, best) ? o : best));
      if (size >= 3) out.push({ zone: z.name, owner, owners, size });
    }
  }
  return out;
}

export function* coastalDefences(ctx: Ctx): Script {
  const b = ctx.board;
  let any = false;
  for (const t of b.s.territories) {
    for (let i = 0; i < t.facilities.length; i++) {
      const f = t.facilities[i];
      const c = b.facilityType(f.type).coastal;
      // #4 "only nations at war may resolve coastal defenses (Russia must be at war with a European Axis power)": the bunker's owner.
      if (!c || !b.operational(f) || !b.atWar(t.owner)) continue;
      const fleets = fleetsNear(ctx, t.name, t.owner);
      if (!fleets.length) continue;
      any = true;
      const label = (x: Fleet) => `${x.owners.map((o) => b.nationName(o)).join(' and ')} fleet in ${x.zone} (${plural(x.size, 'ship')} not counting transports)`;
      const pick = yield* askChoice(
        ctx,
        t.owner,
        `${RULE} the ${words(f.type)} in ${t.name} (${c.dice}@${c.hitOn}) targets one fleet this phase. Which?`,
        fleets.map((x) => ({ value: `${x.zone}>${x.owner}`, label: label(x) })),
        `${fleets[0].zone}>${fleets[0].owner}`,
        [`hits ${describe(coastalOdds(c.dice, c.hitOn))}`],
      );
      const fleet = fleets.find((x) => `${x.zone}>${x.owner}` === pick)!;
      const { hits } = yield* rollHits(ctx, t.owner, c.dice, c.hitOn, `Coastal defence ${t.name} ${words(f.type)} vs ${fleet.zone} @${c.hitOn}`);
      if (!hits) {
        note(ctx, `${RULE} ${t.name} ${words(f.type)} misses the ${label(fleet)}.`, { rule: '9' });
        continue;
      }
      yield* allocateShipHits(ctx, fleet.owner, fleet.zone, hits, (o, ty) => fleet.owners.includes(o) && b.unitType(ty).domain === 'sea', RULE, '9', `${b.nationName(fleet.owner)} chooses which ships of the fleet are destroyed or damaged (ruling R9-2)`, 'owner');
    }
  }
  if (!any) note(ctx, `${RULE} no operational bunker faces an enemy fleet of 3+ sea units (transports not counted).`, { rule: '9' });
}
