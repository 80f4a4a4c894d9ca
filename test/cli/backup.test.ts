/**
 * `wardroom backup` and `wardroom restore` as an operator runs them (docs/deployment.md, "Backups,
 * restore and moving to PostgreSQL"): a backup does not overwrite a file unless asked to, and a
 * restore is refused while a `wardroom serve` runs on the same SQLite database.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/adapters/storage/database.ts';
import { TMP, wardroom } from '../support/cli.ts';
import { HttpClient, killAll, serve } from '../support/nodes.ts';
import { TWO_ZONE_FORM } from '../support/server.ts';

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
