import { describe, expect, it } from 'vitest';
import { formatRosterError, isRosterError, parseRoster, shipIdFromName, splitCsv, type RosterError } from '../../../src/modules/cwnb/data/roster.ts';
import type { Roster } from '../../../src/modules/cwnb/data/types.ts';

const ok = (r: Roster | RosterError): Roster => {
  if (isRosterError(r)) throw new Error(formatRosterError(r));
  return r;
};
const bad = (r: Roster | RosterError): RosterError => {
  if (!isRosterError(r)) throw new Error('expected a RosterError');
  return r;
};

describe('Roster import: CSV', () => {
  it('reads name, side, points, kind in any column order and derives ids from names', () => {
    const r = ok(parseRoster('points,kind,name,side\n30,carrier,USS Nimitz,Allied\n9,submarine,Victor III,SOVIET\n', 'csv', { source: 'our cards' }));
    expect(r).toEqual({
      demo: false,
      source: 'our cards',
      ships: [
        { id: 'uss-nimitz', name: 'USS Nimitz', side: 'allied', points: 30, kind: 'carrier' },
        { id: 'victor-iii', name: 'Victor III', side: 'soviet', points: 9, kind: 'submarine' },
      ],
    });
  });

  it('uses an id column when given, accepts CRLF, a BOM, blank lines and extra columns', () => {
    const r = ok(parseRoster('\uFEFFid,name,side,points,kind,notes\r\nbig-e,USS Enterprise,allied,28,carrier,nuclear\r\n\r\nkirov,Kirov,soviet,26,surface,\r\n', 'csv'));
    expect(r.ships.map((s) => s.id)).toEqual(['big-e', 'kirov']);
    expect(r.source).toMatch(/CSV/);
  });

  it('handles quoted fields with commas, quotes and line breaks', () => {
    const r = ok(parseRoster('name,side,points,kind\n"Kiev, the carrier",soviet,20,carrier\n"The ""Big"" One",allied,12,surface\n"Two\nLines",allied,5,surface\n', 'csv'));
    expect(r.ships.map((s) => [s.id, s.name])).toEqual([
      ['kiev-the-carrier', 'Kiev, the carrier'],
      ['the-big-one', 'The "Big" One'],
      ['two-lines', 'Two\nLines'],
    ]);
  });

  it('accepts the five kinds case-insensitively, and "missile submarine" with a space', () => {
    const r = ok(parseRoster('name,side,points,kind\nA,allied,3,Surface\nB,allied,3,CARRIER\nC,allied,3,LPH\nD,soviet,3,Submarine\nE,soviet,3,missile submarine\nF,soviet,3,Missile-Submarine\n', 'csv'));
    expect(r.ships.map((s) => s.kind)).toEqual(['surface', 'carrier', 'lph', 'submarine', 'missile-submarine', 'missile-submarine']);
  });

  it('reports every bad row and field, naming the row and the field', () => {
    const csv = [
      'name,side,points,kind',
      'USS Kidd,allied,10,surface', // row 1 fine
      ',nato,3,surface', // row 2: name, side
      'Slava,soviet,ten,cruiser', // row 3: points, kind
      'Udaloy,soviet,0,surface', // row 4: points
      'Alfa,soviet,2.5,submarine', // row 5: points
    ].join('\n');
    const e = bad(parseRoster(csv, 'csv'));
    expect(e.kind).toBe('RosterError');
    expect(e.errors.map((x) => [x.row, x.field])).toEqual([
      [2, 'name'],
      [2, 'side'],
      [3, 'points'],
      [3, 'kind'],
      [4, 'points'],
      [5, 'points'],
    ]);
    expect(e.errors[2]!.message).toBe('row 3, field "points": must be a whole number ≥ 1, got "ten"');
    expect(e.errors[1]!.message).toBe('row 2, field "side": must be "allied" or "soviet", got "nato"');
    expect(e.errors[3]!.message).toMatch(/^row 3, field "kind": must be one of surface, carrier, lph, submarine, missile-submarine, got "cruiser"$/);
    expect(formatRosterError(e).split('\n')).toHaveLength(6);
  });

  it('refuses duplicate ids, explicit or derived', () => {
    const e = bad(parseRoster('name,side,points,kind\nKiev,soviet,20,carrier\nkiev,soviet,20,carrier\n', 'csv'));
    expect(e.errors).toEqual([{ row: 2, field: 'id', message: 'row 2, field "id": duplicate id "kiev" (already used in row 1)' }]);
    const e2 = bad(parseRoster('id,name,side,points,kind\nk1,Kiev,soviet,20,carrier\nk1,Minsk,soviet,20,carrier\n', 'csv'));
    expect(e2.errors[0]).toMatchObject({ row: 2, field: 'id' });
  });

  it('refuses a malformed explicit id', () => {
    const e = bad(parseRoster('id,name,side,points,kind\nUSS Kidd,USS Kidd,allied,10,surface\n', 'csv'));
    expect(e.errors[0]).toMatchObject({ row: 1, field: 'id' });
  });

  it('names the missing header columns (row 0)', () => {
    const e = bad(parseRoster('name,side,value\nKiev,soviet,20\n', 'csv'));
    expect(e.errors.map((x) => [x.row, x.field])).toEqual([
      [0, 'points'],
      [0, 'kind'],
    ]);
    expect(e.errors[0]!.message).toMatch(/missing column "points"/);
  });

  it('reports short rows field by field and over-long rows (unquoted commas)', () => {
    const e = bad(parseRoster('name,side,points,kind\nKiev,soviet\nKiev, the carrier,soviet,20,carrier\n', 'csv'));
    expect(e.errors.filter((x) => x.row === 1).map((x) => x.field)).toEqual(['points', 'kind']);
    expect(e.errors.find((x) => x.row === 2 && x.field === '')!.message).toMatch(/row 2: has 5 fields but the header has 4/);
  });

  it('refuses an empty file, a header without ships, and an unclosed quote', () => {
    expect(bad(parseRoster('', 'csv')).errors[0]!.message).toMatch(/empty/);
    expect(bad(parseRoster('name,side,points,kind\n', 'csv')).errors[0]!.message).toMatch(/no ships/);
    expect(bad(parseRoster('name,side,points,kind\n"Kiev,soviet,20,carrier\n', 'csv')).errors[0]!.message).toMatch(/not closed/);
  });
});

describe('Roster import: JSON', () => {
  it('reads an array of ships', () => {
    const r = ok(parseRoster(JSON.stringify([{ name: 'Kirov', side: 'soviet', points: 26, kind: 'surface' }]), 'json'));
    expect(r.ships).toEqual([{ id: 'kirov', name: 'Kirov', side: 'soviet', points: 26, kind: 'surface' }]);
    expect(r.demo).toBe(false);
  });

  it('reads { ships: [...] } and keeps the file source unless the caller gives one', () => {
    const text = JSON.stringify({ source: 'club cards 2024', ships: [{ id: 'ike', name: 'USS Eisenhower', side: 'allied', points: 30, kind: 'carrier' }] });
    expect(ok(parseRoster(text, 'json')).source).toBe('club cards 2024');
    expect(ok(parseRoster(text, 'json', { source: 'mine' })).source).toBe('mine');
  });

  it('reports every bad ship and field', () => {
    const text = JSON.stringify([
      { name: 'Kirov', side: 'soviet', points: 26, kind: 'surface' },
      { name: 'Slava', side: 'red', points: '15', kind: 'surface' },
      'Kiev',
      { name: 'Minsk', side: 'soviet', points: -1, kind: 'carrier' },
    ]);
    const e = bad(parseRoster(text, 'json'));
    expect(e.errors.map((x) => [x.row, x.field])).toEqual([
      [2, 'side'],
      [3, ''],
      [4, 'points'],
    ]);
    expect(e.errors[2]!.message).toBe('row 4, field "points": must be a whole number ≥ 1, got -1');
  });

  it('refuses bad JSON and the wrong shape', () => {
    expect(bad(parseRoster('{ships:', 'json')).errors[0]!.message).toMatch(/not valid JSON/);
    expect(bad(parseRoster('{"boats": []}', 'json')).errors[0]).toMatchObject({ row: 0, field: 'ships' });
  });
});

describe('ship ids and CSV splitting', () => {
  it('derives ids: lowercase, non-alphanumerics → "-"', () => {
    expect(shipIdFromName('USS Oliver Hazard Perry')).toBe('uss-oliver-hazard-perry');
    expect(shipIdFromName("Admiral Kuznetsov (1985)")).toBe('admiral-kuznetsov-1985');
    expect(shipIdFromName('H.M.S. Invincible')).toBe('h-m-s-invincible');
  });
  it('splits RFC 4180 records', () => {
    expect(splitCsv('a,"b,c",d\n1,"x""y",\n').records).toEqual([
      ['a', 'b,c', 'd'],
      ['1', 'x"y', ''],
    ]);
  });
});
