// Starts bench/server-load-worker.ts in a worker thread: a worker does not take the --import tsx of
// its parent for its own entry file, so it registers tsx itself first.
import { register } from 'tsx/esm/api';

register();
await import('./server-load-worker.ts');
