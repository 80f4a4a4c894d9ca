import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Backup } from '../storage/backup.ts';
import type { Database } from '../storage/database.ts';
import { redact } from './serve.ts';

/**
 * `wardroom backup`, `wardroom restore` and `wardroom move` (issue 11, operations): campaigns out
 * of a database into a backup file, back into a database, and from one database to another (a
 * SQLite file to PostgreSQL) in one command, checked by replaying each moved game. The work is
 * in src/adapters/storage/backup.ts; here: which database, the file, and one-line messages.
 */

const SECRETS = 'The backup holds secrets: each unfinished game\'s dice seed and the sign-in sessions of its people (a copy of someone\'s cookie would work with it).';

const DATABASE_HELP = 'a postgres://user:password@host:port/database URL, a SQLite file (an existing file, or a name ending in .sqlite or .db), or else a data folder (its wardroom.sqlite)';
const DATA_HELP = 'a data folder of `wardroom serve` (its wardroom.sqlite)';

/** A refusal of the command: printed as one line, exit code 1 (2: its arguments refused). */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Where a database is: a PostgreSQL URL, or a SQLite file. */
interface Where {
  url: string;
  /** For messages: the file, or the URL without its password. */
  label: string;
  sqlite: boolean;
}

const isPostgres = (s: string) => /^postgres(ql)?:\/\//i.test(s);

/** A refusal of a database that is not one Wardroom can use: `option` names where it was given; the password is not shown. */
const notADatabase = (option: string, value: string, accepted: string) => new CliError(`${option} ${redact(value)}: not a database Wardroom can use; give ${accepted}.`, 2);

/**
 * Where `--from`, `--to` or `--database` (`option`) says: a PostgreSQL URL; a SQLite file (one
 * that exists, or a name ending in .sqlite or .db); else a data folder (its wardroom.sqlite). Any
 * other URL (`mysql://…`, `postgress://…`, `jdbc:postgresql://…`) is refused, not taken for a file.
 */
function whereOf(s: string, option: string): Where {
  if (isPostgres(s)) return { url: s, label: redact(s), sqlite: false };
  if (/^[a-z][a-z0-9+.-]*:[^/]*\/\//i.test(s)) throw notADatabase(option, s, 'a postgres:// or postgresql:// URL, a SQLite file or a data folder');
  let file = resolve(s);
  const folder = existsSync(file) ? statSync(file).isDirectory() : !/\.(sqlite|db)$/i.test(file);
  if (folder) file = join(file, 'wardroom.sqlite');
  return { url: file, label: file, sqlite: true };
}

/** $DATABASE_URL, which may only be a PostgreSQL URL (as for `wardroom serve`); undefined when unset. */
function fromEnvironment(): Where | undefined {
  const env = process.env.DATABASE_URL?.trim();
  if (!env) return undefined;
  if (!isPostgres(env)) throw notADatabase('DATABASE_URL', env, 'a postgres:// or postgresql:// URL (for SQLite, name the file or data folder with an option instead)');
  return whereOf(env, 'DATABASE_URL');
}

/** The database of `--database`, else `--data`, else $DATABASE_URL, else serve's default data folder. */
function chosen(o: { data?: string; database?: string }): Where {
  if (o.database) return whereOf(o.database, '--database');
  if (o.data) return whereOf(join(resolve(o.data), 'wardroom.sqlite'), '--data');
  return fromEnvironment() ?? whereOf(join(resolve('wardroom-data'), 'wardroom.sqlite'), '--data');
}

/**
 * Open a database; a source SQLite file must exist (opening would make an empty one). With
 * `lock` (the command: restore's and move's target, move's source), a SQLite file is locked as
 * `wardroom serve` locks it (`wardroom.sqlite.lock`, serve.ts) until the command ends: refused
 * while a server runs on it (or another restore or move).
 */
async function open(where: Where, role: 'source' | 'target', cleanup: (() => unknown)[], lock?: 'restore' | 'move'): Promise<Kysely<Database>> {
  if (where.sqlite) {
    if (role === 'source' && !existsSync(where.url)) throw new CliError(`There is no database at ${where.label}.`);
    if (role === 'target') mkdirSync(dirname(where.url), { recursive: true });
    if (lock) {
      const { GameFileError, lockGameFile } = await import('../storage/game-file.ts');
      try {
        cleanup.push(lockGameFile(where.url, `wardroom ${lock}`));
      } catch (e) {
        throw e instanceof GameFileError ? new CliError(`Nothing was ${lock === 'move' ? 'moved' : 'restored'}: ${e.message}`) : e;
      }
    }
  }
  const { openDatabase } = await import('../storage/database.ts');
  let db: Kysely<Database>;
  try {
    db = await openDatabase(where.url);
  } catch (e) {
    throw new CliError(`Cannot open the database ${where.label}: ${(e as Error).message}`);
  }
  cleanup.push(() => db.destroy().catch(() => {}));
  // A node keeps its games in memory: on the target it would go on writing after the restored log,
  // on a move's source after the copy is taken (lost). Refused while any runs, as a server on a SQLite
  // file is (each node holds a listening connection, named).
  if (!where.sqlite && lock) {
    const { sql } = await import('kysely');
    const { rows } = await sql<{ name: string }>`select application_name as name from pg_stat_activity where datname = current_database() and application_name like 'wardroom-listen %' order by application_name`.execute(db);
    if (rows.length) {
      const nodes = rows.map((r) => r.name.slice('wardroom-listen '.length)).join(', ');
      throw new CliError(`Nothing was ${lock === 'move' ? 'moved' : 'restored'}: wardroom serve is running on ${where.label} (node${rows.length === 1 ? '' : 's'} ${nodes}). Stop every node first: a running one keeps the games it has in memory and would go on writing ${role === 'target' ? 'after what is restored' : 'after the copy is taken, and that would be lost'}.`);
    }
  }
  return db;
}

/** Run a command's work: a refusal or failure is one line on stderr and exit code 1 (or the refusal's), never a stack trace. `cleanup`: the databases opened and locks taken, undone last first. */
async function run(work: (cleanup: (() => unknown)[]) => Promise<void>): Promise<void> {
  const cleanup: (() => unknown)[] = [];
  try {
    await work(cleanup);
  } catch (e) {
    const { BackupError } = await import('../storage/backup.ts');
    const message = e instanceof CliError || e instanceof BackupError ? e.message : `Failed: ${(e as Error)?.message ?? String(e)}`;
    process.stderr.write(`${message.replace(/\s*\n\s*/g, ' ')}\n`);
    process.exitCode = e instanceof CliError ? e.exitCode : 1;
  } finally {
    for (const undo of cleanup.reverse()) await undo();
  }
}

/** A game as one line: its title, id and number of actions. */
function line(backup: Backup, id: string): string {
  const game = backup.tables.games.find((g) => g.id === id);
  const actions = backup.tables.actions.filter((a) => a.game_id === id).length;
  return `  ${game?.title ? `"${game.title}" ` : ''}(${id}): ${actions} action${actions === 1 ? '' : 's'}`;
}

const campaigns = (n: number) => `${n} campaign${n === 1 ? '' : 's'}`;

/**
 * The last line after a restore or a move into `where`: on PostgreSQL, restart the nodes (each
 * keeps the games it has in memory); into a data folder without cookie.key, bring the old one.
 */
function nextStep(where: Where): string {
  if (!where.sqlite) return 'Now start the wardroom serve nodes on this database again.\n';
  const folder = dirname(where.url);
  return existsSync(join(folder, 'cookie.key')) ? '' : `There is no cookie.key in ${folder}: copy the old server's cookie.key there (or start it with the same --secret-key-file), or everyone signs in again.\n`;
}

/** Write `text` to `file` readable by its owner only: a new file (0600) renamed over the old one. */
function writePrivate(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw new CliError(`Cannot write ${file}: ${(e as Error).message}`);
  }
}

export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description(`Back up campaigns (default: all) with their members, people and chat into a JSON file. ${SECRETS} The file is written readable by you only (mode 0600); keep it like the cookie key.`)
    .requiredOption('--out <file>', 'the backup file to write')
    .option('--data <dir>', `${DATA_HELP} (default: $DATABASE_URL, else wardroom-data)`)
    .option('--database <url>', DATABASE_HELP)
    .option('--game <id...>', 'only these games (their ids, as in /g/ID)')
    .option('--force', 'overwrite the --out file if it exists (otherwise refused)')
    .action((o: { out: string; data?: string; database?: string; game?: string[]; force?: boolean }) =>
      run(async (cleanup) => {
        const file = resolve(o.out);
        if (!o.force && existsSync(file)) throw new CliError(`${file} already exists; nothing was written (give --force to overwrite it).`, 2);
        const where = chosen(o);
        const db = await open(where, 'source', cleanup);
        const { backupGames } = await import('../storage/backup.ts');
        const backup = await backupGames(db, o.game);
        writePrivate(file, JSON.stringify(backup));
        process.stdout.write(`Backed up ${campaigns(backup.games.length)} from ${where.label} to ${file}:\n${backup.games.map((id) => line(backup, id) + '\n').join('')}This file holds game seeds and sign-in sessions: keep it private.\n`);
      }),
    );

  program
    .command('restore <file>')
    .description(`Restore the campaigns of a backup file into a database, in one transaction (all or nothing). A campaign the database already has is refused unless --replace. People and sessions already there are kept. ${SECRETS} Keep the file like the cookie key. Stop the servers on the database first (one on a SQLite data folder is detected and refused).`)
    .option('--data <dir>', `${DATA_HELP}, made if missing (default: $DATABASE_URL, else wardroom-data)`)
    .option('--database <url>', DATABASE_HELP)
    .option('--replace', "overwrite campaigns the database already has (their rows are deleted first, in the same transaction)")
    .action((file: string, o: { data?: string; database?: string; replace?: boolean }) =>
      run(async (cleanup) => {
        const { parseBackup, restoreBackup } = await import('../storage/backup.ts');
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (e) {
          throw new CliError(`Cannot read ${file}: ${(e as Error).message}`);
        }
        const backup = parseBackup(text, file);
        const where = chosen(o);
        const db = await open(where, 'target', cleanup, 'restore');
        await restoreBackup(db, backup, { replace: o.replace });
        process.stdout.write(`Restored ${campaigns(backup.games.length)} into ${where.label}:\n${backup.games.map((id) => line(backup, id) + '\n').join('')}${nextStep(where)}`);
      }),
    );

  program
    .command('move')
    .description('Move campaigns (default: all) from one database to another, e.g. from a SQLite file to PostgreSQL: backed up, restored in one transaction, then checked (each game\'s number of actions, and its log replays the same in the target). The source is left as it was.')
    .requiredOption('--from <file-or-url>', `the source: ${DATABASE_HELP}; refused while a wardroom serve runs on it`)
    .option('--to <url>', `the target: ${DATABASE_HELP} (default: $DATABASE_URL)`)
    .option('--game <id...>', 'only these games')
    .option('--replace', 'overwrite campaigns the target already has')
    .action((o: { from: string; to?: string; game?: string[]; replace?: boolean }) =>
      run(async (cleanup) => {
        const source = whereOf(o.from, '--from');
        const target = o.to ? whereOf(o.to, '--to') : fromEnvironment();
        if (!target) throw new CliError('Give the target: --to postgres://user:password@host:port/database (or set DATABASE_URL).');
        if (source.url === target.url) throw new CliError(`--from and --to are the same database (${source.label}).`);
        const from = await open(source, 'source', cleanup, 'move');
        const into = await open(target, 'target', cleanup, 'move');
        const { backupGames, restoreBackup, verifyGames, GameExistsError } = await import('../storage/backup.ts');
        const backup = await backupGames(from, o.game);
        try {
          await restoreBackup(into, backup, { replace: o.replace });
        } catch (e) {
          throw e instanceof GameExistsError ? new CliError(`${target.label} already has the game "${e.gameId}"; nothing was moved (move with --replace to overwrite it).`) : e;
        }
        const checks = await verifyGames(from, into, backup.games);
        for (const c of checks) process.stdout.write(`${c.problem ? 'NOT the same' : 'moved'}: ${c.title ? `"${c.title}" ` : ''}(${c.id}), ${c.actions} action${c.actions === 1 ? '' : 's'}${c.problem ? `: ${c.problem}` : ''}\n`);
        const bad = checks.filter((c) => c.problem);
        if (bad.length) throw new CliError(`${campaigns(bad.length)} of ${checks.length} did not check out in ${target.label} (listed above); the source ${source.label} is unchanged.`);
        process.stdout.write(`Moved ${campaigns(checks.length)} from ${source.label} to ${target.label}; each replays the same. The source is unchanged: stop using it.\n${nextStep(target)}`);
      }),
    );
}
