import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isRuleError } from '../../engine/errors.ts';
import { waitingFor } from '../../engine/kernel.ts';
import type { GameEvent, RulesModule } from '../../engine/module.ts';
import { Replay } from '../../engine/replay.ts';
import { takenBack } from '../../engine/log.ts';
import { eventAs, type Session } from '../../engine/session.ts';
import { REFEREE, SPECTATOR, seatViewer, viewerName, type Viewer } from '../../engine/viewer.ts';
import { Reads } from '../storage/reads.ts';
import type { Ctx } from './context.ts';
import { accessOf } from './game-routes.ts';
import { HttpError, parseBody } from './http-errors.ts';

/**
 * History and replay (issue 10): the game log as the person's viewer may see it, filtered by
 * turn, War Zone and kind, with unread markers; and the replay viewer's steps, each the viewer's
 * view of the state after the first N log entries, computed here. Nothing leaves but views and
 * per-viewer events: never the raw log, never another team's secrets.
 */

/** The events `viewers` may see (each as the first of them who may see it sees it; in practice all hold one team). */
function visible(session: Session<unknown>, viewers: readonly Viewer[], after = -1): GameEvent[] {
  const teamOf = (seat: string) => session.module.teamOf(session.state, seat);
  const out: GameEvent[] = [];
  for (let i = Math.max(0, after + 1); i < session.events.length; i++) {
    for (const v of viewers) {
      const e = eventAs(session.events[i], v, teamOf);
      if (e) {
        out.push(e);
        break;
      }
    }
  }
  return out;
}

/** The viewers whose events count as the person's for the unread marker: every seat held, or the referee, or a spectator. */
function personViewers(referee: boolean, seats: readonly string[]): Viewer[] {
  return referee ? [REFEREE] : seats.length ? seats.map(seatViewer) : [SPECTATOR];
}

/** How many events the person has not read yet (for the home list and the game page). */
export async function unreadFor(ctx: Ctx, personId: string, game: string, g: { referee: boolean; seats: string[] }): Promise<number> {
  const session = await ctx.sessionOf(game);
  const last = await new Reads(ctx.store.db).lastRead(game, personId);
  return visible(session, personViewers(g.referee, g.seats), last).length;
}

/** Where the replay viewer may jump: the start of each Campaign Game Turn, and phases the log marks. */
export interface Bookmark {
  step: number;
  turn: number | null;
  kind: 'turn' | 'phase';
  /** The War Zone of a zone's phase (CWNB: its commitments revealed). */
  zone?: string;
  label: string;
}

/** Bookmarks from the viewer's own events: a turn begins at the step after the entry that produced its first event (the first turn at step 0); the module marks its phases. */
export function bookmarksOf(events: readonly GameEvent[], module: Pick<RulesModule, 'phaseMark'>): Bookmark[] {
  const out: Bookmark[] = [];
  const seen = new Set<number>();
  for (const e of events) {
    const turn = typeof e.turn === 'number' ? e.turn : null;
    if (turn !== null && !seen.has(turn)) {
      seen.add(turn);
      out.push({ step: seen.size === 1 ? 0 : e.entry + 1, turn, kind: 'turn', label: `Turn ${turn}` });
    }
    const label = module.phaseMark?.(e);
    if (label) out.push({ step: e.entry + 1, turn, kind: 'phase', ...(typeof e.zone === 'string' ? { zone: e.zone } : {}), label });
  }
  return out.sort((a, b) => a.step - b.step);
}

const listParam = z
  .string()
  .max(2000)
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));
const historyQuery = z.object({
  as: z.string().optional(),
  turn: z
    .string()
    .regex(/^\d{1,4}(,\d{1,4})*$/, 'a turn number, or several separated by commas')
    .transform((s) => s.split(',').map(Number))
    .optional(),
  zone: listParam.optional(),
  kind: listParam.optional(),
  after: z.string().regex(/^-?\d{1,9}$/, 'an event seq').transform(Number).optional(),
});

/** Replays kept per game (a few games at a time): stepping through a campaign applies each entry once. */
const REPLAYS_KEPT = 8;

export function registerHistoryRoutes(app: FastifyInstance, ctx: Ctx): void {
  const reads = new Reads(ctx.store.db);
  const replays = new Map<string, Replay<unknown>>();
  const replayOf = (id: string, session: Session<unknown>) => {
    let r = replays.get(id);
    if (r) replays.delete(id); // most recent last
    else {
      const { log: _log, seed: _seed, ...base } = session.record;
      r = new Replay(session.module, base);
      if (replays.size >= REPLAYS_KEPT) replays.delete(replays.keys().next().value!);
    }
    replays.set(id, r);
    return r;
  };

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>('/api/games/:id/history', async (request) => {
    const { id } = request.params;
    const q = parseBody(historyQuery, request.query);
    const access = await accessOf(ctx, request, id, q.as);
    const session = await ctx.sessionOf(id);
    const all = visible(session, [access.viewer]);
    const turns = new Set(q.turn ?? []);
    const zones = new Set(q.zone ?? []);
    const kinds = new Set(q.kind ?? []);
    const events = all.filter(
      (e) =>
        (!turns.size || (typeof e.turn === 'number' && turns.has(e.turn))) &&
        (!zones.size || zones.has(e.zone ?? (e.zones?.length ? '' : 'none')) || (e.zones?.some((z) => zones.has(z)) ?? false)) &&
        (!kinds.size || kinds.has(e.type)) &&
        (q.after === undefined || e.seq > q.after),
    );
    const lastRead = await reads.lastRead(id, access.personId);
    const meta = await ctx.store.meta(id);
    return {
      game: { id, title: meta?.title ?? '', version: session.version, over: session.isOver() },
      viewer: viewerName(access.viewer),
      events,
      total: all.length,
      lastEvent: all.length ? all[all.length - 1].seq : -1,
      lastRead,
      unread: all.filter((e) => e.seq > lastRead).length,
      /** The log entries taken back by an undo or a rewind this viewer saw, whatever the filters show. */
      takenBack: [...takenBack(all)].sort((a, b) => a - b),
      choices: {
        turns: [...new Set(all.flatMap((e) => (typeof e.turn === 'number' ? [e.turn] : [])))].sort((a, b) => a - b),
        zones: [...new Set(all.flatMap((e) => (e.zone ? [e.zone] : [])))].map((z) => ({ id: z, name: session.module.placeName?.(z) ?? z })),
        kinds: [...new Set(all.map((e) => e.type))].sort(),
      },
    };
  });

  /** The unread marker alone, for the game page. */
  app.get<{ Params: { id: string } }>('/api/games/:id/history/unread', async (request) => {
    const { id } = request.params;
    const access = await accessOf(ctx, request, id);
    const lastRead = await reads.lastRead(id, access.personId);
    return { lastRead, unread: await unreadFor(ctx, access.personId, id, access) };
  });

  /** Mark the log read up to `seq` (default: the last event the person may see). */
  app.post<{ Params: { id: string } }>('/api/games/:id/history/read', async (request) => {
    const { id } = request.params;
    const body = parseBody(z.object({ seq: z.number().int().min(-1).optional() }), request.body);
    const access = await accessOf(ctx, request, id);
    const session = await ctx.sessionOf(id);
    const mine = visible(session, personViewers(access.referee, access.seats));
    const last = mine.length ? mine[mine.length - 1].seq : -1;
    if (body.seq !== undefined && body.seq > last) throw new HttpError(422, 'no-such-event', `There is no event ${body.seq} for you to have read: the last one is ${last}.`);
    await reads.markRead(id, access.personId, body.seq ?? last);
    const lastRead = await reads.lastRead(id, access.personId);
    return { lastRead, unread: mine.filter((e) => e.seq > lastRead).length };
  });

  app.get<{ Params: { id: string; step: string }; Querystring: { as?: string } }>('/api/games/:id/replay/:step', async (request) => {
    const { id } = request.params;
    const access = await accessOf(ctx, request, id, request.query.as);
    const session = await ctx.sessionOf(id);
    const text = request.params.step;
    const version = session.version;
    const step = text === 'last' ? version : /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    if (Number.isNaN(step)) throw new HttpError(400, 'bad-step', `"${text}" is not a step: give a number from 0 to ${version}, or "last".`);
    if (step > version) throw new HttpError(404, 'no-such-step', `This campaign has steps 0 to ${version}; there is no step ${step}.`);
    const state = replayOf(id, session).stateAt(session.record.log, step);
    if (isRuleError(state)) throw new HttpError(422, state.code, `The game does not replay to step ${step}: ${state.message}`);
    const module = session.module;
    const all = visible(session, [access.viewer]);
    const upTo = all.filter((e) => e.entry < step);
    const meta = await ctx.store.meta(id);
    const holders = new Map((await ctx.people.holders(id)).map((h) => [h.seat, h.name]));
    const events = upTo.filter((e) => e.entry === step - 1);
    // Who acted is said only when the viewer sees something of the step (a secret order stays anonymous).
    const entry = step > 0 && events.length ? session.record.log[step - 1] : null;
    return {
      game: { id, title: meta?.title ?? '', module: session.module.id, version, over: session.isOver(), seedCommitment: session.record.seedCommitment },
      viewer: viewerName(access.viewer),
      step,
      /** Who took the step's action (its fields stay on the server: the events say what may be said). */
      by: entry ? { seat: entry.seat, label: entry.type.startsWith('@') ? entry.type.slice(1) : (module.seatLabel?.(state, entry.seat) ?? entry.seat) } : null,
      over: module.isOver(state),
      view: module.view(state, access.viewer),
      waitingFor: waitingFor(module, state),
      // Who holds each seat now (the names every member's game page shows): not "unclaimed" on a replay.
      seats: module.seats(state).map((seat) => ({ seat, label: module.seatLabel?.(state, seat) ?? seat, team: module.teamOf(state, seat), holder: holders.get(seat) ?? null })),
      /** The events this step produced, as the viewer sees them. */
      events,
      /** The viewer's latest events up to this step (at most 30), newest last. */
      recent: upTo.slice(-30),
      eventCount: upTo.length,
      bookmarks: bookmarksOf(all, module),
    };
  });
}
