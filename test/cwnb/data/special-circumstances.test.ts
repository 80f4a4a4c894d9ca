import { describe, expect, it } from 'vitest';
import { SPECIAL_CIRCUMSTANCES, SPECIAL_CONDITIONS } from '../../../src/modules/cwnb/data/index.ts';

describe('Special Circumstances Die Table (6.B, 13.2)', () => {
  // Die Roll | Allied | Soviet, as printed ("Close Range" is 13.2.2 Close Range Battle)
  const printed: [number, string, string][] = [
    [1, 'Port Strike', 'Bad Weather'],
    [2, 'Bad Weather', 'Nearby Air Bases'],
    [3, 'Prepared', 'Port Strike'],
    [4, 'Nearby Air Bases', 'Bad Weather'],
    [5, 'Short Battle', 'Rushed'],
    [6, 'Bad Weather', 'Close Range Battle'],
  ];
  for (const [die, allied, soviet] of printed) {
    it(`die ${die}: Allied ${allied}, Soviet ${soviet}`, () => {
      expect(SPECIAL_CIRCUMSTANCES.rows[die - 1]).toEqual({ die, allied, soviet });
    });
  }
  it('has exactly six rows, every condition one of 13.2', () => {
    expect(SPECIAL_CIRCUMSTANCES.rows).toHaveLength(6);
    for (const r of SPECIAL_CIRCUMSTANCES.rows) {
      expect(SPECIAL_CONDITIONS).toContain(r.allied);
      expect(SPECIAL_CONDITIONS).toContain(r.soviet);
    }
  });
  it('says the document gives only this general table, not one per War Zone Display', () => {
    expect(SPECIAL_CIRCUMSTANCES.source).toMatch(/13\.2/);
    expect(SPECIAL_CIRCUMSTANCES.source).toMatch(/each War Zone Display/);
    expect(SPECIAL_CIRCUMSTANCES.source).toMatch(/only this one general table/);
  });
});
