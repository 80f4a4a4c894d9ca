import { describe, expect, it } from 'vitest';
import { Table } from '../../support/cwnb-fixtures.ts';

const PG = 'persian-gulf' as const;

/** Persian Gulf in its Battle Turns, a destroyer against a destroyer and a submarine; the Soviet player acts first. */
function battle(): Table {
  const t = new Table({ zones: [PG] });
  t.prepare({ [PG]: { mission: { allied: 'Sea Superiority' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd', 's-ss'], commit: ['s-dd', 's-ss'] } } });
  return t;
}

/** Persian Gulf after the purchases, before either player commits. */
function beforeCommitment(): Table {
  const t = new Table({ zones: [PG] });
  t.roll(PG, { allied: 'Sea Superiority' });
  t.order(PG, 'allied', { buy: ['a-dd'] });
  t.order(PG, 'soviet', { buy: ['s-dd'] });
  return t;
}

describe('Malformed actions are refused, naming the field (the game file, docs/game-file.md)', () => {
  it('a damage amount given as text is refused as a malformed damage action, naming "amount"', () => {
    const r = battle().refuse({ type: 'damage', seat: 'soviet:persian-gulf', ship: 'a-dd', amount: '3' });
    expect(r.code).toBe('bad-action');
    expect(r.message).toBe('Malformed damage action: "amount" must be a whole number, not "3".');
  });

  it('a missing ship is refused as missing; an empty ship id as too short', () => {
    const t = battle();
    expect(t.refuse({ type: 'sink', seat: 'soviet:persian-gulf' }).message).toBe('Malformed sink action: "ship" is missing.');
    expect(t.refuse({ type: 'sink', seat: 'soviet:persian-gulf', ship: '' }).message).toBe('Malformed sink action: "ship" must be text of at least 1 character, not "".');
  });

  it('a list field with a wrong element and an enum field with an unknown value are refused', () => {
    const t = battle();
    expect(t.refuse({ type: 'submarine', seat: 'soviet:persian-gulf', ship: 's-ss', mode: 'deep' }).message).toBe('Malformed submarine action: "mode" must be one of active, passive, not "deep".');
    expect(beforeCommitment().refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-dd', 7] }).message).toBe('Malformed commit action: "ships" must be a list of text of at least 1 character, not ["a-dd",7].');
  });

  it('a yes/no field given as text and a list field given as one value are refused; a one-character id is text enough', () => {
    const t = battle();
    expect(t.refuse({ type: 'cripple', seat: 'soviet:persian-gulf', ship: 'a-dd', value: 'yes' })).toMatchObject({ code: 'bad-action', message: 'Malformed cripple action: "value" must be true or false, not "yes".' });
    expect(beforeCommitment().refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: 'a-dd' })).toMatchObject({ code: 'bad-action', message: 'Malformed commit action: "ships" must be a list, not "a-dd".' });
    expect(t.refuse({ type: 'sink', seat: 'soviet:persian-gulf' }).code).toBe('bad-action');
    expect(t.refuse({ type: 'sink', seat: 'soviet:persian-gulf', ship: 'x' }).code).toBe('unknown-unit'); // well formed; no such unit
  });

  it('a default fills a field left out: a commitment without "areaDefense" pre-positions none (6.C.4)', () => {
    const c = beforeCommitment();
    c.act({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-dd'] });
    expect(c.zone(PG).players.allied.commitment).toMatchObject({ ships: ['a-dd'], areaDefense: 0 });
  });
});
