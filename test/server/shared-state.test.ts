/**
 * Several server nodes on one database (issue 11: "notifications, deadlines and reminders are
 * claimed from tables by whichever node is free: each is sent exactly once with three nodes
 * running; 'is this person connected' is shared state; rate limits hold across nodes"). Two or
 * three `buildServer`s with `shared: true` on the same database (a SQLite file in WAL mode, or a
 * PostgreSQL database), each with its own connection(s), in this one test process.
 */
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, runDue, type ServerOptions } from '../../src/adapters/server/app.ts';
import { inProcessBroadcast } from '../../src/adapters/server/live.ts';
import type { SharedPresence } from '../../src/adapters/server/presence.ts';
import { openDatabase } from '../../src/adapters/storage/database.ts';
import { ALLIED, exampleActions, freshDatabaseUrl, SOVIET, TestServer, twoTeamGame, type Client } from '../support/server.ts';
import { HOUR, MINUTE, TestClock } from '../support/sinks.ts';

const open: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of open.splice(0).reverse()) await s.close().catch(() => {});
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** `n` nodes sharing one fresh database, the session key and `opts`. */
async function nodes(n: number, opts: Partial<ServerOptions> = {}, each: (i: number) => Partial<ServerOptions> = () => ({})): Promise<TestServer[]> {
  const dir = mkdtempSync(join(tmpdir(), 'wardroom-shared-test-'));
  dirs.push(dir);
  const url = await freshDatabaseUrl(dir);
  const secretKey = randomBytes(32);
  const out: TestServer[] = [];
  for (let i = 0; i < n; i++) {
    const db = await openDatabase(url);
    const { app, ctx } = await buildServer({ rateLimit: false, secretKey, shared: true, nodeId: `node-${'ABC'[i]}`, ...opts, ...each(i), db, webRoot: null });
    // Each node's own empty folder: the shared one is removed after all of them closed.
    const s = new TestServer(app, ctx, mkdtempSync(join(tmpdir(), 'wardroom-node-')));
    open.push(s);
    out.push(s);
  }
  return out;
}

/** The same person's browser on another node (the sealed cookie works on any node). */
function on(node: TestServer, c: Client): Client {
  const other = node.person(c.name);
  other.cookie = c.cookie;
  return other;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, cond: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

describe('several nodes on one database (issue 11)', () => {
  it('presence is shared: a person connected to node A is not notified of a change stored on node B; after the socket closes they are; a node that stops heartbeating stops counting', async () => {
    const clock = new TestClock();
    const [a, b] = await nodes(2, { clock });
    const g = await twoTeamGame(a);
    const annId = (await g.allied.get('/api/me')).body.person.id as string;
    expect((await g.allied.call('PUT', '/api/me/notifications', { email: { on: true, address: 'ann@example.org' }, webhook: null, kinds: { turn: true, chat: true, deadline: true } })).status).toBe(200);
    const players = { allied: on(b, g.allied), soviet: on(b, g.soviet) };
    const turnItems = async () => (await b.ctx.notifications.outbox()).filter((r) => r.person_id === annId && r.kind === 'turn').length;
    const presenceRows = () => b.ctx.store.db.selectFrom('presence').selectAll().where('person_id', '=', annId).execute();

    // Ann opens the game on node A; node B sees her row.
    const live = await g.allied.live(g.id);
    await until('node A wrote her presence', async () => (await presenceRows()).length === 1);
    expect(await b.ctx.presence.isConnected(g.id, annId)).toBe(true);

    // Play on node B until the game newly waits on Ann (an Allied seat), a few times.
    const actions = exampleActions();
    let k = 0;
    let waiting: string[] = (await players.allied.page(g.id)).waitingFor;
    const untilAnnNewlyWaited = async () => {
      for (; k < actions.length; ) {
        const action = actions[k];
        await (action.seat.startsWith('allied:') ? players.allied : players.soviet).act(g.id, action, k);
        k++;
        await b.ctx.notifications.idle();
        const now: string[] = (await players.allied.page(g.id)).waitingFor;
        const newly = ALLIED.some((s) => now.includes(s)) && !ALLIED.some((s) => waiting.includes(s));
        waiting = now;
        if (newly) return;
      }
      throw new Error('the example game never waited on Ann again');
    };
    await untilAnnNewlyWaited();
    expect(await turnItems()).toBe(0); // connected on another node: not told

    // Her socket closes: node A deletes her row; the next change waiting on her tells her, once.
    live.close();
    await until('node A deleted her presence', async () => (await presenceRows()).length === 0);
    await untilAnnNewlyWaited();
    expect(await turnItems()).toBe(1);

    // She opens the game on A again; A then dies (no heartbeat, no clean stop): her row stays but
    // counts for nothing once older than the expiry.
    await g.allied.live(g.id);
    await until('node A wrote her presence again', async () => (await presenceRows()).length === 1);
    const presenceA = a.ctx.presence as SharedPresence;
    presenceA.stop();
    clock.advance(presenceA.expiryMs - 1000);
    expect(await b.ctx.presence.isConnected(g.id, annId)).toBe(true);
    clock.advance(2000);
    expect(await b.ctx.presence.isConnected(g.id, annId)).toBe(false);
    await untilAnnNewlyWaited();
    expect(await turnItems()).toBe(2);
    // A heartbeat brings her back.
    await presenceA.heartbeat();
    expect(await b.ctx.presence.isConnected(g.id, annId)).toBe(true);
  });

  it('every node hears of every change: three nodes looking at the same change at once notify a person once per change of the waiting set', async () => {
    const clock = new TestClock();
    const servers = await nodes(3, { clock });
    const [a, b] = servers;
    const g = await twoTeamGame(a);
    const annId = (await g.allied.get('/api/me')).body.person.id as string;
    expect((await g.allied.call('PUT', '/api/me/notifications', { email: { on: true, address: 'ann@example.org' }, webhook: null, kinds: { turn: true, chat: true, deadline: true } })).status).toBe(200);
    const players = { allied: on(b, g.allied), soviet: on(b, g.soviet) };
    let waiting: string[] = (await players.allied.page(g.id)).waitingFor;
    let changes = 0;
    for (const [k, action] of exampleActions().slice(0, 70).entries()) {
      await (action.seat.startsWith('allied:') ? players.allied : players.soviet).act(g.id, action, k);
      // What a cross-node broadcast does: each node looks at the change (node B already does, its own).
      await Promise.all(servers.map((s) => s.ctx.notifications.changed(g.id)));
      await b.ctx.notifications.idle();
      const now: string[] = (await players.allied.page(g.id)).waitingFor;
      if (ALLIED.some((s) => now.includes(s)) && !ALLIED.some((s) => waiting.includes(s))) changes++;
      waiting = now;
    }
    expect(changes).toBeGreaterThanOrEqual(2);
    expect((await a.ctx.notifications.outbox()).filter((r) => r.person_id === annId && r.kind === 'turn')).toHaveLength(changes);
  });

  it('a node that dies: the next heartbeat of another node after the expiry tells the game its player is away, once (two nodes beating at once), and not one still on another node; the game waits on them, so they are sent a "your turn" message', async () => {
    const clock = new TestClock();
    // One broadcast for the three nodes, as PostgreSQL's is: a frame any node publishes reaches the watcher on B, twice if published twice.
    const [a, b, c] = await nodes(3, { clock, broadcast: inProcessBroadcast() });
    const g = await twoTeamGame(a);
    expect((await g.soviet.page(g.id)).waitingFor).toEqual(SOVIET); // the Soviet mission rolls (6.A)
    const id = async (client: Client) => (await client.get('/api/me')).body.person.id as string;
    const ids = { ann: await id(g.allied), boris: await id(g.soviet), rita: await id(g.referee) };
    for (const who of [g.allied, g.soviet]) expect((await who.call('PUT', '/api/me/notifications', { email: { on: true, address: `${who.name}@example.org` }, webhook: null, kinds: { turn: true, chat: true, deadline: true } })).status).toBe(200);
    const watcher = await on(b, g.referee).live(g.id); // the referee's page, on node B
    const rows = () => b.ctx.store.db.selectFrom('presence').selectAll().execute();
    // Boris only on node A; Ann on A and on C (two devices).
    await g.soviet.live(g.id);
    await g.allied.live(g.id);
    await on(c, g.allied).live(g.id);
    await until('four presence rows (the referee\'s too)', async () => (await rows()).length === 4);
    const presenceA = a.ctx.presence as SharedPresence;
    presenceA.stop(); // node A dies: no heartbeat, no clean stop
    const away = () => watcher.frames.filter((f) => f.type === 'presence' && !f.here);
    const turnItems = async () => (await b.ctx.notifications.outbox()).filter((r) => r.kind === 'turn').map((r) => r.person_id);
    const beat = (...which: TestServer[]) => Promise.all(which.map((n) => (n.ctx.presence as SharedPresence).heartbeat()));
    clock.advance(presenceA.expiryMs - 1000);
    await beat(b, c);
    expect(away()).toEqual([]); // not yet expired
    clock.advance(2000);
    await beat(b, c); // both sweep at once: one of them finds A's rows
    await watcher.until(() => away().length === 1);
    await until('Boris is sent his turn', async () => (await turnItems()).length > 0);
    await sleep(200);
    expect(away()).toEqual([{ type: 'presence', seats: [...SOVIET], here: false }]); // Boris's seats, once; Ann is still on C
    expect(await turnItems()).toEqual([ids.boris]);
    expect((await rows()).map((r) => [r.node_id, r.person_id]).sort()).toEqual([['node-B', ids.rita], ['node-C', ids.ann]]);
    expect(await b.ctx.presence.isConnected(g.id, ids.boris)).toBe(false);
  });

  it('a node that stalls past the expiry is taken for dead (its player told away); its next heartbeat tells the game they are here again, without a reload', async () => {
    const clock = new TestClock();
    const [a, b] = await nodes(2, { clock, broadcast: inProcessBroadcast() }); // one broadcast, as PostgreSQL's: A's frames reach B's sockets
    const g = await twoTeamGame(a);
    const watcher = await on(b, g.referee).live(g.id); // the referee's page, on node B
    await g.allied.live(g.id); // Ann on node A
    const presence = (n: TestServer) => n.ctx.presence as SharedPresence;
    await until('her presence row', async () => (await b.ctx.store.db.selectFrom('presence').selectAll().execute()).length === 2);
    for (const n of [a, b]) presence(n).stop(); // the heartbeats by hand from here
    await Promise.all([a, b].map((n) => presence(n).heartbeat()));
    const news = () => watcher.frames.filter((f) => f.type === 'presence').map((f) => f.here);
    // Node A stalls; node B beats on and, past the expiry, takes it for dead.
    for (let t = 0; t <= presence(a).expiryMs; t += presence(b).heartbeatMs) {
      clock.advance(presence(b).heartbeatMs);
      await presence(b).heartbeat();
    }
    await watcher.until(() => news().includes(false));
    expect(news()).toEqual([true, false]); // Ann arrived, then was taken for gone
    await presence(a).heartbeat(); // A wakes up: Ann's socket never closed
    await watcher.until(() => news().length === 3);
    expect(watcher.frames.filter((f) => f.type === 'presence').at(-1)).toEqual({ type: 'presence', seats: [...ALLIED], here: true });
    expect(await b.ctx.presence.isConnected(g.id, (await g.allied.get('/api/me')).body.person.id)).toBe(true);
  });

  it('after the database was out of reach longer than the expiry, a node does not take the others for dead: it sweeps only after two heartbeats of its own in a row', async () => {
    const clock = new TestClock();
    const [a, b] = await nodes(2, { clock });
    const g = await twoTeamGame(a);
    const watcher = await on(b, g.referee).live(g.id);
    await g.allied.live(g.id); // Ann on node A
    const presence = (n: TestServer) => n.ctx.presence as SharedPresence;
    await until('her presence row', async () => (await b.ctx.store.db.selectFrom('presence').selectAll().execute()).length === 2);
    for (const n of [a, b]) presence(n).stop();
    await presence(b).heartbeat();
    clock.advance(presence(a).expiryMs + 5000); // neither node could write meanwhile
    await presence(b).heartbeat(); // back: its own heartbeat was long ago
    await sleep(200);
    expect(watcher.frames.filter((f) => f.type === 'presence' && !f.here)).toEqual([]);
    expect(await b.ctx.presence.isConnected(g.id, (await g.allied.get('/api/me')).body.person.id)).toBe(false); // an expired row counts for nothing…
    await presence(a).heartbeat(); // …and node A, back too, writes it again before B's next heartbeat
    clock.advance(presence(b).heartbeatMs);
    await presence(b).heartbeat();
    await sleep(200);
    expect(watcher.frames.filter((f) => f.type === 'presence' && !f.here)).toEqual([]);
    expect(await b.ctx.presence.isConnected(g.id, (await g.allied.get('/api/me')).body.person.id)).toBe(true);
  });

  it('a node that closes cleanly deletes its presence rows', async () => {
    const [a, b] = await nodes(2);
    const g = await twoTeamGame(a);
    const annId = (await g.allied.get('/api/me')).body.person.id as string;
    await g.allied.live(g.id);
    await until('node A wrote her presence', () => b.ctx.presence.isConnected(g.id, annId));
    await a.app.close();
    expect(await b.ctx.store.db.selectFrom('presence').selectAll().execute()).toEqual([]);
    expect(await b.ctx.presence.isConnected(g.id, annId)).toBe(false);
  });

  it('a rate limit of 6 a minute holds for two nodes together: the 7th request, on either node, gets 429; with separate counts it would not', async () => {
    const [a, b] = await nodes(2, { rateLimit: 6 });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await (i % 2 ? b : a).person('x').get('/api/me')).status);
    expect(statuses.slice(0, 6).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const refused = await b.person('y').get('/api/me');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too-many-requests');
    // The health check is never limited.
    expect((await a.person('z').get('/api/health')).status).toBe(200);
    // Counted by person (their session), not under the plugin's options object turned into text.
    const keys = (await a.ctx.store.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.startsWith('[object'))).toEqual([]);
    // The same two nodes counting apart (shared: false): 8 requests pass, 4 on each.
    const [c, d] = await nodes(2, { rateLimit: 6, shared: false });
    for (let i = 0; i < 8; i++) expect((await (i % 2 ? d : c).person('x').get('/api/me')).status).not.toBe(429);
  });

  it('the rate limit\'s counts out of reach (the database down): requests are let through, not failed; an API answer that needs the database says 503 "database-unavailable", try again', async () => {
    const [a] = await nodes(1, { rateLimit: 6 });
    // A route whose query cannot reach PostgreSQL (ECONNREFUSED; 57P01 when it shuts down).
    for (const code of ['ECONNREFUSED', '57P01']) {
      a.app.get(`/api/test-down-${code}`, async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code });
      });
    }
    // pg's time limit on an answer (openPostgres): the query may have been carried out, and the player is told so.
    a.app.get('/api/test-query-timeout', async () => {
      throw new Error('Query read timeout');
    });
    await sql`drop table rate_limits`.execute(a.ctx.store.db); // the count fails as it does when the database cannot be reached
    expect((await a.person('x').get('/api/me')).status).toBe(200);
    for (const code of ['ECONNREFUSED', '57P01']) {
      const r = await a.person('y').get(`/api/test-down-${code}`);
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.body.error).toEqual({ code: 'database-unavailable', message: 'The server cannot reach its database just now; nothing was changed. Try again in a few seconds.' });
    }
    const late = await a.person('z').get('/api/test-query-timeout');
    expect([late.status, late.body.error]).toEqual([503, { code: 'database-unavailable', message: "The server's database did not answer in time. A change you sent may or may not have been made: reload to see the game as it is, then try again." }]);
  });

  it('three nodes sending the outbox at the same moment deliver every item exactly once, one message per address per gap', async () => {
    const clock = new TestClock();
    const delivered: { node: number; to: string; text: string; at: number }[] = [];
    const items: string[] = [];
    const mailer = (node: number) => ({
      async send(to: string, _subject: string, text: string) {
        // While a message is on its way, a new item for the same address comes in (on this node):
        // it must wait for the next gap, not go at once from another node.
        const first = text.split('\n')[0];
        if (!first.startsWith('follow')) {
          items.push(`follow-${first}`);
          await servers[node].ctx.notifications.toAddress(to, 'invitation', null, `s follow-${first}`, `follow-${first}`, null);
        }
        await sleep(Math.random() * 15); // sends overlap
        delivered.push({ node, to, text, at: clock.now().getTime() });
      },
    });
    const servers: TestServer[] = await nodes(3, { clock, notify: { minGapMs: 5 * MINUTE } }, (i) => ({ mailer: mailer(i) }));
    const a = servers[0];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 12; i++) {
        const text = `item-${round}-${i}`;
        items.push(text);
        await servers[i % 3].ctx.notifications.toAddress(`p${i % 5}@example.org`, 'invitation', null, `s ${text}`, text, null);
      }
      for (let r = 0; r < 3; r++) await Promise.all(servers.map((s) => runDue(s.ctx)));
      clock.advance(6 * MINUTE);
    }
    for (let r = 0; r < 2; r++) await Promise.all(servers.map((s) => runDue(s.ctx)));
    for (const text of items) expect(delivered.filter((d) => d.text.split(/\n/).includes(text)), text).toHaveLength(1);
    // Several nodes did send (the test shares the work), and no address got two messages in one gap.
    expect(new Set(delivered.map((d) => d.node)).size).toBeGreaterThan(1);
    for (const to of new Set(delivered.map((d) => d.to))) {
      const times = delivered.filter((d) => d.to === to).map((d) => d.at);
      expect(new Set(times).size, to).toBe(times.length);
    }
    expect((await a.ctx.notifications.outbox()).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a claim left "sending" by a node that died mid-send is sent by another node once it expires, not before', async () => {
    const clock = new TestClock();
    const sent: string[] = [];
    const [a, b] = await nodes(2, { clock, notify: { claimMs: 10 * MINUTE } }, (i) => ({
      // Node A's send never ends: the node "dies" mid-send.
      mailer: i === 0 ? { send: () => new Promise<void>(() => {}) } : { send: async (to: string) => void sent.push(to) },
    }));
    await a.ctx.notifications.toAddress('carla@example.org', 'invitation', null, 'Invitation', 'Join us', null);
    void a.ctx.notifications.runDue();
    await until('node A claimed it', async () => (await b.ctx.notifications.outbox())[0].status === 'sending');
    await runDue(b.ctx);
    clock.advance(9 * MINUTE);
    await runDue(b.ctx);
    expect(sent).toEqual([]); // in flight on A
    clock.advance(2 * MINUTE);
    await runDue(b.ctx);
    await runDue(b.ctx);
    expect(sent).toEqual(['carla@example.org']);
    expect((await b.ctx.notifications.outbox())[0].status).toBe('sent');
  });

  it('a deadline and its reminder fire once with three nodes running the sender at the same moment', async () => {
    const clock = new TestClock('2026-12-02T12:00:00Z');
    const [a, b, c] = await nodes(3, { clock, notify: { minGapMs: 0 } });
    const g = await twoTeamGame(a);
    for (const c of [g.referee, g.soviet]) {
      const r = await c.call('PUT', '/api/me/notifications', { email: { on: true, address: `${c.name}@example.org` }, webhook: null, kinds: { turn: false, chat: false, deadline: true } });
      expect(r.status, r.text).toBe(200);
    }
    // The game waits on Boris (the Soviet mission rolls); the reminder comes 2 hours before the deadline.
    const set = await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { hours: 24, remindHours: 2, onExpiry: 'referee' });
    expect(set.status, set.text).toBe(200);
    let done = 0;
    for (const step of [22 * HOUR, 0, 2 * HOUR, 0, MINUTE]) {
      clock.advance(step);
      done += (await Promise.all([a, b, c].map((s) => s.ctx.deadlines.runDue()))).reduce((x, y) => x + y, 0);
    }
    expect(done).toBe(2);
    const items = (await a.ctx.notifications.outbox()).filter((r) => r.kind === 'deadline');
    expect(items.filter((r) => r.address === 'Boris@example.org' && r.subject.includes('deadline soon'))).toHaveLength(1);
    expect(items.filter((r) => r.address === 'Rita@example.org' && r.subject.includes('deadline passed'))).toHaveLength(1);
    expect(items.filter((r) => r.address === 'Boris@example.org' && r.subject.includes('a deadline in'))).toHaveLength(1); // told when it was set
    expect(items).toHaveLength(3);
    const jobs = await a.ctx.store.db.selectFrom('deadline_jobs').selectAll().where('game_id', '=', g.id).execute();
    expect(jobs.map((j) => j.kind).sort()).toEqual(['deadline', 'reminder']);
    expect(jobs.every((j) => j.done_at !== null)).toBe(true);
  });
});
