/**
 * CWNB Campaign benchmarks (issue 2 §8), on a 2-core machine the targets are:
 *   (a) replay of the seven-zone nine-turn example: ≥ 100,000 actions/s
 *   (b) `apply` median latency over every action of that game: < 10 µs
 *   (c) random full seven-zone nine-turn campaigns: ≥ 200 per second
 * The game is examples/cwnb/seven-zone-nine-turn.json, or, if that file is missing, one generated
 * by the fuzz driver with a fixed seed. Timing: process.hrtime.bigint(), warm-up runs first.
 * CWNB_BENCH_SECONDS scales how long each measurement runs (default 3).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RecordingDice, NO_SEED } from '../src/engine/dice.ts';
import { isRuleError } from '../src/engine/errors.ts';
import { applyAction } from '../src/engine/kernel.ts';
import { newGameRecord, Session, type GameRecord } from '../src/engine/session.ts';
import type { Action } from '../src/engine/module.ts';
import { ZONE_IDS } from '../src/modules/cwnb/data/index.ts';
import { cwnb } from '../src/modules/cwnb/index.ts';
import type { CwnbOptions, CwnbState } from '../src/modules/cwnb/state.ts';
import { diceSeedFor, randomCampaign } from '../test/support/cwnb-random-game.ts';

const EXAMPLE = join(dirname(fileURLToPath(import.meta.url)), '..', 'examples', 'cwnb', 'seven-zone-nine-turn.json');
const SECONDS = Number(process.env.CWNB_BENCH_SECONDS ?? 3);
const SEVEN_NINE = { zones: [...ZONE_IDS], turns: 9, dice: 'seeded' as const, roster: 'demo' as const, startingPoints: 'demo' as const };

const now = () => process.hrtime.bigint();
const secondsSince = (t0: bigint) => Number(now() - t0) / 1e9;

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

/** The seven-zone nine-turn game: the example file, or a fixed-seed random one. */
export function sevenZoneGame(): { record: GameRecord; source: string } {
  if (existsSync(EXAMPLE)) return { record: JSON.parse(readFileSync(EXAMPLE, 'utf8')) as GameRecord, source: 'examples/cwnb/seven-zone-nine-turn.json' };
  const seed = 79;
  const record = newGameRecord(cwnb.id, SEVEN_NINE, diceSeedFor(seed));
  randomCampaign(seed, cwnb.parseOptions(SEVEN_NINE) as CwnbOptions, record.log);
  return { record, source: `random campaign, fuzz seed ${seed} (the example file is missing)` };
}

/** Replay a record with the module alone: parse options, setup, apply every action. */
function replayBare(record: GameRecord): CwnbState {
  const options = cwnb.parseOptions(record.options);
  if (isRuleError(options)) throw new Error(options.message);
  let state = cwnb.setup(options);
  for (const a of record.log) {
    const r = applyAction(cwnb, state, a, new RecordingDice(NO_SEED, (a.rolled as number[]) ?? []));
    if (isRuleError(r)) throw new Error(r.message);
    state = r.state;
  }
  return state;
}

/** Run `fn` repeatedly for about `seconds` after `warm` warm-up calls; returns per-call seconds. */
function repeat(fn: () => void, seconds: number, warm = 3): number[] {
  for (let i = 0; i < warm; i++) fn();
  const times: number[] = [];
  const start = now();
  while (secondsSince(start) < seconds || times.length < 3) {
    const t0 = now();
    fn();
    times.push(secondsSince(t0));
  }
  return times;
}

export async function run(): Promise<string> {
  const { record, source } = sevenZoneGame();
  const n = record.log.length;
  const lines: string[] = [`## CWNB Campaign (\`bench/cwnb.bench.ts\`)`, '', `Game: ${source} — ${n} actions, ${(record.options as { zones: string[] }).zones.length} zones, ${(record.options as { turns: number }).turns} turns.`, ''];

  // (a) Replay throughput.
  const session = repeat(() => void Session.open(cwnb, record), SECONDS);
  const bare = repeat(() => void replayBare(record), SECONDS);
  const sessionRate = n / median(session);
  const bareRate = n / median(bare);

  // (b) apply latency: time every action of the game on its own, several passes.
  const options = cwnb.parseOptions(record.options) as CwnbOptions;
  const states: CwnbState[] = [cwnb.setup(options)];
  const logged = (a: Action) => new RecordingDice(NO_SEED, (a.rolled as number[]) ?? []);
  for (const a of record.log) states.push((applyAction(cwnb, states[states.length - 1], a, logged(a)) as { state: CwnbState }).state);
  const lat: number[] = [];
  const byType = new Map<string, number[]>();
  const passes = 5;
  for (let pass = 0; pass < passes + 2; pass++) {
    for (let i = 0; i < n; i++) {
      const a: Action = record.log[i];
      const dice = logged(a);
      const t0 = now();
      applyAction(cwnb, states[i], a, dice);
      const us = Number(now() - t0) / 1e3;
      if (pass < 2) continue; // warm-up passes
      lat.push(us);
      let l = byType.get(a.type);
      if (!l) byType.set(a.type, (l = []));
      l.push(us);
    }
  }
  // Timer overhead, for reference.
  const empty: number[] = [];
  for (let i = 0; i < 10_000; i++) {
    const t0 = now();
    empty.push(Number(now() - t0) / 1e3);
  }

  // (c) Random full seven-zone nine-turn campaigns.
  const sevenOptions = cwnb.parseOptions(SEVEN_NINE) as CwnbOptions;
  let seed = 1;
  let campaignActions = 0;
  let campaigns = 0;
  const camp = repeat(
    () => {
      const r = randomCampaign(seed++, sevenOptions);
      campaignActions += r.actions;
      campaigns++;
    },
    SECONDS,
    2,
  );
  const campaignsPerSec = camp.length / camp.reduce((s, x) => s + x, 0);
  const bestCampaign = Math.min(...camp);
  const actionsPerCampaign = campaignActions / campaigns;

  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  lines.push(
    '| measure | result | target | |',
    '|---|---|---|---|',
    `| (a) replay, \`Session.open\` (parse options, setup, apply + log every action) | ${fmt(sessionRate)} actions/s (median of ${session.length} replays, ${fmt(median(session) * 1e3, 1)} ms each; best ${fmt(n / Math.min(...session))}) | ≥ 100,000 actions/s | ${verdict(sessionRate >= 100_000)} |`,
    `| (a′) replay, \`cwnb.apply\` in a loop (no Session) | ${fmt(bareRate)} actions/s (median of ${bare.length}; best ${fmt(n / Math.min(...bare))}) | | |`,
    `| (b) \`apply\` latency over the game's ${n} actions × ${passes} passes | median ${fmt(median(lat), 1)} µs; p90 ${fmt(quantile(lat, 0.9), 1)} µs; p99 ${fmt(quantile(lat, 0.99), 1)} µs; mean ${fmt(lat.reduce((s, x) => s + x, 0) / lat.length, 1)} µs | median < 10 µs | ${verdict(median(lat) < 10)} |`,
    `| (c) random full 7-zone 9-turn campaigns (choose with legalActions + apply) | ${fmt(campaignsPerSec, 1)} campaigns/s (${campaigns} played, ${fmt(actionsPerCampaign)} actions each, ${fmt((campaignsPerSec * actionsPerCampaign))} actions/s; fastest campaign ${fmt(bestCampaign * 1e3, 1)} ms) | ≥ 200 campaigns/s | ${verdict(campaignsPerSec >= 200)} |`,
    '',
    `Timer overhead (two \`hrtime.bigint()\` calls): median ${fmt(median(empty) * 1e3)} ns, included in (b).`,
    '',
    '`apply` median latency by action type (µs):',
    '',
    '| action | count | median | p90 |',
    '|---|---|---|---|',
    ...[...byType.entries()]
      .sort((x, y) => median(y[1]) - median(x[1]))
      .map(([type, xs]) => `| ${type} | ${xs.length / passes} | ${fmt(median(xs), 1)} | ${fmt(quantile(xs, 0.9), 1)} |`),
  );
  return lines.join('\n');
}
