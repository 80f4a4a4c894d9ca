// A worker thread of the load generator (bench/server-load.ts, `Generators`): sets up its share of
// the campaigns, drives them when asked, and answers with its samples.
import { parentPort, workerData } from 'node:worker_threads';
import { drive, setupCampaigns, traceTo, type Campaign, type DriveResult } from './server-load.ts';
import { startTrace } from './trace.ts';

const { ports, count, first, parallel, trace: traceDir, name } = workerData as { ports: number[]; count: number; first: number; parallel: number; trace?: string; name: string };
const trace = startTrace(traceDir, name);
traceTo(trace);
let campaigns: Campaign[] = [];

parentPort!.on('message', async (m: { type: string; rate: number; seconds: number; seed: number; warm?: boolean }) => {
  if (m.type === 'setup') {
    campaigns = await setupCampaigns(ports, count, parallel, () => parentPort!.postMessage({ type: 'progress' }), first);
    parentPort!.postMessage({ type: 'ready' });
  } else if (m.type === 'drive') {
    const t = await drive(campaigns, m.rate, m.seconds, m.seed, m.warm);
    parentPort!.postMessage({ type: 'drove', samples: t.samples, errors: t.errors, skipped: t.skipped, ms: t.ms, loopP99: t.loopP99 } satisfies DriveResult & { type: string });
  } else if (m.type === 'close') {
    for (const c of campaigns) c.close();
    await trace?.close();
    parentPort!.postMessage({ type: 'closed' });
  }
});
