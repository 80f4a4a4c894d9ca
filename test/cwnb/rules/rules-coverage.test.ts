import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citedRules, coverage, leadingRules, normalizeRule, scanRulings, scanTitles, SECTIONS } from '../../../scripts/rules-coverage.ts';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../../..');

describe('npm run rules-coverage (scripts/rules-coverage.ts)', () => {
  it('every rule section (3–11, and the optional rules 13, 14) has a test or a ruling', () => {
    const missing = coverage(root).filter((c) => !c.covered).map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('lists the sections 3 to 11 in rulebook order, then the optional rules 13.1–13.5 and 14', () => {
    expect(SECTIONS.filter((s) => Number(s.id.split('.')[0]) <= 11).map((s) => s.id)).toEqual([
      '3', '4', '5', '5.1', '5.2', '6', '6.A', '6.B', '6.C.1', '6.C.2', '6.C.3', '6.C.4', '6.D',
      '7', '7.1', '7.2', '7.2.1', '7.2.2', '7.2.3', '7.2.4', '7.2.5', '7.2.6', '8', '9',
      '9.1', '9.2', '9.3', '9.4', '9.5', '9.6', '9.7', '9.8', '10', '11',
    ]);
    const optional = SECTIONS.map((s) => s.id).filter((id) => Number(id.split('.')[0]) > 11);
    expect(optional).toEqual(expect.arrayContaining(['13.1', '13.2', '13.2.7', '13.3', '13.4', '13.5', '14', '14.1']));
  });

  it('reads the rule numbers a title starts with, in the forms people write', () => {
    expect(leadingRules('7.2.4 in-port cap: 25 + 13')).toEqual(['7.2.4']);
    expect(leadingRules('9.2, 9.3 Raid points are Mission Points')).toEqual(['9.2', '9.3']);
    expect(leadingRules('9.5/6.C.2: a Strike player')).toEqual(['9.5', '6.C.2']);
    expect(leadingRules('6A missions')).toEqual(['6.A']);
    expect(leadingRules('11 the game ends')).toEqual(['11']);
    expect(leadingRules('Action card costs (6.C.2)')).toEqual([]);
    expect(normalizeRule('6c2')).toBe('6.C.2');
  });

  it('finds describe/it/test titles, with it.fails and friends, in any quote style', () => {
    // \u0065 / \u0074 keep this sample from being read as real tests of this file by the coverage scan itself.
    const src = "d\u0065scribe('9.4 Sea', () => {\n  i\u0074.fails(\"9.5 bug\", () => {});\n  t\u0065st(`11 end`, () => {});\n  i\u0074('it\\'s 3', () => {});\n});";
    expect(scanTitles(src, 'x.test.ts').map((t) => [t.kind, t.title, t.modifier, t.line])).toEqual([
      ['describe', '9.4 Sea', null, 1],
      ['test', '9.5 bug', 'fails', 2],
      ['test', '11 end', null, 3],
      ['test', "it's 3", null, 4],
    ]);
  });

  it('attributes rulings by their heading and by the rules their lines cite', () => {
    const md = '# Rulings\n\n### 9.4 Mission Winner\nSee rule 9.1 and (7.2.3); 45 points.\n\n### Data: copied as printed\nNothing cited.\n';
    const r = scanRulings(md);
    expect(r.map((x) => [x.ruling.heading, [...x.rules]])).toEqual([['9.4 Mission Winner', ['9.4', '9.1', '7.2.3']]]);
    expect(citedRules('a (45) pool and Rule 10')).toEqual(['10']);
  });
});
