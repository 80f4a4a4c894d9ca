/**
 * Bad input to the server (issue 9): each gets a clear 4xx with `{error: {code, message}}` and
 * changes nothing: oversized and malformed bodies, actions for seats the cookie does not hold,
 * missing, forged and signed-out cookies, guessed and reused invitation tokens, HTML in names and
 * notes, request floods, and e-mailed sign-in links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, createCampaign, invite, startServer, twoTeamGame, type Client, type TestServer } from '../support/server.ts';

let server: TestServer;
const mail: { to: string; subject: string; text: string }[] = [];
beforeAll(async () => {
  server = await startServer({ mailer: { send: async (to, subject, text) => void mail.push({ to, subject, text }) } });
});
afterAll(() => server.close());

const roll = { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] };
const version = async (referee: Client, id: string) => (await referee.page(id)).game.version as number;

/** A refusal: the status and a message for a person. */
function refused(r: { status: number; body: any }, status: number, code?: string) {
  expect(r.status).toBe(status);
  expect(typeof r.body?.error?.message).toBe('string');
  if (code) expect(r.body.error.code).toBe(code);
}

describe('bodies', () => {
  it('an oversized body is 413, malformed JSON 400, a body that is not JSON 415; nothing is stored', async () => {
    const g = await twoTeamGame(server);
    const url = `/api/games/${g.id}/actions`;
    refused(await g.soviet.call('POST', url, undefined, { payload: JSON.stringify({ action: { ...roll, pad: 'x'.repeat(300_000) }, seen: 0 }), headers: { 'content-type': 'application/json' } }), 413, 'too-large');
    refused(await g.soviet.call('POST', url, undefined, { payload: '{"action": {"type": "rollMission", ', headers: { 'content-type': 'application/json' } }), 400, 'bad-request');
    refused(await g.soviet.call('POST', url, undefined, { payload: 'type=rollMission&seat=soviet:mediterranean', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'bad-content-type');
    // JSON sent as text is not read as a string (which the checks called "expected object, received string").
    const asText = await g.soviet.call('POST', url, undefined, { payload: JSON.stringify({ action: roll, seen: 0 }), headers: { 'content-type': 'text/plain' } });
    refused(asText, 415, 'bad-content-type');
    expect(asText.body.error.message).toBe('Send JSON (Content-Type: application/json).');
    refused(await g.soviet.post(url, { action: roll }), 400, 'bad-request'); // no version seen
    expect(await version(g.referee, g.id)).toBe(0);
  });
});

describe('cookies', () => {
  it('an action for a seat the cookie does not hold is 403; without a cookie 401', async () => {
    const g = await twoTeamGame(server);
    refused(await g.allied.submit(g.id, roll, 0), 403, 'not-your-seat');
    const anon = server.person('Anon');
    refused(await anon.submit(g.id, roll, 0), 401, 'no-session');
    refused(await anon.get(`/api/games/${g.id}`), 401, 'no-session');
    expect(await version(g.referee, g.id)).toBe(0);
  });

  it('a forged cookie (garbage, or sealed with another server\'s key) is 401', async () => {
    const g = await twoTeamGame(server);
    const forger = server.person('Forger');
    forger.cookie = 'wardroom=' + 'A'.repeat(120);
    refused(await forger.submit(g.id, roll, 0), 401, 'no-session');
    // A cookie as another Wardroom seals it, naming a session row that even exists here.
    const other = await startServer();
    try {
      const stranger = other.person('Boris');
      await createCampaign(stranger);
      forger.cookie = stranger.cookie;
      refused(await forger.submit(g.id, roll, 0), 401, 'no-session');
      expect((await forger.get('/api/me')).body).toEqual({ person: null, games: [] });
    } finally {
      await other.close();
    }
    expect(await version(g.referee, g.id)).toBe(0);
  });

  it('a cookie replayed after signing out is 401 (the session row is revoked); other devices stay signed in', async () => {
    const g = await twoTeamGame(server);
    const stolen = g.soviet.cookie;
    expect((await g.soviet.get('/api/me')).body.person.name).toBeTruthy(); // the session was just in use
    expect((await g.soviet.post('/api/sign-out')).status).toBe(200);
    const thief = server.person('Thief');
    thief.cookie = stolen;
    refused(await thief.submit(g.id, roll, 0), 401, 'no-session');
    expect((await thief.get('/api/me')).body.person).toBeNull();
    expect((await g.allied.get('/api/me')).body.person.name).toBe('Ann');
    expect(await version(g.referee, g.id)).toBe(0);
  });
});

describe('invitations', () => {
  it('a guessed invitation token is 404 (reading and claiming); a seat link reused by another person is 409', async () => {
    const guess = server.person('Guess');
    for (const t of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'x', '../../api/me']) {
      refused(await guess.get(`/api/invitations/${encodeURIComponent(t)}`), 404);
      refused(await guess.post(`/api/invitations/${encodeURIComponent(t)}/claim`, { seats: ['allied:mediterranean'], name: 'Guess' }), 404);
    }
    expect(guess.cookie).toBeNull();
    const referee = server.person('Rita');
    const id = await createCampaign(referee);
    const link = await invite(referee, id, 'seat', { seat: 'soviet:mediterranean' });
    expect((await claim(server.person('Boris'), link, ['soviet:mediterranean'])).status).toBe(200);
    const olga = server.person('Olga');
    refused(await claim(olga, link, ['soviet:mediterranean']), 409, 'seat-taken');
    expect(olga.cookie).toBeNull();
    expect((await referee.page(id)).seats.find((s: { seat: string }) => s.seat === 'soviet:mediterranean').holder).toBe('Boris');
  });
});

describe('HTML in names and notes', () => {
  it('6.C.1 names and a team note with HTML are stored and returned as the plain text typed, in JSON', async () => {
    const referee = server.person('<b>Rita</b>');
    const id = await createCampaign(referee, { zones: ['mediterranean', 'north-atlantic'], turns: 3, dice: 'physical', roster: 'demo', startingPoints: 'demo', title: '<script>alert("t")</script> & co' });
    const name = '<img src=x onerror="alert(1)">Ann';
    const ann = server.person(name);
    expect((await claim(ann, await invite(referee, id, 'team', { team: 'allied' }), ['allied:mediterranean'])).status).toBe(200);
    const note = '</script><script>alert("note")</script> & <b>bold</b>';
    expect((await ann.submit(id, { type: 'teamNote', seat: 'allied:mediterranean', text: note })).status).toBe(200);
    const page = await ann.page(id);
    expect(page.game.title).toBe('<script>alert("t")</script> & co');
    expect(page.me.person.name).toBe(name);
    expect(page.seats.find((s: { seat: string }) => s.seat === 'allied:mediterranean').holder).toBe(name);
    expect(JSON.stringify(page.view.notes.allied)).toContain(JSON.stringify(note).slice(1, -1));
    const r = await ann.get(`/api/games/${id}`);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect((await referee.get('/api/me')).body.person.name).toBe('<b>Rita</b>');
  });
});

describe('request floods', () => {
  it('with 20 requests a minute a person gets 429 after 20, the refused ones change nothing, and others are not held up', async () => {
    const limited = await startServer({ rateLimit: 20 });
    try {
      const g = await twoTeamGame(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await g.soviet.submit(g.id, { ...roll, values: [7] }, 0)).status); // 422s: refused by the rules
      const first429 = statuses.indexOf(429);
      expect(first429).toBeGreaterThan(0);
      expect(first429).toBeLessThanOrEqual(20);
      expect(statuses.slice(first429).every((s) => s === 429)).toBe(true);
      const flood = await g.soviet.submit(g.id, roll, 0);
      refused(flood, 429, 'too-many-requests');
      expect(flood.body.error.message).toMatch(/wait \d+ s/);
      expect((await g.referee.page(g.id)).game.version).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('magic links', () => {
  it('an unknown address gets the same 202 as a known one; the link mailed works once (then 410) and signs in the same person with the same seats', async () => {
    const g = await twoTeamGame(server);
    expect((await g.allied.post('/api/me', { email: 'ann@example.org' })).body.person.email).toBe('ann@example.org');
    mail.length = 0;
    const unknown = await server.person('x').post('/api/magic-links', { email: 'nobody@example.org' });
    const known = await server.person('y').post('/api/magic-links', { email: 'ann@example.org' });
    expect([unknown.status, unknown.text]).toEqual([known.status, known.text]);
    expect(known.status).toBe(202);
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toBe('ann@example.org');
    const token = /\/magic\/([A-Za-z0-9_-]+)/.exec(mail[0].text)![1];
    const phone = server.person('phone');
    const r = await phone.post('/api/magic-links/consume', { token });
    expect(r.status).toBe(200);
    expect(r.body.person.name).toBe('Ann');
    expect((await phone.page(g.id)).me.seats.sort()).toEqual(['allied:mediterranean', 'allied:north-atlantic']);
    const again = await server.person('tablet').post('/api/magic-links/consume', { token });
    refused(again, 410, 'link-used');
  });

  it('an address is one person\'s, whatever its capitals: another person cannot give it (409), and a link asked in other capitals reaches its owner', async () => {
    const g = await twoTeamGame(server);
    expect((await g.allied.post('/api/me', { email: ' Anna.K@Example.org ' })).body.person.email).toBe('anna.k@example.org');
    const boris = await g.soviet.post('/api/me', { email: 'anna.k@example.ORG' });
    refused(boris, 409, 'email-taken');
    expect((await g.soviet.get('/api/me')).body.person.email).toBeNull();
    mail.length = 0;
    await server.person('new phone').post('/api/magic-links', { email: 'ANNA.K@example.org' });
    const token = /\/magic\/([A-Za-z0-9_-]+)/.exec(mail[0].text)![1];
    expect((await server.person('phone').post('/api/magic-links/consume', { token })).body.person.name).toBe('Ann');
  });

  it('an expired link is refused (410)', async () => {
    const g = await twoTeamGame(server);
    await g.soviet.post('/api/me', { email: 'boris@example.org' });
    mail.length = 0;
    await server.person('z').post('/api/magic-links', { email: 'boris@example.org' });
    const token = /\/magic\/([A-Za-z0-9_-]+)/.exec(mail[0].text)![1];
    await server.ctx.store.db.updateTable('magic_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const late = server.person('late');
    refused(await late.post('/api/magic-links/consume', { token }), 410, 'link-used');
    expect(late.cookie).toBeNull();
  });
});
