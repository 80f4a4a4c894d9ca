import { describe, expect, it } from 'vitest';
import { ActionCardDataSchema, DemoStartingPointsSchema, ZoneDataSchema, parseOrThrow } from '../../../src/modules/cwnb/data/schema.ts';
import { ACTION_CARDS, zoneById } from '../../../src/modules/cwnb/data/index.ts';
import { shippedDataFiles, validateRulesData } from '../../../src/modules/cwnb/data/validate.ts';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('rules data validation (schema)', () => {
  it('accepts every shipped file exactly as it is (index.ts trusts the files; the build runs the same check)', () => {
    expect(shippedDataFiles()).toHaveLength(12); // 7 zones, action cards, special circumstances, demo roster and points, victory levels
    expect(() => validateRulesData()).not.toThrow();
  });

  it('the check refuses a file the schema would change or that names the wrong zone', () => {
    const files = shippedDataFiles();
    const withData = (file: string, edit: (d: any) => void) => {
      const data = clone(files.find((f) => f.file === file)!.data);
      edit(data);
      return files.map((f) => (f.file === file ? { ...f, data } : f));
    };
    expect(() => validateRulesData(withData('zones/north-sea.json', (z) => (z.name = 'North Sea ')))).toThrow(/zones\/north-sea\.json: the schema reads "name": "North Sea " as "name": "North Sea"/);
    expect(() => validateRulesData(withData('zones/north-sea.json', (z) => (z.id = 'mediterranean')))).toThrow(/id is "mediterranean", expected "north-sea"/);
    const largeFirst = withData('demo-roster.json', (r) => {
      const { crippledSide, large, ...ship } = r.ships[0];
      r.ships[0] = { ...ship, large, crippledSide };
    });
    expect(() => validateRulesData(largeFirst)).toThrow(/demo-roster\.json: the schema reads "large": true as "crippledSide": true/);
    expect(() => validateRulesData(withData('demo-roster.json', (r) => (r.demo = false)))).toThrow(/"demo" must be true/);
  });

  it('refuses a Mission Table row without exactly 7 cells', () => {
    const z = clone(zoneById('north-sea'));
    z.missionTable['6'].pop();
    expect(() => parseOrThrow(ZoneDataSchema, z, 'zones/north-sea.json')).toThrow(/zones\/north-sea\.json[\s\S]*missionTable\.6: a Mission Table row has exactly 7 cells/);
  });

  it('refuses a mission name not in MISSION_NAMES, and unopposed pairs', () => {
    const z = clone(zoneById('north-sea'));
    (z.missionTable['1-2'][0] as { allied: string }).allied = 'Patrol';
    expect(ZoneDataSchema.safeParse(z).success).toBe(false);
    const y = clone(zoneById('north-sea'));
    y.missionTable['1-2'][0] = { allied: 'Raid', soviet: 'Raid', urgent: false };
    expect(() => parseOrThrow(ZoneDataSchema, y, 'y')).toThrow(/"Raid vs\. Raid" is not a pair of opposed Missions/);
  });

  it('refuses an End Game row without 7 entries or out of side order', () => {
    const z = clone(zoneById('persian-gulf'));
    z.endGame.pop();
    expect(ZoneDataSchema.safeParse(z).success).toBe(false);
    const y = clone(zoneById('persian-gulf'));
    y.endGame[0]!.side = 'allied';
    expect(ZoneDataSchema.safeParse(y).success).toBe(false);
  });

  it('refuses an urgent value below the normal one and unknown keys', () => {
    const z = clone(zoneById('sea-of-japan'));
    z.summaries.invasion.pool = [160, 60];
    expect(ZoneDataSchema.safeParse(z).success).toBe(false);
    const y = clone(zoneById('sea-of-japan')) as unknown as Record<string, unknown>;
    y.extra = 1;
    expect(ZoneDataSchema.safeParse(y).success).toBe(false);
  });

  it('refuses asterisks in card type names and duplicate types', () => {
    const a = clone(ACTION_CARDS);
    a.cards[0]!.type = 'ECM*';
    expect(ActionCardDataSchema.safeParse(a).success).toBe(false);
    const b = clone(ACTION_CARDS);
    b.cards.push(clone(b.cards[0]!));
    expect(ActionCardDataSchema.safeParse(b).success).toBe(false);
  });

  it('requires every zone in the demo starting points', () => {
    expect(DemoStartingPointsSchema.safeParse({ demo: true, source: 'x', fromRulebook: [], points: { 'south-pacific': { allied: 80, soviet: 100 } } }).success).toBe(false);
  });
});
