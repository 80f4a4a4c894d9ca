/**
 * The load generator of bench/server.bench.ts: seven-zone campaigns played through Wardroom's real
 * HTTP and WebSocket API against one server process (bench/server-process.ts, forked), on loopback.
 *
 * Each campaign is created as a browser would (POST /api/games: all seven War Zones, the demo
 * roster and starting points, seeded dice), each of its 14 seats is claimed by a person of its own
 * through a seat invitation, and each seat opens its WebSocket with its own cookie. Actions are
 * picked from a replica of the game in this process (the fuzz driver's `smartAction` on a
 * `CwnbState`, checked with the kernel first, so the server is sent only legal actions), submitted
 * with POST /api/games/:id/actions and the version seen, and timed until every seat of the campaign
 * has received the frame with the new version. The replica then applies the same action with the
 * dice the server rolled (the roll events of the frame), so it never needs the seed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { NO_SEED, RecordingDice, seededDice } from '../src/engine/dice.ts';
import { isRuleError } from '../src/engine/errors.ts';
import { applyAction, offeredTypes, waitingFor } from '../src/engine/kernel.ts';
import type { Action } from '../src/engine/module.ts';
import { Chooser } from '../src/engine/random-play.ts';
import { ZONE_IDS } from '../src/modules/cwnb/data/index.ts';
import { cwnb } from '../src/modules/cwnb/index.ts';
import type { CwnbOptions, CwnbState } from '../src/modules/cwnb/state.ts';
import { smartAction } from '../test/support/cwnb-random-game.ts';
import type { Trace } from './trace.ts';

/** WARDROOM_BENCH_TRACE: every action's submit, answer and first and last frame (bench/trace.ts). */
let trace: Trace | null = null;
export function traceTo(t: Trace | null): void {
  trace = t;
}

const here = dirname(fileURLToPath(import.meta.url));

export interface ServerStats {
  rss: number;
  heapUsed: number;
  cpu: { user: number; system: number };
  loopDelay: { p50: number; p99: number; max: number };
  connections: number;
}

/** The server in a process of its own, on a SQLite file in a fresh temporary folder. */
export class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    private readonly dir: string,
    /** Whether it runs the compiled dist/ (as `wardroom serve` does) rather than src/ through tsx. */
    readonly compiled: boolean,
  ) {}

  /** `databaseUrl`: a postgres:// database several server processes share (issue 11), instead of SQLite. */
  static async start(opts: { execArgv?: string[]; databaseUrl?: string; nodeId?: string } = {}): Promise<ServerProcess> {
    const dir = mkdtempSync(join(tmpdir(), 'wardroom-bench-'));
    const env = { ...process.env, WARDROOM_BENCH_DATABASE_URL: opts.databaseUrl ?? '', WARDROOM_NODE_ID: opts.nodeId ?? 'bench' };
    const child = fork(join(here, 'server-process.ts'), [dir], { env, execArgv: ['--import', 'tsx', '--expose-gc', ...(opts.execArgv ?? [])], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], cwd: join(here, '..') });
    const { port, compiled } = await new Promise<{ port: number; compiled: boolean }>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened`)));
      child.once('message', (m: { type: string; port: number; compiled: boolean }) => resolve(m));
    });
    child.removeAllListeners('exit');
    return new ServerProcess(child, port, dir, compiled);
  }

  private ask<T>(type: string): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (m) => resolve(m as T));
      this.child.send({ type });
    });
  }

  stats(): Promise<ServerStats> {
    return this.ask('stats');
  }

  /** A full garbage collection in the server (for its memory after setup). */
  gc(): Promise<unknown> {
    return this.ask('gc');
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' });
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** What `POST /api/games` is sent: every War Zone, the demo roster and points, seeded dice. */
export const SEVEN_ZONES = { zones: [...ZONE_IDS], turns: 5, dice: 'seeded', roster: 'demo', startingPoints: 'demo' } as const;

/**
 * The HTTP side of the API, with one person's cookie: node:http on kept-alive connections rather
 * than fetch, whose allocations per request cost the generator more than the server's answer did.
 */
class Api {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });
  constructor(private readonly port: number) {}

  post(path: string, body: unknown, cookie?: string): Promise<{ status: number; json: any; cookie?: string }> {
    const data = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: this.port, path, method: 'POST', agent: this.agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...(cookie ? { cookie } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const set = res.headers['set-cookie']?.find((c) => c.startsWith('wardroom='));
            resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString()), cookie: set?.split(';')[0] });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  }

  async must(path: string, body: unknown, cookie?: string) {
    const r = await this.post(path, body, cookie);
    if (r.status >= 300) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.json)}`);
    return r;
  }
}

interface SeatConn {
  seat: string;
  cookie: string;
  /** The server (node) this seat's browser talks to. */
  api: Api;
  wsBase: string;
  ws: WebSocket;
  /** The newest version this seat's socket has been sent. */
  version: number;
}

/** One action in flight: submitted, waiting for the answer and every seat's frame. */
interface Pending {
  t0: number;
  seat: string;
  action: Action;
  /** The replica's state after the action when it rolls no dice (applied once, before it was sent). */
  unrolled: CwnbState | null;
  /** The version the action makes. */
  version: number;
  /** Seats whose frame with the new version has not come yet. */
  missing: number;
  /** The dice the server rolled for it (from the acting seat's frame), once that frame came. */
  rolled: number[] | null;
  /** Submit to the HTTP answer, ms (null until it came). */
  answered: number | null;
  /** Submit to the first seat's frame, ms (for the trace). */
  first: number | null;
}

export interface Sample {
  /** Submit to the last seat's frame, ms. */
  latency: number;
  /** Submit to the HTTP answer, ms. */
  answer: number;
}

/** Counts and samples of one measured stretch. */
export class Tally {
  samples: Sample[] = [];
  errors = new Map<string, number>();
  /** Arrivals that found no idle campaign (every campaign had an action in flight). */
  skipped = 0;
  submitted = 0;
  error(what: string): void {
    this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
  }
}

/** Frames start with {"type":"events","version":N — read N from the first bytes, without decoding the whole frame. */
const VERSION = /^\{"type":"events","version":(\d+)/;

export class Campaign {
  id = '';
  private state: CwnbState;
  version = 0;
  private seats = new Map<string, SeatConn>();
  private pending: Pending | null = null;
  private readonly chooser: Chooser;
  /** Dice for checking a candidate action on the replica before it is sent (its values do not matter). */
  private readonly trialDice = seededDice('bench-trial');
  tally: Tally | null = null;

  /** With several nodes (issue 11), each seat talks to its own one: seat k of campaign n to node (n + k) mod nodes. */
  constructor(
    private readonly apis: Api[],
    private readonly wsBases: string[],
    readonly n: number,
    options: CwnbOptions,
  ) {
    this.chooser = new Chooser(n);
    this.state = cwnb.setup(options);
  }

  get busy(): boolean {
    return this.pending !== null;
  }

  get over(): boolean {
    return this.state.result !== null;
  }

  /** Create the campaign, have a person claim each seat through an invitation, connect every seat. */
  async setup(): Promise<void> {
    const api = this.apis[this.n % this.apis.length];
    const created = await api.must('/api/games', { ...SEVEN_ZONES, title: `Bench ${this.n}`, name: `Referee ${this.n}` });
    this.id = created.json.id;
    const referee = created.cookie!;
    const seats = cwnb.seats(this.state);
    for (const [k, seat] of seats.entries()) {
      const inv = await api.must(`/api/games/${this.id}/invitations`, { kind: 'seat', seat }, referee);
      const node = (this.n + k) % this.apis.length;
      const claim = await this.apis[node].must(`/api/invitations/${inv.json.token}/claim`, { seats: [seat], name: `${seat} ${this.n}` });
      this.seats.set(seat, { seat, cookie: claim.cookie!, api: this.apis[node], wsBase: this.wsBases[node], ws: null as unknown as WebSocket, version: -1 });
    }
    await Promise.all([...this.seats.values()].map((s) => this.connect(s)));
  }

  private connect(s: SeatConn): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${s.wsBase}/api/games/${this.id}/live?as=${encodeURIComponent(s.seat)}`, { headers: { cookie: s.cookie }, perMessageDeflate: false });
      s.ws = ws;
      let first = true;
      ws.on('message', (data: Buffer) => {
        if (first) {
          first = false;
          resolve();
        }
        this.frame(s, data);
      });
      ws.once('error', reject);
      ws.on('close', (code) => {
        if (first) reject(new Error(`the socket of ${s.seat} closed (${code}) before its first frame`));
        else if (!this.closing) this.tally?.error(`socket closed ${code}`);
      });
    });
  }

  private closing = false;
  close(): void {
    this.closing = true;
    for (const s of this.seats.values()) s.ws.terminate();
  }

  private frame(s: SeatConn, data: Buffer): void {
    const m = VERSION.exec(data.toString('latin1', 0, 48));
    if (!m) return; // a rewind notice
    const version = Number(m[1]);
    const p = this.pending;
    if (p && s.version < p.version && version >= p.version) {
      p.missing--;
      p.first ??= performance.now() - p.t0;
      if (s.seat === p.seat) p.rolled = rollsOf(data.toString(), p.version - 1);
    }
    if (version > s.version) s.version = version;
    if (p) this.settle(p);
  }

  /** Submit one legal action of a seat the game waits on. */
  act(): void {
    const waiting = waitingFor(cwnb, this.state);
    if (!waiting.length) return;
    let action: Action | null = null;
    let unrolled: CwnbState | null = null;
    for (let tries = 0; tries < 200 && !action; tries++) {
      const seat = waiting.length === 1 ? waiting[0] : this.chooser.pick(waiting);
      const a = smartAction(this.chooser, this.state, seat, offeredTypes(cwnb, this.state, seat));
      const dice = new RecordingDice(this.trialDice);
      const r = applyAction(cwnb, this.state, a, dice);
      if (isRuleError(r)) continue;
      action = a;
      if (!dice.produced.length) unrolled = r.state; // no dice: the server's outcome is this one
    }
    const tally = this.tally!;
    if (!action) return tally.error('no legal action found');
    const seat = this.seats.get(action.seat)!;
    const p: Pending = { t0: performance.now(), seat: action.seat, action, unrolled, version: this.version + 1, missing: this.seats.size, rolled: null, answered: null, first: null };
    this.pending = p;
    tally.submitted++;
    seat.api.post(`/api/games/${this.id}/actions`, { action, seen: this.version }, seat.cookie).then(
      (r) => {
        if (r.status !== 200) {
          tally.error(`${r.status} ${r.json?.error?.code ?? ''}`.trim());
          this.pending = null;
          if (r.status === 409 && typeof r.json?.error?.version === 'number') tally.error('replica out of step');
          return;
        }
        p.answered = performance.now() - p.t0;
        this.settle(p);
      },
      (e: Error) => {
        tally.error(`request failed: ${e.message}`);
        this.pending = null;
      },
    );
  }

  private settle(p: Pending): void {
    if (p.answered === null || p.missing > 0 || this.pending !== p) return;
    const latency = performance.now() - p.t0;
    this.tally!.samples.push({ latency, answer: p.answered });
    trace?.log({ k: 'act', game: this.id, v: p.version, t: performance.timeOrigin + p.t0, ans: p.answered, first: p.first, lat: latency });
    if (p.unrolled && !p.rolled?.length) this.state = p.unrolled;
    else {
      const r = applyAction(cwnb, this.state, p.action, new RecordingDice(NO_SEED, p.rolled ?? []));
      if (isRuleError(r)) throw new Error(`campaign ${this.n}: the replica refuses ${p.action.type} stored by the server: ${r.message}`);
      this.state = r.state;
    }
    this.version = p.version;
    this.pending = null;
  }
}

/** The values of the seeded dice rolled by log entry `entry`, from a frame's events. */
function rollsOf(text: string, entry: number): number[] {
  const frame = JSON.parse(text) as { events: { type: string; entry: number; value?: number; physical?: boolean }[] };
  return frame.events.filter((e) => e.type === 'roll' && e.entry === entry && !e.physical).map((e) => e.value!);
}

/** Set up `count` campaigns (numbered from `first`), `parallel` at a time, their seats spread over the servers on `ports`. */
export async function setupCampaigns(ports: number[], count: number, parallel = 8, onProgress?: (done: number) => void, first = 0): Promise<Campaign[]> {
  const apis = ports.map((port) => new Api(port));
  const options = cwnb.parseOptions({ ...SEVEN_ZONES, players: {}, optional: {} });
  if (isRuleError(options)) throw new Error(options.message);
  const campaigns = Array.from({ length: count }, (_, n) => new Campaign(apis, ports.map((port) => `ws://127.0.0.1:${port}`), first + n, options as CwnbOptions));
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < campaigns.length) {
        await campaigns[next++].setup();
        onProgress?.(++done);
      }
    }),
  );
  return campaigns;
}

/**
 * Drive the campaigns at `rate` actions per second in all for `seconds`: arrivals of a Poisson
 * process, each given to a campaign picked at random among those with no action in flight (one
 * action every campaigns/rate seconds per campaign on average). Waits for the last actions to settle.
 * `warm`: the campaigns that have not acted yet go first (a warm-up that reaches every campaign once).
 */
export async function drive(campaigns: Campaign[], rate: number, seconds: number, seed = 1, warm = false): Promise<Tally & { ms: number; loopP99: number }> {
  const tally = new Tally();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  for (const c of campaigns) c.tally = tally;
  const ch = new Chooser(seed);
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  let next = t0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next <= now && next < end) {
        const idle = (warm && campaigns.find((c) => c.version === 0 && !c.busy && !c.over)) || pickIdle(campaigns, ch);
        if (idle) idle.act();
        else tally.skipped++;
        next += (-Math.log(1 - ch.int(0, 999_999) / 1_000_000) / rate) * 1000;
      }
      if (now >= end) resolve();
      else setTimeout(tick, Math.max(0, Math.min(next - now, 5)));
    };
    tick();
  });
  const ms = performance.now() - t0;
  const drainEnd = performance.now() + 10_000;
  while (campaigns.some((c) => c.busy) && performance.now() < drainEnd) await new Promise((r) => setTimeout(r, 5));
  for (const c of campaigns) if (c.busy) tally.error('not settled 10 s after the end');
  delay.disable();
  return Object.assign(tally, { ms, loopP99: delay.percentile(99) / 1e6 });
}

function pickIdle(campaigns: Campaign[], ch: Chooser): Campaign | null {
  for (let tries = 0; tries < 20; tries++) {
    const c = campaigns[ch.int(0, campaigns.length - 1)];
    if (!c.busy && !c.over) return c;
  }
  return campaigns.find((c) => !c.busy && !c.over) ?? null;
}

/** What a generator worker (bench/server-load-worker.ts) reports for one drive. */
export interface DriveResult {
  samples: Sample[];
  errors: Map<string, number>;
  skipped: number;
  ms: number;
  loopP99: number;
}

/**
 * The load generator in `workers` worker threads (WARDROOM_BENCH_GENERATORS, default 1), each with
 * its share of the campaigns, its own V8 heap and a Poisson process at rate / workers (together, one
 * Poisson process at `rate`). Each latency is measured from the submit to the last seat's frame on
 * one worker's clock. More than one worker shortens each GC pause's reach but costs CPU: on 2 cores
 * 4 workers made things worse (bench/README.md).
 */
export class Generators {
  private constructor(private readonly workers: Worker[]) {}

  static async start(ports: number[], campaigns: number, workers: number, trace: string | undefined, onProgress?: (done: number) => void): Promise<Generators> {
    const per = Math.ceil(campaigns / workers);
    const counts = Array.from({ length: workers }, (_, i) => Math.max(0, Math.min(per, campaigns - i * per))).filter((n) => n > 0);
    let done = 0;
    const ws = counts.map((count, i) => new Worker(new URL('./server-load-worker.mjs', import.meta.url), { workerData: { ports, count, first: i * per, parallel: Math.max(1, Math.round(8 / counts.length)), trace, name: `generator-${i}` } }));
    const g = new Generators(ws);
    for (const w of ws) w.on('message', (m: { type: string }) => m.type === 'progress' && onProgress?.(++done));
    await Promise.all(ws.map((w) => g.ask(w, { type: 'setup' })));
    return g;
  }

  private ask<T>(w: Worker, message: unknown): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type === 'progress') return;
        w.off('message', onMessage);
        w.off('error', reject);
        resolve(m as T);
      };
      w.on('message', onMessage);
      w.once('error', reject);
      w.postMessage(message);
    });
  }

  /** Every worker drives its campaigns for `seconds`; the samples and errors of all of them. */
  async drive(rate: number, seconds: number, seed: number, warm = false): Promise<DriveResult & { cpu: number }> {
    const cpu0 = process.cpuUsage(); // the whole process: every worker thread
    const t0 = performance.now();
    const parts = await Promise.all(this.workers.map((w, i) => this.ask<DriveResult>(w, { type: 'drive', rate: rate / this.workers.length, seconds, seed: seed * 100 + i, warm })));
    const cpu = process.cpuUsage(cpu0);
    const errors = new Map<string, number>();
    for (const p of parts) for (const [k, v] of p.errors) errors.set(k, (errors.get(k) ?? 0) + v);
    const ms = Math.max(...parts.map((p) => p.ms));
    return {
      samples: parts.flatMap((p) => p.samples),
      errors,
      skipped: parts.reduce((n, p) => n + p.skipped, 0),
      ms,
      loopP99: Math.max(...parts.map((p) => p.loopP99)),
      cpu: (cpu.user + cpu.system) / 1000 / (performance.now() - t0),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => this.ask(w, { type: 'close' })));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
