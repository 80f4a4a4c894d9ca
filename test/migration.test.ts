/**
 * Issue 7 §5: game files written by Wardroom 0.1 keep working. The files in test/fixtures/v0.1/
 * are copies of every example of version 0.1 (CWNB game files and SMP records) as they were in the
 * repository; expected.json holds what 0.1's `wardroom replay --json` (and `smp replay --json`)
 * said of each. They open, are migrated as they are read (0.1's card positions become card ids;
 * the game keeps the rulings it was played under), and replay to the same result.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readGameFile, writeGameFile } from '../src/adapters/storage/game-file.ts';
import { replaySummary } from '../src/adapters/cli/cwnb-summary.ts';
import { derive } from '../src/modules/smp/index.ts';
import { openSession } from './support/cwnb-scenario.ts';
import { openSmp } from './smp/helpers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIR = join(ROOT, 'test/fixtures/v0.1');
const EXPECTED = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<string, unknown>;
const CWNB = readdirSync(join(DIR, 'cwnb')).sort();
const SMP = readdirSync(join(DIR, 'smp')).sort();
const TMP = mkdtempSync(join(tmpdir(), 'wardroom-migration-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('§5 CWNB game files of version 0.1', () => {
  it('every 0.1 example is here: two-zone, seven zones, one per mission pair, one per optional rule', () => {
    expect(CWNB).toHaveLength(17);
  });

  for (const file of CWNB) {
    it(`${file} replays to the result 0.1 gave, is written back as version 2, and reads back the same`, () => {
      const record = readGameFile(join(DIR, 'cwnb', file));
      expect(record.version).toBe(1);
      const s = openSession(record);
      expect(replaySummary(s.state)).toEqual(EXPECTED[`cwnb/${file}`]);
      // Migrated: version 2, the game keeps 0.1's rulings, a seeded roll is logged with its action.
      expect(s.record.version).toBe(2);
      expect(s.record.options).toMatchObject({ rulings: '0.1' });
      if ((record.options as { dice: string }).dice === 'seeded') expect(s.record.log.some((a) => Array.isArray(a.rolled))).toBe(true);
      const out = join(TMP, file);
      writeGameFile(out, s.record);
      expect(openSession(readGameFile(out)).state).toEqual(s.state);
    });
  }

  it('0.1 named an Action card by its position in the hand; the migrated log names it by its id', () => {
    const record = readGameFile(join(DIR, 'cwnb/two-zone.json'));
    const before = record.log.filter((a) => a.type === 'transferCard').map((a) => a.card);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((c) => typeof c === 'number')).toBe(true);
    const after = openSession(record).record.log.filter((a) => a.type === 'transferCard').map((a) => a.card);
    expect(after).toHaveLength(before.length);
    for (const c of after) expect(c).toMatch(/^(allied|soviet):[a-z-]+#\d+$/);
  });

  it('unknown top-level fields of a game file are kept, through reading, playing and writing', () => {
    const raw = JSON.parse(readFileSync(join(DIR, 'cwnb/mission-carrier-strike.json'), 'utf8'));
    const file = join(TMP, 'with-extra.json');
    writeFileSync(file, JSON.stringify({ ...raw, club: { name: 'Tuesday wargamers', table: 3 }, notes: ['bring the Kiev'] }));
    const s = openSession(readGameFile(file));
    writeGameFile(file, s.record);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ club: { name: 'Tuesday wargamers', table: 3 }, notes: ['bring the Kiev'] });
  });

  it('`wardroom replay --json` keeps its shape, and a refused action keeps its line: "FILE: action #N: message"', () => {
    const file = join(DIR, 'cwnb/mission-sea-superiority.json');
    const ok = spawnSync(process.execPath, ['bin/wardroom.js', 'replay', file, '--json'], { cwd: ROOT, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual(EXPECTED['cwnb/mission-sea-superiority.json']);
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    raw.log[5] = { type: 'sink', seat: raw.log[5].seat, ship: 'no-such-ship' };
    const broken = join(TMP, 'broken.json');
    writeFileSync(broken, JSON.stringify(raw));
    const bad = spawnSync(process.execPath, ['bin/wardroom.js', 'replay', broken, '--json'], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: action #5: .+`));
  });
});

describe('§5 SMP game records of version 0.1', () => {
  for (const file of SMP) {
    it(`${file} replays to the same board and events, and its rolls verify`, () => {
      const s = openSmp(JSON.parse(readFileSync(join(DIR, 'smp', file), 'utf8')));
      const run = derive(s.state);
      const expected = EXPECTED[`smp/${file}`] as { board: unknown; events: number; lastEvent: Record<string, unknown> };
      expect(run.board).toEqual(expected.board);
      expect(run.events).toHaveLength(expected.events);
      const { to: _to, ...last } = run.events.at(-1)!;
      expect(last).toEqual(expected.lastEvent);
    });
  }
});
