/**
 * Roster importer: the players' own ship cards (name, side, point value, kind) from CSV or
 * JSON. The CWNB V rulebook holds no card data, so a real game needs a roster from the players;
 * Wardroom's demo roster (demo-roster.json) has made-up values.
 *
 * Optional columns `crippled_side` and `large` (yes/no; JSON: `crippledSide`, `large`) say whether
 * the card has a Crippled side and is a Large ship: only 13.2.7 Port Strike needs them.
 * CSV: a header row naming the columns `name`, `side`, `points`, `kind` and optionally `id`, in
 * any order (extra columns are ignored); one ship per data row. Fields may be quoted ("…"),
 * with `""` for a quote inside; quoted fields may contain commas and line breaks. Blank lines
 * are skipped.
 * JSON: an array of ship objects, or an object `{ "ships": [...] }` (optionally with
 * `"source"` and `"demo"`).
 *
 * Every problem is reported, not just the first: `row` is the 1-based data row (CSV: rows after
 * the header, blank lines not counted; JSON: position in the ships array); row 0 is the file
 * as a whole (header, syntax, shape).
 */
import { z } from 'zod';
import type { Roster, ShipCard, ShipKind, Side } from './types.ts';

export interface RosterErrorEntry {
  row: number;
  field: string;
  message: string;
}

export interface RosterError {
  kind: 'RosterError';
  errors: RosterErrorEntry[];
}

export function isRosterError(x: unknown): x is RosterError {
  return typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'RosterError';
}

/** One line per error, for a terminal. */
export function formatRosterError(e: RosterError): string {
  return e.errors.map((x) => x.message).join('\n');
}

export const ROSTER_COLUMNS = ['id', 'name', 'side', 'points', 'kind', 'crippled_side', 'large'] as const;
const REQUIRED_COLUMNS = ['name', 'side', 'points', 'kind'] as const;
const KINDS: readonly ShipKind[] = ['surface', 'carrier', 'lph', 'submarine', 'missile-submarine'];
const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "USS Oliver Hazard Perry" → "uss-oliver-hazard-perry": lowercase, runs of non-alphanumerics → one '-', no '-' at either end. */
export function shipIdFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : v === undefined ? 'nothing' : JSON.stringify(v) ?? String(v));

const RawShip = z.record(z.string(), z.unknown());

/** Validate one ship's raw fields; push errors; return the ship when all fields are good. */
function checkShip(raw: Record<string, unknown>, row: number, errors: RosterErrorEntry[]): ShipCard | undefined {
  const before = errors.length;
  const err = (field: string, what: string) => errors.push({ row, field, message: `row ${row}, field "${field}": ${what}` });

  const rawName = raw.name;
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  if (typeof rawName !== 'string' && rawName !== undefined) err('name', `must be text, got ${show(rawName)}`);
  else if (!name) err('name', 'must not be empty');

  let side: Side | undefined;
  const rawSide = raw.side;
  const sideText = typeof rawSide === 'string' ? rawSide.trim().toLowerCase() : undefined;
  if (sideText === 'allied' || sideText === 'soviet') side = sideText;
  else err('side', `must be "allied" or "soviet", got ${show(rawSide)}`);

  let points: number | undefined;
  const rawPoints = raw.points;
  if (typeof rawPoints === 'number' && Number.isInteger(rawPoints) && rawPoints >= 1) points = rawPoints;
  else if (typeof rawPoints === 'string' && /^\s*\d+\s*$/.test(rawPoints) && Number(rawPoints) >= 1) points = Number(rawPoints);
  else err('points', `must be a whole number ≥ 1, got ${show(rawPoints)}`);

  let kind: ShipKind | undefined;
  const rawKind = raw.kind;
  const kindText = typeof rawKind === 'string' ? rawKind.trim().toLowerCase().replace(/[\s_]+/g, '-') : undefined;
  if (kindText && (KINDS as readonly string[]).includes(kindText)) kind = kindText as ShipKind;
  else err('kind', `must be one of ${KINDS.join(', ')}, got ${show(rawKind)}`);

  let id: string | undefined;
  const rawId = raw.id;
  if (rawId === undefined || rawId === null || (typeof rawId === 'string' && rawId.trim() === '')) {
    if (name) {
      id = shipIdFromName(name);
      if (!id) err('id', `cannot derive an id from the name ${show(name)}; give an id`);
    }
  } else if (typeof rawId === 'string' && ID_PATTERN.test(rawId.trim())) {
    id = rawId.trim();
  } else {
    err('id', `must be lowercase letters and digits joined by single dashes (e.g. "uss-kidd"), got ${show(rawId)}`);
  }

  const flag = (field: string, v: unknown): boolean | undefined => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
    if (typeof v === 'boolean') return v;
    const t = String(v).trim().toLowerCase();
    if (['yes', 'y', 'true', '1'].includes(t)) return true;
    if (['no', 'n', 'false', '0'].includes(t)) return false;
    err(field, `must be yes or no, got ${show(v)}`);
    return undefined;
  };
  const crippledSide = flag('crippled_side', raw.crippledSide ?? raw.crippled_side);
  const large = flag('large', raw.large);

  if (errors.length > before || !id || !side || points === undefined || !kind) return undefined;
  return { id, name, side, points, kind, ...(crippledSide !== undefined ? { crippledSide } : {}), ...(large !== undefined ? { large } : {}) };
}

function checkAll(rows: { row: number; raw: Record<string, unknown> }[], errors: RosterErrorEntry[]): ShipCard[] {
  const ships: ShipCard[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, raw } of rows) {
    const ship = checkShip(raw, row, errors);
    if (!ship) continue;
    const prev = firstRow.get(ship.id);
    if (prev !== undefined) {
      errors.push({ row, field: 'id', message: `row ${row}, field "id": duplicate id "${ship.id}" (already used in row ${prev})` });
      continue;
    }
    firstRow.set(ship.id, row);
    ships.push(ship);
  }
  return ships;
}

/** Split CSV text into records of fields (RFC 4180 style). */
export function splitCsv(text: string): { records: string[][]; error?: string } {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let inQuotes = false;
  let quotedField = false;
  let i = 0;
  const s = text.replace(/^\uFEFF/, '');
  const endField = () => {
    record.push(quotedField ? field : field.trim());
    field = '';
    quotedField = false;
  };
  const endRecord = () => {
    endField();
    if (!(record.length === 1 && record[0] === '' )) records.push(record);
    record = [];
  };
  while (i < s.length) {
    const c = s[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        // only whitespace may follow a closing quote before the separator
        while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
        if (i < s.length && s[i] !== ',' && s[i] !== '\n' && s[i] !== '\r') {
          return { records, error: `line ${lineOf(s, i)}: unexpected text after a closing quote` };
        }
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      inQuotes = true;
      quotedField = true;
      field = '';
      i++;
    } else if (c === ',') {
      endField();
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && s[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (inQuotes) return { records, error: 'a quoted field is not closed before the end of the file' };
  if (field !== '' || record.length > 0) endRecord();
  return { records };
}

function lineOf(s: string, index: number): number {
  let n = 1;
  for (let k = 0; k < index; k++) if (s[k] === '\n') n++;
  return n;
}

function parseCsv(text: string, errors: RosterErrorEntry[]): ShipCard[] {
  const fileErr = (field: string, message: string) => errors.push({ row: 0, field, message });
  const { records, error } = splitCsv(text);
  if (error) {
    fileErr('', `CSV: ${error}`);
    return [];
  }
  if (records.length === 0) {
    fileErr('', `CSV: the file is empty; expected a header row with the columns ${REQUIRED_COLUMNS.join(', ')} (and optionally id)`);
    return [];
  }
  const header = records[0]!.map((h) => h.trim().toLowerCase());
  const index = new Map<string, number>();
  header.forEach((h, k) => {
    if (!(ROSTER_COLUMNS as readonly string[]).includes(h)) return; // extra columns are ignored
    if (index.has(h)) fileErr(h, `header: column "${h}" appears more than once`);
    else index.set(h, k);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  for (const c of missing) fileErr(c, `header: missing column "${c}" (the header row must name ${REQUIRED_COLUMNS.join(', ')}; id is optional)`);
  if (missing.length > 0 || errors.length > 0) return [];

  const rows = records.slice(1).map((rec, k) => {
    const raw: Record<string, unknown> = {};
    for (const [col, at] of index) raw[col] = at < rec.length ? rec[at] : undefined;
    return { row: k + 1, raw, width: rec.length };
  });
  for (const r of rows) {
    if (r.width > header.length) {
      errors.push({ row: r.row, field: '', message: `row ${r.row}: has ${r.width} fields but the header has ${header.length} (quote fields that contain commas)` });
    }
  }
  return checkAll(rows, errors);
}

function parseJson(text: string, errors: RosterErrorEntry[]): { ships: ShipCard[]; source?: string; demo?: boolean } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    errors.push({ row: 0, field: '', message: `JSON: not valid JSON (${(e as Error).message})` });
    return { ships: [] };
  }
  let list: unknown;
  let source: string | undefined;
  let demo: boolean | undefined;
  if (Array.isArray(data)) list = data;
  else if (data && typeof data === 'object' && Array.isArray((data as { ships?: unknown }).ships)) {
    const obj = data as { ships: unknown[]; source?: unknown; demo?: unknown };
    list = obj.ships;
    if (typeof obj.source === 'string' && obj.source.trim()) source = obj.source.trim();
    if (typeof obj.demo === 'boolean') demo = obj.demo;
  } else {
    errors.push({ row: 0, field: 'ships', message: 'JSON: expected an array of ships or an object { "ships": [...] }' });
    return { ships: [] };
  }
  const rows: { row: number; raw: Record<string, unknown> }[] = [];
  (list as unknown[]).forEach((item, k) => {
    const parsed = RawShip.safeParse(item);
    if (!parsed.success || Array.isArray(item)) {
      errors.push({ row: k + 1, field: '', message: `row ${k + 1}: must be an object with name, side, points, kind (and optionally id), got ${show(item)}` });
      return;
    }
    rows.push({ row: k + 1, raw: parsed.data });
  });
  return { ships: checkAll(rows, errors), source, demo };
}

/** A roster file's format: by its name (.csv, .json), else by its text (JSON starts with `{` or `[`). */
export function rosterFormat(fileName: string, text: string): 'csv' | 'json' {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.json$/i.test(fileName)) return 'json';
  return /^\s*[[{]/.test(text) ? 'json' : 'csv';
}

/**
 * Parse a roster. Returns the Roster (demo: false unless a JSON file says `"demo": true`), or a
 * RosterError listing every bad row and field.
 */
export function parseRoster(text: string, format: 'csv' | 'json', opts: { source?: string } = {}): Roster | RosterError {
  const errors: RosterErrorEntry[] = [];
  let ships: ShipCard[];
  let fileSource: string | undefined;
  let demo = false;
  if (format === 'csv') {
    ships = parseCsv(text, errors);
  } else if (format === 'json') {
    const r = parseJson(text, errors);
    ships = r.ships;
    fileSource = r.source;
    demo = r.demo ?? false;
  } else {
    return { kind: 'RosterError', errors: [{ row: 0, field: '', message: `unknown roster format ${show(format)}; use "csv" or "json"` }] };
  }
  if (errors.length === 0 && ships.length === 0) {
    errors.push({ row: 0, field: '', message: 'the roster has no ships' });
  }
  // in row order (Array.prototype.sort is stable: a row's errors keep their field order)
  if (errors.length > 0) return { kind: 'RosterError', errors: errors.sort((a, b) => a.row - b.row) };
  const source = opts.source ?? fileSource ?? `players' roster (${format.toUpperCase()})`;
  return { demo, source, ships };
}
