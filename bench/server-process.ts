// The server of bench/server.bench.ts, in a process of its own (the load generator must not share
// its event loop): Wardroom's real server (`buildServer`, as `wardroom serve` builds it, without
// rate limits and without the web app) on a SQLite file in the folder given, on 127.0.0.1 and a
// free port. Tells its parent the port over IPC, and answers {type: 'stats'} with its memory,
// CPU time, event-loop delay and live connections.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { staleReason } from '../scripts/build-state.js';
import { clock, startTrace } from './trace.ts';

const dir = process.argv[2];
// The compiled dist/ when it is current, as `wardroom serve` runs it; else src/ through tsx.
// WARDROOM_BENCH_SERVER_SRC: another src/ folder (an older commit's, unpacked with `git archive`)
// to compare with, through tsx.
const root = new URL('..', import.meta.url).pathname;
const compiled = !process.env.WARDROOM_BENCH_SERVER_SRC && !staleReason(root);
const src = process.env.WARDROOM_BENCH_SERVER_SRC ?? join(root, compiled ? 'dist' : 'src');
const ext = compiled ? 'js' : 'ts';
const { buildServer } = (await import(join(src, `adapters/server/app.${ext}`))) as typeof import('../src/adapters/server/app.ts');
const { openDatabase } = (await import(join(src, `adapters/storage/database.${ext}`))) as typeof import('../src/adapters/storage/database.ts');
// WARDROOM_BENCH_DATABASE_URL (bench/nodes.bench.ts, issue 11): one of several nodes on a PostgreSQL database, live updates through LISTEN/NOTIFY.
const databaseUrl = process.env.WARDROOM_BENCH_DATABASE_URL || '';
const nodeId = process.env.WARDROOM_NODE_ID || 'bench';
// WARDROOM_BENCH_FSYNC=before-answer: as `wardroom serve --fsync-before-answer`.
const db = await openDatabase(databaseUrl || join(dir, 'wardroom.sqlite'), { fsyncBeforeAnswer: process.env.WARDROOM_BENCH_FSYNC === 'before-answer', timeoutMs: 10_000 }); // as wardroom serve
const broadcast = databaseUrl ? await (await import(join(src, `adapters/server/pg-broadcast.${ext}`))).postgresBroadcast({ url: databaseUrl, db, nodeId }) : undefined;
// The nodes of one bench share the cookie key: a seat's cookie is good on each.
const secretKey = process.env.WARDROOM_SECRET_KEY ? Buffer.from(process.env.WARDROOM_SECRET_KEY, 'hex') : randomBytes(32);
const { app, ctx } = await buildServer({ db, secretKey, rateLimit: false, webRoot: null, baseUrl: 'http://127.0.0.1', nodeId, broadcast });
const trace = startTrace(process.env.WARDROOM_BENCH_TRACE, 'server');
if (trace) {
  // Every SQLite statement that holds the event loop for more than 5 ms (better-sqlite3 is
  // synchronous; a commit that runs SQLite's automatic checkpoint syncs the disk inside it).
  const { default: SQLite } = await import('better-sqlite3');
  const probe = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<'run' | 'get' | 'all', (...args: unknown[]) => unknown>;
  probe.close();
  for (const m of ['run', 'get', 'all'] as const) {
    const original = statement[m];
    statement[m] = function (this: { source: string }, ...args: unknown[]) {
      const t = clock();
      try {
        return original.apply(this, args);
      } finally {
        const ms = clock() - t;
        if (ms > 5) trace.log({ k: 'sql', t, ms, sql: this.source.slice(0, 80) });
      }
    };
  }
  // Each action request: received (onRequest), answer handed to the socket (onSend), answer written (onResponse).
  const times = new WeakMap<object, number[]>();
  const isAction = (url: string) => url.endsWith('/actions');
  app.addHook('onRequest', async (request) => {
    if (isAction(request.url)) times.set(request, [clock()]);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    times.get(request)?.push(clock());
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const t = times.get(request);
    if (t) trace.log({ k: 'req', game: request.url.split('/')[3], t: t[0], send: t[1] - t[0], done: clock() - t[0], status: reply.statusCode });
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();

process.on('message', (m: { type: string }) => {
  if (m.type === 'stats') {
    const mem = process.memoryUsage();
    process.send!({
      type: 'stats',
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      cpu: process.cpuUsage(),
      loopDelay: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
      connections: ctx.hub.connections,
    });
    delay.reset();
  } else if (m.type === 'gc') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send!({ type: 'gc' });
  } else if (m.type === 'stop') {
    void app
      .close()
      .then(() => db.destroy())
      .then(() => trace?.close())
      .then(() => process.exit(0));
  }
});
process.send!({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0, compiled });
