/**
 * CWNB Campaign benchmarks (issue 7 §8). Targets on the 2-core machine:
 *   (a) replay of the seven-zone nine-turn example, the FIRST replay in a fresh process (cold, what
 *       a command does): ≥ 100,000 actions/s
 *   (b) median latency of one action through the kernel (`applyAction`) over that game: < 6 µs
 *   (c) random full seven-zone nine-turn campaigns: reported, goal ≥ 100 per second (worker threads)
 *   (d) a 10,000-action game: opening it (a full replay) and taking an action back stay fast
 * The runs it compares are interleaved (rounds of a, b, c single-threaded), so a busy moment of the
 * machine spreads over all of them. CWNB_BENCH_SECONDS scales the time of each measurement
 * (default 3); CWNB_BENCH_ROUNDS the rounds (default 3).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { NO_SEED, RecordingDice } from '../src/engine/dice.ts';
import { isRuleError } from '../src/engine/errors.ts';
import { applyAction } from '../src/engine/kernel.ts';
import type { Action } from '../src/engine/module.ts';
import { newGameRecord, Session, type GameRecord } from '../src/engine/session.ts';
import { ZONE_IDS } from '../src/modules/cwnb/data/index.ts';
import { cwnb } from '../src/modules/cwnb/index.ts';
import type { CwnbOptions, CwnbState } from '../src/modules/cwnb/state.ts';
import { diceSeedFor, randomCampaign } from '../test/support/cwnb-random-game.ts';
import { staleReason } from '../scripts/build-state.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** dist/ is current: (a) and (c) run the compiled rules, as `wardroom` does; else src/ through tsx. */
const COMPILED = !staleReason(ROOT);
const EXAMPLE = join(ROOT, 'examples', 'cwnb', 'seven-zone-nine-turn.json');
const SECONDS = Number(process.env.CWNB_BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.CWNB_BENCH_ROUNDS ?? 3);
const SEVEN_NINE = { zones: [...ZONE_IDS], turns: 9, dice: 'seeded' as const, roster: 'demo' as const, startingPoints: 'demo' as const };

const now = () => process.hrtime.bigint();
const msSince = (t0: bigint) => Number(now() - t0) / 1e6;

function median(xs: number[]): number {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
}
function quantile(xs: number[], q: number): number {
  const a = [...xs].sort((x, y) => x - y);
  return a[Math.min(a.length - 1, Math.floor(q * a.length))];
}
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

function open(record: GameRecord): Session<CwnbState> {
  const s = Session.open(cwnb, record);
  if (isRuleError(s)) throw new Error(s.message);
  return s;
}

/** A seven-zone nine-turn game played at random (fuzz seed `seed`), as a game record. */
function randomGame(seed: number, weights?: Parameters<typeof randomCampaign>[3]): GameRecord {
  const s = open(newGameRecord(cwnb.id, SEVEN_NINE, diceSeedFor(seed)));
  const log: Action[] = [];
  randomCampaign(seed, s.state.options, log, weights);
  for (const a of log) if (isRuleError(s.submit(a))) throw new Error(`the random game of seed ${seed} does not replay`);
  return s.record;
}

/** The seven-zone nine-turn game: the example file, or a fixed-seed random one. */
function sevenZoneGame(): { record: GameRecord; file: string | null; source: string } {
  if (existsSync(EXAMPLE)) return { record: JSON.parse(readFileSync(EXAMPLE, 'utf8')) as GameRecord, file: EXAMPLE, source: 'examples/cwnb/seven-zone-nine-turn.json' };
  return { record: randomGame(79), file: null, source: 'random campaign, fuzz seed 79 (the example file is missing)' };
}

/** (a) One cold replay in a fresh process (bench/cold-replay.mjs). */
function coldReplay(file: string): { ms: number } {
  const args = [...(COMPILED ? [] : ['--import', 'tsx']), join(ROOT, 'bench', 'cold-replay.mjs'), file, ROOT];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: ROOT });
  if (r.status !== 0) throw new Error(`cold replay failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
}

/** (a0) The engine's floor: the same cold replay of a game as long, of a module that does next to nothing (bench/cold-floor.mjs). */
function coldFloor(actions: number): { ms: number } {
  const r = spawnSync(process.execPath, [...(COMPILED ? [] : ['--import', 'tsx']), join(ROOT, 'bench', 'cold-floor.mjs'), ROOT, String(actions)], { encoding: 'utf8', cwd: ROOT });
  if (r.status !== 0) throw new Error(`cold floor failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
}

/** (b) Every action of the game applied alone to its own (pre-computed) state through the kernel, in µs. */
function applyLatencies(states: CwnbState[], log: readonly Action[]): { all: number[]; byType: Map<string, number[]> } {
  const all: number[] = [];
  const byType = new Map<string, number[]>();
  for (let i = 0; i < log.length; i++) {
    const a = log[i];
    const dice = new RecordingDice(NO_SEED, (a.rolled as number[]) ?? []);
    const t0 = now();
    applyAction(cwnb, states[i], a, dice);
    const us = Number(now() - t0) / 1e3;
    all.push(us);
    let l = byType.get(a.type);
    if (!l) byType.set(a.type, (l = []));
    l.push(us);
  }
  return { all, byType };
}

/** (c) Random campaigns on `threads` worker threads for `seconds`. */
async function campaignsInWorkers(threads: number, seconds: number): Promise<{ campaigns: number; actions: number; perSecond: number }> {
  const results = await Promise.all(
    Array.from(
      { length: threads },
      (_, i) =>
        new Promise<{ campaigns: number; actions: number; ms: number }>((resolve, reject) => {
          const w = new Worker(new URL('./campaign-worker.mjs', import.meta.url), { workerData: { seconds, firstSeed: 10_000 * (i + 1), compiled: COMPILED } });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  const campaigns = results.reduce((s, r) => s + r.campaigns, 0);
  return { campaigns, actions: results.reduce((s, r) => s + r.actions, 0), perSecond: results.reduce((s, r) => s + r.campaigns / (r.ms / 1000), 0) };
}

export async function run(): Promise<string> {
  const { record, file, source } = sevenZoneGame();
  const n = record.log.length;
  const options = cwnb.parseOptions(record.options) as CwnbOptions;
  const states: CwnbState[] = [cwnb.setup(options)];
  for (const a of record.log) states.push((applyAction(cwnb, states.at(-1)!, a, new RecordingDice(NO_SEED, (a.rolled as number[]) ?? [])) as { state: CwnbState }).state);
  const sevenOptions = cwnb.parseOptions(SEVEN_NINE) as CwnbOptions;

  const cold: number[] = [];
  const floor: number[] = [];
  const warm: number[] = [];
  const lat: number[] = [];
  const byType = new Map<string, number[]>();
  let single = { campaigns: 0, actions: 0, ms: 0 };
  let seed = 1;
  // Warm-up of (c′), as in bench/campaign-worker.ts.
  for (let s = -1, t = now(); msSince(t) < 2000; s--) randomCampaign(s, sevenOptions);
  for (let round = 0; round < ROUNDS; round++) {
    // (a) cold, in fresh processes, and warm in this one
    if (file) {
      for (let i = 0; i < 3; i++) {
        cold.push(coldReplay(file).ms);
        floor.push(coldFloor(n).ms);
      }
    }
    const t = now();
    while (msSince(t) < (SECONDS * 1000) / 3) {
      const t0 = now();
      open(record);
      warm.push(msSince(t0));
    }
    // (b)
    const l = applyLatencies(states, record.log);
    lat.push(...l.all);
    for (const [k, v] of l.byType) byType.set(k, [...(byType.get(k) ?? []), ...v]);
    // (c) one thread
    const t1 = now();
    while (msSince(t1) < (SECONDS * 1000) / 3) {
      single.actions += randomCampaign(seed++, sevenOptions).actions;
      single.campaigns++;
    }
    single.ms += msSince(t1);
  }
  const threads = Math.max(1, availableParallelism());
  const parallel = await campaignsInWorkers(threads, SECONDS);

  // (d)
  const long = randomGame(4242, { damage: 90 }); // much damage recorded: more than 10,000 actions
  const openLong: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = now();
    open(long);
    openLong.push(msSince(t0));
  }
  // Without its last action: nothing is taken back once the campaign is over (the engine's game-over refusal).
  const session = open({ ...long, log: long.log.slice(0, -1) });
  const undoLong: number[] = [];
  for (let i = 0; i < 20; i++) {
    const seat = cwnb.seats(session.state).find((x) => session.undoableCount(x) > 0);
    if (!seat) {
      if (!undoLong.length) throw new Error('(d′): no action of the long game can be taken back');
      break;
    }
    const t0 = now();
    const r = session.undo(seat);
    undoLong.push(msSince(t0));
    if (isRuleError(r)) throw new Error(r.message);
  }

  const coldRate = n / (median(cold) / 1000);
  const singleRate = single.campaigns / (single.ms / 1000);
  const lines = [
    '## CWNB Campaign (`bench/cwnb.bench.ts`)',
    '',
    `Game: ${source} — ${n} actions, ${(record.options as { zones: string[] }).zones.length} zones, ${(record.options as { turns: number }).turns} turns. ${ROUNDS} interleaved rounds.`,
    '',
    '| measure | result | target | |',
    '|---|---|---|---|',
    cold.length
      ? `| (a) replay, FIRST \`Session.open\` in a fresh process (${COMPILED ? 'compiled dist/' : 'src/ through tsx'}) | ${fmt(coldRate)} actions/s (median of ${cold.length} processes, ${fmt(median(cold), 1)} ms; best ${fmt(n / (Math.min(...cold) / 1000))}) | ≥ 100,000 actions/s | ${verdict(coldRate >= 100_000)} |`
      : '| (a) cold replay | (no example file) | | |',
    ...(floor.length
      ? [`| (a0) the engine's floor: the same cold replay of ${n} actions of a module that does next to nothing (\`bench/cold-floor.mjs\`) | ${fmt(n / (median(floor) / 1000))} actions/s (median of ${floor.length} processes, ${fmt(median(floor), 1)} ms) | | |`]
      : []),
    `| (a′) replay, \`Session.open\` warm, in this process | ${fmt(n / (median(warm) / 1000))} actions/s (median of ${warm.length}, ${fmt(median(warm), 1)} ms; best ${fmt(n / (Math.min(...warm) / 1000))}) | | |`,
    `| (b) one action through the kernel (\`applyAction\`), every action of the game × ${ROUNDS} | median ${fmt(median(lat), 2)} µs; p90 ${fmt(quantile(lat, 0.9), 1)} µs; p99 ${fmt(quantile(lat, 0.99), 1)} µs; mean ${fmt(lat.reduce((s, x) => s + x, 0) / lat.length, 1)} µs | median < 6 µs | ${verdict(median(lat) < 6)} |`,
    `| (c) random full 7-zone 9-turn campaigns, ${threads} worker threads (${COMPILED ? 'rules from the compiled dist/' : 'src/ through tsx'}) | ${fmt(parallel.perSecond, 1)} campaigns/s (${parallel.campaigns} in ${SECONDS} s, ${fmt(parallel.actions / parallel.campaigns)} actions each) | goal ≥ 100 campaigns/s | ${verdict(parallel.perSecond >= 100)} |`,
    `| (c′) the same, one thread | ${fmt(singleRate, 1)} campaigns/s (${single.campaigns} played) | | |`,
    `| (d) opening a ${fmt(long.log.length)}-action game (full replay, warm) | median ${fmt(median(openLong), 1)} ms (${fmt(long.log.length / (median(openLong) / 1000))} actions/s) | fast | |`,
    `| (d′) taking back the last action of a seat in that game | median ${fmt(median(undoLong), 2)} ms, max ${fmt(Math.max(...undoLong), 2)} ms over ${undoLong.length} undos (replay from the nearest checkpoint, every 250 entries) | fast | |`,
    '',
    'Median latency by action type (µs):',
    '',
    '| action | count | median | p90 |',
    '|---|---|---|---|',
    ...[...byType.entries()]
      .sort((x, y) => median(y[1]) - median(x[1]))
      .map(([type, xs]) => `| ${type} | ${xs.length / ROUNDS} | ${fmt(median(xs), 2)} | ${fmt(quantile(xs, 0.9), 1)} |`),
  ];
  return lines.join('\n');
}
