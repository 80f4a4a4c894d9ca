/**
 * The campaign's record for the web app's plots, end-of-campaign page and printable record sheet
 * (issue 10): the Victory Point Record Sheet (record-sheet.ts, 10, 11) with the series the plots
 * draw — the VP race per team by turn, the War Zone Status of every zone by turn, the points per
 * zone — and rule 11's result with the rulebook's historical description of its level.
 *
 * Everything here is read from the sheet, and the sheet from public events only: the same for
 * every viewer, nothing a spectator could not see. Pure: no I/O. The names (zones, status
 * columns, sides) are given so that the browser holds no rules data.
 */
import { VICTORY_LEVELS } from './data/index.ts';
import { SIDES, STATUS_COLUMNS, type Side, type ZoneId } from './data/types.ts';
import { grids, headLines, recordSheet, resultLine, sheetGame, type Grid, type RecordSheet } from './record-sheet.ts';
import { sideName, zoneName } from './rules/common.ts';
import { historicalDescription } from './rules/victory.ts';
import type { EventInput } from '../../engine/module.ts';
import type { CwnbState, Victory } from './state.ts';

type BySide = Record<Side, number>;

/** One Campaign Game Turn of the plots. */
export interface RecordPoint {
  turn: number;
  /** VP banked this turn, all zones. */
  banked: BySide;
  /** VP banked from turn 1 to this one: the VP race. */
  running: BySide;
  /** Each zone's War Zone Status column (0 Soviet Dominance … 6 Allied Dominance) at the end of the turn, or now. */
  status: Partial<Record<ZoneId, number>>;
  /** Every zone has finished the turn (7.2.6); false: the turn is under way. */
  complete: boolean;
}

/** One War Zone's points: VP banked, its End Game bonus (11) and its score. */
export interface ZonePoints {
  zone: ZoneId;
  name: string;
  banked: BySide;
  bonus: BySide;
  /** banked + bonus (11: the War Zone's score). */
  total: BySide;
  /** The status column now, or the one the End Game bonus was read from. */
  status: number;
}

export interface CampaignRecord {
  over: boolean;
  sides: { id: Side; name: string }[];
  zones: { id: ZoneId; name: string }[];
  /** The seven War Zone Status columns' names, 0 … 6. */
  statusColumns: readonly string[];
  /** One point per Campaign Game Turn played or under way. */
  series: RecordPoint[];
  perZone: ZonePoints[];
  banked: BySide;
  bonus: BySide;
  totals: BySide;
  /** 11: null until the game is over. */
  result: (Pick<Victory, 'winner' | 'margin' | 'level'> & { historicalDescription: string | null; source: string }) | null;
  /** The record sheet as the CLI prints it: its head lines, its tables and its result line. */
  sheet: { lines: string[]; tables: Grid[]; result: string };
}

const zero = (): BySide => ({ allied: 0, soviet: 0 });

/** The record from the sheet. */
export function campaignRecordOf(sheet: RecordSheet): CampaignRecord {
  const zones = sheet.game.zones;
  const series = sheet.turns.map((t): RecordPoint => ({
    turn: t.turn,
    banked: t.banked,
    running: t.running,
    status: Object.fromEntries(t.rows.map((r) => [r.zone, r.status])),
    complete: t.rows.every((r) => r.complete),
  }));
  const last = sheet.turns.at(-1);
  const perZone = zones.map((zone): ZonePoints => {
    const end = sheet.end?.find((r) => r.zone === zone);
    if (end) {
      const bonus = { ...zero(), [end.bonus.side]: end.bonus.vp };
      return { zone, name: zoneName(zone), banked: end.toDate, bonus, total: end.total, status: end.status };
    }
    const row = last?.rows.find((r) => r.zone === zone);
    const banked = row?.toDate ?? zero();
    return { zone, name: zoneName(zone), banked, bonus: zero(), total: banked, status: row?.status ?? 3 };
  });
  const r = sheet.result;
  return {
    over: r !== null,
    sides: SIDES.map((id) => ({ id, name: sideName(id) })),
    zones: zones.map((id) => ({ id, name: zoneName(id) })),
    statusColumns: STATUS_COLUMNS,
    series,
    perZone,
    banked: sheet.banked,
    bonus: sheet.bonus,
    totals: sheet.totals,
    result: r && { winner: r.winner, margin: r.margin, level: r.level, historicalDescription: historicalDescription(r.level), source: VICTORY_LEVELS.source },
    sheet: { lines: headLines(sheet), tables: grids(sheet), result: resultLine(sheet) },
  };
}

/** The sheet of a game from the events a viewer may see (only the public ones are read). */
export function sheetOf(state: CwnbState, events: readonly (EventInput & { entry?: number })[]): RecordSheet {
  return recordSheet(sheetGame(state), events);
}
