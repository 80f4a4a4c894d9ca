/**
 * Real `wardroom serve` processes on loopback (issue 9's durability test, issue 11's nodes): one or
 * several nodes on one database, each with its own port, the same cookie key (a person signed in
 * on one node is signed in on every node), and a browser-like HTTP client that keeps its cookie.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { BIN, ROOT } from './cli.ts';
import { freePort } from './ports.ts';

export interface ServeOptions {
  /** The data folder (cookie key, and the SQLite file when there is no databaseUrl). */
  data: string;
  /** A postgres:// URL, or '' for SQLite in the data folder. */
  databaseUrl: string;
  /** The port (default: a free one). */
  port?: number;
  /** More `wardroom serve` arguments. */
  args?: string[];
  env?: Record<string, string>;
}

/** One running `wardroom serve`. */
export class Node {
  out = '';
  constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly id: string,
  ) {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (this.out += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (this.out += d));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Stop it (kill -9 by default) and wait until it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.running) return;
    const gone = new Promise((r) => this.child.once('exit', r));
    this.child.kill(signal);
    await gone;
  }
}

const children = new Set<Node>();
/** Kill every node a test file started (its afterAll). */
export async function killAll(): Promise<void> {
  await Promise.all([...children].map((n) => n.kill()));
  children.clear();
}

/** The same 32-byte key for every node of a test file: cookies work on all of them. */
const SECRET = randomBytes(32).toString('hex');

/** Spawn `wardroom serve` (not waiting for it to start). */
export async function spawnNode(opts: ServeOptions, id = 'node'): Promise<Node> {
  const port = opts.port ?? (await freePort());
  const env = { ...process.env, DATABASE_URL: opts.databaseUrl, WARDROOM_SECRET_KEY: SECRET, WARDROOM_NODE_ID: id, ...opts.env };
  const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data', opts.data, '--log-level', 'warn', ...(opts.args ?? [])], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const node = new Node(child, `http://127.0.0.1:${port}`, id);
  children.add(node);
  return node;
}

/** Start `wardroom serve`; resolves once it says it is running. */
export async function serve(opts: ServeOptions, id = 'node'): Promise<Node> {
  const node = await spawnNode(opts, id);
  const deadline = Date.now() + 30_000;
  while (!node.out.includes('Wardroom is running')) {
    if (!node.running || Date.now() > deadline) throw new Error(`wardroom serve (${id}) did not start: ${node.out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return node;
}

/** Several nodes on one database. */
export function serveNodes(n: number, opts: ServeOptions): Promise<Node[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => serve(opts, `node-${String.fromCharCode(97 + i)}`)));
}

/** A browser over real HTTP, keeping its cookie; `base` may change (another node). */
export class HttpClient {
  cookie = '';
  constructor(public base: string | (() => string)) {}

  get url(): string {
    return typeof this.base === 'string' ? this.base : this.base();
  }

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(this.url + path, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('wardroom='));
    if (set) this.cookie = set.split(';')[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  get(path: string) {
    return this.call('GET', path);
  }

  post(path: string, body: unknown = {}) {
    return this.call('POST', path, body);
  }
}

/** A game's live WebSocket on one node, as a browser holds it: every frame kept, in order. */
export class LiveSocket {
  readonly frames: any[] = [];
  readonly raw: string[] = [];
  readonly closed: Promise<number>;
  private readonly ws: WebSocket;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => {
      this.raw.push(String(data));
      this.frames.push(JSON.parse(String(data)));
    });
    this.closed = new Promise((r) => ws.on('close', (code) => r(code)));
    ws.on('error', () => {});
  }

  static async open(client: HttpClient, game: string, query: Record<string, string> = {}): Promise<LiveSocket> {
    const q = new URLSearchParams(query);
    const ws = new WebSocket(`${client.url.replace('http', 'ws')}/api/games/${game}/live?${q}`, { headers: { cookie: client.cookie } });
    const socket = new LiveSocket(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    await socket.until(() => socket.frames.length > 0, 10_000); // the catch-up frame
    return socket;
  }

  /** Every event received, in order. */
  get events(): { seq: number; entry: number; type: string }[] {
    return this.frames.filter((f) => f.type === 'events').flatMap((f) => f.events);
  }

  /** The game's version in the last events frame (-1: none yet). */
  get version(): number {
    const last = this.frames.filter((f) => f.type === 'events').pop();
    return last ? last.version : -1;
  }

  async until(done: () => boolean, ms = 5000): Promise<void> {
    const t0 = Date.now();
    while (!done()) {
      if (Date.now() - t0 > ms) throw new Error(`no such frame within ${ms} ms; frames: ${JSON.stringify(this.frames).slice(-500)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  close(): void {
    this.ws.close();
  }
}
