/**
 * `wardroom smp odds` run in process (src/modules/smp/play.ts, oddsFor and oddsValue): what the
 * rules allow in a query and the limits of the exact odds, each refusal in one line naming the
 * option and its range; the headings of the answers. In the mutation test set (a separate file
 * from the heavy distribution tests of odds.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { MAX_COUNT } from '../../src/modules/smp/odds/index.ts';
import { smpCli } from '../support/cli.ts';

describe('CLI: smp odds refuses a query past the limits in one line, exit code 1', () => {
  const { out, err, run } = smpCli();
  const odds = (...args: string[]) => run('odds', ...args);

  it('a field past the limit, negative, fractional or not a number: the flag and the limit named', async () => {
    for (const v of ['1e6', '1001', '-1', '2.5', 'NaN']) {
      err.length = 0;
      expect(await odds('bombing', '--strategic-bombers', v)).toBe(1);
      expect(err).toEqual([`--strategic-bombers must be a whole number from 0 to ${MAX_COUNT}, not ${v}`]);
      expect(out).toEqual([]);
    }
  });

  it('fields each within the limit but past it together: the odds module\'s refusal, one line', async () => {
    expect(await odds('bombing', '--strategic-bombers', '400', '--tactical-bombers', '400', '--super-fortresses', '400', '--json')).toBe(1);
    expect(err).toEqual([`exact odds: at most ${MAX_COUNT} attacking bombers or ships (tactical_bomber, strategic_bomber, super_fortress); got 1200`]);
    expect(out).toEqual([]);
  });

  it('values the rules do not allow are refused, naming the option and the range: #7 and #8 up to 3 tokens, #2 a d6 roll needed 1-6 and the Hendaye bonus 0-1, #5 AA and dog-fight values 1-6', async () => {
    for (const [args, message] of [
      [['kamikaze', '--tokens', '4'], '--tokens must be a whole number from 0 to 3, not 4: kamikaze tokens, up to 3 per kamikaze zone (#7)'],
      [['partisan', '--tokens', '4'], '--tokens must be a whole number from 0 to 3, not 4: partisan tokens, up to 3 per occupied territory (#8)'],
      [['vichy', '--hit-on', '7'], '--hit-on must be a whole number from 1 to 6, not 7: the roll needed on a d6 (#2)'],
      [['vichy', '--hit-on', '0'], '--hit-on must be a whole number from 1 to 6, not 0: the roll needed on a d6 (#2)'],
      [['vichy', '--bonus', '5'], '--bonus must be a whole number from 0 to 1, not 5: Germany\'s Vichy rolls are increased by 1 after Hendaye (#1.4)'],
      [['vichy', '--hit-on', '6', '--bonus', '1'], 'A bonus of 1 on a roll needed of 6 would need a roll of 7 on a d6: the Hendaye bonus goes on Germany\'s rolls @3 (#1.4, #2)'],
      [['bombing', '--aa', '7'], '--aa must be a whole number from 1 to 6, not 7: the AA barrage\'s roll needed on a d6 (#5)'],
      [['bombing', '--interceptor-hit', '9'], '--interceptor-hit must be a whole number from 1 to 6, not 9: the interceptors\' dog-fight roll needed on a d6 (#5)'],
      [['shore', '--interceptor-hit', '0'], '--interceptor-hit must be a whole number from 1 to 6, not 0: the interceptors\' dog-fight roll needed on a d6 (#6)'],
    ] as const) {
      err.length = 0;
      out.length = 0;
      expect(await odds(...args), args.join(' ')).toBe(1);
      expect(err).toEqual([message]);
      expect(out).toEqual([]);
    }
  });

  it('#2 Vichy: --attempts is held to the longest roll list the document gives (the Free French, 12 places), not to the size limit of the odds', async () => {
    expect(await odds('vichy', '--hit-on', '1', '--attempts', '12', '--json')).toBe(0);
    expect(JSON.parse(out[0]).distribution.at(-1).successes).toBe(12);
    for (const v of ['13', '1000', '1001']) {
      err.length = 0;
      out.length = 0;
      expect(await odds('vichy', '--attempts', v), v).toBe(1);
      expect(err).toEqual([`--attempts must be a whole number from 0 to 12, not ${v}: Vichy rolls of one nation in one phase, 1 die per place on its roll list; the longest list, the Free French one, has 12 places (#2)`]);
      expect(out).toEqual([]);
    }
  });

  it('a count written other than as decimal digits is refused, not read as another number: 0x10 is not 16, an empty value is not 0', async () => {
    for (const [flag, v] of [['--strategic-bombers', '0x10'], ['--strategic-bombers', ' 3'], ['--escorts', '1e1']] as const) {
      err.length = 0;
      expect(await odds('bombing', flag, v)).toBe(1);
      expect(err).toEqual([`${flag} must be a whole number from 0 to ${MAX_COUNT}, not ${v}`]);
    }
    err.length = 0;
    expect(await odds('kamikaze', '--tokens', '')).toBe(1);
    expect(err).toEqual(['--tokens must be a whole number from 0 to 3, not "": kamikaze tokens, up to 3 per kamikaze zone (#7)']);
    expect(out).toEqual([]);
  });

  it('#5, #6 a raid with no bombers (or ships) says so in its heading', async () => {
    expect(await odds('bombing', '--escorts', '2')).toBe(0);
    expect(out[0].split('\n')[0]).toMatch(/^Bombing raid: no bombers; 2 escort\(s\); 0 interceptor\(s\) @2; AA @1 — damage/);
    out.length = 0;
    expect(await odds('shore', '--interceptors', '1')).toBe(0);
    expect(out[0].split('\n')[0]).toMatch(/^Shore bombardment: no ships; 0 escort\(s\); 1 interceptor\(s\) @2 — damage/);
  });

  it('#6 a super battleship\'s hits are not stated anywhere: the heading says the odds count it sunk by one dog-fight hit', async () => {
    expect(await odds('shore', '--super-battleships', '1', '--interceptors', '1')).toBe(0);
    expect(out[0].split('\n')[0]).toContain('a super battleship counted as one hit (the document states none; a scenario gives its own)');
  });

  it('400 bombers against 400 interceptors are answered', async () => {
    expect(await odds('bombing', '--strategic-bombers', '400', '--interceptors', '400', '--escorts', '10', '--json')).toBe(0);
    const j = JSON.parse(out[0]);
    expect(j.distribution.reduce((s: number, r: any) => s + r.p, 0)).toBeCloseTo(1, 12);
    expect(j.survivors.reduce((s: number, r: any) => s + r.p, 0)).toBeCloseTo(1, 12);
  });
});
