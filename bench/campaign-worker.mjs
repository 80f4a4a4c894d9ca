// Starts bench/campaign-worker.ts in a worker thread: a worker does not take the --import tsx of
// its parent for its own entry file, so it registers tsx itself first. With `compiled` (dist/ is
// current), the rules come from dist/ (bench/dist-hooks.mjs), as `wardroom` runs them.
import { register as registerHooks } from 'node:module';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
// Registered after tsx, so it runs first and asks tsx where an import goes.
if (workerData.compiled) registerHooks('./dist-hooks.mjs', import.meta.url, { data: { root: new URL('..', import.meta.url).href } });
await import('./campaign-worker.ts');
