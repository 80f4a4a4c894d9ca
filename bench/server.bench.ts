/**
 * Wardroom online under load (issue 9, Benchmark): many seven-zone campaigns, every seat
 * connected, played at once through the real HTTP/WebSocket API against ONE server process on
 * SQLite (bench/server-process.ts), by the load generator of bench/server-load.ts in this process.
 * Per action: submit → the last seat's frame with the new version (p50, p99, max); actions/s;
 * the server's memory, CPU and event-loop delay; the CPU time the hypervisor stole; errors. Then the action rate is stepped up to find
 * where p99 crosses 20 ms. Goal: 1,000 campaigns (14,000 sockets) at 500 actions/s, p99 < 20 ms.
 *
 *   WARDROOM_BENCH_CAMPAIGNS   campaigns (default 200; the goal is 1000)
 *   WARDROOM_BENCH_RATE        the goal rate, actions/s in all (default campaigns / 2: one every 2 s each)
 *   WARDROOM_BENCH_SECONDS     how long the goal rate runs (default 15)
 *   WARDROOM_BENCH_STEPS       the rates of the saturation search (default 100,200,400,500,700,1000)
 *   WARDROOM_BENCH_STEP_SECONDS  how long each step runs (default 5)
 *   WARDROOM_BENCH_PROFILE     a folder: the server writes a CPU profile there (node --cpu-prof)
 *   WARDROOM_BENCH_NODE_FLAGS  more flags for the server's node (e.g. --trace-gc)
 *   WARDROOM_BENCH_SERVER_SRC  the server of another src/ folder (an older commit's, for a before/after)
 *   WARDROOM_BENCH_GENERATORS the load generator's worker threads, each with its share of the campaigns (default 1; 4 oversubscribe 2 cores, bench/README.md)
 *   WARDROOM_BENCH_TRACE       a folder: both processes log each action's times, GC pauses and event-loop gaps there (bench/trace.ts),
 *                              this one the machine's steal every 100 ms; bench/trace-report.ts reads it
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Generators, ServerProcess, type ServerStats } from './server-load.ts';
import { clock, startTrace } from './trace.ts';

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name}=${process.env[name]}: give a positive number.`);
  return v;
};

const LIMIT_MS = 20;
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—');
const mib = (bytes: number) => bytes / 2 ** 20;
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** The CPU time of the (virtual) machine so far and the part the hypervisor took for others ("steal"), in ticks; null without /proc/stat. */
function cpuTicks(): { steal: number; total: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { steal: f[7], total: f.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/**
 * The share of the machine's CPU time stolen by the hypervisor while `work` runs: over the whole
 * of it and in its worst second. On a shared virtual machine a burst of steal stops both processes
 * at once, and every action in flight waits: the p99 of such a step says little about Wardroom.
 */
async function stealDuring<T>(work: Promise<T>): Promise<[T, { share: number; worst: number } | null]> {
  const first = cpuTicks();
  let last = first;
  let worst = 0;
  const share = (a: { steal: number; total: number }, b: { steal: number; total: number }) => (b.total > a.total ? (b.steal - a.steal) / (b.total - a.total) : 0);
  const timer = setInterval(() => {
    const now = cpuTicks();
    if (last && now) worst = Math.max(worst, share(last, now));
    last = now;
  }, 1000);
  try {
    const result = await work;
    const end = cpuTicks();
    return [result, first && end ? { share: share(first, end), worst } : null];
  } finally {
    clearInterval(timer);
  }
}

const stolenText = (s: Step) => (s.stolen ? `${fmt(s.stolen.share * 100, 1)} % / ${fmt(s.stolen.worst * 100, 0)} %` : 'unknown');

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
}

interface Step {
  rate: number;
  seconds: number;
  achieved: number;
  settled: number;
  p50: number;
  p99: number;
  max: number;
  answerP50: number;
  answerP99: number;
  errors: string;
  skipped: number;
  serverCpu: number;
  loopP99: number;
  rss: number;
  generatorCpu: number;
  generatorLoopP99: number;
  /** CPU time stolen by the hypervisor (share of the machine's), over the step and in its worst second; null where unknown. */
  stolen: { share: number; worst: number } | null;
}

export async function run(): Promise<string> {
  const campaignsN = env('WARDROOM_BENCH_CAMPAIGNS', 200);
  const goalRate = env('WARDROOM_BENCH_RATE', campaignsN / 2);
  const goalSeconds = env('WARDROOM_BENCH_SECONDS', 15);
  const stepSeconds = env('WARDROOM_BENCH_STEP_SECONDS', 5);
  const steps = (process.env.WARDROOM_BENCH_STEPS ?? '100,200,400,500,700,1000').split(',').map(Number).filter((n) => n > 0);
  const profile = process.env.WARDROOM_BENCH_PROFILE;
  const workers = env('WARDROOM_BENCH_GENERATORS', 1);
  const traceDir = process.env.WARDROOM_BENCH_TRACE;
  const loadStart = loads();
  const log = (s: string) => process.stderr.write(`  server bench: ${s}\n`);

  const flags = (process.env.WARDROOM_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const server = await ServerProcess.start({ execArgv: [...flags, ...(profile ? ['--cpu-prof', '--cpu-prof-dir', resolve(profile)] : [])] });
  try {
    await server.gc();
    const base = await server.stats();
    const t0 = performance.now();
    const generators = await Generators.start([server.port], campaignsN, workers, traceDir, (n) => n % 100 === 0 && log(`${n} campaigns set up`));
    const setupS = (performance.now() - t0) / 1000;
    await server.gc();
    const ready = await server.stats();
    log(`${campaignsN} campaigns, ${ready.connections} sockets, set up in ${setupS.toFixed(1)} s`);

    const trace = startTrace(traceDir, 'bench');
    // The machine's steal every 100 ms, to line the slow actions up with the hypervisor's bursts (bench/trace-report.ts).
    const stealLog = trace && setInterval(() => trace.log({ k: 'steal', t: clock(), ticks: cpuTicks()?.steal }), 100).unref();
    // Warm-up, not reported: one action in every campaign (the goal is a steady state, in which each
    // has been played; the first action of each costs more: bench/README.md).
    const warmRate = Math.min(goalRate, 200);
    await generators.drive(warmRate, campaignsN / warmRate + 2, 0, true);
    const results: Step[] = [];
    const rates = [...new Set([goalRate, ...steps])].sort((a, b) => a - b);
    for (const rate of rates) {
      const seconds = rate === goalRate ? goalSeconds : stepSeconds;
      const before = await server.stats();
      trace?.log({ k: 'step', t: clock(), rate, seconds, heap: process.memoryUsage().heapUsed });
      const [t, stolen] = await stealDuring(generators.drive(rate, seconds, rate));
      const after = await server.stats();
      const lat = t.samples.map((s) => s.latency).sort((a, b) => a - b);
      const ans = t.samples.map((s) => s.answer).sort((a, b) => a - b);
      const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
      const step: Step = {
        rate,
        seconds,
        achieved: t.samples.length / (t.ms / 1000),
        settled: t.samples.length,
        p50: quantile(lat, 0.5),
        p99: quantile(lat, 0.99),
        max: lat.at(-1) ?? NaN,
        answerP50: quantile(ans, 0.5),
        answerP99: quantile(ans, 0.99),
        errors: [...t.errors].map(([k, v]) => `${v}× ${k}`).join('; ') || '0',
        skipped: t.skipped,
        serverCpu: cpuMs / t.ms,
        loopP99: after.loopDelay.p99,
        rss: after.rss,
        generatorCpu: t.cpu,
        generatorLoopP99: t.loopP99,
        stolen,
      };
      results.push(step);
      log(`${rate}/s: ${fmt(step.achieved)} actions/s, p50 ${fmt(step.p50, 2)} ms, p99 ${fmt(step.p99, 2)} ms, max ${fmt(step.max)} ms, server CPU ${fmt(step.serverCpu * 100, 0)} %, loop p99 ${fmt(step.loopP99)} ms; generator CPU ${fmt(step.generatorCpu * 100, 0)} %, loop p99 ${fmt(step.generatorLoopP99)} ms; stolen ${stolenText(step)}; errors ${step.errors}`);
    }
    await generators.close();
    if (stealLog) clearInterval(stealLog);
    await trace?.close();
    return report({ compiled: server.compiled, campaignsN, goalRate, setupS, base, ready, results, loadStart, loadEnd: loads(), connections: ready.connections });
  } finally {
    await server.stop();
  }
}

function report(r: { compiled: boolean; campaignsN: number; goalRate: number; setupS: number; base: ServerStats; ready: ServerStats; results: Step[]; loadStart: string; loadEnd: string; connections: number }): string {
  const goal = r.results.find((s) => s.rate === r.goalRate)!;
  const saturated = r.results.find((s) => s.p99 >= LIMIT_MS || s.achieved < 0.95 * s.rate);
  const lastGood = [...r.results].reverse().find((s) => s.rate < (saturated?.rate ?? Infinity) && s.p99 < LIMIT_MS);
  const perCampaign = (r.ready.rss - r.base.rss) / r.campaignsN;
  const rows = r.results.map(
    (s) =>
      `| ${s.rate}${s.rate === r.goalRate ? ' (goal rate)' : ''} | ${s.seconds} | ${fmt(s.achieved)} | ${s.settled} | ${fmt(s.p50, 2)} | **${fmt(s.p99, 2)}** | ${fmt(s.max)} | ${fmt(s.answerP50, 2)} / ${fmt(s.answerP99, 2)} | ${fmt(s.serverCpu * 100, 0)} % (${fmt((s.serverCpu * 1000) / s.achieved, 2)} ms) | ${fmt(s.loopP99)} | ${fmt(s.generatorCpu * 100, 0)} % (${fmt((s.generatorCpu * 1000) / s.achieved, 2)} ms) / ${fmt(s.generatorLoopP99)} | ${stolenText(s)} | ${fmt(mib(s.rss), 0)} | ${s.errors}${s.skipped ? `; ${s.skipped} arrivals found every campaign busy` : ''} |`,
  );
  return [
    '## Wardroom online under load (`bench/server.bench.ts`)',
    '',
    `${r.campaignsN} seven-zone campaigns, ${r.connections} WebSockets (every seat connected, each with its own person's cookie), one server process on SQLite (${process.env.WARDROOM_BENCH_FSYNC === 'before-answer' ? 'every answer after the fsync of its move, `--fsync-before-answer`' : 'answers once committed, the disk synced in the background, the default'}; ${r.compiled ? 'the compiled dist/, as `wardroom serve` runs it' : 'src/ through tsx: dist/ is missing or stale'}); set up in ${r.setupS.toFixed(1)} s. Load average ${r.loadStart} at the start, ${r.loadEnd} at the end (1, 5, 15 min).`,
    '',
    `Server memory after a full GC: ${fmt(mib(r.base.rss), 0)} MiB RSS empty, ${fmt(mib(r.ready.rss), 0)} MiB RSS (${fmt(mib(r.ready.heapUsed), 0)} MiB heap) with every campaign open and every seat connected: ${fmt(perCampaign / 1024, 0)} KiB per campaign, ${fmt(perCampaign / 14 / 1024, 1)} KiB per connection.`,
    '',
    '| target actions/s | s | achieved actions/s | actions | p50 ms | p99 ms | max ms | HTTP answer p50 / p99 ms | server CPU of one core (per action) | server loop delay p99 ms | generator CPU (per action) / loop delay p99 ms | CPU stolen by the hypervisor: step / worst second | server RSS MiB | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Server CPU per action (user + system time over actions settled) does not depend on the other work on the machine; the latencies do: on 2 shared cores the server waits for a core whenever the generator and other processes hold both.`,
    `CPU stolen by the hypervisor: the "steal" of /proc/stat, as a share of the machine's CPU time; on a virtual machine whose host is busy it comes in bursts that stop the server and the generator alike, so a step with a worst second of more than a few per cent measures the host as much as Wardroom.`,
    `Latency: from the submit (POST /api/games/:id/actions) until every one of the campaign's 14 seats has received its frame with the new version.`,
    `Goal (${r.goalRate} actions/s): p99 ${fmt(goal.p99, 2)} ms, ${goal.p99 < LIMIT_MS && goal.achieved >= 0.95 * goal.rate ? 'met' : '**missed**'} (< ${LIMIT_MS} ms).`,
    saturated ? `Saturation: p99 crosses ${LIMIT_MS} ms (or the rate is not reached) at ${saturated.rate} actions/s${lastGood ? `; ${lastGood.rate} actions/s is the highest step under it` : ''}.` : `Saturation: not reached up to ${r.results.at(-1)!.rate} actions/s.`,
  ].join('\n');
}
