import { describe, expect, it } from 'vitest';
import { coastalOdds, kamikazeOdds, partisanOdds, raidOdds, vichySequence, binomial } from '../../src/modules/smp/odds/index.ts';
import { expectClose, mini, monteCarlo, scenario, withPlaces } from './helpers.ts';

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
      escorts: 1,
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
        vichy: { status: 'in-effect', hendaye: true },
      }), 'uk'), [2],
    );
    const mc = monteCarlo(s, 2, N, 2, (b) => b.territories.filter((t) => t.owner === 'germany').length);
    expectClose(vichySequence(4, 3, 1), mc, N);
  });
});
