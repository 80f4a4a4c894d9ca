// A worker thread of bench/cwnb.bench.ts (c): plays random seven-zone nine-turn campaigns for the
// given time and reports how many, and their actions.
import { parentPort, workerData } from 'node:worker_threads';
import { ZONE_IDS } from '../src/modules/cwnb/data/index.ts';
import { cwnb } from '../src/modules/cwnb/index.ts';
import type { CwnbOptions } from '../src/modules/cwnb/state.ts';
import { randomCampaign } from '../test/support/cwnb-random-game.ts';

const { seconds, firstSeed } = workerData as { seconds: number; firstSeed: number };
const options = cwnb.parseOptions({ zones: [...ZONE_IDS], turns: 9, dice: 'seeded', roster: 'demo', startingPoints: 'demo' }) as CwnbOptions;
// Warm-up, five seconds of campaigns not counted: (c) is the rate of a long fuzzing run. A fresh
// thread alone reaches its steady rate after about two seconds (V8 compiling the hot functions);
// two threads side by side, which share the two cores with V8's compiler and collector threads,
// after about five (the rates second by second in bench/README.md, 2026-12-06).
const w0 = performance.now();
for (let s = firstSeed - 1; performance.now() - w0 < 5000; s--) randomCampaign(s, options);
let campaigns = 0;
let actions = 0;
const t0 = performance.now();
while (performance.now() - t0 < seconds * 1000) actions += randomCampaign(firstSeed + campaigns++, options).actions;
parentPort!.postMessage({ campaigns, actions, ms: performance.now() - t0 });
