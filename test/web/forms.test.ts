/** The web app's forms drawn from action descriptors (web/src/form-values.ts): what a filled form sends. */
import { describe, expect, it } from 'vitest';
import type { Fields } from '../../src/engine/module.ts';
import { collect, initialValues } from '../../web/src/form-values.ts';

describe('a form sends what the player entered', () => {
  it('13.2 with physical dice the table die may be left empty after a 1–4; the Special Conditions die may not', () => {
    const fields: Fields = { values: { kind: 'dice', label: 'Dice', sides: [6, 6], min: 1, labels: ['Special Conditions die', 'table die (after a 5 or 6)'] } };
    expect(collect(fields, { values: [3, undefined] })).toEqual({ values: [3] });
    expect(collect(fields, { values: [5, 2] })).toEqual({ values: [5, 2] });
    expect(collect(fields, initialValues(fields))).toBe('Dice: fill this in.');
  });

  it('dice the rules always roll must all be entered', () => {
    const fields: Fields = { values: { kind: 'dice', label: 'Dice', sides: [6, 6] } };
    expect(collect(fields, { values: [3, undefined] })).toBe('Dice: fill this in.');
    expect(collect(fields, { values: [3, 4] })).toEqual({ values: [3, 4] });
  });
});
