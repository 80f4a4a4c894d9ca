import { Kysely, Migrator, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
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
}

export interface ActionsTable {
  game_id: string;
  /** The index of the entry in the game's log, from 0. */
  seq: number;
  /** The log entry as JSON (the action, its logged dice, or an undo/rewind). */
  entry: string;
  created_at: string;
}

export interface Database {
  games: GamesTable;
  actions: ActionsTable;
}

/** Schema changes, applied in order on open (Kysely's Migrator records which ran). */
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
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Bring the schema up to date; throws naming the migration that failed. */
export async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
  }
}

/** The embedded default: a SQLite file (created on first open) in write-ahead-log mode. */
export async function openSqlite(path: string): Promise<Kysely<Database>> {
  const { default: SQLite } = await import('better-sqlite3');
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  await migrate(db);
  return db;
}

const now = () => new Date().toISOString();

function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'; // 23505: PostgreSQL
}

/** A submission refused because another one was stored first: the version to act against now. */
export interface Conflict {
  conflict: true;
  version: number;
}

export class GameStore {
  constructor(readonly db: Kysely<Database>) {}

  /** Store a new game (a record from `newGameRecord`, or an imported file with its log). */
  async create(id: string, record: GameRecord): Promise<void> {
    const { format: _f, version: _v, module, options, seedCommitment, seed, log, ...extra } = record;
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('games')
        .values({ id, module, options: JSON.stringify(options), seed_commitment: seedCommitment, seed: seed ?? null, extra: JSON.stringify(extra), created_at: now() })
        .execute();
      if (log.length) await tx.insertInto('actions').values(log.map((entry, seq) => ({ game_id: id, seq, entry: JSON.stringify(entry), created_at: now() }))).execute();
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

  /** The game's version: how many log entries it has. */
  async version(id: string): Promise<number> {
    const r = await this.db.selectFrom('actions').select(sql<number>`count(*)`.as('n')).where('game_id', '=', id).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Append the entry at `seq`; the (game, seq) key refuses it when another was stored there first. */
  async append(id: string, seq: number, entry: LogEntry): Promise<true | Conflict> {
    try {
      await this.db.insertInto('actions').values({ game_id: id, seq, entry: JSON.stringify(entry), created_at: now() }).execute();
      return true;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      return { conflict: true, version: await this.version(id) };
    }
  }

  /** Open sessions by game, reused while the stored version is theirs (another node may have moved on). */
  private readonly sessions = new Map<string, Session<unknown>>();

  /** The game as a running session at its stored version (replayed only when the version moved). */
  async session(module: RulesModule<any, any>, id: string): Promise<Session<unknown> | RuleError> {
    const cached = this.sessions.get(id);
    if (cached && cached.version === (await this.version(id))) return cached;
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
  async submit(module: RulesModule<any, any>, id: string, action: Action, seen: number): Promise<{ version: number } | Conflict | RuleError> {
    const session = await this.session(module, id);
    if (isRuleError(session)) return session;
    if (seen !== session.version) return { conflict: true, version: session.version };
    const r = session.submit(action, seen);
    if (isRuleError(r)) return r;
    const stored = await this.append(id, seen, session.record.log[seen]);
    if (stored === true) return { version: seen + 1 };
    this.sessions.delete(id); // ahead of the database: replay the stored game next time
    return stored;
  }
}
