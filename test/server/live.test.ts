/**
 * Live updates (issue 9): a WebSocket per browser, a frame after every change with the events its
 * viewer may see, a reconnect that catches up from the last event seen, a frame when a rewind is
 * asked, who is here now, and no frames at all without a cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLIED, claim, createCampaign, invite, SOVIET, startServer, twoTeamGame, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ presenceGraceMs: 300 });
});
afterAll(() => server.close());

describe('the live WebSocket', () => {
  it('a frame after each change; a reconnect with after=SEQ gets exactly the events missed; a rewind asked is announced', async () => {
    const g = await twoTeamGame(server);
    const ann = await g.allied.live(g.id);
    const first = await ann.version(0);
    expect(first).toEqual({ type: 'events', version: 0, events: [], waitingFor: ['soviet:mediterranean', 'soviet:north-atlantic'] });
    let v = await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0);
    const f1 = await ann.version(v);
    expect(f1.events.map((e: { type: string }) => e.type)).toEqual(['roll', 'mission']);
    const last = f1.events.at(-1).seq;
    ann.close();
    v = await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:north-atlantic', values: [6] }, v);
    v = await g.allied.act(g.id, { type: 'buyShip', seat: 'allied:mediterranean', ship: 'uss-kidd' }, v);
    const again = await g.allied.live(g.id, { after: last });
    const caught = await again.version(v);
    expect(caught.events[0].seq).toBe(last + 1);
    expect(caught.events.map((e: { type: string }) => e.type)).toEqual(['roll', 'mission', 'order']);
    expect(caught.events.at(-1).text).toContain('USS Kidd'); // Ann's own order, hers to see
    const boris = await g.soviet.live(g.id, { after: last });
    expect((await boris.version(v)).events.map((e: { type: string }) => e.type)).toEqual(['roll', 'mission']); // not Ann's order
    await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0 });
    await boris.until((f) => f.type === 'rewind');
  });

  it('without a cookie the socket is told 401 and closed (4401)', async () => {
    const g = await twoTeamGame(server);
    const live = await server.person('anon').live(g.id);
    await expect(live.until(() => false, 3000)).rejects.toThrow(/4401/);
    expect(live.frames[0]).toMatchObject({ type: 'error', error: { code: 'no-session' } });
  });

  it('an after= that is not a whole number is told 400 and closed (4400), as the REST events route answers, not caught up from the start', async () => {
    const g = await twoTeamGame(server);
    for (const after of ['abc', '1.5', '']) {
      const live = await g.soviet.live(g.id, { after });
      await expect(live.until(() => false, 3000), after).rejects.toThrow(/4400/);
      expect(live.frames, after).toEqual([{ type: 'error', error: { code: 'bad-request', field: 'after', message: `after: an event seq (a whole number), not "${after}".` } }]);
    }
  });

  it("another site's page cannot open the socket with a player's cookie (4403); the server's own page can", async () => {
    const g = await twoTeamGame(server);
    const evil = await g.soviet.live(g.id, { origin: 'http://evil.example' });
    await expect(evil.until(() => false, 3000)).rejects.toThrow(/4403/);
    expect(evil.frames[0]).toMatchObject({ type: 'error', error: { code: 'other-origin' } });
    const own = await g.soviet.live(g.id, { origin: (await server.listen()) });
    expect(await own.version(0)).toMatchObject({ type: 'events', version: 0 });
  });

  it("who is here now: a player opening the game is announced to everyone on it at once and their page says so; leaving is announced after the grace, and a reload within it is not announced at all", async () => {
    const g = await twoTeamGame(server);
    const hereOf = async (who: typeof g.allied) => Object.fromEntries((await who.page(g.id)).seats.map((s: { seat: string; here: boolean }) => [s.seat, s.here]));
    expect(await hereOf(g.allied)).toEqual({ 'allied:mediterranean': true, 'allied:north-atlantic': true, 'soviet:mediterranean': false, 'soviet:north-atlantic': false }); // Ann asks: she is here
    const sam = await g.spectator.live(g.id);
    await sam.version(0);
    const ann = await g.allied.live(g.id);
    await ann.version(0);
    expect(await sam.until((f) => f.type === 'presence')).toEqual({ type: 'presence', seats: ALLIED, here: true }); // a spectator is told too: no secret
    const boris = await g.soviet.live(g.id);
    expect(await ann.until((f) => f.type === 'presence' && f.seats[0] === SOVIET[0])).toEqual({ type: 'presence', seats: SOVIET, here: true });
    expect(await hereOf(g.referee)).toEqual({ 'allied:mediterranean': true, 'allied:north-atlantic': true, 'soviet:mediterranean': true, 'soviet:north-atlantic': true });
    const second = await g.soviet.live(g.id); // a second tab: not news
    await second.version(0);
    second.close();
    boris.close();
    const away = await ann.until((f) => f.type === 'presence' && !f.here);
    expect(away).toEqual({ type: 'presence', seats: SOVIET, here: false });
    expect((await hereOf(g.allied))['soviet:mediterranean']).toBe(false);
    const sovietNews = () => ann.frames.filter((f) => f.type === 'presence' && f.seats[0] === SOVIET[0]).length;
    expect(sovietNews()).toBe(2); // here, then away: the second tab was not told
    const back = await g.soviet.live(g.id);
    await ann.until(() => sovietNews() === 3);
    back.close(); // a reload: closed and opened again within the grace
    const reloaded = await g.soviet.live(g.id);
    await reloaded.version(0);
    await new Promise((r) => setTimeout(r, 600));
    expect(sovietNews(), 'a reload is neither a leave nor an arrival').toBe(3);
    expect((await hereOf(g.allied))['soviet:mediterranean']).toBe(true);
    // The seats told are those held when it is told: Boris gives up one of his two, then leaves.
    expect((await g.soviet.call('DELETE', `/api/games/${g.id}/seats/soviet:north-atlantic`)).status).toBe(200);
    reloaded.close();
    await ann.until(() => sovietNews() === 4);
    expect(ann.frames.filter((f) => f.type === 'presence').at(-1)).toEqual({ type: 'presence', seats: ['soviet:mediterranean'], here: false });
    // Each holder has a number of the page, the same for all their seats (names may be alike).
    const bySeat = Object.fromEntries((await g.referee.page(g.id)).seats.map((s: { seat: string; person: number | null }) => [s.seat, s.person]));
    expect(bySeat['allied:mediterranean']).toBe(bySeat['allied:north-atlantic']);
    expect(bySeat['soviet:mediterranean']).not.toBe(bySeat['allied:mediterranean']);
    expect(bySeat['soviet:north-atlantic']).toBeNull(); // given up
  });

  it('a seat claimed is announced, so the referee sees who holds it without reloading', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const live = await rita.live(id);
    await live.version(0);
    await claim(server.person('Ann'), await invite(rita, id, 'seat', { seat: 'allied:mediterranean' }), ['allied:mediterranean']);
    await live.until((f) => f.type === 'seats');
    expect((await rita.page(id)).seats.find((s: { seat: string }) => s.seat === 'allied:mediterranean').holder).toBe('Ann');
  });
});
