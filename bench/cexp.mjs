import { Worker } from 'node:worker_threads';
const threads = Number(process.argv[2] ?? 2), seconds = Number(process.argv[3] ?? 4), young = Number(process.argv[4] ?? 0);
const rs = await Promise.all(Array.from({ length: threads }, (_, i) => new Promise((res, rej) => {
  const w = new Worker(new URL('./campaign-worker.mjs', import.meta.url), { workerData: { seconds, firstSeed: 10000 * (i + 1), compiled: true }, ...(young ? { resourceLimits: { maxYoungGenerationSizeMb: young } } : {}) });
  w.once('message', res); w.once('error', rej);
})));
const u = process.cpuUsage();
console.log(threads, 'threads young', young, rs.map(r => (r.campaigns / (r.ms / 1000)).toFixed(1)).join(' + '), '=', rs.reduce((s, r) => s + r.campaigns / (r.ms / 1000), 0).toFixed(1), 'cpu s', ((u.user + u.system) / 1e6).toFixed(1));
