import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isRuleError, type RuleError } from '../../engine/errors.ts';
import { actionDef } from '../../engine/kernel.ts';
import { eventAs, newGameRecord, Session, type GameRecord } from '../../engine/session.ts';
import { canSee, REFEREE, SPECTATOR, seatViewer, viewerName, type Viewer } from '../../engine/viewer.ts';
import { cwnb } from '../../modules/cwnb/index.ts';
import { MODULES } from '../../modules/index.ts';
import { smpModule } from '../../modules/smp/index.ts';
import { isDatabaseUnavailable, isTimeout, type Change, type ChangeGuard, type Conflict } from '../storage/database.ts';
import { gameFileSchema } from '../storage/game-file.ts';
import { newId, type Holder, type Member } from '../storage/people.ts';
import type { Ctx } from './context.ts';
import { rewindNeeds, utc } from './notifications.ts';
import type { Subscriber } from './live.ts';
import { campaignOptions, createGameBody, DEMO_OPTIONS } from './campaign-setup.ts';
import { databaseUnavailable, HttpError, parseBody, ruleRefusal } from './http-errors.ts';
import { rematchLinks } from './rematch.ts';
import { createSmpBody, smpOptions } from './smp-setup.ts';

/**
 * A campaign online (issue 9): create, import, read as one viewer, act, undo, rewinds by
 * agreement, invitations, export, and the live WebSocket. Every answer is computed for the
 * viewer the cookie (and `as`) name; the rules run only in the engine.
 */

const seen = z.number().int().min(0);
/** How long an invitation link admits people unless the referee says otherwise (docs/online.md). */
export const INVITATION_DAYS = 14;
// Built once: zod compiles a schema on its first use, which cost more than the rest of a request.
const actionBody = z.object({ action: z.object({ type: z.string().min(1).max(60), seat: z.string().max(60) }).passthrough(), seen });
const undoBody = z.object({ seat: z.string(), seen });

/** Who the person is in this game, and the viewer they read it as ("as" picks one of their seats). */
export interface Access {
  personId: string;
  referee: boolean;
  spectator: boolean;
  seats: string[];
  viewer: Viewer;
}

export async function accessOf(ctx: Ctx, request: FastifyRequest, game: string, as?: string): Promise<Access> {
  const personId = await ctx.requirePerson(request);
  const members: Member[] = await ctx.people.members(game, personId);
  const referee = members.some((m) => m.role === 'referee');
  const seats = members.flatMap((m) => (m.seat ? [m.seat] : []));
  // Only watching: a player or the referee who also opened a spectator link is still that.
  const spectator = !referee && !seats.length && members.some((m) => m.role === 'spectator');
  if (!referee && !spectator && !seats.length) {
    if (!(await ctx.store.meta(game))) throw new HttpError(404, 'no-such-game', `There is no game "${game}".`);
    throw new HttpError(403, 'not-a-member', 'You hold no seat in this campaign: open an invitation link from its referee.');
  }
  let viewer: Viewer;
  if (as === undefined || as === '') viewer = referee ? REFEREE : seats.length ? seatViewer(seats[0]) : SPECTATOR;
  else if (seats.includes(as)) viewer = seatViewer(as);
  else if (as === 'referee' && referee) viewer = REFEREE;
  else if (as === 'spectator') viewer = SPECTATOR;
  else throw new HttpError(403, 'not-your-seat', `You do not hold the seat "${as}" in this campaign.`);
  return { personId, referee, spectator, seats, viewer };
}

/** The seq of the last event the viewer may see (-1: none). */
function lastEventFor(session: Session<unknown>, viewer: Viewer): number {
  const teamOf = (seat: string) => session.module.teamOf(session.state, seat);
  for (let i = session.events.length - 1; i >= 0; i--) if (eventAs(session.events[i], viewer, teamOf)) return i;
  return -1;
}

/** A line of a person's game list. */
type Membership = { title: string; module: string; referee: boolean; seats: string[]; moved: boolean; paused?: boolean };

export async function gameSummary(ctx: Ctx, id: string, g: Membership) {
  const session = await ctx.sessionOf(id);
  // A game moved to the table waits on nobody online; a paused one on nobody until it resumes.
  const waitingFor = g.moved || g.paused ? [] : session.waitingFor();
  const state = session.state as { turn?: number };
  // Seats of the person's that an open rewind request (asked by another seat) waits on an answer from.
  const asked = new Set<string>();
  if (!g.moved && !g.paused && !session.isOver()) {
    for (const r of await ctx.people.openRewinds(id)) for (const s of rewindNeeds(session, r)) if (g.seats.includes(s)) asked.add(s);
  }
  // The deadline that runs now (none while paused, moved or over), for the home page's line.
  const deadline = g.moved || session.isOver() ? null : await ctx.deadlines.get(id);
  const dueAt = deadline && !deadline.paused ? deadline.dueAt : null;
  return { id, title: g.title, module: g.module, referee: g.referee, seats: g.seats, seatLabels: Object.fromEntries(g.seats.map((s) => [s, session.seatLabel(s)])), waitingOnYou: g.seats.filter((s) => waitingFor.includes(s)), rewindAsked: [...asked], dueAt, waitingFor, turn: state.turn ?? null, over: session.isOver(), version: session.version, paused: !!g.paused, moved: !!g.moved, ...(await rematchLinks(ctx, id)) };
}

/** The home page's line for a campaign that does not load (a database restored under a running server): its title and seats, waiting on nobody. */
export function brokenSummary(id: string, g: Membership) {
  const problem = 'This campaign cannot be opened: its stored record does not replay (the server log says why). The referee can restore it from a backup.';
  return { id, title: g.title, module: g.module, referee: g.referee, seats: g.seats, seatLabels: Object.fromEntries(g.seats.map((s) => [s, s])), waitingOnYou: [] as string[], rewindAsked: [] as string[], dueAt: null, waitingFor: [] as string[], turn: null, over: false, version: 0, paused: !!g.paused, moved: !!g.moved, problem };
}

/** The game file to download: the seed only once the game is over (or moved to the table), and a team's notes only for that team (and the referee). */
function exportRecord(session: Session<unknown>, viewer: Viewer, movedToTable: boolean): GameRecord {
  return session.isOver() || movedToTable ? session.recordFor(viewer) : { ...session.withoutSeed(), seed: null };
}

/**
 * The game file as it leaves the server: the campaign's title (a field the file format keeps; an
 * import takes it when given none), and the names per seat (a module's `namePlayers`) of the
 * people who hold the seats online now, as the game page shows; a seat nobody holds keeps the name
 * it had, if any. Who holds a seat is no secret: every member's game page shows it.
 */
function forDownload(record: GameRecord, title: string, holders: readonly Holder[]): GameRecord {
  const name = MODULES[record.module]?.namePlayers;
  const options = name ? name(record.options, Object.fromEntries(holders.flatMap((h) => (h.seat ? [[h.seat, h.name]] : [])))) : record.options;
  return { ...record, options, title } as GameRecord;
}

/** The download's attachment header: the title, then the id (two campaigns may share a title). */
function attachment(id: string, title: string): string {
  // Accents dropped, not the letters ("Zürich" → "zurich"): NFKD splits them off as combining marks.
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40).replace(/-$/, '');
  return `attachment; filename="wardroom-${slug ? `${slug}-` : ''}${id}.json"`;
}

/** `after=N`: the seq of the last event a client has (-1 or left out: none), written as a whole number; anything else is 400. */
function afterSeq(raw: string | undefined): number {
  if (raw === undefined) return -1;
  if (!/^-?\d+$/.test(raw)) throw new HttpError(400, 'bad-request', `after: an event seq (a whole number), not "${raw}".`, { field: 'after' });
  return Math.max(-1, Number(raw));
}

export function registerGameRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** Store a new game with the person as its referee (a new person when the browser has none). */
  async function createGame(request: FastifyRequest, record: GameRecord, title: string, name: string, seedImported = false) {
    let personId = await ctx.personOf(request);
    if (!personId) {
      personId = await ctx.people.createPerson(name);
      await ctx.signIn(request, personId);
    }
    const id = newId();
    await ctx.store.create(id, record, { title, referee: personId, seedImported });
    return { id, personId };
  }

  app.post('/api/demo', async (request, reply) => {
    const body = parseBody(z.object({ name: z.string().trim().min(1).max(60).default('Player') }), request.body);
    const record = newGameRecord(cwnb.id, DEMO_OPTIONS, randomBytes(32).toString('hex'));
    const { id, personId } = await createGame(request, record, 'Demo campaign: Mediterranean and North Atlantic', body.name);
    // The demo is played alone first: the referee holds every seat (invite others from the game page).
    const session = await ctx.sessionOf(id);
    await ctx.people.claimSeats(id, personId, session.module.seats(session.state));
    reply.status(201);
    return { id };
  });

  app.post('/api/games', async (request, reply) => {
    if ((request.body as { module?: unknown } | null)?.module === 'smp') {
      // A Strategic Missions Phase from a board JSON (issue 10; smp-setup.ts).
      const form = parseBody(createSmpBody, request.body);
      const { options, label } = smpOptions(form);
      const record = newGameRecord(smpModule.id, options, randomBytes(32).toString('hex'));
      const { id, personId } = await createGame(request, record, form.title || `Strategic Missions Phase${label ? `: ${label.slice(0, 80)}` : ''}`, form.name);
      if (form.playAll) {
        const session = await ctx.sessionOf(id);
        await ctx.people.claimSeats(id, personId, session.module.seats(session.state));
      }
      reply.status(201);
      return { id };
    }
    const form = parseBody(createGameBody, request.body);
    const options = campaignOptions(form);
    const record = newGameRecord(cwnb.id, options, randomBytes(32).toString('hex'));
    const { id } = await createGame(request, record, form.title || `Campaign: ${form.zones.length} War Zone(s), ${form.turns} turns`, form.name);
    reply.status(201);
    return { id };
  });

  app.post('/api/import', { bodyLimit: 8 * 1024 * 1024 }, async (request, reply) => {
    const body = parseBody(z.object({ file: z.string().max(8_000_000), seed: z.string().trim().max(200).optional(), title: z.string().trim().max(120).default(''), name: z.string().trim().min(1).max(60).default('Referee') }), request.body);
    let raw: unknown;
    try {
      raw = JSON.parse(body.file);
    } catch (e) {
      throw new HttpError(422, 'bad-game-file', `The game file is not valid JSON (${(e as Error).message}).`);
    }
    const parsed = gameFileSchema.safeParse(raw);
    if (!parsed.success) throw new HttpError(422, 'bad-game-file', `Not a Wardroom game file: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}.`);
    const record = parsed.data as GameRecord;
    const module = MODULES[record.module];
    if (!module) throw new HttpError(422, 'unknown-module', `The game file's module "${record.module}" is not one this server knows (${Object.keys(MODULES).join(', ')}).`);
    const seed = body.seed || record.seed || null;
    // With the seed, every logged seeded roll is checked against it: a file whose dice were edited does not come online.
    const session = Session.open(module, { ...record, seed: null }, { seed, verifyDice: true });
    if (isRuleError(session)) throw new HttpError(422, session.code, `The game file does not replay${session.index !== undefined && session.index >= 0 ? ` at action #${session.index}` : ''}: ${session.message}`);
    // Online the server rolls: without the seed the campaign would stop at its next die.
    if (seed === null && !session.isOver() && session.module.rollsFromSeed?.(session.state) !== false) {
      throw new HttpError(422, 'seed-required', 'This campaign rolls its dice from a seed the file does not hold, so it could not go on here past its next die: import it with its seed (the terminal keeps it in FILE.seed, beside the game file). A campaign played online keeps its seed on its server until it ends: its referee\'s "Move to the table" gives the file with its seed. A finished campaign, or one played with physical dice, needs none.');
    }
    // A rematch link names a campaign of the server the file came from: not this one's (rematch.ts).
    // The title is the campaign's (kept apart from its record, as a rename changes it).
    const { rematch: _rematch, rematchOf: _rematchOf, title: inFile, ...kept } = session.record as GameRecord & { rematch?: unknown; rematchOf?: unknown; title?: unknown };
    const title = body.title || (typeof inFile === 'string' ? inFile.trim().slice(0, 120) : '') || 'Imported campaign';
    const { id } = await createGame(request, { ...kept, seed }, title, body.name, seed !== null);
    reply.status(201);
    return { id, seed: seed !== null };
  });

  app.get<{ Params: { id: string }; Querystring: { as?: string } }>('/api/games/:id', async (request) => {
    const { id } = request.params;
    const access = await accessOf(ctx, request, id, request.query.as);
    const session = await ctx.sessionOf(id);
    const meta = (await ctx.store.meta(id))!;
    const person = await ctx.people.person(access.personId);
    const held = await ctx.people.holders(id);
    const holderOf = new Map(held.map((h) => [h.seat, h]));
    // Each holder by a number of this page (two people may share a name), and whether they are looking at the game now (PresenceNews keeps it current): the person asking, at least.
    const holderIds = [...new Set(held.map((h) => h.person_id))];
    const here = await ctx.presenceNews.here(id, holderIds.filter((p) => p !== access.personId));
    if (access.personId) here.add(access.personId);
    const holderFields = (h: Holder | undefined) => (h ? { holder: h.name, person: holderIds.indexOf(h.person_id), here: here.has(h.person_id) } : { holder: null, person: null, here: false });
    const over = session.isOver();
    // Moved to the table: nothing is played here any more, so nothing is offered or waited on.
    // Paused: nothing is offered until it resumes (a move or an Undo would answer 423), but the decision stays whose it is.
    const flags = await ctx.deadlines.get(id);
    const live = !flags?.movedAt;
    const playable = live && !flags?.paused;
    const offered = new Map(access.seats.map((seat) => [seat, playable ? session.legalActions(seat) : []]));
    return {
      game: { id, title: meta.title, module: meta.module, version: session.version, over, seedCommitment: session.record.seedCommitment, seed: over ? (session.record.seed ?? null) : null, seedImported: meta.seed_imported !== null, sidesSwappable: !!session.module.otherSide },
      me: { person, referee: access.referee, spectator: access.spectator, seats: access.seats, viewer: viewerName(access.viewer), muted: await ctx.people.muted(id, access.personId) },
      seats: session.module.seats(session.state).map((seat) => ({ seat, label: session.seatLabel(seat), team: session.module.teamOf(session.state, seat), ...holderFields(holderOf.get(seat)) })),
      view: session.view(access.viewer),
      // An action done another way online (ActionSpec.notOnline) is told, not offered.
      actions: Object.fromEntries(access.seats.map((seat) => [seat, offered.get(seat)!.filter((a) => !a.notOnline)])),
      /** The actions of each held seat's step it may not take now, with why ("No ship you may order costs 3 or less"). */
      closed: Object.fromEntries(access.seats.map((seat) => [seat, playable ? [...offered.get(seat)!.flatMap((a) => (a.notOnline ? [{ type: a.type, label: a.label, rule: a.rule, why: a.notOnline }] : [])), ...session.closedActions(seat)] : []])),
      /** 1 when each held seat may take back its last action now (0: no Undo to offer). */
      undoable: Object.fromEntries(access.seats.map((seat) => [seat, playable ? session.undoableCount(seat, 1) : 0])),
      /** The log entry each held seat's Undo would take back (the page names it before asking). */
      undoEntry: Object.fromEntries(access.seats.flatMap((seat) => (playable && session.undoableCount(seat, 1) ? [[seat, session.lastStanding(seat)]] : []))),
      waitingFor: live ? session.waitingFor() : [],
      lastEvent: lastEventFor(session, access.viewer),
      rewinds: live ? await rewindsOf(id, session, access.viewer) : [],
      closedRewinds: await closedRewindsOf(id, session, access.viewer),
      links: await rematchLinks(ctx, id),
    };
  });

  /** Where a rewind goes back to, named as `viewer` may be told of it: "just after action #3 of Allied, Mediterranean (“…”)", with its log line. */
  function afterName(session: Session<unknown>, to: number, viewer: Viewer): string {
    return to < 0 ? 'the start of the game' : `just after ${session.nameFor(to, viewer).name}`;
  }

  /** What a rewind to after entry `to` of `scope` takes back, as `viewer` may be told of it (see rewindsOf). */
  function takesBack(session: Session<unknown>, { scope, to }: { scope: string; to: number }, said: Map<number, string[]>, viewer: Viewer): string[] {
    const unseen = new Set<string>();
    return session.scopeEntries(scope).flatMap((j) => {
      if (j <= to) return [];
      const seen = said.get(j);
      if (seen) return [seen.join(' ')];
      const { name, told, who } = session.nameFor(j, viewer);
      if (told) return [name];
      if (unseen.has(who)) return [];
      unseen.add(who);
      return [`What ${who} did that you may not see.`];
    });
  }

  /**
   * The open rewind requests, each with what it would take back as `viewer` may be told of it: the
   * log's own words for what the viewer saw ("Mediterranean: USS Ticonderoga sunk (Kiev)"), else
   * one line per team that did something the viewer may not see, neither what nor how many (an
   * order's items, 6.C.2).
   */
  async function rewindsOf(id: string, session: Session<unknown>, viewer: Viewer = REFEREE) {
    const open = await ctx.people.openRewinds(id);
    if (!open.length) return [];
    const said = new Map<number, string[]>();
    for (const e of session.eventsFor(viewer)) said.set(e.entry, [...(said.get(e.entry) ?? []), e.text]);
    return open.map((r) => ({
      ...r,
      after: afterName(session, r.to, viewer),
      needed: rewindNeeds(session, r),
      takesBack: takesBack(session, r, said, viewer),
    }));
  }

  /**
   * The rewind requests refused or failed, newest first, for the team of the seat that asked (and
   * the referee): who closed each, when, and a sentence saying so; a failure's reason is the
   * rules' refusal worded for the seat that asked, so it names no secret of the other team.
   */
  async function closedRewindsOf(id: string, session: Session<unknown>, viewer: Viewer) {
    const teamOf = (seat: string) => session.module.teamOf(session.state, seat);
    const mine = (await ctx.people.closedRewinds(id)).filter((r) => canSee(viewer, { team: teamOf(r.seat)! }, teamOf)); // a seat that may ask has a team (scopeSeats)
    return mine.map(({ reason, ...r }) => {
      const by = r.by === 'referee' ? 'The referee' : session.seatLabel(r.by);
      const what = `the rewind of ${session.partName(r.scope)} to ${afterName(session, r.to, viewer)}`;
      return { ...r, message: r.outcome === 'refused' ? `${by} refused ${what}.` : `${by} agreed, but ${what} cannot be done: ${reason}` };
    });
  }

  app.get<{ Params: { id: string }; Querystring: { as?: string; after?: string } }>('/api/games/:id/events', async (request) => {
    const access = await accessOf(ctx, request, request.params.id, request.query.as);
    const session = await ctx.sessionOf(request.params.id);
    return { events: session.eventsFor(access.viewer, afterSeq(request.query.after)) };
  });

  app.get<{ Params: { id: string }; Querystring: { as?: string } }>('/api/games/:id/log', async (request, reply) => {
    const access = await accessOf(ctx, request, request.params.id, request.query.as);
    const session = await ctx.sessionOf(request.params.id);
    reply.header('content-disposition', `attachment; filename="wardroom-${request.params.id}-log-${viewerName(access.viewer).replace(/[^a-z0-9-]/gi, '-')}.json"`);
    return { game: request.params.id, viewer: viewerName(access.viewer), events: session.eventsFor(access.viewer) };
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/export', async (request, reply) => {
    const access = await accessOf(ctx, request, request.params.id);
    const session = await ctx.sessionOf(request.params.id);
    // The game file holds every order and commitment: the referee's until the campaign ends.
    if (!access.referee && !session.isOver()) throw new HttpError(403, 'not-referee', 'The game file holds both teams\' secrets: only the referee may download it before the campaign ends. For the log as you may see it, use "Download my log" on the campaign\'s page.');
    const { title } = (await ctx.store.meta(request.params.id))!;
    reply.header('content-disposition', attachment(request.params.id, title));
    return forDownload(exportRecord(session, access.viewer, !!(await ctx.deadlines.get(request.params.id))?.movedAt), title, await ctx.people.holders(request.params.id));
  });

  /**
   * Back to the table before the end: the referee takes the game file WITH its seed, for
   * `wardroom play`, and the campaign is not played online again (whoever holds the seed knows
   * the dice to come). With physical dice the ordinary export does, and the game may go on online.
   */
  app.post<{ Params: { id: string } }>('/api/games/:id/to-table', async (request, reply) => {
    const { id } = request.params;
    const access = await accessOf(ctx, request, id);
    if (!access.referee) throw new HttpError(403, 'not-referee', 'Only the referee moves the campaign to the table.');
    const session = await ctx.sessionOf(id);
    if (session.isOver()) throw new HttpError(409, 'campaign-over', 'The campaign is over: download its game file, seed and all.');
    // Physical dice: the ordinary export goes to the table, and the game may go on here too.
    if ((session.state as { dice?: { physical?: boolean } }).dice?.physical) throw new HttpError(409, 'physical-dice', 'This campaign rolls physical dice: there is no seed to keep; download the game file (Export) to play on at the table, and online play can go on.');
    if (!(await ctx.deadlines.moveToTable(id))) throw new HttpError(409, 'moved-to-table', 'The campaign has already moved to the table: download its game file again.');
    // Every change stored before the move is in the file: this node's own still being stored are
    // waited for, and the file is read from the database (not an open session, which a read
    // begun before the move may still be bringing up to date).
    await ctx.store.settled(id);
    const { title } = (await ctx.store.meta(id))!;
    reply.header('content-disposition', attachment(id, title));
    return forDownload((await ctx.store.record(id, { withSeed: true }))!, title, await ctx.people.holders(id)); // the referee's: everything
  });

  /** A change is stored only while the game is neither paused nor moved to the table (checked where it is stored). */
  const unlessPaused = (id: string): ChangeGuard => () => ctx.deadlines.refuseIfPaused(id);

  /** The seat must be one the person holds. */
  function holds(access: Access, seat: unknown): string {
    if (typeof seat === 'string' && access.seats.includes(seat)) return seat;
    if (!access.seats.length) throw new HttpError(403, 'not-your-seat', 'You hold no seat in this campaign.');
    throw new HttpError(403, 'not-your-seat', `You do not hold the seat "${String(seat)}" in this campaign (yours: ${access.seats.join(', ')}).`);
  }

  /** Answer a change: 409 with the version on a conflict, 422 on a refusal; else tell every node. */
  function settle<R>(id: string, r: Change<R> | Conflict | RuleError, seen?: number): Change<R> {
    const conflict = (version: number, message: string) =>
      new HttpError(409, 'conflict', seen !== undefined && seen > version ? `There is no version ${seen} of this game: it is at version ${version}. Look again and resubmit.` : message, { version });
    if (isRuleError(r)) throw r.code === 'stale-version' ? conflict(r.current as number, r.message) : ruleRefusal(r);
    if ('conflict' in r) throw conflict(r.version, `The game has moved on (version ${r.version}): look again and resubmit.`);
    ctx.broadcast.publish({ kind: 'log', game: id, version: r.version });
    return r;
  }

  app.post<{ Params: { id: string } }>('/api/games/:id/actions', async (request) => {
    const { id } = request.params;
    const body = parseBody(actionBody, request.body);
    const access = await accessOf(ctx, request, id);
    holds(access, body.action.seat);
    const session = await ctx.sessionOf(id);
    const def = actionDef(session.module, session.state, body.action.type);
    if (def?.notOnline) throw new HttpError(422, 'not-online', def.notOnline, def.rule ? { rule: def.rule } : {});
    const r = settle(id, await ctx.store.submit(await ctx.moduleOf(id), id, body.action, body.seen, unlessPaused(id)), body.seen);
    return { version: r.version };
  });

  app.post<{ Params: { id: string } }>('/api/games/:id/undo', async (request) => {
    const { id } = request.params;
    const body = parseBody(undoBody, request.body);
    const access = await accessOf(ctx, request, id);
    holds(access, body.seat);
    const r = settle(id, await ctx.store.undo(await ctx.moduleOf(id), id, body.seat, body.seen, unlessPaused(id)), body.seen);
    return { version: r.version, undone: r.result.length };
  });

  /** §4 the last log entry a rewind of `scope` keeps at least (session.rewindFloor; -1: back to the start), for the form that asks. */
  app.get<{ Params: { id: string }; Querystring: { scope?: string } }>('/api/games/:id/rewind-floor', async (request) => {
    const access = await accessOf(ctx, request, request.params.id);
    if (!access.referee && !access.seats.length) throw new HttpError(403, 'not-a-player', 'Only the players and the referee ask for rewinds.');
    const scope = request.query.scope ?? '';
    if (!scope || scope.length > 60) throw new HttpError(400, 'bad-request', 'scope: the part of the game rewound, e.g. zone:mediterranean.', { field: 'scope' });
    return { scope, floor: (await ctx.sessionOf(request.params.id)).rewindFloor(scope) };
  });

  app.post<{ Params: { id: string } }>('/api/games/:id/rewinds', async (request, reply) => {
    const { id } = request.params;
    const body = parseBody(z.object({ seat: z.string().optional(), scope: z.string().max(60), to: z.number().int().min(-1) }), request.body);
    const access = await accessOf(ctx, request, id);
    await ctx.deadlines.refuseIfMoved(id);
    const session = await ctx.sessionOf(id);
    if (body.seat === undefined) {
      // §4 the referee alone may rewind: asked by the referee, it is done at once.
      if (!access.referee) throw new HttpError(400, 'bad-request', access.seats.length ? `seat: say which of your seats asks (${access.seats.join(', ')}).` : 'Only a seat of the War Zone, or the referee, may ask for a rewind.');
      const r = settle(id, await ctx.store.rewind(session.module, id, body.scope, body.to, ['referee'], REFEREE, session.version, unlessPaused(id)));
      return { done: true, version: r.version, undone: r.result.length };
    }
    holds(access, body.seat);
    const need = session.module.scopeSeats?.(session.state, body.scope) ?? [];
    if (!need.includes(body.seat)) {
      // What the seat may rewind, where the module names it by the seat's place (CWNB: its War Zone).
      const place = session.module.placeOf?.(body.seat);
      const own = place && session.module.scopeSeats?.(session.state, `zone:${place}`).includes(body.seat) ? `: ask for "zone:${place}"` : '';
      throw new HttpError(422, 'rewind-not-allowed', `"${body.scope}" is not a part of the game your seat ${body.seat} plays${own}.`);
    }
    // Refused now, not when the other seat agrees, if the rules refuse it (past a die or a reveal, an entry that is not there).
    const check = session.trial((s) => s.rewind(body.scope, body.to, ['referee'], undefined, seatViewer(body.seat!)));
    if (isRuleError(check)) throw ruleRefusal(check);
    const rid = await ctx.people.createRewind(id, body.seat, body.scope, body.to);
    ctx.broadcast.publish({ kind: 'frame', game: id, frame: { type: 'rewind' } });
    // Whoever is asked and away is told; the request stands either way.
    ctx.notifications.rewindAsked(id, rid, need, access.personId, session.seatLabel(body.seat), session.partName(body.scope)).catch((e) => request.log.error(e));
    reply.status(201);
    return { id: rid };
  });

  app.post<{ Params: { id: string; rid: string } }>('/api/games/:id/rewinds/:rid', async (request) => {
    const { id, rid } = request.params;
    const body = parseBody(z.object({ seat: z.string().optional(), agree: z.boolean() }), request.body);
    const access = await accessOf(ctx, request, id);
    await ctx.deadlines.refuseIfMoved(id);
    const session = await ctx.sessionOf(id);
    const open = (await rewindsOf(id, session)).find((r) => r.id === rid);
    if (!open) throw new HttpError(404, 'no-such-rewind', 'That rewind request is no longer open.');
    if (body.seat === undefined && !access.referee && access.seats.length) throw new HttpError(400, 'bad-request', `seat: say which of your seats answers (${access.seats.join(', ')}).`);
    const who = body.seat === undefined && access.referee ? 'referee' : holds(access, body.seat);
    if (who !== 'referee' && !open.needed.includes(who)) throw new HttpError(403, 'not-asked', `The rewind of ${session.partName(open.scope)} does not wait on ${session.seatLabel(who)}.`);
    if (!body.agree) {
      await ctx.people.setRewind(rid, open.agreed, 'refused', { by: who });
      ctx.broadcast.publish({ kind: 'frame', game: id, frame: { type: 'rewind' } });
      return { done: false };
    }
    const agreed = [...open.agreed, who];
    const complete = who === 'referee' || open.needed.every((s) => agreed.includes(s));
    if (complete) {
      const r = await ctx.store.rewind(session.module, id, open.scope, open.to, agreed, who === 'referee' ? REFEREE : seatViewer(who), session.version, unlessPaused(id));
      if (isRuleError(r) && r.code !== 'stale-version') {
        // The rules refuse it (past a die or a reveal): the request is closed, not left waiting for ever,
        // and the seat that asked is told why in the words the rules have for it (not the answerer's).
        const forAsker = (await ctx.sessionOf(id)).trial((s) => s.rewind(open.scope, open.to, agreed, undefined, seatViewer(open.seat)));
        await ctx.people.setRewind(rid, open.agreed, 'failed', { by: who, reason: isRuleError(forAsker) ? forAsker.message : 'the game has changed since it was asked.' });
        ctx.broadcast.publish({ kind: 'frame', game: id, frame: { type: 'rewind' } });
      }
      settle(id, r);
    }
    await ctx.people.setRewind(rid, agreed, complete ? 'done' : null, { by: who });
    ctx.broadcast.publish({ kind: 'frame', game: id, frame: { type: 'rewind' } });
    return { done: complete };
  });

  app.delete<{ Params: { id: string; seat: string } }>('/api/games/:id/seats/:seat', async (request) => {
    const { id, seat } = request.params;
    const access = await accessOf(ctx, request, id);
    // The referee frees any seat (a lost device); a player leaves a seat they hold.
    if (!access.referee && !access.seats.includes(seat)) throw new HttpError(403, 'not-referee', 'Only the referee frees a seat someone else holds; you may leave a seat you hold.');
    const session = await ctx.sessionOf(id);
    if (!session.module.seats(session.state).includes(seat)) throw new HttpError(404, 'no-such-seat', `This campaign has no seat "${seat}".`);
    // A player who lost their device (and gave no e-mail address) gets the seat back by a new invitation link.
    if (!(await ctx.people.freeSeat(id, seat))) throw new HttpError(409, 'seat-free', `${session.seatLabel(seat)} is held by nobody.`);
    ctx.broadcast.publish({ kind: 'frame', game: id, frame: { type: 'seats', freed: seat } }); // its open connections end, on every node
    if (session.waitingFor().includes(seat)) await ctx.notifications.unheld(id, [seat]);
    return { freed: seat };
  });

  app.put<{ Params: { id: string } }>('/api/games/:id/title', async (request) => {
    const { id } = request.params;
    const { title } = parseBody(z.object({ title: z.string().trim().min(1, 'give a title').max(120) }), request.body);
    const access = await accessOf(ctx, request, id);
    if (!access.referee) throw new HttpError(403, 'not-referee', 'Only the referee renames the campaign.');
    await ctx.store.rename(id, title);
    ctx.broadcast.publish({ kind: 'frame', game: id, frame: { type: 'title' } });
    return { title };
  });

  /** The referee's list of the campaign's invitation links: what each offers, when it was made and until when it works, and which of its seats are still free. */
  app.get<{ Params: { id: string } }>('/api/games/:id/invitations', async (request) => {
    const { id } = request.params;
    const access = await accessOf(ctx, request, id);
    if (!access.referee) throw new HttpError(403, 'not-referee', 'Only the referee sees the invitation links.');
    const session = await ctx.sessionOf(id);
    const held = new Set((await ctx.people.holders(id)).map((h) => h.seat));
    const now = ctx.clock.now().getTime();
    const invitations = (await ctx.people.invitations(id)).map((i) => ({
      ...i,
      labels: i.seats.map((s) => session.seatLabel(s)),
      free: i.seats.filter((s) => !held.has(s)),
      expired: !!i.expiresAt && Date.parse(i.expiresAt) <= now,
    }));
    return { invitations };
  });

  /** The referee revokes a link (one that leaked, or a spectator link no longer wanted). */
  app.delete<{ Params: { id: string; inv: string } }>('/api/games/:id/invitations/:inv', async (request) => {
    const { id, inv } = request.params;
    const access = await accessOf(ctx, request, id);
    if (!access.referee) throw new HttpError(403, 'not-referee', 'Only the referee revokes invitation links.');
    if (!(await ctx.people.revokeInvitation(id, inv))) throw new HttpError(404, 'no-such-invitation', 'This campaign has no such invitation link (revoked already?).');
    return { revoked: inv };
  });

  /** A member mutes (or unmutes) the campaign's notifications for themselves (docs/online.md). */
  app.put<{ Params: { id: string } }>('/api/games/:id/muted', async (request) => {
    const { id } = request.params;
    const { muted } = parseBody(z.object({ muted: z.boolean() }), request.body);
    const access = await accessOf(ctx, request, id);
    await ctx.people.mute(id, access.personId, muted);
    return { muted };
  });

  /** The referee's list of who watches the campaign as a spectator. */
  app.get<{ Params: { id: string } }>('/api/games/:id/spectators', async (request) => {
    const access = await accessOf(ctx, request, request.params.id);
    if (!access.referee) throw new HttpError(403, 'not-referee', 'Only the referee sees who watches.');
    return { spectators: await ctx.people.spectators(request.params.id) };
  });

  /** The referee removes a spectator: their open pages stop at once, on every node; a spectator link still working lets them back (revoke it). */
  app.delete<{ Params: { id: string; person: string } }>('/api/games/:id/spectators/:person', async (request) => {
    const { id, person } = request.params;
    const access = await accessOf(ctx, request, id);
    if (!access.referee) throw new HttpError(403, 'not-referee', 'Only the referee removes a spectator.');
    if (!(await ctx.people.unwatch(id, person))) throw new HttpError(404, 'no-such-spectator', 'Nobody watches this campaign under that id (removed already?).');
    ctx.broadcast.publish({ kind: 'frame', game: id, frame: { type: 'seats' } }); // every open page is asked again who may see it
    return { removed: person };
  });

  app.post<{ Params: { id: string } }>('/api/games/:id/invitations', async (request, reply) => {
    const { id } = request.params;
    const body = parseBody(
      z.object({
        kind: z.enum(['seat', 'team', 'table', 'spectator']),
        seat: z.string().optional(),
        team: z.string().optional(),
        email: z.string().trim().max(200).email('an e-mail address like ann@example.org').optional(),
        // How long the link admits people; null: until revoked.
        days: z.number().int().min(1).max(365).nullable().default(INVITATION_DAYS),
      }),
      request.body,
    );
    const access = await accessOf(ctx, request, id);
    if (!access.referee) throw new HttpError(403, 'not-referee', 'Only the referee invites people to the campaign.');
    const session = await ctx.sessionOf(id);
    const all = session.module.seats(session.state);
    let seats: string[];
    if (body.kind === 'seat') {
      if (!body.seat || !all.includes(body.seat)) throw new HttpError(422, 'no-such-seat', `Name a seat of this campaign (${all.join(', ')}).`);
      seats = [body.seat];
    } else if (body.kind === 'team') {
      seats = all.filter((s) => session.module.teamOf(session.state, s) === body.team);
      if (!seats.length) throw new HttpError(422, 'no-such-team', `Name a team of this campaign (${session.module.teams(session.state).join(', ')}).`);
    } else seats = body.kind === 'table' ? [...all] : [];
    // A link offers only the seats nobody holds; one that would offer none is not made (a held seat
    // is freed first: a lost device, a seat the referee kept).
    if (seats.length) {
      const held = new Map((await ctx.people.holders(id)).map((h) => [h.seat, h.name]));
      const free = seats.filter((s) => !held.has(s));
      if (!free.length) {
        const [first] = seats;
        const which = body.kind === 'seat' ? `${session.seatLabel(first)} is held by ${held.get(first)}: free the seat` : `Every seat ${body.kind === 'team' ? 'of this team' : 'of the campaign'} is held: free a seat`;
        throw new HttpError(409, 'seat-taken', `${which} first (Referee, Seats), then make the link.`);
      }
      seats = free;
    }
    const expiresAt = body.days === null ? null : new Date(ctx.clock.now().getTime() + body.days * 86_400_000).toISOString();
    const token = await ctx.people.createInvitation(id, body.kind, seats, expiresAt);
    const url = `${ctx.baseUrl}/invite/${token}`;
    if (body.email) {
      // Sent through the outbox (retries, backoff); the text names the campaign and the seats, nothing more.
      const title = (await ctx.store.meta(id))?.title ?? '';
      const what = body.kind === 'spectator' ? 'to watch' : `to play ${seats.map((s) => session.seatLabel(s)).join('; ')}`;
      const until = expiresAt ? ` It works until ${utc(expiresAt)}.` : '';
      await ctx.notifications.toAddress(body.email, 'invitation', id, `Wardroom: an invitation to “${title}”`, `The referee of “${title}” invites you ${what}.${until} Open this link to join (no password needed):`, url);
    }
    reply.status(201);
    return { token, url, seats, expiresAt, emailed: !!body.email };
  });

  app.register(async (scoped) => {
    scoped.get<{ Params: { id: string }; Querystring: { as?: string; after?: string } }>('/api/games/:id/live', { websocket: true }, async (socket, request) => {
      const refuse = (err: HttpError) => {
        socket.send(JSON.stringify({ type: 'error', ...err.body() }));
        socket.close(4000 + err.status, err.code); // 4401, 4403, 4404: the HTTP status in WebSocket's private range
      };
      // Another site's page may not open a socket with this browser's cookie.
      const origin = request.headers.origin;
      if (origin && origin !== `http://${request.headers.host}` && origin !== `https://${request.headers.host}`) return refuse(new HttpError(403, 'other-origin', 'Live updates are only for pages of this server.'));
      let access: Access;
      try {
        access = await accessOf(ctx, request, request.params.id, request.query.as);
      } catch (e) {
        return refuse(e instanceof HttpError ? e : isDatabaseUnavailable(e) ? databaseUnavailable(isTimeout(e)) : new HttpError(500, 'server-error', 'Something went wrong.'));
      }
      let after: number;
      try {
        after = afterSeq(request.query.after);
      } catch (e) {
        return refuse(e as HttpError);
      }
      // Closed while its access was read: no close event will come to take it out again.
      if (socket.readyState !== socket.OPEN) return;
      const viewer = viewerName(access.viewer);
      const sub: Subscriber = {
        viewer: access.viewer,
        personId: access.personId,
        last: after,
        send: (frame: string) => socket.send(frame),
        // Asked again as when it opened: a seat freed or left, or a person no longer a member, sees no more of it.
        recheck: () =>
          void accessOf(ctx, request, request.params.id, request.query.as).then(
            (now) => viewerName(now.viewer) !== viewer && socket.close(4403, 'seats-changed'),
            () => socket.close(4403, 'seats-changed'),
          ),
      };
      // Subscribed before the game is read, so no change can fall between the catch-up and the live frames.
      const remove = ctx.hub.add(request.params.id, sub);
      socket.on('close', remove);
      const personId = access.personId;
      if (personId) {
        ctx.presence.join(request.params.id, personId);
        socket.on('close', () => {
          ctx.presence.leave(request.params.id, personId);
          ctx.presenceNews.closed(request.params.id, personId);
        });
      }
      socket.on('message', () => {}); // the client says nothing; pings are answered by ws
      ctx.hub.catchUp(await ctx.sessionOf(request.params.id), sub);
      if (personId && socket.readyState === socket.OPEN) ctx.presenceNews.opened(request.params.id, personId);
    });
  });
}
