/** Step 3 — Conduct Bombing Raids (document section "#5. BOMBING RAIDS"). */
import { plural } from './board.ts';
import { available, damageRoom, loseFlown, missionOrder, pickParts, resolveStrike, strikeOdds, withinReach, type FightSide, type Part, type StrikeSpec } from './missions.ts';
import type { Territory } from './scenario.ts';
import { askChoice, note, type Ctx, type Script } from './script.ts';

const HEADING = '3 Bombing Raids:';

/** 3: whether a bomber of `type` may hit facility i of `target`: one not at its maximum damage, of the kind its type raids. */
function bomberMayHit(ctx: Ctx, target: Territory, type: string, i: number): boolean {
  const b = ctx.board;
  const f = target.facilities[i];
  if (f.damage >= b.maxDamage(f)) return false;
  // Super Fortress / Strategic: any facility; Tactical: any tactical facility or minor factory.
  return b.unitType(type).bomber!.targets === 'any' || b.isTactical(f) || !!b.facilityType(f.type).minorFactory;
}

/** Bombers that may hit some facility of `target`. */
const ableBombers = (ctx: Ctx, target: Territory, bombers: Part[]) => bombers.filter((p) => target.facilities.some((_f, i) => bomberMayHit(ctx, target, p.type, i)));

export function bomberSpec(ctx: Ctx, attacker: string, target: Territory, strikers: Part[], escorts: Part[], interceptors: Part[]): StrikeSpec {
  const b = ctx.board;
  return {
    what: 'bombing raid',
    rule: '3',
    heading: HEADING,
    attacker,
    defender: target.owner,
    target,
    strikers,
    escorts,
    damageOf: (t) => b.unitType(t).bomber!.damage,
    mayHit: (t, i) => bomberMayHit(ctx, target, t, i),
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
 * needed) and designated fighters of the defending side next to it; only of nations at war with
 * the raider (R3-3, as R7-1: a nation at peace with it takes no part).
 */
export function interceptorsFor(ctx: Ctx, target: Territory, raider: string): Part[] {
  const b = ctx.board;
  const fighter = (o: string, t: string) => b.friendly(o, target.owner) && (ctx.rulings === '0.1' || b.atWarWith(o, raider)) && !!b.unitType(t).fighter;
  const grounded = available(ctx, fighter, { designatedOnly: false, spaces: [target.name] });
  const near = available(ctx, fighter, { designatedOnly: true, spaces: withinReach(ctx, target.name).filter((n) => n !== target.name) }); // (0.1's reach is everywhere, the target too)
  return [...grounded, ...near];
}

function targetsFor(ctx: Ctx, nation: string, bombers: Part[]): Territory[] {
  return ctx.board.s.territories.filter((t) => ctx.board.atWarWith(nation, t.owner) && ableBombers(ctx, t, bombers).length > 0);
}

function bombersOf(ctx: Ctx, nation: string): Part[] {
  const b = ctx.board;
  return available(ctx, (o, t) => o === nation && !!b.unitType(t).bomber, { designatedOnly: true });
}

export function* bombingRaids(ctx: Ctx): Script {
  const b = ctx.board;
  const can = (side: FightSide) => b.sideNations(side).some((n) => targetsFor(ctx, n, bombersOf(ctx, n)).length > 0);
  const order = yield* missionOrder(ctx, 'bombing raids', HEADING, '3', can, 'designated bombers', 'no designated bombers can reach an enemy facility; no raids.');
  for (const side of order) {
    for (const nation of b.sideNations(side)) {
      for (let first = true; ; first = false) {
        const bombers = bombersOf(ctx, nation);
        const targets = targetsFor(ctx, nation, bombers);
        if (!targets.length) break;
        // Auto policy: one raid per nation, on the enemy territory with the most facility damage still to take.
        const best = [...targets].sort((x, y) => damageRoom(ctx, y) - damageRoom(ctx, x))[0];
        const choice = yield* askChoice(
          ctx,
          nation,
          `${HEADING} ${b.nationName(nation)}, designated bombers ready: ${bombers.map((p) => `${plural(p.n, p.type)} in ${p.space}`).join(', ')}. Raid which enemy territory? (Standing down is allowed.)`,
          [{ value: 'done', label: 'stand down (no more raids)' }, ...targets.map((t) => ({ value: t.name, label: `${t.name}: ${t.facilities.map((_f, i) => b.facilityLabel(t, i)).join(', ')}` }))],
          first ? best.name : 'done',
        );
        if (choice === 'done') break;
        const target = b.terr.get(choice)!;
        const eligible = ableBombers(ctx, target, bombers);
        const all = bomberSpec(ctx, nation, target, eligible, [], interceptorsFor(ctx, target, nation));
        const strikers = yield* pickParts(ctx, nation, `${HEADING} which bombers raid ${target.name}?`, eligible, 1, true, () => [`all eligible bombers, no escorts, every interceptor: ${strikeOdds(ctx, all, all.interceptorCandidates).join('; ')}`], 'bombers');
        // Escorts fly from where the bombers start or from next to the target (ruling R3-3).
        const fighters = available(ctx, (o, t) => o === nation && !!b.unitType(t).fighter, { designatedOnly: true, spaces: withinReach(ctx, target.name, strikers.map((p) => p.space)) });
        const escorts = yield* pickParts(ctx, nation, `${HEADING} escort fighters for the raid on ${target.name} (assigned before interceptors; each fighter only once this phase)?`, fighters, 0, true, undefined, 'escorts');
        // Fighters escorting are not also intercepting (a board may set nations of one side at war).
        const interceptors = interceptorsFor(ctx, target, nation).filter((p) => !escorts.some((e) => e.space === p.space && e.owner === p.owner && e.type === p.type));
        yield* resolveStrike(ctx, bomberSpec(ctx, nation, target, strikers, escorts, interceptors));
      }
    }
  }
}
