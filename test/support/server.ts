/**
 * Wardroom online in a test (issue 9): the real server (`buildServer`) on a real SQLite file in a
 * temporary folder, driven through Fastify's `inject`, and people as clients that keep their
 * cookie and record every answer they receive (and, once the server listens, every WebSocket
 * frame), so a test can search all of it for a secret.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { buildServer, type Ctx, type ServerOptions } from '../../src/adapters/server/app.ts';
import { openDatabase } from '../../src/adapters/storage/database.ts';
import { freshDatabase } from './postgres.ts';
import type { Action, ActionSpec, Fields } from '../../src/engine/module.ts';
import type { GameRecord } from '../../src/engine/session.ts';

/** A game file of examples/cwnb/. */
export const example = (name: string): GameRecord => JSON.parse(readFileSync(new URL(`../../examples/cwnb/${name}`, import.meta.url), 'utf8')) as GameRecord;

/** An answer: its status, its body as JSON (null when it is not JSON), its headers. */
export interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export class TestServer {
  url = '';
  private readonly clients: Client[] = [];
  private readonly sockets: WebSocket[] = [];

  constructor(
    readonly app: FastifyInstance,
    readonly ctx: Ctx,
    readonly dir: string,
  ) {}

  /** A person's browser: no cookie yet. */
  person(name: string): Client {
    const c = new Client(this, name);
    this.clients.push(c);
    return c;
  }

  /** Listen on a free loopback port (for WebSockets). */
  async listen(): Promise<string> {
    if (!this.url) this.url = await this.app.listen({ port: 0, host: '127.0.0.1' });
    return this.url;
  }

  track(ws: WebSocket): void {
    this.sockets.push(ws);
  }

  async close(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    await this.app.close();
    await this.ctx.store.db.destroy();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Which database the server tests run on: 'postgres' in vitest's PostgreSQL project (vitest.config.ts), else 'sqlite'. */
export const TEST_DB: 'sqlite' | 'postgres' = process.env.WARDROOM_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * Where a fresh test server keeps its data: a new SQLite file in `dir`, or on PostgreSQL (issue
 * 11) a new empty database on the run's throwaway cluster (test/support/postgres.ts).
 */
export async function freshDatabaseUrl(dir: string, on: 'sqlite' | 'postgres' = TEST_DB): Promise<string> {
  return on === 'postgres' ? freshDatabase(inject('postgresUrl')) : join(dir, 'wardroom.sqlite');
}

/** The server on a fresh database (SQLite or PostgreSQL: `TEST_DB`, or `opts.database`); no rate limit unless asked (a test plays hundreds of requests a minute). */
export async function startServer(opts: Partial<ServerOptions> & { database?: 'sqlite' | 'postgres' } = {}): Promise<TestServer> {
  const { database, ...rest } = opts;
  opts = rest;
  const dir = mkdtempSync(join(tmpdir(), 'wardroom-server-test-'));
  const db = await openDatabase(await freshDatabaseUrl(dir, database));
  // Webhooks to loopback: the tests' receivers listen there.
  const { app, ctx } = await buildServer({ rateLimit: false, secretKey: randomBytes(32), ...opts, notify: { privateWebhooks: true, ...opts.notify }, db, webRoot: null });
  return new TestServer(app, ctx, dir);
}

/** The `wardroom=…` pair of a set-cookie header, as the browser sends it back (null: none set). */
export function cookieOf(headers: Answer['headers']): string | null {
  const set = headers['set-cookie'];
  const all = Array.isArray(set) ? set : set === undefined ? [] : [String(set)];
  const mine = all.find((c) => c.startsWith('wardroom='));
  return mine ? mine.split(';')[0] : null;
}

/** A person's browser: keeps its cookie, records everything it receives. */
export class Client {
  cookie: string | null = null;
  /** Every response body and WebSocket frame received, in order. */
  readonly received: string[] = [];

  constructor(
    readonly server: TestServer,
    readonly name: string,
  ) {}

  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, opts: { headers?: Record<string, string>; payload?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...(this.cookie ? { cookie: this.cookie } : {}), ...opts.headers };
    let payload = opts.payload;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.server.app.inject({ method, url, headers, payload });
    const cookie = cookieOf(res.headers);
    if (cookie) this.cookie = cookie === 'wardroom=' ? null : cookie;
    this.received.push(res.body);
    let json: unknown = null;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = null;
    }
    return { status: res.statusCode, body: json, text: res.body, headers: res.headers };
  }

  get(url: string): Promise<Answer> {
    return this.call('GET', url);
  }

  post(url: string, body: unknown = {}): Promise<Answer> {
    return this.call('POST', url, body);
  }

  /** The game page as one of my viewers. */
  async page(game: string, as?: string): Promise<any> {
    const r = await this.get(`/api/games/${game}${as ? `?as=${encodeURIComponent(as)}` : ''}`);
    if (r.status !== 200) throw new Error(`${this.name}: GET game ${r.status} ${r.text}`);
    return r.body;
  }

  /** Submit an action at the version I saw (by default the one the game is at now); the answer as it came. */
  async submit(game: string, action: Action, seen?: number): Promise<Answer> {
    const version = seen ?? (await this.page(game)).game.version;
    return this.post(`/api/games/${game}/actions`, { action, seen: version });
  }

  /** Submit an action that must be accepted; the new version. */
  async act(game: string, action: Action, seen?: number): Promise<number> {
    const r = await this.submit(game, action, seen);
    if (r.status !== 200) throw new Error(`${this.name}: ${action.type} by ${action.seat} refused: ${r.status} ${r.text}`);
    return r.body.version as number;
  }

  /** Connect the game's live WebSocket as the server listening (frames are recorded in `received`). */
  async live(game: string, opts: { as?: string; after?: number | string; origin?: string } = {}): Promise<Live> {
    const base = (await this.server.listen()).replace(/^http/, 'ws');
    const q = new URLSearchParams({ after: String(opts.after ?? -1), ...(opts.as ? { as: opts.as } : {}) });
    const ws = new WebSocket(`${base}/api/games/${game}/live?${q}`, { headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(opts.origin ? { origin: opts.origin } : {}) } });
    this.server.track(ws);
    const live = new Live(ws, this);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    // Subscribed once the server's first frame (the catch-up, or a refusal) came: the socket opens
    // before the server has checked who connects, which takes longer on PostgreSQL than on SQLite,
    // and a frame that is not in the log (a rematch, a chat message) sent before then is not replayed.
    await live.until(() => true).catch(() => {});
    return live;
  }
}

/** A connected WebSocket: its frames, and a wait for the one a test expects. */
export class Live {
  readonly frames: any[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  constructor(
    readonly ws: WebSocket,
    client: Client,
  ) {
    ws.on('message', (data) => {
      const text = String(data);
      client.received.push(text);
      this.frames.push(JSON.parse(text));
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Wait (at most `ms`) until a frame satisfies `pred`; the frame. */
  async until(pred: (frame: any) => boolean, ms = 5000): Promise<any> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.frames.find(pred);
      if (hit) return hit;
      if (this.closed) throw new Error(`the WebSocket closed (${this.closed.code} ${this.closed.reason}) before the frame came`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such frame within ${ms} ms; frames: ${JSON.stringify(this.frames).slice(-400)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Wait for the events frame of `version` (or later). */
  version(version: number, ms?: number): Promise<any> {
    return this.until((f) => f.type === 'events' && f.version >= version, ms);
  }

  close(): void {
    this.ws.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Campaigns

/** The create form of the two-zone example game (examples/cwnb/two-zone.json): physical dice, 3 turns. */
export const TWO_ZONE_FORM = { zones: ['mediterranean', 'north-atlantic'], turns: 3, dice: 'physical', roster: 'demo', startingPoints: 'demo' } as const;

/** A campaign created by `referee` (POST /api/games); its id. */
export async function createCampaign(referee: Client, form: Record<string, unknown> = TWO_ZONE_FORM): Promise<string> {
  const r = await referee.post('/api/games', { name: referee.name, ...form });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${r.text}`);
  return r.body.id as string;
}

/** An invitation link's token (the referee asks). */
export async function invite(referee: Client, game: string, kind: 'seat' | 'team' | 'table' | 'spectator', which: { seat?: string; team?: string } = {}): Promise<string> {
  const r = await referee.post(`/api/games/${game}/invitations`, { kind, ...which });
  if (r.status !== 201) throw new Error(`invite: ${r.status} ${r.text}`);
  return r.body.token as string;
}

/** Claim seats with an invitation (a new person gives a name). */
export function claim(person: Client, token: string, seats: string[]): Promise<Answer> {
  return person.post(`/api/invitations/${token}/claim`, { seats, name: person.name });
}

export const ALLIED = ['allied:mediterranean', 'allied:north-atlantic'];
export const SOVIET = ['soviet:mediterranean', 'soviet:north-atlantic'];

/**
 * A two-zone campaign with the referee Rita, Ann holding both Allied seats and Boris both Soviet
 * seats (team invitations), and a spectator Sam when asked.
 */
export async function twoTeamGame(server: TestServer, form: Record<string, unknown> = TWO_ZONE_FORM) {
  const referee = server.person('Rita');
  const id = await createCampaign(referee, form);
  const allied = server.person('Ann');
  const soviet = server.person('Boris');
  const spectator = server.person('Sam');
  for (const [p, team, seats] of [
    [allied, 'allied', ALLIED],
    [soviet, 'soviet', SOVIET],
  ] as const) {
    const r = await claim(p, await invite(referee, id, 'team', { team }), [...seats]);
    if (r.status !== 200) throw new Error(`claim: ${r.status} ${r.text}`);
  }
  const r = await claim(spectator, await invite(referee, id, 'spectator'), []);
  if (r.status !== 200) throw new Error(`spectator: ${r.status} ${r.text}`);
  /** Who plays a seat. */
  const holder = (seat: string) => (seat.startsWith('allied:') ? allied : soviet);
  return { id, referee, allied, soviet, spectator, holder };
}

/**
 * The actions of the two-zone example game, in an order where the Allied player commits first in
 * both War Zones of turn 1 (their commitments then wait, secret, for the Soviet ones: 6.C.4).
 */
export function exampleActions(): Action[] {
  const log = example('two-zone.json').log as Action[];
  const out = [...log];
  for (const i of [48, 50]) {
    if (out[i].type !== 'commit' || !out[i].seat.startsWith('soviet:') || out[i + 1].type !== 'commit') throw new Error('two-zone.json changed: commits of turn 1 not where expected');
    [out[i], out[i + 1]] = [out[i + 1], out[i]];
  }
  return out.map(({ rolled: _r, ...a }: Action & { rolled?: unknown }) => a);
}

/**
 * Import `record` cut after `cut` log entries (with its seed) as the referee Rita; Ann takes the
 * Allied seats, Boris the Soviet ones, Sam watches.
 */
export async function importCut(server: TestServer, record: GameRecord, cut: number, title: string) {
  const referee = server.person('Rita');
  const r = await referee.post('/api/import', { file: JSON.stringify({ ...record, log: record.log.slice(0, cut) }), title });
  if (r.status !== 201) throw new Error(`import: ${r.status} ${r.text}`);
  const id = r.body.id as string;
  const seats = (await referee.page(id)).seats as { seat: string; team: string }[];
  const teams = { allied: server.person('Ann'), soviet: server.person('Boris') };
  for (const team of ['allied', 'soviet'] as const) {
    const mine = seats.filter((s) => s.team === team).map((s) => s.seat);
    const c = await claim(teams[team], await invite(referee, id, 'team', { team }), mine);
    if (c.status !== 200) throw new Error(`claim: ${c.status} ${c.text}`);
  }
  const spectator = server.person('Sam');
  const c = await claim(spectator, await invite(referee, id, 'spectator'), []);
  if (c.status !== 200) throw new Error(`spectator: ${c.status} ${c.text}`);
  return { id, seed: r.body.seed as boolean, referee, ...teams, teams, spectator, seats };
}

/** An action from its spec, as the generic form sends it untouched: each field's default, else its first option. */
export function fill(spec: ActionSpec, seat: string): Record<string, unknown> {
  const out: Record<string, unknown> = { type: spec.type, seat };
  const put = (fields: Fields | undefined) => {
    for (const [key, f] of Object.entries(fields ?? {})) {
      let v: unknown = f.default;
      if (v === undefined && f.kind === 'choice') v = f.options[0]?.value;
      if (v === undefined && f.kind === 'subset') v = f.options.slice(0, f.min ?? 0).map((o) => o.value);
      if (v === undefined && f.kind === 'int') v = f.min ?? 0;
      if (v === undefined && f.kind === 'bool') v = false;
      if (v === undefined) throw new Error(`field ${key} (${f.kind}) of ${spec.type} has no default to fill`);
      out[key] = v;
      if (f.kind === 'choice') put(f.options.find((o) => o.value === v)?.fields);
    }
  };
  put(spec.fields);
  return out;
}
