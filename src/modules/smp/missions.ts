/**
 * Shared machinery of the two mission steps that fly or sail against facilities — Step 3
 * Bombing Raids (section #5) and Step 4 Shore Bombardments (section #6): the d8 initiative, the
 * one dog-fight round, the AA barrage, casualty choices and damage assignment.
 */
import { refuse } from '../../engine/errors.ts';
import type { FieldSpec } from '../../engine/module.ts';
import { plural, words } from './board.ts';
import type { Territory } from './scenario.ts';
import { describe, raidOdds, type RaidGroup } from './odds/index.ts';
import { ask, askChoice, askCounts, change, note, roll, rollHits, type Ctx, type Odds, type Script } from './script.ts';

export type FightSide = 'axis' | 'allies';

/**
 * "Determine Initiative: a player from each side must roll an 8 sided dice, the side with the
 * highest result chooses which side will conduct all their [missions] first." Ties re-roll.
 * The rolling player of a side is its first nation in turn order (ruling R3-1).
 */
function* initiative(ctx: Ctx, what: string, rule: string): Script<FightSide[]> {
  const b = ctx.board;
  const ax = b.sideNations('axis')[0];
  const al = b.sideNations('allies')[0];
  for (let round = 1; ; round++) {
    const [a] = yield* roll(ctx, ax, [{ sides: 8, purpose: `Initiative for ${what}: Axis d8${round > 1 ? ` (re-roll ${round - 1})` : ''}` }]);
    const [c] = yield* roll(ctx, al, [{ sides: 8, purpose: `Initiative for ${what}: Allies d8${round > 1 ? ` (re-roll ${round - 1})` : ''}` }]);
    if (a === c) {
      note(ctx, `Initiative tie (${a}–${c}): both sides re-roll.`, { rule });
      continue;
    }
    const winner: FightSide = a > c ? 'axis' : 'allies';
    const chooser = winner === 'axis' ? ax : al;
    const first = yield* askChoice<FightSide>(
      ctx,
      chooser,
      `Initiative for ${what}: the ${winner === 'axis' ? 'Axis' : 'Allies'} won (${Math.max(a, c)} vs ${Math.min(a, c)}). Which side conducts all its ${what} first?`,
      [
        { value: 'axis', label: 'the Axis first' },
        { value: 'allies', label: 'the Allies first' },
      ],
      winner,
    );
    note(ctx, `Initiative for ${what}: Axis ${a}, Allies ${c}; the ${first === 'axis' ? 'Axis' : 'Allies'} go first.`, { rule });
    return first === 'axis' ? ['axis', 'allies'] : ['allies', 'axis'];
  }
}

/**
 * The sides with `what` to conduct, in the order they conduct them: by initiative when both have
 * some; a side alone needs no roll, and a note says so, as it does when neither side has any.
 */
export function* missionOrder(ctx: Ctx, what: string, heading: string, rule: string, can: (side: FightSide) => boolean, ready: string, nothing: string): Script<FightSide[]> {
  const sides = (['axis', 'allies'] as FightSide[]).filter(can);
  if (sides.length === 2) return yield* initiative(ctx, what, rule);
  if (sides.length) note(ctx, `${heading} only the ${sides[0] === 'axis' ? 'Axis' : 'Allies'} have ${ready}: no initiative roll needed.`, { rule });
  else note(ctx, `${heading} ${nothing}`, { rule });
  return sides;
}

/** The damage a territory's facilities may still take: the auto policy raids where it is most. */
export function damageRoom(ctx: Ctx, t: Territory): number {
  return t.facilities.reduce((k, f) => k + ctx.board.maxDamage(f) - f.damage, 0);
}

/** Some units of one stack taking part in a mission. */
export interface Part {
  space: string;
  owner: string;
  type: string;
  n: number;
  /** Taken from the stack's designated units (so a loss reduces the designated count). */
  designated?: boolean;
}

export function partLabel(ctx: Ctx, p: Part, n = p.n): string {
  return `${plural(n, p.type)} (${ctx.board.nationName(p.owner)}, ${p.space})`;
}

// "Used only once during a strategic missions phase": per stack (space, owner, type), ctx.used
// counts the designated units and the other units (grounded interceptors, fighters on carriers)
// that flew this phase. A unit that flew and is lost leaves the tally, so its stack-mates that never
// flew stay available.

function usedKey(space: string, owner: string, type: string, designated: boolean): string {
  return `${space}|${owner}|${type}|${designated}`;
}

function usedOf(ctx: Ctx, space: string, owner: string, type: string, designated: boolean): number {
  return ctx.used.get(usedKey(space, owner, type, designated)) ?? 0;
}

function addUsed(ctx: Ctx, p: Part, designated: boolean, n: number): void {
  ctx.used.set(usedKey(p.space, p.owner, p.type, designated), usedOf(ctx, p.space, p.owner, p.type, designated) + n);
}

/** The units of owner/type in a space, over every entry of the board that holds them. */
function stackOf(ctx: Ctx, space: string, owner: string, type: string): { count: number; designated: number } {
  let count = 0;
  let designated = 0;
  for (const u of ctx.board.units(space)) {
    if (u.owner !== owner || u.type !== type) continue;
    count += u.count;
    designated += Math.min(u.designated ?? 0, u.count);
  }
  return { count, designated };
}

/** These units fly: a designated part uses designated units; another uses undesignated units first. */
export function useParts(ctx: Ctx, parts: Part[]): void {
  for (const p of parts) {
    const s = stackOf(ctx, p.space, p.owner, p.type);
    const other = p.designated ? 0 : Math.min(p.n, Math.max(0, s.count - s.designated - usedOf(ctx, p.space, p.owner, p.type, false)));
    addUsed(ctx, p, false, other);
    addUsed(ctx, p, true, p.n - other);
  }
}

/** `n` units of a part that flew are lost: off the board (designated ones first for a designated part) and out of the tally. */
export function loseFlown(ctx: Ctx, p: Part, n = p.n): void {
  ctx.board.removeUnits(p.space, p.owner, p.type, n, { designated: !!p.designated });
  forgetFlown(ctx, p, n);
}

/** `n` units of a part that flew have left the board: they no longer count against their stack. */
export function forgetFlown(ctx: Ctx, p: Part, n: number): void {
  if (ctx.rulings === '0.1') return; // Wardroom 0.1 kept lost units in the tally (the bug issue 8 fixed)
  const other = p.designated ? 0 : Math.min(n, usedOf(ctx, p.space, p.owner, p.type, false));
  addUsed(ctx, p, false, -other);
  addUsed(ctx, p, true, -Math.min(n - other, usedOf(ctx, p.space, p.owner, p.type, true)));
}

/** Units of `owner` matching `pred` not used yet this phase, per stack: designated units only, or any. */
export function available(ctx: Ctx, pred: (owner: string, type: string) => boolean, opts: { designatedOnly: boolean; spaces?: string[] }): Part[] {
  const b = ctx.board;
  const out: Part[] = [];
  const spaces = opts.spaces ?? [...b.s.territories, ...b.s.seaZones].map((s) => s.name);
  for (const space of spaces) {
    for (const u of b.units(space)) {
      if (!pred(u.owner, u.type) || out.some((p) => p.space === space && p.owner === u.owner && p.type === u.type)) continue;
      const s = stackOf(ctx, space, u.owner, u.type);
      const usedDesignated = usedOf(ctx, space, u.owner, u.type, true);
      const usedOther = usedOf(ctx, space, u.owner, u.type, false);
      // Wardroom 0.1 counted every unit used against the designated ones too.
      const n = opts.designatedOnly ? s.designated - usedDesignated - (ctx.rulings === '0.1' ? usedOther : 0) : s.count - usedDesignated - usedOther;
      if (n > 0) out.push({ space, owner: u.owner, type: u.type, n, designated: opts.designatedOnly });
    }
  }
  return out;
}

/**
 * Where a fighter may take part in a fight over `target` (ruling R3-3): a space next to it, or one
 * of `from` (where the strikers it escorts start). In board order. (Wardroom 0.1: anywhere.)
 */
export function withinReach(ctx: Ctx, target: string, from: string[] = []): string[] {
  const b = ctx.board;
  const all = [...b.s.territories, ...b.s.seaZones].map((s) => s.name);
  return ctx.rulings === '0.1' ? all : all.filter((n) => b.adjacent(target, n) || from.includes(n));
}

function merge(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    const prev = out.find((q) => q.space === p.space && q.owner === p.owner && q.type === p.type);
    if (prev) prev.n += p.n;
    else out.push({ ...p });
  }
  return out;
}

/** Ask how many from each stack (keys p0, p1, …); returns the chosen parts. */
export function* pickParts(ctx: Ctx, seat: string, prompt: string, parts: Part[], min: number, autoAll: boolean, odds?: Odds, what = 'units'): Script<Part[]> {
  if (!parts.length) return [];
  const items = parts.map((p, i) => ({ key: `p${i}`, label: partLabel(ctx, p), max: p.n }));
  const auto: Record<string, number> = {};
  parts.forEach((p, i) => (auto[`p${i}`] = autoAll ? p.n : 0));
  const max = parts.reduce((s, p) => s + p.n, 0);
  const got = yield* askCounts(ctx, seat, prompt, items, { min, max }, auto, odds, what);
  return parts.map((p, i) => ({ ...p, n: got[`p${i}`] })).filter((p) => p.n > 0);
}

/**
 * Choose where `hits` fall among `parts`; a part takes up to `capacity(p)` hits (one per unit, one
 * more per undamaged 2-hit ship, ruling R4-2). Returns the hits per part. Auto policy (also what
 * the exact odds assume): first the hits that cost no unit (damaging undamaged 2-hit ships), then
 * the parts in the given order — callers order them escorts first, then the cheapest strikers.
 * When only one choice is possible nobody is asked.
 */
export function* chooseCasualties(ctx: Ctx, seat: string, why: string, parts: Part[], hits: number, capacity: (p: Part) => number = (p) => p.n): Script<Part[]> {
  const caps = parts.map(capacity);
  const total = caps.reduce((s, c) => s + c, 0);
  const k = Math.min(hits, total);
  if (k === 0) return [];
  const auto = caps.map(() => 0);
  let left = k;
  for (const free of [true, false])
    caps.forEach((c, i) => {
      const n = Math.min(left, (free ? c - parts[i].n : c) - auto[i]);
      auto[i] += n;
      left -= n;
    });
  const withHits = (n: number[]) => merge(parts.map((p, i) => ({ ...p, n: n[i] })).filter((p) => p.n > 0));
  if (k === total || new Set(parts.map((p) => `${p.type}|${p.owner}|${p.space}`)).size === 1) return withHits(auto);
  const items = parts.map((p, i) => ({
    key: `p${i}`,
    label: caps[i] > p.n ? `${partLabel(ctx, p)}, up to ${caps[i]} hits (a hit on an undamaged one damages it)` : partLabel(ctx, p),
    max: caps[i],
  }));
  const got = yield* askCounts(ctx, seat, `${why}: choose ${k} casualt${k === 1 ? 'y' : 'ies'}.`, items, { min: k, max: k }, Object.fromEntries(auto.map((n, i) => [`p${i}`, n])), undefined, k === 1 ? 'casualty' : 'casualties');
  return withHits(parts.map((_p, i) => got[`p${i}`]));
}

export function subtract(parts: Part[], gone: Part[]): Part[] {
  const out = parts.map((p) => ({ ...p }));
  for (const g of gone) {
    let left = g.n;
    for (const p of out) {
      if (left <= 0) break;
      if (p.space !== g.space || p.owner !== g.owner || p.type !== g.type) continue;
      const k = Math.min(left, p.n);
      p.n -= k;
      left -= k;
    }
  }
  return out.filter((p) => p.n > 0);
}

export interface StrikeSpec {
  /** "bombing raid" / "shore bombardment" */
  what: string;
  /** The step's number, as events and refusals cite it ("3"). */
  rule: string;
  /** The heading its texts start with ("3 Bombing Raids:"). */
  heading: string;
  attacker: string;
  defender: string;
  target: Territory;
  strikers: Part[];
  escorts: Part[];
  /** Damage a striker type deals and whether it may hit facility i. */
  damageOf(type: string): number;
  mayHit(type: string, facilityIndex: number): boolean;
  /** Dog-fight dice of a striker (bombers: dog-fight attack; ships: air cover). */
  strikerDogfight(type: string): number;
  /** Hits a striker part can take (default: one per unit; ships: ruling R4-2). */
  strikerCapacity?(p: Part): number;
  /** `hits` on a striker part: bombers are shot down; ships take the hits on the board (ruling R4-2). Says what happened and how many units are lost. */
  strikerHit(p: Part, hits: number): { texts: string[]; lost: number };
  /** Interceptor candidates. */
  interceptorCandidates: Part[];
  aaHitOn: number;
}

/** Order strikers cheapest first (the casualty policy the odds assume). */
export function cheapestFirst(ctx: Ctx, s: StrikeSpec, parts: Part[]): Part[] {
  return [...parts].sort((a, b) => s.damageOf(a.type) - s.damageOf(b.type));
}

/** Default target of each striker type: the eligible facility with the most damage still to take. */
export function defaultTargets(ctx: Ctx, s: StrikeSpec, types: string[]): Map<string, number> {
  const b = ctx.board;
  const out = new Map<string, number>();
  for (const ty of types) {
    let best = -1;
    s.target.facilities.forEach((f, i) => {
      if (!s.mayHit(ty, i)) return;
      const room = b.maxDamage(f) - f.damage;
      if (best < 0 || room > b.maxDamage(s.target.facilities[best]) - s.target.facilities[best].damage) best = i; // mayHit: below its maximum
    });
    if (best >= 0) out.set(ty, best);
  }
  return out;
}

/** Exact odds of a strike, its strikers and escorts as `s` has them, against `interceptors`, as the prompts show them. */
export function strikeOdds(ctx: Ctx, s: StrikeSpec, interceptors: Part[]): string[] {
  const b = ctx.board;
  const { strikers } = s;
  const escorts = s.escorts.reduce((n, p) => n + p.n, 0);
  const ordered = cheapestFirst(ctx, s, strikers);
  const targets = defaultTargets(ctx, s, [...new Set(ordered.map((p) => p.type))]);
  const facIdx = [...new Set(targets.values())];
  const groups: RaidGroup[] = ordered
    .filter((p) => targets.has(p.type))
    .map((p) => ({ type: p.type, n: p.n, damage: s.damageOf(p.type), target: facIdx.indexOf(targets.get(p.type)!) }));
  const ints = interceptors.map((p) => ({ n: p.n, hitOn: b.unitType(p.type).dogfightDefence ?? 0 }));
  // Hits that only damage a 2-hit ship are taken first and cost no striker (ruling R4-2): for the odds they count as escorts.
  const free = strikers.reduce((k, p) => k + capacityOf(s, p) - p.n, 0);
  const o = raidOdds({ escorts: escorts + free, groups, interceptors: ints, aaHitOn: s.aaHitOn, capacity: facIdx.map((i) => b.maxDamage(s.target.facilities[i]) - s.target.facilities[i].damage) });
  const lines = facIdx.map((fi, k) => `damage to ${b.facilityLabel(s.target, fi)}: ${describe(o.perFacility[k])}`);
  // Said where the strikers could be sent elsewhere (h22: the odds read as the only outcome, and a split gave 2 + 2).
  return s.target.facilities.length > 1 ? [...lines, 'each type sent where the auto answer sends it'] : lines;
}

function sameStack(a: Part, b: Part): boolean {
  return a.space === b.space && a.owner === b.owner && a.type === b.type;
}

/** Hits a part of the attacking force can take (escorts and bombers: one per unit). */
function capacityOf(s: StrikeSpec, p: Part): number {
  return s.strikerCapacity?.(p) ?? p.n;
}

/**
 * Apply the hits on strikers (one part per stack, `n` = hits); returns the units lost. With
 * `eachHit` (the dog fight) a unit that one hit removes gets a report line of its own.
 */
function hitStrikers(ctx: Ctx, s: StrikeSpec, what: string, strikers: Part[], hits: Part[], eachHit: boolean): Part[] {
  const lost: Part[] = [];
  for (const h of hits) {
    const p = strikers.find((q) => sameStack(q, h))!;
    const oneByOne = eachHit && capacityOf(s, p) === p.n;
    for (const k of oneByOne ? Array<number>(h.n).fill(1) : [h.n]) {
      const r = s.strikerHit(p, k);
      for (const t of r.texts) change(ctx, `${s.heading} ${what}: ${t}.`, { rule: s.rule });
      if (r.lost) lost.push({ ...h, n: r.lost });
    }
  }
  return lost;
}

/** Resolve one strike after escorts and strikers are chosen. */
export function* resolveStrike(ctx: Ctx, s: StrikeSpec): Script {
  const b = ctx.board;
  const { attacker, defender, target } = s;
  useParts(ctx, [...s.strikers, ...s.escorts]);

  // Interceptors, deployed after escorts are assigned.
  const oddsLines = () => [`with no interceptors: ${strikeOdds(ctx, s, []).join('; ')}`, `with every interceptor: ${strikeOdds(ctx, s, s.interceptorCandidates).join('; ')}`];
  const interceptors = s.interceptorCandidates.length
    ? yield* pickParts(
        ctx,
        defender,
        `${s.heading} ${b.nationName(attacker)} attacks ${target.name} with ${s.strikers.map((p) => partLabel(ctx, p)).join(', ')}${s.escorts.length ? ` escorted by ${s.escorts.map((p) => partLabel(ctx, p)).join(', ')}` : ''}. ${b.nationName(defender)}: send interceptors (each fighter only once this phase)?`,
        s.interceptorCandidates,
        0,
        true,
        oddsLines,
        'interceptors',
      )
    : [];
  useParts(ctx, interceptors);
  change(ctx, `${s.heading} ${b.nationName(attacker)} ${s.what} on ${target.name}: ${s.strikers.map((p) => partLabel(ctx, p)).join(', ')}${s.escorts.length ? `; escorts ${s.escorts.map((p) => partLabel(ctx, p)).join(', ')}` : ''}${interceptors.length ? `; interceptors ${interceptors.map((p) => partLabel(ctx, p)).join(', ')}` : '; no interceptors'}.`, { rule: s.rule });

  let strikers = s.strikers;
  let escorts = s.escorts;
  // One dog-fight round, only if intercepted.
  if (interceptors.length) {
    const attackDice = [
      ...escorts.map((p) => ({ n: p.n, hitOn: b.unitType(p.type).dogfightAttack ?? 0, label: words(p.type) })),
      ...strikers.map((p) => ({ n: p.n, hitOn: s.strikerDogfight(p.type), label: words(p.type) })),
    ].filter((g) => g.n > 0);
    let aHits = 0;
    for (const g of attackDice) aHits += (yield* rollHits(ctx, attacker, g.n, g.hitOn, `${s.what} ${target.name}: dog fight, ${g.label} @${g.hitOn}`)).hits;
    let dHits = 0;
    for (const p of interceptors) {
      const at = b.unitType(p.type).dogfightDefence ?? 0;
      // Named by its stack: two stacks of one type roll questions that read differently (h22: the second was not shown).
      dHits += (yield* rollHits(ctx, defender, p.n, at, `${s.what} ${target.name}: dog fight, interceptors ${partLabel(ctx, p)} @${at}`)).hits;
    }
    const intLoss = yield* chooseCasualties(ctx, defender, `${s.heading} Dog fight over ${target.name}: ${aHits} hit(s) on your interceptors`, interceptors, aHits);
    const atkLoss = yield* chooseCasualties(ctx, attacker, `${s.heading} Dog fight over ${target.name}: ${dHits} hit(s) on your ${s.what} force`, [...escorts, ...cheapestFirst(ctx, s, strikers)], dHits, (p) => capacityOf(s, p));
    for (const p of intLoss) {
      loseFlown(ctx, p);
      change(ctx, `${s.heading} Dog fight: ${partLabel(ctx, p)} shot down.`, { rule: s.rule });
    }
    const escortLoss = atkLoss.filter((p) => escorts.some((e) => sameStack(e, p)));
    for (const p of escortLoss) {
      loseFlown(ctx, p);
      change(ctx, `${s.heading} Dog fight: escort ${partLabel(ctx, p)} shot down.`, { rule: s.rule });
    }
    strikers = subtract(strikers, hitStrikers(ctx, s, 'Dog fight', strikers, atkLoss.filter((p) => !escortLoss.includes(p)), true));
    escorts = subtract(escorts, escortLoss);
  }

  // The facility's built-in AA barrage (bombing raids only).
  if (s.aaHitOn > 0 && strikers.length) {
    const n = strikers.reduce((k, p) => k + p.n, 0);
    const { hits } = yield* rollHits(ctx, defender, n, s.aaHitOn, `${s.what} ${target.name}: AA barrage @${s.aaHitOn}`);
    const loss = yield* chooseCasualties(ctx, attacker, `${s.heading} AA barrage over ${target.name}: ${hits} hit(s)`, cheapestFirst(ctx, s, strikers), hits);
    strikers = subtract(strikers, hitStrikers(ctx, s, 'AA barrage', strikers, loss, false));
  }
  if (!strikers.length) return note(ctx, `${s.heading} Nothing reaches ${target.name}.`, { rule: s.rule });

  // Damage: each surviving striker to an eligible facility of the attacker's choice.
  const types = [...new Set(strikers.map((p) => p.type))];
  const counts = new Map(types.map((t) => [t, strikers.filter((p) => p.type === t).reduce((k, p) => k + p.n, 0)]));
  const defaults = defaultTargets(ctx, s, types);
  const fields: Record<string, FieldSpec> = {};
  const auto: Record<string, number> = {};
  const lines: string[] = [];
  for (const t of types) {
    target.facilities.forEach((f, i) => {
      if (!s.mayHit(t, i)) return;
      const key = `${t}>${i}`;
      fields[key] = { kind: 'int', label: `${words(t)} (${s.damageOf(t)} damage each) on ${b.facilityLabel(target, i)}`, min: 0, max: counts.get(t)! };
      auto[key] = defaults.get(t) === i ? counts.get(t)! : 0;
      lines.push(`  ${key}: ${words(t)} (${s.damageOf(t)} damage each) on ${b.facilityLabel(target, i)}`);
    });
  }
  // Never empty: the strikers were chosen for a facility they may hit, and nothing but the dog fight and the AA barrage came between.
  const a = yield* ask(ctx, attacker, `${s.heading} ${b.nationName(attacker)}: assign each surviving unit to a facility in ${target.name} (${[...counts].map(([t, n]) => plural(n, t)).join(', ')}):\n${lines.join('\n')}`, fields, auto);
  for (const t of types) {
    const sum = target.facilities.reduce((k, _f, i) => k + ((a[`${t}>${i}`] as number | undefined) ?? 0), 0);
    if (sum !== counts.get(t)) refuse('bad-total', `Assign every surviving ${words(t)}: ${counts.get(t)} in all, not ${sum}.`, s.rule);
  }
  for (const t of types) {
    target.facilities.forEach((f, i) => {
      const n = (a[`${t}>${i}`] as number | undefined) ?? 0;
      if (!n) return;
      const want = n * s.damageOf(t);
      const added = b.damage(f, want);
      change(ctx, `${s.heading} ${plural(n, t)} hit ${target.name} ${words(f.type)}: +${added} damage${added < want ? ` (${want} dealt, capped at the maximum)` : ''}, now ${f.damage}/${b.maxDamage(f)}.`, { rule: s.rule, damage: added });
    });
  }
}
