/**
 * The Victory Point Record Sheet (10, 11; the last page of the rulebook, whose layout the text
 * does not give): per Campaign Game Turn and War Zone, the Victory Points each team banked (6.C.2,
 * 13.5) and the War Zone Status column at the end of the turn; at the end of the game the points
 * banked then (11), each zone's End Game bonus, the totals and the level of victory.
 *
 * The sheet is built from public events only (banking, status, end of turn, end of game; `to:
 * 'all'`), as `Session.eventsFor(viewer)` delivers them: every viewer gets the same sheet and no
 * team's secret can reach it. Events of actions taken back (the public `undo` and `rewind`
 * events name them) do not count. Pure: the renderings return text.
 */
import type { EventInput } from '../../engine/module.ts';
import { EVEN_COLUMN, SIDES, type Side, type ZoneId } from './data/types.ts';
import { allSeats, seatWords, sideName, statusName, zoneName } from './rules/common.ts';
import { seatLabel } from './labels.ts';
import type { CwnbState, Victory } from './state.ts';

/** The public facts of a game the sheet names: its zones, its length and who holds the seats. */
export interface SheetGame {
  zones: readonly ZoneId[];
  /** The agreed number of Campaign Game Turns (5.2); null with 13.1 Variable End Turn. */
  agreedTurns: number | null;
  /** 13.1: the turn from which the end is rolled for. */
  variableEndFrom: number | null;
  /** Who holds each seat ("Allied, Mediterranean"), as every viewer sees it (rule 11 assesses players by their zones). */
  players: readonly { seat: string; label: string; name: string }[];
}

/** The public facts the sheet names, from a state (options and seat holders: every view shows them). */
export function sheetGame(state: CwnbState): SheetGame {
  const variable = state.options.optional.variableEndTurn;
  // Only the game's seats: 0.x `new --player` stored any text it was given ("allied:med").
  const seats = allSeats(state);
  const players = Object.entries(state.holders).flatMap(([seat, name]) => (name && seats.includes(seat) ? [{ seat, label: seatLabel(state, seat), name }] : []));
  return { zones: state.options.zones, agreedTurns: variable ? null : state.options.turns, variableEndFrom: variable?.startTurn ?? null, players };
}

type BySide = Record<Side, number>;

/** One War Zone in one Campaign Game Turn. */
export interface SheetRow {
  turn: number;
  zone: ZoneId;
  /** VP banked from this zone this turn (6.C.2, 13.5). */
  banked: BySide;
  /** VP banked from this zone from turn 1 to this one. */
  toDate: BySide;
  /** War Zone Status column (0 Soviet Dominance … 6 Allied Dominance) at the end of the turn, or now. */
  status: number;
  /** The zone has finished this turn (7.2.6); false: under way, `status` is the current column. */
  complete: boolean;
}

export interface SheetTurn {
  turn: number;
  rows: SheetRow[];
  /** Banked this turn, all zones. */
  banked: BySide;
  /** Banked from turn 1 to this one, all zones: the team's running total. */
  running: BySide;
}

/** 11: one War Zone at the end of the game. */
export interface SheetEndRow {
  zone: ZoneId;
  /** Points left on the Point Tracks, banked at the end (11). */
  banked: BySide;
  /** All VP banked from this zone in the game. */
  toDate: BySide;
  /** The column the End Game bonus is read from. */
  status: number;
  bonus: { side: Side; vp: number };
  /** The zone's score: banked plus bonus (11: "individual player victories … from the War Zone scores"). */
  total: BySide;
}

export interface RecordSheet {
  game: SheetGame;
  turns: SheetTurn[];
  /** Null until the game is over. */
  end: SheetEndRow[] | null;
  /** All VP banked so far. */
  banked: BySide;
  /** End Game bonuses (zero until the game is over). */
  bonus: BySide;
  /** banked + bonus: the final score once the game is over. */
  totals: BySide;
  result: { winner: Side | null; margin: number; level: Victory['level'] } | null;
}

const zero = (): BySide => ({ allied: 0, soviet: 0 });
const add = (a: BySide, b: BySide): BySide => ({ allied: a.allied + b.allied, soviet: a.soviet + b.soviet });
const bonusBySide = (b: { side: Side; vp: number }): BySide => ({ ...zero(), [b.side]: b.vp });

/** The sheet from the events a viewer may see (`Session.eventsFor`); only the public ones are read. */
export function recordSheet(game: SheetGame, events: readonly (EventInput & { entry?: number })[]): RecordSheet {
  const seen = events.filter((e) => e.to === 'all');
  const voided = new Set<number>();
  for (const e of seen) if ((e.type === 'undo' || e.type === 'rewind') && Array.isArray(e.voids)) for (const i of e.voids) voided.add(i);

  const banked = new Map<string, BySide>(); // "turn|zone", "end|zone"
  const done = new Set<string>();
  const moves = new Map<ZoneId, { turn: number; column: number }[]>(game.zones.map((z) => [z, []]));
  const bonus = new Map<ZoneId, { side: Side; vp: number; column: number }>();
  let over: { winner: Side | null; margin: number; level: Victory['level'] } | null = null;
  const assigned: EventInput[] = [];
  let last = 1;
  for (const e of seen) {
    if (e.entry !== undefined && voided.has(e.entry)) continue;
    const turn = e.turn ?? last;
    last = Math.max(last, turn);
    const zone = e.zone as ZoneId;
    if (e.type === 'bank') {
      const key = e.rule === '11' ? `end|${zone}` : `${turn}|${zone}`; // 11: banked at the end of the game; 6.C.2, 13.5: during the turn
      const into = banked.get(key) ?? zero();
      into[e.side as Side] += e.amount as number;
      banked.set(key, into);
    } else if (e.type === 'status') moves.get(zone)?.push({ turn, column: e.toColumn as number }); // 7.2.3, 9.5
    else if (e.type === 'turn-done') done.add(`${turn}|${zone}`);
    else if (e.type === 'end-game-bonus') bonus.set(zone, { side: e.side as Side, vp: e.vp as number, column: e.column as number });
    else if (e.type === 'game-over') over = { winner: e.winner as Side | null, margin: e.margin as number, level: e.level as Victory['level'] };
    else if (e.type === 'assign') assigned.push(e); // 14.1
  }
  // 5.1: every marker starts on Even.
  const statusAt = (zone: ZoneId, turn: number) => moves.get(zone)!.filter((m) => m.turn <= turn).at(-1)?.column ?? EVEN_COLUMN;

  const toDate = new Map<ZoneId, BySide>(game.zones.map((z) => [z, zero()]));
  const turns: SheetTurn[] = [];
  let running = zero();
  for (let turn = 1; turn <= last; turn++) {
    const rows = game.zones.map((zone): SheetRow => {
      const b = banked.get(`${turn}|${zone}`) ?? zero();
      toDate.set(zone, add(toDate.get(zone)!, b));
      return { turn, zone, banked: b, toDate: toDate.get(zone)!, status: statusAt(zone, turn), complete: done.has(`${turn}|${zone}`) };
    });
    const sum = rows.reduce((s, r) => add(s, r.banked), zero());
    running = add(running, sum);
    turns.push({ turn, rows, banked: sum, running });
  }

  const end = over
    ? game.zones.map((zone): SheetEndRow => {
        const b = banked.get(`end|${zone}`) ?? zero();
        const all = add(toDate.get(zone)!, b);
        const { side, vp, column } = bonus.get(zone)!;
        return { zone, banked: b, toDate: all, status: column, bonus: { side, vp }, total: add(all, bonusBySide({ side, vp })) };
      })
    : null;
  const allBanked = end ? end.reduce((s, r) => add(s, r.toDate), zero()) : running;
  const allBonus = (end ?? []).reduce((s, r) => add(s, bonusBySide(r.bonus)), zero());
  return { game: { ...game, players: withPlayersMoved(game.players, assigned) }, turns, end, banked: allBanked, bonus: allBonus, totals: add(allBanked, allBonus), result: over };
}

/** 14.1: who held a seat before an Overall Commander moved players is named for it too (rule 11 judges each player by their zone). */
function withPlayersMoved(players: SheetGame['players'], assigned: readonly EventInput[]): SheetGame['players'] {
  const out = [...players];
  const named = (seat: string, name: unknown) => {
    if (typeof name === 'string' && !out.some((p) => p.seat === seat && p.name === name)) out.push({ seat, label: seatWords(seat), name });
  };
  for (const e of assigned) {
    for (const seat of (e.left as string[] | undefined) ?? []) named(seat, e.player);
    named(e.target as string, e.replaced);
  }
  return out;
}

// -----------------------------------------------------------------------------------------------
// Renderings

/** The lines around the tables: the game, its players, and where the campaign stands. */
export function headLines(sheet: RecordSheet): string[] {
  const g = sheet.game;
  const zones = `${g.zones.length} War Zone${g.zones.length > 1 ? 's' : ''}`;
  const length = g.agreedTurns === null ? `Variable End Turn, the end rolled for from turn ${g.variableEndFrom} (13.1)` : `${g.agreedTurns} Campaign Game Turn${g.agreedTurns > 1 ? 's' : ''} agreed (5.2)`;
  const lines = [`${zones}; ${length}.`];
  if (g.players.length) lines.push(`Players: ${g.players.map((p) => `${p.name} (${p.label})`).join('; ')}.`);
  return lines;
}

export function resultLine(sheet: RecordSheet): string {
  const r = sheet.result;
  const t = sheet.totals;
  if (!r) {
    const turn = sheet.turns.at(-1)!.turn;
    return `Campaign Game Turn ${turn} under way: Allied ${t.allied}, Soviet ${t.soviet} Victory Points banked so far; the End Game bonuses are awarded after the final turn (11).`;
  }
  if (!r.winner) return `A draw at ${t.allied} Victory Points each (11).`;
  return `${sideName(r.winner)} ${r.level} Victory by ${r.margin}: Allied ${t.allied}, Soviet ${t.soviet} Victory Points (11).`;
}

/** A table as the text and HTML renderings draw it. */
export interface Grid {
  caption: string;
  head: string[];
  /** Right-aligned columns. */
  numeric: boolean[];
  rows: { cells: string[]; sum?: boolean }[];
}

export function grids(sheet: RecordSheet): Grid[] {
  const n = String;
  const turns: Grid = {
    // 6.C.2 banks at the purchases what the turn before left (turn 1: the At Start Buy Points); docs/rulings.md "3, 6.C.2 When points are banked".
    caption: 'Victory Points banked per Campaign Game Turn and War Zone during the turn: at the purchases (6.C.2, 10), and an Additional Ship card banked (13.5)',
    head: ['Turn', 'War Zone', 'Allied VP', 'Soviet VP', 'Allied to date', 'Soviet to date', 'War Zone Status'],
    numeric: [true, false, true, true, true, true, false],
    rows: sheet.turns.flatMap((t) => [
      ...t.rows.map((r, i) => ({
        cells: [i ? '' : n(t.turn), zoneName(r.zone), n(r.banked.allied), n(r.banked.soviet), n(r.toDate.allied), n(r.toDate.soviet), statusName(r.status) + (r.complete ? '' : ' (turn under way)')],
      })),
      { cells: ['', `Turn ${t.turn}, all zones`, n(t.banked.allied), n(t.banked.soviet), n(t.running.allied), n(t.running.soviet), ''], sum: true },
    ]),
  };
  if (!sheet.end) return [turns];
  const atEnd = sheet.end.reduce((s, r) => add(s, r.banked), zero());
  const bonus = (b: BySide) => SIDES.filter((side) => b[side]).map((side) => `${sideName(side)} +${b[side]}`).join(', ');
  const end: Grid = {
    caption: 'End of the game (11): points left on the Point Tracks banked, End Game bonuses, and each War Zone\'s score',
    head: ['War Zone', 'Final status', 'Allied VP', 'Soviet VP', 'End Game bonus', 'Allied total', 'Soviet total'],
    numeric: [false, false, true, true, false, true, true],
    rows: [
      ...sheet.end.map((r) => ({ cells: [zoneName(r.zone), statusName(r.status), n(r.banked.allied), n(r.banked.soviet), bonus(bonusBySide(r.bonus)), n(r.total.allied), n(r.total.soviet)] })),
      { cells: ['All zones', '', n(atEnd.allied), n(atEnd.soviet), bonus(sheet.bonus), n(sheet.totals.allied), n(sheet.totals.soviet)], sum: true },
    ],
  };
  return [turns, end];
}

function textTable(g: Grid): string {
  const widths = g.head.map((h, c) => Math.max(h.length, ...g.rows.map((r) => r.cells[c].length)));
  const line = (cells: string[]) => cells.map((s, c) => (g.numeric[c] ? s.padStart(widths[c]) : s.padEnd(widths[c]))).join('  ').trimEnd();
  return [g.caption, line(g.head), widths.map((w) => '-'.repeat(w)).join('  '), ...g.rows.map((r) => line(r.cells))].join('\n');
}

/** The sheet as aligned text tables for a terminal. */
export function recordSheetText(sheet: RecordSheet, title?: string): string {
  const head = `Victory Point Record Sheet${title ? ` — ${title}` : ''}`;
  return [head, '='.repeat(head.length), ...headLines(sheet), '', ...grids(sheet).flatMap((g) => [textTable(g), '']), resultLine(sheet)].join('\n');
}

/** The CSV columns, in order (docs/cli.md describes each). */
export const RECORD_SHEET_CSV_COLUMNS = [
  'turn',
  'zone',
  'zone_name',
  'allied_vp',
  'soviet_vp',
  'allied_to_date',
  'soviet_to_date',
  'status_column',
  'status',
  'turn_complete',
  'allied_bonus',
  'soviet_bonus',
  'result',
] as const;

function csvField(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * RFC 4180 CSV (CRLF line ends, a header row): one row per turn × zone, then once the game is
 * over one `end` row per zone (11) and a `total` row.
 */
export function recordSheetCsv(sheet: RecordSheet): string {
  const rows: (string | number)[][] = [[...RECORD_SHEET_CSV_COLUMNS]];
  for (const t of sheet.turns) {
    for (const r of t.rows) {
      rows.push([r.turn, r.zone, zoneName(r.zone), r.banked.allied, r.banked.soviet, r.toDate.allied, r.toDate.soviet, r.status, statusName(r.status), r.complete ? 'yes' : 'no', '', '', '']);
    }
  }
  for (const r of sheet.end ?? []) {
    const bonus = bonusBySide(r.bonus);
    rows.push(['end', r.zone, zoneName(r.zone), r.banked.allied, r.banked.soviet, r.toDate.allied, r.toDate.soviet, r.status, statusName(r.status), '', bonus.allied, bonus.soviet, '']);
  }
  const result = sheet.result ? (sheet.result.winner ? `${sideName(sheet.result.winner)} ${sheet.result.level} Victory by ${sheet.result.margin}` : 'Draw') : '';
  rows.push(['total', '', '', sheet.banked.allied, sheet.banked.soviet, sheet.totals.allied, sheet.totals.soviet, '', '', '', sheet.bonus.allied, sheet.bonus.soviet, result]);
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function htmlTable(g: Grid): string {
  const cls = (c: number) => (g.numeric[c] ? ' class="n"' : '');
  return [
    '<table>',
    `<caption>${esc(g.caption)}</caption>`,
    `<thead><tr>${g.head.map((h, c) => `<th scope="col"${cls(c)}>${esc(h)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...g.rows.map((r) => `<tr${r.sum ? ' class="sum"' : ''}>${r.cells.map((s, c) => `<td${cls(c)}>${esc(s)}</td>`).join('')}</tr>`),
    '</tbody>',
    '</table>',
  ].join('\n');
}

const CSS = `body { font: 11pt/1.35 Georgia, "Times New Roman", serif; margin: 2em auto; max-width: 60em; color: #000; background: #fff; }
h1 { font-size: 16pt; margin: 0 0 .4em; }
p { margin: .3em 0; }
table { border-collapse: collapse; width: 100%; margin: 1.2em 0; }
caption { text-align: left; font-weight: bold; padding-bottom: .3em; }
th, td { border: 1px solid #555; padding: .15em .5em; text-align: left; }
th { background: #eee; }
.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.sum td { font-weight: bold; border-top: 2px solid #000; }
.result { font-weight: bold; }
@page { size: A4; margin: 12mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 9.5pt; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  th { background: none; }
}`;

/** A standalone printable HTML page (no external assets); every text is escaped. */
export function recordSheetHtml(sheet: RecordSheet, title?: string): string {
  const head = `Victory Point Record Sheet${title ? ` — ${title}` : ''}`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(head)}</title>`,
    `<style>\n${CSS}\n</style>`,
    '</head>',
    '<body>',
    `<h1>${esc(head)}</h1>`,
    ...headLines(sheet).map((l) => `<p>${esc(l)}</p>`),
    ...grids(sheet).map(htmlTable),
    `<p class="result">${esc(resultLine(sheet))}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
