import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySecureSession from '@fastify/secure-session';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isRuleError } from '../../engine/errors.ts';
import { MODULES } from '../../modules/index.ts';
import { ChatStore } from '../storage/chat.ts';
import { GameStore, isDatabaseUnavailable, isSqlite, isTimeout, type Database } from '../storage/database.ts';
import { People } from '../storage/people.ts';
import { deliverChat, registerChatRoutes } from './chat-routes.ts';
import { Deadlines } from './deadlines.ts';
import { registerGameRoutes } from './game-routes.ts';
import { registerHistoryRoutes } from './history-routes.ts';
import { databaseUnavailable, HttpError } from './http-errors.ts';
import { LiveHub, inProcessBroadcast, type Broadcast } from './live.ts';
import { registerNotificationRoutes } from './notification-routes.ts';
import { appliedMigrations, loggerOptions, registerOperationsRoutes, registerRequestLog, shutdown, type LogOptions, type NodeState, type ShutdownOptions } from './operations.ts';
import { Notifications, systemClock, type Clock, type SenderOptions } from './notifications.ts';
import { registerPeopleRoutes } from './people-routes.ts';
import { localPresence, PresenceNews, SharedPresence } from './presence.ts';
import { sharedRateLimitStore } from './rate-limit-store.ts';
import { registerOddsRoutes } from './odds-routes.ts';
import { registerRematchRoutes } from './rematch.ts';
import { registerRecordRoutes } from './record-routes.ts';
import type { Ctx, Mailer } from './context.ts';

export type { Ctx, Mailer };

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The server-side session row the cookie names. */
    sid: string;
  }
}

export interface ServerOptions {
  db: Kysely<Database>;
  /** 32 bytes that seal the session cookie (kept in the data folder). */
  secretKey: Buffer;
  /** Where the built web app is (default dist/web); null: API only. */
  webRoot?: string | null;
  /** The address links point at ("http://localhost:8080"). */
  baseUrl?: string;
  /** Requests per minute per person (or address), or false for none (the load benchmark). */
  rateLimit?: number | false;
  mailer?: Mailer;
  broadcast?: Broadcast;
  /** Structured logs (JSON lines, issue 11): true = info to stdout; or a level and a stream. */
  logger?: boolean | LogOptions;
  /** The time for notifications and deadlines (tests: a clock they move). */
  clock?: Clock;
  /** Retries, backoff, rate cap and the webhook POST of the notification sender. */
  notify?: SenderOptions;
  /** Send due notifications and deadline events every this many ms (wardroom serve); default: never (tests call runDue). */
  tickEveryMs?: number;
  /**
   * Several server processes (nodes) share this database (issue 11). Default: on PostgreSQL yes,
   * on SQLite no (one process owns the file). Shared: a game's session is checked against the
   * stored version before each use, presence and rate limits live in the database, work is
   * claimed from tables.
   */
  shared?: boolean;
  /** This process's name among the nodes (logs, presence rows); default: random. */
  nodeId?: string;
  /** How long after a person's last socket closes they are told away on the game page (default 5 s: a reload is not a leave). */
  presenceGraceMs?: number;
}

/** Do what is due now: the deadlines' events, then the outbox (the loop of `wardroom serve`, and tests). */
export async function runDue(ctx: Ctx): Promise<void> {
  await ctx.notifications.idle();
  await ctx.deadlines.runDue();
  await ctx.notifications.runDue();
}

const here = fileURLToPath(new URL('.', import.meta.url));
/** dist/web beside src/ or dist/ (the server runs from either). */
const DEFAULT_WEB_ROOT = [join(here, '../../../dist/web'), join(here, '../../web')].find((p) => existsSync(join(p, 'index.html'))) ?? null;

/** The Wardroom server: the API, live updates and the web app, around the engine and one database. */
export async function buildServer(opts: ServerOptions): Promise<{ app: FastifyInstance; ctx: Ctx; state: NodeState; shutdown: (o?: ShutdownOptions) => Promise<boolean> }> {
  const logger = opts.logger ? loggerOptions(opts.logger === true ? {} : opts.logger) : false;
  const app = Fastify({
    logger,
    bodyLimit: 256 * 1024,
    trustProxy: false,
    // One line per request from registerRequestLog (with the game, tokens redacted), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A reverse proxy's request id (nginx: $request_id) ties its log to ours.
    requestIdHeader: 'x-request-id',
    // Otherwise this process's random prefix and a count, so the lines of several nodes never share
    // one ("req-1" on each); random bytes per request cost 50 µs each on the 2-core machine (bench/README.md).
    genReqId: requestIds(),
    // Draining answers with a typed 503 of our own (operations.ts), not Fastify's untyped one.
    return503OnClosing: false,
  });
  // Bodies are JSON only: a text body (JSON sent as text/plain) is a 415 naming the fix, not a string the schemas refuse.
  app.removeContentTypeParser('text/plain');
  const state: NodeState = { draining: false };
  const migrationsAtStart = await appliedMigrations(opts.db);
  const shared = opts.shared ?? !isSqlite(opts.db);
  const nodeId = opts.nodeId ?? `node-${randomBytes(4).toString('hex')}`;
  const store = new GameStore(opts.db, { soleWriter: !shared });
  const people = new People(opts.db, { soleWriter: store.soleWriter });
  const broadcast = opts.broadcast ?? inProcessBroadcast();
  if (broadcast.listening) state.listening = () => broadcast.listening!();
  const sessionOrNull = async (game: string, atLeast?: number) => {
    const meta = await store.meta(game);
    const module = meta && MODULES[meta.module];
    if (!module) return null;
    const s = await store.session(module, game, atLeast);
    return isRuleError(s) ? null : s;
  };
  const hub = new LiveHub(sessionOrNull);

  const baseUrl = opts.baseUrl ?? 'http://localhost:8080';
  // No mail server given: the mail is dropped with a log line naming it, never its text (its links hold tokens).
  const mailer: Mailer = opts.mailer ?? { send: async (to, subject) => app.log.info({ to, subject }, 'mail not sent: no mail server') };
  const clock = opts.clock ?? systemClock;
  const titleOf = async (game: string) => (await store.meta(game))?.title ?? game;
  // Issue 11: with several nodes, who is connected lives in the database (presence.ts), the outbox
  // and the waiting sets are claimed there (notifications.ts), and so are rate-limit counts.
  const presence = shared ? new SharedPresence(opts.db, hub, nodeId, clock, { onError: (e) => app.log.error(e) }).start() : localPresence(hub);
  app.addHook('onClose', () => presence.close());
  const seatsOf = async (game: string, personId: string) => (await people.holders(game)).flatMap((h) => (h.person_id === personId && h.seat ? [h.seat] : []));
  const presenceNews = new PresenceNews(hub, presence, seatsOf, (game, frame) => broadcast.publish({ kind: 'frame', game, frame }), opts.presenceGraceMs ?? 5000, (e) => app.log.error(e));
  app.addHook('onClose', async () => presenceNews.close());
  const notifications = new Notifications(opts.db, people, sessionOrNull, titleOf, presence, clock, mailer, () => ctx.baseUrl, opts.notify);
  if (presence instanceof SharedPresence) {
    presence.lost = (game, personId) => {
      presenceNews.lost(game, personId);
      notifications.connectionLost(game, personId).catch((e) => app.log.error(e));
    };
    presence.back = (game, personId) => presenceNews.back(game, personId);
  }
  notifications.shared = shared;
  const deadlines = new Deadlines(opts.db, people, notifications, clock, titleOf, (game) => broadcast.publish({ kind: 'frame', game, frame: { type: 'deadline' } }));
  notifications.onNewWaiting = (game, _seats, over) => (over ? deadlines.end(game) : deadlines.rearm(game));

  const personOf = async (request: FastifyRequest) => {
    const sid = request.session.get('sid');
    return typeof sid === 'string' ? people.sessionPerson(sid) : null;
  };
  const ctx: Ctx = {
    store,
    people,
    chat: new ChatStore(opts.db),
    hub,
    presence,
    presenceNews,
    broadcast,
    mailer,
    notifications,
    deadlines,
    // A chat message notifies its readers who are not connected, like a turn does (never its text).
    onChat: (game, message, recipients, channelName) => notifications.notifyChat(game, recipients, message.author, channelName),
    baseUrl,
    clock,
    personOf,
    async requirePerson(request) {
      const person = await personOf(request);
      if (!person) throw new HttpError(401, 'no-session', 'You are not signed in here: open your invitation link, or ask for a sign-in link.');
      return person;
    },
    async signIn(request, personId) {
      request.session.set('sid', await people.openSession(personId));
    },
    async moduleOf(game) {
      const meta = await store.meta(game);
      if (!meta) throw new HttpError(404, 'no-such-game', `There is no game "${game}".`);
      const module = MODULES[meta.module];
      if (!module) throw new HttpError(422, 'unknown-module', `This server does not know the rules module "${meta.module}".`);
      return module;
    },
    async sessionOf(game) {
      const s = await store.session(await ctx.moduleOf(game), game);
      if (isRuleError(s)) throw new HttpError(422, s.code, `The stored game does not replay: ${s.message}`);
      return s;
    },
  };

  // What every node does with a notice; the work done once per change (notifications) only by the node that made it.
  const logError = (e: unknown) => app.log.error(e);
  const stopListening = broadcast.subscribe((notice, local) => {
    if (notice.kind === 'log') {
      hub.changed(notice.game, notice.version).catch(logError);
      if (local) notifications.changed(notice.game, notice.version).catch(logError);
    } else if (notice.kind === 'frame') {
      if (notice.frame.type === 'title') store.forgetMeta(notice.game);
      hub.notify(notice.game, notice.frame);
    }
    else if (notice.kind === 'chat') {
      if (!local) deliverChat(ctx, notice.game, notice.channel, notice.seq).catch(logError);
    } else {
      store.forgetMeta(); // a rename may be among the notices missed
      hub.resync().catch(logError);
    }
  });
  app.addHook('onClose', async () => {
    stopListening();
    await broadcast.close();
  });

  await app.register(fastifySecureSession, {
    key: opts.secretKey,
    cookieName: 'wardroom',
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 * 60 * 24 * 365 },
  });
  if (opts.rateLimit !== false) {
    await app.register(fastifyRateLimit, {
      max: opts.rateLimit ?? 600,
      // The database out of reach: let requests through (the page and its files need none) rather than fail them all.
      ...(shared ? { store: sharedRateLimitStore(opts.db), skipOnError: true } : {}),
      timeWindow: '1 minute',
      keyGenerator: (request) => request.session.get('sid') ?? request.ip,
      errorResponseBuilder: (_request, context) => new HttpError(429, 'too-many-requests', `Too many requests: wait ${Math.ceil(context.ttl / 1000)} s and try again.`),
    });
  }
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer'); // invitation and sign-in tokens are in URLs
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'");
    return payload;
  });
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply: FastifyReply) => {
    if (error instanceof HttpError) return reply.status(error.status).send(error.body());
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(new HttpError(413, 'too-large', 'The request is too large.').body());
    if (status === 429) return reply.status(429).send(new HttpError(429, 'too-many-requests', error.message).body());
    if (status === 415) return reply.status(415).send(new HttpError(415, 'bad-content-type', 'Send JSON (Content-Type: application/json).').body());
    if (status < 500) return reply.status(status).send(new HttpError(status, 'bad-request', `The request is not understood: ${error.message}.`).body());
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: error.code }, `database unavailable: ${error.message}`);
      return reply.status(503).header('retry-after', '5').send(databaseUnavailable(isTimeout(error)).body());
    }
    request.log.error(error);
    return reply.status(500).send({ error: { code: 'server-error', message: 'Something went wrong on the server; nothing was changed. Try again.' } });
  });

  if (logger) registerRequestLog(app);
  registerOperationsRoutes(app, opts.db, state, migrationsAtStart);
  registerPeopleRoutes(app, ctx);
  registerGameRoutes(app, ctx);
  registerChatRoutes(app, ctx);
  registerRematchRoutes(app, ctx);
  registerOddsRoutes(app);
  registerNotificationRoutes(app, ctx);

  if (opts.tickEveryMs) {
    const timer = setInterval(() => void runDue(ctx).catch((e) => app.log.error(e)), opts.tickEveryMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  registerHistoryRoutes(app, ctx);
  registerRecordRoutes(app, ctx);

  const webRoot = opts.webRoot === undefined ? DEFAULT_WEB_ROOT : opts.webRoot;
  // Files are looked up when asked for (wildcard), so a rebuilt web app is served without a restart.
  if (webRoot) await app.register(fastifyStatic, { root: webRoot, wildcard: true, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    // The web app routes on the client: every page path gets index.html; a missing file is a 404.
    const path = request.url.split('?')[0];
    if (webRoot && request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(path)) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send(new HttpError(404, 'not-found', `No such page: ${request.method} ${request.url.split('?')[0]}.`).body());
  });
  return { app, ctx, state, shutdown: (o) => shutdown(app, opts.db, state, o) };
}

/** Request ids: a random prefix per process, then a count ("3f9a1c07-1", "3f9a1c07-2", …). */
function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let n = 0;
  return () => `${prefix}-${(++n).toString(36)}`;
}
