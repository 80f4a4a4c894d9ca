/**
 * Deadlines per campaign (issue 10), driven by a test clock: the referee sets one; a reminder
 * comes before it; at the deadline the campaign pauses (or the referee is asked to decide); the
 * referee extends, pauses and resumes; each of these happens exactly once however often the
 * sender runs; and while the campaign is paused every action is refused with a clear error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDue } from '../../src/adapters/server/app.ts';
import { timeIn, utc } from '../../src/adapters/server/notifications.ts';
import { exampleActions, startServer, twoTeamGame, type Client, type TestServer } from '../support/server.ts';
import { HOUR, MINUTE, startSmtpSink, TestClock } from '../support/sinks.ts';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: TestServer;
const clock = new TestClock('2026-12-02T12:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ mailer: smtp.mailer, clock, notify: { minGapMs: 0 } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function mailMe(c: Client, address: string) {
  const r = await c.call('PUT', '/api/me/notifications', { email: { on: true, address }, webhook: null, kinds: { turn: false, chat: false, deadline: true } });
  expect(r.status, r.text).toBe(200);
}
/** The mails to `address` whose subject holds `about`. */
const mails = (address: string, about: string) => smtp.mails.filter((m) => m.to.includes(address) && m.subject.includes(about));
/** Run the sender a few times, moving the clock a little: nothing may happen twice. */
async function runSeveral() {
  for (let i = 0; i < 3; i++) {
    await runDue(server.ctx);
    clock.advance(MINUTE);
  }
}

async function game(tag: string) {
  const g = await twoTeamGame(server);
  const who = { ann: `ann-${tag}@example.org`, boris: `boris-${tag}@example.org`, rita: `rita-${tag}@example.org` };
  await mailMe(g.allied, who.ann);
  await mailMe(g.soviet, who.boris);
  await mailMe(g.referee, who.rita);
  return { ...g, who };
}

describe('deadlines (issue 10)', () => {
  it('reminder, extension, reminder again, pause at the deadline: each exactly once; actions refused while paused; resume', async () => {
    const g = await game('a');
    // The game waits on Boris (both Soviet mission rolls, 6.A).
    expect((await g.soviet.call('PUT', `/api/games/${g.id}/deadline`, { hours: 24, onExpiry: 'pause' })).status).toBe(403);
    const set = await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { hours: 24, remindHours: 2, onExpiry: 'pause' });
    expect(set.status, set.text).toBe(200);
    expect(set.body.deadline).toMatchObject({ dueAt: '2026-12-03T12:00:00.000Z', remindAt: '2026-12-03T10:00:00.000Z', onExpiry: 'pause', paused: false });
    // Every member reads it (in UTC; the page shows local time); the home page's line of the campaign too.
    expect((await g.spectator.get(`/api/games/${g.id}/deadline`)).body.deadline.dueAt).toBe('2026-12-03T12:00:00.000Z');
    expect((await g.soviet.get('/api/me')).body.games.find((x: { id: string }) => x.id === g.id).dueAt).toBe('2026-12-03T12:00:00.000Z');

    clock.advance(21 * HOUR + 50 * MINUTE);
    await runDue(server.ctx);
    expect(mails(g.who.boris, 'deadline soon')).toHaveLength(0); // not before its time
    clock.advance(10 * MINUTE);
    await runSeveral();
    expect(mails(g.who.boris, 'deadline soon')).toHaveLength(1);
    expect(mails(g.who.boris, 'deadline soon')[0].text).toContain('Thu, 03 Dec 2026 12:00 UTC');
    expect(mails(g.who.ann, 'deadline soon')).toHaveLength(0); // Ann is not waited on

    const ext = await g.referee.post(`/api/games/${g.id}/deadline/extend`, { hours: 10 });
    expect(ext.status, ext.text).toBe(200);
    expect(ext.body.deadline.dueAt).toBe('2026-12-03T22:00:00.000Z');
    await runSeveral();
    expect(mails(g.who.boris, 'more time')).toHaveLength(1);
    expect(mails(g.who.boris, 'more time')[0].text).toContain('Thu, 03 Dec 2026 22:00 UTC');

    clock.advance(10 * HOUR); // 20:0x: the new deadline's reminder
    await runSeveral();
    expect(mails(g.who.boris, 'deadline soon')).toHaveLength(2);
    expect(mails(g.who.boris, 'is paused')).toHaveLength(0);

    clock.advance(2 * HOUR); // past 22:00: the campaign pauses
    await runSeveral();
    clock.advance(5 * HOUR);
    await runSeveral();
    for (const p of [g.who.ann, g.who.boris, g.who.rita]) expect(mails(p, 'is paused'), p).toHaveLength(1);
    expect(mails(g.who.boris, 'more time')).toHaveLength(1);
    expect((await g.allied.get(`/api/games/${g.id}/deadline`)).body.deadline.paused).toBe(true);
    expect((await g.soviet.get('/api/me')).body.games.find((x: { id: string }) => x.id === g.id).dueAt).toBeNull(); // paused at its deadline: none runs

    const refused = await g.soviet.submit(g.id, { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0);
    expect(refused.status).toBe(423);
    expect(refused.body.error).toMatchObject({ code: 'campaign-paused' });
    expect(refused.body.error.message).toContain('paused');
    expect((await g.soviet.post(`/api/games/${g.id}/undo`, { seat: 'soviet:mediterranean', seen: 0 })).status).toBe(423);
    expect((await g.referee.page(g.id)).game.version).toBe(0); // nothing changed

    const resumed = await g.referee.post(`/api/games/${g.id}/resume`);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.deadline.paused).toBe(false);
    await runSeveral();
    for (const p of [g.who.ann, g.who.boris, g.who.rita]) expect(mails(p, 'resumes'), p).toHaveLength(1);
    expect(await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0)).toBe(1);
  });

  it('a time in UTC is told to the minute, as one in a time zone is (a deadline in hours falls on any second)', () => {
    expect(utc('2026-12-04T19:09:48.123Z')).toBe('Fri, 04 Dec 2026 19:09 UTC');
    expect(timeIn('Europe/Berlin')('2026-12-04T19:09:48.123Z')).toMatch(/20:09 .*\(Europe\/Berlin\)$/);
    // A person who chose UTC itself reads it once: "19:09 UTC", not "19:09 UTC (UTC)".
    expect(timeIn('UTC')('2026-12-04T19:09:48.123Z')).toMatch(/19:09 UTC$/);
  });

  it('times in the messages are in each person\'s own time zone when they gave one (else UTC): the deadline set, its reminder', async () => {
    const g = await game('tz');
    const tz = await g.soviet.call('PUT', '/api/me/notifications', { email: { on: true, address: g.who.boris }, webhook: null, kinds: { turn: false, chat: false, deadline: true }, timeZone: 'America/New_York' });
    expect([tz.status, tz.body.settings.timeZone]).toEqual([200, 'America/New_York']);
    const bad = await g.allied.call('PUT', '/api/me/notifications', { email: { on: false, address: null }, webhook: null, kinds: { turn: true, chat: true, deadline: true }, timeZone: 'Mars/Olympus_Mons' });
    expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringContaining('a time zone like Europe/Berlin')]);
    const at = new Date(clock.now().getTime() + 3 * HOUR).toISOString(); // 3 hours from the test clock's now
    expect((await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { at, remindHours: 1, onExpiry: 'referee' })).status).toBe(200);
    await runSeveral();
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', weekday: 'short', day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(new Date(at));
    expect(mails(g.who.boris, 'a deadline in')[0]?.text).toContain(`${local} (America/New_York)`);
    expect(mails(g.who.boris, 'a deadline in')[0]?.text).toMatch(/GMT-5 \(America\/New_York\)/);
    clock.advance(2 * HOUR + 5 * MINUTE);
    await runSeveral();
    expect(mails(g.who.boris, 'deadline soon')[0]?.text).toContain(`${local} (America/New_York)`);
    expect(mails(g.who.rita, 'a deadline in')).toHaveLength(0); // the referee is not waited on
  });

  it('at a fixed deadline the referee is asked to decide, once; the game goes on', async () => {
    const g = await game('b');
    const at = new Date(clock.now().getTime() + 3 * HOUR).toISOString();
    const set = await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { at, remindHours: 1, onExpiry: 'referee' });
    expect(set.status, set.text).toBe(200);
    expect(set.body.deadline).toMatchObject({ dueAt: at, hours: null });
    await runSeveral(); // the sender runs every few seconds: the players waited on hear of the deadline at once
    expect(mails(g.who.boris, 'a deadline in')[0]?.text).toMatch(/set a deadline for the current decision: .*; then the referee decides\./);
    expect(mails(g.who.ann, 'a deadline in')).toHaveLength(0); // the game does not wait on the Allied player
    const removed = await g.referee.call('DELETE', `/api/games/${g.id}/deadline`);
    expect(removed.status).toBe(200);
    clock.advance(10 * MINUTE); // one mail per address every 5 minutes at most
    await runSeveral();
    expect(mails(g.who.boris, 'no deadline in')[0]?.text).toMatch(/removed the deadline\./);
    expect((await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { at, remindHours: 1, onExpiry: 'referee' })).status).toBe(200);
    clock.advance(10 * MINUTE);
    await runSeveral();
    clock.advance(2 * HOUR); // past the reminder (an hour before the deadline), not the deadline
    await runSeveral();
    clock.advance(HOUR);
    await runSeveral();
    expect(mails(g.who.boris, 'deadline soon')).toHaveLength(1);
    const asked = mails(g.who.rita, 'deadline passed');
    expect(asked).toHaveLength(1);
    expect(asked[0].text).toMatch(/waits on turn 1, Mediterranean: the mission roll \(Soviet, Mediterranean\)/);
    expect(mails(g.who.boris, 'deadline passed')).toHaveLength(0);
    expect(await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0)).toBe(1);
    // A time in the past, or without a zone, is refused in words.
    const past = await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { at: '2020-01-01T00:00:00Z', onExpiry: 'referee' });
    expect(past.status).toBe(422);
    expect(past.body.error.code).toBe('deadline-past');
    expect((await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { at: '2027-01-01T10:00', onExpiry: 'referee' })).status).toBe(400);
  });

  it('hours per decision start again when the game waits on someone new', async () => {
    const g = await game('c');
    await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { hours: 12, onExpiry: 'referee' });
    const before = (await g.allied.get(`/api/games/${g.id}/deadline`)).body.deadline.dueAt;
    clock.advance(HOUR);
    await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0); // now Ann is waited on too
    await server.ctx.notifications.idle();
    const after = (await g.allied.get(`/api/games/${g.id}/deadline`)).body.deadline.dueAt;
    expect(Date.parse(after) - Date.parse(before)).toBe(HOUR);
  });

  it('hours per decision do not start again when the game only waits on fewer seats (a decision made)', async () => {
    const g = await game('e');
    expect(await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0)).toBe(1);
    expect(await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:north-atlantic', values: [1] }, 1)).toBe(2);
    await server.ctx.notifications.idle();
    await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { hours: 12, onExpiry: 'referee' });
    const before = (await g.soviet.get(`/api/games/${g.id}/deadline`)).body.deadline.dueAt;
    clock.advance(HOUR);
    // Ann is done purchasing in the Mediterranean: the game waits on the same seats but hers, so Boris's clock runs on.
    expect(await g.allied.act(g.id, { type: 'donePurchasing', seat: 'allied:mediterranean' }, 2)).toBe(3);
    await server.ctx.notifications.idle();
    expect((await g.soviet.get(`/api/games/${g.id}/deadline`)).body.deadline.dueAt).toBe(before);
  });

  it('the referee pauses and resumes by hand; a player cannot; a second pause is refused', async () => {
    const g = await game('d');
    expect((await g.allied.post(`/api/games/${g.id}/pause`)).status).toBe(403);
    expect((await g.referee.post(`/api/games/${g.id}/pause`)).status).toBe(200);
    const again = await g.referee.post(`/api/games/${g.id}/pause`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already-paused');
    expect((await g.soviet.submit(g.id, { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0)).status).toBe(423);
    // Paused: the page offers no move and no Undo (both would answer 423); it still says whose decision it is.
    const paused = await g.soviet.page(g.id);
    expect(paused.me.seats).toContain('soviet:mediterranean');
    for (const seat of paused.me.seats) expect([paused.actions[seat], paused.undoable[seat]], seat).toEqual([[], 0]);
    expect(paused.waitingFor).toContain('soviet:mediterranean');
    await runSeveral();
    expect(mails(g.who.ann, 'is paused')).toHaveLength(1);
    expect((await g.referee.post(`/api/games/${g.id}/resume`)).status).toBe(200);
    expect((await g.referee.post(`/api/games/${g.id}/resume`)).status).toBe(409);
    expect(await g.soviet.act(g.id, { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, 0)).toBe(1);
  });
});

describe('a reminder held back by the cap (one mail per address every 5 minutes) is checked when it goes', () => {
  let capped: TestServer;
  const cappedClock = new TestClock('2026-12-10T12:00:00Z');
  beforeAll(async () => {
    capped = await startServer({ mailer: smtp.mailer, clock: cappedClock, notify: { minGapMs: 5 * MINUTE } });
  });
  afterAll(() => capped?.close());

  /** A game in its purchases (both teams ordering), a deadline in 61 minutes whose reminder is due in 1: the players told of the deadline just now, so the reminder waits. */
  async function remindedSoon(tag: string) {
    const g = await twoTeamGame(capped);
    const who = { ann: `ann-${tag}@example.org`, boris: `boris-${tag}@example.org` };
    await mailMe(g.allied, who.ann);
    await mailMe(g.soviet, who.boris);
    const actions = exampleActions();
    for (let k = 0; k < 2; k++) await g.soviet.act(g.id, actions[k], k); // the mission rolls: now everyone orders
    const at = new Date(cappedClock.now().getTime() + 61 * MINUTE).toISOString();
    expect((await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { at, remindHours: 1, onExpiry: 'referee' })).status).toBe(200);
    await runDue(capped.ctx);
    for (const p of [who.ann, who.boris]) expect(mails(p, 'a deadline in'), p).toHaveLength(1);
    cappedClock.advance(MINUTE);
    await runDue(capped.ctx); // the reminder is queued, and held back
    expect((await capped.ctx.notifications.outbox()).filter((r) => r.subject.includes('deadline soon') && r.status === 'pending').map((r) => r.address).sort()).toEqual([who.ann, who.boris]);
    /** Send what is due once the cap allows it. */
    const later = async () => {
      cappedClock.advance(5 * MINUTE);
      await runDue(capped.ctx);
    };
    return { ...g, who, actions, later };
  }

  it('no reminder for a player who has made their decisions meanwhile; the one still waited on gets it, naming what waits on them now', async () => {
    const g = await remindedSoon('acted');
    for (let k = 2; k < 24; k++) await g.allied.act(g.id, g.actions[k], k); // Ann's purchases in both War Zones, finished
    await g.later();
    expect(mails(g.who.ann, 'deadline soon')).toHaveLength(0);
    const [boris] = mails(g.who.boris, 'deadline soon');
    expect(boris.text).toMatch(/Reminder: “.*” waits on you \(turn 1, Mediterranean: .*\(Soviet, Mediterranean\); turn 1, North Atlantic: .*\(Soviet, North Atlantic\)\) until Thu, 10 Dec 2026 13:01 UTC\./);
  });

  it('a reminder held back until its deadline has passed is not sent: the time it names is gone', async () => {
    const g = await remindedSoon('passed');
    cappedClock.advance(61 * MINUTE);
    await runDue(capped.ctx);
    await g.later();
    for (const p of [g.who.ann, g.who.boris]) expect(mails(p, 'deadline soon'), p).toHaveLength(0);
  });

  it('no deadline news about a campaign that ended before it went; once it is over, no deadline, pause or resume', async () => {
    const g = await remindedSoon('ended');
    expect((await g.referee.post(`/api/games/${g.id}/pause`)).status).toBe(200);
    expect((await g.referee.post(`/api/games/${g.id}/resume`)).status).toBe(200); // both held back by the cap
    for (let k = 2; k < g.actions.length; k++) expect(await g.holder(g.actions[k].seat).act(g.id, g.actions[k], k), `action ${k}`).toBe(k + 1);
    expect((await g.referee.page(g.id)).game.over).toBe(true);
    await capped.ctx.notifications.idle();
    expect((await g.referee.get(`/api/games/${g.id}/deadline`)).body.deadline).toMatchObject({ dueAt: null }); // it went with the end: nothing is due, nothing can pause the finished game
    await g.later();
    await g.later();
    for (const p of [g.who.ann, g.who.boris]) expect(smtp.mails.filter((m) => m.to.includes(p)).map((m) => m.subject), p).toEqual([expect.stringContaining('a deadline in')]);
    for (const [method, path, body] of [
      ['PUT', 'deadline', { hours: 24, onExpiry: 'pause' }],
      ['POST', 'deadline/extend', { hours: 2 }],
      ['POST', 'pause', {}],
      ['POST', 'resume', {}],
    ] as const) {
      const r = await g.referee.call(method, `/api/games/${g.id}/${path}`, body);
      expect(r.body, `${method} ${path}`).toEqual({ error: { code: 'campaign-over', message: 'The campaign is over: there is no deadline to set and nothing to pause or resume.' } });
      expect(r.status).toBe(409);
    }
  });

  it('no reminder of a deadline the referee removed meanwhile: only that it was removed', async () => {
    const g = await remindedSoon('removed');
    expect((await g.referee.call('DELETE', `/api/games/${g.id}/deadline`)).status).toBe(200);
    await g.later();
    const after = smtp.mails.filter((m) => m.to.includes(g.who.boris)).slice(1);
    expect(after.map((m) => m.subject)).toEqual([expect.stringContaining('no deadline in')]);
    expect(after[0].text).not.toContain('Reminder');
  });
});
