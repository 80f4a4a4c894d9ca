/** P(success) of one die: a d`sides` showing `hitOn` or less. */
export function pHit(hitOn, sides = 6) {
    return Math.max(0, Math.min(sides, hitOn)) / sides;
}
/** Binomial(n, p) as a vector of length n+1. */
export function binomial(n, p) {
    let d = [1];
    for (let i = 0; i < n; i++)
        d = convolve(d, [1 - p, p]);
    return d;
}
export function convolve(a, b) {
    const out = new Array(a.length + b.length - 1).fill(0);
    for (let i = 0; i < a.length; i++) {
        if (a[i] === 0)
            continue;
        for (let j = 0; j < b.length; j++)
            out[i + j] += a[i] * b[j];
    }
    return out;
}
/** Sum of independent dice groups, each `n` dice hitting on `hitOn` (d6). */
export function hitsOf(groups) {
    return groups.reduce((d, g) => convolve(d, binomial(g.n, pHit(g.hitOn))), [1]);
}
/** Distribution of f(k) for k ~ d. */
export function mapDist(d, f) {
    const out = [];
    d.forEach((p, k) => {
        const v = f(k);
        while (out.length <= v)
            out.push(0);
        out[v] += p;
    });
    return out;
}
/** max(0, a - b) for independent a ~ A, b ~ B. */
export function survivors(a, removed) {
    const A = typeof a === 'number' ? point(a) : a;
    const out = new Array(A.length).fill(0);
    A.forEach((pa, i) => removed.forEach((pb, j) => (out[Math.max(0, i - j)] += pa * pb)));
    return out;
}
export function point(k) {
    const d = new Array(k + 1).fill(0);
    d[k] = 1;
    return d;
}
export function mean(d) {
    return d.reduce((s, p, k) => s + p * k, 0);
}
export function trim(d, eps = 0) {
    let n = d.length;
    while (n > 1 && d[n - 1] <= eps)
        n--;
    return d.slice(0, n);
}
/** "3: 12.5%, 4: 50.0%" for prompts. */
export function describe(d, unit = '', scale = 1) {
    return d
        .map((p, k) => ({ p, k }))
        .filter((x) => x.p > 5e-7)
        .map((x) => `${x.k * scale}${unit}: ${(x.p * 100).toFixed(1)}%`)
        .join(', ');
}
