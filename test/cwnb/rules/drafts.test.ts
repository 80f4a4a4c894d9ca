/**
 * Copy-on-write drafts (rules/common.ts): an action copies the parts of the state it changes with
 * copyState, copyZone, copyPlayer and copyBattle, which name every field (faster than a spread,
 * bench/README.md). A copy that dropped a field would silently lose part of the game: every
 * state, War Zone, player and battle of every example campaign (base and optional rules) is
 * copied here and must keep every field, in the same order, with the same values.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../src/engine/errors.ts';
import { Replay } from '../../../src/engine/replay.ts';
import type { GameRecord } from '../../../src/engine/session.ts';
import { cwnb } from '../../../src/modules/cwnb/index.ts';
import { copyBattle, copyPlayer, copyState, copyZone, ZONE_FIELDS } from '../../../src/modules/cwnb/rules/common.ts';
import type { CwnbState } from '../../../src/modules/cwnb/state.ts';

const dirs = ['../../../examples/cwnb/', '../../../examples/cwnb/optional/'];
const files = dirs.flatMap((d) => readdirSync(new URL(d, import.meta.url)).filter((f) => f.endsWith('.json')).map((f) => new URL(d + f, import.meta.url)));

function sameFields(copy: object, original: object): void {
  expect(Object.keys(copy)).toEqual(Object.keys(original));
  expect(copy).toEqual(original);
  expect(copy).not.toBe(original);
}

describe('drafts copy every field', () => {
  it('the example campaigns exist', () => expect(files.length).toBeGreaterThan(10));

  it.each(files.map((f) => [f.pathname.split('/examples/')[1], f]))('%s: every state, War Zone, player and battle', (_name, file) => {
    const record = JSON.parse(readFileSync(file as URL, 'utf8')) as GameRecord;
    const replay = new Replay<CwnbState>(cwnb, record);
    let battles = 0;
    for (let step = 0; step <= record.log.length; step++) {
      const state = replay.stateAt(record.log, step);
      if (isRuleError(state)) throw new Error(state.message);
      sameFields(copyState(state), state);
      for (const zone of Object.values(state.zones)) {
        sameFields(copyZone(zone!), zone!);
        for (const player of Object.values(zone!.players)) sameFields(copyPlayer(player), player);
        if (zone!.battle) {
          battles++;
          sameFields(copyBattle(zone!.battle), zone!.battle);
        }
      }
    }
    if (record.log.length > 50) expect(battles).toBeGreaterThan(0);
  });

  it('§4 the undo scope of an action compares every field of a War Zone (ZONE_FIELDS, its players and Special Conditions)', () => {
    const record = JSON.parse(readFileSync(files[0], 'utf8')) as GameRecord;
    const state = new Replay<CwnbState>(cwnb, record).stateAt(record.log, record.log.length) as CwnbState;
    for (const zone of Object.values(state.zones)) expect([...ZONE_FIELDS, 'players', 'conditions'].sort()).toEqual(Object.keys(zone!).sort());
  });
});
