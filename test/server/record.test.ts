/**
 * Issue 10, the Victory Point Record Sheet online (rules 10, 11): `GET /api/games/:id/record`
 * (the plots' series, the result, the sheet's tables) and `GET /api/games/:id/record.csv` give
 * the numbers `wardroom record-sheet FILE --csv` prints for the same game, one point per
 * Campaign Game Turn, and nothing secret: a running campaign's record, as the Soviet player or a
 * spectator receives it, holds no Allied order, card or commitment not yet revealed.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGameRecord } from '../../src/engine/session.ts';
import { splitCsv } from '../../src/modules/cwnb/data/roster.ts';
import { ROOT, wardroom } from '../support/cli.ts';
import { example, importCut, startServer, type TestServer } from '../support/server.ts';

const FILE = 'seven-zone-nine-turn.json';
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());


/** CSV text as rows of fields. */
function rowsOf(csv: string): string[][] {
  const r = splitCsv(csv);
  if (r.error) throw new Error(r.error);
  return r.records.filter((row) => row.length > 1);
}

describe('GET /api/games/:id/record and record.csv: a finished campaign (examples/cwnb/seven-zone-nine-turn.json)', () => {
  let g: Awaited<ReturnType<typeof importCut>>;
  let cliCsv = '';
  let cliText = '';
  beforeAll(async () => {
    const table = example(FILE);
    g = await importCut(server, table, table.log.length, 'Seven zones');
    // The file as it leaves the server names the people who hold the seats online (Ann, Boris), as the sheet online does.
    const exported = await g.referee.get(`/api/games/${g.id}/export`);
    const file = join(mkdtempSync(join(tmpdir(), 'wardroom-record-')), FILE);
    writeFileSync(file, JSON.stringify(exported.body));
    const [csv, text] = await Promise.all([wardroom(['record-sheet', file, '--csv']), wardroom(['record-sheet', file])]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(text.code, text.stderr).toBe(0);
    cliCsv = csv.stdout;
    cliText = text.stdout;
  }, 120_000);

  it('10, 11: the CSV download is the CLI\'s `record-sheet --csv`, byte for byte, as an attachment', async () => {
    for (const who of [g.referee, g.soviet, g.spectator]) {
      const r = await who.get(`/api/games/${g.id}/record.csv`);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/csv/);
      expect(r.headers['content-disposition']).toMatch(/^attachment; filename="wardroom-.*record-sheet\.csv"$/);
      expect(r.text).toBe(cliCsv);
    }
    expect(rowsOf(cliCsv).at(-1)!.at(-1)).toMatch(/Victory by \d+|Draw/);
  });

  it('10: the VP race has one point per Campaign Game Turn (1 to 9), each the CLI\'s running totals', async () => {
    const r = await g.spectator.get(`/api/games/${g.id}/record`);
    expect(r.status).toBe(200);
    const rec = r.body;
    expect(rec.series.map((p: any) => p.turn)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const rows = rowsOf(cliCsv);
    const col = (name: string) => rows[0].indexOf(name);
    let running = { allied: 0, soviet: 0 };
    for (const p of rec.series) {
      const turnRows = rows.filter((row) => row[col('turn')] === String(p.turn));
      expect(turnRows).toHaveLength(7);
      const banked = { allied: turnRows.reduce((s, row) => s + Number(row[col('allied_vp')]), 0), soviet: turnRows.reduce((s, row) => s + Number(row[col('soviet_vp')]), 0) };
      running = { allied: running.allied + banked.allied, soviet: running.soviet + banked.soviet };
      expect(p.banked, `turn ${p.turn}`).toEqual(banked);
      expect(p.running, `turn ${p.turn}`).toEqual(running);
      expect(p.complete).toBe(true);
      // 7.2.3: the War Zone Status of every zone at the end of the turn, as the CLI's status column.
      expect(p.status).toEqual(Object.fromEntries(turnRows.map((row) => [row[col('zone')], Number(row[col('status_column')])])));
    }
    expect(new Set(rec.series.flatMap((p: any) => Object.values(p.status))).size).toBeGreaterThan(1); // the markers moved
  });

  it('the sheet names who plays each seat online now, as the game page does (not a name the create form or the file gave)', async () => {
    const rec = (await g.spectator.get(`/api/games/${g.id}/record`)).body;
    expect(rec.sheet.lines).toContain('Players: Ann (Allied, Indian Ocean); Ann (Allied, Mediterranean); Ann (Allied, North Atlantic); Ann (Allied, North Sea); Ann (Allied, Persian Gulf); Ann (Allied, Sea of Japan); Ann (Allied, South Pacific); Boris (Soviet, Indian Ocean); Boris (Soviet, Mediterranean); Boris (Soviet, North Atlantic); Boris (Soviet, North Sea); Boris (Soviet, Persian Gulf); Boris (Soviet, Sea of Japan); Boris (Soviet, South Pacific).');
  });

  it('11: points per zone, the End Game bonuses, the totals and the result are the CLI\'s; the level carries the rulebook\'s historical description', async () => {
    const rec = (await g.allied.get(`/api/games/${g.id}/record`)).body;
    const rows = rowsOf(cliCsv);
    const col = (name: string) => rows[0].indexOf(name);
    const end = rows.filter((row) => row[col('turn')] === 'end');
    expect(end).toHaveLength(7);
    for (const row of end) {
      const z = rec.perZone.find((p: any) => p.zone === row[col('zone')]);
      expect(z.name).toBe(row[col('zone_name')]);
      expect(z.banked).toEqual({ allied: Number(row[col('allied_to_date')]), soviet: Number(row[col('soviet_to_date')]) });
      expect(z.bonus).toEqual({ allied: Number(row[col('allied_bonus')] || 0), soviet: Number(row[col('soviet_bonus')] || 0) });
      expect(z.total).toEqual({ allied: z.banked.allied + z.bonus.allied, soviet: z.banked.soviet + z.bonus.soviet });
      expect(z.status).toBe(Number(row[col('status_column')]));
    }
    const total = rows.at(-1)!;
    expect(total[col('turn')]).toBe('total');
    expect(rec.totals).toEqual({ allied: Number(total[col('allied_to_date')]), soviet: Number(total[col('soviet_to_date')]) });
    expect(rec.perZone.reduce((s: number, z: any) => s + z.total.allied, 0)).toBe(rec.totals.allied);
    expect(rec.over).toBe(true);
    const { winner, margin, level } = rec.result;
    expect(total[col('result')]).toBe(winner ? `${winner === 'allied' ? 'Allied' : 'Soviet'} ${level} Victory by ${margin}` : 'Draw');
    expect(margin).toBe(Math.abs(rec.totals.allied - rec.totals.soviet));
    // The game page's result (the engine's state) agrees.
    expect((await g.referee.page(g.id)).view.result).toMatchObject({ winner, margin, level, totals: rec.totals, historicalDescription: rec.result.historicalDescription });
    expect(rec.result.source).toMatch(/rule 11/);
    if (winner) expect(rec.result.historicalDescription).toMatch(/\w{3,}/);
    // The sheet's tables and result line are the CLI's text.
    expect(cliText).toContain(rec.sheet.result);
    for (const line of rec.sheet.lines) expect(cliText).toContain(line);
    expect(rec.sheet.tables.map((t: any) => t.caption).every((c: string) => cliText.includes(c))).toBe(true);
    expect(rec.sheet.tables[0].rows).toHaveLength(9 * 8); // 7 zones and a sum row per turn
  });

  it('a person who is not a member gets 403, an unknown campaign 404, and a signed-out browser 401', async () => {
    const stranger = server.person('Stranger');
    await stranger.post('/api/demo', { name: 'Stranger' }); // signed in, but not in this campaign
    expect((await stranger.get(`/api/games/${g.id}/record`)).status).toBe(403);
    expect((await stranger.get(`/api/games/${g.id}/record.csv`)).status).toBe(403);
    expect((await g.referee.get('/api/games/no-such-game/record')).status).toBe(404);
    expect((await server.person('Nobody').get(`/api/games/${g.id}/record`)).status).toBe(401);
  });

  it('an SMP game has no Victory Point Record Sheet: 404 with a reason, as JSON and as CSV', async () => {
    const referee = server.person('Ref');
    const scenario = JSON.parse(readFileSync(new URL('../../examples/smp/demo-1940.json', import.meta.url), 'utf8'));
    const r = await referee.post('/api/import', { file: JSON.stringify(newGameRecord('smp', { scenario }, 'record-test')), title: 'SMP' });
    expect(r.status, r.text).toBe(201);
    for (const path of ['record', 'record.csv']) {
      const a = await referee.get(`/api/games/${r.body.id}/${path}`);
      expect(a.status).toBe(404);
      expect(a.body.error).toMatchObject({ code: 'no-record-sheet', message: expect.stringMatching(/CWNB Campaign games/) });
    }
  });
});

describe('a running campaign\'s record holds nothing secret (issue 10: the sheet is public)', () => {
  // After action #88 an Allied commitment waits, secret, for the Soviet one (#94): 6.C.4.
  const CUT = 89;
  const table = example(FILE);
  const pending = table.log[CUT - 1];
  let g: Awaited<ReturnType<typeof importCut>>;
  beforeAll(async () => {
    g = await importCut(server, table, CUT, 'Seven zones');
  }, 60_000);

  it('the record is the same for the referee, each team and a spectator; the series runs to the turn under way', async () => {
    const answers = await Promise.all([g.referee, g.allied, g.soviet, g.spectator].map((p) => p.get(`/api/games/${g.id}/record`)));
    for (const a of answers) expect(a.status).toBe(200);
    for (const a of answers.slice(1)) expect(a.text).toBe(answers[0].text);
    const rec = answers[0].body;
    expect(rec.over).toBe(false);
    expect(rec.result).toBeNull();
    const turn = (await g.referee.page(g.id)).view.turn as number;
    expect(rec.series.map((p: any) => p.turn)).toEqual(Array.from({ length: turn }, (_, i) => i + 1));
    expect(rec.series.at(-1).complete).toBe(false);
    expect(rec.sheet.result).toMatch(/under way/);
  });

  it('6.C.2, 6.C.4: the Soviet player and a spectator receive no Allied card, order or commitment not yet revealed in the record (JSON or CSV)', async () => {
    expect(pending).toMatchObject({ type: 'commit', seat: expect.stringMatching(/^allied:/) });
    const commitment = JSON.stringify(pending.ships);
    // Needles: the pending commitment, the Allied cards held (ids "allied:ZONE#n"), and every event text the Allied team reads that the Soviet team does not.
    const alliedLog = (await g.allied.get(`/api/games/${g.id}/log?as=${encodeURIComponent(pending.seat)}`)).body.events as { text: string }[];
    const sovietSeat = g.seats.find((s) => s.team === 'soviet')!.seat;
    const sovietLog = (await g.soviet.get(`/api/games/${g.id}/log?as=${encodeURIComponent(sovietSeat)}`)).body.events as { text: string }[];
    const sovietTexts = new Set(sovietLog.map((e) => e.text));
    const hidden = alliedLog.filter((e) => !sovietTexts.has(e.text)).map((e) => e.text);
    const alliedPage = JSON.stringify(await g.allied.page(g.id, pending.seat));
    const cards = [...new Set(alliedPage.match(/allied:[a-z-]+#\d+/g) ?? [])];
    // The needles are real secrets: the Allied player has them, the Soviet player's page does not.
    expect(alliedPage).toContain(commitment);
    expect(cards.length).toBeGreaterThan(0);
    expect(hidden.length).toBeGreaterThan(5);
    const sovietPage = JSON.stringify(await g.soviet.page(g.id, sovietSeat));
    expect(sovietPage).not.toContain(commitment);
    const needles = [commitment, ...cards, ...hidden];
    expect(needles.filter((n) => sovietPage.includes(n))).toEqual([]);

    for (const who of [g.soviet, g.spectator]) {
      const json = await who.get(`/api/games/${g.id}/record`);
      const csv = await who.get(`/api/games/${g.id}/record.csv`);
      expect([json.status, csv.status]).toEqual([200, 200]);
      const leaks = needles.filter((n) => json.text.includes(n) || json.text.includes(JSON.stringify(n).slice(1, -1)) || csv.text.includes(n));
      expect(leaks, `${who.name} received`).toEqual([]);
    }
  });
});
