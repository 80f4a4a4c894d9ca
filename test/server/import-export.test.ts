/**
 * A campaign started at the table continues online and back (issue 9): a CLI game file imported
 * with its seed is played on through the API by the people invited, and the file exported at the
 * end replays with `wardroom replay` to the same result as the game played at the table.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import type { Action } from '../../src/engine/module.ts';
import { Session, type GameRecord } from '../../src/engine/session.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { TMP, wardroom } from '../support/cli.ts';
import { claim, createCampaign, example, importCut, invite, startServer, twoTeamGame, TWO_ZONE_FORM, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());


const strip = ({ rolled: _r, ...a }: Action & { rolled?: unknown }): Action => a;

describe('import and export of the CLI game file', () => {
  it('examples/cwnb/two-zone.json imported half-way with its seed is played to the end online; the exported file replays (wardroom replay) to the table\'s result', async () => {
    const table = example('two-zone.json');
    const cut = 100;
    const g = await importCut(server, table, cut, 'From the table');
    expect(g.seed).toBe(true);
    expect((await g.referee.page(g.id)).game).toMatchObject({ version: cut, title: 'From the table', seed: null, over: false });
    let v = cut;
    for (const a of table.log.slice(cut)) v = await g.teams[a.seat.split(':')[0] as 'allied' | 'soviet'].act(g.id, strip(a), v);
    const exported = (await g.soviet.get(`/api/games/${g.id}/export`)).body as GameRecord;
    expect(exported.seed).toBe(table.seed);
    expect(exported.log).toEqual(table.log);
    const file = join(TMP, 'online-two-zone.json');
    writeFileSync(file, JSON.stringify(exported));
    const online = await wardroom(['replay', file, '--json']);
    expect(online.code).toBe(0);
    const mine = JSON.parse(online.stdout);
    expect(mine).toMatchObject({ finished: true });
    writeFileSync(join(TMP, 'table-two-zone.json'), JSON.stringify(table));
    const reference = await wardroom(['replay', join(TMP, 'table-two-zone.json'), '--json']);
    expect(mine).toEqual(JSON.parse(reference.stdout));
  });

  it('6.C.1 after the end the game file is everyone\'s, but a team\'s notes stay the team\'s: the other team and spectators get the note\'s entry without its text; the file still replays and verifies', async () => {
    const table = example('two-zone.json');
    const NOTE = 'SECRET-ALLIED-PLAN: strike the Kirov first';
    const withNote = { ...table, log: [{ type: 'teamNote', seat: 'allied:mediterranean', text: NOTE }, ...table.log] } as GameRecord;
    const g = await importCut(server, withNote, withNote.log.length, 'Notes');
    expect((await g.referee.page(g.id)).game.over).toBe(true);
    const exportOf = async (who: typeof g.referee) => (await who.get(`/api/games/${g.id}/export`)).body as GameRecord;
    for (const who of [g.referee, g.allied]) expect(JSON.stringify(await exportOf(who)), `${who.name}'s file`).toContain(NOTE);
    for (const who of [g.soviet, g.spectator]) {
      const file = await exportOf(who);
      expect(JSON.stringify(file), `${who.name}'s file`).not.toContain('SECRET-ALLIED-PLAN');
      expect(file.log[0]).toMatchObject({ type: 'teamNote', seat: 'allied:mediterranean' });
      expect(file.log.slice(1)).toEqual(table.log);
      const path = join(TMP, `notes-${who.name}.json`);
      writeFileSync(path, JSON.stringify(file));
      expect((await wardroom(['verify', path])).code, `${who.name}'s file verifies`).toBe(0);
    }
  });

  it('examples/cwnb/seven-zone-nine-turn.json (server dice) imported with its seed continues online: the next 40 actions roll the same dice', async () => {
    const table = example('seven-zone-nine-turn.json');
    const cut = 700;
    const g = await importCut(server, table, cut, 'From the table');
    expect(g.seed).toBe(true);
    let v = cut;
    for (const a of table.log.slice(cut, cut + 40)) v = await g.teams[a.seat.split(':')[0] as 'allied' | 'soviet'].act(g.id, strip(a), v);
    const exported = (await g.referee.get(`/api/games/${g.id}/export`)).body as GameRecord;
    expect(exported.seed).toBeNull(); // the game runs on: the referee's file keeps the seed back
    expect(exported.log).toEqual(table.log.slice(0, cut + 40)); // with the dice the server rolled, as logged at the table
    expect(exported.log.slice(cut).filter((e) => e.rolled).length).toBeGreaterThan(3);
    // The file names the people who played online (Ann the Allied seats, Boris the Soviet ones); otherwise it is the table's game.
    const players = Object.fromEntries(g.seats.map((s) => [s.seat, s.team === 'allied' ? 'Ann' : 'Boris']));
    expect(exported.options).toEqual({ ...(table.options as object), players });
    const online = Session.open(cwnb, exported);
    const atTable = Session.open(cwnb, { ...table, options: exported.options, log: table.log.slice(0, cut + 40) });
    if (isRuleError(online) || isRuleError(atTable)) throw new Error('does not replay');
    expect(isDeepStrictEqual(online.state, atTable.state)).toBe(true);
  });

  it('back to the table before the end: the referee moves a server-dice campaign to the table and gets its file with the seed, which continues at the table with the same dice; online it is over for good', async () => {
    const table = example('seven-zone-nine-turn.json');
    const cut = 700;
    const g = await importCut(server, table, cut, 'Back to the table');
    expect((await g.allied.page(g.id)).game.seedImported, 'its seed came with the file').toBe(true);
    const path = `/api/games/${g.id}/to-table`;
    expect((await g.allied.post(path, {})).status, 'a player may not').toBe(403);
    // A rewind the rules allow (asked, it is checked at once): the latest point of an Allied War Zone that can be gone back to.
    const cutSession = Session.open(cwnb, { ...table, log: table.log.slice(0, cut) });
    if (isRuleError(cutSession)) throw new Error('does not replay');
    const [asked, zone, to] = g.seats
      .filter((s) => s.team === 'allied')
      .flatMap(({ seat }) => Array.from({ length: 30 }, (_, k) => [seat, seat.split(':')[1], cut - 2 - k] as const))
      .find(([, z, k]) => !isRuleError(cutSession.trial((s) => s.rewind(`zone:${z}`, k, ['referee']))))!;
    const open = await g.allied.post(`/api/games/${g.id}/rewinds`, { seat: asked, scope: `zone:${zone}`, to });
    expect(open.status).toBe(201);
    const moved = await g.referee.post(path, {});
    expect(moved.status).toBe(200);
    const file = moved.body as GameRecord;
    expect(file.seed).toBe(table.seed);
    expect(file.log).toEqual(table.log.slice(0, cut));
    // At the table (what wardroom play does): the next 40 actions roll the dice the table rolled.
    const atTable = Session.open(cwnb, file);
    if (isRuleError(atTable)) throw new Error(atTable.message);
    for (const a of table.log.slice(cut, cut + 40)) expect(isRuleError(atTable.submit(strip(a))), `${a.type} by ${a.seat}`).toBe(false);
    expect(atTable.record.log).toEqual(table.log.slice(0, cut + 40));
    // Online, nothing more is played, and it cannot be resumed: its seed has left the server.
    const next = await g.teams[table.log[cut].seat.split(':')[0] as 'allied' | 'soviet'].post(`/api/games/${g.id}/actions`, { action: strip(table.log[cut]), seen: cut });
    expect(next.status).toBe(423);
    expect(next.body.error).toMatchObject({ code: 'moved-to-table', message: expect.stringContaining('moved this campaign to the table') });
    expect((await g.referee.post(`/api/games/${g.id}/resume`, {})).body.error.code).toBe('moved-to-table');
    const undo = await g.teams[table.log[cut - 1].seat.split(':')[0] as 'allied' | 'soviet'].post(`/api/games/${g.id}/undo`, { seat: table.log[cut - 1].seat, seen: cut });
    expect([undo.status, undo.body.error.code]).toEqual([423, 'moved-to-table']);
    expect((await g.referee.post(path, {})).status, 'moved once').toBe(409);
    expect((await g.referee.get(`/api/games/${g.id}/export`)).body.seed, 'the referee can download it again').toBe(table.seed);
    expect((await g.soviet.get(`/api/games/${g.id}/export`)).status, 'a player still may not').toBe(403);
    expect((await g.soviet.get(`/api/games/${g.id}/deadline`)).body.deadline).toMatchObject({ paused: true, movedAt: expect.any(String) });
    // Nothing that only an online game has: a deadline, a rewind, a seat waited on.
    expect((await g.referee.call('PUT', `/api/games/${g.id}/deadline`, { hours: 24, onExpiry: 'pause' })).body.error.code).toBe('moved-to-table');
    const seat = g.seats.find((s) => s.team === 'allied')!.seat;
    expect((await g.allied.post(`/api/games/${g.id}/rewinds`, { seat, scope: `zone:${seat.split(':')[1]}`, to: 0 })).body.error.code).toBe('moved-to-table');
    expect([(await g.referee.call('DELETE', `/api/games/${g.id}/deadline`)).status, (await g.referee.post(`/api/games/${g.id}/pause`, {})).body.error?.code]).toEqual([423, 'moved-to-table']);
    // The rewind asked before the move is no longer offered, and cannot be answered either way.
    expect((await g.soviet.page(g.id)).rewinds).toEqual([]);
    const answer = await g.soviet.post(`/api/games/${g.id}/rewinds/${open.body.id}`, { seat: `soviet:${zone}`, agree: false });
    expect([answer.status, answer.body.error?.code]).toEqual([423, 'moved-to-table']);
    for (const who of [g.allied, g.soviet]) {
      expect((await who.get('/api/me')).body.games.find((x: { id: string }) => x.id === g.id)).toMatchObject({ waitingOnYou: [], waitingFor: [] });
      const page = await who.page(g.id);
      expect(page.waitingFor).toEqual([]);
      for (const seat of page.me.seats) expect([page.actions[seat], page.undoable[seat]], seat).toEqual([[], 0]);
    }
  });

  it('the exported file names the people who hold the seats online (their names now), and keeps the name of a seat nobody holds; so does the file moved to the table', async () => {
    const referee = server.person('Rita');
    const players = { 'allied:mediterranean': 'Alice (planned)', 'soviet:north-atlantic': 'Dmitri' };
    const id = await createCampaign(referee, { ...TWO_ZONE_FORM, dice: 'seeded', players });
    const ann = server.person('Ann');
    const boris = server.person('Boris');
    expect((await claim(ann, await invite(referee, id, 'team', { team: 'allied' }), ['allied:mediterranean', 'allied:north-atlantic'])).status).toBe(200);
    expect((await claim(boris, await invite(referee, id, 'seat', { seat: 'soviet:mediterranean' }), ['soviet:mediterranean'])).status).toBe(200);
    expect((await ann.post('/api/me', { name: 'Ann Smith' })).status).toBe(200); // the name she goes by now
    const named = { 'allied:mediterranean': 'Ann Smith', 'allied:north-atlantic': 'Ann Smith', 'soviet:mediterranean': 'Boris', 'soviet:north-atlantic': 'Dmitri' };
    const exported = (await referee.get(`/api/games/${id}/export`)).body as GameRecord;
    expect((exported.options as { players: unknown }).players).toEqual(named);
    expect(exported.seed, 'the seed stays on the server').toBeNull();
    // At the table the file opens with those names (the record sheet's "Players: …").
    const opened = Session.open(cwnb, exported);
    if (isRuleError(opened)) throw new Error(opened.message);
    expect((opened.state as { holders: unknown }).holders).toEqual(named);
    expect((await ann.get(`/api/games/${id}/export`)).status, 'still the referee\'s alone before the end').toBe(403);
    const moved = await referee.post(`/api/games/${id}/to-table`, {});
    expect(moved.status).toBe(200);
    expect((moved.body as GameRecord).options).toMatchObject({ players: named });
  });

  it('before the end a player\'s or spectator\'s export is refused in words that name "Download my log"; their log downloads as an attachment named by the campaign and the viewer', async () => {
    const g = await twoTeamGame(server);
    for (const who of [g.allied, g.spectator]) {
      const r = await who.get(`/api/games/${g.id}/export`);
      expect(r.status).toBe(403);
      expect(r.body.error.message).toContain('"Download my log" on the campaign\'s page');
      expect(r.body.error.message, 'no bare API path').not.toMatch(/ \/log\b/);
    }
    const mine = await g.allied.get(`/api/games/${g.id}/log?as=allied:north-atlantic`);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="wardroom-${g.id}-log-allied-north-atlantic.json"`);
    expect(mine.body).toMatchObject({ game: g.id, viewer: 'allied:north-atlantic', events: expect.any(Array) });
    const watched = await g.spectator.get(`/api/games/${g.id}/log?as=spectator`);
    expect(watched.headers['content-disposition']).toBe(`attachment; filename="wardroom-${g.id}-log-spectator.json"`);
  });

  it('the game file carries the campaign\'s title, and its download is named by it (accents dropped, not their letters); imported with no title given, the file\'s title names the campaign', async () => {
    const rita = server.person('Rita');
    const id = await createCampaign(rita, { ...TWO_ZONE_FORM, title: 'Winter Campaign 1986' });
    const r = await rita.get(`/api/games/${id}/export`);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="wardroom-winter-campaign-1986-${id}.json"`);
    expect((r.body as { title: unknown }).title).toBe('Winter Campaign 1986');
    const again = await rita.post('/api/import', { file: JSON.stringify(r.body) });
    expect(again.status).toBe(201);
    expect((await rita.page(again.body.id)).game.title).toBe('Winter Campaign 1986');
    const titled = await rita.post('/api/import', { file: JSON.stringify(r.body), title: 'Club copy' });
    expect((await rita.page(titled.body.id)).game.title).toBe('Club copy');
    // A title's accented letters keep their letter in the file's name.
    const accented = await createCampaign(rita, { ...TWO_ZONE_FORM, title: 'Mañana: Zürich' });
    expect((await rita.get(`/api/games/${accented}/export`)).headers['content-disposition']).toBe(`attachment; filename="wardroom-manana-zurich-${accented}.json"`);
  });

  it('a physical-dice campaign is not moved to the table (409): its ordinary export goes to the table, and online play goes on', async () => {
    const table = example('two-zone.json');
    const g = await importCut(server, table, 40, 'Physical dice');
    const r = await g.referee.post(`/api/games/${g.id}/to-table`, {});
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'physical-dice', message: expect.stringContaining('physical dice') });
    expect((await g.referee.get(`/api/games/${g.id}/deadline`)).body.deadline?.movedAt ?? null).toBeNull();
  });

  it('a file whose logged die was edited is refused (422 naming the action) when it comes with its seed: the import checks every seeded roll against the seed', async () => {
    const table = example('seven-zone-nine-turn.json');
    // The last mission roll (an edited Non-Combatant deal would name cards the later log does not sink).
    const i = table.log.length - 1 - [...table.log].reverse().findIndex((e) => e.type === 'rollMission' && e.rolled?.length);
    const rolled = [...table.log[i].rolled!];
    rolled[0] = rolled[0] === 1 ? 2 : rolled[0] - 1;
    const edited = { ...table, log: table.log.map((e, k) => (k === i ? { ...e, rolled } : e)) };
    expect(isRuleError(Session.open(cwnb, { ...edited, seed: null })), 'without its seed the edited file replays').toBe(false);
    const p = server.person('Editor');
    const r = await p.post('/api/import', { file: JSON.stringify(edited) });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toContain(`action #${i}`);
    expect((await p.get('/api/me')).body.games).toEqual([]);
  });

  it('an unfinished server-dice campaign without its seed is refused (422 seed-required): it would stop at its next die; with the seed it comes online', async () => {
    const table = example('seven-zone-nine-turn.json');
    const cut = { ...table, log: table.log.slice(0, 300), seed: null };
    const p = server.person('Forgetful');
    const r = await p.post('/api/import', { file: JSON.stringify(cut) });
    expect([r.status, r.body.error.code]).toEqual([422, 'seed-required']);
    expect(r.body.error.message).toMatch(/import it with its seed \(the terminal keeps it in FILE.seed/);
    expect((await p.get('/api/me')).body.games).toEqual([]);
    // The seed as the terminal writes FILE.seed (with its newline), and without a title the campaign is "Imported campaign".
    const withSeed = await p.post('/api/import', { file: JSON.stringify(cut), seed: `${table.seed}\n` });
    expect(withSeed.status).toBe(201);
    expect((await p.page(withSeed.body.id)).game.title).toBe('Imported campaign');
  });

  it('a file that is not JSON, or a seed that does not match its commitment, is refused (422) and nothing is made', async () => {
    const p = server.person('Importer');
    const bad = await p.post('/api/import', { file: '{"format": "wardroom-game", ' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toMatch(/not valid JSON/);
    const wrong = await p.post('/api/import', { file: JSON.stringify({ ...example('two-zone.json'), seed: null }), seed: 'not-the-seed' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.message).toMatch(/seed does not match/);
    expect((await p.get('/api/me')).body.games).toEqual([]);
  });
});
