/**
 * Exact odds of every dice procedure of the Strategic Missions Phase. Each function mirrors the
 * resolver in the step files (same dice, same casualty policy) so that a large seeded Monte Carlo
 * run of the real resolver matches it (test/smp/odds.test.ts).
 *
 * Every count is checked first (limits.ts): past its limit, or not a whole number, the query is
 * refused with a thrown RuleError (engine/errors.ts `refuse`) naming the limit and the field.
 * Within the limits a query costs O(n²) at most in its largest count n (binomials computed
 * directly, mixtures of binomials by count, never unit by unit): well under 5 ms at 400. A
 * partisan raid split over several facilities weighs a joint distribution instead, bounded by
 * MAX_PARTISAN_CASES.
 */
import { binomial, convolve, hitsOf, mapDist, pHit, survivors, thin, trim, type Dist } from './dist.ts';
import { checkAmount, checkCount, checkHitOn, checkOutcome, MAX_PARTISAN_CASES } from './limits.ts';
import { refuse } from '../../../engine/errors.ts';

export * from './dist.ts';
export { MAX_COUNT, MAX_OUTCOME, MAX_PARTISAN_CASES } from './limits.ts';

// ---------------------------------------------------------------- #2 Vichy France
/** One Vichy attempt @hitOn (+bonus): P(success). */
export function vichyAttempt(hitOn: number, bonus = 0): number {
  return pHit(hitOn + bonus);
}
/** Number of successes over a nation's whole list of attempts. */
export function vichySequence(attempts: number, hitOn: number, bonus = 0): Dist {
  checkCount('Vichy attempts', attempts);
  return binomial(attempts, vichyAttempt(checkHitOn('Vichy roll needed', hitOn), checkHitOn('Vichy bonus', bonus)));
}

// ---------------------------------------------------------------- #7 Kamikaze Raids
export interface KamikazeInput {
  tokens: number;
  fighters: number;
  tacticalBombers: number;
  /** Doc #7: fighters 1@2, tactical bombers 1@1, tokens @3. */
  fighterHitOn?: number;
  tacticalHitOn?: number;
  tokenHitOn?: number;
}
/** Distribution of hits on Allied ships. */
export function kamikazeOdds(i: KamikazeInput): Dist {
  const blocked = hitsOf([
    { n: checkCount('intercepting fighters', i.fighters), hitOn: checkHitOn('fighter hit', i.fighterHitOn ?? 2) },
    { n: checkCount('intercepting tactical bombers', i.tacticalBombers), hitOn: checkHitOn('tactical bomber hit', i.tacticalHitOn ?? 1) },
  ]);
  const left = survivors(checkCount('kamikaze tokens', i.tokens), blocked);
  return trim(thin(left, pHit(checkHitOn('kamikaze token hit', i.tokenHitOn ?? 3))));
}

// ---------------------------------------------------------------- #9 Coastal Defences
/** Hits of a bunker: minor 3@1, major 6@1 (doc #4). */
export function coastalOdds(dice: number, hitOn = 1): Dist {
  return binomial(checkCount('coastal defence dice', dice), pHit(checkHitOn('coastal defence hit', hitOn)));
}
export const BUNKER_DICE = { minor: 3, major: 6 } as const;

// ---------------------------------------------------------------- #6 Partisan Raids
export interface PartisanInput {
  /** Tokens assigned to each targeted facility. */
  tokens: number[];
  /** Damage each facility can still take (maximum − current). Default: unlimited. */
  capacity?: number[];
  eliteInfantry: number;
  securityDice?: number;
  securityHitOn?: number;
  eliteHitOn?: number;
  tokenHitOn?: number;
  damage?: number;
}
/**
 * Damage per targeted facility. Resolver order (ruling R6-2): each targeted facility's security
 * hits remove tokens aimed at it; elite-infantry hits then remove tokens the Allies choose — the
 * modelled (and auto) policy takes them from the facility with the most tokens left, first listed
 * on ties. Surviving tokens roll @3 for 3 damage each, never past the maximum.
 */
export function partisanOdds(i: PartisanInput): { perFacility: Dist[]; total: Dist } {
  const sd = checkCount('facility security dice', i.securityDice ?? 1);
  const sh = checkHitOn('facility security hit', i.securityHitOn ?? 1);
  const eh = checkHitOn('elite infantry hit', i.eliteHitOn ?? 2);
  const th = checkHitOn('partisan token hit', i.tokenHitOn ?? 3);
  const dmg = checkAmount('partisan damage per token', i.damage ?? 3);
  i.tokens.forEach((t) => checkCount('partisan tokens', t));
  const T = checkCount('partisan tokens', i.tokens.reduce((a, b) => a + b, 0));
  if (i.capacity && i.capacity.length !== i.tokens.length) refuse('odds-bad-count', `exact odds: ${i.tokens.length} facilities raided but ${i.capacity.length} maximum damages given`);
  const cap = (i.capacity ?? i.tokens.map(() => Infinity)).map((c) => checkAmount('damage the facility can still take', c, true));
  checkOutcome('partisan damage', i.tokens.reduce((a, t, f) => a + Math.min(cap[f], t * dmg), 0));
  const elite = binomial(checkCount('elite infantry', i.eliteInfantry), pHit(eh));
  const security = binomial(sd, pHit(sh));
  const pt = pHit(th);
  // Damage to facility f from its tokens left (a distribution): each @th for `dmg`, never past its maximum.
  const damageFrom = (f: number, left: Dist) => trim(mapDist(thin(left, pt), (x) => Math.min(cap[f], x * dmg)));
  const targeted = i.tokens.flatMap((t, f) => (t > 0 ? [f] : []));
  const perFacility: Dist[] = i.tokens.map(() => [1]);
  if (targeted.length <= 1) {
    // One facility (the `smp odds` query and the phase's prompt): its security and the elite
    // infantry simply remove tokens from it, min(tokens, security + elite hits) in all.
    if (!targeted.length) return { perFacility, total: [1] };
    const f = targeted[0];
    perFacility[f] = damageFrom(f, survivors(i.tokens[f], convolve(security, elite)));
    return { perFacility, total: [...perFacility[f]] };
  }
  // Several facilities: the joint distribution over the vectors of tokens left, which the elite
  // infantry's choice couples; its work grows with the product of the facilities' tokens, so it
  // is refused past MAX_PARTISAN_CASES (security outcomes × elite hits × damage vectors).
  const cases = targeted.reduce((n, f) => n * (Math.min(sd, i.tokens[f]) + 1) * (i.tokens[f] + 1), Math.min(i.eliteInfantry, T) + 1);
  if (cases > MAX_PARTISAN_CASES)
    refuse('odds-too-large', `exact odds: a partisan raid on several facilities weighs at most ${MAX_PARTISAN_CASES} cases; got ${cases} (tokens ${i.tokens.join(', ')}; ${sd} security ${sd === 1 ? 'die' : 'dice'} each; ${i.eliteInfantry} elite infantry)`);
  let states = new Map<string, { v: number[]; p: number }>([[i.tokens.join(), { v: i.tokens, p: 1 }]]);
  const add = (m: typeof states, v: number[], p: number) => {
    const k = v.join();
    const e = m.get(k);
    if (e) e.p += p;
    else m.set(k, { v, p });
  };
  for (const f of targeted) {
    const next: typeof states = new Map();
    for (const { v, p } of states.values())
      security.forEach((q, h) => {
        const w = [...v];
        w[f] = Math.max(0, w[f] - h);
        add(next, w, p * q);
      });
    states = next;
  }
  const afterElite: typeof states = new Map();
  for (const { v, p } of states.values()) {
    // h elite hits remove one token at a time from the largest raid (removeFromLargest, one step per hit)
    let w = v;
    let h = 0;
    for (; h < elite.length && w.some((x) => x > 0); h++) {
      if (elite[h]) add(afterElite, w, p * elite[h]);
      w = removeFromLargest(w, 1);
    }
    const rest = elite.slice(h).reduce((a, b) => a + b, 0);
    if (rest) add(afterElite, w, p * rest);
  }
  // Each facility's damage comes from its own tokens left. The total, per vector: facilities whose
  // tokens left cannot reach their maximum add up to one binomial (dmg each); the others are
  // convolved in one by one. Vectors alike in that respect are weighed once.
  const left: Dist[] = i.tokens.map(() => []);
  const alike = new Map<string, { free: number; capped: number[]; p: number }>();
  for (const { v, p } of afterElite.values()) {
    targeted.forEach((f) => addAt(left[f], v[f], p));
    const free = targeted.reduce((n, f) => (v[f] * dmg <= cap[f] ? n + v[f] : n), 0);
    const capped = targeted.map((f) => (v[f] * dmg <= cap[f] ? 0 : v[f]));
    const k = `${free}|${capped.join()}`;
    const e = alike.get(k);
    if (e) e.p += p;
    else alike.set(k, { free, capped, p });
  }
  const memo = new Map<string, Dist>();
  // Damage of s tokens left on a facility that can take `most` more.
  const damageOf = (most: number, s: number) => {
    const k = `${most}:${s}`;
    if (!memo.has(k)) memo.set(k, mapDist(binomial(s, pt), (x) => Math.min(most, x * dmg)));
    return memo.get(k)!;
  };
  const total: Dist = [];
  for (const { free, capped, p } of alike.values()) {
    let joint = damageOf(Infinity, free);
    capped.forEach((s, j) => {
      if (s) joint = convolve(joint, damageOf(cap[targeted[j]], s));
    });
    addInto(total, joint, p);
  }
  for (const f of targeted) perFacility[f] = damageFrom(f, left[f]);
  return { perFacility, total: trim(total) };
}

export function removeFromLargest(v: readonly number[], h: number): number[] {
  const w = [...v];
  for (let k = 0; k < h; k++) {
    let best = -1;
    w.forEach((x, i) => {
      if (x > 0 && (best < 0 || x > w[best])) best = i;
    });
    if (best < 0) break;
    w[best]--;
  }
  return w;
}

function addInto(acc: Dist, d: Dist, p: number): void {
  d.forEach((q, v) => {
    while (acc.length <= v) acc.push(0);
    acc[v] += p * q;
  });
}

// ---------------------------------------------------------------- #3 Bombing / #4 Shore Bombardment
export interface RaidGroup {
  /** e.g. "strategic_bomber" or "battleship". */
  type: string;
  n: number;
  damage: number;
  /** Index of the facility this group damages. */
  target: number;
}
export interface RaidInput {
  /** Escort fighters: they take dog-fight hits first (auto casualty policy). */
  escorts: number;
  /** Attacking bombers / ships, in the order they are taken as casualties (cheapest first). */
  groups: RaidGroup[];
  /** Interceptors: hit on dogfightDefence each. */
  interceptors: { n: number; hitOn: number }[];
  /** AA barrage on each surviving bomber (0 = none, shore bombardments). */
  aaHitOn: number;
  /** Damage each target facility can still take. */
  capacity: number[];
}
export interface RaidOdds {
  perFacility: Dist[];
  total: Dist;
  /** Distribution of the number of attacking bombers/ships that deal damage. */
  survivors: Dist;
}
/**
 * Exact raid odds. Dog-fight hits (interceptors) remove escorts first, then groups in order; the
 * AA barrage then rolls one die per surviving bomber; its hits remove groups in order; survivors
 * deal their damage to their target, never past its maximum.
 *
 * Since both rounds of losses come off the front of the same order, the survivors are always the
 * last s strikers in that order: the whole raid is the distribution of s (a mixture of binomials
 * over the strikers left after the dog fight), and each s deals one damage per facility.
 */
export function raidOdds(r: RaidInput): RaidOdds {
  const escorts = checkCount('escort fighters', r.escorts);
  r.interceptors.forEach((x) => (checkCount('interceptors', x.n), checkHitOn('interceptor hit', x.hitOn)));
  checkCount('interceptors', r.interceptors.reduce((a, x) => a + x.n, 0));
  const aaHitOn = checkHitOn('AA barrage hit', r.aaHitOn);
  const cap = r.capacity.map((c) => checkAmount('damage the facility can still take', c, true));
  const most = cap.map(() => 0);
  for (const g of r.groups) {
    checkCount(`${g.type} units`, g.n);
    checkAmount(`${g.type} damage`, g.damage);
    if (!Number.isInteger(g.target) || g.target < 0 || g.target >= cap.length)
      refuse('odds-bad-count', `exact odds: ${g.type} target must be one of the ${cap.length} facilities (0 to ${cap.length - 1}); got ${g.target}`);
    most[g.target] += g.n * g.damage;
  }
  const A = checkCount(`attacking bombers or ships (${[...new Set(r.groups.map((g) => g.type))].join(', ')})`, r.groups.reduce((a, g) => a + g.n, 0));
  checkOutcome('damage', most.reduce((a, m, f) => a + Math.min(m, cap[f]), 0));

  // Dog fight: hits past the escorts shoot down strikers, leaving `a` of them (afterDog[a]).
  const afterDog: Dist = new Array(A + 1).fill(0);
  hitsOf(r.interceptors).forEach((p, h) => (afterDog[A - Math.min(A, Math.max(0, h - escorts))] += p));
  // AA barrage: one die per striker left, each hit one more striker lost; `s` survive (left[s]).
  const left = aaHitOn > 0 ? thin(afterDog, 1 - pHit(aaHitOn)) : afterDog;
  // The last s strikers in casualty order deal their damage, capped per facility.
  const perFacility: Dist[] = cap.map(() => []);
  const total: Dist = [];
  const dealt = cap.map(() => 0);
  let gi = r.groups.length;
  let taken = 0; // strikers of group gi already counted
  for (let s = 0; s <= A; s++) {
    if (s > 0) {
      while (gi === r.groups.length || taken === r.groups[gi].n) {
        gi--;
        taken = 0;
      }
      taken++;
      dealt[r.groups[gi].target] += r.groups[gi].damage;
    }
    if (left[s] === 0) continue;
    let sum = 0;
    dealt.forEach((d, f) => {
      const c = Math.min(d, cap[f]);
      addAt(perFacility[f], c, left[s]);
      sum += c;
    });
    addAt(total, sum, left[s]);
  }
  return { perFacility: perFacility.map((d) => trim(d)), total: trim(total), survivors: trim(left) };
}

function addAt(acc: Dist, v: number, p: number): void {
  while (acc.length <= v) acc.push(0);
  acc[v] += p;
}
