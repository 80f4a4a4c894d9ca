import { describe, expect, it } from 'vitest';
import { tablesJson, tablesText } from '../../../src/modules/cwnb/data/tables.ts';
import { STATUS_COLUMNS, ZONE_IDS, zoneById } from '../../../src/modules/cwnb/data/index.ts';

describe('wardroom tables: JSON', () => {
  it('lists all seven zones with exactly the documented keys', () => {
    const j = tablesJson();
    expect(Object.keys(j)).toEqual(['zones']);
    expect(j.zones.map((z) => z.id)).toEqual([...ZONE_IDS]);
    for (const z of j.zones) {
      expect(Object.keys(z)).toEqual(['id', 'name', 'source', 'missionTable', 'columns', 'endGame', 'summaries']);
      // (a JS object always lists the integer-like key "6" first; JSON key order carries no meaning)
      expect(Object.keys(z.missionTable).sort()).toEqual(['1-2', '3-5', '6']);
      for (const row of Object.values(z.missionTable)) expect(row).toHaveLength(7);
      expect(z.columns).toEqual([...STATUS_COLUMNS]);
      expect(z.endGame).toHaveLength(7);
    }
  });

  it('gives one zone with --zone, equal to the rules data, and round-trips through JSON.stringify', () => {
    const j = tablesJson('north-sea');
    expect(j.zones).toHaveLength(1);
    const z = zoneById('north-sea');
    expect(j.zones[0]).toEqual({ ...z, columns: [...STATUS_COLUMNS] });
    expect(JSON.parse(JSON.stringify(j))).toEqual(j);
  });

  it('returns a copy the caller may change without touching the rules data', () => {
    const j = tablesJson('mediterranean');
    j.zones[0]!.missionTable['6'][0]!.urgent = false;
    expect(zoneById('mediterranean').missionTable['6'][0]!.urgent).toBe(true);
  });
});

describe('wardroom tables: text', () => {
  const text = tablesText('indian-ocean');

  it('has the zone heading, the column headings, the die rows and the End row', () => {
    expect(text).toMatch(/^Indian Ocean War Zone\n/);
    for (const h of STATUS_COLUMNS) expect(text).toContain(h);
    for (const d of ['1–2', '3–5', '6', 'End']) expect(text).toMatch(new RegExp(`^${d} +\\|`, 'm'));
    expect(text).toContain('Soviet +20 VPs');
    expect(text).toContain('Allied +32 VPs');
  });

  it('marks exactly the Urgent cells with !', () => {
    const marks = text.match(/! Urgent/g) ?? [];
    const urgent = Object.values(zoneById('indian-ocean').missionTable).flat().filter((c) => c.urgent).length;
    expect(marks).toHaveLength(urgent);
    expect(urgent).toBe(6);
  });

  it('writes the summaries as sentences with [urgent] values in brackets', () => {
    const flat = text.replace(/\n\s+/g, ' ');
    expect(flat).toContain('Military Escort vs. Raid. Escort Player: score 9 [13] minus damage for each of the 2 [4] Non-Combatant ships');
    expect(flat).toContain('Point Pool = 50 [115]');
    expect(flat).toContain('Bonus: Allies +1 and Soviet +1');
    expect(flat).toContain('Score 8 [12] for each successful Carrier Air Strike');
  });

  it('renders all zones, each once, without trailing spaces', () => {
    const all = tablesText();
    for (const id of ZONE_IDS) expect(all).toContain(`${zoneById(id).name} War Zone\n`);
    expect(all).not.toMatch(/ +\n/);
    expect(all.endsWith('\n')).toBe(true);
  });
});
