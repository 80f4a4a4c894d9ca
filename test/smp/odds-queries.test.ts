/**
 * An odds query as `wardroom smp odds`, `/api/odds` and the odds page ask it (src/modules/smp/play.ts,
 * oddsFor): each procedure's inputs reach the exact odds as the rules give them (the rolls needed,
 * the units' damage, R4-2's battleships, defaults where an input is left out), and the heading says
 * what was computed. Expected figures are worked out here from the rules, or from the odds module
 * called with the inputs the rules give.
 */
import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import { kamikazeOdds, partisanOdds, raidOdds, vichySequence } from '../../src/modules/smp/odds/index.ts';
import { oddsFor, type OddsKind, type OddsResult } from '../../src/modules/smp/play.ts';

function ask(kind: OddsKind, o: Record<string, number | string | undefined>): OddsResult {
  const r = oddsFor(kind, o);
  if (isRuleError(r)) throw new Error(r.message);
  return r;
}
/** The distribution as { value: p } rows, every row with p > 0. */
const rows = (key: string, d: number[]) => d.map((p, k) => ({ [key]: k, p })).filter((r) => r.p > 0);
const binomial = (n: number, p: number) => Array.from({ length: n + 1 }, (_, k) => choose(n, k) * p ** k * (1 - p) ** (n - k));
const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);

describe('smp odds queries (oddsFor)', () => {
  it('#7 kamikaze: tokens hit on 3 (half the time) when nothing intercepts; the heading names tokens, fighters and tactical bombers', () => {
    const r = ask('kamikaze', { tokens: 3 });
    expect((r.json.distribution as { p: number }[]).map((x) => x.p)).toEqual(binomial(3, 1 / 2).map((p) => expect.closeTo(p, 12)));
    expect(r.text.split('\n')[0]).toBe('Kamikaze: 3 token(s) @3 vs 0 fighter(s) 1@2 and 0 tactical bomber(s) 1@1 — hits on ships');
    expect(r.text).toBe(['Kamikaze: 3 token(s) @3 vs 0 fighter(s) 1@2 and 0 tactical bomber(s) 1@1 — hits on ships', '  hits   0:   12.500%', '  hits   1:   37.500%', '  hits   2:   37.500%', '  hits   3:   12.500%', '  mean: 1.500'].join('\n'));
    // Interceptors: fighters and tactical bombers, each as given.
    const intercepted = ask('kamikaze', { tokens: 3, fighters: 2, tacticalBombers: 1 });
    expect(intercepted.json.distribution).toEqual(rows('hits', kamikazeOdds({ tokens: 3, fighters: 2, tacticalBombers: 1 })));
    expect(intercepted.text.split('\n')[0]).toBe('Kamikaze: 3 token(s) @3 vs 2 fighter(s) 1@2 and 1 tactical bomber(s) 1@1 — hits on ships');
  });

  it('#4 coastal defence: a minor bunker rolls 3 dice and a major one 6, hitting on 1; the bunker defaults to minor; another is refused', () => {
    const minor = ask('coastal', {});
    expect(minor.json.distribution).toEqual(rows('hits', binomial(3, 1 / 6)).map((row) => ({ hits: row.hits, p: expect.closeTo(row.p, 12) })));
    expect(minor.text).toBe(['Coastal defence: minor bunker 3@1 — hits', '  hits   0:   57.870%', '  hits   1:   34.722%', '  hits   2:    6.944%', '  hits   3:    0.463%', '  mean: 0.500'].join('\n'));
    const major = ask('coastal', { bunker: 'major' });
    expect((major.json.distribution as unknown[]).length).toBe(7);
    expect(major.text.split('\n')[0]).toBe('Coastal defence: major bunker 6@1 — hits');
    expect(oddsFor('coastal', { bunker: 'huge' })).toMatchObject({ code: 'bad-option', message: '--bunker must be minor or major' });
  });

  it('#8 partisans: the tokens on one facility, its capacity when given, the elite infantry; the heading says so', () => {
    const r = ask('partisan', { tokens: 3, elite: 2, capacity: 4 });
    expect(r.json.distribution).toEqual(rows('damage', partisanOdds({ tokens: [3], capacity: [4], eliteInfantry: 2 }).total));
    expect(r.text.split('\n')[0]).toBe('Partisans: 3 token(s) on one facility, security 1@1, 2 elite infantry 1@2, token @3 for 3 damage');
    expect(r.text.split('\n').slice(1, 2)).toEqual([expect.stringMatching(/^  damage   0: +\d+\.\d{3}%$/)]);
    // No capacity given: no cap.
    expect(ask('partisan', { tokens: 3 }).json.distribution).toEqual(rows('damage', partisanOdds({ tokens: [3], eliteInfantry: 0 }).total));
  });

  it('#5 bombing: tactical 2, strategic 4 and super fortress 6 damage each; escorts, interceptors @2 and AA @1 unless given; casualties escorts first', () => {
    const r = ask('bombing', { tacticalBombers: 1, strategicBombers: 2, superFortresses: 1, escorts: 1, interceptors: 2, capacity: 9 });
    const expected = raidOdds({
      escorts: 1,
      groups: [
        { type: 'tactical_bomber', n: 1, damage: 2, target: 0 },
        { type: 'strategic_bomber', n: 2, damage: 4, target: 0 },
        { type: 'super_fortress', n: 1, damage: 6, target: 0 },
      ],
      interceptors: [{ n: 2, hitOn: 2 }],
      aaHitOn: 1,
      capacity: [9],
    });
    expect(r.json).toEqual({ distribution: rows('damage', expected.total), survivors: rows('units', expected.survivors) });
    expect(r.text.split('\n')[0]).toBe('Bombing raid: 1 tactical bomber(s), 2 strategic bomber(s), 1 super fortress(es); 1 escort(s); 2 interceptor(s) @2; AA @1; facility can take 9 more — damage (casualties: escorts first, then cheapest)');
    const given = ask('bombing', { strategicBombers: 1, interceptors: 1, interceptorHit: 3, aa: 2 });
    expect(given.text.split('\n')[0]).toBe('Bombing raid: 1 strategic bomber(s); 0 escort(s); 1 interceptor(s) @3; AA @2 — damage (casualties: escorts first, then cheapest)');
    expect(given.json.distribution).toEqual(rows('damage', raidOdds({ escorts: 0, groups: [{ type: 'strategic_bomber', n: 1, damage: 4, target: 0 }], interceptors: [{ n: 1, hitOn: 3 }], aaHitOn: 2, capacity: [1e9] }).total));
  });

  it('#6 shore bombardment: cruiser 2, battleship 4, super battleship 5 damage; no AA; a battleship takes a first dog-fight hit itself and still bombards (R4-2)', () => {
    const r = ask('shore', { cruisers: 1, battleships: 2, interceptors: 3 });
    const expected = raidOdds({
      escorts: 2, // the two battleships' first hits
      groups: [
        { type: 'cruiser', n: 1, damage: 2, target: 0 },
        { type: 'battleship', n: 2, damage: 4, target: 0 },
      ],
      interceptors: [{ n: 3, hitOn: 2 }],
      aaHitOn: 0,
      capacity: [1e9],
    });
    expect(r.json).toEqual({ distribution: rows('damage', expected.total), survivors: rows('units', expected.survivors) });
    expect(r.text.split('\n')[0]).toBe('Shore bombardment: 1 cruiser(s), 2 battleship(s); 0 escort(s); 3 interceptor(s) @2 — damage (casualties: first a hit on each battleship, which only damages it, then escorts, then cheapest)');
    const sup = ask('shore', { superBattleships: 1 });
    expect(sup.json.distribution).toEqual([{ damage: 5, p: 1 }]);
    expect(sup.text.split('\n').slice(1)).toEqual(['  damage   5:  100.000%', '  mean: 5.000']); // no line for what cannot happen
    // The document states no hits for a super battleship: the heading says how the odds count it.
    expect(sup.text.split('\n')[0]).toBe('Shore bombardment: 1 super battleship(s); 0 escort(s); 0 interceptor(s) @2 — damage (casualties: first a hit on each battleship, which only damages it, then escorts, then cheapest; a super battleship counted as one hit (the document states none; a scenario gives its own))');
  });

  it('#2 Vichy: one attempt on 3 unless given; the Hendaye bonus adds 1 to the roll needed, and a roll of 7 on a d6 is refused (R0-9)', () => {
    const one = ask('vichy', {});
    expect(one.json).toEqual({ success: 0.5, distribution: [{ successes: 0, p: 0.5 }, { successes: 1, p: 0.5 }] });
    expect(one.text).toBe('Vichy: 1 attempt(s) @3\n  successes   0:   50.000%\n  successes   1:   50.000%\n  mean: 0.500');
    const bonus = ask('vichy', { hitOn: 3, bonus: 1, attempts: 2 });
    expect(bonus.json.success).toBeCloseTo(4 / 6, 12);
    expect(bonus.json.distribution).toEqual(rows('successes', vichySequence(2, 3, 1)));
    expect((bonus.json.distribution as unknown[]).length).toBe(3); // 0, 1 or 2 of the two attempts
    expect(bonus.text.split('\n')[0]).toBe('Vichy: 2 attempt(s) @3 +1');
    expect(oddsFor('vichy', { hitOn: 6, bonus: 1 })).toMatchObject({ code: 'bad-option', message: "A bonus of 1 on a roll needed of 6 would need a roll of 7 on a d6: the Hendaye bonus goes on Germany's rolls @3 (#1.4, #2)" });
    expect(ask('vichy', { hitOn: 5, bonus: 1 }).json.success).toBe(1);
  });

  it('values are checked before anything is computed: typed digits are read, other text refused naming the option', () => {
    expect(ask('kamikaze', { tokens: '2' }).text.split('\n')[0]).toMatch(/^Kamikaze: 2 token\(s\)/);
    expect(oddsFor('vichy', { attempts: '2x' })).toMatchObject({ code: 'bad-option', message: expect.stringMatching(/^--attempts must be a whole number from 0 to \d+, not 2x: /) });
    expect(oddsFor('bombing', { interceptorHit: 0 })).toMatchObject({ code: 'bad-option', message: "--interceptor-hit must be a whole number from 1 to 6, not 0: the interceptors' dog-fight roll needed on a d6 (#5)" });
  });
});
