import { describe, expect, it } from 'vitest';
import { isRuleError, type RuleError } from '../../src/engine/errors.ts';
import {
  binomial,
  coastalOdds,
  kamikazeOdds,
  MAX_COUNT,
  MAX_OUTCOME,
  MAX_PARTISAN_CASES,
  partisanOdds,
  raidOdds,
  vichySequence,
  type KamikazeInput,
  type PartisanInput,
  type RaidInput,
} from '../../src/modules/smp/odds/index.ts';
import { expectClose, mini, monteCarlo, rng, scenario, withPlaces } from './helpers.ts';

const N = 12_000;
const sum = (d: number[]) => d.reduce((a, b) => a + b, 0);

describe('Exact odds (convolution / DP) — basic properties', () => {
  it('every distribution sums to 1', () => {
    for (const d of [
      kamikazeOdds({ tokens: 3, fighters: 2, tacticalBombers: 1 }),
      coastalOdds(6),
      partisanOdds({ tokens: [2, 1], eliteInfantry: 3 }).total,
      raidOdds({ escorts: 2, groups: [{ type: 's', n: 3, damage: 4, target: 0 }], interceptors: [{ n: 3, hitOn: 2 }], aaHitOn: 1, capacity: [20] }).total,
      vichySequence(5, 1),
    ])
      expect(sum(d)).toBeCloseTo(1, 12);
  });
  it('Step 9 Coastal Defences: a minor bunker (3@1) misses entirely with probability (5/6)^3', () => {
    expect(coastalOdds(3)[0]).toBeCloseTo((5 / 6) ** 3, 12);
  });
  it('Step 7 Kamikaze: with no interceptors hits are Binomial(tokens, 1/2)', () => {
    const d = kamikazeOdds({ tokens: 3, fighters: 0, tacticalBombers: 0 });
    binomial(3, 0.5).forEach((p, k) => expect(d[k]).toBeCloseTo(p, 12));
  });
  it('Step 3 Bombing: damage never exceeds the facility capacity', () => {
    const d = raidOdds({ escorts: 0, groups: [{ type: 's', n: 4, damage: 4, target: 0 }], interceptors: [], aaHitOn: 1, capacity: [6] }).total;
    expect(d.length).toBe(7);
    expect(sum(d)).toBeCloseTo(1, 12);
  });
});

describe('Exact odds agree with a seeded Monte Carlo run of the real resolver', () => {
  it('Step 7 Kamikaze Raids: 3 tokens vs 2 carrier fighters and 1 tactical bomber', () => {
    const s = scenario(
      mini({
        seaZones: [
          {
            name: 'P-36',
            kamikaze: true,
            units: [
              { owner: 'uk', type: 'battleship', count: 1 },
              { owner: 'uk', type: 'cruiser', count: 1 },
              { owner: 'uk', type: 'carrier', count: 1 },
              { owner: 'uk', type: 'fighter', count: 2 },
              { owner: 'uk', type: 'tactical_bomber', count: 1 },
            ],
          },
        ],
      }), [7],
    );
    const exact = kamikazeOdds({ tokens: 3, fighters: 2, tacticalBombers: 1 });
    const mc = monteCarlo(s, 7, N, 7, (_b, ev) => ev.filter((e) => e.type === 'change' && / (sunk|damaged)\.$/.test(e.text)).length);
    expectClose(exact, mc, N);
  });

  it('Step 6 Partisan Raids: 3 tokens vs facility security and 2 elite infantry, damage capped at the maximum', () => {
    const s = scenario(
      mini({
        territories: [
          { name: 'Paris', owner: 'germany', originalOwner: 'france', facilities: [{ type: 'minor_factory', damage: 1 }], units: [{ owner: 'germany', type: 'elite_infantry', count: 2 }] },
        ],
      }), [6],
    );
    const exact = partisanOdds({ tokens: [3], capacity: [5], eliteInfantry: 2 }).total;
    const mc = monteCarlo(s, 6, N, 11, (b) => b.territories[0].facilities[0].damage - 1);
    expectClose(exact, mc, N);
  });

  it('Step 6 Partisan Raids: tokens split 2/1 over two facilities, elite hits taken from the larger raid', () => {
    const s = scenario(
      mini({
        territories: [
          {
            name: 'Paris',
            owner: 'germany',
            originalOwner: 'france',
            facilities: [{ type: 'major_factory', damage: 0 }, { type: 'air_base', damage: 2 }],
            units: [{ owner: 'germany', type: 'elite_infantry', count: 3 }],
          },
        ],
      }), [6],
    );
    const exact = partisanOdds({ tokens: [2, 1], capacity: [20, 4], eliteInfantry: 3 });
    const measure = (b: any) => b.territories[0].facilities[0].damage * 100 + (b.territories[0].facilities[1].damage - 2);
    const mc = monteCarlo(s, 6, N, 13, measure, (r) => (/assign up to/.test(r.prompt) ? { f0: 2, f1: 1 } : undefined));
    // compare each facility's marginal distribution
    const marg = (f: (k: number) => number) => {
      const out: number[] = [];
      mc.forEach((p, k) => {
        const v = f(k);
        while (out.length <= v) out.push(0);
        out[v] += p;
      });
      return out;
    };
    expectClose(exact.perFacility[0], marg((k) => Math.floor(k / 100)), N);
    expectClose(exact.perFacility[1], marg((k) => k % 100), N);
  });

  it('Step 3 Bombing Raids: 3 strategic + 2 tactical bombers, 2 escorts, 3 interceptors, AA @1', () => {
    const s = scenario(
      mini({
        territories: [
          { name: 'Western Germany', owner: 'germany', units: [
            { owner: 'germany', type: 'strategic_bomber', count: 3, designated: 3 },
            { owner: 'germany', type: 'tactical_bomber', count: 2, designated: 2 },
            { owner: 'germany', type: 'fighter', count: 2, designated: 2 },
          ] },
          { name: 'London', owner: 'uk', facilities: [{ type: 'major_factory', damage: 0 }, { type: 'air_base', damage: 0 }], units: [{ owner: 'uk', type: 'fighter', count: 3 }] },
        ],
      }), [3],
    );
    const o = raidOdds({
      escorts: 2,
      groups: [
        { type: 'tactical_bomber', n: 2, damage: 2, target: 1 },
        { type: 'strategic_bomber', n: 3, damage: 4, target: 0 },
      ],
      interceptors: [{ n: 3, hitOn: 2 }],
      aaHitOn: 1,
      capacity: [20, 6],
    });
    const n = 6000;
    const mc = monteCarlo(s, 3, n, 3, (b) => b.territories[1].facilities.reduce((k, f) => k + f.damage, 0));
    expectClose(o.total, mc, n);
  });

  it('Step 4 Shore Bombardments: battleship + cruiser with a carrier escort vs 2 interceptors', () => {
    const s = scenario(
      mini({
        territories: [
          { name: 'Holland', owner: 'germany', adjacent: ['A-18'], facilities: [{ type: 'naval_base', damage: 0 }, { type: 'minor_bunker', damage: 0, maxDamage: 6 }], units: [{ owner: 'germany', type: 'fighter', count: 2 }] },
        ],
        seaZones: [{ name: 'A-18', units: [
          { owner: 'uk', type: 'battleship', count: 1, designated: 1 },
          { owner: 'uk', type: 'cruiser', count: 1, designated: 1 },
          { owner: 'uk', type: 'carrier', count: 1 },
          { owner: 'uk', type: 'fighter', count: 1 },
        ] }],
        unitTypes: { battleship: { airCover: 2 }, cruiser: { airCover: 1 } },
      }), [4],
    );
    const o = raidOdds({
      escorts: 2, // the carrier fighter, and the battleship's first hit, which only damages it (ruling R4-2)
      groups: [
        { type: 'cruiser', n: 1, damage: 2, target: 0 },
        { type: 'battleship', n: 1, damage: 4, target: 0 },
      ],
      interceptors: [{ n: 2, hitOn: 2 }],
      aaHitOn: 0,
      capacity: [6],
    });
    const n = 6000;
    const mc = monteCarlo(s, 4, n, 5, (b) => b.territories[0].facilities.reduce((k, f) => k + f.damage, 0));
    expectClose(o.total, mc, n);
  });

  it('Step 9 Coastal Defences: a major bunker (6@1) against a fleet of destroyers', () => {
    const s = scenario(
      mini({
        territories: [{ name: 'Norway', owner: 'germany', adjacent: ['A-20'], facilities: [{ type: 'major_bunker', damage: 0, maxDamage: 10 }] }],
        seaZones: [{ name: 'A-20', units: [{ owner: 'uk', type: 'destroyer', count: 7 }] }],
      }), [9],
    );
    const mc = monteCarlo(s, 9, N, 9, (b) => 7 - b.seaZones[0].units.reduce((k, u) => k + u.count, 0));
    expectClose(coastalOdds(6, 1), mc, N);
  });

  it('Step 2 Vichy France: Germany @3 +1 after Hendaye on four Vichy territories', () => {
    const s = scenario(
      withPlaces(mini({
        nations: [
          { id: 'germany', side: 'axis', europeanAxis: true },
          { id: 'uk', side: 'allies' },
        ],
        wars: [['germany', 'uk']],
        cash: { germany: 0, uk: 0 },
        territories: ['Corsica', 'Morocco', 'Algeria', 'Tunisia'].map((name) => ({ name, owner: 'vichy', originalOwner: 'vichy', units: [{ owner: 'vichy', type: 'infantry', count: 1 }] })),
        vichy: { status: 'in-effect', hendaye: true, turned: { axis: 0, freeFrench: 0 } },
      }), 'uk'), [2],
    );
    const mc = monteCarlo(s, 2, N, 2, (b) => b.territories.filter((t) => t.owner === 'germany').length);
    expectClose(vichySequence(4, 3, 1), mc, N);
  });
});

// ------------------------------------------------------------------------------------------------
// The odds as they were computed before issue 8 §3 (unit by unit: binomials by repeated
// convolution, every dog-fight and AA outcome walked one by one, partisan states as JSON keys).
// Slow (1–2 s for 400 bombers against 400 interceptors) but plainly right: the reference the fast
// path matches.
const naive = {
  convolve(a: number[], b: number[]): number[] {
    const out = new Array(a.length + b.length - 1).fill(0);
    a.forEach((x, i) => b.forEach((y, j) => (out[i + j] += x * y)));
    return out;
  },
  binomial(n: number, p: number): number[] {
    let d = [1];
    for (let i = 0; i < n; i++) d = naive.convolve(d, [1 - p, p]);
    return d;
  },
  p: (hitOn: number) => Math.max(0, Math.min(6, hitOn)) / 6,
  hitsOf: (gs: { n: number; hitOn: number }[]) => gs.reduce((d, g) => naive.convolve(d, naive.binomial(g.n, naive.p(g.hitOn))), [1]),
  add(acc: number[], v: number, p: number) {
    while (acc.length <= v) acc.push(0);
    acc[v] += p;
  },
  trim(d: number[]) {
    let n = d.length;
    while (n > 1 && d[n - 1] <= 0) n--;
    return d.slice(0, n);
  },
  /** Elite hits take tokens one at a time from the facility with the most left (the first on a tie): written apart from the module's removeFromLargest. */
  fromLargest(v: number[], h: number): number[] {
    const w = [...v];
    for (let k = 0; k < h && Math.max(...w) > 0; k++) w[w.indexOf(Math.max(...w))]--;
    return w;
  },
  kamikaze(i: KamikazeInput): number[] {
    const blocked = naive.hitsOf([{ n: i.fighters, hitOn: i.fighterHitOn ?? 2 }, { n: i.tacticalBombers, hitOn: i.tacticalHitOn ?? 1 }]);
    const out: number[] = [];
    blocked.forEach((pb, b) => naive.binomial(Math.max(0, i.tokens - b), naive.p(i.tokenHitOn ?? 3)).forEach((q, h) => naive.add(out, h, pb * q)));
    return naive.trim(out);
  },
  partisan(i: PartisanInput): { perFacility: number[][]; total: number[] } {
    const cap = i.capacity ?? i.tokens.map(() => Infinity);
    let states = new Map<string, number>([[JSON.stringify(i.tokens), 1]]);
    const step = (f: (v: number[], h: number) => number[], d: number[]) => {
      const next = new Map<string, number>();
      for (const [k, p] of states)
        d.forEach((q, h) => {
          const key = JSON.stringify(f(JSON.parse(k), h));
          next.set(key, (next.get(key) ?? 0) + p * q);
        });
      states = next;
    };
    i.tokens.forEach((t, f) => {
      if (t > 0) step((v, h) => v.map((x, g) => (g === f ? Math.max(0, x - h) : x)), naive.binomial(i.securityDice ?? 1, naive.p(i.securityHitOn ?? 1)));
    });
    step(naive.fromLargest, naive.binomial(i.eliteInfantry, naive.p(i.eliteHitOn ?? 2)));
    const perFacility: number[][] = i.tokens.map(() => []);
    const total: number[] = [];
    for (const [k, p] of states) {
      let joint = [1];
      (JSON.parse(k) as number[]).forEach((s, f) => {
        const d: number[] = [];
        naive.binomial(s, naive.p(i.tokenHitOn ?? 3)).forEach((q, x) => naive.add(d, Math.min(cap[f], x * (i.damage ?? 3)), q));
        d.forEach((q, v) => naive.add(perFacility[f], v, p * q));
        joint = naive.convolve(joint, d);
      });
      joint.forEach((q, v) => naive.add(total, v, p * q));
    }
    return { perFacility: perFacility.map(naive.trim), total: naive.trim(total) };
  },
  raid(r: RaidInput): { perFacility: number[][]; total: number[]; survivors: number[] } {
    const inOrder = (v: number[], h: number) => v.map((n, i) => Math.max(0, n - Math.max(0, h - v.slice(0, i).reduce((a, b) => a + b, 0))));
    const perFacility: number[][] = r.capacity.map(() => []);
    const total: number[] = [];
    const surv: number[] = [];
    naive.hitsOf(r.interceptors).forEach((pd, h) => {
      const afterDog = inOrder(r.groups.map((g) => g.n), Math.max(0, h - r.escorts));
      const alive = afterDog.reduce((a, b) => a + b, 0);
      (r.aaHitOn > 0 ? naive.binomial(alive, naive.p(r.aaHitOn)) : [1]).forEach((pa, k) => {
        const left = inOrder(afterDog, k);
        const dmg = r.capacity.map(() => 0);
        left.forEach((n, gi) => (dmg[r.groups[gi].target] += n * r.groups[gi].damage));
        const capped = dmg.map((d, f) => Math.min(d, r.capacity[f]));
        capped.forEach((d, f) => naive.add(perFacility[f], d, pd * pa));
        naive.add(total, capped.reduce((a, b) => a + b, 0), pd * pa);
        naive.add(surv, left.reduce((a, b) => a + b, 0), pd * pa);
      });
    });
    return { perFacility: perFacility.map(naive.trim), total: naive.trim(total), survivors: naive.trim(surv) };
  },
};

/** Same distribution to floating-point accuracy (every probability within 1e-12). */
function expectSame(fast: number[], ref: number[], what: string, sameLength = true): void {
  if (sameLength) expect(fast.length, `${what}: length`).toBe(ref.length);
  for (let k = 0; k < Math.max(fast.length, ref.length); k++) expect(Math.abs((fast[k] ?? 0) - (ref[k] ?? 0)), `${what}: P(${k})`).toBeLessThan(1e-12);
}

describe('Exact odds: the direct computation gives the same distributions as the unit-by-unit one (issue 8 §3)', () => {
  it('binomials computed directly match repeated convolution, up to 1000 dice, without underflow', () => {
    for (const n of [0, 1, 2, 7, 40, 400, 1000])
      for (const p of [0, 1 / 6, 1 / 3, 1 / 2, 5 / 6, 1]) {
        const d = binomial(n, p);
        expect(d.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        expectSame(d, naive.binomial(n, p), `Binomial(${n}, ${p})`);
      }
  });

  it('Step 3 Bombing / Step 4 Shore: raids of every shape (groups, targets, escorts, interceptors, AA, maximum damage)', () => {
    const die = rng(83);
    for (let t = 0; t < 150; t++) {
      const facilities = 1 + die(2);
      const r: RaidInput = {
        escorts: die(5) - 1,
        groups: [
          { type: 'tactical_bomber', n: die(7) - 1, damage: 2, target: die(facilities) - 1 },
          { type: 'strategic_bomber', n: die(7) - 1, damage: 4, target: die(facilities) - 1 },
          { type: 'super_fortress', n: die(4) - 1, damage: 6, target: die(facilities) - 1 },
        ].slice(0, die(3)),
        interceptors: [{ n: die(7) - 1, hitOn: die(4) - 1 }, { n: die(3) - 1, hitOn: 3 }],
        aaHitOn: die(3) - 1,
        capacity: Array.from({ length: facilities }, () => [die(20), Infinity][die(2) - 1]),
      };
      const fast = raidOdds(r);
      const ref = naive.raid(r);
      const what = JSON.stringify(r);
      expectSame(fast.total, ref.total, `${what} total`);
      expectSame(fast.survivors, ref.survivors, `${what} survivors`);
      fast.perFacility.forEach((d, f) => expectSame(d, ref.perFacility[f], `${what} facility ${f}`));
    }
  });

  it('Step 3 Bombing: 400 strategic bombers against 5 interceptors, AA @1, a major factory — same as unit by unit', () => {
    const r: RaidInput = { escorts: 0, groups: [{ type: 'strategic_bomber', n: 400, damage: 4, target: 0 }], interceptors: [{ n: 5, hitOn: 2 }], aaHitOn: 1, capacity: [1e9] };
    const fast = raidOdds(r);
    const ref = naive.raid(r);
    expectSame(fast.total, ref.total, 'total', false);
    expectSame(fast.survivors, ref.survivors, 'survivors', false);
  });

  it('Step 3 Bombing: 400 bombers whose 400 escorts take every one of 400 interceptors\' hits lose bombers to AA only', () => {
    const r: RaidInput = { escorts: 400, groups: [{ type: 'strategic_bomber', n: 400, damage: 4, target: 0 }], interceptors: [{ n: 400, hitOn: 2 }], aaHitOn: 1, capacity: [1e9] };
    const o = raidOdds(r);
    expectSame(o.survivors, binomial(400, 5 / 6), 'survivors = Binomial(400, 5/6)', false);
    expect(o.total.reduce((s, p, k) => s + p * k, 0)).toBeCloseTo(4 * 400 * (5 / 6), 6);
    // Against a minor factory (6 more damage at most) the raid all but surely reaches the maximum.
    const minor = raidOdds({ ...r, capacity: [6] }).total;
    expect(minor.length).toBe(7);
    expect(minor[6]).toBeCloseTo(1, 12);
  });

  it('Step 7 Kamikaze: up to 400 tokens, fighters and tactical bombers', () => {
    for (const n of [0, 1, 3, 17, 100, 400]) {
      const i = { tokens: n, fighters: n, tacticalBombers: Math.floor(n / 2) };
      expectSame(kamikazeOdds(i), naive.kamikaze(i), JSON.stringify(i), n < 400);
    }
    expectSame(kamikazeOdds({ tokens: 3, fighters: 2, tacticalBombers: 1, fighterHitOn: 3, tacticalHitOn: 2, tokenHitOn: 4 }), naive.kamikaze({ tokens: 3, fighters: 2, tacticalBombers: 1, fighterHitOn: 3, tacticalHitOn: 2, tokenHitOn: 4 }), 'other hit values');
  });

  it('Step 6 Partisans: one facility, up to 400 tokens and 400 elite infantry, with and without a maximum', () => {
    for (const n of [0, 1, 3, 25, 400])
      for (const capacity of [undefined, [6], [0]]) {
        const i = { tokens: [n], capacity, eliteInfantry: n };
        const fast = partisanOdds(i);
        const ref = naive.partisan(i);
        expectSame(fast.total, ref.total, JSON.stringify(i), n < 400);
        expectSame(fast.perFacility[0], ref.perFacility[0], JSON.stringify(i), n < 400);
      }
  });

  it('Step 6 Partisans: tokens over several facilities (elite infantry take them from the largest raid), every rule value', () => {
    const die = rng(61);
    for (let t = 0; t < 60; t++) {
      const facilities = 2 + die(3);
      const i: PartisanInput = {
        tokens: Array.from({ length: facilities }, () => die(5) - 1),
        capacity: Array.from({ length: facilities }, () => [die(12) - 1, Infinity][die(2) - 1]),
        eliteInfantry: die(6) - 1,
        securityDice: die(2),
        securityHitOn: die(3),
        eliteHitOn: die(3),
        tokenHitOn: die(4),
        damage: die(4),
      };
      const fast = partisanOdds(i);
      const ref = naive.partisan(i);
      expectSame(fast.total, ref.total, `${JSON.stringify(i)} total`);
      fast.perFacility.forEach((d, f) => expectSame(d, ref.perFacility[f], `${JSON.stringify(i)} facility ${f}`));
    }
  });

  it('Step 2 Vichy and Step 9 Coastal Defences: 400 attempts, 400 bunker dice', () => {
    expectSame(vichySequence(400, 3, 1), naive.binomial(400, 4 / 6), 'Vichy');
    expectSame(coastalOdds(400, 1), naive.binomial(400, 1 / 6), 'coastal');
  });
});

/** The RuleError a call throws (fails the test if it returns). */
function refusal(f: () => unknown): RuleError {
  try {
    f();
  } catch (e) {
    if (isRuleError(e)) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe(`Exact odds: limits (at most ${MAX_COUNT} of any count), refused at once with the limit and the field named`, () => {
  const raid = (n: number): RaidInput => ({ escorts: 0, groups: [{ type: 'strategic_bomber', n, damage: 4, target: 0 }], interceptors: [], aaHitOn: 1, capacity: [20] });

  it(`${MAX_COUNT} of a kind is answered; ${MAX_COUNT + 1} or 1e6 is refused naming the limit and the field`, () => {
    expect(raidOdds(raid(MAX_COUNT)).total.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(refusal(() => raidOdds(raid(MAX_COUNT + 1)))).toMatchObject({ code: 'odds-too-large', message: `exact odds: at most ${MAX_COUNT} strategic_bomber units; got ${MAX_COUNT + 1}` });
    expect(refusal(() => raidOdds(raid(1e6))).message).toBe(`exact odds: at most ${MAX_COUNT} strategic_bomber units; got 1000000`);
    expect(refusal(() => kamikazeOdds({ tokens: 3, fighters: 1e6, tacticalBombers: 0 })).message).toBe(`exact odds: at most ${MAX_COUNT} intercepting fighters; got 1000000`);
    expect(refusal(() => partisanOdds({ tokens: [1e6], eliteInfantry: 0 })).message).toBe(`exact odds: at most ${MAX_COUNT} partisan tokens; got 1000000`);
    expect(refusal(() => partisanOdds({ tokens: [3], eliteInfantry: 1e6 })).message).toBe(`exact odds: at most ${MAX_COUNT} elite infantry; got 1000000`);
    expect(refusal(() => vichySequence(1e6, 3)).message).toBe(`exact odds: at most ${MAX_COUNT} Vichy attempts; got 1000000`);
    expect(refusal(() => coastalOdds(1e6)).message).toBe(`exact odds: at most ${MAX_COUNT} coastal defence dice; got 1000000`);
    expect(refusal(() => raidOdds({ ...raid(3), interceptors: [{ n: 600, hitOn: 2 }, { n: 600, hitOn: 3 }] })).message).toBe(`exact odds: at most ${MAX_COUNT} interceptors; got 1200`);
  });

  it('the limit holds for all the bombers (or ships) of a raid together, the types named', () => {
    const r: RaidInput = { ...raid(400), groups: ['tactical_bomber', 'strategic_bomber', 'super_fortress'].map((type, i) => ({ type, n: 400, damage: 2 + 2 * i, target: 0 })) };
    expect(refusal(() => raidOdds(r)).message).toBe(`exact odds: at most ${MAX_COUNT} attacking bombers or ships (tactical_bomber, strategic_bomber, super_fortress); got 1200`);
  });

  it('negative, fractional and NaN counts are refused naming the field', () => {
    for (const bad of [-1, 2.5, NaN, Infinity])
      expect(refusal(() => raidOdds(raid(bad)))).toMatchObject({ code: 'odds-bad-count', message: `exact odds: strategic_bomber units must be a whole number from 0 to ${MAX_COUNT}; got ${bad}` });
    expect(refusal(() => kamikazeOdds({ tokens: NaN, fighters: 0, tacticalBombers: 0 })).message).toMatch(/^exact odds: kamikaze tokens must be a whole number/);
    expect(refusal(() => raidOdds({ ...raid(3), capacity: [-2] })).message).toBe('exact odds: damage the facility can still take must be a whole number from 0 up; got -2');
    expect(refusal(() => raidOdds({ ...raid(3), aaHitOn: NaN })).message).toBe('exact odds: AA barrage hit must be a number; got NaN');
    expect(refusal(() => raidOdds({ ...raid(3), groups: [{ type: 'battleship', n: 1, damage: 4, target: 2 }] })).message).toBe('exact odds: battleship target must be one of the 1 facilities (0 to 0); got 2');
    expect(refusal(() => partisanOdds({ tokens: [1, 1], capacity: [6], eliteInfantry: 0 })).message).toBe('exact odds: 2 facilities raided but 1 maximum damages given');
  });

  it(`no distribution longer than ${MAX_OUTCOME} damage: a house rule of 1000-damage bombers is refused, not allocated`, () => {
    expect(refusal(() => raidOdds({ ...raid(1000), groups: [{ type: 'doom_bomber', n: 1000, damage: 1000, target: 0 }], capacity: [Infinity] })).message).toBe(`exact odds: at most ${MAX_OUTCOME} damage; got up to 1000000`);
  });

  it(`partisans over several facilities: at most ${MAX_PARTISAN_CASES} cases to weigh (three tokens on each of five facilities are well within)`, () => {
    expect(partisanOdds({ tokens: [3, 3, 3, 3, 3], capacity: [20, 6, 6, 6, 6], eliteInfantry: 20 }).total.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(refusal(() => partisanOdds({ tokens: [200, 200], eliteInfantry: 400 })).message).toBe(
      `exact odds: a partisan raid on several facilities weighs at most ${MAX_PARTISAN_CASES} cases; got 64803204 (tokens 200, 200; 1 security die each; 400 elite infantry)`,
    );
  });
});
