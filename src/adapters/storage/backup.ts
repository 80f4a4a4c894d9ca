import { sql, type Kysely } from 'kysely';
import { isRuleError } from '../../engine/errors.ts';
import { REFEREE } from '../../engine/viewer.ts';
import { MODULES } from '../../modules/index.ts';
import { GameStore, isSqlite, type Database } from './database.ts';

/**
 * Backups of campaigns (issue 11, operations): one campaign, or every one, read out of a database
 * (SQLite or PostgreSQL) into a plain JSON object, and written into another database in one
 * transaction (all or nothing). A game's backup holds its rows in every game-keyed table, and the
 * people its rows name (their people rows, their sessions, so that a signed-in cookie keeps
 * working on a server with the same secret key, and their notification settings).
 *
 * Left out by design: magic_links (single-use sign-in tokens) and any table not listed below.
 *
 * A backup holds secrets: each game's seed (the server keeps it until the game ends) and session
 * ids. Keep the file like the cookie key (the CLI writes it with mode 0600).
 */

export const BACKUP_FORMAT = 'wardroom-backup';
export const BACKUP_VERSION = 1;

/** The columns of each table a backup holds, in the order rows are restored (parents first). */
export const BACKUP_TABLES = {
  people: ['id', 'name', 'email', 'created_at'],
  sessions: ['id', 'person_id', 'created_at', 'revoked_at'],
  notification_settings: ['person_id', 'email_on', 'email', 'webhook', 'kinds', 'time_zone', 'updated_at'],
  games: ['id', 'module', 'options', 'seed_commitment', 'seed', 'extra', 'created_at', 'title', 'seed_imported'],
  actions: ['game_id', 'seq', 'entry', 'created_at'],
  members: ['game_id', 'person_id', 'role', 'seat', 'created_at', 'muted_at'],
  invitations: ['token_hash', 'game_id', 'kind', 'seats', 'created_at', 'expires_at'],
  rewinds: ['id', 'game_id', 'seat', 'scope', 'to_index', 'agreed', 'created_at', 'outcome', 'answered_by', 'answered_at', 'reason'],
  chat_messages: ['id', 'game_id', 'seq', 'channel', 'author_id', 'author_label', 'text', 'created_at'],
  chat_reads: ['game_id', 'person_id', 'channel', 'last_read'],
  reads: ['game_id', 'person_id', 'last_seq', 'updated_at'],
  deadlines: ['game_id', 'due_at', 'hours', 'remind_hours', 'on_expiry', 'paused_at', 'moved_at', 'updated_at'],
  deadline_jobs: ['id', 'game_id', 'kind', 'due_at', 'done_at'],
  notification_outbox: ['id', 'person_id', 'game_id', 'kind', 'channel', 'address', 'subject', 'text', 'link', 'about', 'created_at', 'due_at', 'attempts', 'status', 'last_error', 'sent_at', 'claimed_until'],
  notification_waiting: ['game_id', 'seats'],
} as const satisfies { [T in keyof Database]?: readonly (keyof Database[T] & string)[] };

/** Columns added since version 1 of the format: a backup written before has none and restores them as null. */
const LATER_COLUMNS: Partial<Record<BackupTable, readonly string[]>> = { deadlines: ['moved_at'], games: ['seed_imported'], rewinds: ['answered_by', 'answered_at', 'reason'], notification_outbox: ['about'], notification_settings: ['time_zone'], invitations: ['expires_at'], members: ['muted_at'] };

export type BackupTable = keyof typeof BACKUP_TABLES;
const TABLE_NAMES = Object.keys(BACKUP_TABLES) as BackupTable[];

/** Tables whose rows belong to a game by their game_id column (the games table by its id). */
const GAME_TABLES = TABLE_NAMES.filter((t) => (BACKUP_TABLES[t] as readonly string[]).includes('game_id'));
/** Columns that name a person in the game tables: those people come with the game. */
const PERSON_COLUMNS: Partial<Record<BackupTable, string>> = { members: 'person_id', chat_messages: 'author_id', chat_reads: 'person_id', reads: 'person_id', notification_outbox: 'person_id' };

/**
 * Number columns (integer or double precision): PostgreSQL's pg driver gives a bigint or numeric
 * as a string, SQLite gives numbers; a backup always holds numbers.
 */
const NUMBER_COLUMNS: Partial<Record<BackupTable, readonly string[]>> = {
  notification_settings: ['email_on'],
  actions: ['seq'],
  rewinds: ['to_index'],
  chat_messages: ['seq'],
  chat_reads: ['last_read'],
  reads: ['last_seq'],
  deadlines: ['hours', 'remind_hours'],
  notification_outbox: ['attempts'],
};

export type Row = Record<string, string | number | null>;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The ids of the games it holds. */
  games: string[];
  tables: Record<BackupTable, Row[]>;
}

/** A backup or restore refused, with a message a person understands (the CLI prints it as is). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** A restore refused because the target already has one of the games (use replace to overwrite it). */
export class GameExistsError extends BackupError {
  constructor(readonly gameId: string) {
    super(`The target database already has the game "${gameId}"; nothing was restored (restore with --replace to overwrite it).`);
  }
}

const CHUNK = 500;

/** Split a list in chunks (long action logs; IN lists and multi-row inserts have limits). */
function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** A row as the backup keeps it: the table's columns only, numbers as numbers. */
function normalize(table: BackupTable, row: Record<string, unknown>): Row {
  const out: Row = {};
  const numbers = NUMBER_COLUMNS[table] ?? [];
  for (const column of BACKUP_TABLES[table]) {
    const v = row[column];
    out[column] = v === null || v === undefined ? null : numbers.includes(column) ? Number(v) : typeof v === 'number' ? v : String(v);
  }
  return out;
}

/**
 * The given games (default: every game) and everything that belongs to them, as a backup. Read in
 * one transaction (a consistent picture on PostgreSQL while the servers keep playing). A game id
 * that is not there is refused, naming it.
 */
export async function backupGames(db: Kysely<Database>, gameIds?: readonly string[]): Promise<Backup> {
  const untyped = db as unknown as Kysely<any>;
  // PostgreSQL: one snapshot for every table (a SQLite read transaction is one already).
  const transaction = isSqlite(db) ? untyped.transaction() : untyped.transaction().setIsolationLevel('repeatable read');
  return transaction.execute(async (tx) => {
    let ids: string[];
    if (gameIds && gameIds.length) {
      ids = [...new Set(gameIds)];
      const found = new Set<string>();
      for (const part of chunks(ids)) for (const r of await tx.selectFrom('games').select('id').where('id', 'in', part).execute()) found.add(r.id);
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw new BackupError(`There is no game "${missing}" in the database.`);
    } else {
      ids = (await tx.selectFrom('games').select('id').orderBy('id').execute()).map((r: { id: string }) => r.id);
    }
    const tables = Object.fromEntries(TABLE_NAMES.map((t) => [t, [] as Row[]])) as Record<BackupTable, Row[]>;
    const select = async (table: BackupTable, column: string, values: readonly string[]) => {
      for (const part of chunks(values)) {
        const rows = await tx.selectFrom(table).select([...BACKUP_TABLES[table]]).where(column, 'in', part).execute();
        tables[table].push(...rows.map((r: Record<string, unknown>) => normalize(table, r)));
      }
    };
    await select('games', 'id', ids);
    for (const t of GAME_TABLES) await select(t, 'game_id', ids);
    tables.actions.sort((a, b) => (a.game_id === b.game_id ? Number(a.seq) - Number(b.seq) : String(a.game_id) < String(b.game_id) ? -1 : 1));
    const people = new Set<string>();
    for (const [t, column] of Object.entries(PERSON_COLUMNS) as [BackupTable, string][]) for (const r of tables[t]) if (typeof r[column] === 'string') people.add(r[column] as string);
    const personIds = [...people].sort();
    await select('people', 'id', personIds);
    await select('sessions', 'person_id', personIds);
    await select('notification_settings', 'person_id', personIds);
    return { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), games: ids, tables } satisfies Backup;
  });
}

/**
 * Check that `data` (parsed JSON) is a backup this version can restore; the backup, or a
 * BackupError naming what is wrong (`where`: the file, for the message).
 */
export function checkBackup(data: unknown, where = 'The backup'): Backup {
  const fail = (why: string): never => {
    throw new BackupError(`${where} is not a Wardroom backup that can be restored: ${why}.`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('it is not a JSON object');
  const b = data as Record<string, unknown>;
  if (b.format !== BACKUP_FORMAT) fail(`its "format" is ${JSON.stringify(b.format) ?? 'missing'}, not "${BACKUP_FORMAT}"`);
  if (b.version !== BACKUP_VERSION) fail(`its "version" is ${JSON.stringify(b.version) ?? 'missing'}; this Wardroom restores version ${BACKUP_VERSION}`);
  if (!Array.isArray(b.games) || !b.games.every((g) => typeof g === 'string')) fail('its "games" is not a list of game ids');
  if (typeof b.tables !== 'object' || b.tables === null || Array.isArray(b.tables)) fail('its "tables" is missing or not an object');
  const tables = b.tables as Record<string, unknown>;
  for (const name of Object.keys(tables)) if (!(name in BACKUP_TABLES)) fail(`it has a table "${name}" that this Wardroom does not know`);
  for (const table of TABLE_NAMES) {
    const rows = tables[table];
    if (!Array.isArray(rows)) fail(`the table "${table}" is missing from "tables"`);
    const numbers = NUMBER_COLUMNS[table] ?? [];
    (rows as unknown[]).forEach((row, i) => {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) fail(`row ${i + 1} of "${table}" is not an object`);
      const r = row as Record<string, unknown>;
      for (const column of BACKUP_TABLES[table]) {
        if (!(column in r)) {
          if (LATER_COLUMNS[table]?.includes(column)) continue;
          fail(`row ${i + 1} of "${table}" has no "${column}"`);
        }
        const v = r[column];
        if (v !== null && (numbers.includes(column) ? typeof v !== 'number' || !Number.isFinite(v) : typeof v !== 'string')) fail(`row ${i + 1} of "${table}": "${column}" is ${JSON.stringify(v)}`);
      }
    });
  }
  const games = new Set(b.games as string[]);
  const rows = b.tables as Record<BackupTable, Row[]>;
  const gameRows = new Set(rows.games.map((g) => g.id as string));
  for (const id of games) if (!gameRows.has(id)) fail(`the game "${id}" is listed but has no row in "games"`);
  for (const t of ['games', ...GAME_TABLES] as BackupTable[]) {
    for (const r of rows[t]) {
      const id = (t === 'games' ? r.id : r.game_id) as string | null;
      if (id !== null && !games.has(id)) fail(`a row of "${t}" belongs to the game "${id}", which is not in "games"`);
    }
  }
  return b as unknown as Backup;
}

/** Parse a backup file's text; a BackupError naming `where` when it is not JSON or not a backup. */
export function parseBackup(text: string, where = 'The backup'): Backup {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new BackupError(`${where} is not valid JSON (${(e as Error).message}).`);
  }
  return checkBackup(data, where);
}

/**
 * Write a backup into `db` in one transaction: every row or none. A game the database already has
 * is refused (GameExistsError) unless `replace`, which first deletes that game's rows in the same
 * transaction. People, sessions and notification settings already there (same id) are kept as
 * they are.
 */
export async function restoreBackup(db: Kysely<Database>, backup: Backup, opts: { replace?: boolean } = {}): Promise<void> {
  const untyped = db as unknown as Kysely<any>;
  await untyped.transaction().execute(async (tx) => {
    for (const part of chunks(backup.games)) {
      const existing = await tx.selectFrom('games').select('id').where('id', 'in', part).execute();
      if (!existing.length) continue;
      if (!opts.replace) throw new GameExistsError(existing[0].id);
      const ids = existing.map((r: { id: string }) => r.id);
      for (const t of [...GAME_TABLES].reverse()) await tx.deleteFrom(t).where('game_id', 'in', ids).execute();
      await tx.deleteFrom('games').where('id', 'in', ids).execute();
    }
    const tables = { ...backup.tables, ...chatNumberedPerChannel(backup.tables.chat_messages, backup.tables.chat_reads) };
    for (const table of TABLE_NAMES) {
      let rows = tables[table].map((r) => normalize(table, r));
      if (table === 'people') rows = await withoutTakenAddresses(tx, rows);
      const keepExisting = table === 'people' || table === 'sessions' || table === 'notification_settings';
      for (const part of chunks(rows)) {
        const insert = tx.insertInto(table).values(part);
        await (keepExisting ? insert.onConflict((oc: any) => oc.doNothing()) : insert).execute();
      }
    }
  });
}

/**
 * Chat messages numbered per channel, read markers with them (migration 13): a backup written before
 * numbered them per game, and its gaps would tell a team how much the others wrote. Numbers already
 * per channel stay as they are.
 */
export function chatNumberedPerChannel(messages: readonly Row[], reads: readonly Row[]): { chat_messages: Row[]; chat_reads: Row[] } {
  const key = (r: Row) => `${r.game_id}\u0000${r.channel}`;
  const byChannel = new Map<string, number[]>();
  for (const m of messages) byChannel.set(key(m), [...(byChannel.get(key(m)) ?? []), Number(m.seq)]);
  for (const seqs of byChannel.values()) seqs.sort((a, b) => a - b);
  /** How many of the channel's messages are numbered `seq` or less (its new number, for a message): a binary search. */
  const upTo = (k: string, seq: number) => {
    const seqs = byChannel.get(k) ?? [];
    let [lo, hi] = [0, seqs.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seqs[mid] <= seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    chat_messages: messages.map((m) => ({ ...m, seq: upTo(key(m), Number(m.seq)) })),
    chat_reads: reads.map((r) => ({ ...r, last_read: upTo(key(r), Number(r.last_read)) })),
  };
}

/**
 * An e-mail address is one person's (people_email_lower): a person of the backup whose address
 * another person of the target (or an earlier one of the backup) gave comes without it; the address
 * stays with whoever had it.
 */
async function withoutTakenAddresses(tx: Kysely<any>, rows: Row[]): Promise<Row[]> {
  const mailed = rows.filter((r) => typeof r.email === 'string');
  const owner = new Map<string, Row[string]>();
  for (const part of chunks(mailed.map((r) => (r.email as string).toLowerCase()))) {
    const found = await tx.selectFrom('people').select(['id', sql<string>`lower(email)`.as('address')]).where(sql<string>`lower(email)`, 'in', part).execute();
    for (const f of found) owner.set(f.address, f.id);
  }
  return rows.map((r) => {
    if (typeof r.email !== 'string') return r;
    const address = r.email.toLowerCase();
    if (!owner.has(address)) owner.set(address, r.id);
    return owner.get(address) === r.id ? r : { ...r, email: null };
  });
}

/** One game as checked after a move: its title, its number of log entries, and whether it replays. */
export interface GameCheck {
  id: string;
  title: string;
  actions: number;
  /** What is wrong with it in the target, or null when it matches the source. */
  problem: string | null;
}

/**
 * Compare each game in `target` with `source`: the same number of log entries, and its log
 * replays (the rules engine, from the stored seed) to the same state, as the referee sees it.
 */
export async function verifyGames(source: Kysely<Database>, target: Kysely<Database>, gameIds: readonly string[]): Promise<GameCheck[]> {
  const from = new GameStore(source, { soleWriter: false });
  const to = new GameStore(target, { soleWriter: false });
  const checks: GameCheck[] = [];
  for (const id of gameIds) {
    const meta = await from.meta(id);
    const title = meta?.title ?? '';
    const actions = await from.version(id);
    const check = (problem: string | null) => checks.push({ id, title, actions, problem });
    if (!meta) {
      check('it is not in the source any more');
      continue;
    }
    const moved = await to.version(id);
    if (moved !== actions) {
      check(`${moved} actions in the target, ${actions} in the source`);
      continue;
    }
    const module = MODULES[meta.module];
    if (!module) {
      check(null); // a module this Wardroom does not have: counted, not replayed
      continue;
    }
    const [a, b] = [await from.session(module, id), await to.session(module, id)];
    if (isRuleError(b)) check(`it does not replay in the target: ${b.message}`);
    else if (isRuleError(a)) check(`it does not replay in the source: ${a.message}`);
    else check(JSON.stringify(a.view(REFEREE)) === JSON.stringify(b.view(REFEREE)) ? null : 'its replay in the target differs from the source');
  }
  return checks;
}
