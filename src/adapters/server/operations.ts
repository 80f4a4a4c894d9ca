import type { DestinationStream } from 'pino';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { HttpError } from './http-errors.ts';

/**
 * Operations (issue 11): liveness and readiness for a load balancer, the request log as JSON
 * lines without secrets, and the graceful shutdown of a node (readiness says no, live sockets are
 * told to reconnect elsewhere, in-flight requests finish, the database is closed, all bounded).
 */

/** WebSocket close code 1012 "service restart": the web app reconnects at once (web/src/live.ts), maybe to another node. */
export const RESTART_CLOSE_CODE = 1012;
export const RESTART_CLOSE_REASON = 'server restarting: reconnect';

/** Paths that carry a secret token (the API's and the web app's pages): the token is replaced in what is logged. */
const TOKEN_PATHS = /^(\/(?:api\/invitations|api\/magic|invite|magic)\/)[^/?#]+/;

/** The URL as it may be logged: no invitation or sign-in token, no query string values that could be one. */
export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  const safe = path.replace(TOKEN_PATHS, '$1[redacted]');
  return query === undefined ? safe : `${safe}?${query.replace(/(^|&)(token|key|secret)=[^&]*/gi, '$1$2=[redacted]')}`;
}

export interface LogOptions {
  /** pino's level: trace, debug, info (default), warn, error, fatal, silent. */
  level?: string;
  /** Where the JSON lines go (default stdout); tests capture them. */
  stream?: DestinationStream;
}

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** Fastify's pino options: JSON lines; cookies and tokens never written (redact is a second line of defence). */
export function loggerOptions(o: LogOptions) {
  return {
    level: o.level ?? 'info',
    ...(o.stream ? { stream: o.stream } : {}),
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers["set-cookie"]', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: redactUrl(req.url ?? '') }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** The game a request is about, when its path names one. */
function gameOf(request: FastifyRequest): string | undefined {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && request.url.startsWith('/api/games/') ? id : undefined;
}

/** One JSON line per request once answered: id, method, url (tokens redacted), status, time, game. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, game: gameOf(request) }, 'request');
  });
}

/** Whether this node is going away (set by `shutdown`). */
export interface NodeState {
  draining: boolean;
  /** Whether this node hears of other nodes' changes (issue 11: its listening connection is up); absent: one node. */
  listening?: () => boolean;
}

/** What readiness found wrong; empty: ready. */
export async function notReady(db: Kysely<Database>, state: NodeState, migrationsAtStart: number): Promise<string[]> {
  const problems: string[] = [];
  if (state.draining) problems.push('shutting-down');
  if (state.listening && !state.listening()) problems.push('live-updates');
  try {
    // A database that hangs is as unready as one that refuses: 2 s at most.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000)));
    await Promise.race([sql`select 1`.execute(db), late]).finally(() => clearTimeout(timer));
  } catch {
    problems.push('database');
    return problems;
  }
  // The node migrated the schema before it started (its migrations are these many); fewer now
  // means the database was swapped for an older one (a restore) underneath it. More is fine: a
  // newer node applied its own, which this one does not need.
  const applied = await appliedMigrations(db);
  if (migrationsAtStart === 0 || applied < migrationsAtStart) problems.push('migrations');
  return problems;
}

/** How many migrations the database has (the server is built after they ran: this code's number). */
export async function appliedMigrations(db: Kysely<Database>): Promise<number> {
  try {
    return Number((await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(db)).rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}

/** What each value of readiness's `notReady` means (docs/api.md and docs/deployment.md list them all). */
export const NOT_READY_MESSAGE: Record<string, string> = {
  'shutting-down': 'this server is shutting down',
  database: 'the database does not answer',
  migrations: 'the database schema is older than this server (migrations not applied)',
  'live-updates': 'this server does not hear of other servers\' changes (its listening connection to the database is being made again)',
};

/**
 * `GET /api/health` (the process answers) and `GET /api/ready` (it can serve: database answers,
 * schema migrated, not shutting down). Neither needs a session nor counts against the rate limit.
 * While draining, every other request is refused with a typed 503 so the client retries elsewhere.
 */
export function registerOperationsRoutes(app: FastifyInstance, db: Kysely<Database>, state: NodeState, migrationsAtStart: number): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!state.draining) return;
    const path = request.url.split('?')[0];
    if (path === '/api/health' || path === '/api/ready') return;
    reply.header('retry-after', '1');
    throw new HttpError(503, 'shutting-down', 'This server is restarting: try again in a moment.');
  });
  // While draining every answer closes its connection: a keep-alive connection would otherwise
  // hold the closing server open until its idle timeout (Fastify's 72 s), past the shutdown's.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (state.draining) reply.header('connection', 'close');
    return payload;
  });
  app.get('/api/health', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { config: { rateLimit: false } }, async (_request, reply) => {
    const problems = await notReady(db, state, migrationsAtStart);
    if (!problems.length) return { status: 'ready' };
    reply.header('retry-after', '1');
    throw new HttpError(503, 'not-ready', `Not ready: ${problems.map((p) => NOT_READY_MESSAGE[p]).join('; ')}.`, { notReady: problems });
  });
}

export interface ShutdownOptions {
  /** After this long, give up waiting and resolve anyway (default 10 s). */
  timeoutMs?: number;
  /** Readiness answers 503 this long before the listener closes, so a load balancer stops sending (default 0). */
  graceMs?: number;
}

/**
 * Stop this node gracefully: readiness 503 (and new requests refused), every live WebSocket
 * closed with 1012 so browsers reconnect at once (to another node behind a balancer), then
 * Fastify's close (no new connections; in-flight requests are answered), then the database.
 * Resolves true when all of it finished, false when the timeout cut it short.
 */
export async function shutdown(app: FastifyInstance, db: Kysely<Database>, state: NodeState, o: ShutdownOptions = {}): Promise<boolean> {
  state.draining = true;
  app.log.info({ timeoutMs: o.timeoutMs ?? 10_000 }, 'shutting down: draining');
  const clients = (app as FastifyInstance & { websocketServer?: { clients?: Set<{ close(code: number, reason: string): void }> } }).websocketServer?.clients ?? new Set();
  for (const ws of clients) ws.close(RESTART_CLOSE_CODE, RESTART_CLOSE_REASON);
  const work = (async () => {
    if (o.graceMs) await new Promise((r) => setTimeout(r, o.graceMs));
    await app.close();
    await db.destroy();
    return true;
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), o.timeoutMs ?? 10_000)));
  const done = await Promise.race([work, timeout]);
  clearTimeout(timer);
  if (!done) app.log.warn('shutdown timed out: exiting with requests still open');
  return done;
}
