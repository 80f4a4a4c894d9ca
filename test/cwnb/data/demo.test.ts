import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ROSTER, DEMO_STARTING_POINTS, ZONE_IDS } from '../../../src/modules/cwnb/data/index.ts';
import { parseRoster } from '../../../src/modules/cwnb/data/roster.ts';

describe('Starting (At Start Buy) Points (4, 6.C.2)', () => {
  it('South Pacific: Allied 80, Soviet 100, the rule 4 example', () => {
    expect(DEMO_STARTING_POINTS.points['south-pacific']).toEqual({ allied: 80, soviet: 100 });
    expect(DEMO_STARTING_POINTS.fromRulebook).toEqual(['south-pacific']);
    expect(DEMO_STARTING_POINTS.source).toMatch(/rule 4/);
  });
  it('the other six zones are labelled demo values, between 80 and 150', () => {
    expect(DEMO_STARTING_POINTS.demo).toBe(true);
    expect(DEMO_STARTING_POINTS.source).toMatch(/DEMO VALUES/);
    for (const id of ZONE_IDS) {
      const p = DEMO_STARTING_POINTS.points[id]!;
      expect(p, id).toBeDefined();
      for (const v of [p.allied, p.soviet]) {
        expect(v).toBeGreaterThanOrEqual(80);
        expect(v).toBeLessThanOrEqual(150);
      }
    }
  });
});

describe('Demo roster (Wardroom values, not the cards)', () => {
  it('is labelled demo and says it is not the game cards', () => {
    expect(DEMO_ROSTER.demo).toBe(true);
    expect(DEMO_ROSTER.source).toMatch(/DEMO/);
    expect(DEMO_ROSTER.source).toMatch(/NOT the values printed/);
  });
  it('has about 14 ships a side with unique lowercase-dash ids and points 3–30', () => {
    const allied = DEMO_ROSTER.ships.filter((s) => s.side === 'allied');
    const soviet = DEMO_ROSTER.ships.filter((s) => s.side === 'soviet');
    expect(allied).toHaveLength(14);
    expect(soviet).toHaveLength(14);
    expect(new Set(DEMO_ROSTER.ships.map((s) => s.id)).size).toBe(DEMO_ROSTER.ships.length);
    for (const s of DEMO_ROSTER.ships) {
      expect(s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.points).toBeGreaterThanOrEqual(3);
      expect(s.points).toBeLessThanOrEqual(30);
    }
  });
  it('has the ship kinds the Missions need on both sides (carriers, missile-capable submarines), and the Allied LPH', () => {
    for (const side of ['allied', 'soviet'] as const) {
      const kinds = new Set(DEMO_ROSTER.ships.filter((s) => s.side === side).map((s) => s.kind));
      for (const k of ['carrier', 'surface', 'submarine', 'missile-submarine'] as const) expect(kinds, `${side} ${k}`).toContain(k);
    }
    expect(DEMO_ROSTER.ships.find((s) => s.kind === 'lph')).toMatchObject({ name: 'USS Iwo Jima', side: 'allied' });
  });
  it('lets each side buy a Task Force with the demo starting points of every zone', () => {
    const cheapest = (side: 'allied' | 'soviet') =>
      DEMO_ROSTER.ships.filter((s) => s.side === side).map((s) => s.points).sort((a, b) => a - b).slice(0, 5).reduce((a, b) => a + b, 0);
    for (const id of ZONE_IDS) {
      const p = DEMO_STARTING_POINTS.points[id]!;
      expect(cheapest('allied')).toBeLessThanOrEqual(p.allied);
      expect(cheapest('soviet')).toBeLessThanOrEqual(p.soviet);
    }
  });
  it('examples/rosters/demo-roster.csv holds the same ships', () => {
    const csv = readFileSync(new URL('../../../examples/rosters/demo-roster.csv', import.meta.url), 'utf8');
    const r = parseRoster(csv, 'csv');
    expect('kind' in r).toBe(false);
    if ('ships' in r) expect(r.ships).toEqual(DEMO_ROSTER.ships);
  });
  it('the demo JSON file reads back through the JSON importer as a demo roster', () => {
    const json = readFileSync(new URL('../../../src/modules/cwnb/data/demo-roster.json', import.meta.url), 'utf8');
    const r = parseRoster(json, 'json');
    expect(r).toEqual(DEMO_ROSTER);
  });
});
