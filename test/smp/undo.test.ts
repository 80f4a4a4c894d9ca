/**
 * Taking an answer back in the Strategic Missions Phase (issue 7 §4): a nation's answer another
 * nation has answered after is refused as undo, without pointing to a rewind: SMP has no part of
 * the game whose players may agree one.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import { newGameRecord, Session } from '../../src/engine/session.ts';
import { MODULES } from '../../src/modules/index.ts';
import { seatViewer } from '../../src/engine/viewer.ts';
import { autoAction, type SmpState } from '../../src/modules/smp/index.ts';

const DEMO = JSON.parse(readFileSync(new URL('../../examples/smp/demo-1940.json', import.meta.url), 'utf8'));

it('#1.5 an answer another nation answered after cannot be undone, and the refusal offers no rewind (SMP has none)', () => {
  const s = Session.open(MODULES.smp, newGameRecord('smp', { scenario: DEMO, dice: 'seeded' }, '1'), { seed: '1' }) as Session<unknown>;
  // The demo's auto answers up to Russia's first (1.6), after Germany's Russian Winter (1.5).
  while (s.record.log.at(-1)?.seat !== 'russia') s.submit(autoAction(s.state as SmpState)!);
  const r = s.undo('germany', 1);
  expect(isRuleError(r) && r.message).toMatch(/^Action #\d+ of Soviet Union \(“1\.6 Russian Engineer Tokens: .*”\) came after action #\d+ of Germany \(“1\.5 Russian Winter: .*”\) and may depend on it\.$/);
});

it('#1.5 a nation is named as itself where a team would be ("Germany", not "the Germany team"): each SMP nation is a team of one seat', () => {
  const s = Session.open(MODULES.smp, newGameRecord('smp', { scenario: DEMO, dice: 'seeded' }, '1'), { seed: '1' }) as Session<unknown>;
  while (s.record.log.at(-1)?.seat !== 'germany') s.submit(autoAction(s.state as SmpState)!);
  expect(s.nameFor(s.record.log.length - 1, seatViewer('russia')).who).toBe('Germany');
});
