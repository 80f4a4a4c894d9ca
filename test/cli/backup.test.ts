/**
 * `wardroom backup`, `wardroom restore` and `wardroom move` as an operator runs them
 * (docs/deployment.md, "Backups, restore and moving to PostgreSQL"): a backup does not overwrite a
 * file unless asked to; a restore (or a move) is refused while a `wardroom serve` runs on the same
 * SQLite database; a database named by a URL that is not PostgreSQL's is refused, its password
 * unprinted; a path that is not a SQLite file is a data folder; and what to do next is said.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/adapters/storage/database.ts';
import { ROOT, TMP, wardroom } from '../support/cli.ts';
import { HttpClient, killAll, serve } from '../support/nodes.ts';
import { TWO_ZONE_FORM, createCampaign, startServer } from '../support/server.ts';

afterAll(killAll);

/** stderr's lines, without the note that dist/ is older than src/. */
const lines = (stderr: string) => stderr.split('\n').filter((l) => l && !l.startsWith('wardroom: dist/'));

/** A data folder with an empty Wardroom database. */
async function dataFolder(): Promise<string> {
  const data = mkdtempSync(join(TMP, 'data-'));
  await (await openSqlite(join(data, 'wardroom.sqlite'))).destroy();
  return data;
}

async function gameCount(data: string): Promise<number> {
  const db = await openSqlite(join(data, 'wardroom.sqlite'));
  try {
    return (await db.selectFrom('games').select('id').execute()).length;
  } finally {
    await db.destroy();
  }
}

describe('wardroom backup --out', () => {
  it('refuses an existing file (exit 2, one line naming it and --force) and leaves it as it was; --force overwrites it', async () => {
    const data = await dataFolder();
    const file = join(data, 'campaigns.json');
    writeFileSync(file, 'last week\'s backup\n');
    const r = await wardroom(['backup', '--data', data, '--out', file]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([`${file} already exists; nothing was written (give --force to overwrite it).`]);
    expect(r.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toBe('last week\'s backup\n');

    const forced = await wardroom(['backup', '--data', data, '--out', file, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'wardroom-backup', games: [] });
  });
});

describe('wardroom restore under a running wardroom serve', () => {
  it('is refused while a server runs on the data folder, naming it, and restores nothing; after the server stops the same restore works; a lock left by a dead process is ignored', async () => {
    // A campaign backed up from one server's data folder (a backup while it runs is fine).
    const source = await dataFolder();
    const one = await serve({ data: source, databaseUrl: '' }, 'source');
    expect((await new HttpClient(one.url).post('/api/games', { ...TWO_ZONE_FORM, name: 'Rita' })).status).toBe(201);
    const file = join(TMP, 'one-campaign.json');
    expect((await wardroom(['backup', '--data', source, '--out', file])).code).toBe(0);
    await one.kill('SIGTERM');

    const live = await dataFolder();
    const server = await serve({ data: live, databaseUrl: '' }, 'live');
    const refused = await wardroom(['restore', file, '--data', live]);
    expect(refused.code).toBe(1);
    expect(lines(refused.stderr)).toEqual([
      expect.stringMatching(new RegExp(`^Nothing was restored: ${join(live, 'wardroom.sqlite')} is open in another Wardroom \\(wardroom serve, process ${server.child.pid}, since .+\\)\\. Close it there first\\.$`)),
    ]);
    expect(refused.stdout).toBe('');
    await server.kill('SIGTERM');
    expect(existsSync(join(live, 'wardroom.sqlite.lock'))).toBe(false); // the server let go of it on shutdown
    expect(await gameCount(live)).toBe(0);

    const restored = await wardroom(['restore', file, '--data', live]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Restored 1 campaign');

    // A server killed with kill -9 leaves its lock behind: a process that is gone holds nothing.
    const stale = await dataFolder();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(stale, 'wardroom.sqlite.lock'), JSON.stringify({ pid: dead, host: hostname(), who: 'wardroom serve', since: '2026-12-01T00:00:00.000Z' }));
    const after = await wardroom(['restore', file, '--data', stale]);
    expect(after.code, after.stderr).toBe(0);
    expect(await gameCount(stale)).toBe(1);
  }, 90_000);
});

/** A backup file of one campaign, made once for the tests below. */
let made: Promise<{ file: string; id: string }> | undefined;
function campaignBackup(): Promise<{ file: string; id: string }> {
  made ??= (async () => {
    const s = await startServer({ database: 'sqlite' });
    const id = await createCampaign(s.person('Rita'));
    const file = join(TMP, 'campaign.backup.json');
    const r = await wardroom(['backup', '--data', s.dir, '--out', file]);
    await s.close();
    expect(r.code, r.stderr).toBe(0);
    return { file, id };
  })();
  return made;
}

/** A data folder holding the campaign of campaignBackup(). */
async function folderWithCampaign(): Promise<string> {
  const data = mkdtempSync(join(TMP, 'with-campaign-'));
  const r = await wardroom(['restore', (await campaignBackup()).file, '--data', data]);
  expect(r.code, r.stderr).toBe(0);
  return data;
}

describe('a database named by a URL that is not PostgreSQL', () => {
  it('is refused with exit 2, one line naming the option, what is accepted, and no password; nothing is written anywhere', async () => {
    const { file } = await campaignBackup();
    const source = await folderWithCampaign();
    const before = readdirSync(ROOT).sort();
    const out = join(TMP, 'never-written.json');
    const option = 'give a postgres:// or postgresql:// URL, a SQLite file or a data folder.';
    const inEnv = 'give a postgres:// or postgresql:// URL (for SQLite, name the file or data folder with an option instead).';
    const cases: [string[], Record<string, string>, string][] = [
      [['move', '--from', source, '--to', 'mysql://user:secret@host/db'], {}, `--to mysql://user:***@host/db: not a database Wardroom can use; ${option}`],
      [['move', '--from', source, '--to', 'postgress://user:secret@host/db'], {}, `--to postgress://user:***@host/db: not a database Wardroom can use; ${option}`],
      [['move', '--from', 'sqlite://user:secret@host/db', '--to', join(TMP, 'moved-nowhere')], {}, `--from sqlite://user:***@host/db: not a database Wardroom can use; ${option}`],
      [['backup', '--database', 'jdbc:postgresql://user:secret@host/db', '--out', out], {}, `--database jdbc:postgresql://user:***@host/db: not a database Wardroom can use; ${option}`],
      [['restore', file, '--database', 'mysql://user:secret@host/db'], {}, `--database mysql://user:***@host/db: not a database Wardroom can use; ${option}`],
      [['move', '--from', source], { DATABASE_URL: 'mysql://user:secret@host/db' }, `DATABASE_URL mysql://user:***@host/db: not a database Wardroom can use; ${inEnv}`],
      [['restore', file], { DATABASE_URL: 'mysql://user:secret@host/db' }, `DATABASE_URL mysql://user:***@host/db: not a database Wardroom can use; ${inEnv}`],
      [['move', '--from', source], { DATABASE_URL: join(TMP, 'plain-path') }, `DATABASE_URL ${join(TMP, 'plain-path')}: not a database Wardroom can use; ${inEnv}`],
    ];
    for (const [args, env, message] of cases) {
      const r = await wardroom(args, '', env);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(lines(r.stderr), args.join(' ')).toEqual([message]);
      expect(r.stdout + r.stderr).not.toContain('secret');
    }
    expect(readdirSync(ROOT).sort()).toEqual(before); // no ./mysql:/… SQLite file
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(TMP, 'moved-nowhere'))).toBe(false);
    expect(existsSync(join(TMP, 'plain-path'))).toBe(false);
  }, 90_000);
});

describe('a --to or --database path that is not a SQLite file', () => {
  it('is a data folder (its wardroom.sqlite) when it is a folder, or does not exist and does not end in .sqlite or .db; a .db path is a file', async () => {
    const { file, id } = await campaignBackup();
    const source = await folderWithCampaign();
    const moved = join(TMP, 'new');
    const m = await wardroom(['move', '--from', source, '--to', moved]);
    expect(m.code, m.stderr).toBe(0);
    expect(statSync(moved).isDirectory()).toBe(true);
    expect(await gameCount(moved)).toBe(1);

    const restored = join(TMP, 'restored-folder');
    const r = await wardroom(['restore', file, '--database', restored]);
    expect(r.code, r.stderr).toBe(0);
    expect(await gameCount(restored)).toBe(1);

    const asFile = join(TMP, 'campaigns.db');
    expect((await wardroom(['restore', file, '--database', asFile])).code).toBe(0);
    expect(statSync(asFile).isFile()).toBe(true);
    const db = await openSqlite(asFile);
    expect((await db.selectFrom('games').select('id').execute()).map((g) => g.id)).toEqual([id]);
    await db.destroy();
  }, 90_000);
});

describe('what restore and move say when they are done', () => {
  it('into a data folder without cookie.key: copy the server\'s cookie.key there; with one, nothing about it; the database file is readable by its owner only', async () => {
    const { file } = await campaignBackup();
    const fresh = join(TMP, 'fresh-data');
    const r = await wardroom(['restore', file, '--data', fresh]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`There is no cookie.key in ${fresh}: copy the old server's cookie.key there (or start it with the same --secret-key-file), or everyone signs in again.`);
    expect(statSync(join(fresh, 'wardroom.sqlite')).mode & 0o777).toBe(0o600);

    const keyed = mkdtempSync(join(TMP, 'keyed-'));
    writeFileSync(join(keyed, 'cookie.key'), 'a'.repeat(64), { mode: 0o600 });
    const k = await wardroom(['restore', file, '--data', keyed]);
    expect(k.code, k.stderr).toBe(0);
    expect(k.stdout).not.toContain('cookie.key');
  }, 60_000);

  it('a second move into a database that has the game says to move with --replace', async () => {
    const { id } = await campaignBackup();
    const source = await folderWithCampaign();
    const target = mkdtempSync(join(TMP, 'move-twice-'));
    expect((await wardroom(['move', '--from', source, '--to', target])).code).toBe(0);
    const again = await wardroom(['move', '--from', source, '--to', target]);
    expect(again.code).toBe(1);
    expect(lines(again.stderr)).toEqual([`${join(target, 'wardroom.sqlite')} already has the game "${id}"; nothing was moved (move with --replace to overwrite it).`]);
    expect((await wardroom(['move', '--from', source, '--to', target, '--replace'])).code).toBe(0);
  }, 60_000);

  it('restore --help does not say it writes the file (backup --help does)', async () => {
    const restore = await wardroom(['restore', '--help']);
    expect(restore.stdout).toContain('holds secrets');
    expect(restore.stdout.replace(/\s+/g, ' ')).not.toContain('written readable by you only');
    expect((await wardroom(['backup', '--help'])).stdout.replace(/\s+/g, ' ')).toContain('written readable by you only (mode 0600)');
  });
});

describe('wardroom move --from a data folder a wardroom serve runs on', () => {
  it('is refused as restore is, naming the file and the server, and nothing is moved', async () => {
    const live = await folderWithCampaign();
    const server = await serve({ data: live, databaseUrl: '' }, 'live');
    const target = join(TMP, 'move-under-serve');
    const refused = await wardroom(['move', '--from', join(live, 'wardroom.sqlite'), '--to', target]);
    expect(refused.code).toBe(1);
    expect(lines(refused.stderr)).toEqual([
      expect.stringMatching(new RegExp(`^Nothing was moved: ${join(live, 'wardroom.sqlite')} is open in another Wardroom \\(wardroom serve, process ${server.child.pid}, since .+\\)\\. Close it there first\\.$`)),
    ]);
    expect(refused.stdout).toBe('');
    expect(existsSync(target)).toBe(false);
    await server.kill('SIGTERM');
    const moved = await wardroom(['move', '--from', join(live, 'wardroom.sqlite'), '--to', target]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(existsSync(join(live, 'wardroom.sqlite.lock'))).toBe(false); // the move let go of it
  }, 90_000);
});
