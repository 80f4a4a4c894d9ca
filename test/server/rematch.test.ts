/**
 * A rematch (issue 10, "A rematch that starts a new campaign with the same people and options"):
 * the referee starts it; it has the same module and options, a fresh seed (a new dice
 * commitment), the same people in the same seats; every member is told over the WebSocket and
 * finds it in their list and on the old game's page; anyone else is refused, and nothing is made.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLIED, SOVIET, example, twoTeamGame, type TestServer } from '../support/server.ts';
import { startServer } from '../support/server.ts';
import { startSmtpSink } from '../support/sinks.ts';
import { runDue } from '../../src/adapters/server/app.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ mailer: smtp.mailer, notify: { minGapMs: 0 } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const gameIds = async (c: { get(url: string): Promise<{ body: any }> }) => ((await c.get('/api/me')).body.games as { id: string }[]).map((g) => g.id);

describe('rematch (issue 10)', () => {
  it('copies the people, their seats and the options, with a fresh seed; every member is told live and finds the new campaign', async () => {
    const g = await twoTeamGame(server);
    const [annLive, borisLive, samLive] = await Promise.all([g.allied.live(g.id), g.soviet.live(g.id), g.spectator.live(g.id)]);

    const r = await g.referee.post(`/api/games/${g.id}/rematch`);
    expect(r.status, r.text).toBe(201);
    const next = r.body.id as string;
    expect(next).not.toBe(g.id);

    // Told over the live socket, each of them.
    for (const live of [annLive, borisLive, samLive]) expect(await live.until((f) => f.type === 'rematch')).toEqual({ type: 'rematch', id: next });

    // The same people, in the same seats; the referee stays referee, the spectator spectates.
    const ann = await g.allied.page(next);
    expect(ann.me).toMatchObject({ referee: false, spectator: false, seats: ALLIED });
    expect((await g.soviet.page(next)).me).toMatchObject({ referee: false, seats: SOVIET });
    expect((await g.spectator.page(next)).me).toMatchObject({ spectator: true, seats: [] });
    expect((await g.referee.page(next)).me).toMatchObject({ referee: true, seats: [] });
    expect(ann.seats.map((s: { seat: string; holder: string }) => [s.seat, s.holder])).toEqual((await g.allied.page(g.id)).seats.map((s: { seat: string; holder: string }) => [s.seat, s.holder]));

    // The same options; a new seed, so a new commitment; a new game at its start.
    const [oldFile, newFile] = [(await g.referee.get(`/api/games/${g.id}/export`)).body, (await g.referee.get(`/api/games/${next}/export`)).body];
    expect(newFile.module).toBe(oldFile.module);
    expect(newFile.options).toEqual(oldFile.options);
    expect(newFile.seedCommitment).not.toBe(oldFile.seedCommitment);
    expect(ann.game).toMatchObject({ version: 0, over: false, seed: null });
    expect(ann.game.title).toMatch(/^Rematch: /);

    // The link both ways, and the new game in everyone's list.
    expect((await g.soviet.page(g.id)).links).toEqual({ rematch: next, rematchOf: null });
    expect(ann.links).toEqual({ rematch: null, rematchOf: g.id });
    for (const c of [g.referee, g.allied, g.soviet, g.spectator]) expect(await gameIds(c)).toContain(next);
    const summary = ((await g.allied.get('/api/me')).body.games as { id: string; rematch: string | null }[]).find((s) => s.id === g.id);
    expect(summary?.rematch).toBe(next);

    // The new campaign is played in its seats: Ann acts for an Allied seat of it.
    const waiting = ann.waitingFor as string[];
    expect(waiting.length).toBeGreaterThan(0);
    const seat = waiting[0];
    const actor = ALLIED.includes(seat) ? g.allied : g.soviet;
    const offered = (await actor.page(next, seat)).actions[seat];
    expect(offered.length).toBeGreaterThan(0);
    const r2 = await actor.submit(next, { type: offered[0].type, seat }, 0);
    expect(r2.status === 200 || r2.body.error.code !== 'not-your-seat', r2.text).toBe(true);
    expect((await g.referee.post(`/api/games/${next}/actions`, { action: { type: offered[0].type, seat }, seen: 0 })).body.error.code).toBe('not-your-seat');

    // A second rematch of the same campaign is refused, naming the one there is.
    const again = await g.referee.post(`/api/games/${g.id}/rematch`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'rematch-exists', rematch: next });
  });

  it('whoever the rematch waits on, and is not on its page, is told it is their turn', async () => {
    const g = await twoTeamGame(server);
    const on = { email: { on: true, address: 'boris-rematch@example.org' }, webhook: null, kinds: { turn: true, chat: false, deadline: false } };
    expect((await g.soviet.call('PUT', '/api/me/notifications', on)).status).toBe(200);
    const r = await g.referee.post(`/api/games/${g.id}/rematch`);
    await server.ctx.notifications.idle();
    await runDue(server.ctx);
    const waiting: string[] = (await g.referee.page(r.body.id)).waitingFor;
    expect(waiting.some((s) => SOVIET.includes(s))).toBe(true); // the Soviet player rolls a mission (6.A)
    const told = smtp.mails.filter((m) => m.to.includes('boris-rematch@example.org'));
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/^Wardroom: your turn in “Rematch: /)]);
    expect(told[0].text).toContain(`/g/${r.body.id}`);
  });

  it('is refused to a player, a spectator and a stranger (typed, nothing created)', async () => {
    const g = await twoTeamGame(server);
    const stranger = server.person('Eve');
    await stranger.post('/api/demo', { name: 'Eve' }); // signed in, but not in this campaign
    const before = await Promise.all([g.allied, g.spectator, stranger].map(gameIds));
    for (const [who, code] of [
      [g.allied, 'not-referee'],
      [g.spectator, 'not-referee'],
      [stranger, 'not-a-member'],
    ] as const) {
      const r = await who.post(`/api/games/${g.id}/rematch`);
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.message).toMatch(/referee|seat/);
    }
    expect(await Promise.all([g.allied, g.spectator, stranger].map(gameIds))).toEqual(before);
    expect((await g.allied.page(g.id)).links).toEqual({ rematch: null, rematchOf: null });
    const nobody = server.person('Nobody');
    expect((await nobody.post(`/api/games/${g.id}/rematch`)).status).toBe(401);
  });

  it('a finished campaign (examples/cwnb/two-zone.json, imported) gets a fresh campaign at its start with the same options and a new seed', async () => {
    const referee = server.person('Rita');
    const file = example('two-zone.json');
    const imported = await referee.post('/api/import', { file: JSON.stringify(file), title: 'Played at the table' });
    expect(imported.status).toBe(201);
    const old = await referee.page(imported.body.id);
    expect(old.game.over).toBe(true);
    const r = await referee.post(`/api/games/${imported.body.id}/rematch`);
    expect(r.status).toBe(201);
    const fresh = await referee.page(r.body.id);
    expect(fresh.game).toMatchObject({ over: false, version: 0, seed: null, title: 'Rematch: Played at the table', seedImported: false }); // a seed of the server's own
    expect(fresh.game.seedCommitment).not.toBe(file.seedCommitment);
    const exported = (await referee.get(`/api/games/${r.body.id}/export`)).body;
    expect(exported.options).toEqual(file.options);
    expect(exported.log).toEqual([]);
    // Its file imported again (played at the table, brought back) is a campaign of its own: no link to the campaign it came from.
    expect(exported.rematchOf).toBe(imported.body.id);
    const back = await referee.post('/api/import', { file: JSON.stringify(exported), title: 'Back from the table' });
    expect((await referee.page(back.body.id)).links).toEqual({ rematch: null, rematchOf: null });
  });

  it('with sides swapped, each player takes the same War Zone on the other side and the names the game keeps follow them; a game without two sides (SMP) is refused, nothing made', async () => {
    const g = await twoTeamGame(server);
    expect((await g.referee.page(g.id)).game.sidesSwappable).toBe(true);
    const r = await g.referee.post(`/api/games/${g.id}/rematch`, { swap: true });
    expect(r.status, r.text).toBe(201);
    const next = r.body.id as string;
    expect((await g.allied.page(next)).me.seats).toEqual(SOVIET); // Ann played Allied: now the Soviet seats of the same zones
    expect((await g.soviet.page(next)).me.seats).toEqual(ALLIED);
    expect((await g.spectator.page(next)).me).toMatchObject({ spectator: true, seats: [] });
    const page = await g.referee.page(next);
    expect(page.game.title).toMatch(/^Rematch \(sides swapped\): /);
    const holder = (seat: string) => page.seats.find((s: { seat: string }) => s.seat === seat).holder;
    const old = await g.referee.page(g.id);
    const oldHolder = (seat: string) => old.seats.find((s: { seat: string }) => s.seat === seat).holder;
    expect(holder(SOVIET[0])).toBe(oldHolder(ALLIED[0]));
    const players = (await g.referee.get(`/api/games/${next}/export`)).body.options.players as Record<string, string>;
    expect(players[SOVIET[0]]).toBe(oldHolder(ALLIED[0]));
    expect(players[ALLIED[0]]).toBe(oldHolder(SOVIET[0]));

    const rita = server.person('Rita');
    const smp = await rita.post('/api/games', { module: 'smp', name: 'Rita', title: 'SMP', scenario: { fileName: 'demo-1940.json', text: readFileSync(new URL('../../examples/smp/demo-1940.json', import.meta.url), 'utf8') } });
    if (smp.status === 201) {
      expect((await rita.page(smp.body.id)).game.sidesSwappable).toBe(false);
      const before = await gameIds(rita);
      const refused = await rita.post(`/api/games/${smp.body.id}/rematch`, { swap: true });
      expect([refused.status, refused.body.error.code]).toEqual([422, 'no-sides']);
      expect(await gameIds(rita)).toEqual(before);
    } else throw new Error(`an SMP game could not be made for the test: ${smp.text}`);
  });

  it('a rematch of a rematch is numbered, so that the home page tells them apart: "Rematch: X", "Rematch 2: X", "Rematch 3: X"', async () => {
    const referee = server.person('Rita');
    const imported = await referee.post('/api/import', { file: JSON.stringify(example('two-zone.json')), title: 'Baltic cup' });
    let id = imported.body.id as string;
    const titles: string[] = [];
    for (let i = 0; i < 3; i++) {
      id = (await referee.post(`/api/games/${id}/rematch`)).body.id;
      titles.push((await referee.page(id)).game.title);
    }
    expect(titles).toEqual(['Rematch: Baltic cup', 'Rematch 2: Baltic cup', 'Rematch 3: Baltic cup']);
  });
});
