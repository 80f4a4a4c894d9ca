/**
 * Whole-process start-up of `wardroom tables --json` (issue 2 §8: under 150 ms on a 2-core
 * machine). Spawns `node bin/wardroom.js tables --json` (the compiled CLI in dist/; built first
 * if it is missing or stale) STARTUP_BENCH_RUNS times (default 30) after 3 warm-up runs, and, in
 * the same rounds, bare `node -e 0` (the floor: what Node itself costs on this machine at this
 * load) and the same command from src/ through tsx (what `wardroom` ran before the build step,
 * and still runs when dist/ is stale). Wall time of spawnSync, from fork to exit, with stdout
 * to /dev/null as hyperfine does (into a pipe that the bench reads, the figures grow by ~20 ms:
 * the 210 kB of JSON wait for the reader).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../scripts/build.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.STARTUP_BENCH_RUNS ?? 30);
const WARM_UP = 3;
const ARGS = ['tables', '--json'];

const COMMANDS: { label: string; args: string[] }[] = [
  { label: '`wardroom tables --json` (compiled, dist/)', args: ['bin/wardroom.js', ...ARGS] },
  { label: 'bare `node -e 0`', args: ['-e', '0'] },
  {
    label: 'the same from src/ through tsx (before the build step)',
    args: ['--import', 'tsx', '--input-type=module', '-e', `process.exitCode = await (await import('./src/adapters/cli/main.ts')).main(['node', 'wardroom', ...${JSON.stringify(ARGS)}]);`],
  },
];

function once(args: string[], devNull: number): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', devNull, 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 || r.stderr) throw new Error(`node ${args.join(' ')}: exit ${r.status}${r.stderr ? `, stderr: ${r.stderr.trim()}` : ''}`);
  return ms;
}

const median = (xs: number[]) => {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function run(): Promise<string> {
  const built = await buildIfStale();
  const times = COMMANDS.map(() => [] as number[]);
  const devNull = openSync('/dev/null', 'w');
  try {
    // Rounds of one run of each command, so that a change of load hits all of them alike.
    for (let round = 0; round < WARM_UP + RUNS; round++) {
      COMMANDS.forEach((c, i) => {
        const t = once(c.args, devNull);
        if (round >= WARM_UP) times[i].push(t);
      });
    }
  } finally {
    closeSync(devNull);
  }
  const [cli, floor] = times.map(median);
  return [
    '## Start-up (`bench/startup.bench.ts`)',
    '',
    `Whole-process wall time, stdout to /dev/null, ${RUNS} runs each after ${WARM_UP} warm-up runs, the commands interleaved${built ? `; dist/ was built first (${built})` : ''}.`,
    '',
    '| command | median | mean | min | max |',
    '|---|---|---|---|---|',
    ...COMMANDS.map((c, i) => `| ${c.label} | ${ms(median(times[i]))} | ${ms(times[i].reduce((s, x) => s + x, 0) / RUNS)} | ${ms(Math.min(...times[i]))} | ${ms(Math.max(...times[i]))} |`),
    '',
    `Target: under 150 ms — ${cli < 150 ? 'met' : '**missed**'} (median ${ms(cli)}; ${ms(cli - floor)} above bare Node).`,
  ].join('\n');
}
