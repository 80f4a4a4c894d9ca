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
  const d = new Float64Array(n + 1);
  const sum = binomialTerms(d, n, p);
  return Array.from(d, (x) => x / sum);
}

/** Binomial(n, p) times a constant into d (length n+1); returns the constant. */
function binomialTerms(d: Float64Array, n: number, p: number): number {
  if (p <= 0 || p >= 1) {
    d[p >= 1 ? n : 0] = 1;
    return 1;
  }
  const r = p / (1 - p);
  const mode = Math.floor((n + 1) * p);
  d[mode] = 1;
  let sum = 1;
  for (let k = mode; k < n; k++) sum += d[k + 1] = (d[k] * r * (n - k)) / (k + 1);
  for (let k = mode; k > 0; k--) sum += d[k - 1] = (d[k] * k) / (r * (n - k + 1));
  return sum;
}

/**
 * Binomial(K, q) for K ~ d: each of K independent trials (dice, units) succeeds with probability
 * q. The mixture of the binomials of every K that d allows, in O(K²): one row of Pascal's
 * triangle, Binomial(k, q), carried from k to k+1 in place (two products and a sum a term, no
 * division; a convex combination, so no rounding builds up).
 */
export function thin(d: Dist, q: number): Dist {
  const out = new Float64Array(d.length);
  const row = new Float64Array(d.length);
  row[0] = 1;
  for (let k = 0; k < d.length; k++) {
    if (k > 0) {
      for (let j = k; j > 0; j--) row[j] = row[j] * (1 - q) + row[j - 1] * q;
      row[0] *= 1 - q;
    }
    const w = d[k];
    if (w !== 0) for (let j = 0; j <= k; j++) out[j] += w * row[j];
  }
  return Array.from(out);
}

/** Sum of two independent counts (zero terms skipped on both sides). */
export function convolve(a: Dist, b: Dist): Dist {
  const out = new Float64Array(a.length + b.length - 1);
  const nz: number[] = []; // where b is not zero
  for (let j = 0; j < b.length; j++) if (b[j] !== 0) nz.push(j);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (x !== 0) for (let m = 0; m < nz.length; m++) out[i + nz[m]] += x * b[nz[m]];
  }
  return Array.from(out);
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

/** "3: 12.5%, 4: 50.0%, 5: <0.1%" for prompts: a possible outcome is never shown as 0.0% (h22). */
export function describe(d: Dist): string {
  return d
    .map((p, k) => ({ p, k }))
    .filter((x) => x.p > 5e-7)
    .map((x) => `${x.k}: ${x.p < 0.0005 ? '<0.1' : (x.p * 100).toFixed(1)}%`)
    .join(', ');
}
