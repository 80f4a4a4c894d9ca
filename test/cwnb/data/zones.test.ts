/**
 * The War Zone Mission Tables, checked cell by cell against an expectation transcribed here
 * separately from the rulebook text ("War Zone Mission Tables", and for row 6 / End Game /
 * Invasion the seven groups at the end of the file), not generated from the JSON files.
 */
import { describe, expect, it } from 'vitest';
import { ZONES, ZONE_IDS, zoneById, isZoneId, STATUS_COLUMNS, type MissionCell, type ZoneId } from '../../../src/modules/cwnb/data/index.ts';

const M: Record<string, string> = {
  ME: 'Military Escort',
  CE: 'Civilian Escort',
  R: 'Raid',
  SS: 'Sea Superiority',
  HA: 'Holding Action',
  IN: 'Invasion',
  CS: 'Carrier Strike',
  SB: 'Submarine Strike',
  EN: 'Engage',
};

/** "EN/SB!" → Engage (Allied) vs. Submarine Strike (Soviet), Urgent. */
function cell(code: string): MissionCell {
  const urgent = code.endsWith('!');
  const [a, s] = code.replace('!', '').split('/');
  if (!M[a!] || !M[s!]) throw new Error(`bad code ${code}`);
  return { allied: M[a!], soviet: M[s!], urgent } as MissionCell;
}
const row = (codes: string) => codes.trim().split(/\s+/).map(cell);

/** Expected grid: [1–2, 3–5, 6] rows, columns Soviet Dominance … Allied Dominance; End Game S/A + VPs. */
const EXPECTED: Record<ZoneId, { r12: string; r35: string; r6: string; end: string }> = {
  'indian-ocean': {
    r12: 'EN/SB  EN/SB  SS/SS  R/ME   CE/R   CS/EN! CE/R!',
    r35: 'R/ME!  R/ME   R/ME!  ME/R   ME/R   ME/R   IN/HA!',
    r6: 'EN/SB  EN/CS! ME/R   SS/SS  SS/SS  IN/HA  CS/EN',
    end: 'S20 S15 S10 A4 A8 A16 A32',
  },
  mediterranean: {
    r12: 'HA/IN! HA/SS! SS/SS  ME/R   ME/R!  ME/R   CS/EN!',
    r35: 'HA/SS  R/ME   R/ME!  SS/SS! CS/EN  IN/HA! IN/HA',
    r6: 'EN/SB! EN/SB  HA/SS  EN/SB  SS/HA  SB/EN  SB/EN!',
    end: 'S48 S32 S21 S12 A10 A25 A50',
  },
  'north-atlantic': {
    r12: 'EN/SB! HA/IN! EN/SB  SS/SS  ME/R   SB/EN! CS/EN',
    r35: 'HA/IN  HA/SS  SS/SS! ME/R!  SS/SS! ME/R   IN/HA!',
    r6: 'R/ME!  EN/SB  EN/CS  SS/SS  CS/EN  CE/R   SB/EN',
    end: 'S44 S33 S22 S11 A15 A30 A60',
  },
  'north-sea': {
    r12: 'EN/SB  EN/SB  SS/SS  SS/SS! EN/SB  IN/HA! ME/R!',
    r35: 'R/ME!  HA/SS! EN/SB! ME/R   CE/R!  CS/EN  IN/HA',
    r6: 'HA/IN! SS/SS  ME/R   SS/HA  SS/SS  ME/R   CS/EN',
    end: 'S60 S30 S15 A5 A15 A35 A70',
  },
  'persian-gulf': {
    r12: 'SS/SS  HA/SS! ME/R   SS/SS  SS/SS  ME/R!  SS/HA',
    r35: 'HA/SS  SS/SS  R/ME   CE/R!  ME/R   CS/EN  IN/HA!',
    r6: 'HA/IN! SB/EN  SS/SS! SS/SS  CS/EN! IN/HA  SB/EN',
    end: 'S66 S44 S22 S11 A8 A24 A72',
  },
  'sea-of-japan': {
    r12: 'EN/CS  R/ME!  SS/SS! CE/R   SS/HA  SS/HA  IN/HA!',
    r35: 'HA/SS  HA/SS  R/ME   SS/SS  CS/EN  ME/R!  CS/EN',
    r6: 'HA/IN! EN/CS  EN/CS  R/ME   CE/R!  IN/HA  SB/EN',
    end: 'S30 S20 S10 S5 A8 A20 A35',
  },
  'south-pacific': {
    r12: 'R/ME   R/ME   EN/SB  SS/SS  CS/EN  IN/HA  SS/HA',
    r35: 'HA/IN! HA/SS  ME/R   R/ME   ME/R!  SB/EN  IN/HA!',
    r6: 'EN/SB  EN/CS  SS/SS  CS/EN  SS/SS  CS/EN! ME/R',
    end: 'S40 S30 S20 S10 A12 A24 A36',
  },
};

const endGame = (s: string) =>
  s.split(' ').map((t) => ({ side: t[0] === 'S' ? 'soviet' : 'allied', vp: Number(t.slice(1)) }));

describe('War Zone Mission Tables (6.A)', () => {
  it('has the seven War Zones in the document order', () => {
    expect(ZONES.map((z) => z.id)).toEqual([...ZONE_IDS]);
    expect(ZONES.map((z) => z.name)).toEqual([
      'Indian Ocean',
      'Mediterranean',
      'North Atlantic',
      'North Sea',
      'Persian Gulf',
      'Sea of Japan',
      'South Pacific',
    ]);
  });

  it('lays out seven status columns, Soviet Dominance … Allied Dominance', () => {
    expect(STATUS_COLUMNS).toEqual(['Soviet Dominance', 'Soviet Advantage', 'Soviet Edge', 'Even', 'Allied Edge', 'Allied Advantage', 'Allied Dominance']);
  });

  for (const id of ZONE_IDS) {
    describe(id, () => {
      const zone = zoneById(id);
      const exp = EXPECTED[id];
      for (const [key, codes] of [['1-2', exp.r12], ['3-5', exp.r35], ['6', exp.r6]] as const) {
        const expectedRow = row(codes);
        it(`row ${key} has 7 cells`, () => {
          expect(expectedRow).toHaveLength(7);
          expect(zone.missionTable[key]).toHaveLength(7);
        });
        expectedRow.forEach((c, col) => {
          it(`row ${key}, ${STATUS_COLUMNS[col]}: ${c.allied} vs. ${c.soviet}${c.urgent ? ' (Urgent)' : ''}`, () => {
            expect(zone.missionTable[key][col]).toEqual(c);
          });
        });
      }
      endGame(exp.end).forEach((e, col) => {
        it(`End Game (11), ${STATUS_COLUMNS[col]}: ${e.side} +${e.vp} VPs`, () => {
          expect(zone.endGame[col]).toEqual(e);
        });
      });
      it('says where its values come from, including the reassembled group', () => {
        const n = ZONE_IDS.indexOf(id) + 1;
        expect(zone.source).toContain('War Zone Mission Tables');
        expect(zone.source).toContain(`group ${n} of 7`);
      });
    });
  }

  it('counts 147 mission cells and 49 End Game entries in all', () => {
    expect(ZONES.flatMap((z) => [...z.missionTable['1-2'], ...z.missionTable['3-5'], ...z.missionTable['6']])).toHaveLength(147);
    expect(ZONES.flatMap((z) => z.endGame)).toHaveLength(49);
  });

  it('gives the Even column of the End Game row to the Allies only in the Indian Ocean and the North Sea (as printed)', () => {
    expect(ZONES.filter((z) => z.endGame[3]!.side === 'allied').map((z) => z.id)).toEqual(['indian-ocean', 'north-sea']);
  });
});

/** [normal, urgent] pairs, transcribed from each zone's Mission Summaries. */
const SUMMARIES: Record<ZoneId, string> = {
  //                ME pts  ME nc  CE pts  CE nc  SS pool A/S bonus SS retr SSvHA  bonus SB pool CS pool CS pts  Inv pool  Inv pts Inv nc bonus
  'indian-ocean':   '9 13   2 4    8 12    2 4    30 45   1 1       2 3     8 15   1     22 38   32 48   8 12    50 115    5 7     2 4    1',
  mediterranean:    '13 17  4 6    10 14   5 7    60 90   3 2       3 5     12 20  2     30 50   50 80   10 16   110 240   9 14    2 4    2',
  'north-atlantic': '12 15  4 6    9 12    5 7    60 90   2 1       3 5     10 18  2     32 45   36 60   9 15    60 160    6 9     2 4    2',
  'north-sea':      '10 13  3 5    8 12    5 7    45 60   1 1       2 3     10 18  2     26 40   40 60   10 15   72 160    5 7     3 5    2',
  'persian-gulf':   '11 14  3 5    8 12    5 7    45 60   1 2       2 3     8 14   1     26 50   50 80   10 16   60 160    6 9     2 4    1',
  'sea-of-japan':   '11 16  2 4    7 12    3 5    45 75   2 1       2 3     8 13   2     25 42   32 56   8 14    60 160    5 7     2 4    2',
  'south-pacific':  '11 13  3 5    8 12    4 6    30 45   1 1       2 3     11 16  1     22 38   55 65   11 17   55 155    6 9     2 4    1',
};

describe('Mission Summaries (9.2–9.8)', () => {
  for (const id of ZONE_IDS) {
    it(`${id}: every number of the summaries, normal [urgent]`, () => {
      const n = SUMMARIES[id].trim().split(/\s+/).map(Number);
      expect(n).toHaveLength(30);
      const p = (i: number) => [n[i], n[i + 1]];
      expect(zoneById(id).summaries).toEqual({
        militaryEscort: { points: p(0), nonCombatants: p(2) },
        civilianEscort: { points: p(4), nonCombatants: p(6) },
        seaSuperiority: { pool: p(8), bonus: { allied: n[10], soviet: n[11] }, retreatPoints: p(12) },
        seaSuperiorityVsHoldingAction: { points: p(14), bonus: n[16] },
        submarineStrike: { pool: p(17) },
        carrierStrike: { pool: p(19), points: p(21) },
        invasion: { pool: p(23), points: p(25), nonCombatants: p(27), bonus: n[29] },
      });
    });
  }
});

describe('Invasion vs. Holding Action (9.6), reassembled from the end of the file', () => {
  const pools: [ZoneId, number, number][] = [
    ['indian-ocean', 50, 115],
    ['mediterranean', 110, 240],
    ['north-atlantic', 60, 160],
    ['north-sea', 72, 160],
    ['persian-gulf', 60, 160],
    ['sea-of-japan', 60, 160],
    ['south-pacific', 55, 155],
  ];
  for (const [id, normal, urgent] of pools) {
    it(`${id}: Point Pool = ${normal} [${urgent}]`, () => {
      expect(zoneById(id).summaries.invasion.pool).toEqual([normal, urgent]);
    });
  }
  it('the Invasion player bonus equals the Sea Superiority vs. Holding Action bonus in every zone (how the groups were matched)', () => {
    expect(ZONES.map((z) => z.summaries.invasion.bonus)).toEqual([1, 2, 2, 2, 1, 2, 1]);
    for (const z of ZONES) expect(z.summaries.invasion.bonus).toBe(z.summaries.seaSuperiorityVsHoldingAction.bonus);
  });
  it('the Mediterranean has the largest Invasion pool', () => {
    const max = Math.max(...ZONES.map((z) => z.summaries.invasion.pool[0]));
    expect(zoneById('mediterranean').summaries.invasion.pool[0]).toBe(max);
  });
});

describe('zone lookup', () => {
  it('isZoneId accepts the seven ids only', () => {
    for (const id of ZONE_IDS) expect(isZoneId(id)).toBe(true);
    expect(isZoneId('Indian Ocean')).toBe(false);
    expect(isZoneId('baltic')).toBe(false);
    expect(isZoneId(undefined)).toBe(false);
  });
  it('zoneById throws a clear error on an unknown id', () => {
    expect(() => zoneById('baltic' as ZoneId)).toThrow(/Unknown War Zone "baltic"/);
  });
  it('the data cannot be altered by a consumer', () => {
    expect(Object.isFrozen(zoneById('north-sea').missionTable['6'][0])).toBe(true);
  });
});
