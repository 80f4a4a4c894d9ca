/** Step 4 — Conduct Shore Bombardments (document section "#6. SHORE BOMBARDMENTS"). */
import { plural, words } from './board.ts';
import { interceptorsFor } from './bombing-raids.ts';
import { available, damageRoom, forgetFlown, missionOrder, pickParts, resolveStrike, strikeOdds, withinReach, type FightSide, type Part, type StrikeSpec } from './missions.ts';
import type { Territory } from './scenario.ts';
import { askChoice, note, type Ctx, type Script } from './script.ts';

const HEADING = '4 Shore Bombardments:';

/** 4: whether a ship of `type` may hit facility i of `target`: one not at its maximum damage, of the kind its type bombards. */
function shipMayHit(ctx: Ctx, target: Territory, type: string, i: number): boolean {
  const b = ctx.board;
  const f = target.facilities[i];
  if (f.damage >= b.maxDamage(f)) return false;
  // Super Battleships / Battleships: any adjacent facility; Cruisers: adjacent tactical facilities.
  return b.unitType(type).bombard!.targets === 'any' || b.isTactical(f);
}

export function shoreSpec(ctx: Ctx, attacker: string, target: Territory, strikers: Part[], escorts: Part[], interceptors: Part[]): StrikeSpec {
  const b = ctx.board;
  const old = ctx.rulings === '0.1'; // Wardroom 0.1's readings (docs/rulings.md)
  /** Undamaged 2-hit ships among a part: the stack's damaged ships count as those that did not sail, as far as they go. */
  const undamaged = (p: Part) => {
    if ((b.unitType(p.type).hits ?? 1) < 2) return 0;
    const stack = b.units(p.space).filter((u) => u.owner === p.owner && u.type === p.type);
    return Math.min(p.n, stack.reduce((k, u) => k + u.count - (u.damaged ?? 0), 0));
  };
  return {
    what: 'shore bombardment',
    rule: '4',
    heading: HEADING,
    attacker,
    defender: target.owner,
    target,
    strikers,
    escorts,
    damageOf: (t) => b.unitType(t).bombard!.damage,
    mayHit: (t, i) => shipMayHit(ctx, target, t, i),
    strikerDogfight: (t) => b.unitType(t).airCover ?? 0,
    // A ship hit in the dog fight takes the hit on the board; a 2-hit ship only damaged survives and bombards (ruling R4-2).
    // (Wardroom 0.1: one hit per ship, and a ship hit does not bombard.)
    strikerCapacity: old ? undefined : (p) => p.n + undamaged(p),
    strikerHit: (p, hits) => {
      const fresh = undamaged(p);
      const sailed = !old; // the ship hit is one that sailed: designated (Wardroom 0.1 took an undesignated one first)
      const ship = `${words(p.type)} (${b.nationName(p.owner)}, ${p.space})`;
      const texts: string[] = [];
      for (let i = 0; i < hits; i++) {
        if (i < fresh) {
          b.hitShip(p.space, p.owner, p.type, false, sailed);
          texts.push(`${ship} takes a hit and is damaged; ${old ? 'it does not bombard' : 'it survives and bombards'} (ruling R4-2)`);
        } else {
          b.hitShip(p.space, p.owner, p.type, (b.unitType(p.type).hits ?? 1) >= 2, sailed);
          texts.push(`${ship} takes a hit and is sunk (ruling R4-2)`);
        }
      }
      const sunk = Math.max(0, hits - fresh);
      forgetFlown(ctx, p, sunk);
      return { texts, lost: old ? hits : sunk };
    },
    interceptorCandidates: interceptors,
    aaHitOn: 0,
  };
}

function shipsOf(ctx: Ctx, nation: string): Part[] {
  const b = ctx.board;
  return available(ctx, (o, t) => o === nation && !!b.unitType(t).bombard, { designatedOnly: true, spaces: b.s.seaZones.map((z) => z.name) }); // a board's own type may bombard from land: only fleets do
}

function optionsFor(ctx: Ctx, nation: string): { zone: string; target: Territory; ships: Part[] }[] {
  const b = ctx.board;
  const out: { zone: string; target: Territory; ships: Part[] }[] = [];
  const ships = shipsOf(ctx, nation);
  for (const zone of new Set(ships.map((p) => p.space))) {
    const here = ships.filter((p) => p.space === zone);
    for (const n of b.neighbours(zone)) {
      const t = b.terr.get(n);
      if (!t || !b.atWarWith(nation, t.owner)) continue;
      const able = here.filter((p) => t.facilities.some((_f, i) => shipMayHit(ctx, t, p.type, i)));
      if (able.length) out.push({ zone, target: t, ships: able });
    }
  }
  return out;
}

export function* shoreBombardments(ctx: Ctx): Script {
  const b = ctx.board;
  const can = (side: FightSide) => b.sideNations(side).some((n) => optionsFor(ctx, n).length > 0);
  const order = yield* missionOrder(ctx, 'shore bombardments', HEADING, '4', can, 'a designated fleet in range', 'no designated fleet with super battleships, battleships or cruisers is next to an enemy facility it can bombard.');
  for (const side of order) {
    for (const nation of b.sideNations(side)) {
      for (let first = true; ; first = false) {
        const opts = optionsFor(ctx, nation);
        if (!opts.length) break;
        const best = [...opts].sort((x, y) => damageRoom(ctx, y.target) - damageRoom(ctx, x.target))[0];
        const choice = yield* askChoice(
          ctx,
          nation,
          `${HEADING} ${b.nationName(nation)}: bombard with a designated fleet? (Standing down is allowed.)`,
          [{ value: 'done', label: 'stand down (no more bombardments)' }, ...opts.map((o) => ({ value: `${o.zone}>${o.target.name}`, label: `from ${o.zone} (${o.ships.map((p) => plural(p.n, p.type)).join(', ')}) against ${o.target.name}` }))],
          first ? `${best.zone}>${best.target.name}` : 'done',
        );
        if (choice === 'done') break;
        const opt = opts.find((o) => `${o.zone}>${o.target.name}` === choice)!;
        const all = shoreSpec(ctx, nation, opt.target, opt.ships, [], interceptorsFor(ctx, opt.target, nation));
        const ships = yield* pickParts(ctx, nation, `${HEADING} which ships bombard ${opt.target.name}?`, opt.ships, 1, true, () => [`every ship, no escorts, every interceptor: ${strikeOdds(ctx, all, all.interceptorCandidates).join('; ')}`], 'ships');
        // Escorts: fighters on carriers in the fleet (no designation needed) and designated fighters in reach (ruling R3-3).
        const hasCarrier = b.units(opt.zone).some((u) => u.owner === nation && b.unitType(u.type).carrier);
        const carrierBased = hasCarrier ? available(ctx, (o, t) => o === nation && !!b.unitType(t).fighter, { designatedOnly: false, spaces: [opt.zone] }) : [];
        const designated = available(ctx, (o, t) => o === nation && !!b.unitType(t).fighter, { designatedOnly: true, spaces: withinReach(ctx, opt.target.name).filter((n) => !hasCarrier || n !== opt.zone) }); // the fleet's zone is next to the target
        const escorts = yield* pickParts(ctx, nation, `${HEADING} escort fighters for the fleet (carrier-based ones need no designation; each fighter only once this phase)?`, [...carrierBased, ...designated], 0, true, undefined, 'escorts');
        yield* resolveStrike(ctx, shoreSpec(ctx, nation, opt.target, ships, escorts, interceptorsFor(ctx, opt.target, nation)));
      }
    }
  }
}
