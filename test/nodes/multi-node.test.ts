/**
 * Several server nodes on one PostgreSQL (issue 11): three `wardroom serve` processes on loopback,
 * one throwaway database, no sticky sessions (each person's requests go to whichever node the
 * test picks). Live updates cross nodes, the database orders actions, a lost listening connection
 * is caught up, a node killed with kill -9 loses no acknowledged action, and a browser whose node
 * died reconnects to another and misses nothing. Bounded: a few games, at most ~100 actions each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import type { Action } from '../../src/engine/module.ts';
import { Session, type GameRecord } from '../../src/engine/session.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { HttpClient, killAll, LiveSocket, serveNodes, spawnNode, type Node } from '../support/nodes.ts';
import { freshDatabase } from '../support/postgres.ts';
import { wardroom } from '../support/cli.ts';
import { exampleActions, TWO_ZONE_FORM } from '../support/server.ts';

const DATA = mkdtempSync(join(tmpdir(), 'wardroom-nodes-test-'));
let databaseUrl: string;
let nodes: Node[];
const actions = exampleActions();

beforeAll(async () => {
  databaseUrl = await freshDatabase(inject('postgresUrl'));
  // Every node sends due notifications five times a second: three senders racing for the outbox.
  // --allow-private-webhooks: the test's webhook receiver listens on loopback.
  nodes = await serveNodes(3, { data: DATA, databaseUrl, args: ['--tick', '0.2', '--allow-private-webhooks'] });
});
afterAll(async () => {
  await killAll();
  rmSync(DATA, { recursive: true, force: true });
});

/** The same person (their cookie) on another node. */
const on = (node: Node, person: HttpClient) => Object.assign(new HttpClient(node.url), { cookie: person.cookie });

/** A two-zone campaign: the referee on node 0, the Allied player on `allied`, the Soviet player on `soviet`. */
async function campaign(alliedNode: Node, sovietNode: Node, name = 'Rita', form: Record<string, unknown> = TWO_ZONE_FORM) {
  const referee = new HttpClient(nodes[0].url);
  const created = await referee.post('/api/games', { ...form, name });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const allied = new HttpClient(alliedNode.url);
  const soviet = new HttpClient(sovietNode.url);
  for (const [team, person, seats] of [
    ['allied', allied, ['allied:mediterranean', 'allied:north-atlantic']],
    ['soviet', soviet, ['soviet:mediterranean', 'soviet:north-atlantic']],
  ] as const) {
    const { token } = (await referee.post(`/api/games/${id}/invitations`, { kind: 'team', team })).body;
    expect((await person.post(`/api/invitations/${token}/claim`, { seats, name: team })).status).toBe(200);
  }
  const holder = (a: Action) => (a.seat.startsWith('allied') ? allied : soviet);
  return { id, referee, allied, soviet, holder };
}

/** Play actions [from, to) of the example, each by its seat's holder, each acknowledged. */
async function play(g: Awaited<ReturnType<typeof campaign>>, from: number, to: number): Promise<void> {
  for (let k = from; k < to; k++) {
    const r = await g.holder(actions[k]).post(`/api/games/${g.id}/actions`, { action: actions[k], seen: k });
    expect(r, `action #${k}`).toEqual({ status: 200, body: { version: k + 1 } });
  }
}

describe('several nodes on one PostgreSQL (issue 11)', () => {
  it('fan-out: a seat connected to node C sees, within a fraction of a second, each action made on node A', async () => {
    const g = await campaign(nodes[0], nodes[1]);
    const live = await LiveSocket.open(on(nodes[2], g.soviet), g.id);
    const delays: number[] = [];
    for (let k = 0; k < 10; k++) {
      const t0 = Date.now();
      await play(g, k, k + 1);
      await live.until(() => live.version > k, 2000);
      delays.push(Date.now() - t0);
    }
    // Every event the Soviet seat may see, once, in order: what a fresh connection is sent.
    const fresh = await LiveSocket.open(on(nodes[2], g.soviet), g.id);
    expect(live.events).toEqual(fresh.events);
    expect(Math.max(...delays)).toBeLessThan(1000);
    live.close();
    fresh.close();
  });

  it('who is here now crosses nodes: a player opening the game on node B is told to a player on node C; moving to node A within the grace is not told as a leave', async () => {
    const g = await campaign(nodes[0], nodes[1]);
    const ann = await LiveSocket.open(on(nodes[2], g.allied), g.id);
    const news = () => ann.frames.filter((f) => f.type === 'presence' && f.seats[0] === 'soviet:mediterranean');
    const boris = await LiveSocket.open(on(nodes[1], g.soviet), g.id);
    await ann.until(() => news().length === 1, 2000);
    expect(news()[0]).toEqual({ type: 'presence', seats: ['soviet:mediterranean', 'soviet:north-atlantic'], here: true });
    boris.close(); // node B's socket drops; the browser reconnects to node A
    const moved = await LiveSocket.open(on(nodes[0], g.soviet), g.id);
    await new Promise((r) => setTimeout(r, 6000)); // past the grace of 5 s
    expect(news().map((f) => f.here), 'told here again by node A, never away').toEqual([true, true]);
    const seats = (await on(nodes[2], g.allied).get(`/api/games/${g.id}`)).body.seats as { seat: string; here: boolean }[];
    expect(seats.find((s) => s.seat === 'soviet:mediterranean')!.here).toBe(true);
    moved.close();
    ann.close();
  });

  it('racing writers on three nodes: exactly one winner per sequence number, no gaps, every loser told the new version', async () => {
    const g = await campaign(nodes[0], nodes[1]);
    // The same person (one cookie) on three nodes at once, each sending the next action at the same version.
    const racers = nodes.map((n) => on(n, g.allied));
    const sovietRacers = nodes.map((n) => on(n, g.soviet));
    for (let k = 0; k < 30; k++) {
      const who = actions[k].seat.startsWith('allied') ? racers : sovietRacers;
      const answers = await Promise.all(who.map((c) => c.post(`/api/games/${g.id}/actions`, { action: actions[k], seen: k })));
      const won = answers.filter((a) => a.status === 200);
      expect(won, `sequence ${k}: ${JSON.stringify(answers)}`).toEqual([{ status: 200, body: { version: k + 1 } }]);
      for (const a of answers.filter((a) => a.status !== 200)) {
        expect(a.status).toBe(409);
        expect(a.body.error).toMatchObject({ code: 'conflict', version: k + 1 });
      }
    }
    const file = (await g.referee.get(`/api/games/${g.id}/export`)).body as GameRecord;
    expect(file.log).toEqual(actions.slice(0, 30));
  });

  it('simultaneous secret commitments of a zone on two nodes: both kept (the loser retries at the new version), revealed exactly once', async () => {
    const g = await campaign(nodes[0], nodes[1]);
    await play(g, 0, 48);
    // actions[48] is the Allied commitment in the Mediterranean, [49] the Soviet one (exampleActions).
    const commit = async (k: number) => {
      for (let seen = 48; seen <= 49; seen++) {
        const r = await g.holder(actions[k]).post(`/api/games/${g.id}/actions`, { action: actions[k], seen });
        if (r.status === 200) return r.body.version as number;
        expect(r.status).toBe(409);
      }
      throw new Error(`commitment ${k} never stored`);
    };
    const versions = await Promise.all([commit(48), commit(49)]);
    expect(versions.sort()).toEqual([49, 50]);
    const log = (await g.referee.get(`/api/games/${g.id}/log`)).body.events as { type: string; zone?: string }[];
    const file = (await g.referee.get(`/api/games/${g.id}/export`)).body as GameRecord;
    expect(file.log.slice(48).map((a) => a.seat).sort()).toEqual([actions[48].seat, actions[49].seat].sort());
    expect(log.filter((e) => e.type === 'reveal' && e.zone === 'mediterranean')).toHaveLength(1);
  });

  it('an action on node B at the same moment as the referee moves the campaign to the table on node C: in the file, or refused (423), never accepted and missing', async () => {
    for (let round = 0; round < 8; round++) {
      const g = await campaign(nodes[0], nodes[1], 'Rita', { ...TWO_ZONE_FORM, dice: 'seeded' });
      const roll = { type: 'rollMission', seat: 'soviet:mediterranean' };
      const act = () => g.soviet.post(`/api/games/${g.id}/actions`, { action: roll, seen: 0 });
      const move = () => on(nodes[2], g.referee).post(`/api/games/${g.id}/to-table`, {});
      const [played, moved] = round % 2 ? await Promise.all([act(), move()]) : (await Promise.all([move(), act()])).reverse();
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect([200, 423], JSON.stringify(played.body)).toContain(played.status);
      expect((moved.body as GameRecord).log, `round ${round}: the action got ${played.status}`).toHaveLength(played.status === 200 ? 1 : 0);
    }
  });

  it('an undo on node B at the same moment as the move to the table, and an action at the same moment as a pause: each is stored and answered 200, or refused (423) and not stored', async () => {
    for (let round = 0; round < 6; round++) {
      const g = await campaign(nodes[0], nodes[1], 'Rita', { ...TWO_ZONE_FORM, dice: 'seeded' });
      expect((await g.soviet.post(`/api/games/${g.id}/actions`, { action: { type: 'rollMission', seat: 'soviet:mediterranean' }, seen: 0 })).status).toBe(200);
      const order = await g.allied.post(`/api/games/${g.id}/actions`, { action: { type: 'buyShip', seat: 'allied:mediterranean', ship: 'uss-kidd' }, seen: 1 });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const referee = on(nodes[2], g.referee);
      const change =
        round < 3
          ? () => g.allied.post(`/api/games/${g.id}/undo`, { seat: 'allied:mediterranean', seen: 2 })
          : () => g.soviet.post(`/api/games/${g.id}/actions`, { action: { type: 'buyShip', seat: 'soviet:mediterranean', ship: 'kirov' }, seen: 2 });
      const hold = round < 3 ? () => referee.post(`/api/games/${g.id}/to-table`, {}) : () => referee.post(`/api/games/${g.id}/pause`, {});
      const [changed, held] = round % 2 ? await Promise.all([change(), hold()]) : (await Promise.all([hold(), change()])).reverse();
      expect(held.status, JSON.stringify(held.body)).toBe(200);
      expect([200, 423], JSON.stringify(changed.body)).toContain(changed.status);
      const stored = (await referee.get(`/api/games/${g.id}`)).body.game.version as number;
      expect(stored, `round ${round}: answered ${changed.status}`).toBe(changed.status === 200 ? 3 : 2);
      if (round < 3) expect((held.body as GameRecord).log).toHaveLength(stored);
    }
  });

  it('a node whose listening connection is killed listens again and catches up: its seats miss nothing', async () => {
    const g = await campaign(nodes[0], nodes[2]);
    const watcher = on(nodes[1], g.soviet);
    const live = await LiveSocket.open(watcher, g.id);
    await play(g, 0, 2);
    await live.until(() => live.version === 2);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'wardroom-listen node-b'`);
      expect(killed.rowCount).toBe(1);
      // Actions while node B is not listening: it cannot hear of them, and must catch up.
      const ready = fetch(`${nodes[1].url}/api/ready`).then((r) => r.json());
      await play(g, 2, 6);
      // The catch-up's events come first, then the resync notice (LiveHub.resync): wait for both.
      await live.until(() => live.version === 6 && live.frames.some((f) => f.type === 'resync'), 10_000);
      const back = await admin.query(`select count(*)::int as n from pg_stat_activity where application_name = 'wardroom-listen node-b'`);
      expect(back.rows[0].n).toBe(1);
      // Meanwhile its readiness said so (a balancer sends new browsers elsewhere); now it is ready again.
      const then = await ready;
      if (then.error) expect(then.error.notReady).toEqual(['live-updates']);
      expect(await (await fetch(`${nodes[1].url}/api/ready`)).json()).toEqual({ status: 'ready' });
    } finally {
      await admin.end();
    }
    // And it hears live again.
    await play(g, 6, 7);
    await live.until(() => live.version === 7, 2000);
    const fresh = await LiveSocket.open(watcher, g.id);
    expect(live.events).toEqual(fresh.events);
    live.close();
    fresh.close();
  });

  it('a node started on a port another node holds exits (code 2, one line) and leaves no connection to the database behind, so a supervisor sees the failure', async () => {
    const busy = await spawnNode({ data: DATA, databaseUrl, port: Number(new URL(nodes[0].url).port) }, 'node-busy');
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 15_000);
      busy.child.once('exit', (c) => (clearTimeout(timer), resolve(c)));
    });
    expect(code, busy.out).toBe(2);
    expect(busy.out).toMatch(/^Cannot listen on 127\.0\.0\.1:\d+: .*EADDRINUSE/m);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      expect((await admin.query(`select count(*)::int as n from pg_stat_activity where application_name = 'wardroom-listen node-busy'`)).rows[0].n).toBe(0);
    } finally {
      await admin.end();
    }
  });

  it('wardroom restore into the database the nodes run on is refused, naming the nodes (a move checks its target alike): a running node would write after the restored log and break the campaign', async () => {
    const g = await campaign(nodes[0], nodes[1]);
    await play(g, 0, 3);
    const file = join(DATA, 'backup.json');
    expect((await wardroom(['backup', '--database', databaseUrl, '--out', file, '--game', g.id])).code).toBe(0);
    await play(g, 3, 5);
    const r = await wardroom(['restore', file, '--database', databaseUrl, '--replace']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Nothing was restored: wardroom serve is running on .* \(nodes node-a, node-b, node-c\)\. Stop every node first/);
    const held = await on(nodes[2], g.referee).get(`/api/games/${g.id}`);
    expect(held.body.game.version).toBe(5); // nothing restored
  });

  it('notifications with three nodes sending: each is delivered exactly once, and one message per address in the rate gap', async () => {
    // A webhook receiver on loopback: every POST kept, by address.
    const posts = new Map<string, { items: unknown[] }[]>();
    const sink = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        posts.set(req.url!, [...(posts.get(req.url!) ?? []), JSON.parse(body)]);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(sink.address() as { port: number }).port}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // Three games; each player opts in to a webhook of their own and keeps no page open, so every new turn of theirs is a notification.
      const games = [];
      for (let i = 0; i < 3; i++) {
        const g = await campaign(nodes[i], nodes[(i + 1) % 3], `Notified ${i}`);
        for (const [team, person] of [['allied', g.allied], ['soviet', g.soviet]] as const) {
          const r = await person.call('PUT', '/api/me/notifications', { email: { on: false, address: null }, webhook: `${hook}/${i}-${team}`, kinds: { turn: true, chat: true, deadline: true } });
          expect(r.status).toBe(200);
        }
        games.push(g);
      }
      await Promise.all(games.map((g) => play(g, 0, 12)));
      // Drained: nothing due is left unsent (items after an address's message wait for the 5-minute gap), and the senders had time to send twice.
      const due = async () => (await admin.query(`select count(*)::int as n from notification_outbox where status = 'sending' or (status = 'pending' and due_at <= $1)`, [new Date().toISOString()])).rows[0].n;
      const t0 = Date.now();
      while ((await due()) > 0 && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 50));
      expect(await due()).toBe(0);
      await new Promise((r) => setTimeout(r, 1000));
      const sent = (await admin.query(`select address, count(*)::int as n from notification_outbox where status = 'sent' group by address`)).rows as { address: string; n: number }[];
      expect(sent.length).toBeGreaterThanOrEqual(4);
      for (const { address, n } of sent) {
        const got = posts.get(address.slice(hook.length)) ?? [];
        expect(got, address).toHaveLength(1); // one message per address within the rate gap, never a second copy
        expect(got[0].items, address).toHaveLength(n); // every item claimed and sent, in that one message
      }
      expect([...posts.keys()].length).toBe(sent.length);
    } finally {
      await admin.end();
      sink.close();
    }
  });

  // Last: it leaves node B dead.
  it('kill -9 of a node under load: no acknowledged action is lost; its browsers reconnect to another node and miss nothing', async () => {
    // Four games, each played by two people spread over the three nodes; a browser of each game on node B.
    const games: Awaited<ReturnType<typeof campaign>>[] = [];
    for (let i = 0; i < 4; i++) games.push(await campaign(nodes[i % 3], nodes[(i + 1) % 3], `Load ${i}`));
    const watchers = await Promise.all(games.map((g) => LiveSocket.open(on(nodes[1], g.soviet), g.id)));
    const acked = games.map(() => 0);
    const failures: string[] = [];
    let stop = false;
    const drive = async (i: number) => {
      const g = games[i];
      for (let k = 0; k < 80 && !stop; k++) {
        const client = g.holder(actions[k]);
        for (;;) {
          try {
            const r = await client.post(`/api/games/${g.id}/actions`, { action: actions[k], seen: k });
            if (r.status === 200) break;
            // Sent to a node that died after storing it: the retry finds it stored.
            if (r.status === 409 && r.body.error.version === k + 1) break;
            failures.push(`${g.id} #${k}: ${r.status} ${JSON.stringify(r.body)}`);
            return;
          } catch {
            // The node is gone (connection refused or reset): the person's browser goes to another node.
            if (client.url === nodes[1].url) client.base = nodes[2].url;
            else return void failures.push(`${g.id} #${k}: ${client.url} failed`);
          }
        }
        acked[i] = k + 1;
      }
    };
    const drivers = games.map((_, i) => drive(i));
    const t0 = Date.now();
    while (acked.reduce((a, b) => a + b) < 120 && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 5));
    await nodes[1].kill('SIGKILL');
    await Promise.all(drivers);
    stop = true;
    expect(failures).toEqual([]);
    const referee = new HttpClient(nodes[0].url);
    for (const [i, g] of games.entries()) {
      referee.cookie = g.referee.cookie;
      const file = (await referee.get(`/api/games/${g.id}/export`)).body as GameRecord;
      expect(file.log.length).toBeGreaterThanOrEqual(acked[i]);
      expect(file.log).toEqual(actions.slice(0, file.log.length));
      expect(isRuleError(Session.open(cwnb, file))).toBe(false);
      // The browser that was on node B reconnects to node C, asking for what follows its last event.
      const seen = watchers[i].events;
      const last = seen.length ? seen[seen.length - 1].seq : -1;
      const again = await LiveSocket.open(on(nodes[2], g.soviet), g.id, { after: String(last) });
      const all = [...seen, ...again.events];
      const fresh = await LiveSocket.open(on(nodes[2], g.soviet), g.id);
      expect(all).toEqual(fresh.events);
      again.close();
      fresh.close();
    }
  }, 90_000);
});
