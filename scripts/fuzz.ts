/**
 * Standalone CWNB Campaign fuzzer: plays N seeded random campaigns with every check of the test
 * suite's fuzzer (test/support/cwnb-random-game.ts) and prints a summary. Exits non-zero on a
 * failure, naming the game seed and the action index, with the command that reproduces it.
 *
 *   node --import tsx scripts/fuzz.ts --games 500 --seed 20261130
 *   node --import tsx scripts/fuzz.ts --game-seed 20261377          # one game, e.g. a failure
 *   node --import tsx scripts/fuzz.ts --games 200 --probe 1 --undo 0.05 --out /tmp/fuzz
 *
 * Game i of a run uses game seed SEED + i. The suite plays game seeds 1..2000.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FuzzFailure, playRandomGame, type PlayConfig } from '../test/support/cwnb-random-game.ts';
import { ZONE_IDS, type ZoneId } from '../src/modules/cwnb/data/index.ts';

const USAGE = `usage: node --import tsx scripts/fuzz.ts [--games N] [--seed S] [--game-seed X]
  --games N         number of games (default 200)
  --seed S          first game seed (default: from the clock, printed)
  --game-seed X     play only the game with seed X (reproduce a failure)
  --probe P         chance per step of illegal-action probes (default 0.1)
  --undo P          chance per step of an undo (default 0.01), at most --max-undos per game (default 2)
  --rewind P        chance per step of a rewind by agreement of a War Zone (default 0), at most --max-rewinds per game (default 2)
  --zones a,b       fix the War Zones (ids: ${ZONE_IDS.join(', ')})
  --turns N         fix the agreed length (1–9)
  --dice D          fix the dice: seeded | physical
  --max-zones N     at most N random zones;  --max-turns N: at most N random turns
  --optional        also switch on a random selection of the optional rules (13.1–13.5, 14.1)
  --max-actions N   fail a game that has no result after N actions (default 20000)
  --out DIR         write each failing game (log up to the failing action) as DIR/fuzz-failure-SEED.json
  --keep-going      play every game even after a failure (default: stop at the first)
  --quiet           no progress lines`;

function main(): number {
  let args;
  try {
    args = parseArgs({
      options: {
        games: { type: 'string' },
        seed: { type: 'string' },
        'game-seed': { type: 'string' },
        probe: { type: 'string' },
        undo: { type: 'string' },
        'max-undos': { type: 'string' },
        rewind: { type: 'string' },
        'max-rewinds': { type: 'string' },
        zones: { type: 'string' },
        turns: { type: 'string' },
        dice: { type: 'string' },
        'max-zones': { type: 'string' },
        'max-turns': { type: 'string' },
        'max-actions': { type: 'string' },
        optional: { type: 'boolean' },
        out: { type: 'string' },
        'keep-going': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const int = (name: string, v: string | undefined, min: number, max: number): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}, not "${v}"`);
    return n;
  };
  const prob = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!(n >= 0 && n <= 1)) throw new Error(`--${name} must be a probability from 0 to 1, not "${v}"`);
    return n;
  };

  let config: PlayConfig;
  let seeds: number[];
  let first: number;
  try {
    const one = int('game-seed', args['game-seed'], -(2 ** 31), 2 ** 31 - 1);
    const games = int('games', args.games, 1, 10_000_000) ?? 200;
    first = int('seed', args.seed, -(2 ** 31), 2 ** 31 - 1) ?? Date.now() % 1_000_000_000;
    seeds = one !== undefined ? [one] : Array.from({ length: games }, (_, i) => first + i);
    const zones = args.zones?.split(',').map((z) => z.trim()).filter(Boolean);
    for (const z of zones ?? []) if (!(ZONE_IDS as readonly string[]).includes(z)) throw new Error(`unknown zone "${z}" (${ZONE_IDS.join(', ')})`);
    if (args.dice !== undefined && args.dice !== 'seeded' && args.dice !== 'physical') throw new Error(`--dice is seeded or physical, not "${args.dice}"`);
    config = {
      options: { zones: zones as ZoneId[] | undefined, turns: int('turns', args.turns, 1, 9), dice: args.dice as 'seeded' | 'physical' | undefined },
      limits: { zones: int('max-zones', args['max-zones'], 1, 7), turns: int('max-turns', args['max-turns'], 1, 9) },
      probeChance: prob('probe', args.probe),
      undoChance: prob('undo', args.undo),
      maxUndos: int('max-undos', args['max-undos'], 0, 1000),
      rewindChance: prob('rewind', args.rewind),
      maxRewinds: int('max-rewinds', args['max-rewinds'], 0, 1000),
      maxActions: int('max-actions', args['max-actions'], 1, 10_000_000),
      optionalRules: args.optional ? 'random' : 'none',
    };
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }

  // The flags that reproduce a game with the same configuration.
  const passOn = process.argv
    .slice(2)
    .filter((a, i, all) => !['--games', '--seed', '--game-seed', '--out', '--keep-going', '--quiet'].includes(a) && !['--games', '--seed', '--game-seed', '--out'].includes(all[i - 1]))
    .join(' ');
  const repro = (seed: number) => `node --import tsx scripts/fuzz.ts --game-seed ${seed}${passOn ? ` ${passOn}` : ''}`;

  console.log(
    seeds.length === 1
      ? `CWNB fuzzer: game seed ${seeds[0]}`
      : `CWNB fuzzer: ${seeds.length} games, game seeds ${seeds[0]}..${seeds[seeds.length - 1]} (node ${process.version}, ${cpus()[0]?.model ?? 'cpu'})`,
  );
  const t0 = process.hrtime.bigint();
  const sum = { games: 0, actions: 0, probes: 0, refusals: 0, undos: 0, undoRefusals: 0, rewinds: 0, rewindRefusals: 0 };
  const byZones: Record<number, number> = {};
  const byTurns: Record<number, number> = {};
  const failures: FuzzFailure[] = [];
  let lastReport = 0;
  for (const [i, seed] of seeds.entries()) {
    try {
      const r = playRandomGame(seed, config);
      sum.games++;
      sum.actions += r.actions;
      sum.probes += r.probes;
      sum.refusals += r.refusals;
      sum.undos += r.undos;
      sum.undoRefusals += r.undoRefusals;
      sum.rewinds += r.rewinds;
      sum.rewindRefusals += r.rewindRefusals;
      byZones[r.options.zones.length] = (byZones[r.options.zones.length] ?? 0) + 1;
      byTurns[r.options.turns] = (byTurns[r.options.turns] ?? 0) + 1;
      if (seeds.length === 1) console.log(`  ${r.options.zones.join(', ')}; ${r.options.turns} turn(s); ${r.options.dice} dice; ${r.actions} actions; result ${JSON.stringify(r.state.result && { winner: r.state.result.winner, margin: r.state.result.margin, level: r.state.result.level })}`);
    } catch (e) {
      const f = e instanceof FuzzFailure ? e : new FuzzFailure(seed, -1, `driver error: ${(e as Error)?.stack ?? e}`);
      failures.push(f);
      console.log(`\nFAIL ${f.message}\n  reproduce: ${repro(seed)}`);
      if (args.out && f.record) {
        mkdirSync(args.out, { recursive: true });
        const path = join(args.out, `fuzz-failure-${seed}.json`);
        writeFileSync(path, JSON.stringify(f.record, null, 1) + '\n');
        console.log(`  the game up to action #${f.actionIndex}: ${path} (npx wardroom replay ${path})`);
      }
      if (!args['keep-going']) break;
    }
    const pct = Math.floor(((i + 1) * 10) / seeds.length);
    if (!args.quiet && seeds.length >= 50 && pct > lastReport) {
      lastReport = pct;
      console.log(`  ${i + 1}/${seeds.length} games, ${sum.actions} actions, ${failures.length} failure(s)`);
    }
  }
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const hist = (h: Record<number, number>) =>
    Object.entries(h)
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
  console.log(
    [
      '',
      `games finished: ${sum.games} of ${seeds.length}; failures: ${failures.length}`,
      `actions: ${sum.actions} (${Math.round(sum.actions / secs)} actions/s incl. all checks); illegal probes refused: ${sum.probes}; random refusals: ${sum.refusals}`,
      `undos: ${sum.undos} (and ${sum.undoRefusals} undo attempts refused as they should be); rewinds: ${sum.rewinds} (and ${sum.rewindRefusals} refused)`,
      `zones per game ${hist(byZones)}; turns per game ${hist(byTurns)}`,
      `time: ${secs.toFixed(1)} s`,
    ].join('\n'),
  );
  if (failures.length) {
    console.log(`\nFAILED: ${failures.map((f) => `game seed ${f.seed} at action #${f.actionIndex}`).join('; ')}`);
    return 1;
  }
  console.log('OK');
  return 0;
}

process.exitCode = main();
