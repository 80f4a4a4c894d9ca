import { describe, expect, it } from 'vitest';
import { Table } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;
const PG = 'persian-gulf' as const;

describe('6.C.1 Team Summits', () => {
  it('6.C.1 with one player a side there is no Team Summit: no note is offered, and one sent is refused', () => {
    const t = new Table({ zones: [NS] });
    expect(t.actions('allied:north-sea').map((a) => a.type)).not.toContain('teamNote');
    expect(t.refuse({ type: 'teamNote', seat: 'allied:north-sea', text: 'Hold the Gap' })).toMatchObject({ code: 'no-team-summit', rule: '6.C.1' });
  });

  it('6.C.1 teammates write notes only their team sees, at any time; the form asks for the text', () => {
    const t = new Table({ zones: [NS, PG] });
    const offered = t.actions('soviet:persian-gulf').find((a) => a.type === 'teamNote')!;
    expect(offered).toMatchObject({ rule: '6.C.1', fields: { text: { kind: 'text', label: 'Note', maxLength: 2000 } } });
    t.act({ type: 'teamNote', seat: 'soviet:persian-gulf', text: '  Strike the Gulf convoys  ' });
    expect(t.eventsFor('soviet:north-sea').filter((e) => e.type === 'team-note')).toMatchObject([{ by: 'soviet:persian-gulf', note: 'Strike the Gulf convoys', text: 'Soviet team note (Soviet, Persian Gulf): Strike the Gulf convoys' }]);
    expect(t.eventsFor('allied').filter((e) => e.type === 'team-note')).toEqual([]);
    expect(t.eventsFor('spectator').filter((e) => e.type === 'team-note')).toEqual([]);
    expect(t.refuse({ type: 'teamNote', seat: 'soviet:north-sea', text: '   ' })).toMatchObject({ code: 'bad-note', rule: '6.C.1' });
    expect(t.refuse({ type: 'teamNote', seat: 'soviet:north-sea', text: 'x'.repeat(2001) }).code).toBe('bad-note');
  });

  it('7 during a seat\'s Battle Turns the note is still offered, and its label says that players may not aid each other then (shown, not enforced)', () => {
    const t = new Table({ zones: [NS, PG] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-ff'], commit: ['s-ff'] } }, [PG]: { mission: { allied: 'Sea Superiority' } } });
    expect(t.zone(NS).step).toBe('battle');
    const label = (seat: string) => t.actions(seat).find((a) => a.type === 'teamNote')!.label;
    expect(label('allied:north-sea')).toBe('Write a note only your team sees (Team Summit; not to aid a player during the Battle Turns, 7)');
    t.act({ type: 'teamNote', seat: 'allied:north-sea', text: 'Forrestal next turn' });
    t.end(NS, 8);
    expect(t.zone(NS).step).not.toBe('battle');
    expect(label('allied:north-sea')).toBe('Write a note only your team sees (Team Summit)');
  });
});
