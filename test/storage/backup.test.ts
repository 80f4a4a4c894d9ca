/**
 * Issue 11, "Operations: … backups and restore of a campaign, and moving a campaign from a SQLite
 * file to PostgreSQL with one command". A campaign played a little through the API (actions, a
 * chat message on each side, a deadline, a history read marker) is backed up and restored into a
 * fresh database, and every person sees exactly what they saw before, with the cookie they had.
 * Runs on SQLite and (vitest's postgres project) on PostgreSQL; the move from a SQLite file to
 * PostgreSQL runs the real `wardroom move` in the postgres project.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BACKUP_TABLES, BackupError, GameExistsError, backupGames, chatNumberedPerChannel, parseBackup, restoreBackup, type Backup } from '../../src/adapters/storage/backup.ts';
import { openDatabase, openSqlite } from '../../src/adapters/storage/database.ts';
import { TMP, wardroom } from '../support/cli.ts';
import { freshDatabase } from '../support/postgres.ts';
import { TEST_DB, createCampaign, exampleActions, startServer, twoTeamGame, type Client, type TestServer } from '../support/server.ts';
import { TestClock } from '../support/sinks.ts';

const KEY = randomBytes(32);
const clock = new TestClock('2026-12-02T12:00:00Z');
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function server(opts: { database?: 'sqlite' | 'postgres' } = {}): Promise<TestServer> {
  const s = await startServer({ secretKey: KEY, clock, ...opts });
  servers.push(s);
  return s;
}

/** A campaign played a little: 49 actions (the Allied commitment of turn 1 waits, secret, for the Soviet one), chat, a deadline, a read marker; and another campaign beside it. */
async function playedCampaign(s: TestServer) {
  const g = await twoTeamGame(s);
  for (const a of exampleActions().slice(0, 49)) await g.holder(a.seat).act(g.id, a);
  const chat = `/api/games/${g.id}/chat`;
  for (const [who, channel, text] of [
    [g.allied, 'team:allied', 'Hold the convoy at Malta'],
    [g.soviet, 'team:soviet', 'Subs to the Gibraltar gap'],
    [g.referee, 'all', 'Turn 1 ends Friday'],
  ] as const) {
    const r = await who.post(chat, { channel, text });
    expect(r.status, r.text).toBe(201);
  }
  expect((await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { hours: 24, remindHours: 2, onExpiry: 'pause' })).status).toBe(200);
  expect((await g.allied.post(`/api/games/${g.id}/history/read`, {})).status).toBe(200);
  const other = await createCampaign(s.person('Olga'));
  return { ...g, other };
}

/** What a person sees of a campaign: its page, its log, its chat, its deadline, its history marker, and who they are. */
async function seen(c: Client, id: string) {
  const get = async (path: string) => {
    const r = await c.get(path);
    return { status: r.status, body: r.body }; // the spectator's chat is a refusal, the same one on both servers
  };
  return {
    me: await get('/api/me'),
    page: await get(`/api/games/${id}`),
    log: await get(`/api/games/${id}/log`),
    chat: await get(`/api/games/${id}/chat`),
    deadline: await get(`/api/games/${id}/deadline`),
    unread: await get(`/api/games/${id}/history/unread`),
  };
}

/** The same browser (the same cookie) on another server. */
function sameBrowser(on: TestServer, c: Client): Client {
  const copy = on.person(c.name);
  copy.cookie = c.cookie;
  return copy;
}

const count = async (s: TestServer, table: 'games' | 'actions' | 'chat_messages' | 'members', game?: string) => {
  let q = s.ctx.store.db.selectFrom(table).select((e) => e.fn.countAll<number>().as('n'));
  if (game) q = table === 'games' ? q.where('id' as never, '=', game as never) : q.where('game_id' as never, '=', game as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe(`campaign backup and restore (issue 11, operations) on ${TEST_DB}`, () => {
  let source: TestServer;
  let g: Awaited<ReturnType<typeof playedCampaign>>;
  let backup: Backup;
  let target: TestServer;

  beforeAll(async () => {
    source = await server();
    g = await playedCampaign(source);
    backup = parseBackup(JSON.stringify(await backupGames(source.ctx.store.db, [g.id])));
    target = await server();
    await restoreBackup(target.ctx.store.db, backup);
  });

  it('holds the one campaign asked for, its seed, its people and their sessions; not sign-in links, not the other campaign; numbers as numbers', async () => {
    expect(backup.format).toBe('wardroom-backup');
    expect(backup.games).toEqual([g.id]);
    expect(backup.tables.games.map((r) => r.id)).toEqual([g.id]);
    expect(backup.tables.games[0].seed).toMatch(/\S/); // the server's secret until the game ends
    expect(backup.tables.actions).toHaveLength(49);
    expect(backup.tables.actions.map((a) => a.seq)).toEqual([...Array(49).keys()]);
    expect(backup.tables.people.map((p) => p.name).sort()).toEqual(['Ann', 'Boris', 'Rita', 'Sam']); // not Olga, of the other campaign
    expect(backup.tables.sessions.length).toBeGreaterThanOrEqual(4);
    expect(backup.tables.chat_messages).toHaveLength(3);
    expect(backup.tables.deadlines).toMatchObject([{ hours: 24, remind_hours: 2, on_expiry: 'pause' }]);
    expect(typeof backup.tables.reads[0].last_seq).toBe('number');
    expect(Object.keys(backup.tables)).not.toContain('magic_links');
  });

  it('restored into a fresh database: every seat, the referee and the spectator see the same page, log, chat and deadline, signed in with the cookie they had (same secret key)', async () => {
    for (const c of [g.referee, g.allied, g.soviet, g.spectator]) {
      const before = await seen(c, g.id);
      const after = await seen(sameBrowser(target, c), g.id);
      expect(after.page.status, c.name).toBe(200);
      expect(after.me.body.person.name).toBe(c.name);
      expect(after, c.name).toEqual(before);
    }
    // The referee's game file (every order, the seed's commitment) is the same.
    expect((await sameBrowser(target, g.referee).get(`/api/games/${g.id}/export`)).body).toEqual((await g.referee.get(`/api/games/${g.id}/export`)).body);
    // The Allied team's chat stays hidden from the Soviet player on the restored server.
    expect(JSON.stringify((await sameBrowser(target, g.soviet).get(`/api/games/${g.id}/chat`)).body)).not.toContain('Malta');
  });

  it('the restored campaign plays on: the Soviet player commits with their old cookie and the game moves to version 50 on the restored server only', async () => {
    const next = exampleActions()[49];
    expect(next.seat.startsWith('soviet:')).toBe(true);
    const boris = sameBrowser(target, g.soviet);
    expect(await boris.act(g.id, next)).toBe(50);
    expect((await g.soviet.page(g.id)).game.version).toBe(49);
  });

  it('restoring a campaign the database already has is refused, naming it, and changes nothing (all or nothing: the other campaign is not added either)', async () => {
    const both = parseBackup(JSON.stringify(await backupGames(source.ctx.store.db, [g.other, g.id])));
    expect(both.games).toEqual([g.other, g.id]);
    const before = { games: await count(target, 'games'), actions: await count(target, 'actions'), chat: await count(target, 'chat_messages') };
    const refused = await restoreBackup(target.ctx.store.db, both).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GameExistsError);
    expect((refused as Error).message).toContain(`"${g.id}"`);
    expect((refused as Error).message).toContain('--replace');
    expect({ games: await count(target, 'games'), actions: await count(target, 'actions'), chat: await count(target, 'chat_messages') }).toEqual(before);
    expect(await count(target, 'games', g.other)).toBe(0);

    // With replace: the game goes back to the backup's state (49 actions, not the 50 played since), the other one is added, people are not doubled.
    const people = Number((await target.ctx.store.db.selectFrom('people').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    await restoreBackup(target.ctx.store.db, both, { replace: true });
    expect(await count(target, 'actions', g.id)).toBe(49);
    expect(await count(target, 'members', g.id)).toBe(await count(source, 'members', g.id));
    expect(await count(target, 'games', g.other)).toBe(1);
    expect(Number((await target.ctx.store.db.selectFrom('people').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(people + 1); // + Olga
  });

  it('a person of the backup whose e-mail address another person of the target gave already comes without it: the campaign restores, each address stays one person\'s', async () => {
    const withMail = JSON.parse(JSON.stringify(backup)) as Backup;
    const ann = withMail.tables.people.find((p) => p.name === 'Ann')!;
    ann.email = 'Ann@Example.org';
    const fresh = await server();
    const db = fresh.ctx.store.db;
    await db.insertInto('people').values({ id: 'someone-else', name: 'Annette', email: 'ann@example.org', created_at: '2026-12-01T00:00:00.000Z' }).execute();
    await restoreBackup(db, parseBackup(JSON.stringify(withMail)));
    const rows = await db.selectFrom('people').select(['id', 'email']).where('id', 'in', [ann.id as string, 'someone-else']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.email]))).toEqual({ [ann.id as string]: null, 'someone-else': 'ann@example.org' });
    expect((await sameBrowser(fresh, g.allied).get(`/api/games/${g.id}`)).status).toBe(200); // Ann still plays her seats
  });

  it('a backup written before columns were added (no deadlines.moved_at, no games.seed_imported) restores, the columns empty: the campaign is not taken for moved to the table', async () => {
    const old = JSON.parse(JSON.stringify(backup));
    for (const r of old.tables.deadlines) delete r.moved_at;
    for (const r of old.tables.games) delete r.seed_imported;
    const fresh = await server();
    await restoreBackup(fresh.ctx.store.db, parseBackup(JSON.stringify(old)));
    expect((await sameBrowser(fresh, g.soviet).get(`/api/games/${g.id}/deadline`)).body.deadline).toMatchObject({ hours: 24, movedAt: null });
  });

  it('a broken backup is refused with a message naming what is wrong', () => {
    const text = JSON.stringify(backup);
    const broken = (change: (b: any) => void) => {
      const b = JSON.parse(text);
      change(b);
      return JSON.stringify(b);
    };
    const refusal = (t: string) => {
      try {
        parseBackup(t, 'old.json');
      } catch (e) {
        expect(e).toBeInstanceOf(BackupError);
        return (e as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal('{"format": "wardroom-backup", ')).toMatch(/^old\.json is not valid JSON/);
    expect(refusal(broken((b) => (b.format = 'wardroom-game')))).toContain('"format" is "wardroom-game"');
    expect(refusal(broken((b) => (b.version = 2)))).toContain('"version" is 2');
    expect(refusal(broken((b) => delete b.tables.chat_messages))).toContain('the table "chat_messages" is missing');
    expect(refusal(broken((b) => delete b.tables.actions[3].entry))).toContain('row 4 of "actions" has no "entry"');
    expect(refusal(broken((b) => (b.tables.actions[0].seq = '0')))).toContain('"seq" is "0"');
    expect(refusal(broken((b) => (b.games = ['nope'])))).toContain('the game "nope" is listed but has no row in "games"');
    expect(refusal(broken((b) => (b.tables.actions[0].game_id = 'nope')))).toContain('a row of "actions" belongs to the game "nope", which is not in "games"');
  });

  it('the backup lists every column of each table it holds (a migration that adds a column must add it here)', async () => {
    const tables = await source.ctx.store.db.introspection.getTables();
    for (const [name, columns] of Object.entries(BACKUP_TABLES)) {
      const table = tables.find((t) => t.name === name);
      expect(table, name).toBeDefined();
      expect(table!.columns.map((c) => c.name).sort(), name).toEqual([...columns].sort());
    }
  });
});

describe('the wardroom backup, restore and move commands (issue 11, operations)', () => {
  it.skipIf(TEST_DB !== 'sqlite')('backup writes a file only its owner can read; restore into a new data folder; again refused naming the game, exit 1, one line; a broken file refused (SQLite project)', async () => {
    const s = await server();
    const g = await playedCampaign(s);
    const file = join(TMP, 'campaigns.backup.json');
    const made = await wardroom(['backup', '--data', s.dir, '--out', file]);
    expect(made.stderr.replace(/^wardroom: dist\/.*\n/m, ''), made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`(${g.id}): 49 actions`);
    expect(made.stdout).toContain('keep it private');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).games.sort()).toEqual([g.id, g.other].sort());

    const data = join(TMP, 'restored-data');
    const restored = await wardroom(['restore', file, '--data', data]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Restored 2 campaigns');
    const db = await openSqlite(join(data, 'wardroom.sqlite'));
    expect((await db.selectFrom('actions').select('seq').where('game_id', '=', g.id).execute()).length).toBe(49);
    await db.destroy();

    const again = await wardroom(['restore', file, '--data', data]);
    expect(again.code).toBe(1);
    const lines = again.stderr.split('\n').filter((l) => l && !l.startsWith('wardroom: dist/'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/already has the game "[^"]+"; nothing was restored \(restore with --replace/);
    expect(again.stderr).not.toMatch(/\n\s+at /);
    expect((await wardroom(['restore', file, '--data', data, '--replace'])).code).toBe(0);

    const bad = join(TMP, 'bad.backup.json');
    writeFileSync(bad, JSON.stringify({ format: 'wardroom-backup', version: 1, games: [], tables: {} }));
    const refused = await wardroom(['restore', bad, '--data', data]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${bad} is not a Wardroom backup that can be restored: the table "people" is missing from "tables".`);
  });

  it.skipIf(TEST_DB !== 'postgres')('wardroom move: a campaign from a SQLite file to PostgreSQL, one line per game with its title and actions, and the same rows both ways (PostgreSQL project only: it needs the test cluster)', async () => {
    const s = await server({ database: 'sqlite' });
    const g = await playedCampaign(s);
    const title = (await s.ctx.store.meta(g.id))!.title;
    const url = await freshDatabase(inject('postgresUrl'));
    const moved = await wardroom(['move', '--from', join(s.dir, 'wardroom.sqlite'), '--to', url, '--game', g.id]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain(`moved: "${title}" (${g.id}), 49 actions\n`);
    expect(moved.stdout).toContain('Moved 1 campaign from');
    expect(moved.stdout).not.toContain(g.other);
    // The nodes keep games in memory: the last line says to restart them (and nothing of a cookie.key folder).
    const restart = 'Now start the wardroom serve nodes on this database again.';
    expect(moved.stdout.trimEnd().split('\n').at(-1)).toBe(restart);
    expect(moved.stdout).not.toContain('cookie.key');
    const file = join(TMP, 'to-postgres.backup.json');
    expect((await wardroom(['backup', '--data', s.dir, '--game', g.id, '--out', file])).code).toBe(0);
    const restored = await wardroom(['restore', file, '--database', url, '--replace']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout.trimEnd().split('\n').at(-1)).toBe(restart);

    const pg = await openDatabase(url);
    try {
      const there = await backupGames(pg, [g.id]);
      const here = await backupGames(s.ctx.store.db, [g.id]);
      expect(there.tables).toEqual(here.tables); // numbers come back as numbers, text as text
      const twice = await wardroom(['move', '--from', join(s.dir, 'wardroom.sqlite'), '--to', url, '--game', g.id]);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toContain(`already has the game "${g.id}"; nothing was moved (move with --replace to overwrite it).`);
      const nowhere = await wardroom(['move', '--from', join(TMP, 'no-such.sqlite'), '--to', url]);
      expect(nowhere.code).toBe(1);
      expect(nowhere.stderr).toContain(`There is no database at ${join(TMP, 'no-such.sqlite')}.`);
    } finally {
      await pg.destroy();
    }
  });
});

describe('chat numbers in a backup written before each channel numbered its own (migration 13)', () => {
  it('restored per channel, read markers with them; numbers already per channel stay as they are', () => {
    const m = (seq: number, channel: string) => ({ id: `m${seq}`, game_id: 'g', seq, channel, author_id: 'p', author_label: 'x', text: 't', created_at: '2026-12-01T10:00:00.000Z' });
    const old = [m(1, 'all'), m(2, 'team:allied'), m(3, 'team:soviet'), m(4, 'all'), m(5, 'team:allied')];
    const reads = [{ game_id: 'g', person_id: 'p', channel: 'all', last_read: 4 }, { game_id: 'g', person_id: 'q', channel: 'team:allied', last_read: 3 }];
    const once = chatNumberedPerChannel(old, reads);
    expect(once.chat_messages.map((r) => [r.channel, r.seq])).toEqual([['all', 1], ['team:allied', 1], ['team:soviet', 1], ['all', 2], ['team:allied', 2]]);
    expect(once.chat_reads.map((r) => r.last_read)).toEqual([2, 1]);
    expect(chatNumberedPerChannel(once.chat_messages, once.chat_reads)).toEqual(once);
  });
});
