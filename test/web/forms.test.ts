/** The web app's forms drawn from action descriptors (web/src/form-values.ts): what a filled form sends. */
import { describe, expect, it } from 'vitest';
import type { Fields } from '../../src/engine/module.ts';
import { takenBack } from '../../src/engine/log.ts';
import { chosenQuestion, collect, initialValues } from '../../web/src/form-values.ts';

describe('a form sends what the player entered', () => {
  it('13.2 with physical dice the table die may be left empty after a 1–4; the Special Conditions die may not', () => {
    const fields: Fields = { values: { kind: 'dice', label: 'Dice', sides: [6, 6], min: 1, labels: ['Special Conditions die', 'table die (after a 5 or 6)'] } };
    expect(collect(fields, { values: [3, undefined] })).toEqual({ values: [3] });
    expect(collect(fields, { values: [5, 2] })).toEqual({ values: [5, 2] });
    expect(collect(fields, initialValues(fields))).toBe('Dice: fill this in.');
  });

  it('6.C.2 a choice the game no longer offers (bought meanwhile in another tab) is not sent: the player is asked to choose again', () => {
    const fields: Fields = { card: { kind: 'choice', label: 'Action card', options: [{ value: 'Retreat', label: 'Retreat (6)' }] } };
    expect(collect(fields, { card: 'Surprise' })).toBe('Action card: what you chose is no longer offered (the game moved on); choose again.');
    expect(collect(fields, { card: 'Retreat' })).toEqual({ card: 'Retreat' });
  });

  it('14.1 an Overall Commander is asked the question of the seat chosen, with its figures, not the form\'s general one', () => {
    const fields: Fields = {
      for: { kind: 'choice', label: 'For the seat', options: [{ value: 'allied:mediterranean', label: 'Allied, Mediterranean', question: 'Finish purchasing for Allied, Mediterranean? Its order costs 18; …' }, { value: 'allied:north-sea', label: 'Allied, North Sea' }] },
    };
    expect(chosenQuestion(fields, { for: 'allied:mediterranean' })).toBe('Finish purchasing for Allied, Mediterranean? Its order costs 18; …');
    expect(chosenQuestion(fields, { for: 'allied:north-sea' })).toBeUndefined(); // the form's own question, or its label, is asked
  });

  it('14.1 the only seat an Overall Commander can order for is chosen already, and the fields of its order follow it; a choice of two or an optional one is not', () => {
    const fields: Fields = {
      for: { kind: 'choice', label: 'For the seat', options: [{ value: 'allied:mediterranean', label: 'Allied, Mediterranean', fields: { areaDefense: { kind: 'int', label: 'Area Defense', min: 0, max: 3, default: 0 } } }] },
      cause: { kind: 'choice', label: 'Cause', optional: true, options: [{ value: 'torpedo', label: 'Torpedo' }] },
      ship: { kind: 'choice', label: 'Ship', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
    };
    expect(initialValues(fields)).toEqual({ for: 'allied:mediterranean', areaDefense: 0 });
  });

  it('13.4 a Command Ship is chosen among the ships ticked: one not ticked is not sent', () => {
    const ships = [{ value: 'kidd', label: 'USS Kidd' }, { value: 'ticonderoga', label: 'USS Ticonderoga' }];
    const fields: Fields = { ships: { kind: 'subset', label: 'Ships committed', options: ships, min: 0, max: 2 }, flagOfficer: { kind: 'choice', label: 'Command Ship', optional: true, within: 'ships', options: ships } };
    expect(collect(fields, { ships: ['kidd'], flagOfficer: 'ticonderoga' })).toBe('Command Ship: choose one of those you chose above, or none.');
    expect(collect(fields, { ships: ['kidd'], flagOfficer: 'kidd' })).toEqual({ ships: ['kidd'], flagOfficer: 'kidd' });
    expect(collect(fields, { ships: ['kidd'] })).toEqual({ ships: ['kidd'] });
  });

  it('dice the rules always roll must all be entered', () => {
    const fields: Fields = { values: { kind: 'dice', label: 'Dice', sides: [6, 6] } };
    expect(collect(fields, { values: [3, undefined] })).toBe('Dice: fill this in.');
    expect(collect(fields, { values: [3, 4] })).toEqual({ values: [3, 4] });
  });
});

describe('the game log marks what was taken back', () => {
  it('§4 the events of entries an undo or a rewind voided, as the other team sees them too (the public undo names the entries)', () => {
    const ev = (seq: number, entry: number, extra: Record<string, unknown> = {}) => ({ seq, entry, type: 'x', text: `#${entry}`, to: 'all', ...extra }) as never;
    const log = [ev(0, 0), ev(1, 1), ev(2, 2), ev(3, 3, { type: 'undo', voids: [2] }), ev(4, 4), ev(5, 5, { type: 'rewind', voids: [1, 4] })];
    expect([...takenBack(log)].sort()).toEqual([1, 2, 4]);
  });
});
