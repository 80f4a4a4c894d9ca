// A worker thread of bench/cwnb.bench.ts (c): plays random seven-zone nine-turn campaigns for the
// given time and reports how many, and their actions.
import { parentPort, workerData } from 'node:worker_threads';
import { ZONE_IDS } from '../src/modules/cwnb/data/index.ts';
import { cwnb } from '../src/modules/cwnb/index.ts';
import type { CwnbOptions } from '../src/modules/cwnb/state.ts';
import { randomCampaign } from '../test/support/cwnb-random-game.ts';

const { seconds, firstSeed } = workerData as { seconds: number; firstSeed: number };
const options = cwnb.parseOptions({ zones: [...ZONE_IDS], turns: 9, dice: 'seeded', roster: 'demo', startingPoints: 'demo' }) as CwnbOptions;
randomCampaign(firstSeed - 1, options); // warm-up
let campaigns = 0;
let actions = 0;
const t0 = performance.now();
while (performance.now() - t0 < seconds * 1000) actions += randomCampaign(firstSeed + campaigns++, options).actions;
parentPort!.postMessage({ campaigns, actions, ms: performance.now() - t0 });
