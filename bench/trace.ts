/**
 * WARDROOM_BENCH_TRACE=DIR (bench/server.bench.ts): both processes of the load benchmark write
 * timestamped lines (JSON) to DIR/<name>.jsonl, on one clock (performance.timeOrigin + now, ms
 * since the epoch), so a slow action can be lined up with what each process did at that moment:
 * its GC pauses (PerformanceObserver 'gc'), the gaps of its event loop (a 10 ms timer that came
 * late), and what the caller logs (the generator: submit, answer, frames; the server: request
 * received, answered).
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';

export const clock = () => performance.timeOrigin + performance.now();

export interface Trace {
  log(entry: Record<string, unknown>): void;
  close(): Promise<void>;
}

export function startTrace(dir: string | undefined, name: string): Trace | null {
  if (!dir) return null;
  const out = createWriteStream(join(dir, `${name}.jsonl`));
  const log = (entry: Record<string, unknown>) => out.write(JSON.stringify(entry) + '\n');
  // The monotonic clock in µs, as CPU profiles (WARDROOM_BENCH_PROFILE) time their samples: lines them up with the trace.
  log({ k: 'clock', t: clock(), us: Number(process.hrtime.bigint() / 1000n) });
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) log({ k: 'gc', t: performance.timeOrigin + e.startTime, ms: e.duration, kind: ((e as { detail?: { kind?: number } }).detail)?.kind });
  });
  gc.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  const lag = setInterval(() => {
    const now = performance.now();
    if (now - last > 30) log({ k: 'gap', t: performance.timeOrigin + last, ms: now - last });
    last = now;
  }, 10);
  lag.unref();
  return {
    log,
    close: () => {
      gc.disconnect();
      clearInterval(lag);
      return new Promise((resolve) => out.end(resolve));
    },
  };
}
