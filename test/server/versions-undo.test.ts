/**
 * Actions online (issue 9): every submission names the version it was made against, the
 * database decides between two at once, a rules refusal stores nothing; undo under the engine's
 * rules (free until a die from the seed or a reveal) and rewinds by agreement asked of the other
 * seat, or granted by the referee alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, TWO_ZONE_FORM, twoTeamGame, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const roll = (zone: string, value = 1) => ({ type: 'rollMission', seat: `soviet:${zone}`, values: [value] });
const buy = (ship: string, seat = 'allied:mediterranean') => ({ type: 'buyShip', seat, ship });

describe('versions', () => {
  it('two submissions at the same version: one is stored (200), the other gets 409 with the current version, and its retry works', async () => {
    const g = await twoTeamGame(server);
    const [a, b] = await Promise.all([g.soviet.submit(g.id, roll('mediterranean'), 0), g.soviet.submit(g.id, roll('north-atlantic', 6), 0)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body.error).toMatchObject({ code: 'conflict', version: 1 });
    expect(lost.body.error.message).toMatch(/moved on/);
    const page = await g.referee.page(g.id);
    expect(page.game.version).toBe(1);
    // The retry at the version the conflict named is stored.
    const retry = a.status === 409 ? roll('mediterranean') : roll('north-atlantic', 6);
    expect((await g.soviet.submit(g.id, retry, lost.body.error.version)).body).toEqual({ version: 2 });
    expect((await g.referee.page(g.id)).view.zones.every((z: { mission: unknown }) => z.mission)).toBe(true);
  });

  it('a version the game never had (ahead of it) is 409 saying so, with the current version; nothing changes', async () => {
    const g = await twoTeamGame(server);
    const r = await g.soviet.submit(g.id, roll('mediterranean'), 50);
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'conflict', version: 0, message: 'There is no version 50 of this game: it is at version 0. Look again and resubmit.' });
    expect((await g.referee.page(g.id)).game.version).toBe(0);
  });

  it('events after a sequence number that is not a number: 400 naming the field', async () => {
    const g = await twoTeamGame(server);
    for (const after of ['abc', '', '1e3', '0x10', '2.0']) {
      const r = await g.soviet.get(`/api/games/${g.id}/events?after=${after}`);
      expect([r.status, r.body.error?.message], after).toEqual([400, `after: an event seq (a whole number), not "${after}".`]);
    }
  });

  it('a stale version is 409 and changes nothing', async () => {
    const g = await twoTeamGame(server);
    await g.soviet.act(g.id, roll('mediterranean'), 0);
    const r = await g.soviet.submit(g.id, roll('north-atlantic'), 0);
    expect(r.status).toBe(409);
    expect(r.body.error.version).toBe(1);
    expect((await g.referee.page(g.id)).game.version).toBe(1);
  });

  it('a field the action does not have is refused (422 naming it) and never kept in the game file: 6.A the mission die is the server\'s', async () => {
    const g = await twoTeamGame(server);
    const r = await g.soviet.submit(g.id, { ...roll('mediterranean'), die: 6 }, 0);
    expect([r.status, r.body.error.code, r.body.error.message]).toEqual([422, 'bad-field', '"die" is not a field of rollMission now (Roll the mission die (d6) for Mediterranean; its fields: values).']);
    expect((await g.referee.page(g.id)).game.version).toBe(0);
    await g.soviet.act(g.id, roll('mediterranean'), 0);
    expect((await g.referee.get(`/api/games/${g.id}/export`)).body.log).toEqual([{ type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }]);
  });

  it('6.C.2 a rules refusal is 422 with the engine\'s message and rule, and nothing is stored (version unchanged)', async () => {
    const g = await twoTeamGame(server);
    await g.soviet.act(g.id, roll('mediterranean'), 0);
    await g.soviet.act(g.id, roll('north-atlantic', 6), 1);
    const r = await g.soviet.submit(g.id, buy('uss-kidd', 'soviet:mediterranean'), 2);
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'wrong-side', message: 'USS Kidd is on the Allied side.', rule: '6.C.2' });
    const page = await g.referee.page(g.id);
    expect(page.game.version).toBe(2);
    expect(page.view.zones[0].players.soviet.order.ships).toEqual([]);
  });
});

describe('undo: free until a die from the seed or a reveal (the engine\'s rules)', () => {
  it('an order is taken back at once; the log shows it; a mission rolled by the server\'s dice cannot be taken back (422)', async () => {
    const g = await twoTeamGame(server, { ...TWO_ZONE_FORM, dice: 'seeded' });
    let v = await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:mediterranean' }, 0);
    const refused = await g.soviet.post(`/api/games/${g.id}/undo`, { seat: 'soviet:mediterranean', seen: v });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('undo-not-allowed');
    expect(refused.body.error.message).toMatch(/rolled a die from the seed/);
    expect((await g.soviet.page(g.id)).undoable['soviet:mediterranean']).toBe(0); // the page offers no Undo
    v = await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:north-atlantic' }, v);
    v = await g.allied.act(g.id, buy('uss-kidd'), v);
    expect((await g.allied.page(g.id)).undoable).toEqual({ 'allied:mediterranean': 1, 'allied:north-atlantic': 0 });
    const undo = await g.allied.post(`/api/games/${g.id}/undo`, { seat: 'allied:mediterranean', seen: v });
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({ version: v + 1, undone: 1 });
    const page = await g.allied.page(g.id);
    expect(page.view.zones[0].players.allied.order.ships).toEqual([]);
    const log = (await g.soviet.get(`/api/games/${g.id}/log`)).body.events;
    expect(log.at(-1)).toMatchObject({ type: 'undo', text: 'Allied, Mediterranean takes back 1 action.' });
    expect(JSON.stringify(log)).not.toContain('uss-kidd'); // what was taken back stays the Allied team's
  });

  it('6.C.2 once the purchases are carried out (a reveal), the last order cannot be taken back', async () => {
    const g = await twoTeamGame(server);
    let v = await g.soviet.act(g.id, roll('mediterranean'), 0);
    v = await g.soviet.act(g.id, roll('north-atlantic', 6), v);
    v = await g.allied.act(g.id, buy('uss-kidd'), v);
    for (const seat of ['allied:mediterranean', 'allied:north-atlantic', 'soviet:mediterranean', 'soviet:north-atlantic']) v = await g.holder(seat).act(g.id, { type: 'donePurchasing', seat }, v);
    const r = await g.soviet.post(`/api/games/${g.id}/undo`, { seat: 'soviet:north-atlantic', seen: v });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toMatch(/revealed what was secret until then/);
    expect((await g.referee.page(g.id)).game.version).toBe(v);
  });

  it('6.C.2 a secret order is taken back although the other player of the War Zone ordered since: orders are made at the same time', async () => {
    const g = await twoTeamGame(server);
    let v = await g.soviet.act(g.id, roll('mediterranean'), 0);
    v = await g.soviet.act(g.id, buy('kirov', 'soviet:mediterranean'), v);
    v = await g.allied.act(g.id, buy('uss-nimitz'), v);
    const r = await g.soviet.post(`/api/games/${g.id}/undo`, { seat: 'soviet:mediterranean', seen: v });
    expect([r.status, r.body]).toEqual([200, { version: v + 1, undone: 1 }]);
    const zone = (await g.referee.page(g.id)).view.zones[0];
    expect([zone.players.soviet.order.ships, zone.players.allied.order.ships]).toEqual([[], ['uss-nimitz']]);
  });

  it('undo of a seat the cookie does not hold is 403', async () => {
    const g = await twoTeamGame(server);
    const v = await g.soviet.act(g.id, roll('mediterranean'), 0);
    expect((await g.allied.post(`/api/games/${g.id}/undo`, { seat: 'soviet:mediterranean', seen: v })).status).toBe(403);
  });
});

describe('rewinds by agreement', () => {
  /** A game where Ann has ordered two ships in the Mediterranean; the version. */
  async function ordered() {
    const g = await twoTeamGame(server);
    let v = await g.soviet.act(g.id, roll('mediterranean'), 0);
    v = await g.soviet.act(g.id, roll('north-atlantic', 6), v);
    v = await g.allied.act(g.id, buy('uss-kidd'), v);
    v = await g.allied.act(g.id, buy('uss-spruance'), v);
    v = await g.allied.act(g.id, { type: 'donePurchasing', seat: 'allied:mediterranean' }, v);
    return { ...g, v };
  }

  it('§4 the rewind floor: with physical dice and nothing revealed the War Zone goes back to its start (-1); a scope is required; players and the referee only', async () => {
    const g = await ordered();
    expect((await g.allied.get(`/api/games/${g.id}/rewind-floor?scope=zone:mediterranean`)).body).toEqual({ scope: 'zone:mediterranean', floor: -1 });
    expect((await g.spectator.get(`/api/games/${g.id}/rewind-floor?scope=zone:mediterranean`)).status).toBe(403); // asked only by those who may ask for a rewind
    expect((await g.allied.get(`/api/games/${g.id}/rewind-floor`)).status).toBe(400);
    expect((await server.person('Eve').get(`/api/games/${g.id}/rewind-floor?scope=zone:mediterranean`)).status).toBe(401); // signed out
  });

  it('asked by the Allied seat and agreed by the Soviet seat of the War Zone: done, and the log shows who agreed', async () => {
    const g = await ordered();
    const bare = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'mediterranean', to: 0 });
    expect([bare.status, bare.body.error.message]).toEqual([422, '"mediterranean" is not a part of the game your seat allied:mediterranean plays: ask for "zone:mediterranean".']);
    const ask = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0 });
    expect(ask.status).toBe(201);
    const open = (await g.soviet.page(g.id)).rewinds;
    // What it would take back, as the Soviet player may be told of it: the Allied orders are secret (6.C.2), and so is how many items they are; finishing them is not.
    const takesBack = ['What the Allied team did that you may not see.', 'Mediterranean: Allied has finished ordering.'];
    // Where it goes back to is named by its log line, which the page shows (not by an index no page shows).
    const after = 'just after action #0 of Soviet, Mediterranean (“Mission roll, Mediterranean, turn 1: 1”)';
    expect(open).toEqual([{ id: ask.body.id, seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0, after, agreed: ['allied:mediterranean'], needed: ['soviet:mediterranean'], takesBack }]);
    expect((await g.allied.page(g.id)).rewinds[0].takesBack).toEqual(['Mediterranean: Allied orders USS Kidd for 10.', 'Mediterranean: Allied orders USS Spruance for 9.', 'Mediterranean: Allied has finished ordering (19 points).']);
    // Only the seat asked may answer.
    expect((await g.soviet.post(`/api/games/${g.id}/rewinds/${ask.body.id}`, { seat: 'soviet:north-atlantic', agree: true })).status).toBe(403);
    const noSeat = await g.soviet.post(`/api/games/${g.id}/rewinds/${ask.body.id}`, { agree: true });
    expect([noSeat.status, noSeat.body.error.message]).toEqual([400, 'seat: say which of your seats answers (soviet:mediterranean, soviet:north-atlantic).']);
    const r = await g.soviet.post(`/api/games/${g.id}/rewinds/${ask.body.id}`, { seat: 'soviet:mediterranean', agree: true });
    expect(r.body).toEqual({ done: true });
    const page = await g.allied.page(g.id);
    expect(page.game.version).toBe(g.v + 1);
    expect(page.rewinds).toEqual([]);
    expect(page.view.zones[0].players.allied.order).toMatchObject({ ships: [], done: false });
    const log = (await g.soviet.get(`/api/games/${g.id}/log`)).body.events;
    expect(log.at(-1)).toMatchObject({ type: 'rewind', agreed: ['allied:mediterranean', 'soviet:mediterranean'] });
    expect(log.at(-1).text).toMatch(/rewound to after action #0, agreed by Allied, Mediterranean and Soviet, Mediterranean: 3 actions taken back/);
  });

  it('agreed while the referee has paused the campaign: refused (423) like an action, and so is an undo; the request waits, and is done after the resume', async () => {
    const g = await ordered();
    const ask = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0 });
    expect((await g.referee.post(`/api/games/${g.id}/pause`, {})).status).toBe(200);
    const agree = () => g.soviet.post(`/api/games/${g.id}/rewinds/${ask.body.id}`, { seat: 'soviet:mediterranean', agree: true });
    const paused = await agree();
    expect(paused.status).toBe(423);
    expect(paused.body.error.code).toBe('campaign-paused');
    const undo = await g.allied.post(`/api/games/${g.id}/undo`, { seat: 'allied:mediterranean', seen: g.v });
    expect([undo.status, undo.body.error.code]).toEqual([423, 'campaign-paused']);
    const page = await g.allied.page(g.id);
    expect(page.game.version).toBe(g.v);
    expect(page.rewinds).toHaveLength(1);
    expect((await g.referee.post(`/api/games/${g.id}/resume`, {})).status).toBe(200);
    expect((await agree()).body).toEqual({ done: true });
    expect((await g.allied.page(g.id)).game.version).toBe(g.v + 1);
  });

  it('refused by the other seat: nothing changes, the request is closed, and the one who asked finds it refused, by whom and when', async () => {
    const g = await ordered();
    const ask = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0 });
    const r = await g.soviet.post(`/api/games/${g.id}/rewinds/${ask.body.id}`, { seat: 'soviet:mediterranean', agree: false });
    expect(r.body).toEqual({ done: false });
    const page = await g.allied.page(g.id);
    expect(page.game.version).toBe(g.v);
    expect(page.rewinds).toEqual([]);
    expect(page.closedRewinds).toEqual([
      { id: ask.body.id, seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0, outcome: 'refused', by: 'soviet:mediterranean', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), message: 'Soviet, Mediterranean refused the rewind of the Mediterranean War Zone to just after action #0 of Soviet, Mediterranean (“Mission roll, Mediterranean, turn 1: 1”).' },
    ]);
    expect((await g.referee.page(g.id)).closedRewinds).toEqual(page.closedRewinds);
    expect(page.view.zones[0].players.allied.order.ships).toEqual(['uss-kidd', 'uss-spruance']);
    expect((await g.soviet.post(`/api/games/${g.id}/rewinds/${ask.body.id}`, { seat: 'soviet:mediterranean', agree: true })).status).toBe(404);
    // Refused by the referee: the same, naming the referee.
    const again = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 2 });
    expect((await g.referee.post(`/api/games/${g.id}/rewinds/${again.body.id}`, { agree: false })).body).toEqual({ done: false });
    expect((await g.allied.page(g.id)).closedRewinds.find((c: { id: string }) => c.id === again.body.id)).toMatchObject({ id: again.body.id, outcome: 'refused', by: 'referee', message: expect.stringMatching(/^The referee refused the rewind of the Mediterranean War Zone to just after action #2 of Allied, Mediterranean \(“.+”\)\.$/) });
  });

  it('the referee alone may rewind: asked by the referee, it is done at once; a seat holder must say which seat asks', async () => {
    const g = await ordered();
    const r = await g.referee.post(`/api/games/${g.id}/rewinds`, { scope: 'zone:mediterranean', to: 2 });
    expect([r.status, r.body]).toEqual([200, { done: true, version: g.v + 1, undone: 2 }]);
    expect((await g.allied.page(g.id)).view.zones[0].players.allied.order).toMatchObject({ ships: ['uss-kidd'], done: false });
    const log = (await g.soviet.get(`/api/games/${g.id}/log`)).body.events;
    expect(log.at(-1)).toMatchObject({ type: 'rewind', agreed: ['referee'], text: 'The Mediterranean War Zone rewound to after action #2, by the referee alone: 2 actions taken back.' });
    const noSeat = await g.allied.post(`/api/games/${g.id}/rewinds`, { scope: 'zone:mediterranean', to: 2 });
    expect([noSeat.status, noSeat.body.error.message]).toEqual([400, 'seat: say which of your seats asks (allied:mediterranean, allied:north-atlantic).']);
  });

  it('the referee may agree alone', async () => {
    const g = await ordered();
    const ask = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 2 });
    const r = await g.referee.post(`/api/games/${g.id}/rewinds/${ask.body.id}`, { agree: true });
    expect(r.body).toEqual({ done: true });
    const page = await g.allied.page(g.id);
    expect(page.view.zones[0].players.allied.order.ships).toEqual(['uss-kidd']);
    const log = (await g.referee.get(`/api/games/${g.id}/log`)).body.events;
    expect(log.filter((e: { type: string }) => e.type === 'rewind')).toEqual([expect.objectContaining({ agreed: ['allied:mediterranean', 'referee'] })]);
  });

  it('a rewind the rules refuse is 422 with the reason when asked (past a reveal, an entry the log does not have), and no request is opened', async () => {
    const g = await ordered();
    let v = g.v;
    for (const seat of ['allied:north-atlantic', 'soviet:mediterranean', 'soviet:north-atlantic']) v = await g.holder(seat).act(g.id, { type: 'donePurchasing', seat }, v);
    const past = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0 });
    expect([past.status, past.body.error.code]).toEqual([422, 'rewind-not-allowed']);
    expect(past.body.error.message).toMatch(/revealed a secret|whole game/);
    const beyond = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 9999 });
    expect([beyond.status, beyond.body.error.message]).toEqual([422, `Rewind to an entry of the log, -1 to ${v - 1}.`]);
    expect((await g.soviet.page(g.id)).rewinds).toEqual([]);
  });

  it('a rewind the rules refuse when agreed (the game went past a reveal since it was asked) is 422 with the reason, changes nothing, and no longer waits on anyone', async () => {
    const g = await ordered();
    const ask = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0 });
    expect(ask.status).toBe(201);
    let v = g.v;
    for (const seat of ['allied:north-atlantic', 'soviet:mediterranean', 'soviet:north-atlantic']) v = await g.holder(seat).act(g.id, { type: 'donePurchasing', seat }, v);
    const r = await g.soviet.post(`/api/games/${g.id}/rewinds/${ask.body.id}`, { seat: 'soviet:mediterranean', agree: true });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('rewind-not-allowed');
    const page = await g.soviet.page(g.id);
    expect(page.game.version).toBe(v);
    expect(page.rewinds).toEqual([]);
    // The one who asked is told it failed and why, in the words the rules have for them (asked now, the same rewind is refused with them).
    const why = (await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0 })).body.error.message;
    const [failed] = (await g.allied.page(g.id)).closedRewinds;
    expect(failed).toMatchObject({ id: ask.body.id, outcome: 'failed', by: 'soviet:mediterranean', message: `Soviet, Mediterranean agreed, but the rewind of the Mediterranean War Zone to just after action #0 of Soviet, Mediterranean (“Mission roll, Mediterranean, turn 1: 1”) cannot be done: ${why}` });
    // Worded for the Allied seat, it is shown to the Allied team and the referee only: not to the Soviet team, nor to spectators.
    expect((await g.referee.page(g.id)).closedRewinds).toEqual([failed]);
    for (const who of [g.soviet, g.spectator]) expect((await who.page(g.id)).closedRewinds, who.name).toEqual([]);
  });

  it('a rewind of a War Zone the seat does not play is 422; a spectator cannot ask (403)', async () => {
    const g = await ordered();
    const r = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:north-atlantic', to: 0 });
    expect(r.status).toBe(422);
    expect((await g.spectator.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0 })).status).toBe(403);
  });

  it('a spectator cannot answer a rewind, with or without a seat (403): it is not taken for the referee, and the request stays open', async () => {
    const g = await ordered();
    const ask = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: 'allied:mediterranean', scope: 'zone:mediterranean', to: 0 });
    for (const body of [{ agree: true }, { agree: false }, { seat: 'soviet:mediterranean', agree: true }]) {
      const r = await g.spectator.post(`/api/games/${g.id}/rewinds/${ask.body.id}`, body);
      expect([r.status, r.body.error.code], JSON.stringify(body)).toEqual([403, 'not-your-seat']);
    }
    const page = await g.allied.page(g.id);
    expect(page.game.version).toBe(g.v);
    expect(page.rewinds).toMatchObject([{ id: ask.body.id, needed: ['soviet:mediterranean'] }]);
  });
});
