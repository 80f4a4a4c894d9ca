/**
 * Games in the embedded database (issue 9, storage): the database decides the order of actions with
 * its unique (game, sequence) key; a stale or losing writer is told the current version and nothing
 * changes; a stored game reads back and replays to the same state; the seed stays in unless asked.
 * Runs on SQLite and, in vitest's postgres project, on PostgreSQL (issue 11): the same code.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import { newGameRecord, Session, type GameRecord } from '../../src/engine/session.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { SPECTATOR, seatViewer } from '../../src/engine/viewer.ts';
import { sql } from 'kysely';
import { ensureDeadlinesRow, GameStore, groupSync, isUniqueViolation, keepFirstAddresses, numberChatPerChannel, openDatabase, openSqlite } from '../../src/adapters/storage/database.ts';
import { ChatStore } from '../../src/adapters/storage/chat.ts';
import { People } from '../../src/adapters/storage/people.ts';
import { freshDatabaseUrl, TEST_DB } from '../support/server.ts';

const TMP = mkdtempSync(join(tmpdir(), 'wardroom-store-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const EXAMPLE = JSON.parse(readFileSync(new URL('../../examples/cwnb/two-zone.json', import.meta.url), 'utf8')) as GameRecord;
const OPTIONS = { zones: ['mediterranean'], turns: 1, dice: 'physical', roster: 'demo', startingPoints: 'demo' };

/** Where the database named `name` is: a SQLite file, or a PostgreSQL database made on first use. */
const urls = new Map<string, Promise<string>>();
function at(name: string): Promise<string> {
  let url = urls.get(name);
  if (!url) urls.set(name, (url = TEST_DB === 'postgres' ? freshDatabaseUrl(TMP) : Promise.resolve(join(TMP, `${name}.sqlite`))));
  return url;
}
const openAt = async (where: Promise<string>) => openDatabase(await where);

async function store(name: string): Promise<GameStore> {
  return new GameStore(await openAt(at(name)));
}

describe(`the game store on ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('a stored game reads back, log and options and unknown fields, and replays to the same state', async () => {
    const s = await store('roundtrip');
    await s.create('g1', { ...EXAMPLE, note: 'kept' });
    const back = await s.record('g1', { withSeed: true });
    expect(back).toMatchObject({ module: EXAMPLE.module, options: EXAMPLE.options, seedCommitment: EXAMPLE.seedCommitment, note: 'kept' });
    expect(back!.log).toEqual(EXAMPLE.log);
    const a = Session.open(cwnb, EXAMPLE);
    const b = Session.open(cwnb, back!);
    if (isRuleError(a) || isRuleError(b)) throw new Error('does not replay');
    expect(b.state).toEqual(a.state);
    expect(await s.version('g1')).toBe(EXAMPLE.log.length);
    await s.db.destroy();
  });

  it('the seed stays in the database unless asked for', async () => {
    const s = await store('seed');
    await s.create('g', newGameRecord(cwnb.id, OPTIONS, 'server-secret'));
    expect((await s.record('g'))!.seed).toBeNull();
    expect((await s.record('g', { withSeed: true }))!.seed).toBe('server-secret');
    await s.db.destroy();
  });

  it('a pause that lands just after the check: the change is not stored, whatever the order (checked where it is stored)', async () => {
    const s = await store('held');
    await s.create('g', newGameRecord(cwnb.id, OPTIONS, 'seed'));
    let checks = 0;
    // The server's guard: refuse while paused. The referee's pause lands right after its first check.
    const guard = async () => {
      const row = await s.db.selectFrom('deadlines').select('paused_at').where('game_id', '=', 'g').executeTakeFirst();
      if (row?.paused_at) throw new Error('paused');
      if (checks++ === 0) {
        await ensureDeadlinesRow(s.db, 'g', 'now');
        await s.db.updateTable('deadlines').set({ paused_at: 'now' }).where('game_id', '=', 'g').execute();
      }
    };
    await expect(s.submit(cwnb, 'g', { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0, guard)).rejects.toThrow('paused');
    expect(await s.version('g')).toBe(0);
    const session = await s.session(cwnb, 'g');
    expect(isRuleError(session) ? session.message : session.version).toBe(0);
    await s.db.destroy();
  });

  it('two writers at the same version: exactly one is stored; the other is told the new version, and may retry', async () => {
    const s = await store('race');
    await s.create('g', newGameRecord(cwnb.id, { ...OPTIONS, zones: ['mediterranean', 'north-atlantic'] }, 'race'));
    // Two seats of different War Zones, each with a decision open at version 0.
    const roll = { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] };
    const other = { type: 'rollMission', seat: 'soviet:north-atlantic', values: [2] };
    const [first, second] = await Promise.all([s.submit(cwnb, 'g', roll, 0), s.submit(cwnb, 'g', other, 0)]);
    const results = [first, second];
    expect(results.filter((r) => 'version' in r && !('conflict' in r))).toHaveLength(1);
    expect(results.filter((r) => 'conflict' in r)).toEqual([{ conflict: true, version: 1 }]);
    expect(await s.version('g')).toBe(1);
    const loserAction = 'conflict' in first ? roll : other;
    expect(await s.submit(cwnb, 'g', loserAction, 1)).toMatchObject({ version: 2 }); // a retry at the new version is safe
    expect((await s.record('g'))!.log.map((e) => e.seat).sort()).toEqual(['soviet:mediterranean', 'soviet:north-atlantic']);
    await s.db.destroy();
  });

  it('two stores on one database that are not its only writer (issue 11\'s nodes): each sees the other\'s actions', async () => {
    const path = at('nodes');
    const a = new GameStore(await openAt(path), { soleWriter: false });
    const b = new GameStore(await openAt(path), { soleWriter: false });
    await a.create('g', newGameRecord(cwnb.id, { ...OPTIONS, zones: ['mediterranean', 'north-atlantic'] }, 'nodes'));
    expect(await b.submit(cwnb, 'g', { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0)).toMatchObject({ version: 1 }); // b opens the game at 0
    expect(await a.submit(cwnb, 'g', { type: 'rollMission', seat: 'soviet:north-atlantic', values: [2] }, 1)).toMatchObject({ version: 2 });
    const seen = await b.session(cwnb, 'g');
    if (isRuleError(seen)) throw new Error(seen.message);
    expect(seen.record.log.map((e) => e.seat)).toEqual(['soviet:mediterranean', 'soviet:north-atlantic']);
    await a.db.destroy();
    await b.db.destroy();
  });

  it('on one server, an action sent at the version the previous one makes is stored after it, not refused', async () => {
    const s = await store('sequence');
    await s.create('g', newGameRecord(cwnb.id, { ...OPTIONS, zones: ['mediterranean', 'north-atlantic'] }, 'sequence'));
    const [first, second] = await Promise.all([
      s.submit(cwnb, 'g', { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0),
      s.submit(cwnb, 'g', { type: 'rollMission', seat: 'soviet:north-atlantic', values: [2] }, 1),
    ]);
    expect([first, second]).toMatchObject([{ version: 1 }, { version: 2 }]);
    expect(await s.version('g')).toBe(2);
    await s.db.destroy();
  });

  it('a stale version or a refused action changes nothing', async () => {
    const s = await store('stale');
    await s.create('g', newGameRecord(cwnb.id, OPTIONS, 'stale'));
    expect(await s.submit(cwnb, 'g', { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 3)).toEqual({ conflict: true, version: 0 });
    const refused = await s.submit(cwnb, 'g', { type: 'rollMission', seat: 'soviet:mediterranean', values: [9] }, 0);
    expect(isRuleError(refused) && refused.message).toMatch(/a d6 shows 1 to 6, not 9/);
    expect(await s.version('g')).toBe(0);
    await s.db.destroy();
  });

  it('the (game, sequence) key is the database\'s own: a second entry at one sequence is refused', async () => {
    const s = await store('key');
    await s.create('g', newGameRecord(cwnb.id, OPTIONS, 'key'));
    expect(await s.append('g', 0, { type: 'teamNote', seat: 'allied:mediterranean', text: 'a' })).toBe(true);
    expect(await s.append('g', 0, { type: 'teamNote', seat: 'allied:mediterranean', text: 'b' })).toEqual({ conflict: true, version: 1 });
    await s.db.destroy();
  });

  it('what a viewer reads from the store is the kernel\'s view and events for that viewer: no other team\'s secrets', async () => {
    const s = await store('read');
    await s.create('g', EXAMPLE);
    const direct = Session.open(cwnb, EXAMPLE);
    if (isRuleError(direct)) throw new Error('does not replay');
    const soviet = seatViewer('soviet:mediterranean');
    const read = await s.read(cwnb, 'g', soviet);
    if (isRuleError(read)) throw new Error(read.message);
    expect(read.version).toBe(EXAMPLE.log.length);
    expect(read.events).toEqual(direct.eventsFor(soviet));
    expect(read.events).not.toEqual(direct.eventsFor(seatViewer('allied:mediterranean'))); // the teams' logs differ: secrets are kept
    const later = await s.read(cwnb, 'g', SPECTATOR, read.events.at(-5)!.seq);
    if (isRuleError(later)) throw new Error(later.message);
    expect(later.events).toEqual(direct.eventsFor(SPECTATOR, read.events.at(-5)!.seq));
    expect(JSON.stringify(later.view)).not.toContain('"cards":['); // a spectator sees no hand
    await s.db.destroy();
  });

  it('the database is created on first open and opened again with its games (migrations run once)', async () => {
    const path = at('reopen');
    const a = new GameStore(await openAt(path));
    await a.create('g', newGameRecord(cwnb.id, OPTIONS, 'reopen'));
    await a.db.destroy();
    const b = new GameStore(await openAt(path));
    expect((await b.record('g'))!.options).toEqual(OPTIONS);
    await b.db.destroy();
  });
});

describe(`people's e-mail addresses on ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('an address is one person\'s in the database itself: a second person giving it, in any capitals, is refused by its unique index', async () => {
    const db = await openAt(at('emails'));
    const people = new People(db);
    const [ann, eve] = [await people.createPerson('Ann'), await people.createPerson('Eve')];
    await people.update(ann, { email: 'ann@example.org' });
    const taken = await people.update(eve, { email: 'Ann@Example.org' }).catch((e: unknown) => e);
    expect(isUniqueViolation(taken)).toBe(true); // two requests at once both pass the route's check; the database decides
    expect((await people.person(eve))!.email).toBeNull();
    await db.destroy();
  });

  it('addresses given twice before they were checked are kept by whoever gave them first (the migration to the unique index; a sign-in link to them led nowhere)', async () => {
    const db = await openAt(at('emails-before'));
    const people = new People(db);
    const [first, second, other] = [await people.createPerson('First'), await people.createPerson('Second'), await people.createPerson('Other')];
    // As the database was before the index: the same address twice, in other capitals.
    await sql`drop index people_email_lower`.execute(db);
    await db.updateTable('people').set({ email: 'Same@example.org', created_at: '2026-12-01T10:00:00.000Z' }).where('id', '=', first).execute();
    await db.updateTable('people').set({ email: 'same@example.org', created_at: '2026-12-02T10:00:00.000Z' }).where('id', '=', second).execute();
    await db.updateTable('people').set({ email: 'other@example.org' }).where('id', '=', other).execute();
    await keepFirstAddresses(db);
    await sql`create unique index people_email_lower on people (lower(email))`.execute(db); // as the migration does next
    const emails = Object.fromEntries((await db.selectFrom('people').select(['id', 'email']).execute()).map((p) => [p.id, p.email]));
    expect([emails[first], emails[second], emails[other]]).toEqual(['Same@example.org', null, 'other@example.org']);
    await db.destroy();
  });
});

describe(`chat numbers on ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('a database numbered across channels is renumbered per channel, read markers with it (the migration: the gaps told a team how much the others wrote)', async () => {
    const s = await store('chat-before');
    await s.create('g', newGameRecord(cwnb.id, OPTIONS, 'chat'));
    const people = new People(s.db);
    const [ann, boris] = [await people.createPerson('Ann'), await people.createPerson('Boris')];
    // As the table was: one number for the whole game.
    await s.db.schema.dropTable('chat_messages').execute();
    await sql`create table chat_messages (id text primary key, game_id text not null, seq integer not null, channel text not null, author_id text not null, author_label text not null, text text not null, created_at text not null, unique (game_id, seq))`.execute(s.db);
    const old: [number, string, string][] = [[1, 'all', 'Morning.'], [2, 'team:allied', 'Carrier north.'], [3, 'team:soviet', 'Subs out.'], [4, 'all', 'Morning to you.'], [5, 'team:allied', 'Agreed.']];
    for (const [seq, channel, text] of old) {
      await s.db.insertInto('chat_messages').values({ id: `m${seq}`, game_id: 'g', seq, channel, author_id: channel === 'team:soviet' ? boris : ann, author_label: 'x', text, created_at: `2026-12-01T10:00:0${seq}.000Z` }).execute();
    }
    await s.db.insertInto('chat_reads').values([{ game_id: 'g', person_id: boris, channel: 'all', last_read: 4 }, { game_id: 'g', person_id: ann, channel: 'team:allied', last_read: 2 }]).execute();
    await numberChatPerChannel(s.db);
    const chat = new ChatStore(s.db);
    expect((await chat.read('g', ['all', 'team:allied', 'team:soviet'])).map((m) => [m.channel, m.seq, m.text])).toEqual([
      ['all', 1, 'Morning.'],
      ['team:allied', 1, 'Carrier north.'],
      ['team:soviet', 1, 'Subs out.'],
      ['all', 2, 'Morning to you.'],
      ['team:allied', 2, 'Agreed.'],
    ]);
    // What was read stays read, what was not stays unread.
    expect((await chat.unread('g', boris, ['all'])).get('all')).toEqual({ lastRead: 2, unread: 0 });
    expect((await chat.unread('g', ann, ['team:allied'])).get('team:allied')).toEqual({ lastRead: 1, unread: 0 });
    // The next message takes its channel's next number.
    expect((await chat.post('g', 'team:soviet', boris, 'x', 'Again.')).seq).toBe(2);
    await s.db.destroy();
  });
});

describe.skipIf(TEST_DB === 'postgres')('SQLite without its write-ahead log', () => {
  it('a database that cannot use the write-ahead log (here: in memory) still stores and reads games: its commits sync themselves', async () => {
    const s = new GameStore(await openSqlite(':memory:'));
    await s.create('g', EXAMPLE);
    expect((await s.record('g'))!.log).toHaveLength(EXAMPLE.log.length);
    await s.db.destroy();
  });
});

describe('group commit on SQLite (groupSync)', () => {
  it('nothing is acknowledged before a flush that started after its commit; commits made during one flush share the next', async () => {
    const flushes: (() => void)[] = [];
    const sync = groupSync(() => new Promise<void>((finish) => flushes.push(finish)));
    const done: string[] = [];
    const a = sync().then(() => done.push('a'));
    expect(flushes).toHaveLength(1); // nothing running: a flush starts at once
    const b = sync().then(() => done.push('b'));
    const c = sync().then(() => done.push('c'));
    expect(flushes).toHaveLength(1); // b and c came while it ran: it may have started before their commits
    flushes[0]();
    await a;
    await Promise.resolve();
    expect(done).toEqual(['a']);
    expect(flushes).toHaveLength(2); // one more flush, for b and c together
    flushes[1]();
    await Promise.all([b, c]);
    expect(done).toEqual(['a', 'b', 'c']);
    expect(flushes).toHaveLength(2);
  });
});

describe('when SQLite answers a change (wardroom serve --fsync-before-answer)', () => {
  /** A sync of the write-ahead log that finishes at once, or, while `hold`, when the test says. */
  function heldFlush() {
    const h = { hold: false, paths: [] as string[], pending: [] as { finish: () => void; fail: (e: Error) => void }[] };
    const flush = (path: string) => {
      h.paths.push(path);
      return h.hold ? new Promise<void>((finish, fail) => h.pending.push({ finish, fail })) : Promise.resolve();
    };
    return { h, flush };
  }
  const settled = (p: Promise<unknown>) => Promise.race([p.then(() => 'answered', (e: Error) => `refused: ${e.message}`), new Promise((r) => setTimeout(() => r('waiting'), 300))]);

  it('by default a stored game is answered once committed, while the sync of its write-ahead log still runs', async () => {
    const { h, flush } = heldFlush();
    const s = new GameStore(await openSqlite(join(TMP, 'answer-default.sqlite'), { flush }));
    h.hold = true;
    expect(await settled(s.create('g', EXAMPLE))).toBe('answered');
    expect(h.pending).toHaveLength(1);
    expect(h.paths.at(-1)).toBe(join(TMP, 'answer-default.sqlite-wal'));
    h.pending[0].finish();
    await s.db.destroy();
  });

  it('with fsyncBeforeAnswer a stored game is answered only after the sync of its write-ahead log', async () => {
    const { h, flush } = heldFlush();
    const s = new GameStore(await openSqlite(join(TMP, 'answer-synced.sqlite'), { flush, fsyncBeforeAnswer: true }));
    h.hold = true;
    const stored = s.create('g', EXAMPLE);
    expect(await settled(stored)).toBe('waiting');
    h.pending[0].finish();
    expect(await settled(stored)).toBe('answered');
    await s.db.destroy();
  });

  it('a sync that failed in the background is the answer to every later change', async () => {
    const { h, flush } = heldFlush();
    const s = new GameStore(await openSqlite(join(TMP, 'answer-failed.sqlite'), { flush }));
    h.hold = true;
    await s.create('g1', EXAMPLE);
    h.pending[0].fail(new Error('EIO: i/o error, fsync'));
    await new Promise((r) => setTimeout(r, 0));
    expect(await settled(s.create('g2', EXAMPLE))).toBe('refused: EIO: i/o error, fsync');
    expect(await settled(s.create('g3', EXAMPLE))).toBe('refused: EIO: i/o error, fsync');
    await s.db.destroy();
  });
});

describe(`rewind requests on ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('an answer that arrives after the request was closed (done, then a refusal sent at the same moment) changes nothing', async () => {
    const s = await store('rewinds');
    await s.create('g', EXAMPLE);
    const people = new People(s.db);
    const rid = await people.createRewind('g', 'allied:mediterranean', 'zone:mediterranean', 0);
    await people.setRewind(rid, ['allied:mediterranean', 'referee'], 'done', { by: 'referee' });
    await people.setRewind(rid, ['allied:mediterranean'], 'refused', { by: 'soviet:mediterranean' });
    await people.setRewind(rid, ['allied:mediterranean'], null, { by: 'soviet:mediterranean' });
    expect(await people.openRewinds('g')).toEqual([]);
    expect(await people.closedRewinds('g'), 'not refused: it was done').toEqual([]);
    const row = await s.db.selectFrom('rewinds').select(['outcome', 'agreed']).where('id', '=', rid).executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: 'done', agreed: JSON.stringify(['allied:mediterranean', 'referee']) });
    await s.db.destroy();
  });
});
