import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smpCli } from '../support/cli.ts';
import { validateScenario } from '../../src/modules/smp/scenario.ts';

const demo = new URL('../../examples/smp/demo-1940.json', import.meta.url).pathname;
const { out, err, run } = smpCli();

describe('CLI: wardroom smp', () => {
  it('validate: OK for the demo, every error with its path otherwise', async () => {
    expect(await run('validate', demo)).toBe(0);
    expect(out.join('\n')).toMatch(/OK/);
    const dir = mkdtempSync(join(tmpdir(), 'smp-'));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ format: 'wardroom-smp-scenario', version: 1 }));
    out.length = 0;
    expect(await run('validate', join(dir, 'bad.json'))).toBe(1);
    expect(out.join('\n')).toMatch(/round: /);
  });

  it('odds kamikaze --json: a distribution of hits summing to 1', async () => {
    await run('odds', 'kamikaze', '--tokens', '3', '--fighters', '2', '--tactical-bombers', '1', '--json');
    const j = JSON.parse(out[0]);
    expect(j.distribution.map((r: any) => r.hits)).toEqual([0, 1, 2, 3]);
    expect(j.distribution.reduce((s: number, r: any) => s + r.p, 0)).toBeCloseTo(1, 12);
  });

  it('odds coastal, partisan, bombing, shore and vichy', async () => {
    for (const args of [
      ['coastal', '--bunker', 'major'],
      ['partisan', '--tokens', '3', '--elite', '2'],
      ['bombing', '--strategic-bombers', '3', '--escorts', '1', '--interceptors', '2', '--capacity', '20'],
      ['shore', '--battleships', '1', '--cruisers', '2', '--interceptors', '1'],
      ['vichy', '--hit-on', '3', '--bonus', '1', '--attempts', '4'],
    ]) {
      out.length = 0;
      await run('odds', ...args, '--json');
      const j = JSON.parse(out[0]);
      expect(j.distribution.reduce((s: number, r: any) => s + r.p, 0), args.join(' ')).toBeCloseTo(1, 12);
    }
    out.length = 0;
    await run('odds', 'coastal', '--bunker', 'huge');
    expect(process.exitCode).toBe(1);
  });

  it('run --auto --json --out: the whole phase, with the next board written and valid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smp-'));
    const next = join(dir, 'next.json');
    expect(await run('run', demo, '--auto', '--seed', '7', '--json', '--out', next)).toBe(0);
    const j = JSON.parse(out.join('\n'));
    expect(j.events.at(-1).type).toBe('end');
    expect(j.events.some((e: any) => e.type === 'roll' && /Vichy/.test(e.purpose))).toBe(true);
    expect(validateScenario(JSON.parse(readFileSync(next, 'utf8'))).ok).toBe(true);
  });

  it('run --record then replay: the same report, every roll verified against the seed commitment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smp-'));
    const rec = join(dir, 'rec.json');
    expect(await run('run', demo, '--auto', '--seed', '9', '--record', rec)).toBe(0);
    const report = out.join('\n').split('Dice seed')[0].trim();
    out.length = 0;
    expect(await run('replay', rec)).toBe(0);
    expect(out.join('\n')).toContain(report);
    expect(out.join('\n')).toMatch(/Verified: \d+ rolls match the seed and its commitment\.$/m);
    const bad = JSON.parse(readFileSync(rec, 'utf8'));
    bad.seed = 'another seed';
    writeFileSync(rec, JSON.stringify(bad));
    out.length = 0;
    expect(await run('replay', rec)).toBe(1);
    // Without its seed nothing is verified, and the replay says so (it used to say "Verified").
    writeFileSync(rec, JSON.stringify({ ...bad, seed: null }));
    out.length = 0;
    process.exitCode = undefined;
    expect(await run('replay', rec)).toBe(0);
    expect(out.join('\n')).toMatch(/^Rolls not verified: the record withholds its seed\.$/m);
  });

  it('run --answers: answers are used in order, then --auto', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smp-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify([{ yes: true }]));
    expect(await run('run', demo, '--answers', join(dir, 'a.json'), '--auto', '--seed', '1')).toBe(0);
    expect(out.join('\n')).toMatch(/Hendaye: Germany surrenders 30 IPCs/);
  });

  it('run refuses in one line, writing nothing: a bad answer (file and entry named), an unreadable answers file, an --out it cannot write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smp-'));
    const answers = join(dir, 'a.json');
    writeFileSync(answers, JSON.stringify(['auto', 5]));
    const next = join(dir, 'next.json');
    expect(await run('run', demo, '--answers', answers, '--auto', '--seed', '1', '--out', next)).toBe(1);
    expect(err).toEqual([`${answers} [1]: An answer must be an object of fields or "auto", not 5.`]);
    err.length = 0;
    expect(await run('run', demo, '--answers', join(dir, 'missing.json'), '--auto', '--seed', '1', '--out', next)).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^cannot read .*missing\.json/);
    expect(existsSync(next)).toBe(false);
    err.length = 0;
    expect(await run('run', demo, '--auto', '--seed', '1', '--out', join(dir, 'no-such-folder', 'next.json'))).toBe(1);
    expect(err).toEqual([expect.stringMatching(/^cannot write .*no-such-folder\/next\.json: ENOENT/)]);
  });

  it('run --out with --steps that leave out steps is refused before the phase: the next board would lose their effects (cli.md)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smp-'));
    const next = join(dir, 'part.json');
    const rec = join(dir, 'rec.json');
    expect(await run('run', demo, '--auto', '--seed', '1', '--steps', '3', '--out', next, '--record', rec)).toBe(1);
    expect(err).toEqual(["--out: the next phase's board needs every step of this phase; steps 1, 2, 4, 5, 6, 7, 8, 9, 10 would not run and their effects would be lost. Run the whole phase to write --out (--json prints the board after the steps that ran)."]);
    expect(existsSync(next)).toBe(false);
    expect(existsSync(rec), 'nothing played').toBe(false);
  });

  it('run --out never writes over the scenario being played or the record, and an --out that cannot be written is refused before the phase is played', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smp-'));
    const scenario = join(dir, 'min.json');
    const text = readFileSync(demo, 'utf8');
    writeFileSync(scenario, text);
    const rec = join(dir, 'rec.json');
    expect(await run('run', scenario, '--auto', '--seed', '1', '--out', join(dir, '.', 'min.json'), '--record', rec)).toBe(1);
    expect(err).toEqual([`--out ${join(dir, '.', 'min.json')} is the scenario being played (${scenario}): the next phase's board would replace it. Give --out another file.`]);
    expect(readFileSync(scenario, 'utf8')).toBe(text);
    expect(existsSync(rec), 'nothing played').toBe(false);
    err.length = 0;
    expect(await run('run', scenario, '--auto', '--seed', '1', '--out', rec, '--record', rec)).toBe(1);
    expect(err).toEqual([`--out ${rec} is the --record file: the next phase's board would replace the record of this phase. Give --out another file.`]);
    expect(existsSync(rec), 'nothing played').toBe(false);
    err.length = 0;
    expect(await run('run', scenario, '--auto', '--seed', '1', '--out', join(dir, 'no-such-folder', 'next.json'), '--record', rec)).toBe(1);
    expect(err).toEqual([expect.stringMatching(/^cannot write .*no-such-folder\/next\.json: ENOENT/)]);
    expect(existsSync(rec), 'nothing played').toBe(false);
    err.length = 0;
    expect(await run('run', scenario, '--auto', '--seed', '1', '--out', dir, '--record', rec)).toBe(1);
    expect(err).toEqual([`cannot write ${dir}: it is a folder`]);
    expect(existsSync(rec), 'nothing played').toBe(false);
  });

  it('run --dice physical with answers giving die values', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smp-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify(['auto', 'auto', 'auto', 'auto', { values: [1] }]));
    expect(await run('run', demo, '--steps', '2', '--dice', 'physical', '--answers', join(dir, 'a.json'), '--auto')).toBe(1);
    expect(err.join('\n')).toMatch(/physical dice/);
  });
});
