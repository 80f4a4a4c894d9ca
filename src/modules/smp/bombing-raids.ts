/** Step 3 — Conduct Bombing Raids (document section "#5. BOMBING RAIDS"). */
import { plural } from './board.ts';
import { available, initiative, loseFlown, pickParts, resolveStrike, strikeOdds, withinReach, type FightSide, type Part, type StrikeSpec } from './missions.ts';
import type { Territory } from './scenario.ts';
import { askChoice, note, type Ctx, type Script } from './script.ts';

const RULE = '3 Bombing Raids:';

export function bomberSpec(ctx: Ctx, attacker: string, target: Territory, strikers: Part[], escorts: Part[], interceptors: Part[]): StrikeSpec {
  const b = ctx.board;
  return {
    what: 'bombing raid',
    rule: RULE,
    attacker,
    defender: target.owner,
    target,
    strikers,
    escorts,
    damageOf: (t) => b.unitType(t).bomber?.damage ?? 0,
    mayHit: (t, i) => {
      const f = target.facilities[i];
      const bt = b.unitType(t).bomber;
      if (!bt || f.damage >= b.maxDamage(f)) return false;
      // Super Fortress / Strategic: any facility; Tactical: any tactical facility or minor factory.
      return bt.targets === 'any' || b.isTactical(f) || !!b.facilityType(f.type).minorFactory;
    },
    strikerDogfight: (t) => b.unitType(t).dogfightAttack ?? 0,
    strikerHit: (p, hits) => {
      loseFlown(ctx, p, hits);
      return { texts: [`${plural(hits, p.type)} (${b.nationName(p.owner)}, ${p.space}) shot down`], lost: hits };
    },
    interceptorCandidates: interceptors,
    aaHitOn: b.cat.rules.aaBarrage.hitOn,
  };
}

/**
 * Interceptors (ruling R3-3): fighters of the defending side grounded in the target (no designation
 * needed) and designated fighters of the defending side next to it.
 */
export function interceptorsFor(ctx: Ctx, target: Territory): Part[] {
  const b = ctx.board;
  const fighter = (o: string, t: string) => b.friendly(o, target.owner) && !!b.unitType(t).fighter;
  const grounded = available(ctx, fighter, { designatedOnly: false, spaces: [target.name] });
  const near = available(ctx, fighter, { designatedOnly: true, spaces: withinReach(ctx, target.name).filter((n) => n !== target.name) });
  return [...grounded, ...near];
}

function targetsFor(ctx: Ctx, nation: string, bombers: Part[]): Territory[] {
  const b = ctx.board;
  return b.s.territories.filter((t) => {
    if (!b.warBetween(nation, t.owner)) return false;
    const spec = bomberSpec(ctx, nation, t, bombers, [], []);
    return t.facilities.some((_f, i) => bombers.some((p) => spec.mayHit(p.type, i)));
  });
}

function bombersOf(ctx: Ctx, nation: string): Part[] {
  const b = ctx.board;
  return available(ctx, (o, t) => o === nation && !!b.unitType(t).bomber, { designatedOnly: true });
}

export function* bombingRaids(ctx: Ctx): Script {
  const b = ctx.board;
  const can = (side: FightSide) => b.sideNations(side).some((n) => targetsFor(ctx, n, bombersOf(ctx, n)).length > 0);
  const sides = (['axis', 'allies'] as FightSide[]).filter(can);
  if (!sides.length) return note(ctx, `${RULE} no designated bombers can reach an enemy facility; no raids.`, { rule: '3' });
  const order = sides.length === 2 ? yield* initiative(ctx, 'bombing raids') : sides;
  if (sides.length === 1) note(ctx, `${RULE} only the ${sides[0] === 'axis' ? 'Axis' : 'Allies'} have designated bombers: no initiative roll needed.`, { rule: '3' });
  for (const side of order) {
    for (const nation of b.sideNations(side)) {
      for (;;) {
        const bombers = bombersOf(ctx, nation);
        const targets = targetsFor(ctx, nation, bombers);
        if (!targets.length) break;
        // Auto policy: one raid per nation, on the enemy territory with the most facility damage still to take.
        const room = (t: Territory) => t.facilities.reduce((k, f) => k + b.maxDamage(f) - f.damage, 0);
        const best = [...targets].sort((x, y) => room(y) - room(x))[0];
        const raided = ctx.used.get(`raided|${nation}`) ?? 0;
        const choice = yield* askChoice(
          ctx,
          nation,
          `${RULE} ${b.nationName(nation)}, designated bombers ready: ${bombers.map((p) => `${plural(p.n, p.type)} in ${p.space}`).join(', ')}. Raid which enemy territory? (Standing down is allowed.)`,
          [{ value: 'done', label: 'stand down (no more raids)' }, ...targets.map((t) => ({ value: t.name, label: `${t.name}: ${t.facilities.map((_f, i) => b.facilityLabel(t, i)).join(', ')}` }))],
          raided ? 'done' : best.name,
        );
        if (choice === 'done') break;
        ctx.used.set(`raided|${nation}`, raided + 1);
        const target = b.terr.get(choice)!;
        const spec0 = bomberSpec(ctx, nation, target, bombers, [], interceptorsFor(ctx, target));
        const eligible = bombers.filter((p) => target.facilities.some((_f, i) => spec0.mayHit(p.type, i)));
        const strikers = yield* pickParts(ctx, nation, `${RULE} which bombers raid ${target.name}?`, eligible, 1, true, () => [`all eligible bombers, no escorts, every interceptor: ${strikeOdds(ctx, spec0, eligible, 0, spec0.interceptorCandidates).join('; ')}`], 'bombers');
        // Escorts fly from where the bombers start or from next to the target (ruling R3-3).
        const fighters = available(ctx, (o, t) => o === nation && !!b.unitType(t).fighter, { designatedOnly: true, spaces: withinReach(ctx, target.name, strikers.map((p) => p.space)) });
        const escorts = yield* pickParts(ctx, nation, `${RULE} escort fighters for the raid on ${target.name} (assigned before interceptors; each fighter only once this phase)?`, fighters, 0, true, undefined, 'escorts');
        yield* resolveStrike(ctx, bomberSpec(ctx, nation, target, strikers, escorts, interceptorsFor(ctx, target).filter((p) => !escorts.some((e) => e.space === p.space && e.owner === p.owner && e.type === p.type))));
      }
    }
  }
}
