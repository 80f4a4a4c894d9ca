/**
 * The Victory Point Record Sheet (10, 11): what it shows is checked against the example games'
 * states (banked VP, the status marker turn by turn, the End Game result), it holds only public
 * facts (every viewer gets the same sheet, and a team's secret choices do not change it), and its
 * renderings (text, CSV, HTML) and the `wardroom record-sheet` command say the same numbers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readGameFile } from '../../src/adapters/storage/game-file.ts';
import { isRuleError } from '../../src/engine/errors.ts';
import { newGameRecord, Session, type GameRecord } from '../../src/engine/session.ts';
import { REFEREE, SPECTATOR, teamViewer, viewerName, type Viewer } from '../../src/engine/viewer.ts';
import { splitCsv } from '../../src/modules/cwnb/data/roster.ts';
import { zoneById } from '../../src/modules/cwnb/data/index.ts';
import { STATUS_COLUMNS, type Side, type ZoneId } from '../../src/modules/cwnb/data/types.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { RECORD_SHEET_CSV_COLUMNS, recordSheet, recordSheetCsv, recordSheetHtml, recordSheetText, sheetGame, type RecordSheet } from '../../src/modules/cwnb/record-sheet.ts';
import type { CwnbState } from '../../src/modules/cwnb/state.ts';
import { ROOT, wardroom } from '../support/cli.ts';
import { viewersOf, World } from '../support/secrecy.ts';

const EXAMPLES = join(ROOT, 'examples', 'cwnb');
const SIDES: Side[] = ['allied', 'soviet'];
const TMP = mkdtempSync(join(tmpdir(), 'wardroom-record-sheet-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const record = (file: string): GameRecord => readGameFile(join(EXAMPLES, file));

function open(rec: GameRecord): Session<CwnbState> {
  const s = Session.open(cwnb, rec);
  if (isRuleError(s)) throw new Error(`${s.index}: ${s.message}`);
  return s;
}

const sheetOf = (s: Session<CwnbState>, viewer: Viewer = SPECTATOR): RecordSheet => recordSheet(sheetGame(s.state), s.eventsFor(viewer));

/**
 * Finished games: the two long campaigns, every optional rule, 13.5 (an Additional Ship card banked
 * for 5), 13.1 (a variable end), a 9.5 status shift (mission-invasion) and a tie that leaves the
 * marker on Even (7.2.3).
 */
const FINISHED = [
  'two-zone.json',
  'seven-zone-nine-turn.json',
  'optional/seven-zone-all-options.json',
  'optional/13-5-friction-of-war.json',
  'optional/13-1-variable-end-turn.json',
  'mission-invasion.json',
  'mission-sea-superiority-tie.json',
];

const sessions = new Map<string, Session<CwnbState>>();
const game = (file: string) => sessions.get(file) ?? sessions.set(file, open(record(file))).get(file)!;

describe('10, 11: the sheet agrees with the game', () => {
  it.each(FINISHED)('10: %s — the VP banked per turn and zone add up to what each seat banked in the final state', (file) => {
    const s = game(file);
    const sheet = sheetOf(s);
    expect(sheet.turns.map((t) => t.turn)).toEqual(Array.from({ length: s.state.turn }, (_, i) => i + 1));
    for (const zone of s.state.options.zones) {
      for (const side of SIDES) {
        const perTurn = sheet.turns.map((t) => t.rows.find((r) => r.zone === zone)!.banked[side]);
        const end = sheet.end!.find((r) => r.zone === zone)!;
        expect(perTurn.reduce((a, b) => a + b, 0) + end.banked[side], `${zone} ${side}`).toBe(s.state.zones[zone]!.players[side].banked);
        expect(end.toDate[side]).toBe(s.state.zones[zone]!.players[side].banked);
      }
    }
    // The running total is the sum of the turns so far.
    let running = 0;
    for (const t of sheet.turns) expect(t.running.allied).toBe((running += t.banked.allied));
  });

  it.each(FINISHED)('7.2.3: %s — the status column of each turn is where the marker stood when the turn ended', (file) => {
    // The oracle: the game stepped action by action, the marker read whenever a turn ends.
    const rec = record(file);
    const world = new World(rec);
    const atEnd = new Map<number, Record<string, number>>();
    const marker = () => Object.fromEntries(world.state.options.zones.map((z) => [z, world.state.zones[z]!.status]));
    for (const a of rec.log) {
      const before = { turn: world.state.turn };
      expect(world.step(a)).toBe(true);
      if (world.state.turn !== before.turn) atEnd.set(before.turn, marker()); // 7.2.6: the new turn leaves the marker where it is
    }
    atEnd.set(world.state.turn, marker());
    const sheet = sheetOf(game(file));
    for (const t of sheet.turns) {
      for (const r of t.rows) {
        expect(r.status, `turn ${t.turn}, ${r.zone}`).toBe(atEnd.get(t.turn)![r.zone]);
        expect(r.complete).toBe(true);
      }
    }
  });

  it.each(FINISHED)('11: %s — End Game bonuses, totals and the level of victory are the game result', (file) => {
    const s = game(file);
    const sheet = sheetOf(s);
    const result = s.state.result!;
    expect(sheet.end!.map((r) => ({ id: r.zone, banked: r.toDate, endGame: r.bonus }))).toEqual(result.zones);
    for (const r of sheet.end!) expect(r.status).toBe(s.state.zones[r.zone]!.status);
    expect(sheet.totals).toEqual(result.totals);
    expect(sheet.result).toEqual({ winner: result.winner, margin: result.margin, level: result.level });
  });

  it('11: a game under way has no End Game rows; the turn in progress shows the marker now, marked under way', () => {
    const rec = record('two-zone.json');
    // Turn 2, after the Mediterranean has finished it and before the North Atlantic has.
    const cut = rec.log.findIndex((a, i) => i > 142 && a.type === 'setAside' && a.seat === 'allied:north-atlantic');
    const s = open({ ...rec, log: rec.log.slice(0, cut) });
    expect(s.state.turn).toBe(2);
    const sheet = sheetOf(s);
    expect(sheet.end).toBeNull();
    expect(sheet.result).toBeNull();
    const [med, na] = sheet.turns[1].rows;
    expect([med.complete, na.complete]).toEqual([true, false]);
    expect(med.status).toBe(s.state.zones.mediterranean!.status);
    expect(na.status).toBe(s.state.zones['north-atlantic']!.status);
    expect(sheet.totals).toEqual((cwnb.view(s.state, SPECTATOR) as { vp: Record<Side, number> }).vp);
    const text = recordSheetText(sheet);
    expect(text).toMatch(/North Atlantic .* Allied Edge \(turn under way\)/);
    expect(text).toContain('Campaign Game Turn 2 under way: Allied 227, Soviet 139 Victory Points banked so far');
    // 5.1: before any War Zone has finished turn 1, every marker is on Even.
    const early = sheetOf(open({ ...rec, log: rec.log.slice(0, 20) }));
    expect(early.turns).toHaveLength(1);
    expect(early.turns[0].rows.map((r) => [STATUS_COLUMNS[r.status], r.complete])).toEqual([
      ['Even', false],
      ['Even', false],
    ]);
  });

  it('10: points banked by an action that was taken back do not count (the public undo event names it)', () => {
    const rec = record('mission-sea-superiority.json');
    const last = rec.log.at(-1)!;
    expect(open(rec).isOver()).toBe(true);
    // The last set-aside, which ended the game and banked the Point Tracks (11), taken back in the log
    // (stored: a live undo after the end is refused now, and a file that holds one still replays).
    const s = open({ ...rec, log: [...rec.log, { type: '@undo', seat: last.seat, voids: [rec.log.length - 1] }] });
    expect(s.isOver()).toBe(false);
    const before = open({ ...rec, log: rec.log.slice(0, -1) });
    expect(sheetOf(s)).toEqual(sheetOf(before));
    expect(sheetOf(s).end).toBeNull();
  });
});

describe('10: the sheet holds public facts only', () => {
  it.each(['two-zone.json', 'optional/14-1-overall-commanders.json'])('%s — every viewer (seats, teams, Overall Commanders, referee, spectator) gets the same sheet', (file) => {
    const s = game(file);
    const expected = JSON.stringify(sheetOf(s, SPECTATOR));
    for (const v of viewersOf(s.state)) expect(JSON.stringify(sheetOf(s, v)), viewerName(v)).toBe(expected);
    // The check bites: those viewers do receive different events.
    expect(s.eventsFor(REFEREE).length).toBeGreaterThan(s.eventsFor(SPECTATOR).length);
  });

  it('an event for one team\'s eyes never reaches the sheet, even when its viewer may see it', () => {
    const s = game('mission-sea-superiority.json');
    const events = s.eventsFor(REFEREE);
    const secret = { type: 'bank', zone: 'mediterranean', side: 'allied', amount: 1000, rule: '6.C.2', turn: 1, text: 'a secret bank', to: { team: 'allied' } };
    expect(recordSheet(sheetGame(s.state), [...events, secret])).toEqual(recordSheet(sheetGame(s.state), events));
  });

  it('two games that differ only in the Allied team\'s secret choices (Action cards bought and kept) give the same sheet to everyone', () => {
    const rec = record('two-zone.json');
    const swap: Record<number, [string, string]> = { 10: ['ECM', 'Jink'], 87: ['Damage Control', 'Mine Sweeper'], 144: ['ECM', 'Bounce'] };
    const log = rec.log.map((a, i) => {
      if (!swap[i]) return a;
      expect(a.card).toBe(swap[i][0]);
      return { ...a, card: swap[i][1] };
    });
    const a = open(rec);
    const b = open({ ...rec, log });
    // The Allied team's own events differ…
    const allied = teamViewer('allied');
    expect(JSON.stringify(b.eventsFor(allied))).not.toBe(JSON.stringify(a.eventsFor(allied)));
    // …their sheets do not, in any rendering, for any viewer.
    for (const v of [allied, teamViewer('soviet'), REFEREE, SPECTATOR]) {
      const [x, y] = [sheetOf(a, v), sheetOf(b, v)];
      expect(y).toEqual(x);
      expect(recordSheetCsv(y)).toBe(recordSheetCsv(x));
      expect(recordSheetHtml(y, 'g')).toBe(recordSheetHtml(x, 'g'));
    }
  });
});

describe('the renderings', () => {
  it('10, 11: the text table names the zones as players know them, with each turn\'s VP, running totals and the result', () => {
    const text = recordSheetText(sheetOf(game('two-zone.json')), 'two-zone.json');
    const lines = text.split('\n');
    expect(lines[0]).toBe('Victory Point Record Sheet — two-zone.json');
    expect(text).toContain('Players: Ann (Allied, Mediterranean); Boris (Soviet, Mediterranean); Carl (Allied, North Atlantic); Dasha (Soviet, North Atlantic).');
    // Columns line up: in every row of the turn table the numbers end, and the status begins, where their headings do.
    const head = lines.findIndex((l) => l.startsWith('Turn  War Zone'));
    const ends = ['Turn', 'Allied VP', 'Soviet VP', 'Allied to date', 'Soviet to date'].map((h) => lines[head].indexOf(h) + h.length);
    const statusAt = lines[head].indexOf('War Zone Status');
    const body = lines.slice(head + 2, lines.indexOf('', head));
    expect(body).toHaveLength(3 * 3);
    for (const row of body) {
      for (const end of ends.slice(1)) expect(row.slice(end - 1, end + 1), row).toMatch(/^\d( |$)/);
      if (!row.includes('all zones')) expect(row.slice(statusAt), row).toMatch(/^Allied (Edge|Advantage|Dominance)$/);
    }
    expect(body[0]).toMatch(/^ {3}1 {2}Mediterranean +29 +28 +29 +28 +Allied Edge$/);
    expect(body[1]).toMatch(/^ {6}North Atlantic +34 +39 +34 +39 +Allied Edge$/);
    expect(body[2]).toMatch(/^ {6}Turn 1, all zones +63 +67 +63 +67$/);
    expect(body[3].slice(0, ends[0])).toBe('   2');
    expect(lines).toContainEqual(expect.stringMatching(/^ {6}Turn 3, all zones +95 +50 +322 +189$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Mediterranean +Allied Dominance +47 +17 +Allied \+50 +246 +83$/));
    expect(lines).toContainEqual(expect.stringMatching(/^All zones +88 +35 +Allied \+110 +520 +224$/));
    expect(lines.at(-1)).toBe('Allied Decisive Victory by 296: Allied 520, Soviet 224 Victory Points (11).');
  });

  it.each(FINISHED)('10, 11: %s — the CSV (RFC 4180) parses back to the same numbers', (file) => {
    const s = game(file);
    const sheet = sheetOf(s);
    const csv = recordSheetCsv(sheet);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { records, error } = splitCsv(csv);
    expect(error).toBeUndefined();
    const [header, ...rows] = records;
    expect(header).toEqual([...RECORD_SHEET_CSV_COLUMNS]);
    const col = (name: (typeof RECORD_SHEET_CSV_COLUMNS)[number]) => header.indexOf(name);
    const zones = s.state.options.zones;
    expect(rows).toHaveLength(sheet.turns.length * zones.length + zones.length + 1);
    const sum = new Map<string, number>();
    for (const r of rows.filter((r) => r[col('turn')] !== 'total')) {
      for (const side of SIDES) sum.set(`${r[col('zone')]}|${side}`, (sum.get(`${r[col('zone')]}|${side}`) ?? 0) + Number(r[col(`${side}_vp`)]));
      const zone = r[col('zone')] as ZoneId;
      expect(STATUS_COLUMNS[Number(r[col('status_column')])]).toBe(r[col('status')]);
      if (r[col('turn')] === 'end') {
        expect(Number(r[col('status_column')])).toBe(s.state.zones[zone]!.status);
        for (const side of SIDES) expect(Number(r[col(`${side}_to_date`)])).toBe(s.state.zones[zone]!.players[side].banked);
      } else {
        const row = sheet.turns[Number(r[col('turn')]) - 1].rows.find((x) => x.zone === zone)!;
        expect([Number(r[col('allied_vp')]), Number(r[col('soviet_vp')]), Number(r[col('status_column')]), r[col('turn_complete')]]).toEqual([row.banked.allied, row.banked.soviet, row.status, 'yes']);
      }
    }
    for (const zone of zones) for (const side of SIDES) expect(sum.get(`${zone}|${side}`)).toBe(s.state.zones[zone]!.players[side].banked);
    const total = rows.at(-1)!;
    const result = s.state.result!;
    expect(total[col('turn')]).toBe('total');
    expect([Number(total[col('allied_to_date')]), Number(total[col('soviet_to_date')])]).toEqual([result.totals.allied, result.totals.soviet]);
    const bonus = (side: Side) => result.zones.filter((z) => z.endGame.side === side).reduce((a, z) => a + z.endGame.vp, 0);
    expect([Number(total[col('allied_bonus')]), Number(total[col('soviet_bonus')])]).toEqual([bonus('allied'), bonus('soviet')]);
    expect(total[col('result')]).toBe(result.winner ? `${result.winner === 'allied' ? 'Allied' : 'Soviet'} ${result.level} Victory by ${result.margin}` : 'Draw');
  });

  it('10, 11: the HTML page is standalone and printable, with each zone\'s VP in its tables', () => {
    const s = game('seven-zone-nine-turn.json');
    const sheet = sheetOf(s);
    const html = recordSheetHtml(sheet, 'seven-zone-nine-turn.json');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toMatch(/@media print \{/);
    expect(html).not.toMatch(/<link|<script|\bsrc=|\bhref=|url\(|@import/);
    expect(html.match(/<caption>/g)).toHaveLength(2);
    const cells = (tr: string) => [...tr.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    const rows = [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) => cells(m[1]));
    // Turn rows: the zone's name, then its VP this turn and to date.
    for (const t of sheet.turns) {
      for (const r of t.rows) {
        expect(rows, `turn ${t.turn} ${r.zone}`).toContainEqual([r.zone === s.state.options.zones[0] ? String(t.turn) : '', zoneById(r.zone).name, ...[r.banked.allied, r.banked.soviet, r.toDate.allied, r.toDate.soviet].map(String), STATUS_COLUMNS[r.status]]);
      }
    }
    // End rows: the zone, its final status, the VP banked at the end, its bonus, and its score (banked plus bonus).
    for (const r of sheet.end!) {
      const z = s.state.result!.zones.find((x) => x.id === r.zone)!;
      const score = (side: Side) => String(z.banked[side] + (z.endGame.side === side ? z.endGame.vp : 0));
      const bonus = `${z.endGame.side === 'allied' ? 'Allied' : 'Soviet'} +${z.endGame.vp}`;
      expect(rows, r.zone).toContainEqual([zoneById(r.zone).name, STATUS_COLUMNS[s.state.zones[r.zone]!.status], String(r.banked.allied), String(r.banked.soviet), bonus, score('allied'), score('soviet')]);
    }
    expect(html).toContain('<p class="result">Allied Decisive Victory by 892: Allied 2945, Soviet 2053 Victory Points (11).</p>');
  });

  it('a game file naming a player for a seat not in the game (written by 0.x `new --player allied:med=…`) still has its sheet: that name is left out', () => {
    const rec = record('mission-sea-superiority.json');
    const players = { 'allied:med': 'Cy', bogus: 'Ann', 'soviet:mediterranean': 'Dee' };
    const s = open({ ...rec, options: { ...(rec.options as object), players } });
    expect(sheetGame(s.state).players).toEqual([{ seat: 'soviet:mediterranean', label: 'Soviet, Mediterranean', name: 'Dee' }]);
    expect(recordSheetText(sheetOf(s))).toContain('Players: Dee (Soviet, Mediterranean).');
  });

  it('11, 14.1 a player an Overall Commander moved is named for the seat left too, and so is the player replaced (h21: the seat left was named by nobody)', () => {
    const options = { zones: ['mediterranean', 'north-atlantic'], turns: 1, dice: 'seeded', roster: 'demo', startingPoints: 'demo', optional: { overallCommanders: true }, players: { 'soviet:mediterranean': 'Cat', 'soviet:north-atlantic': 'Dan' } };
    const s = open(newGameRecord(cwnb.id, options, 'seed'));
    expect(isRuleError(s.submit({ type: 'assignSeat', seat: 'commander:soviet', target: 'soviet:north-atlantic', player: 'Cat' }))).toBe(false);
    expect(recordSheetText(sheetOf(s))).toContain('Players: Cat (Soviet, North Atlantic); Cat (Soviet, Mediterranean); Dan (Soviet, North Atlantic).');
  });

  it('the HTML escapes the names it prints (players, the title)', () => {
    const rec = record('mission-sea-superiority.json');
    const players = { 'allied:mediterranean': '<script>alert("Ann & \'Bo\'")</script>' };
    const s = open({ ...rec, options: { ...(rec.options as object), players } });
    const html = recordSheetHtml(sheetOf(s), 'a<b>&.json');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('a<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;Ann &amp; &#39;Bo&#39;&quot;)&lt;/script&gt; (Allied, Mediterranean)');
    expect(html).toContain('<title>Victory Point Record Sheet — a&lt;b&gt;&amp;.json</title>');
    // The text table prints the name as it is.
    expect(recordSheetText(sheetOf(s))).toContain(`Players: ${players['allied:mediterranean']} (Allied, Mediterranean).`);
  });
});


describe('wardroom record-sheet', () => {
  const file = join(EXAMPLES, 'two-zone.json');
  const sheet = () => sheetOf(game('two-zone.json'));

  it('10, 11: prints the text table; --csv prints the CSV; --html OUT writes the page', async () => {
    const out = join(TMP, 'sheet.html');
    const [text, csv] = await Promise.all([wardroom(['record-sheet', file]), wardroom(['record-sheet', file, '--csv', '--html', out, '--as', 'allied:mediterranean'])]);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(recordSheetText(sheet(), 'two-zone.json') + '\n');
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe(recordSheetCsv(sheet()));
    expect(readFileSync(out, 'utf8')).toBe(recordSheetHtml(sheet(), 'two-zone.json'));
    expect(csv.stderr).toContain(`Wrote the record sheet of ${file} to ${out}.`);
  });

  it('refuses a missing file, a file that is not a game, a game of another module, an unknown viewer and a page it cannot write, each with one line naming it', async () => {
    const missing = join(TMP, 'no-such-game.json');
    const notGame = join(ROOT, 'package.json');
    const other = join(TMP, 'other-module.json');
    writeFileSync(other, JSON.stringify({ ...record('two-zone.json'), module: 'smp' }));
    const runs = await Promise.all([
      wardroom(['record-sheet', missing]),
      wardroom(['record-sheet', notGame]),
      wardroom(['record-sheet', other]),
      wardroom(['record-sheet', file, '--as', 'allied:nowhere']),
      wardroom(['record-sheet', file, '--html', join(TMP, 'no-such-folder', 'sheet.html')]),
    ]);
    const lines = (s: string) => s.split('\n').filter((l) => l && !l.startsWith('wardroom: dist/'));
    const expected: [number, RegExp][] = [
      [1, /^\S*no-such-game\.json: no such file\.$/],
      [1, /^\S*package\.json: not a Wardroom game file: /],
      [1, /^\S*other-module\.json: a "smp" game; the Victory Point Record Sheet is kept for CWNB Campaign games/],
      [2, /^--as allied:nowhere: not a viewer of \S*two-zone\.json; choose a seat \(allied:mediterranean, /],
      [1, /^\S*no-such-folder\/sheet\.html: cannot write the HTML page \(ENOENT/],
    ];
    runs.forEach((r, i) => {
      expect(r.code).toBe(expected[i][0]);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toHaveLength(1);
      expect(lines(r.stderr)[0]).toMatch(expected[i][1]);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  });
});
