/**
 * Reads what `WARDROOM_BENCH_TRACE=DIR` (and `WARDROOM_BENCH_PROFILE=DIR2`) left from one run of
 * bench/server.bench.ts and says where the slow actions of the first measured step went:
 *
 *   node --import tsx bench/trace-report.ts DIR [DIR2/CPU….cpuprofile]
 *
 * - the actions over 20 ms: how long before the server's handler saw them, inside the server, and
 *   after their answer was written; and in how many 100 ms stretches they fall (bursts or spread);
 * - each process's GC pauses and event-loop gaps (a 10 ms timer over 30 ms late), and the server's
 *   SQLite statements that held its loop over 5 ms;
 * - how often the hypervisor stole CPU time just before the slow stretches, against the whole step;
 * - with the server's CPU profile: for each of the server's gaps, how many samples it took (a
 *   thread that is not on a core takes none, so few samples and a long longest interval between
 *   two mean the process waited for a core) and the functions on top of those samples.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, profileFile] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node --import tsx bench/trace-report.ts TRACE_DIR [SERVER_CPU_PROFILE]');
  process.exit(2);
}
type Entry = { k: string; t: number; ms?: number; [more: string]: unknown };
const read = (name: string): Entry[] =>
  readFileSync(join(dir, name), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Entry);
const bench = read('bench.jsonl');
const server = read('server.jsonl');
const generator = read('generator-0.jsonl');
const step = bench.find((e) => e.k === 'step');
if (!step) throw new Error(`${dir}/bench.jsonl has no measured step`);
const from = step.t;
const to = from + 1000 * Number(step.seconds);
const during = (e: Entry) => e.t >= from && e.t <= to;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1] ?? NaN;
const ms = (x: number) => x.toFixed(1);

const acts = generator.filter((e) => e.k === 'act' && during(e)) as (Entry & { game: string; ans: number; lat: number })[];
const requests = server.filter((e) => e.k === 'req' && during(e)) as (Entry & { game: string; done: number })[];
const byGame = new Map<string, typeof requests>();
for (const r of requests) (byGame.get(r.game) ?? byGame.set(r.game, []).get(r.game)!).push(r);
const slow = acts.filter((a) => a.lat > 20);
const before: number[] = [];
const inside: number[] = [];
const after: number[] = [];
for (const a of slow) {
  const r = byGame.get(a.game)?.find((r) => r.t >= a.t - 1);
  if (!r) continue;
  before.push(r.t - a.t);
  inside.push(r.done);
  after.push(a.t + a.ans - (r.t + r.done));
}
const stretches = new Set(slow.map((a) => Math.floor((a.t - from) / 100)));
console.log(`${acts.length} actions measured, ${slow.length} over 20 ms, in ${stretches.size} stretches of 100 ms.`);
console.log(`Over 20 ms, medians: ${ms(median(before))} ms before the server's handler, ${ms(median(inside))} ms in the server, ${ms(median(after))} ms after the answer was written.`);
// The hypervisor's steal (ticks of 10 ms, summed over the cores) in the 300 ms up to each slow stretch's end, against all such windows.
const steal = bench.filter((e) => e.k === 'steal' && typeof e.ticks === 'number') as (Entry & { ticks: number })[];
if (steal.length > 1) {
  const ticksAt = (t: number) => {
    let ticks = steal[0].ticks;
    for (const e of steal) {
      if (e.t > t) break;
      ticks = e.ticks;
    }
    return ticks;
  };
  const stolen = (end: number) => ticksAt(end) - ticksAt(end - 300);
  const slowSteal = [...stretches].map((k) => stolen(from + (k + 1) * 100));
  const allSteal: number[] = [];
  for (let end = from + 300; end <= to; end += 100) allSteal.push(stolen(end));
  const share = (v: number[]) => `${((100 * v.filter((x) => x > 0).length) / Math.max(1, v.length)).toFixed(0)} %`;
  console.log(`Steal: ${share(slowSteal)} of the slow stretches had CPU time stolen by the hypervisor in the 300 ms up to their end (${slowSteal.join(' ')} ticks), against ${share(allSteal)} of all such windows of the step.`);
}
for (const [name, entries] of [
  ['server', server],
  ['generator', generator],
] as const) {
  const gc = entries.filter((e) => e.k === 'gc' && during(e)).map((e) => e.ms!);
  const gaps = entries.filter((e) => e.k === 'gap' && during(e)).map((e) => ms(e.ms!));
  console.log(`${name}: ${gc.length} GC pauses, ${ms(gc.reduce((a, b) => a + b, 0))} ms in all, longest ${ms(Math.max(0, ...gc))} ms; event-loop gaps (ms): ${gaps.join(' ') || 'none'}`);
}
const slowSql = server.filter((e) => e.k === 'sql' && during(e));
console.log(`server: SQLite statements over 5 ms: ${slowSql.map((e) => `${ms(e.ms!)} ms ${String(e.sql).split(' ')[0]}`).join(', ') || 'none'}`);

if (profileFile) {
  interface Node {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };
  // bench/trace.ts logs the monotonic clock (µs, the profile's clock) beside its own at the start.
  const clock = server.find((e) => e.k === 'clock') as Entry & { us: number };
  const toProfile = (t: number) => clock.us + (t - clock.t) * 1000;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const where = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}`;
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  for (const gap of server.filter((e) => e.k === 'gap' && during(e))) {
    const lo = toProfile(gap.t);
    const hi = toProfile(gap.t + gap.ms!);
    const top = new Map<string, number>();
    let samples = 0;
    let longest = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      if (times[i] < lo || times[i] > hi) continue;
      samples++;
      longest = Math.max(longest, profile.timeDeltas[i] / 1000);
      const w = where(nodes.get(profile.samples[i])!);
      top.set(w, (top.get(w) ?? 0) + 1);
    }
    const tops = [...top].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(`server gap at +${(gap.t - from).toFixed(0)} ms, ${ms(gap.ms!)} ms: ${samples} samples, longest interval ${ms(longest)} ms; ${tops.map(([w, n]) => `${n} ${w}`).join(', ')}`);
  }
}
