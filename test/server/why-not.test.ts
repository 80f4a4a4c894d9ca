/**
 * An action missing from a seat's forms is not a puzzle (issue 9, "whose decision it is and why"):
 * the game page tells the seat's holder which actions of its step it may not take now and why,
 * and tells nobody else (the reason can be the team's secret: what its order costs).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { claim, invite, startServer, TWO_ZONE_FORM, twoTeamGame, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

it('6.C.2 the page tells the Allied holder that no more Action cards may be bought and why; the Soviet player and the spectator are told nothing of it', async () => {
  const g = await twoTeamGame(server);
  const seat = 'allied:mediterranean';
  await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] });
  await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:north-atlantic', values: [6] });
  expect((await g.allied.page(g.id)).closed[seat]).toEqual([]);
  for (const card of ['Retreat', 'ECM', 'Damage Control', 'Jink', 'Bounce']) await g.allied.act(g.id, { type: 'buyCard', seat, card });
  const page = await g.allied.page(g.id);
  expect(page.actions[seat].map((a: { type: string }) => a.type)).not.toContain('buyCard');
  expect(page.closed[seat]).toEqual([{ type: 'buyCard', label: 'Buy an Action card (up to 5 this turn)', rule: '6.C.2', why: 'At most 5 Action cards may be purchased per turn; you have 5.' }]);
  for (const other of [g.soviet, g.spectator]) {
    const seen = await other.page(g.id);
    expect(seen.closed[seat]).toBeUndefined();
    expect(other.received.join('\n')).not.toMatch(/At most 5 Action cards|bought 5 of 5/);
  }
});

it('14.1 online the referee moves players between War Zone seats (its Seats panel): the Overall Commander is not offered the move, is told why, and a move sent anyway is refused; it used to be accepted and change nothing', async () => {
  const g = await twoTeamGame(server, { ...TWO_ZONE_FORM, optional: { overallCommanders: true } });
  expect((await claim(g.allied, await invite(g.referee, g.id, 'seat', { seat: 'commander:allied' }), ['commander:allied'])).status).toBe(200);
  const why = 'Online the referee moves players between War Zone seats, in the Seats panel of the campaign page: ask the referee (14.1).';
  const page = await g.allied.page(g.id);
  expect(page.actions['commander:allied'].map((a: { type: string }) => a.type)).not.toContain('assignSeat');
  expect(page.closed['commander:allied']).toContainEqual(expect.objectContaining({ type: 'assignSeat', rule: '14.1', why }));
  const version = page.game.version;
  const r = await g.allied.submit(g.id, { type: 'assignSeat', seat: 'commander:allied', target: 'allied:north-atlantic', player: 'Nobody Atall' });
  expect(r.status).toBe(422);
  expect(r.body.error).toMatchObject({ code: 'not-online', message: why, rule: '14.1' });
  expect((await g.allied.page(g.id)).game.version).toBe(version);
});
