/**
 * Exact odds of every dice procedure of the Strategic Missions Phase. Each function mirrors the
 * resolver in the step files (same dice, same casualty policy) so that a large seeded Monte Carlo
 * run of the real resolver matches it (test/smp/odds.test.ts).
 */
import { binomial, convolve, hitsOf, mapDist, pHit, point, survivors, trim } from "./dist.js";
export * from "./dist.js";
/** Mix: for k ~ d, a distribution f(k); returns the mixture. */
export function compound(d, f) {
    const out = [];
    d.forEach((p, k) => {
        if (p === 0)
            return;
        f(k).forEach((q, v) => {
            while (out.length <= v)
                out.push(0);
            out[v] += p * q;
        });
    });
    return out;
}
// ---------------------------------------------------------------- #2 Vichy France
/** One Vichy attempt @hitOn (+bonus): P(success). */
export function vichyAttempt(hitOn, bonus = 0) {
    return pHit(hitOn + bonus);
}
/** Number of successes over a nation's whole list of attempts. */
export function vichySequence(attempts, hitOn, bonus = 0) {
    return binomial(attempts, vichyAttempt(hitOn, bonus));
}
/** Distribution of hits on Allied ships. */
export function kamikazeOdds(i) {
    const blocked = hitsOf([
        { n: i.fighters, hitOn: i.fighterHitOn ?? 2 },
        { n: i.tacticalBombers, hitOn: i.tacticalHitOn ?? 1 },
    ]);
    const left = survivors(i.tokens, blocked);
    return trim(compound(left, (s) => binomial(s, pHit(i.tokenHitOn ?? 3))));
}
// ---------------------------------------------------------------- #9 Coastal Defences
/** Hits of a bunker: minor 3@1, major 6@1 (doc #4). */
export function coastalOdds(dice, hitOn = 1) {
    return binomial(dice, pHit(hitOn));
}
export const BUNKER_DICE = { minor: 3, major: 6 };
/**
 * Damage per targeted facility. Resolver order (ruling R6-2): each targeted facility's security
 * hits remove tokens aimed at it; elite-infantry hits then remove tokens the Allies choose — the
 * modelled (and auto) policy takes them from the facility with the most tokens left, first listed
 * on ties. Surviving tokens roll @3 for 3 damage each, never past the maximum.
 */
export function partisanOdds(i) {
    const sd = i.securityDice ?? 1;
    const sh = i.securityHitOn ?? 1;
    const eh = i.eliteHitOn ?? 2;
    const th = i.tokenHitOn ?? 3;
    const dmg = i.damage ?? 3;
    const cap = i.capacity ?? i.tokens.map(() => Infinity);
    const secDists = i.tokens.map((t) => (t > 0 ? binomial(sd, pHit(sh)) : [1]));
    const elite = binomial(i.eliteInfantry, pHit(eh));
    // Joint distribution over surviving-token vectors.
    let states = new Map([[JSON.stringify(i.tokens), 1]]);
    secDists.forEach((d, f) => {
        const next = new Map();
        for (const [k, p] of states) {
            const v = JSON.parse(k);
            d.forEach((q, h) => {
                const w = [...v];
                w[f] = Math.max(0, w[f] - h);
                const key = JSON.stringify(w);
                next.set(key, (next.get(key) ?? 0) + p * q);
            });
        }
        states = next;
    });
    const afterElite = new Map();
    for (const [k, p] of states) {
        const v = JSON.parse(k);
        elite.forEach((q, h) => {
            const w = removeFromLargest(v, h);
            const key = JSON.stringify(w);
            afterElite.set(key, (afterElite.get(key) ?? 0) + p * q);
        });
    }
    const perFacility = i.tokens.map(() => []);
    let total = [];
    for (const [k, p] of afterElite) {
        const v = JSON.parse(k);
        let joint = [1];
        v.forEach((s, f) => {
            const d = mapDist(binomial(s, pHit(th)), (x) => Math.min(cap[f], x * dmg));
            addInto(perFacility[f], d, p);
            joint = convolve(joint, d);
        });
        addInto(total, joint, p);
    }
    total = trim(total);
    return { perFacility: perFacility.map((d) => trim(d)), total };
}
export function removeFromLargest(v, h) {
    const w = [...v];
    for (let k = 0; k < h; k++) {
        let best = -1;
        w.forEach((x, i) => {
            if (x > 0 && (best < 0 || x > w[best]))
                best = i;
        });
        if (best < 0)
            break;
        w[best]--;
    }
    return w;
}
function addInto(acc, d, p) {
    d.forEach((q, v) => {
        while (acc.length <= v)
            acc.push(0);
        acc[v] += p * q;
    });
}
/**
 * Exact raid odds. Dog-fight hits (interceptors) remove escorts first, then groups in order; the
 * AA barrage then rolls one die per surviving bomber; its hits remove groups in order; survivors
 * deal their damage to their target, never past its maximum.
 */
export function raidOdds(r) {
    const dog = hitsOf(r.interceptors);
    const perFacility = r.capacity.map(() => []);
    const total = [];
    const surv = [];
    const totalAttackers = r.groups.reduce((s, g) => s + g.n, 0);
    dog.forEach((pd, h) => {
        if (pd === 0)
            return;
        const afterDog = removeInOrder(r.groups.map((g) => g.n), Math.max(0, h - r.escorts));
        const alive = afterDog.reduce((a, b) => a + b, 0);
        const aa = r.aaHitOn > 0 ? binomial(alive, pHit(r.aaHitOn)) : point(0);
        aa.forEach((pa, k) => {
            if (pa === 0)
                return;
            const left = removeInOrder(afterDog, k);
            const p = pd * pa;
            const dmg = r.capacity.map(() => 0);
            left.forEach((n, gi) => (dmg[r.groups[gi].target] += n * r.groups[gi].damage));
            const capped = dmg.map((d, f) => Math.min(d, r.capacity[f]));
            capped.forEach((d, f) => addInto(perFacility[f], point(d), p));
            addInto(total, point(capped.reduce((a, b) => a + b, 0)), p);
            addInto(surv, point(left.reduce((a, b) => a + b, 0)), p);
        });
    });
    void totalAttackers;
    return { perFacility: perFacility.map((d) => trim(d)), total: trim(total), survivors: trim(surv) };
}
export function removeInOrder(v, h) {
    const w = [...v];
    let left = h;
    for (let i = 0; i < w.length && left > 0; i++) {
        const k = Math.min(left, w[i]);
        w[i] -= k;
        left -= k;
    }
    return w;
}
