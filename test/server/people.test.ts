/**
 * Wardroom online, people and seats (issue 9): creating a campaign (the creator referees),
 * invitations per seat, team, table and spectator, claims, one team per person, and the home
 * page's list with "waiting on you" first.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLIED, claim, createCampaign, invite, SOVIET, startServer, TWO_ZONE_FORM, type TestServer } from '../support/server.ts';
import { HOUR, TestClock } from '../support/sinks.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const DEMO_CSV = readFileSync(new URL('../../examples/rosters/demo-roster.csv', import.meta.url), 'utf8');
const DEMO_JSON = readFileSync(new URL('../../src/modules/cwnb/data/demo-roster.json', import.meta.url), 'utf8');

describe('creating a campaign', () => {
  it('the creator becomes the referee, signed in by a cookie, with the campaign on their home page', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    expect(rita.cookie).toMatch(/^wardroom=/);
    const me = (await rita.get('/api/me')).body;
    expect(me.person.name).toBe('Rita');
    expect(me.games).toEqual([expect.objectContaining({ id, referee: true, seats: [], module: 'cwnb-campaign', turn: 1, over: false, version: 0 })]);
    const page = await rita.page(id);
    expect(page.me).toMatchObject({ referee: true, spectator: false, seats: [], viewer: 'referee' });
    expect(page.seats.map((s: { seat: string }) => s.seat).sort()).toEqual([...ALLIED, ...SOVIET].sort());
    expect(page.seats.find((s: { seat: string }) => s.seat === 'allied:mediterranean')).toEqual({ seat: 'allied:mediterranean', label: 'Allied, Mediterranean', team: 'allied', holder: null, person: null, here: false });
  });

  it('6.C.2 a roster uploaded as CSV is used; a bad row is refused with 422 naming the file, row and field, and no campaign is made', async () => {
    const p = server.person('Roster');
    const ok = await p.post('/api/games', { ...TWO_ZONE_FORM, roster: { fileName: 'fleet.csv', text: DEMO_CSV } });
    expect(ok.status).toBe(201);
    const lines = DEMO_CSV.trimEnd().split('\n');
    lines[3] = lines[3].replace(',16,', ',sixteen,'); // hms-invincible's points
    const bad = await p.post('/api/games', { ...TWO_ZONE_FORM, roster: { fileName: 'fleet.csv', text: lines.join('\n') } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('bad-roster');
    expect(bad.body.error.message).toMatch(/fleet\.csv/);
    expect(bad.body.error.message).toMatch(/row 3/); // the third ship of the file (the header is not a row);
    expect(bad.body.error.message).toMatch(/points/);
    expect((await p.get('/api/me')).body.games).toHaveLength(1);
  });

  it('6.C.2 a roster uploaded as JSON is used, whether an array of ships or an object with "ships" (docs/data.md), whatever the file is called', async () => {
    const ships = (JSON.parse(DEMO_JSON) as { ships: { id: string }[] }).ships;
    const p = server.person('JsonRoster');
    for (const [fileName, text] of [
      ['fleet.json', JSON.stringify(ships)],
      ['fleet.json', DEMO_JSON],
      ['fleet.txt', `  ${JSON.stringify(ships)}`],
    ]) {
      const r = await p.post('/api/games', { ...TWO_ZONE_FORM, roster: { fileName, text } });
      expect(r.status, `${fileName}: ${text.slice(0, 20)}`).toBe(201);
    }
    const bad = await p.post('/api/games', { ...TWO_ZONE_FORM, roster: { fileName: 'fleet.json', text: JSON.stringify([{ ...ships[0], points: 'sixteen' }]) } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toMatch(/fleet\.json.*points|points.*fleet\.json/s);
  });

  it('5.1 starting points out of range are refused with 422 naming the War Zone and the side', async () => {
    const p = server.person('Points');
    const r = await p.post('/api/games', { ...TWO_ZONE_FORM, startingPoints: { mediterranean: { allied: 100, soviet: -5 }, 'north-atlantic': { allied: 100, soviet: 100 } } });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toContain('startingPoints.mediterranean.soviet');
    expect(r.body.error.message).toContain('-5');
    expect((await p.get('/api/me')).body.games).toEqual([]);
  });

  it('5 a player named for a seat that is not in the campaign is refused with 422 naming it, and no campaign is made', async () => {
    const p = server.person('Strayseat');
    const r = await p.post('/api/games', { ...TWO_ZONE_FORM, players: { 'allied:mediterranean': 'Ann', 'allied:sea-of-japan': 'Bo' } });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe('players: "allied:sea-of-japan" is not a seat of this campaign (allied:mediterranean, soviet:mediterranean, allied:north-atlantic, soviet:north-atlantic).');
    expect((await p.get('/api/me')).body.games).toEqual([]);
  });

  it('a form missing its War Zones is a 400 naming the field', async () => {
    const r = await server.person('Nozones').post('/api/games', { ...TWO_ZONE_FORM, zones: [] });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/zones/);
  });
});

describe('invitations and seats', () => {
  it('a seat link offers one seat; claiming it signs the new person in and shows them as its holder', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const token = await invite(rita, id, 'seat', { seat: 'allied:mediterranean' });
    const ann = server.person('Ann');
    const look = await ann.get(`/api/invitations/${token}`);
    expect(look.body).toMatchObject({ kind: 'seat', game: { id }, seats: [{ seat: 'allied:mediterranean', holder: null }] });
    const r = await claim(ann, token, ['allied:mediterranean']);
    expect(r.status).toBe(200);
    expect(ann.cookie).toBeTruthy();
    expect((await ann.page(id)).me).toMatchObject({ seats: ['allied:mediterranean'], viewer: 'allied:mediterranean', referee: false });
    expect((await rita.page(id)).seats.find((s: { seat: string }) => s.seat === 'allied:mediterranean').holder).toBe('Ann');
    // The seat link offers no other seat.
    const other = await claim(server.person('Olga'), token, ['soviet:mediterranean']);
    expect(other.status).toBe(403);
  });

  it('a team link: one person claims several seats of the team (the rules allow one player several War Zones)', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const ann = server.person('Ann');
    const r = await claim(ann, await invite(rita, id, 'team', { team: 'allied' }), ALLIED);
    expect(r.status).toBe(200);
    expect((await ann.page(id)).me.seats.sort()).toEqual(ALLIED);
    expect((await ann.get('/api/me')).body.games[0].seats.sort()).toEqual(ALLIED);
  });

  it('a second seat claimed later is the person\'s at once, on their page and as its holder on the referee\'s (what the server remembers of members is dropped on a claim)', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const table = await invite(rita, id, 'table');
    const ann = server.person('Ann');
    expect((await claim(ann, table, [ALLIED[0]])).status).toBe(200);
    expect((await ann.page(id)).me.seats).toEqual([ALLIED[0]]);
    expect((await rita.page(id)).seats.find((s: { seat: string }) => s.seat === ALLIED[1]).holder).toBeNull();
    expect((await claim(ann, table, [ALLIED[1]])).status).toBe(200);
    expect((await ann.page(id)).me.seats.sort()).toEqual([ALLIED[0], ALLIED[1]].sort());
    expect((await ann.page(id, ALLIED[1])).me.viewer).toBe(ALLIED[1]);
    expect((await rita.page(id)).seats.find((s: { seat: string }) => s.seat === ALLIED[1]).holder).toBe('Ann');
  });

  it('a player who lost their device gets the seat back: the referee frees it, and a new link gives it to the new device', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const ann = server.person('Ann');
    const table = await invite(rita, id, 'table'); // shared with the whole group earlier
    await claim(ann, await invite(rita, id, 'seat', { seat: 'allied:mediterranean' }), ['allied:mediterranean']);
    const open = await ann.live(id); // the lost device may still have a tab open
    await open.version(0);
    const freed = await rita.call('DELETE', `/api/games/${id}/seats/allied:mediterranean`);
    expect([freed.status, freed.body]).toEqual([200, { freed: 'allied:mediterranean' }]);
    await expect(open.until(() => false, 3000)).rejects.toThrow(/4403/); // it sees the seat's secrets no longer
    expect((await claim(server.person('Mallory'), table, ['allied:mediterranean'])).status).toBe(404); // earlier links offering it are revoked
    expect((await rita.call('DELETE', `/api/games/${id}/seats/allied:mediterranean`)).body.error).toMatchObject({ code: 'seat-free', message: 'Allied, Mediterranean is held by nobody.' });
    expect((await rita.page(id)).seats.find((s: { seat: string }) => s.seat === 'allied:mediterranean').holder).toBeNull();
    const phone = server.person('Ann again');
    expect((await claim(phone, await invite(rita, id, 'seat', { seat: 'allied:mediterranean' }), ['allied:mediterranean'])).status).toBe(200);
    expect((await phone.page(id)).me.seats).toEqual(['allied:mediterranean']);
    expect((await ann.get(`/api/games/${id}`)).status).toBe(403); // the lost device holds nothing any more
  });

  it('a player leaves a seat they hold (another\'s they may not free): the seat is free for a new invitation, the campaign leaves their home page, and every live feed they had of it ends', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const [ann, boris] = [server.person('Ann'), server.person('Boris')];
    await claim(ann, await invite(rita, id, 'seat', { seat: 'allied:mediterranean' }), ['allied:mediterranean']);
    await claim(boris, await invite(rita, id, 'seat', { seat: 'soviet:mediterranean' }), ['soviet:mediterranean']);
    // Ann also watches as a spectator in another tab: that feed ends too when she is no longer a member.
    const watching = await ann.live(id, { as: 'spectator' });
    await watching.version(0);
    const other = await ann.call('DELETE', `/api/games/${id}/seats/soviet:mediterranean`);
    expect([other.status, other.body.error.message]).toEqual([403, 'Only the referee frees a seat someone else holds; you may leave a seat you hold.']);
    const left = await ann.call('DELETE', `/api/games/${id}/seats/allied:mediterranean`);
    expect([left.status, left.body]).toEqual([200, { freed: 'allied:mediterranean' }]);
    await expect(watching.until(() => false, 3000)).rejects.toThrow(/4403/);
    expect((await rita.page(id)).seats.find((s: { seat: string }) => s.seat === 'allied:mediterranean').holder).toBeNull();
    expect((await ann.get('/api/me')).body.games.map((g: { id: string }) => g.id)).not.toContain(id);
    expect((await boris.page(id)).me.seats).toEqual(['soviet:mediterranean']);
  });

  it('the referee renames the campaign: every member\'s page and home page show the new title, told live; a player may not; an empty or over-long title is refused', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const ann = server.person('Ann');
    await claim(ann, await invite(rita, id, 'seat', { seat: 'allied:mediterranean' }), ['allied:mediterranean']);
    const live = await ann.live(id);
    const byAnn = await ann.call('PUT', `/api/games/${id}/title`, { title: 'Mine now' });
    expect([byAnn.status, byAnn.body.error.code]).toEqual([403, 'not-referee']);
    for (const title of ['', '   ', 'x'.repeat(121)]) expect((await rita.call('PUT', `/api/games/${id}/title`, { title })).status).toBe(400);
    const r = await rita.call('PUT', `/api/games/${id}/title`, { title: '  Baltic cup, second season ' });
    expect([r.status, r.body]).toEqual([200, { title: 'Baltic cup, second season' }]);
    expect(await live.until((f) => f.type === 'title')).toEqual({ type: 'title' });
    expect((await ann.page(id)).game.title).toBe('Baltic cup, second season');
    expect((await ann.get('/api/me')).body.games.find((g: { id: string }) => g.id === id).title).toBe('Baltic cup, second season');
  });

  it('a newcomer claiming a seat without a name is asked for it in words (400), and no one is made', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const token = await invite(rita, id, 'seat', { seat: 'allied:mediterranean' });
    const nameless = server.person('Nameless');
    const r = await nameless.post(`/api/invitations/${token}/claim`, { seats: ['allied:mediterranean'] });
    expect([r.status, r.body.error.message]).toEqual([400, 'Give your name ("name"): the other players will see it.']);
    expect(nameless.cookie).toBeNull();
    expect((await rita.page(id)).seats.find((s: { seat: string }) => s.seat === 'allied:mediterranean').holder).toBeNull();
  });

  it('a person may not hold seats of both teams: a table link claimed for both sides at once is 409 and gives no seat', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const table = await invite(rita, id, 'table');
    const both = server.person('Two-Face');
    const r = await claim(both, table, ['allied:mediterranean', 'soviet:mediterranean']);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('other-team');
    expect((await rita.page(id)).seats.every((s: { holder: string | null }) => s.holder === null)).toBe(true);
  });

  it('a person may not hold seats of both teams: a second claim for the other team is 409', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const table = await invite(rita, id, 'table');
    const ann = server.person('Ann');
    expect((await claim(ann, table, ['allied:mediterranean'])).status).toBe(200);
    // The invitation says which team the person plays for, so the page offers no seat of the other one.
    expect((await ann.get(`/api/invitations/${table}`)).body.yourTeam).toBe('allied');
    expect((await server.person('Newcomer').get(`/api/invitations/${table}`)).body).toMatchObject({ yourTeam: null, youReferee: false });
    expect((await rita.get(`/api/invitations/${table}`)).body.youReferee).toBe(true);
    const r = await claim(ann, table, ['soviet:north-atlantic']);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toMatch(/other team/);
    expect((await ann.page(id)).me.seats).toEqual(['allied:mediterranean']);
  });

  it('a seat already held is 409 seat-taken; the refused newcomer is not signed in and no one is made for them', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const table = await invite(rita, id, 'table');
    expect((await claim(server.person('Ann'), table, ['allied:mediterranean'])).status).toBe(200);
    const late = server.person('Late');
    const r = await claim(late, table, ['allied:mediterranean', 'allied:north-atlantic']);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'seat-taken' });
    expect(r.body.error.message).toBe('Allied, Mediterranean is already held by someone else: the referee can free the seat for a new device.');
    expect(late.cookie).toBeNull();
    // All or nothing: the free seat of the claim was not given either.
    expect((await rita.page(id)).seats.find((s: { seat: string }) => s.seat === 'allied:north-atlantic').holder).toBeNull();
    const people = await server.ctx.store.db.selectFrom('people').select('name').where('name', '=', 'Late').execute();
    expect(people).toEqual([]);
  });

  it('no link is made that nobody could claim: a held seat, a team whose seats are all held (409, freeing named); a table link offers the free seats only', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    await claim(server.person('Ann'), await invite(rita, id, 'team', { team: 'allied' }), ALLIED);
    const held = await rita.post(`/api/games/${id}/invitations`, { kind: 'seat', seat: 'allied:mediterranean' });
    expect([held.status, held.body.error]).toEqual([409, { code: 'seat-taken', message: 'Allied, Mediterranean is held by Ann: free the seat first (Referee, Seats), then make the link.' }]);
    const team = await rita.post(`/api/games/${id}/invitations`, { kind: 'team', team: 'allied' });
    expect([team.status, team.body.error?.message]).toEqual([409, 'Every seat of this team is held: free a seat first (Referee, Seats), then make the link.']);
    // A table link offers the seats still free only: freeing a held seat later does not revoke it.
    const table = await rita.post(`/api/games/${id}/invitations`, { kind: 'table' });
    expect([table.status, table.body.seats]).toEqual([201, SOVIET]);
    expect((await rita.call('DELETE', `/api/games/${id}/seats/allied:mediterranean`)).status).toBe(200);
    expect((await claim(server.person('Sam'), table.body.token, SOVIET)).status).toBe(200);
  });

  it('the referee lists the invitation links (what each offers, which seats are still free) and revokes one: it no longer admits anyone; players may do neither', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const seatLink = await invite(rita, id, 'seat', { seat: 'allied:mediterranean' });
    const watchLink = await invite(rita, id, 'spectator');
    const ann = server.person('Ann');
    expect((await claim(ann, seatLink, ['allied:mediterranean'])).status).toBe(200);
    const list = await rita.get(`/api/games/${id}/invitations`);
    expect(list.status, list.text).toBe(200);
    const byKind = (kind: string) => list.body.invitations.find((i: { kind: string }) => i.kind === kind);
    expect(list.body.invitations).toHaveLength(2);
    expect(byKind('seat')).toMatchObject({ seats: ['allied:mediterranean'], labels: ['Allied, Mediterranean'], free: [] });
    expect(byKind('spectator')).toMatchObject({ seats: [], free: [] });
    expect(JSON.stringify(list.body)).not.toContain(watchLink); // the links themselves were shown once, when made
    expect((await ann.get(`/api/games/${id}/invitations`)).status).toBe(403);
    const spectatorId = byKind('spectator').id;
    expect((await ann.call('DELETE', `/api/games/${id}/invitations/${spectatorId}`)).status).toBe(403);
    // Another campaign's referee cannot revoke this campaign's link, even by its id.
    const olga = server.person('Olga');
    await createCampaign(olga);
    expect((await olga.call('DELETE', `/api/games/${id}/invitations/${spectatorId}`)).status).toBe(403);
    expect((await rita.call('DELETE', `/api/games/${id}/invitations/${spectatorId}`)).status).toBe(200);
    const again = await rita.call('DELETE', `/api/games/${id}/invitations/${spectatorId}`);
    expect([again.status, again.body.error.code]).toEqual([404, 'no-such-invitation']);
    const sam = server.person('Sam');
    expect((await claim(sam, watchLink, [])).status).toBe(404);
    expect((await rita.get(`/api/games/${id}/invitations`)).body.invitations).toHaveLength(1);
    // Seats claimed by a link stay held when it is revoked.
    expect((await rita.call('DELETE', `/api/games/${id}/invitations/${byKind('seat').id}`)).status).toBe(200);
    expect((await ann.page(id)).me.seats).toEqual(['allied:mediterranean']);
  });

  it('an invitation link works for 14 days unless the referee picks another time: then it admits nobody new (410, saying when) and the list says it expired; a link made to last until revoked does', async () => {
    const clock = new TestClock('2026-12-02T12:00:00Z');
    const timed = await startServer({ clock });
    try {
      const rita = timed.person('Rita');
      const id = await createCampaign(rita);
      const made = (body: object) => rita.post(`/api/games/${id}/invitations`, body);
      const twoWeeks = await made({ kind: 'seat', seat: 'allied:mediterranean' });
      expect([twoWeeks.status, twoWeeks.body.expiresAt]).toEqual([201, '2026-12-16T12:00:00.000Z']);
      const oneDay = (await made({ kind: 'seat', seat: 'soviet:mediterranean', days: 1 })).body;
      const forever = (await made({ kind: 'spectator', days: null })).body;
      expect(forever.expiresAt).toBeNull();
      expect((await made({ kind: 'spectator', days: 0 })).status).toBe(400);
      clock.advance(24 * HOUR);
      const late = await timed.person('Olga').get(`/api/invitations/${oneDay.token}`);
      expect([late.status, late.body.error]).toEqual([410, { code: 'invitation-expired', message: 'This invitation link expired on Thu, 03 Dec 2026 12:00 UTC: ask the referee for a new one.' }]);
      const olga = timed.person('Olga');
      expect((await claim(olga, oneDay.token, ['soviet:mediterranean'])).status).toBe(410);
      expect(olga.cookie).toBeNull(); // nobody was made or signed in
      expect((await claim(timed.person('Ann'), twoWeeks.body.token, ['allied:mediterranean'])).status).toBe(200);
      const list = (await rita.get(`/api/games/${id}/invitations`)).body.invitations as { kind: string; seats: string[]; expired: boolean; expiresAt: string | null }[];
      // Made in the same instant of the test's clock, the three come in no set order: sorted by what they offer.
      expect(list.map((i) => [i.seats[0] ?? i.kind, i.expired, i.expiresAt]).sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual([
        ['allied:mediterranean', false, '2026-12-16T12:00:00.000Z'],
        ['soviet:mediterranean', true, '2026-12-03T12:00:00.000Z'],
        ['spectator', false, null],
      ]);
      clock.advance(400 * 24 * HOUR);
      expect((await claim(timed.person('Sam'), forever.token, [])).status).toBe(200);
      expect((await rita.page(id)).seats.find((s: { seat: string }) => s.seat === 'allied:mediterranean').holder).toBe('Ann'); // a seat claimed stays held when its link expires
    } finally {
      await timed.close();
    }
  });

  it('the referee lists who watches and removes a spectator: they no longer see the game (403); players and other referees may do neither', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const link = await invite(rita, id, 'spectator');
    const [sam, tom] = [server.person('Sam'), server.person('Tom')];
    for (const p of [sam, tom]) expect((await claim(p, link, [])).status).toBe(200);
    const listed = await rita.get(`/api/games/${id}/spectators`);
    expect(listed.body.spectators.map((x: { name: string }) => x.name)).toEqual(['Sam', 'Tom']);
    const samId = listed.body.spectators[0].id as string;
    expect((await sam.get(`/api/games/${id}/spectators`)).status).toBe(403);
    expect((await sam.call('DELETE', `/api/games/${id}/spectators/${samId}`)).status).toBe(403);
    const olga = server.person('Olga');
    await createCampaign(olga);
    expect((await olga.call('DELETE', `/api/games/${id}/spectators/${samId}`)).status).toBe(403);
    expect((await sam.page(id)).me.spectator).toBe(true);
    expect((await rita.call('DELETE', `/api/games/${id}/spectators/${samId}`)).status).toBe(200);
    expect((await sam.get(`/api/games/${id}`)).status).toBe(403);
    expect((await tom.page(id)).me.spectator).toBe(true);
    expect((await rita.call('DELETE', `/api/games/${id}/spectators/${samId}`)).body.error.code).toBe('no-such-spectator');
    expect((await rita.get(`/api/games/${id}/spectators`)).body.spectators.map((x: { name: string }) => x.name)).toEqual(['Tom']);
  });

  it('a spectator link gives a spectator who reads the game but never acts (403), and gives no seat', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const token = await invite(rita, id, 'spectator');
    const sam = server.person('Sam');
    expect((await sam.post(`/api/invitations/${token}/claim`, { seats: ['allied:mediterranean'], name: 'Sam' })).status).toBe(403);
    expect(sam.cookie).toBeNull();
    expect((await claim(sam, token, [])).status).toBe(200);
    const page = await sam.page(id);
    expect(page.me).toMatchObject({ spectator: true, referee: false, seats: [], viewer: 'spectator' });
    expect(page.actions).toEqual({});
    expect(page.view.zones).toHaveLength(2);
    const act = await sam.post(`/api/games/${id}/actions`, { action: { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }, seen: 0 });
    expect(act.status).toBe(403);
    expect(act.body.error).toMatchObject({ code: 'not-your-seat', message: 'You hold no seat in this campaign.' });
    expect((await sam.post(`/api/games/${id}/undo`, { seat: 'soviet:mediterranean', seen: 0 })).status).toBe(403);
    expect((await sam.post(`/api/games/${id}/invitations`, { kind: 'table' })).status).toBe(403);
    expect((await sam.get(`/api/games/${id}/export`)).status).toBe(403);
    expect((await sam.get(`/api/games/${id}?as=soviet:mediterranean`)).status).toBe(403);
    expect((await rita.page(id)).game.version).toBe(0);
    // A player who also opens the spectator link is still a player, not a spectator.
    const ann = server.person('Ann');
    await claim(ann, await invite(rita, id, 'seat', { seat: 'allied:mediterranean' }), ['allied:mediterranean']);
    expect((await ann.get(`/api/invitations/${token}`)).body.yourTeam).toBe('allied'); // the page sends her to the game instead
    expect((await claim(ann, token, [])).status).toBe(200);
    expect((await ann.page(id)).me).toMatchObject({ spectator: false, seats: ['allied:mediterranean'] });
    // Nor is she on the referee's list of spectators (whom "Remove" would stop seeing the game), nor is the referee.
    expect((await claim(rita, token, [])).status).toBe(200);
    expect((await rita.get(`/api/games/${id}/spectators`)).body.spectators.map((x: { name: string }) => x.name)).toEqual(['Sam']);
  });

  it('only the referee invites (403 for a player)', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const ann = server.person('Ann');
    await claim(ann, await invite(rita, id, 'seat', { seat: 'allied:mediterranean' }), ['allied:mediterranean']);
    const r = await ann.post(`/api/games/${id}/invitations`, { kind: 'seat', seat: 'allied:north-atlantic' });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('not-referee');
  });

  it('a person who is not in a campaign reads nothing of it (403), and an unknown game is 404', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita);
    const stranger = server.person('Stranger');
    await createCampaign(stranger);
    expect((await stranger.get(`/api/games/${id}`)).status).toBe(403);
    expect((await stranger.get(`/api/games/${id}/log`)).status).toBe(403);
    expect((await stranger.get('/api/games/no-such-game')).status).toBe(404);
  });
});

describe('the home page', () => {
  it('/api/me lists every campaign and seat, the ones waiting on you first', async () => {
    const rita = server.person('Rita');
    const busy = await createCampaign(rita);
    const quiet = await createCampaign(rita); // the newer one
    const ann = server.person('Ann');
    // In the quiet game Ann holds an Allied seat (nobody waits on it at the start: the Soviet player rolls the mission, 6.B).
    await claim(ann, await invite(rita, quiet, 'seat', { seat: 'allied:north-atlantic' }), ['allied:north-atlantic']);
    const first = (await ann.get('/api/me')).body.games;
    expect(first).toHaveLength(1);
    expect(first[0].waitingOnYou).toEqual([]);
    // In the older one she holds a Soviet seat that the game waits on: it comes first.
    await claim(ann, await invite(rita, busy, 'team', { team: 'soviet' }), ['soviet:mediterranean']);
    const games = (await ann.get('/api/me')).body.games;
    expect(games.map((g: { id: string }) => g.id)).toEqual([busy, quiet]);
    expect(games[0].waitingOnYou).toEqual(['soviet:mediterranean']);
    expect(games[0].seatLabels).toEqual({ 'soviet:mediterranean': 'Soviet, Mediterranean' });
    expect(games[0].waitingFor).toEqual(expect.arrayContaining(['soviet:mediterranean', 'soviet:north-atlantic']));
    expect((await server.person('Nobody').get('/api/me')).body).toEqual({ person: null, games: [] });
    // Paused, a campaign waits on nobody until it resumes (its tab count and "Waiting on you" too).
    expect((await rita.post(`/api/games/${busy}/pause`)).status).toBe(200);
    expect((await ann.get('/api/me')).body.games.find((g: { id: string }) => g.id === busy)).toMatchObject({ paused: true, waitingOnYou: [], waitingFor: [] });
    // A campaign that does not load (a database restored under a running server) is shown as such; the others still are.
    const sessionOf = server.ctx.sessionOf;
    server.ctx.sessionOf = (id: string) => (id === quiet ? Promise.reject(new Error('secret reason: the Allied order costs 88')) : sessionOf(id));
    try {
      const listed = await ann.get('/api/me');
      expect(listed.status).toBe(200);
      const broken = listed.body.games.find((g: { id: string }) => g.id === quiet);
      expect(broken).toMatchObject({ title: expect.any(String), waitingOnYou: [], problem: expect.stringMatching(/^This campaign cannot be opened/) });
      expect(JSON.stringify(listed.body)).not.toContain('secret reason');
      expect(listed.body.games.find((g: { id: string }) => g.id === busy)).toMatchObject({ paused: true });
    } finally {
      server.ctx.sessionOf = sessionOf;
    }
  });

  it('the demo campaign: its creator referees and holds every seat', async () => {
    const p = server.person('Demo');
    const r = await p.post('/api/demo', { name: 'Demo' });
    expect(r.status).toBe(201);
    const page = await p.page(r.body.id);
    expect(page.me.referee).toBe(true);
    expect(page.me.seats.sort()).toEqual([...ALLIED, ...SOVIET].sort());
    expect(Object.keys(page.actions).sort()).toEqual([...ALLIED, ...SOVIET].sort());
  });
});
