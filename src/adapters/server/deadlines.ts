import type { Kysely } from 'kysely';
import { ensureDeadlinesRow, type Database, type DeadlinesTable } from '../storage/database.ts';
import { newId, type People } from '../storage/people.ts';
import { HttpError } from './http-errors.ts';
import { utc, type Clock, type Notifications } from './notifications.ts';

/**
 * Deadlines per campaign (issue 10), set by the referee: a time for the current decision (fixed,
 * or hours per decision, re-armed each time the game waits on someone new), a reminder before it,
 * and at the deadline either the referee is asked to decide or the campaign pauses. Pause, resume
 * and extend are the referee's. Times are stored in UTC (ISO). Each timed event is a row of
 * `deadline_jobs` with a due time, claimed once by setting `done_at` in a conditional update
 * (`… WHERE done_at IS NULL`): with several nodes running `runDue` at once (issue 11) exactly one
 * node's update succeeds, on SQLite and PostgreSQL alike (a node killed between the claim and the
 * work loses that event: at most once after a crash). `runDue` is driven by the injected clock.
 */

export type OnExpiry = 'referee' | 'pause';

/** The deadline as every member sees it. */
export interface DeadlineInfo {
  dueAt: string | null;
  remindAt: string | null;
  hours: number | null;
  remindHours: number;
  onExpiry: OnExpiry;
  paused: boolean;
  pausedAt: string | null;
  /** The referee moved the campaign to the table (its seed with it): it is not played online again. */
  movedAt: string | null;
}

export interface DeadlineSetting {
  /** A fixed time (ISO with a zone, stored in UTC) … */
  at?: string;
  /** … or hours from now, re-armed for each new decision. */
  hours?: number;
  /** The reminder, this many hours before (default 12, or half the time when that is shorter). */
  remindHours?: number;
  onExpiry: OnExpiry;
}

const HOUR = 3_600_000;

const movedAway = (at: string) => new HttpError(423, 'moved-to-table', `The referee moved this campaign to the table (${utc(at)}): it goes on there with \`wardroom play\` and its game file, not online.`);

export class Deadlines {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly people: People,
    private readonly notifications: Notifications,
    private readonly clock: Clock,
    private readonly titleOf: (game: string) => Promise<string>,
    /** Tell the game's open pages to look again. */
    private readonly announce: (game: string) => void = () => {},
  ) {}

  private row(game: string) {
    return this.db.selectFrom('deadlines').selectAll().where('game_id', '=', game).executeTakeFirst();
  }

  async get(game: string): Promise<DeadlineInfo | null> {
    const r = await this.row(game);
    if (!r) return null;
    return { dueAt: r.due_at, remindAt: r.due_at && remindAt(r.due_at, r.remind_hours), hours: r.hours, remindHours: r.remind_hours, onExpiry: r.on_expiry, paused: r.paused_at !== null, pausedAt: r.paused_at, movedAt: r.moved_at ?? null };
  }

  /** Refuse what only a game still played online may do (a deadline, a rewind request) once it moved to the table. */
  async refuseIfMoved(game: string): Promise<void> {
    const at = (await this.flags(game))?.moved_at;
    if (at) throw movedAway(at);
  }

  /** Refuse a change of the game while it is paused or moved to the table (a 423 a person understands). */
  async refuseIfPaused(game: string): Promise<void> {
    const r = await this.flags(game);
    if (r?.moved_at) throw movedAway(r.moved_at);
    if (r?.paused_at) throw new HttpError(423, 'campaign-paused', `This campaign is paused (since ${utc(r.paused_at)}): nothing can be played until the referee resumes it.`);
  }

  private flags(game: string) {
    return this.db.selectFrom('deadlines').select(['paused_at', 'moved_at']).where('game_id', '=', game).executeTakeFirst();
  }

  /** The referee sets (or replaces) the deadline. */
  async set(game: string, s: DeadlineSetting): Promise<DeadlineInfo> {
    await this.refuseIfMoved(game);
    const now = this.clock.now().getTime();
    const due = s.at !== undefined ? Date.parse(s.at) : now + (s.hours ?? 24) * HOUR;
    if (!Number.isFinite(due)) throw new HttpError(400, 'bad-request', 'at: give a date and time such as 2026-12-24T18:00:00Z.');
    if (due <= now) throw new HttpError(422, 'deadline-past', `The deadline ${utc(new Date(due).toISOString())} has already passed: choose a later time.`);
    const span = (due - now) / HOUR;
    const remindHours = s.remindHours ?? Math.min(12, span / 2);
    const values = { due_at: new Date(due).toISOString(), hours: s.at !== undefined ? null : (s.hours ?? 24), remind_hours: remindHours, on_expiry: s.onExpiry, updated_at: new Date(now).toISOString() };
    await this.db
      .insertInto('deadlines')
      .values({ game_id: game, paused_at: null, moved_at: null, ...values })
      .onConflict((oc) => oc.column('game_id').doUpdateSet(values))
      .execute();
    await this.schedule(game);
    const then = s.onExpiry === 'pause' ? 'then the campaign pauses' : 'then the referee decides';
    await this.tellWaitedOn(game, (title, when) => [`Wardroom: a deadline in “${title}”`, `The referee of “${title}” set a deadline for the current decision: ${when(values.due_at)}; ${then}.`]);
    this.announce(game);
    return (await this.get(game))!;
  }

  async clear(game: string): Promise<void> {
    await this.refuseIfMoved(game);
    const had = (await this.row(game))?.due_at;
    await this.db.updateTable('deadlines').set({ due_at: null, updated_at: this.clock.now().toISOString() }).where('game_id', '=', game).execute();
    await this.schedule(game);
    if (had) await this.tellWaitedOn(game, (title) => [`Wardroom: no deadline in “${title}”`, `The referee of “${title}” removed the deadline.`]);
    this.announce(game);
  }

  /** Tell everyone the game waits on, once each (a deadline set, moved or removed), times in their own time zone. */
  private async tellWaitedOn(game: string, message: (title: string, when: (iso: string) => string) => [subject: string, text: string]): Promise<void> {
    const title = await this.titleOf(game);
    const w = await this.notifications.waitedOn(game);
    for (const [personId] of w?.people ?? []) {
      const [subject, text] = message(title, await this.notifications.timeFor(personId));
      await this.notifications.toPerson(personId, 'deadline', game, subject, text, this.notifications.gameLink(game));
    }
  }

  /** Move the deadline `hours` later (from now when it has passed); everyone waited on is told once. */
  async extend(game: string, hours: number): Promise<DeadlineInfo> {
    const r = await this.row(game);
    if (r?.moved_at) throw movedAway(r.moved_at);
    if (!r?.due_at) throw new HttpError(409, 'no-deadline', 'This campaign has no deadline to extend: set one first.');
    const from = Math.max(Date.parse(r.due_at), this.clock.now().getTime());
    const due = new Date(from + hours * HOUR).toISOString();
    await this.db.updateTable('deadlines').set({ due_at: due, updated_at: this.clock.now().toISOString() }).where('game_id', '=', game).execute();
    await this.schedule(game);
    await this.tellWaitedOn(game, (title, when) => [`Wardroom: more time in “${title}”`, `The referee of “${title}” extended the deadline to ${when(due)}.`]);
    this.announce(game);
    return (await this.get(game))!;
  }

  /** Pause the campaign: actions are refused until it is resumed; everyone in it is told once. */
  async pause(game: string, why: 'referee' | 'deadline' = 'referee'): Promise<boolean> {
    await this.refuseIfMoved(game); // moved to the table: paused for good, not "already paused"
    const at = this.clock.now().toISOString();
    await ensureDeadlinesRow(this.db, game, at);
    const r = await this.db.updateTable('deadlines').set({ paused_at: at, updated_at: at }).where('game_id', '=', game).where('paused_at', 'is', null).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) return false; // paused already: nothing happens twice
    await this.schedule(game);
    const title = await this.titleOf(game);
    const text = why === 'deadline' ? `“${title}” reached its deadline and is paused until the referee resumes it.` : `The referee paused “${title}”: nothing can be played until it is resumed.`;
    for (const personId of await this.everyone(game)) await this.notifications.toPerson(personId, 'deadline', game, `Wardroom: “${title}” is paused`, text, this.notifications.gameLink(game));
    this.announce(game);
    return true;
  }

  /**
   * Back to the table (issue 9, "continues online and back"): the campaign stops here for good,
   * as its seed goes to the referee for `wardroom play` (whoever knows the seed knows the dice to
   * come, so the game is never played online again). False if it had moved already.
   */
  async moveToTable(game: string): Promise<boolean> {
    const at = this.clock.now().toISOString();
    await ensureDeadlinesRow(this.db, game, at);
    // An entry being stored holds this row FOR SHARE (GameStore.append): the move waits for it, or it sees the move.
    const r = await this.db.updateTable('deadlines').set({ paused_at: at, moved_at: at, due_at: null, updated_at: at }).where('game_id', '=', game).where('moved_at', 'is', null).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) return false;
    await this.schedule(game);
    const title = await this.titleOf(game);
    for (const personId of await this.everyone(game)) await this.notifications.toPerson(personId, 'deadline', game, `Wardroom: “${title}” moved to the table`, `The referee moved “${title}” to the table: it goes on there with \`wardroom play\`, not online.`, this.notifications.gameLink(game));
    this.announce(game);
    return true;
  }

  /** Resume: an hours-per-decision deadline starts again from now; a fixed one that passed is cleared. */
  async resume(game: string): Promise<DeadlineInfo | null> {
    const r = await this.row(game);
    if (r?.moved_at) throw movedAway(r.moved_at);
    if (!r?.paused_at) throw new HttpError(409, 'not-paused', 'The campaign is not paused.');
    const now = this.clock.now().getTime();
    const due = r.hours !== null ? new Date(now + r.hours * HOUR).toISOString() : r.due_at && Date.parse(r.due_at) > now ? r.due_at : null;
    const resumed = await this.db.updateTable('deadlines').set({ paused_at: null, due_at: due, updated_at: new Date(now).toISOString() }).where('game_id', '=', game).where('moved_at', 'is', null).executeTakeFirst();
    if (!Number(resumed.numUpdatedRows)) await this.refuseIfMoved(game); // moved in the meantime
    await this.schedule(game);
    const title = await this.titleOf(game);
    for (const personId of await this.everyone(game)) {
      const when = await this.notifications.timeFor(personId);
      await this.notifications.toPerson(personId, 'deadline', game, `Wardroom: “${title}” resumes`, `The referee resumed “${title}”${due ? `; the next deadline is ${when(due)}` : ''}.`, this.notifications.gameLink(game));
    }
    this.announce(game);
    return this.get(game);
  }

  /** The game waits on a new set of seats: an hours-per-decision deadline starts again. */
  async rearm(game: string): Promise<void> {
    const r = await this.row(game);
    if (!r || r.hours === null || r.paused_at || r.due_at === null) return;
    const now = this.clock.now().getTime();
    await this.db.updateTable('deadlines').set({ due_at: new Date(now + r.hours * HOUR).toISOString(), updated_at: new Date(now).toISOString() }).where('game_id', '=', game).execute();
    await this.schedule(game);
    this.announce(game);
  }

  /** The campaign ended: its deadline goes, with its reminder and what it would do when due (nobody is told: the game is over). */
  async end(game: string): Promise<void> {
    const r = await this.row(game);
    if (!r?.due_at) return;
    await this.db.updateTable('deadlines').set({ due_at: null, updated_at: this.clock.now().toISOString() }).where('game_id', '=', game).execute();
    await this.schedule(game);
    this.announce(game);
  }

  /** Replace the game's unclaimed jobs with those of its deadline now (none while paused). */
  private async schedule(game: string): Promise<void> {
    await this.db.deleteFrom('deadline_jobs').where('game_id', '=', game).where('done_at', 'is', null).execute();
    const r = await this.row(game);
    if (!r?.due_at || r.paused_at) return;
    const now = this.clock.now().getTime();
    const jobs: { kind: 'reminder' | 'deadline'; due_at: string }[] = [{ kind: 'deadline', due_at: r.due_at }];
    const remind = remindAt(r.due_at, r.remind_hours);
    if (r.remind_hours > 0 && Date.parse(remind) > now) jobs.push({ kind: 'reminder', due_at: remind });
    await this.db
      .insertInto('deadline_jobs')
      .values(jobs.map((j) => ({ id: newId(), game_id: game, done_at: null, ...j })))
      .execute();
  }

  /** Do the events that are due, each once (a job is claimed before it is done). */
  async runDue(): Promise<number> {
    const nowIso = this.clock.now().toISOString();
    const due = await this.db.selectFrom('deadline_jobs').selectAll().where('done_at', 'is', null).where('due_at', '<=', nowIso).orderBy('due_at').execute();
    let done = 0;
    for (const job of due) {
      const claimed = await this.db.updateTable('deadline_jobs').set({ done_at: nowIso }).where('id', '=', job.id).where('done_at', 'is', null).executeTakeFirst();
      if (!Number(claimed.numUpdatedRows)) continue; // another sender took it
      const r = await this.row(job.game_id);
      if (!r || r.paused_at || r.due_at === null) continue;
      if (job.kind === 'reminder') await this.remind(job.game_id, r);
      else await this.expire(job.game_id, r);
      done++;
    }
    return done;
  }

  /** The reminder, to everyone the game waits on; its words are made again when it is sent, and it is dropped if it no longer applies by then. */
  private async remind(game: string, r: DeadlinesTable): Promise<void> {
    const w = await this.notifications.waitedOn(game);
    for (const [personId] of w?.people ?? []) await this.notifications.aboutGame(personId, 'deadline', game, { what: 'reminder', dueAt: r.due_at! });
  }

  private async expire(game: string, r: DeadlinesTable): Promise<void> {
    if (r.on_expiry === 'pause') {
      await this.pause(game, 'deadline');
      return;
    }
    for (const personId of await this.people.referees(game)) await this.notifications.aboutGame(personId, 'deadline', game, { what: 'expired', dueAt: r.due_at! });
    this.announce(game);
  }

  /** Everyone who plays or referees the game (spectators are not told). */
  private async everyone(game: string): Promise<string[]> {
    const ids = new Set(await this.people.referees(game));
    for (const h of await this.people.holders(game)) ids.add(h.person_id);
    return [...ids];
  }
}

const remindAt = (due: string, hours: number) => new Date(Date.parse(due) - hours * HOUR).toISOString();
