import { closeSync, existsSync, fsync, openSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, SqliteAdapter, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type Migration, type MigrationProvider } from 'kysely';
import { isRuleError, ruleError, type RuleError } from '../../engine/errors.ts';
import type { Action, GameEvent, RulesModule } from '../../engine/module.ts';
import type { Viewer } from '../../engine/viewer.ts';
import { RECORD_VERSION, Session, type GameRecord, type LogEntry } from '../../engine/session.ts';

/**
 * Games in a database (issue 9's storage layer): one row per game and an append-only action log
 * with a unique (game, sequence) key, so the database decides the order of actions: two writers
 * at the same version cannot both win. Written with Kysely so that a PostgreSQL dialect can be
 * added without rewriting it (issue 11); SQLite (better-sqlite3, WAL) is the embedded default.
 */

export interface GamesTable {
  id: string;
  module: string;
  /** The game's options as JSON. */
  options: string;
  seed_commitment: string;
  /** Held by the server until the game ends; never sent to a browser before. */
  seed: string | null;
  /** Unknown top-level fields of an imported game file, as JSON (kept, as documented). */
  extra: string;
  created_at: string;
  /** The campaign's name, for people's game lists. */
  title: string;
  /** When the seed came with an imported game file (whoever kept that file knows the dice to come); null: the server made it. */
  seed_imported: string | null;
}

export interface ActionsTable {
  game_id: string;
  /** The index of the entry in the game's log, from 0. */
  seq: number;
  /** The log entry as JSON (the action, its logged dice, or an undo/rewind). */
  entry: string;
  created_at: string;
}

/** A person: no password; reached through sessions (a sealed cookie names one). */
export interface PeopleTable {
  id: string;
  name: string;
  email: string | null;
  created_at: string;
}

/** A signed-in device; a revoked one no longer works even with a valid cookie. */
export interface SessionsTable {
  id: string;
  person_id: string;
  created_at: string;
  revoked_at: string | null;
}

/** Who is in a game: its referee, the holder of each claimed seat, its spectators. */
export interface MembersTable {
  game_id: string;
  person_id: string;
  role: 'referee' | 'player' | 'spectator';
  /** The seat held (players only); a seat has one holder. */
  seat: string | null;
  created_at: string;
  /** Since when the person wants no notification of this game (migration 15; set on each of their rows). */
  muted_at?: string | null;
}

/** An invitation link; only the token's hash is kept. */
export interface InvitationsTable {
  token_hash: string;
  game_id: string;
  kind: 'seat' | 'team' | 'table' | 'spectator';
  /** The seats it offers, as JSON (none for a spectator link). */
  seats: string;
  created_at: string;
  /** After this time the link admits nobody (migration 14; null: until revoked). */
  expires_at: string | null;
}

/** An e-mailed sign-in link: the token's hash, single use, short expiry. */
export interface MagicLinksTable {
  token_hash: string;
  person_id: string;
  expires_at: string;
  used_at: string | null;
}

/** A rewind by agreement asked of the scope's other seats or the referee. */
export interface RewindsTable {
  id: string;
  game_id: string;
  seat: string;
  scope: string;
  to_index: number;
  /** Who agreed so far, as JSON. */
  agreed: string;
  created_at: string;
  /** 'done', 'refused' (by the seat or referee asked), 'failed' (agreed, and the rules refused it then), or null while open. */
  outcome: string | null;
  /** Who closed it: the seat that answered, or 'referee' (null while open, and for requests closed before this was kept). */
  answered_by: string | null;
  /** When it was closed (UTC ISO). */
  answered_at: string | null;
  /** 'failed': why, as the seat that asked may be told (the engine's refusal worded for that seat). */
  reason: string | null;
}

/** A chat message (issue 10): numbered per channel; `channel` names who may read it (src/adapters/server/chat-routes.ts). */
export interface ChatMessagesTable {
  id: string;
  game_id: string;
  /** From 1 per channel of the game (migration 13): the order of the channel's messages, and what read markers and `after=` name. */
  seq: number;
  /** 'all', 'team:allied', 'team:soviet', or 'referee:PERSON' (a person's private line with the referee). */
  channel: string;
  author_id: string;
  /** Who the author spoke as, when they wrote it: "Referee", "Allied, Mediterranean", "Soviet". */
  author_label: string;
  text: string;
  /** UTC, ISO 8601. */
  created_at: string;
}

/** How far a person has read a chat channel of a game: the seq of the last message read. */
export interface ChatReadsTable {
  game_id: string;
  person_id: string;
  channel: string;
  last_read: number;
}

/** How far a person has read a game's log (issue 10, history): the last event seq they marked read. */
export interface ReadsTable {
  game_id: string;
  person_id: string;
  /** The seq of the last event read (-1: none). */
  last_seq: number;
  updated_at: string;
}

/** A person's opt-in notification settings (issue 10); no row: none. */
export interface NotificationSettingsTable {
  person_id: string;
  /** Send e-mail: 1 or 0. */
  email_on: number;
  /** The address to use; null: the person's own (people.email). */
  email: string | null;
  /** A URL to POST JSON to (e.g. a group chat's incoming webhook); null: none. */
  webhook: string | null;
  /** Which kinds, as JSON: {turn, chat, deadline}. */
  kinds: string;
  /** The IANA time zone times in the messages are given in ("Europe/Berlin"); null: UTC. */
  time_zone: string | null;
  updated_at: string;
}

/** A notification to send (issue 10): one row per item and channel; the sender collapses an address's due rows into one message. */
export interface NotificationOutboxTable {
  id: string;
  person_id: string | null;
  game_id: string | null;
  kind: string;
  channel: 'email' | 'webhook';
  /** The e-mail address or webhook URL, resolved when enqueued. */
  address: string;
  subject: string;
  text: string;
  link: string | null;
  /**
   * What the item says of the game as it was when queued, to be said again as the game is when it
   * is sent (notifications.ts, `About`, as JSON): null for an item whose words stay true (a chat
   * message came, the referee paused the campaign).
   */
  about: string | null;
  created_at: string;
  /** When it may next be tried (UTC ISO). */
  due_at: string;
  attempts: number;
  /** 'sending': claimed by a node until `claimed_until` (issue 11); a claim that expires is taken again. 'dropped': no longer true when it was to be sent (`about`). */
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'dropped';
  last_error: string | null;
  sent_at: string | null;
  /** While 'sending': when the claim expires (UTC ISO; a node that died mid-send). */
  claimed_until: string | null;
}

/** The seats each game last waited on, to notify once per change of the waiting set (not per action). */
export interface NotificationWaitingTable {
  game_id: string;
  /** JSON array of seats. */
  seats: string;
}

/** A campaign's deadline (issue 10), set by its referee; times in UTC ISO. */
export interface DeadlinesTable {
  game_id: string;
  /** The current deadline, or null when none is set. */
  due_at: string | null;
  /** Hours per decision: re-armed each time the game waits on someone new (null: a fixed time). */
  hours: number | null;
  /** The reminder comes this many hours before the deadline. */
  remind_hours: number;
  /** At the deadline: ask the referee to decide, or pause the campaign. */
  on_expiry: 'referee' | 'pause';
  /** When the campaign was paused (null: running). */
  paused_at: string | null;
  /** When the referee moved the campaign to the table, with its seed (for good: it is not played online again). */
  moved_at: string | null;
  updated_at: string;
}

/** One deadline event to happen once: claimed by setting done_at with a conditional update (one node wins, issue 11). */
export interface DeadlineJobsTable {
  id: string;
  game_id: string;
  kind: 'reminder' | 'deadline';
  due_at: string;
  done_at: string | null;
}

/**
 * Who is connected to which game, per node (issue 11): a node writes a row while a person has a
 * live WebSocket open on it, refreshes `seen_at` with a heartbeat and deletes its rows on a clean
 * stop; a row not refreshed for a few heartbeats is a dead node's and counts for nothing.
 */
export interface PresenceTable {
  node_id: string;
  game_id: string;
  person_id: string;
  /** Open WebSockets of the person on the game on this node. */
  connections: number;
  /** UTC ISO, the node's heartbeat. */
  seen_at: string;
}

/** Request counts of the rate limit shared by the nodes (issue 11): one row per key and window. */
export interface RateLimitsTable {
  key: string;
  /** Milliseconds since 1970 when the key's current window began. */
  window_start: number;
  count: number;
}

export interface Database {
  presence: PresenceTable;
  rate_limits: RateLimitsTable;
  notification_settings: NotificationSettingsTable;
  notification_outbox: NotificationOutboxTable;
  notification_waiting: NotificationWaitingTable;
  deadlines: DeadlinesTable;
  deadline_jobs: DeadlineJobsTable;
  games: GamesTable;
  actions: ActionsTable;
  people: PeopleTable;
  sessions: SessionsTable;
  members: MembersTable;
  invitations: InvitationsTable;
  magic_links: MagicLinksTable;
  rewinds: RewindsTable;
  chat_messages: ChatMessagesTable;
  chat_reads: ChatReadsTable;
  reads: ReadsTable;
}

/** Schema changes, applied in order on open (Kysely's Migrator records which ran). */
/** A migration that adds one nullable text column. */
function addTextColumn(table: string, column: string): Migration {
  return { up: (db: Kysely<any>) => db.schema.alterTable(table).addColumn(column, 'text').execute() };
}

const MIGRATIONS: Record<string, Migration> = {
  '2026-12-01-1-games-and-actions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('module', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('seed_commitment', 'text', (c) => c.notNull())
        .addColumn('seed', 'text')
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('actions')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('entry', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('actions_game_seq', ['game_id', 'seq'])
        .execute();
    },
  },
  '2026-12-01-2-people-and-seats': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('games').addColumn('title', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema
        .createTable('people')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('people_email').on('people').column('email').execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('members')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('seat', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('members_one_holder', ['game_id', 'seat'])
        .execute();
      await db.schema.createIndex('members_person').on('members').columns(['person_id', 'game_id']).execute();
      await db.schema
        .createTable('invitations')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('seats', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('magic_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('rewinds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('seat', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('to_index', 'integer', (c) => c.notNull())
        .addColumn('agreed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .execute();
    },
  },
  '2026-12-02-3-notifications': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notification_settings')
        .addColumn('person_id', 'text', (c) => c.primaryKey().references('people.id').onDelete('cascade'))
        .addColumn('email_on', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email', 'text')
        .addColumn('webhook', 'text')
        .addColumn('kinds', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('notification_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('cascade'))
        .addColumn('game_id', 'text', (c) => c.references('games.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('notification_outbox_due').on('notification_outbox').columns(['status', 'due_at']).execute();
      await db.schema.createIndex('notification_outbox_address').on('notification_outbox').columns(['channel', 'address', 'status']).execute();
      await db.schema
        .createTable('notification_waiting')
        .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
        .addColumn('seats', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '2026-12-02-4-deadlines': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('deadlines')
        .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
        .addColumn('due_at', 'text')
        .addColumn('hours', 'double precision')
        .addColumn('remind_hours', 'double precision', (c) => c.notNull())
        .addColumn('on_expiry', 'text', (c) => c.notNull())
        .addColumn('paused_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('deadline_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('done_at', 'text')
        .execute();
      await db.schema.createIndex('deadline_jobs_due').on('deadline_jobs').columns(['done_at', 'due_at']).execute();
    },
  },
  '2026-12-02-5-reads': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reads')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('last_seq', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('reads_game_person', ['game_id', 'person_id'])
        .execute();
    },
  },
  '2026-12-02-6-chat': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('chat_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('author_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('author_label', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('chat_messages_game_seq', ['game_id', 'seq'])
        .execute();
      await db.schema.createIndex('chat_messages_channel').on('chat_messages').columns(['game_id', 'channel', 'seq']).execute();
      await db.schema
        .createTable('chat_reads')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('last_read', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_reads_key', ['game_id', 'person_id', 'channel'])
        .execute();
    },
  },
  '2026-12-03-7-shared-state': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('notification_outbox').addColumn('claimed_until', 'text').execute();
      await db.schema
        .createTable('presence')
        .addColumn('node_id', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text', (c) => c.notNull())
        .addColumn('connections', 'integer', (c) => c.notNull())
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('presence_key', ['node_id', 'game_id', 'person_id'])
        .execute();
      await db.schema.createIndex('presence_game_person').on('presence').columns(['game_id', 'person_id']).execute();
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '2026-12-04-8-moved-to-table': addTextColumn('deadlines', 'moved_at'),
  '2026-12-05-9-seed-imported': addTextColumn('games', 'seed_imported'),
  '2026-12-06-10-outbox-about-rewind-answers': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('notification_outbox').addColumn('about', 'text').execute();
      await db.schema.alterTable('rewinds').addColumn('answered_by', 'text').execute();
      await db.schema.alterTable('rewinds').addColumn('answered_at', 'text').execute();
      await db.schema.alterTable('rewinds').addColumn('reason', 'text').execute();
    },
  },
  '2026-12-07-11-people-email-unique': {
    async up(db: Kysely<any>) {
      // One person per address (people-routes.ts), now kept by the database itself.
      await keepFirstAddresses(db);
      await db.schema.createIndex('people_email_lower').unique().on('people').expression(sql`lower(email)`).execute();
    },
  },
  '2026-12-08-12-notification-time-zone': addTextColumn('notification_settings', 'time_zone'),
  '2026-12-09-13-chat-seq-per-channel': { up: numberChatPerChannel },
  '2026-12-10-14-invitation-expiry': addTextColumn('invitations', 'expires_at'),
  '2026-12-10-15-muted-games': addTextColumn('members', 'muted_at'),
};

/**
 * A chat message's number counts its own channel's messages, not the game's: the gaps of one
 * game-wide number told a team how much the other team and the private lines wrote (found
 * 2026-12-05). Read markers first (they hold the old numbers), then the messages renumbered into a
 * table with the new key (SQLite cannot drop the old one in place).
 */
export async function numberChatPerChannel(db: Kysely<any>): Promise<void> {
  // SQLite's migrations run outside a transaction (Kysely: no transactional DDL there): one of its own, so a failure leaves nothing half done.
  if (!db.isTransaction) return db.transaction().execute((tx) => numberChatPerChannel(tx));
  await sql`update chat_reads set last_read = (select count(*) from chat_messages m where m.game_id = chat_reads.game_id and m.channel = chat_reads.channel and m.seq <= chat_reads.last_read)`.execute(db);
  await db.schema
    .createTable('chat_messages_by_channel')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('author_label', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('chat_messages_game_channel_seq', ['game_id', 'channel', 'seq'])
    .execute();
  await sql`insert into chat_messages_by_channel (id, game_id, seq, channel, author_id, author_label, text, created_at)
    select id, game_id, (select count(*) from chat_messages o where o.game_id = m.game_id and o.channel = m.channel and o.seq <= m.seq), channel, author_id, author_label, text, created_at
    from chat_messages m`.execute(db);
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.alterTable('chat_messages_by_channel').renameTo('chat_messages').execute();
}

/**
 * An e-mail address given by several people (before one person per address was checked) stays
 * with whoever gave it first; the others' is cleared (a sign-in link to it was refused for all).
 */
export async function keepFirstAddresses(db: Kysely<any>): Promise<void> {
  const rows = await db.selectFrom('people').select(['id', 'email']).where('email', 'is not', null).orderBy('created_at').orderBy('id').execute();
  const seen = new Set<string>();
  for (const r of rows as { id: string; email: string }[]) {
    const address = r.email.toLowerCase();
    if (seen.has(address)) await db.updateTable('people').set({ email: null }).where('id', '=', r.id).execute();
    seen.add(address);
  }
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Bring the schema up to date; throws naming the migration that failed. */
export async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const why = (error as Error).message ?? String(error);
    // No failed migration named: the schema could not even be read (e.g. the server cannot be reached).
    throw new Error(failed ? `Database migration ${failed} failed: ${why}` : `Cannot bring the database schema up to date: ${why}`);
  }
}

/** How a SQLite server answers a change (`wardroom serve --fsync-before-answer`). */
export interface SqliteOptions {
  /**
   * Answer a change only once the write-ahead log is synced to the disk (safe against a power cut).
   * Default false: answer once SQLite has committed it (safe against a crash of the server,
   * `kill -9` included), while the log is synced in the background at once.
   */
  fsyncBeforeAnswer?: boolean;
  /** Sync the write-ahead log (default: an fsync of the `-wal` file in Node's thread pool); for tests. */
  flush?: (path: string) => Promise<void>;
}

/**
 * The embedded default: a SQLite file (created on first open) in write-ahead-log mode. It holds
 * seeds and session ids, so a new file is made readable by its owner only (0600); SQLite makes
 * its `-wal` and `-shm` files with the database file's permissions.
 */
export async function openSqlite(path: string, options: SqliteOptions = {}): Promise<Kysely<Database>> {
  const { default: SQLite } = await import('better-sqlite3');
  if (path !== ':memory:' && !existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  const database = new SQLite(path);
  // A file system without shared memory keeps SQLite out of WAL mode; then every commit syncs itself (FULL).
  const wal = database.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  // In WAL mode commits do not wait for the disk on the event loop; DurableSqliteDialect syncs the log off the loop.
  if (wal) database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  reuseStatements(database);
  const db = new Kysely<Database>({ dialect: wal ? new DurableSqliteDialect(database, options) : new SqliteDialect({ database }) });
  await migrate(db);
  return db;
}

type SqliteDatabase = import('better-sqlite3').Database;

/**
 * Group commit for SQLite (issue 9's load benchmark). With `synchronous = FULL` every commit
 * waited for an fsync of the write-ahead log ON the event loop, since better-sqlite3 is
 * synchronous: at 500 actions/s a fifth of the server's time, blocked. Here SQLite commits with
 * `synchronous = NORMAL` (the log written, not yet synced), and after each query that changed
 * rows the log is synced in libuv's thread pool; commits made while one sync runs share the next.
 * SQLite itself syncs the log and the database file around each checkpoint.
 *
 * The answer waits for that sync only with `fsyncBeforeAnswer`. By default it goes out once SQLite
 * has committed: the change is then in the operating system's hands, so a crash of the server
 * (`kill -9` included) loses nothing, and only a power cut or a crash of the whole machine can
 * lose the changes of the sync in flight (typically under a millisecond, at worst the tens of
 * milliseconds a slow disk takes). In a traced run of the load bench that wait was most of the
 * time of the slowest answers (bench/README.md, 2026-12-03). A sync that fails in the background is not forgotten:
 * every later change is answered with its error, as the change itself would have been.
 */
class DurableSqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly options: SqliteOptions,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    return new DurableSqliteDriver(this.database, this.options);
  }
}

const fsyncFile = (fd: number) => new Promise<void>((resolve, reject) => fsync(fd, (e) => (e ? reject(e) : resolve())));

class DurableSqliteDriver extends SqliteDriver {
  private readonly totalChanges: () => number;
  private changes = 0;
  private wal: number | null = null;
  private failed: unknown = null;
  /** The last sync started, settled (closing waits for it). */
  private last: Promise<unknown> = Promise.resolve();
  private readonly sync: () => Promise<void>;

  constructor(
    database: SqliteDatabase,
    private readonly options: SqliteOptions,
  ) {
    super({ database });
    const statement = database.prepare('select total_changes()').pluck();
    this.totalChanges = () => statement.get() as number;
    const path = `${database.name}-wal`;
    this.sync = groupSync(options.flush ? () => options.flush!(path) : () => fsyncFile((this.wal ??= openSync(path, 'r'))));
  }

  override async releaseConnection(): Promise<void> {
    const changes = this.totalChanges();
    await super.releaseConnection();
    if (changes === this.changes) return;
    this.changes = changes;
    if (this.failed) throw this.failed;
    const synced = this.sync();
    this.last = synced.catch((e: unknown) => (this.failed ??= e));
    if (this.options.fsyncBeforeAnswer) return synced;
  }

  override async destroy(): Promise<void> {
    await this.last;
    await super.destroy();
    if (this.wal !== null) closeSync(this.wal);
  }
}

/**
 * Run `flush` for every caller, shared: a caller that comes while a flush runs (which may have
 * started before its commit) waits for the next one, which all such callers share.
 */
export function groupSync(flush: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const p = flush().finally(() => {
      if (running === p) running = null;
    });
    return (running = p);
  };
  return () => {
    if (!running) return start();
    return (next ??= running.then(
      () => ((next = null), start()),
      () => ((next = null), start()),
    ));
  };
}

/** A `postgres://` or `postgresql://` URL: the database is a PostgreSQL server (issue 11). */
export const isPostgresUrl = (s: string) => /^postgres(ql)?:\/\//i.test(s);

/**
 * A PostgreSQL database (issue 11): the same schema and migrations as on SQLite, through a pg
 * connection pool. Several server processes may share it (a GameStore on it is not the sole
 * writer of its games).
 */
export async function openPostgres(url: string, opts: { max?: number; timeoutMs?: number } = {}): Promise<Kysely<Database>> {
  const db = await postgresPool(url, opts);
  // Migrated with no time limit: a long migration, or a wait on another node's, must not fail the start.
  const setup = opts.timeoutMs ? await postgresPool(url, { max: 1 }) : db;
  try {
    await migrate(setup);
  } catch (e) {
    await db.destroy();
    throw e;
  } finally {
    if (setup !== db) await setup.destroy();
  }
  return db;
}

/**
 * A pool of connections to PostgreSQL. With `timeoutMs` (a server: `wardroom serve`), a database
 * that hangs rather than refuses must not hang every request with it: a connection waited for, or
 * a query's answer, times out (isTimeout), and PostgreSQL itself cancels a statement a little
 * before (at 90 %), so that a lock it holds is let go. Connections use TCP keepalive, which finds
 * a peer gone without a word.
 */
async function postgresPool(url: string, opts: { max?: number; timeoutMs?: number }): Promise<Kysely<Database>> {
  const { default: pg } = await import('pg');
  const t = opts.timeoutMs;
  const limits = t ? { connectionTimeoutMillis: t, query_timeout: t, statement_timeout: Math.round(t * 0.9) } : {};
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, keepAlive: true, keepAliveInitialDelayMillis: 10_000, ...limits });
  // A connection that drops while idle must not take the process down; the pool makes a new one.
  pool.on('error', () => {});
  // A query that timed out leaves its connection waiting for the answer, maybe inside a transaction
  // whose COMMIT may still come through: the connection is closed, the pool drops it, and whatever
  // is asked of it after (Kysely's ROLLBACK) fails with that same time-out, not with "closed".
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let timedOut: unknown = null;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      if (timedOut) return Promise.reject(timedOut);
      const r = query(...args);
      if (r instanceof Promise) {
        r.catch((e: unknown) => {
          if (!isTimeout(e) || timedOut) return;
          timedOut = e;
          client.end().catch(() => {});
        });
      }
      return r;
    };
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** PostgreSQL for a `postgres://…` URL, otherwise a SQLite file at that path. */
export function openDatabase(urlOrPath: string, opts: SqliteOptions & { timeoutMs?: number } = {}): Promise<Kysely<Database>> {
  const { timeoutMs, ...sqlite } = opts;
  return isPostgresUrl(urlOrPath) ? openPostgres(urlOrPath, { timeoutMs }) : openSqlite(urlOrPath, sqlite);
}

/**
 * Kysely's SQLite driver prepares every query anew, which cost more than running it (the load
 * benchmark, bench/README.md); better-sqlite3's statements can be run again and again. Keep the
 * last few hundred by their SQL text (a statement is run to the end before the next query: the
 * driver's `all`/`run` are synchronous, and nothing here streams).
 */
function reuseStatements(database: { prepare(source: string): unknown }): void {
  const prepare = database.prepare.bind(database);
  const statements = new Map<string, unknown>();
  database.prepare = (source: string) => {
    let statement = statements.get(source);
    if (statement === undefined) {
      if (statements.size >= 500) statements.delete(statements.keys().next().value!);
      statements.set(source, (statement = prepare(source)));
    }
    return statement;
  };
}

const now = () => new Date().toISOString();

/** A SQLite database (one writer at a time; no row locks), not PostgreSQL. */
export const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'; // 23505: PostgreSQL
}

/** The database cannot be reached (refused, dropped, shutting down or starting up, or too slow to answer): worth trying again soon, unlike a bug. */
export function isDatabaseUnavailable(e: unknown): boolean {
  const { code, message } = e as { code?: unknown; message?: unknown };
  // Node's socket errors; PostgreSQL's class 08 (connection exception) and 57P01–57P03 (shutting down, cannot connect now);
  // 57014: a statement PostgreSQL cancelled at its statement_timeout (postgresPool): it was rolled back.
  if (typeof code === 'string' && (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND)$/.test(code) || /^08|^57P0[1-3]$|^57014$/.test(code))) return true;
  return isTimeout(e) || (typeof message === 'string' && /^Connection terminated/.test(message)); // pg: the server closed the connection
}

/** pg's own time limits (openPostgres): no answer to a query, or no connection, in time. The query may yet have been carried out. */
export function isTimeout(e: unknown): boolean {
  const message = (e as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /^(Query read timeout|timeout exceeded when trying to connect)/.test(message);
}

/** A submission refused because another one was stored first: the version to act against now. */
export interface Conflict {
  conflict: true;
  version: number;
}

/** A change stored: the game's new version, the events it produced, and what the engine answered. */
export interface Change<R> {
  version: number;
  events: GameEvent[];
  result: R;
}

export interface StoreOptions {
  /**
   * This store is the only writer of its games (default: on SQLite, whose file one server
   * process owns): a game's open session is trusted to be at the stored version, without asking
   * the database before every read and change. With several nodes on one database (issue 11),
   * false: every use of a session first checks the stored version and replays when it moved.
   */
  soleWriter?: boolean;
}

/**
 * The server's refusal of a change while the game is paused or moved to the table: it throws then
 * (a 423 that says why). Given one, the store checks before making a change (a sole writer) or
 * when the rules refuse it, and stores the entry only while the game's deadlines row holds neither
 * (GameStore.append): a change and a pause or move are never stored at the same time.
 */
export type ChangeGuard = () => Promise<void>;

/** The game's deadlines row (no deadline, not paused), made when it has none. */
export const ensureDeadlinesRow = (db: Kysely<Database>, game: string, at: string) =>
  db.insertInto('deadlines').values({ game_id: game, due_at: null, hours: null, remind_hours: 12, on_expiry: 'referee', paused_at: null, moved_at: null, updated_at: at }).onConflict((oc) => oc.column('game_id').doNothing()).execute();

/** A game's module and creation do not change once stored; its title may (GameStore.rename). */
type Meta = { module: string; title: string; created_at: string; seed_imported: string | null };

export class GameStore {
  readonly soleWriter: boolean;

  constructor(
    readonly db: Kysely<Database>,
    opts: StoreOptions = {},
  ) {
    this.soleWriter = opts.soleWriter ?? isSqlite(db);
  }

  /** Store a new game (a record from `newGameRecord`, or an imported file with its log), with its referee. */
  async create(id: string, record: GameRecord, opts: { title?: string; referee?: string; seedImported?: boolean } = {}): Promise<void> {
    const { format: _f, version: _v, module, options, seedCommitment, seed, log, ...extra } = record;
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('games')
        .values({ id, module, title: opts.title ?? '', options: JSON.stringify(options), seed_commitment: seedCommitment, seed: seed ?? null, extra: JSON.stringify(extra), created_at: now(), seed_imported: opts.seedImported ? now() : null })
        .execute();
      for (let i = 0; i < log.length; i += 500) {
        await tx.insertInto('actions').values(log.slice(i, i + 500).map((entry, k) => ({ game_id: id, seq: i + k, entry: JSON.stringify(entry), created_at: now() }))).execute();
      }
      if (opts.referee) await tx.insertInto('members').values({ game_id: id, person_id: opts.referee, role: 'referee', seat: null, created_at: now() }).execute();
    });
  }

  /** The game as a record; the seed only when asked for (the server's own use, or after the end). */
  async record(id: string, opts: { withSeed?: boolean } = {}): Promise<GameRecord | null> {
    const game = await this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    if (!game) return null;
    const rows = await this.db.selectFrom('actions').select(['entry']).where('game_id', '=', id).orderBy('seq').execute();
    return {
      ...(JSON.parse(game.extra) as Record<string, unknown>),
      format: 'wardroom-game',
      version: RECORD_VERSION,
      module: game.module,
      options: JSON.parse(game.options),
      seedCommitment: game.seed_commitment,
      seed: opts.withSeed ? game.seed : null,
      log: rows.map((r) => JSON.parse(r.entry) as LogEntry),
    };
  }

  private readonly metas = new Map<string, Meta>();

  /** The referee renames the game; every node forgets the title it remembered (`forgetMeta`, on the 'title' frame). */
  async rename(id: string, title: string): Promise<void> {
    await this.db.updateTable('games').set({ title }).where('id', '=', id).execute();
    this.forgetMeta(id);
  }

  /** Read the game's title again next time (another node renamed it); every game's without `id` (notices may have been missed). */
  forgetMeta(id?: string): void {
    if (id === undefined) this.metas.clear();
    else this.metas.delete(id);
  }

  /** The game's module and title, or undefined when there is no such game. */
  async meta(id: string): Promise<Meta | undefined> {
    const known = this.metas.get(id);
    if (known) return known;
    const meta = await this.db.selectFrom('games').select(['module', 'title', 'created_at', 'seed_imported']).where('id', '=', id).executeTakeFirst();
    if (meta) this.metas.set(id, meta);
    return meta;
  }

  /** The game's version: how many log entries it has. */
  async version(id: string): Promise<number> {
    const r = await this.db.selectFrom('actions').select(sql<number | null>`max(seq)`.as('last')).where('game_id', '=', id).executeTakeFirstOrThrow();
    return r.last === null ? 0 : Number(r.last) + 1;
  }

  /**
   * Append the entry at `seq`; the (game, seq) key refuses it when another was stored there first.
   * With a guard, only while the game is held by nothing (not paused, not moved to the table), in
   * the same statement: on PostgreSQL it takes the game's deadlines row FOR SHARE, so a pause or a
   * move, which updates that row, is either stored before it (and seen: the entry is not stored)
   * or waits for it. Held, the guard says why (or, released meanwhile, the player looks again).
   */
  async append(id: string, seq: number, entry: LogEntry, guard?: ChangeGuard): Promise<true | Conflict> {
    const values = { game_id: id, seq, entry: JSON.stringify(entry), created_at: now() };
    try {
      if (!guard) {
        await this.db.insertInto('actions').values(values).execute();
        return true;
      }
      if (await this.insertUnlessHeld(values)) return true;
      // Not stored: the game is held (the guard says why), or has no deadlines row yet.
      await guard();
      await ensureDeadlinesRow(this.db, id, values.created_at);
      if (await this.insertUnlessHeld(values)) return true;
      await guard();
      return { conflict: true, version: await this.version(id) }; // held and let go meanwhile: look again
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      return { conflict: true, version: await this.version(id) };
    }
  }

  private async insertUnlessHeld(v: { game_id: string; seq: number; entry: string; created_at: string }) {
    const free = this.db
      .selectFrom('deadlines')
      .select([sql<string>`cast(${v.game_id} as text)`.as('game_id'), sql<number>`cast(${v.seq} as integer)`.as('seq'), sql<string>`cast(${v.entry} as text)`.as('entry'), sql<string>`cast(${v.created_at} as text)`.as('created_at')])
      .where('game_id', '=', v.game_id)
      .where('paused_at', 'is', null)
      .where('moved_at', 'is', null);
    const r = await this.db
      .insertInto('actions')
      .columns(['game_id', 'seq', 'entry', 'created_at'])
      .expression(isSqlite(this.db) ? free : free.forShare()) // SQLite: one writer at a time anyway
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows) > 0;
  }

  /** Open sessions by game: a sole writer's are at the stored version; otherwise brought up to it before each use. */
  private readonly sessions = new Map<string, Session<unknown>>();
  /** Games being read and replayed: callers at the same time share one. */
  private readonly opening = new Map<string, Promise<Session<unknown> | RuleError>>();

  /** The game as a running session at its stored version (replayed only when it is not open, or caught up when the version moved). */
  async session(module: RulesModule<any, any>, id: string, atLeast = Infinity): Promise<Session<unknown> | RuleError> {
    const cached = this.sessions.get(id);
    // `atLeast`: a version known to be stored (a notice's); an open session there or beyond is current enough.
    if (cached && (this.soleWriter || cached.version >= atLeast)) return cached;
    let opening = this.opening.get(id);
    if (!opening) {
      opening = this.current(module, id).finally(() => this.opening.delete(id));
      this.opening.set(id, opening);
    }
    return opening;
  }

  /** The open session brought up to the stored version: the entries other writers stored since (none: it is current) replayed on it (issue 11), else the game replayed. */
  private async current(module: RulesModule<any, any>, id: string): Promise<Session<unknown> | RuleError> {
    const cached = this.sessions.get(id);
    if (cached) {
      // The session holds stored entries only (storeThenMake); it may gain this node's own while the database answers.
      const from = cached.version;
      const rows = await this.db.selectFrom('actions').select(['entry']).where('game_id', '=', id).where('seq', '>=', from).orderBy('seq').execute();
      if (this.sessions.get(id) === cached && cached.version - from <= rows.length && !cached.extend(rows.slice(cached.version - from).map((r) => JSON.parse(r.entry) as LogEntry))) return cached;
    }
    return this.open(module, id);
  }

  private async open(module: RulesModule<any, any>, id: string): Promise<Session<unknown> | RuleError> {
    const record = await this.record(id, { withSeed: true });
    if (!record) return ruleError('no-such-game', `There is no game "${id}".`);
    const session = Session.open(module, record);
    if (isRuleError(session)) return session;
    this.sessions.set(id, session);
    return session;
  }

  /** What `viewer` may see of the game now, and the events after `afterSeq` as that viewer may see them. */
  async read(module: RulesModule<any, any>, id: string, viewer: Viewer, afterSeq = -1): Promise<{ version: number; view: unknown; events: GameEvent[] } | RuleError> {
    const session = await this.session(module, id);
    if (isRuleError(session)) return session;
    return { version: session.version, view: session.view(viewer), events: session.eventsFor(viewer, afterSeq) };
  }

  /**
   * Check an action with the engine against the stored game and store it at the version the
   * player saw. A stale version, or a writer that stored first, gives a conflict with the current
   * version and changes nothing; a refusal by the rules changes nothing either.
   */
  submit(module: RulesModule<any, any>, id: string, action: Action, seen: number, guard?: ChangeGuard) {
    return this.change(module, id, seen, (session) => session.submit(action, seen), guard);
  }

  /** Take back `seat`'s last action (the engine's undo rules), stored like an action. */
  undo(module: RulesModule<any, any>, id: string, seat: string, seen: number, guard?: ChangeGuard) {
    return this.change(module, id, seen, (session) => session.undo(seat, 1, seen), guard);
  }

  /** Rewind a scope by agreement (the engine checks who agreed), stored like an action. */
  /** `asker`: who is told of a refusal (the one whose answer completed the agreement). */
  rewind(module: RulesModule<any, any>, id: string, scope: string, to: number, agreed: readonly string[], asker: Viewer, seen: number, guard?: ChangeGuard) {
    return this.change(module, id, seen, (session) => session.rewind(scope, to, agreed, seen, asker), guard);
  }

  /** The changes of each game on this node, one after the other (a change waits for the one before to be stored). */
  private readonly changing = new Map<string, Promise<unknown>>();

  /** When every change of the game this node has begun is stored (or refused). */
  async settled(id: string): Promise<void> {
    await this.changing.get(id);
  }

  /**
   * One change of the game: made on the session, then its one log entry stored at `seen`. (A
   * sole writer's readers may see the change while its entry is being stored; if storing fails,
   * the session is dropped and the game replays from the database on its next use.)
   */
  private change<R>(module: RulesModule<any, any>, id: string, seen: number, make: (s: Session<unknown>) => R | RuleError, guard?: ChangeGuard): Promise<Change<R> | Conflict | RuleError> {
    const next = (this.changing.get(id) ?? Promise.resolve()).then(() => this.changeNow(module, id, seen, make, guard));
    const settled = next.then(
      () => {},
      () => {},
    );
    this.changing.set(id, settled);
    void settled.then(() => this.changing.get(id) === settled && this.changing.delete(id));
    return next;
  }

  private async changeNow<R>(module: RulesModule<any, any>, id: string, seen: number, make: (s: Session<unknown>) => R | RuleError, guard?: ChangeGuard): Promise<Change<R> | Conflict | RuleError> {
    if (this.soleWriter) await guard?.();
    // With other writers, an open session at `seen` needs no look at the database first: if another
    // writer stored an entry there, the (game, seq) key refuses this one.
    const session = await this.session(module, id, seen);
    if (isRuleError(session)) return session;
    if (seen !== session.version) return { conflict: true, version: session.version };
    const before = session.events.length;
    if (!this.soleWriter) return this.storeThenMake(id, session, seen, make, guard);
    const r = make(session);
    if (isRuleError(r)) return r;
    let stored: true | Conflict;
    try {
      stored = await this.append(id, seen, session.record.log[seen], guard);
    } catch (e) {
      this.sessions.delete(id);
      throw e;
    }
    if (stored === true) return { version: seen + 1, events: session.events.slice(before), result: r };
    this.sessions.delete(id); // ahead of the database: replay the stored game next time
    return stored;
  }

  /**
   * With other writers (issue 11): the change is tried on the session and taken back, its entry
   * stored, and only then replayed on the session, so no reader here sees a change another
   * node's entry beat. A conflict leaves the session as it was (behind: it catches up on its next use).
   */
  private async storeThenMake<R>(id: string, session: Session<unknown>, seen: number, make: (s: Session<unknown>) => R | RuleError, guard?: ChangeGuard): Promise<Change<R> | Conflict | RuleError> {
    const tried = session.trial(make);
    if (isRuleError(tried)) {
      await guard?.(); // paused: that, rather than the rules' refusal
      return tried;
    }
    const before = session.events.length;
    const stored = await this.append(id, seen, tried.entries[0], guard);
    if (stored !== true) return stored;
    // A reader may have caught the session up (with this entry, and maybe later ones) while it was being stored.
    if (session.version === seen && session.extend(tried.entries)) this.sessions.delete(id);
    return { version: seen + 1, events: session.events.slice(before).filter((e) => e.entry === seen), result: tried.result };
  }
}
