import { sql, type Kysely } from 'kysely';
import type { Session } from '../../engine/session.ts';
import { SPECTATOR } from '../../engine/viewer.ts';
import { isSqlite, type Database } from '../storage/database.ts';
import { newId, type People } from '../storage/people.ts';
import { privateWebhook, type Lookup } from './webhook-address.ts';

/**
 * Notifications between sessions (issue 10): when a decision waits on a person who is not
 * connected, one notification per change of the game's waiting set, by e-mail and/or webhook as
 * the person chose (opt-in). Items go to an outbox; `runDue` sends them with retries and
 * exponential backoff, at most one message per address per `minGapMs` (a backlog is collapsed into
 * one message). Every text is built from the spectator's view (title, zone, turn, the step of
 * play, seat names): never a card, an order, a cost or a commitment.
 */

/** The time, injected: the server uses the real one, tests a clock they move. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Whether a person has the game open now (issue 11 may keep this in a table). */
export interface Presence {
  isConnected(game: string, personId: string): boolean | Promise<boolean>;
}

/** Sends a mail (the server's Mailer: nodemailer over SMTP, or the log). */
export interface MailSender {
  send(to: string, subject: string, text: string): Promise<void>;
}

export type NotificationKind = 'turn' | 'chat' | 'deadline' | 'invitation';

/**
 * What an item says of the game, which may no longer hold when the item goes (the cap per address
 * holds items back for minutes, a failure for longer): its words are made again when it is sent,
 * as the game is then, and an item that no longer applies is dropped.
 * - `waiting`: the game waits on the person (their seats only);
 * - `reminder`: a deadline (`dueAt`) comes while the game waits on the person;
 * - `expired`: the deadline `dueAt` passed: the referee decides;
 * - `unheld`: the game waits on a seat nobody holds: the referee finds someone;
 * - `rewind`: a seat (`asker`) asks to rewind a part of the game (`part`) and the request `id` waits on the person.
 */
export type About = { what: 'waiting' } | { what: 'over' } | { what: 'unheld' } | { what: 'rewind'; id: string; asker: string; part: string } | { what: 'reminder' | 'expired'; dueAt: string } | { what: 'chat'; authors: string[]; channels: string[]; count: number };

/** A chat notice: who wrote how many messages in which channels (never their text). */
function chatWords(title: string, c: { authors: string[]; channels: string[]; count: number }): { subject: string; text: string } {
  const authors = c.authors.length > 1 ? `${c.authors.slice(0, -1).join(', ')} and ${c.authors.at(-1)}` : c.authors[0];
  const what = c.count > 1 ? `${c.count} messages` : 'a message';
  return { subject: `Wardroom: new chat message${c.count > 1 ? 's' : ''} in “${title}”`, text: `${authors} wrote ${what} in the chat of “${title}” (${c.channels.join('; ')}).` };
}

/** The seats a rewind request still waits on: those of the part it rewinds that have not agreed. */
export function rewindNeeds(session: Session<unknown>, r: { scope: string; agreed: readonly string[] }): string[] {
  return (session.module.scopeSeats?.(session.state, r.scope) ?? []).filter((s) => !r.agreed.includes(s));
}

/** The waiting set stored for a game that is over: it changes once, when the game ends. */
const OVER = ['(over)'];

/** "Wed, 02 Dec 2026 18:00 UTC": to the minute, as the times in a time zone are. */
export const utc = (iso: string) => new Date(iso).toUTCString().replace(/:\d\d GMT$/, ' UTC');

/** A time as a person reads it in a message: in their time zone ("Wed, 02 Dec 2026, 13:00 GMT-5 (America/New_York)"), else in UTC. */
export function timeIn(timeZone: string | null): (iso: string) => string {
  if (!timeZone) return utc;
  const f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  return (iso) => {
    const text = f.format(new Date(iso));
    return text.endsWith(` ${timeZone}`) ? text : `${text} (${timeZone})`; // "… 11:31 UTC", not "… 11:31 UTC (UTC)"
  };
}

/** An IANA time zone this server knows ("Europe/Berlin"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface NotificationSettings {
  email: { on: boolean; /** null: the address of the person's record. */ address: string | null };
  /** A URL that receives a JSON POST (`{text, content, subject, items}`), or null. */
  webhook: string | null;
  kinds: { turn: boolean; chat: boolean; deadline: boolean };
  /** The IANA time zone the messages give times in ("Europe/Berlin"); null: UTC. */
  timeZone: string | null;
}

export const NO_NOTIFICATIONS: NotificationSettings = { email: { on: false, address: null }, webhook: null, kinds: { turn: true, chat: true, deadline: true }, timeZone: null };

export interface SenderOptions {
  /** Tries before an item is given up (default 5). */
  maxAttempts?: number;
  /** The wait after the first failure; doubled after each further one (default 1 minute). */
  baseDelayMs?: number;
  /** At most one message per address in this time (default 5 minutes); items due meanwhile wait and go together. */
  minGapMs?: number;
  /** The webhook POST (default: global fetch). */
  fetch?: typeof fetch;
  /** Post webhooks to loopback and private addresses too (default: no; webhook-address.ts). */
  privateWebhooks?: boolean;
  /** How a webhook's host name is resolved before the POST (default: the system's resolver). */
  lookup?: Lookup;
  /** How long a node's claim on items it is sending holds before another node may send them (default 10 minutes; issue 11). */
  claimMs?: number;
}

/** One item as it goes into a collapsed message. */
interface Item {
  kind: string;
  game: string | null;
  subject: string;
  text: string;
  link: string | null;
}

export class Notifications {
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly minGapMs: number;
  readonly claimMs: number;
  /**
   * Several nodes share the database (issue 11; set by buildServer): the waiting set is read from
   * and moved in the table at each change, and the PostgreSQL claim takes an advisory lock.
   */
  shared = false;
  private readonly post: typeof fetch;
  readonly privateWebhooks: boolean;
  private readonly lookup: Lookup | undefined;
  /** Changes being looked at, per game, one after the other. */
  private readonly chains = new Map<string, Promise<void>>();
  /** The waiting set each game was last seen with on this node. */
  private readonly lastWaiting = new Map<string, readonly string[]>();
  /** Called when a game waits on someone it did not wait on before (`seats`: those), or ends (the deadlines re-arm an hours-per-decision deadline, or end it). */
  onNewWaiting: (game: string, seats: string[], over: boolean) => Promise<void> = async () => {};

  constructor(
    private readonly db: Kysely<Database>,
    private readonly people: People,
    /** The game; at least at version `atLeast` when given (a change known to be stored). */
    private readonly sessionOf: (game: string, atLeast?: number) => Promise<Session<unknown> | null>,
    private readonly titleOf: (game: string) => Promise<string>,
    private readonly presence: Presence,
    readonly clock: Clock,
    private readonly mailer: MailSender,
    /** The address links point at (read when a text is made: a test server learns its port late). */
    private readonly base: () => string,
    opts: SenderOptions = {},
  ) {
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.baseDelayMs = opts.baseDelayMs ?? 60_000;
    this.minGapMs = opts.minGapMs ?? 5 * 60_000;
    this.claimMs = opts.claimMs ?? 10 * 60_000;
    this.post = opts.fetch ?? ((...a) => fetch(...a));
    this.privateWebhooks = opts.privateWebhooks ?? false;
    this.lookup = opts.lookup;
  }

  get baseUrl(): string {
    return this.base();
  }

  // -------------------------------------------------------------------------------------------
  // Settings

  async settings(personId: string): Promise<NotificationSettings> {
    const row = await this.db.selectFrom('notification_settings').selectAll().where('person_id', '=', personId).executeTakeFirst();
    if (!row) return structuredClone(NO_NOTIFICATIONS);
    return { email: { on: !!row.email_on, address: row.email }, webhook: row.webhook, kinds: { ...NO_NOTIFICATIONS.kinds, ...(JSON.parse(row.kinds) as object) }, timeZone: row.time_zone };
  }

  async saveSettings(personId: string, s: NotificationSettings): Promise<void> {
    const values = { email_on: s.email.on ? 1 : 0, email: s.email.address, webhook: s.webhook, kinds: JSON.stringify(s.kinds), time_zone: s.timeZone, updated_at: this.clock.now().toISOString() };
    await this.db
      .insertInto('notification_settings')
      .values({ person_id: personId, ...values })
      .onConflict((oc) => oc.column('person_id').doUpdateSet(values))
      .execute();
  }

  // -------------------------------------------------------------------------------------------
  // Enqueueing

  /** How this person reads a time in a message (their time zone, else UTC). */
  async timeFor(personId: string): Promise<(iso: string) => string> {
    return timeIn((await this.settings(personId)).timeZone);
  }

  /** The link to a game's page. */
  gameLink(game: string): string {
    return `${this.baseUrl}/g/${encodeURIComponent(game)}`;
  }

  /** Put an item in the outbox for each channel the person chose for this kind, unless they muted the game; how many rows. */
  async toPerson(personId: string, kind: Exclude<NotificationKind, 'invitation'>, game: string | null, subject: string, text: string, link: string | null, about: About | null = null): Promise<number> {
    const s = await this.settings(personId);
    if (!s.kinds[kind] || (game && (await this.people.muted(game, personId)))) return 0; // a campaign the person muted tells them nothing
    let n = 0;
    if (s.email.on) {
      const address = s.email.address ?? (await this.people.person(personId))?.email ?? null;
      if (address) n += await this.enqueue({ personId, game, kind, channel: 'email', address, subject, text, link, about });
    }
    if (s.webhook) n += await this.enqueue({ personId, game, kind, channel: 'webhook', address: s.webhook, subject, text, link, about });
    return n;
  }

  /** An item that says `about` the game (made now, and again when it is sent); none when it does not apply now. */
  async aboutGame(personId: string, kind: 'turn' | 'deadline' | 'chat', game: string, about: About): Promise<number> {
    const words = await this.compose(game, personId, about);
    return words ? this.toPerson(personId, kind, game, words.subject, words.text, this.gameLink(game), about) : 0;
  }

  /**
   * The words of an item `about` the game for this person, as the game is now, or null when it no
   * longer applies (the seats acted, the deadline moved or went, the game ended or moved to the
   * table). Built from the person's own seats and the spectator's words for them (`describe`).
   */
  private async compose(game: string, personId: string, about: About): Promise<{ subject: string; text: string } | null> {
    const title = await this.titleOf(game);
    if (about.what === 'chat') return chatWords(title, about);
    const session = await this.sessionOf(game);
    if (!session || session.isOver() !== (about.what === 'over')) return null;
    if (about.what === 'over') {
      const end = session.eventsFor(SPECTATOR).at(-1)?.text ?? '';
      return { subject: `Wardroom: “${title}” is over`, text: `“${title}” is over. ${end}`.trim() };
    }
    const deadline = await this.db.selectFrom('deadlines').select(['due_at', 'paused_at', 'moved_at']).where('game_id', '=', game).executeTakeFirst();
    if (deadline?.moved_at) return null;
    if (about.what === 'rewind') {
      // Still open, waiting on a seat of the person's, and the campaign not paused (no answer is taken then).
      const open = deadline?.paused_at ? undefined : (await this.people.openRewinds(game)).find((r) => r.id === about.id);
      const theirs = open && holdersOf(await this.people.holders(game), rewindNeeds(session, open)).get(personId);
      if (!theirs) return null;
      return { subject: `Wardroom: a rewind asked of you in “${title}”`, text: `${about.asker} asks to rewind ${about.part} in “${title}”: agree or refuse on the game page (${theirs.map((s) => session.seatLabel(s)).join('; ')}).` };
    }
    if (about.what === 'unheld') {
      const unheld = await this.unheldOf(game, session.waitingFor());
      if (!unheld.length) return null;
      const what = unheld.map((s) => this.describe(session, s)).join('; ');
      return { subject: `Wardroom: “${title}” waits on a seat nobody holds`, text: `“${title}” waits on ${what}, ${unheld.length > 1 ? 'seats' : 'a seat'} nobody holds. As referee, send its invitation link again, or settle it with the players.` };
    }
    // A paused game still waits on the same seats (the page says whose decision it is), but its deadline does not run.
    if (about.what !== 'waiting' && (deadline?.due_at !== about.dueAt || deadline.paused_at)) return null;
    if (about.what === 'reminder' && Date.parse(about.dueAt) <= this.clock.now().getTime()) return null; // held back past the time it names
    const waiting = session.waitingFor();
    const when = await this.timeFor(personId);
    if (about.what === 'expired') {
      const what = waiting.map((s) => this.describe(session, s)).join('; ');
      return { subject: `Wardroom: deadline passed in “${title}”`, text: `The deadline of “${title}” (${when(about.dueAt)}) has passed${what ? ` while it waits on ${what}` : ''}. As referee, decide: extend it, pause the campaign, or settle it with the players.` };
    }
    const seats = holdersOf(await this.people.holders(game), waiting).get(personId);
    if (!seats) return null;
    const what = seats.map((s) => this.describe(session, s)).join('; ');
    if (about.what === 'waiting') return { subject: `Wardroom: your turn in “${title}”`, text: `“${title}” waits on you: ${what}.` };
    return { subject: `Wardroom: deadline soon in “${title}”`, text: `Reminder: “${title}” waits on you (${what}) until ${when(about.dueAt)}.` };
  }

  /**
   * A seat asked to rewind a part of the game (§4 corrections by agreement): whoever holds a seat
   * the request waits on, other than the asker, is told unless on the game's page. Public words
   * only: who asks and which part, not what it takes back (the game page says that per viewer).
   */
  async rewindAsked(game: string, id: string, seats: readonly string[], askerId: string, asker: string, part: string): Promise<void> {
    for (const personId of holdersOf(await this.people.holders(game), seats).keys()) {
      if (personId !== askerId && !(await this.presence.isConnected(game, personId))) await this.aboutGame(personId, 'turn', game, { what: 'rewind', id, asker, part });
    }
  }

  /** Those of `seats` nobody holds. */
  private async unheldOf(game: string, seats: readonly string[]): Promise<string[]> {
    const holders = await this.people.holders(game);
    return seats.filter((s) => !holders.some((h) => h.seat === s));
  }

  /** The game waits on `seats` and some of them nobody holds (left, freed, never claimed): its referees are told, unless on its page. */
  async unheld(game: string, seats: readonly string[]): Promise<void> {
    if (!(await this.unheldOf(game, seats)).length) return;
    for (const personId of await this.people.referees(game)) {
      if (!(await this.presence.isConnected(game, personId))) await this.aboutGame(personId, 'turn', game, { what: 'unheld' });
    }
  }

  /** An item for an e-mail address that is no person's (yet): an invitation. */
  async toAddress(address: string, kind: NotificationKind, game: string | null, subject: string, text: string, link: string | null): Promise<void> {
    await this.enqueue({ personId: null, game, kind, channel: 'email', address, subject, text, link, about: null });
  }

  private async enqueue(i: { personId: string | null; game: string | null; kind: string; channel: 'email' | 'webhook'; address: string; subject: string; text: string; link: string | null; about: About | null }): Promise<number> {
    const at = this.clock.now().toISOString();
    await this.db
      .insertInto('notification_outbox')
      .values({ id: newId(), person_id: i.personId, game_id: i.game, kind: i.kind, channel: i.channel, address: i.address, subject: i.subject, text: i.text, link: i.link, about: i.about && JSON.stringify(i.about), created_at: at, due_at: at, attempts: 0, status: 'pending', last_error: null, sent_at: null })
      .execute();
    return 1;
  }

  /** The public words for what a seat is asked to do: "turn 2, Mediterranean: purchases (Allied, Mediterranean)". */
  describe(session: Session<unknown>, seat: string): string {
    return `${session.decision(seat)} (${session.seatLabel(seat)})`;
  }

  /**
   * The game changed: whoever it now waits on and did not before (a new waiting set, not a new
   * action) gets one notification, unless connected to the game. Per game, one change at a time.
   */
  changed(game: string, version?: number): Promise<void> {
    const next = (this.chains.get(game) ?? Promise.resolve()).then(() => this.changedNow(game, version));
    const settled = next.catch(() => {});
    this.chains.set(game, settled);
    void settled.then(() => this.chains.get(game) === settled && this.chains.delete(game));
    return next;
  }

  /** Wait until every change seen so far has been looked at (tests; a clean shutdown). */
  async idle(): Promise<void> {
    while (this.chains.size) await Promise.all(this.chains.values());
  }

  private async changedNow(game: string, version?: number): Promise<void> {
    const session = await this.sessionOf(game, version);
    if (!session) return;
    const over = session.isOver();
    const now = over ? OVER : session.waitingFor();
    let before: readonly string[] | null | undefined;
    if (this.shared) {
      // Several nodes see every change: the table holds the set, and only the node whose
      // compare-and-set moves it from the old set to the new one tells anyone.
      before = await this.moveWaiting(game, now);
      if (!before) return;
    } else {
      // The set last seen on this node; after a restart, the one last notified about (the table).
      // Comparing in memory keeps the table out of an action's way: it is written only when someone is told.
      before = this.lastWaiting.get(game);
      if (!before) {
        const row = await this.db.selectFrom('notification_waiting').select(['seats']).where('game_id', '=', game).executeTakeFirst();
        before = row ? (JSON.parse(row.seats) as string[]) : [];
      }
      this.lastWaiting.set(game, now);
      if (sameSet(before, now)) return;
    }
    // A decision made (fewer seats waited on) leaves the others' clock running.
    const added = over ? [] : now.filter((s) => !before.includes(s));
    if (over || added.length) await this.onNewWaiting(game, added, over);
    if (added.length) await this.unheld(game, added);
    const holders = await this.people.holders(game);
    const earlier = holdersOf(holders, before);
    const told: string[] = [];
    // Once over, everyone in the game hears the result; else whoever is newly waited on.
    const concerned = over ? new Set([...(await this.people.referees(game)), ...holders.map((h) => h.person_id)]) : [...holdersOf(holders, now).keys()].filter((p) => !earlier.has(p));
    for (const personId of concerned) if (!(await this.presence.isConnected(game, personId))) told.push(personId);
    if (!told.length) return;
    if (!this.shared) {
      await this.db
        .insertInto('notification_waiting')
        .values({ game_id: game, seats: JSON.stringify(now) })
        .onConflict((oc) => oc.column('game_id').doUpdateSet({ seats: JSON.stringify(now) }))
        .execute();
    }
    for (const personId of told) await this.aboutGame(personId, 'turn', game, { what: over ? 'over' : 'waiting' });
  }

  /**
   * Shared: move the game's stored waiting set to `now` with a compare-and-set; the set it was
   * before when this node's update made the move, or null (the same set, or another node moved it first).
   */
  private async moveWaiting(game: string, now: readonly string[]): Promise<readonly string[] | null> {
    const row = await this.db.selectFrom('notification_waiting').select(['seats']).where('game_id', '=', game).executeTakeFirst();
    const before = row ? (JSON.parse(row.seats) as string[]) : [];
    if (sameSet(before, now)) return null;
    const seats = JSON.stringify(now);
    if (row) {
      const r = await this.db.updateTable('notification_waiting').set({ seats }).where('game_id', '=', game).where('seats', '=', row.seats).executeTakeFirst();
      return Number(r.numUpdatedRows) ? before : null;
    }
    const r = await this.db.insertInto('notification_waiting').values({ game_id: game, seats }).onConflict((oc) => oc.column('game_id').doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) ? before : null;
  }

  /**
   * The node that held the person's sockets on the game died (presence.ts): while its rows counted,
   * a decision newly waiting on them told them nothing, and they may not have seen it. Told now
   * if the game waits on them, unless they are back on another node.
   */
  async connectionLost(game: string, personId: string): Promise<void> {
    if (!(await this.presence.isConnected(game, personId))) await this.aboutGame(personId, 'turn', game, { what: 'waiting' });
  }

  /** People waited on now (person → seats), for the deadline reminders. */
  async waitedOn(game: string): Promise<{ session: Session<unknown>; people: Map<string, string[]> } | null> {
    const session = await this.sessionOf(game);
    if (!session) return null;
    return { session, people: holdersOf(await this.people.holders(game), session.isOver() ? [] : session.waitingFor()) };
  }

  /**
   * A chat message was posted: tell each recipient who is not connected to the game, at most one
   * unsent item per person and game, which counts the messages and names their authors and
   * channels as more come (never their text: it may be a team's secret).
   */
  async notifyChat(game: string, recipients: readonly string[], from: string, channelLabel: string): Promise<void> {
    const title = await this.titleOf(game);
    for (const personId of recipients) {
      if (await this.presence.isConnected(game, personId)) continue;
      const pending = await this.db.selectFrom('notification_outbox').select(['about']).where('person_id', '=', personId).where('game_id', '=', game).where('kind', '=', 'chat').where('status', '=', 'pending').execute();
      if (!pending.length) {
        const about: About = { what: 'chat', authors: [from], channels: [channelLabel], count: 1 };
        await this.aboutGame(personId, 'chat', game, about);
        continue;
      }
      for (const row of pending) {
        const was = row.about ? (JSON.parse(row.about) as About) : null;
        if (was?.what !== 'chat') continue; // an item of an older server: left as it is
        const about: About = { what: 'chat', authors: [...new Set([...was.authors, from])], channels: [...new Set([...was.channels, channelLabel])], count: was.count + 1 };
        await this.db.updateTable('notification_outbox').set({ about: JSON.stringify(about), ...chatWords(title, about) }).where('person_id', '=', personId).where('game_id', '=', game).where('kind', '=', 'chat').where('status', '=', 'pending').where('about', '=', row.about).execute();
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Sending

  /**
   * Send what is due: per address, every pending item in one message (a backlog collapsed), at
   * most one message per `minGapMs`; a failure is tried again after 1, 2, 4 … × `baseDelayMs`,
   * and given up after `maxAttempts`.
   *
   * Several nodes may run this at once (issue 11): an address's due rows are claimed in one
   * conditional statement (status 'sending' until `claimed_until`) that takes nothing while any
   * row of the address is in flight or was sent within `minGapMs`; on PostgreSQL with shared
   * nodes, a transaction-scoped advisory lock per address makes that claim one node's at a time
   * (a node that finds it taken goes on to the next address). Each message is sent exactly once;
   * only a node that dies between sending and marking 'sent' leaves a claim that expires after
   * `claimMs` and is sent again by another node (at least once after a crash).
   */
  async runDue(): Promise<{ sent: number; failed: number }> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const due = await this.db
      .selectFrom('notification_outbox')
      .select(['channel', 'address'])
      .distinct()
      .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('due_at', '<=', nowIso)]), eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', nowIso)])]))
      .execute();
    let sent = 0;
    let failed = 0;
    for (const { channel, address } of due) {
      const last = await this.db.selectFrom('notification_outbox').select((eb) => eb.fn.max('sent_at').as('last')).where('channel', '=', channel).where('address', '=', address).where('status', '=', 'sent').executeTakeFirst();
      if (last?.last && now.getTime() - Date.parse(last.last) < this.minGapMs) {
        // The rate cap: wait, and go together with what comes meanwhile.
        const wait = new Date(Date.parse(last.last) + this.minGapMs).toISOString();
        await this.db.updateTable('notification_outbox').set({ due_at: wait }).where('channel', '=', channel).where('address', '=', address).where('status', '=', 'pending').where('due_at', '<', wait).execute();
        continue;
      }
      const rows = await this.current(await this.claim(channel, address, now));
      if (!rows.length) continue; // another node has it, nothing is due any more, or nothing due still applies
      const ids = rows.map((r) => r.id);
      try {
        await this.deliver(channel, address, rows.map((r) => ({ kind: r.kind, game: r.game_id, subject: r.subject, text: r.text, link: r.link })));
        await this.db.updateTable('notification_outbox').set({ status: 'sent', sent_at: nowIso, last_error: null, claimed_until: null }).where('id', 'in', ids).execute();
        sent++;
      } catch (e) {
        const message = String((e as Error)?.message ?? e).slice(0, 300);
        for (const r of rows) {
          const attempts = r.attempts + 1;
          const giveUp = attempts >= this.maxAttempts;
          const retry = new Date(now.getTime() + this.baseDelayMs * 2 ** (attempts - 1)).toISOString();
          await this.db.updateTable('notification_outbox').set({ attempts, last_error: message, status: giveUp ? 'failed' : 'pending', due_at: giveUp ? r.due_at : retry, claimed_until: null }).where('id', '=', r.id).execute();
        }
        failed++;
      }
    }
    return { sent, failed };
  }

  /**
   * Claim an address's due rows (pending and due, or a claim expired) unless a row of it is in
   * flight or was sent within `minGapMs`: one statement, so SQLite (one writer at a time) and a
   * PostgreSQL holding the address's advisory lock both decide it atomically. The rows claimed,
   * oldest first.
   */
  private async claim(channel: 'email' | 'webhook', address: string, now: Date) {
    const nowIso = now.toISOString();
    const gapStart = new Date(now.getTime() - this.minGapMs).toISOString();
    const until = new Date(now.getTime() + this.claimMs).toISOString();
    const take = (db: Kysely<Database>) =>
      db
        .updateTable('notification_outbox as o')
        .set({ status: 'sending', claimed_until: until })
        .where('o.channel', '=', channel)
        .where('o.address', '=', address)
        .where((eb) => eb.or([eb.and([eb('o.status', '=', 'pending'), eb('o.due_at', '<=', nowIso)]), eb.and([eb('o.status', '=', 'sending'), eb('o.claimed_until', '<=', nowIso)])]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notification_outbox as b')
                .select('b.id')
                .where('b.channel', '=', channel)
                .where('b.address', '=', address)
                .where((eb) => eb.or([eb.and([eb('b.status', '=', 'sending'), eb('b.claimed_until', '>', nowIso)]), eb.and([eb('b.status', '=', 'sent'), eb('b.sent_at', '>', gapStart)])])),
            ),
          ),
        )
        .returningAll()
        .execute();
    let rows: Awaited<ReturnType<typeof take>>;
    if (this.shared && !isSqlite(this.db)) {
      rows = await this.db.transaction().execute(async (tx) => {
        const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext(${`wardroom-outbox:${channel}:${address}`})) AS ok`.execute(tx);
        return lock.rows[0]?.ok ? take(tx) : [];
      });
    } else {
      rows = await take(this.db);
    }
    return rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  }

  /**
   * Claimed rows as they go: an item `about` the game in the words of the game now (stored as
   * sent), or dropped (status 'dropped') when it no longer applies; news of a deadline or a pause
   * is dropped once the game is over, and anything about a game its person has muted since.
   */
  private async current<R extends { id: string; kind: string; person_id: string | null; game_id: string | null; about: string | null; subject: string; text: string }>(rows: R[]): Promise<R[]> {
    const out: R[] = [];
    for (const r of rows) {
      const over = r.kind === 'deadline' && r.game_id !== null && !!(await this.sessionOf(r.game_id))?.isOver();
      const muted = r.person_id !== null && r.game_id !== null && (await this.people.muted(r.game_id, r.person_id)); // muted after it was queued
      const words = over || muted ? null : r.about && r.person_id && r.game_id ? await this.compose(r.game_id, r.person_id, JSON.parse(r.about) as About) : r;
      if (!words) {
        await this.db.updateTable('notification_outbox').set({ status: 'dropped', claimed_until: null }).where('id', '=', r.id).execute();
        continue;
      }
      if (words.subject !== r.subject || words.text !== r.text) await this.db.updateTable('notification_outbox').set(words).where('id', '=', r.id).execute();
      out.push({ ...r, ...words });
    }
    return out;
  }

  private async deliver(channel: string, address: string, all: Item[]): Promise<void> {
    // Items that now say the same (two notices that a game waits on you) go as one.
    const rows = all.filter((r, i) => all.findIndex((o) => o.game === r.game && o.subject === r.subject && o.text === r.text) === i);
    const subject = rows.length === 1 ? rows[0].subject : `Wardroom: ${rows.length} updates`;
    const body = rows.map((r) => (r.link ? `${r.text}\n${r.link}` : r.text)).join('\n\n');
    if (channel === 'email') {
      const footer = `\n\n—\nYou asked for these in Wardroom's notification settings: ${this.baseUrl}/settings`;
      await this.mailer.send(address, subject, body + (rows.some((r) => r.kind !== 'invitation') ? footer : ''));
      return;
    }
    // Checked as it goes (a name may resolve elsewhere than when it was set): a failure that says why.
    const refused = this.privateWebhooks ? null : await privateWebhook(address, this.lookup);
    if (refused) throw new Error(refused);
    const items = rows.map((r) => ({ kind: r.kind, game: r.game, subject: r.subject, text: r.text, link: r.link }));
    const text = `${subject}\n${body}`;
    // `text` for Slack/Mattermost-style incoming webhooks, `content` for Discord's.
    const res = await this.post(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subject, text, content: text.slice(0, 2000), items }), signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`the webhook answered ${res.status}`);
  }

  /** The outbox as the tests and the operator see it. */
  outbox() {
    return this.db.selectFrom('notification_outbox').selectAll().orderBy('created_at').execute();
  }
}

/** The same seats, in any order. */
function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s) => b.includes(s));
}

/** The people holding `seats` (person → their seats among them). */
function holdersOf(holders: readonly { person_id: string; seat: string | null }[], seats: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const h of holders) if (h.seat && seats.includes(h.seat)) out.set(h.person_id, [...(out.get(h.person_id) ?? []), h.seat]);
  return out;
}
