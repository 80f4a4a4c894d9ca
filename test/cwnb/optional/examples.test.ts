/**
 * Every example game in examples/cwnb/optional/ replays through `wardroom replay`'s code path,
 * is finished (a victory is set) and replays identically; the files are what
 * scripts/make-optional-examples.ts writes now.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGameFile } from '../../../src/adapters/storage/game-file.ts';
import { replaySummary } from '../../../src/adapters/cli/cwnb-summary.ts';
import { buildOptionalOutputs, OPTIONAL_EXAMPLES_DIR } from '../../../scripts/make-optional-examples.ts';
import { openSession } from '../../support/cwnb-scenario.ts';

const FILES = readdirSync(OPTIONAL_EXAMPLES_DIR).filter((f) => f.endsWith('.json')).sort();
const open = (f: string) => openSession(readGameFile(join(OPTIONAL_EXAMPLES_DIR, f)));

describe('examples/cwnb/optional', () => {
  it('holds one game per optional rule and the seven-zone game with every option', () => {
    expect(FILES).toEqual([
      '13-1-variable-end-turn.json',
      '13-2-special-conditions.json',
      '13-3-transfer-limitations.json',
      '13-4-flag-officers.json',
      '13-5-friction-of-war.json',
      '14-1-overall-commanders.json',
      'seven-zone-all-options.json',
    ]);
    const seven = open('seven-zone-all-options.json').state.options;
    expect(seven.zones).toHaveLength(7);
    expect(Object.keys(seven.optional).sort()).toEqual(['flagOfficers', 'frictionOfWar', 'overallCommanders', 'specialConditions', 'transferLimitations', 'variableEndTurn']);
  });

  for (const f of FILES) {
    it(`${f} replays, finishes and replays identically`, () => {
      const a = open(f);
      expect(a.state.result, 'victory set').not.toBeNull();
      expect(replaySummary(a.state).finished).toBe(true);
      const b = open(f);
      expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
      expect(a.state.options.roster.demo).toBe(true);
    });
  }

  it('each example uses the rule it is named for', () => {
    const uses = (f: string, type: string) => open(f).record.log.some((a) => a.type === type);
    expect(uses('13-1-variable-end-turn.json', 'rollEndTurn')).toBe(true);
    expect(uses('13-2-special-conditions.json', 'portStrike')).toBe(true);
    expect(uses('13-3-transfer-limitations.json', 'rollTransferChart')).toBe(true);
    expect(uses('13-4-flag-officers.json', 'transferFlagOfficer')).toBe(true);
    expect(uses('13-5-friction-of-war.json', 'useKeptAdditionalShip')).toBe(true);
    expect(open('14-1-overall-commanders.json').record.log.some((a) => a.seat === 'commander:allied' && a.for)).toBe(true);
  });

  it('the files on disk are what scripts/make-optional-examples.ts writes', () => {
    for (const [path, text] of buildOptionalOutputs()) expect(readFileSync(path, 'utf8'), path).toBe(text);
  });
});
