/**
 * Exact discrete distributions (probability vectors indexed by a count), built by convolution
 * and dynamic programming. No sampling anywhere.
 */
export type Dist = number[];

/** P(success) of one die: a d`sides` showing `hitOn` or less. */
export function pHit(hitOn: number, sides = 6): number {
  return Math.max(0, Math.min(sides, hitOn)) / sides;
}

/**
 * Binomial(n, p) as a vector of length n+1, computed directly in O(n): from the most likely count
 * outwards by the ratio of neighbouring terms, then scaled to sum to 1 (no underflow of p^n or
 * (1-p)^n at large n; terms too small for a double come out 0, as they did by convolution).
 */
export function binomial(n: number, p: number): Dist {
  return Array.from(binomialInto(new Float64Array(n + 1), n, p));
}

/** Binomial(n, p) written into d[0..n] (d zero past n is not touched). */
function binomialInto(d: Float64Array, n: number, p: number): Float64Array {
  if (p <= 0 || p >= 1) {
    d.fill(0, 0, n + 1);
    d[p >= 1 ? n : 0] = 1;
    return d;
  }
  const r = p / (1 - p);
  const mode = Math.floor((n + 1) * p);
  d[mode] = 1;
  let sum = 1;
  for (let k = mode; k < n; k++) sum += d[k + 1] = (d[k] * r * (n - k)) / (k + 1);
  for (let k = mode; k > 0; k--) sum += d[k - 1] = (d[k] * k) / (r * (n - k + 1));
  for (let k = 0; k <= n; k++) d[k] /= sum;
  return d;
}

/**
 * Binomial(K, q) for K ~ d: each of K independent trials (dice, units) succeeds with probability
 * q. The mixture of the binomials of every K that d allows, in O(K) each (O(K²) at most), in one
 * reused buffer.
 */
export function thin(d: Dist, q: number): Dist {
  const out = new Float64Array(d.length);
  const row = new Float64Array(d.length);
  d.forEach((w, k) => {
    if (w === 0) return;
    binomialInto(row, k, q);
    for (let j = 0; j <= k; j++) out[j] += w * row[j];
  });
  return Array.from(out);
}

/** Sum of two independent counts (zero terms skipped on both sides). */
export function convolve(a: Dist, b: Dist): Dist {
  const out = new Array(a.length + b.length - 1).fill(0);
  const nz = b.flatMap((q, j) => (q === 0 ? [] : [j]));
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (const j of nz) out[i + j] += a[i] * b[j];
  }
  return out;
}

/** Sum of independent dice groups, each `n` dice hitting on `hitOn` (d6). Groups hitting alike are one binomial. */
export function hitsOf(groups: readonly { n: number; hitOn: number }[]): Dist {
  const byP = new Map<number, number>();
  for (const g of groups) byP.set(pHit(g.hitOn), (byP.get(pHit(g.hitOn)) ?? 0) + g.n);
  let d: Dist = [1];
  for (const [p, n] of byP) d = convolve(d, binomial(n, p));
  return d;
}

/** Distribution of f(k) for k ~ d. */
export function mapDist(d: Dist, f: (k: number) => number): Dist {
  const out: Dist = [];
  d.forEach((p, k) => {
    const v = f(k);
    while (out.length <= v) out.push(0);
    out[v] += p;
  });
  return out;
}

/** max(0, a - b) for independent a ~ A, b ~ B. */
export function survivors(a: Dist | number, removed: Dist): Dist {
  const A = typeof a === 'number' ? point(a) : a;
  const out: Dist = new Array(A.length).fill(0);
  A.forEach((pa, i) => {
    if (pa !== 0) removed.forEach((pb, j) => (out[Math.max(0, i - j)] += pa * pb));
  });
  return out;
}

export function point(k: number): Dist {
  const d = new Array(k + 1).fill(0);
  d[k] = 1;
  return d;
}

export function mean(d: Dist): number {
  return d.reduce((s, p, k) => s + p * k, 0);
}

export function trim(d: Dist, eps = 0): Dist {
  let n = d.length;
  while (n > 1 && d[n - 1] <= eps) n--;
  return d.slice(0, n);
}

/** "3: 12.5%, 4: 50.0%" for prompts. */
export function describe(d: Dist, unit = '', scale = 1): string {
  return d
    .map((p, k) => ({ p, k }))
    .filter((x) => x.p > 5e-7)
    .map((x) => `${x.k * scale}${unit}: ${(x.p * 100).toFixed(1)}%`)
    .join(', ');
}
