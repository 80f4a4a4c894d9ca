/** Step 7 — Conduct Kamikaze Raids (document section "#7. KAMIKAZE RAIDS"). */
import { refuse } from '../../engine/errors.ts';
import type { FieldSpec } from '../../engine/module.ts';
import { type Board, plural, words } from './board.ts';
import { available, partLabel, pickParts, useParts, type Part } from './missions.ts';
import { describe, kamikazeOdds } from './odds/index.ts';
import type { SeaZone } from './scenario.ts';
import { ask, askChoice, change, note, rollHits, type Ctx, type Script } from './script.ts';

const RULE = '7 Kamikaze Raids:';

/** What a kamikaze may strike: an Allied surface warship of a nation at war with Japan. */
function kamikazeTarget(b: Board, owner: string, type: string): boolean {
  const ut = b.unitType(type);
  return b.side(owner) === 'allies' && !!ut.warship && !!ut.surface && b.atWarWith(owner, b.roles.japan);
}

/** Kamikaze zones with Allied surface warships of nations at war with Japan. */
function kamikazeZones(ctx: Ctx): SeaZone[] {
  return ctx.board.s.seaZones.filter((z) => z.kamikaze && z.units.some((u) => kamikazeTarget(ctx.board, u.owner, u.type)));
}

/** Carrier-based aircraft in the zone and aircraft able to scramble from an adjacent operational air base (A&A G40: up to 3 per base). */
function kamikazeInterceptors(ctx: Ctx, z: SeaZone): Part[] {
  const b = ctx.board;
  // R7-1: a nation at peace with Japan takes no part in the raid, its aircraft and carriers included.
  const atWar = (o: string) => b.side(o) === 'allies' && (ctx.rulings === '0.1' || b.atWarWith(o, b.roles.japan));
  const can = (o: string, t: string) => atWar(o) && !!b.unitType(t).kamikazeIntercept && !b.unitType(t).ww1 && b.unitType(t).domain === 'air';
  const carriers = z.units.some((u) => atWar(u.owner) && b.unitType(u.type).carrier);
  const out: Part[] = carriers ? available(ctx, can, { designatedOnly: false, spaces: [z.name] }) : [];
  for (const n of b.neighbours(z.name)) {
    const t = b.terr.get(n);
    if (!t || b.side(t.owner) !== 'allies') continue;
    const bases = t.facilities.filter((f) => f.type === 'air_base' && b.operational(f)).length;
    let cap = bases * b.cat.rules.scramblePerAirBase;
    for (const p of available(ctx, can, { designatedOnly: false, spaces: [t.name] })) {
      if (cap <= 0) break;
      const k = Math.min(cap, p.n);
      out.push({ ...p, n: k });
      cap -= k;
    }
  }
  return out;
}

export function* kamikazeRaids(ctx: Ctx): Script {
  const b = ctx.board;
  const japan = b.roles.japan;
  const R = b.cat.rules.kamikaze;
  if (!b.hasNation(japan)) return note(ctx, `${RULE} Japan is not in this scenario.`, { rule: '7' });
  const zones = kamikazeZones(ctx);
  if (!zones.length) return note(ctx, `${RULE} no kamikaze zone holds Allied surface warships at war with Japan.`, { rule: '7' });
  for (const z of zones) {
    if (b.s.tokens.kamikaze === 0) return note(ctx, `${RULE} Japan has no kamikaze tokens left.`, { rule: '7' });
    const max = Math.min(R.maxPerZone, b.s.tokens.kamikaze);
    const ints = kamikazeInterceptors(ctx, z);
    const F = ints.filter((p) => b.unitType(p.type).kamikazeIntercept === 2).reduce((k, p) => k + p.n, 0);
    const T = ints.filter((p) => b.unitType(p.type).kamikazeIntercept === 1).reduce((k, p) => k + p.n, 0);
    const odds = () => [1, 2, 3].filter((t) => t <= max).map((t) => `${t} token(s) vs every interceptor (${F} fighter(s), ${T} tactical bomber(s)): hits ${describe(kamikazeOdds({ tokens: t, fighters: F, tacticalBombers: T, tokenHitOn: R.tokenHitOn }))}`);
    const targets = z.units.filter((u) => kamikazeTarget(b, u.owner, u.type));
    const n = yield* askChoice(
      ctx,
      japan,
      `${RULE} ${z.name}: Allied surface warships ${targets.map((u) => `${plural(u.count, u.type)} (${b.nationName(u.owner)})`).join(', ')}. Japan: how many kamikaze tokens (0-${max}; ${b.s.tokens.kamikaze} left)?`,
      Array.from({ length: max + 1 }, (_, i) => ({ value: i, label: `${i} token(s)` })),
      max,
      odds,
    );
    if (!n) {
      note(ctx, `${RULE} Japan sends no kamikaze to ${z.name}.`, { rule: '7' });
      continue;
    }
    b.s.tokens.kamikaze -= n;
    change(ctx, `${RULE} Japan sends ${n} kamikaze token(s) against ${z.name} (${b.s.tokens.kamikaze} left).`, { rule: '7', tokens: n });
    // The Allied nation (of those hit at) with the most units in the zone decides the interception (ruling R7-1).
    const owners = [...new Set(targets.map((u) => u.owner))].sort((x, y) => b.count(z.name, (u) => u.owner === y) - b.count(z.name, (u) => u.owner === x));
    const allied = owners[0];
    const chosen = yield* pickParts(ctx, allied, `${RULE} ${z.name}: ${n} kamikaze token(s) incoming. Intercept with (fighters 1@2, tactical bombers 1@1; WW1 planes may not)?`, ints, 0, true, () => [`with every interceptor: hits on your ships ${describe(kamikazeOdds({ tokens: n, fighters: F, tacticalBombers: T, tokenHitOn: R.tokenHitOn }))}`, `with none: ${describe(kamikazeOdds({ tokens: n, fighters: 0, tacticalBombers: 0, tokenHitOn: R.tokenHitOn }))}`], 'interceptors');
    useParts(ctx, chosen);
    let interceptorHits = 0;
    for (const p of chosen) {
      const at = b.unitType(p.type).kamikazeIntercept!;
      interceptorHits += (yield* rollHits(ctx, p.owner, p.n, at, `Kamikaze ${z.name}: ${partLabel(ctx, p)} intercept @${at}`)).hits;
    }
    // Japan removes the casualties; the tokens have no defence.
    const left = n - Math.min(interceptorHits, n);
    if (chosen.length) change(ctx, `${RULE} interceptors shoot down ${n - left} kamikaze token(s); ${left} get through.`, { rule: '7' });
    if (!left) continue;
    const { hits } = yield* rollHits(ctx, japan, left, R.tokenHitOn, `Kamikaze ${z.name}: token @${R.tokenHitOn}`);
    if (!hits) {
      note(ctx, `${RULE} no kamikaze hits in ${z.name}.`, { rule: '7' });
      continue;
    }
    yield* allocateShipHits(ctx, japan, z.name, hits, (o, t) => kamikazeTarget(b, o, t), RULE, '7', 'Japan chooses the ships');
  }
}

/**
 * Allocate `hits` (> 0) among ships matching `pred` (at least one in the zone): per stack, hits on undamaged ships
 * (a 2-hit ship is damaged) and hits on damaged ships (sunk), applied undamaged first (ruling R7-2).
 * The auto answer is the chooser's: for an attacker (kamikaze, Japan) sink what can be sunk, cheapest-looking
 * first (board order); for the fleet's owner (coastal defences, R9-2) damage 2-hit ships before anything sinks.
 */
export function* allocateShipHits(ctx: Ctx, seat: string, zone: string, hits: number, pred: (owner: string, type: string) => boolean, rule: string, ruleNo: string, who: string, chooser: 'attacker' | 'owner' = 'attacker'): Script {
  const b = ctx.board;
  const stacks = b.units(zone).filter((u) => pred(u.owner, u.type)).map((u) => ({ owner: u.owner, type: u.type, count: u.count, damaged: u.damaged ?? 0, two: (b.unitType(u.type).hits ?? 1) >= 2 }));
  const capacity = stacks.reduce((k, s) => k + (s.two ? 2 * s.count - s.damaged : s.count), 0);
  const k = Math.min(hits, capacity); // callers pass hits > 0 on a zone holding ships they may hit: k > 0
  const fields: Record<string, FieldSpec> = {};
  const lines: string[] = [];
  const auto: Record<string, number> = {};
  stacks.forEach((s, i) => {
    const und = s.count - s.damaged;
    fields[`u${i}`] = { kind: 'int', label: `${s.two ? 'Undamaged ' : ''}${words(s.type)} (${b.nationName(s.owner)}), ${s.two ? und : s.count}: hits (each ${s.two ? 'damages' : 'sinks'} one)`, min: 0, max: s.two ? und : s.count };
    lines.push(`  u${i}: ${s.two ? 'undamaged ' : ''}${words(s.type)} (${b.nationName(s.owner)}), ${s.two ? und : s.count} — a hit ${s.two ? 'damages' : 'sinks'} one`);
    if (s.two) {
      fields[`d${i}`] = { kind: 'int', label: `Damaged ${words(s.type)} (${b.nationName(s.owner)}): hits (each sinks one; ${s.damaged} damaged now, and any the hits above damage)`, min: 0, max: s.count };
      lines.push(`  d${i}: damaged ${words(s.type)} (${b.nationName(s.owner)}), ${s.damaged} now (+ those damaged by u${i}) — a hit sinks one`);
    }
  });
  let left = k;
  const take = (key: string, most: number) => {
    const n = Math.min(left, most);
    auto[key] = (auto[key] ?? 0) + n;
    left -= n;
  };
  if (chooser === 'attacker') {
    // auto, for the attacker: 1-hit ships first, then damaged ones, then undamaged 2-hit ships, then the ships just damaged
    for (const [i, s] of stacks.entries()) if (!s.two) take(`u${i}`, s.count);
    for (const [i, s] of stacks.entries()) if (s.two) take(`d${i}`, s.damaged);
    for (const [i, s] of stacks.entries()) if (s.two) take(`u${i}`, s.count - s.damaged);
  } else {
    // auto, for the fleet's owner: a hit that only damages first (undamaged 2-hit ships), then 1-hit ships, then damaged ones
    for (const [i, s] of stacks.entries()) if (s.two) take(`u${i}`, s.count - s.damaged);
    for (const [i, s] of stacks.entries()) if (!s.two) take(`u${i}`, s.count);
    for (const [i, s] of stacks.entries()) if (s.two) take(`d${i}`, s.damaged);
  }
  for (const [i, s] of stacks.entries()) if (s.two) take(`d${i}`, auto[`u${i}`]);
  for (const key of Object.keys(fields)) auto[key] ??= 0;
  const a = yield* ask(ctx, seat, `${rule} ${k} hit(s) on ships in ${zone}; ${who}:\n${lines.join('\n')}`, fields, auto);
  let sum = 0;
  stacks.forEach((s, i) => {
    const u = (a[`u${i}`] as number) ?? 0;
    const d = (a[`d${i}`] as number | undefined) ?? 0;
    if (s.two && d > s.damaged + u) refuse('bad-allocation', `Only ${s.damaged + u} damaged ${words(s.type)} (${b.nationName(s.owner)}) can take a sinking hit.`, ruleNo);
    sum += u + d;
  });
  if (sum !== k) refuse('bad-total', `Allocate exactly ${k} hit(s), not ${sum}.`, ruleNo);
  stacks.forEach((s, i) => {
    const u = (a[`u${i}`] as number) ?? 0;
    const d = (a[`d${i}`] as number | undefined) ?? 0;
    for (let j = 0; j < u; j++) {
      const r = b.hitShip(zone, s.owner, s.type, false);
      change(ctx, `${rule} ${words(s.type)} (${b.nationName(s.owner)}) in ${zone} ${r === 'damaged' ? 'damaged' : 'sunk'}.`, { rule: ruleNo });
    }
    for (let j = 0; j < d; j++) {
      b.hitShip(zone, s.owner, s.type, true);
      change(ctx, `${rule} damaged ${words(s.type)} (${b.nationName(s.owner)}) in ${zone} sunk.`, { rule: ruleNo });
    }
  });
  // Planes left at sea when the last carrier there sank: the document does not say where they go, so the players are told, not answered (h22).
  const afloat = b.units(zone);
  const planes = afloat.filter((u) => b.unitType(u.type).domain === 'air');
  if (stacks.some((s) => b.unitType(s.type).carrier) && planes.length && !afloat.some((u) => b.unitType(u.type).carrier)) {
    note(ctx, `${rule} ${planes.map((u) => `${plural(u.count, u.type)} (${b.nationName(u.owner)})`).join(', ')} in ${zone} have no carrier left there; the document does not say where they go: settle it at your board.`, { rule: ruleNo });
  }
}
