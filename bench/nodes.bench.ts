/**
 * Wardroom at scale (issue 11, Benchmark): the load generator of bench/server-load.ts against 1 and
 * then 3 server processes (nodes) on one PostgreSQL database, its own throwaway cluster with
 * PostgreSQL's default durability (fsync and synchronous commit on). Each seat of a campaign talks
 * to one node (seat k of campaign n: node (n + k) mod nodes), so most frames of an action cross
 * nodes through LISTEN/NOTIFY. The arrival rate is stepped up; per step: actions/s achieved,
 * latency from submit to the last seat's frame (p50, p99), and the CPU time per action of the
 * nodes and of PostgreSQL (every process of the cluster, from /proc): the database's share.
 *
 *   WARDROOM_NODES_BENCH_CAMPAIGNS  campaigns (default 100)
 *   WARDROOM_NODES_BENCH_STEPS      arrival rates, actions/s (default 50,100,200,300,400,600)
 *   WARDROOM_NODES_BENCH_SECONDS    seconds per step (default 5)
 *   WARDROOM_NODES_BENCH_NODES      the node counts compared (default 1,3)
 *   WARDROOM_NODES_BENCH_PROFILE    a folder: every node writes a CPU profile there (node --cpu-prof)
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { freshDatabase, postgresBin, startCluster } from '../test/support/postgres.ts';
import { Generators, ServerProcess } from './server-load.ts';

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const list = (s: string) => s.split(',').map(Number).filter((n) => n > 0);
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—');
const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
/** p99 under this: the rate is "sustained". */
const LIMIT_MS = 50;

/**
 * CPU seconds used so far by the cluster: the postmaster, its live processes, and (the
 * postmaster's cutime and cstime) every process of it that has exited.
 */
function clusterCpu(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
    const ppid = Number(fields[1]);
    if (Number(pid) === postmaster) ticks += Number(fields[13]) + Number(fields[14]); // cutime, cstime: its children that exited
    if (Number(pid) === postmaster || ppid === postmaster) ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
  }
  return ticks / 100; // USER_HZ
}

interface Row {
  nodes: number;
  rate: number;
  achieved: number;
  p50: number;
  p99: number;
  errors: string;
  nodeCpuMs: number;
  dbCpuMs: number;
}

export async function run(): Promise<string> {
  if (!postgresBin()) return '## Several nodes on PostgreSQL (`bench/nodes.bench.ts`)\n\nNot run: PostgreSQL\'s programs are not under /usr/lib/postgresql/*/bin (apt-get install -y postgresql).\n';
  const campaigns = Number(env('WARDROOM_NODES_BENCH_CAMPAIGNS', '100'));
  const steps = list(env('WARDROOM_NODES_BENCH_STEPS', '50,100,200,300,400,600'));
  const seconds = Number(env('WARDROOM_NODES_BENCH_SECONDS', '5'));
  const nodeCounts = list(env('WARDROOM_NODES_BENCH_NODES', '1,3'));
  const profile = process.env.WARDROOM_NODES_BENCH_PROFILE;
  const log = (s: string) => process.stderr.write(`  nodes bench: ${s}\n`);
  const loadStart = loadavg()[0].toFixed(2);
  const cluster = await startCluster({ durable: true });
  process.env.WARDROOM_SECRET_KEY = randomBytes(32).toString('hex'); // every node seals cookies with it
  const rows: Row[] = [];
  try {
    for (const n of nodeCounts) {
      const url = await freshDatabase(cluster.url);
      const servers = await Promise.all(Array.from({ length: n }, (_, i) => ServerProcess.start({ databaseUrl: url, nodeId: `node-${i}`, execArgv: profile ? ['--cpu-prof', '--cpu-prof-dir', resolve(profile, `${n}-nodes`)] : [] })));
      try {
        const generators = await Generators.start(
          servers.map((s) => s.port),
          campaigns,
          1,
          undefined,
          (k) => k % 50 === 0 && log(`${n} node(s): ${k} campaigns set up`),
        );
        try {
          await generators.drive(steps[0], 2, 99); // warm-up
          for (const [i, rate] of steps.entries()) {
            const cpu0 = await Promise.all(servers.map((s) => s.stats()));
            const db0 = clusterCpu(cluster.dataDir);
            const r = await generators.drive(rate, seconds, i + 1);
            const db1 = clusterCpu(cluster.dataDir);
            const cpu1 = await Promise.all(servers.map((s) => s.stats()));
            const done = r.samples.length;
            const nodeCpu = cpu1.reduce((t, c, k) => t + (c.cpu.user + c.cpu.system - cpu0[k].cpu.user - cpu0[k].cpu.system) / 1000, 0);
            const latency = r.samples.map((s) => s.latency).sort((a, b) => a - b);
            const row: Row = {
              nodes: n,
              rate,
              achieved: done / (r.ms / 1000),
              p50: quantile(latency, 0.5),
              p99: quantile(latency, 0.99),
              errors: [...r.errors].map(([k, v]) => `${k} ×${v}`).join('; ') || 'none',
              nodeCpuMs: nodeCpu / done,
              dbCpuMs: ((db1 - db0) * 1000) / done,
            };
            rows.push(row);
            log(`${n} node(s) at ${rate}/s: ${fmt(row.achieved)} actions/s, p99 ${fmt(row.p99)} ms, nodes ${fmt(row.nodeCpuMs, 2)} ms CPU/action, PostgreSQL ${fmt(row.dbCpuMs, 2)}`);
          }
        } finally {
          await generators.close();
        }
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    }
  } finally {
    cluster.stop();
  }
  const sustained = (n: number) => Math.max(0, ...rows.filter((r) => r.nodes === n && r.p99 < LIMIT_MS && r.errors === 'none').map((r) => r.achieved));
  const most = (n: number) => Math.max(0, ...rows.filter((r) => r.nodes === n).map((r) => r.achieved));
  const lines = [
    '## Several nodes on PostgreSQL (`bench/nodes.bench.ts`)',
    '',
    `${campaigns} seven-zone campaigns (14 seats each, every seat connected to its node), ${seconds} s per step; load average ${loadStart} at the start.`,
    '',
    '| nodes | arrival rate | actions/s | p50 ms | p99 ms | CPU ms/action: nodes | PostgreSQL | database share | errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.nodes} | ${r.rate} | ${fmt(r.achieved)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.nodeCpuMs, 2)} | ${fmt(r.dbCpuMs, 2)} | ${fmt((100 * r.dbCpuMs) / (r.dbCpuMs + r.nodeCpuMs), 0)} % | ${r.errors} |`),
    '',
    ...nodeCounts.map((n) => `- ${n} node(s): most actions/s ${fmt(most(n))}; highest with p99 < ${LIMIT_MS} ms and no errors ${fmt(sustained(n))}.`),
  ];
  if (nodeCounts.length >= 2) {
    const [a, b] = [nodeCounts[0], nodeCounts[nodeCounts.length - 1]];
    lines.push(`- Scaling ratio ${b} nodes / ${a} node(s): ${fmt(most(b) / most(a), 2)} (most actions/s), ${fmt(sustained(b) / sustained(a), 2)} (sustained).`);
  }
  return lines.join('\n') + '\n';
}
