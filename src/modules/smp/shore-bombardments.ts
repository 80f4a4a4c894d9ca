/** Step 4 — Conduct Shore Bombardments (document section "#6. SHORE BOMBARDMENTS"). */
import { plural, words } from './board.ts';
import { interceptorsFor } from './bombing-raids.ts';
import { available, forgetFlown, initiative, pickParts, resolveStrike, strikeOdds, withinReach, type FightSide, type Part, type StrikeSpec } from './missions.ts';
import type { Territory } from './scenario.ts';
import { askChoice, note, type Ctx, type Script } from './script.ts';

const RULE = '4 Shore Bombardments:';

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
    rule: RULE,
    attacker,
    defender: target.owner,
    target,
    strikers,
    escorts,
    damageOf: (t) => b.unitType(t).bombard?.damage ?? 0,
    mayHit: (t, i) => {
      const f = target.facilities[i];
      const bd = b.unitType(t).bombard;
      if (!bd || f.damage >= b.maxDamage(f)) return false;
      // Super Battleships / Battleships: any adjacent facility; Cruisers: adjacent tactical facilities.
      return bd.targets === 'any' || b.isTactical(f);
    },
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
  return available(ctx, (o, t) => o === nation && !!b.unitType(t).bombard, { designatedOnly: true, spaces: b.s.seaZones.map((z) => z.name) });
}

function optionsFor(ctx: Ctx, nation: string): { zone: string; target: Territory; ships: Part[] }[] {
  const b = ctx.board;
  const out: { zone: string; target: Territory; ships: Part[] }[] = [];
  const ships = shipsOf(ctx, nation);
  for (const zone of new Set(ships.map((p) => p.space))) {
    const here = ships.filter((p) => p.space === zone);
    for (const n of b.neighbours(zone)) {
      const t = b.terr.get(n);
      if (!t || !b.warBetween(nation, t.owner)) continue;
      const spec = shoreSpec(ctx, nation, t, here, [], []);
      const able = here.filter((p) => t.facilities.some((_f, i) => spec.mayHit(p.type, i)));
      if (able.length) out.push({ zone, target: t, ships: able });
    }
  }
  return out;
}

export function* shoreBombardments(ctx: Ctx): Script {
  const b = ctx.board;
  const can = (side: FightSide) => b.sideNations(side).some((n) => optionsFor(ctx, n).length > 0);
  const sides = (['axis', 'allies'] as FightSide[]).filter(can);
  if (!sides.length) return note(ctx, `${RULE} no designated fleet with super battleships, battleships or cruisers is next to an enemy facility it can bombard.`, { rule: '4' });
  const order = sides.length === 2 ? yield* initiative(ctx, 'shore bombardments') : sides;
  if (sides.length === 1) note(ctx, `${RULE} only the ${sides[0] === 'axis' ? 'Axis' : 'Allies'} have a designated fleet in range: no initiative roll needed.`, { rule: '4' });
  for (const side of order) {
    for (const nation of b.sideNations(side)) {
      let count = 0;
      for (;;) {
        const opts = optionsFor(ctx, nation);
        if (!opts.length) break;
        const room = (t: Territory) => t.facilities.reduce((k, f) => k + b.maxDamage(f) - f.damage, 0);
        const best = [...opts].sort((x, y) => room(y.target) - room(x.target))[0];
        const choice = yield* askChoice(
          ctx,
          nation,
          `${RULE} ${b.nationName(nation)}: bombard with a designated fleet? (Standing down is allowed.)`,
          [{ value: 'done', label: 'stand down (no more bombardments)' }, ...opts.map((o) => ({ value: `${o.zone}>${o.target.name}`, label: `from ${o.zone} (${o.ships.map((p) => plural(p.n, p.type)).join(', ')}) against ${o.target.name}` }))],
          count ? 'done' : `${best.zone}>${best.target.name}`,
        );
        if (choice === 'done') break;
        count++;
        const opt = opts.find((o) => `${o.zone}>${o.target.name}` === choice)!;
        const spec0 = shoreSpec(ctx, nation, opt.target, opt.ships, [], interceptorsFor(ctx, opt.target));
        const ships = yield* pickParts(ctx, nation, `${RULE} which ships bombard ${opt.target.name}?`, opt.ships, 1, true, () => [`every ship, no escorts, every interceptor: ${strikeOdds(ctx, spec0, opt.ships, 0, spec0.interceptorCandidates).join('; ')}`], 'ships');
        // Escorts: fighters on carriers in the fleet (no designation needed) and designated fighters in reach (ruling R3-3).
        const hasCarrier = b.units(opt.zone).some((u) => u.owner === nation && b.unitType(u.type).carrier);
        const carrierBased = hasCarrier ? available(ctx, (o, t) => o === nation && !!b.unitType(t).fighter, { designatedOnly: false, spaces: [opt.zone] }) : [];
        const designated = available(ctx, (o, t) => o === nation && !!b.unitType(t).fighter, { designatedOnly: true, spaces: withinReach(ctx, opt.target.name, [opt.zone]).filter((n) => !hasCarrier || n !== opt.zone) });
        const escorts = yield* pickParts(ctx, nation, `${RULE} escort fighters for the fleet (carrier-based ones need no designation; each fighter only once this phase)?`, [...carrierBased, ...designated], 0, true, undefined, 'escorts');
        yield* resolveStrike(ctx, shoreSpec(ctx, nation, opt.target, ships, escorts, interceptorsFor(ctx, opt.target)));
      }
    }
  }
}
