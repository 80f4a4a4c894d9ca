/**
 * Step 8 Reassign Transport Units (document section "#9. TRANSPORT RE-ASSIGNMENT"; rulings R8-1,
 * R8-2): which transports may pass, to whom, the offer and its acceptance, and the report.
 */
import { describe, expect, it } from 'vitest';
import { asked, mini, play, report, reportLines, unit, zone } from './helpers.ts';

const RULE = '8 Transport Re-assignment:';
const { changed, noted } = reportLines(RULE, '8');
const naval = (damage = 0) => ({ type: 'naval_base', damage });
const air = (damage = 0) => ({ type: 'air_base', damage });
type Prompts = ReturnType<typeof play>['prompts'];
/** What each nation is offered to reassign, by nation (its last question). */
const offered = (prompts: Prompts) => Object.fromEntries(asked(prompts, /reassign transports/).map((q) => [q.seat, q.action.fields.choice.options.map((o: any) => o.value)]));
const transports = (extra: Parameters<typeof mini>[0], decide?: NonNullable<Parameters<typeof play>[1]>['decide']) => {
  const r = play(mini(extra), { steps: [8], ...(decide ? { decide } : {}) });
  return { ...r, report: report(r.events, 8) };
};
/** `seat` reassigns `choice` (count and receiver), once; everyone else declines, and receivers accept. */
const give = (seat: string, choice: string, count: number, to: string, accept = true) => {
  let done = false;
  return (r: { seat: string; prompt: string }) =>
    /reassign transports/.test(r.prompt) && r.seat === seat && !done ? ((done = true), { choice }) : /how many/.test(r.prompt) ? { count, to } : /Accept\?/.test(r.prompt) ? { yes: accept } : undefined;
};

describe('Step 8 Transport Re-assignment', () => {
  it('R8-1: sea transports next to an operational naval base of their side; air transports on an operational air base of their side; nothing else', () => {
    const { prompts } = transports({
      territories: [
        { name: 'London', owner: 'uk', adjacent: ['A-18'], facilities: [air()], units: [unit('uk', 'air_transport', 2), unit('uk', 'fighter')] },
        { name: 'Normandy', owner: 'france', adjacent: ['A-19'], facilities: [naval()] }, // France's base serves the UK too
        { name: 'Norway', owner: 'germany', adjacent: ['A-20'], facilities: [naval()] }, // an enemy base
        { name: 'Scotland', owner: 'uk', adjacent: ['A-21'], facilities: [naval(3)] }, // out of action
        { name: 'Wales', owner: 'uk', adjacent: ['A-22', 'A-19'], facilities: [air()], units: [] }, // an air base is no naval base
        { name: 'Ireland', owner: 'uk', facilities: [air(3)], units: [unit('uk', 'air_transport')] }, // out of action
        { name: 'Iceland', owner: 'uk', facilities: [naval()], units: [unit('uk', 'air_transport')] }, // no air base
      ],
      seaZones: [
        { name: 'A-18', units: [unit('uk', 'transport')] }, // next to London's air base only
        { name: 'A-19', units: [unit('uk', 'transport', 2), unit('uk', 'destroyer'), unit('russia', 'transport')] },
        { name: 'A-20', units: [unit('uk', 'transport')] },
        { name: 'A-21', units: [unit('uk', 'transport')] },
        { name: 'A-22', units: [unit('uk', 'transport')] },
      ],
    });
    expect(offered(prompts)).toEqual({ uk: ['done', 'A-19|transport', 'London|air_transport'], russia: ['done', 'A-19|transport'] });
    const [q] = asked(prompts, /reassign transports/);
    expect(q.prompt).toBe(`${RULE} uk: reassign transports to a friendly nation (none is fine)?`);
    expect(q.action.fields.choice.options.map((o: any) => o.label)).toEqual(['no (more) reassignments', '2 transports in A-19', '2 air transports in London']);
  });

  it('R8-1: sea transports pass only between nations at war (Russia: with a European Axis power); air transports between any friendly nations', () => {
    const s = {
      wars: [['germany', 'uk'], ['japan', 'russia'], ['germany', 'france']] as [string, string][],
      territories: [{ name: 'London', owner: 'uk', adjacent: ['A-18'], facilities: [naval(), air()], units: [unit('uk', 'air_transport'), unit('usa', 'air_transport'), unit('russia', 'air_transport')] }],
      seaZones: [{ name: 'A-18', units: [unit('uk', 'transport'), unit('usa', 'transport'), unit('russia', 'transport')] }],
    };
    const { prompts } = transports(s);
    // The UK's sea transport goes only to France (Russia fights only Japan, the US is neutral); the
    // neutral US and Russia give only air transports, to any friendly nation.
    expect(offered(prompts)).toEqual({ uk: ['done', 'A-18|transport', 'London|air_transport'], russia: ['done', 'London|air_transport'], usa: ['done', 'London|air_transport'] });
    const to = (seat: string, choice: string) => asked(transports(s, give(seat, choice, 1, 'france')).prompts, /how many/)[0].action.fields.to.options.map((o: any) => o.value);
    expect(to('uk', 'A-18|transport')).toEqual(['france']);
    expect(to('uk', 'London|air_transport')).toEqual(['russia', 'france', 'usa']);
    expect(to('usa', 'London|air_transport')).toEqual(['uk', 'russia', 'france']);
  });

  it('R8-2: the controlling nation offers how many to whom; the receiver accepts, and the transports change hands where they are', () => {
    const s = { territories: [{ name: 'London', owner: 'uk', adjacent: ['A-18'], facilities: [naval()] }], seaZones: [{ name: 'A-18', units: [unit('uk', 'transport', 3)] }] };
    const { prompts, report: r, board } = transports(s, give('uk', 'A-18|transport', 2, 'russia'));
    const [q] = asked(prompts, /how many/);
    expect(q.seat).toBe('uk');
    expect(q.prompt).toBe(`${RULE} how many transports from A-18, and to which nation?`);
    expect(q.action.fields).toEqual({
      count: { kind: 'int', label: 'Transports', min: 1, max: 3 },
      to: { kind: 'choice', label: 'To the nation', options: [{ value: 'russia', label: 'russia' }, { value: 'france', label: 'france' }] },
    });
    expect(q.auto).toEqual({ count: 3, to: 'russia' });
    const [accept] = asked(prompts, /Accept\?/);
    expect([accept.seat, accept.prompt, accept.auto]).toEqual(['russia', `${RULE} uk offers 2 transports in A-18 to russia. Accept?`, { yes: true }]);
    // The UK is asked again with what it still holds, and stops.
    expect(offered(prompts).uk).toEqual(['done', 'A-18|transport']);
    expect(asked(prompts, /reassign transports/).filter((p) => p.seat === 'uk').map((p) => p.action.fields.choice.options[1].label)).toEqual(['3 transports in A-18', '1 transport in A-18']);
    expect(r).toEqual([changed('2 transports in A-18 pass from uk to russia.'), noted('uk reassigns no (more) transports.')]);
    expect(zone(board, 'A-18').units).toEqual([unit('uk', 'transport'), unit('russia', 'transport', 2)]);
    // Russia received them during the step: it may not pass them on (R8-2).
    expect(offered(prompts).russia).toBeUndefined();
  });

  it('R8-2: a declined offer changes nothing, and the nation may offer again', () => {
    const s = { territories: [{ name: 'London', owner: 'uk', adjacent: ['A-18'], facilities: [naval()] }], seaZones: [{ name: 'A-18', units: [unit('uk', 'transport', 2)] }] };
    const { prompts, report: r, board } = transports(s, give('uk', 'A-18|transport', 1, 'france', false));
    expect(r).toEqual([noted('france declines 1 transport from uk.'), noted('uk reassigns no (more) transports.')]);
    expect(asked(prompts, /reassign transports/).map((p) => p.action.fields.choice.options[1].label)).toEqual(['2 transports in A-18', '2 transports in A-18']);
    expect(zone(board, 'A-18').units).toEqual([unit('uk', 'transport', 2)]);
  });

  it('R8-2: a nation may offer again after any number of refusals, until it is done', () => {
    const s = { territories: [{ name: 'London', owner: 'uk', adjacent: ['A-18'], facilities: [naval()] }], seaZones: [{ name: 'A-18', units: [unit('uk', 'transport')] }] };
    let refusals = 0;
    const decide = (r: { seat: string; prompt: string }) =>
      /reassign transports/.test(r.prompt) && r.seat === 'uk' ? { choice: 'A-18|transport' } : /how many/.test(r.prompt) ? { count: 1, to: 'france' } : /Accept\?/.test(r.prompt) ? { yes: ++refusals > 60 } : undefined;
    const { report: r, board } = transports(s, decide);
    expect(r).toHaveLength(61);
    expect(r.at(-1)).toEqual(changed('1 transport in A-18 pass from uk to france.'));
    expect(zone(board, 'A-18').units).toEqual([unit('france', 'transport')]);
  });

  it('R8-2: once a nation has passed on all it may, it is not asked again', () => {
    const s = { territories: [{ name: 'London', owner: 'uk', adjacent: ['A-18'], facilities: [naval()] }], seaZones: [{ name: 'A-18', units: [unit('uk', 'transport', 2)] }] };
    const { prompts, report: r } = transports(s, give('uk', 'A-18|transport', 2, 'france'));
    expect(asked(prompts, /reassign transports/)).toHaveLength(1);
    expect(r).toEqual([changed('2 transports in A-18 pass from uk to france.')]);
  });

  it('#9: nothing to reassign is said once', () => {
    const { prompts, report: r } = transports({ territories: [{ name: 'London', owner: 'uk', adjacent: ['A-18'], facilities: [naval(3)] }], seaZones: [{ name: 'A-18', units: [unit('uk', 'transport', 2)] }] });
    expect(prompts).toEqual([]);
    expect(r).toEqual([noted('no transport can be reassigned: none is next to a friendly naval base (sea, nations at war) or on a friendly air base (air) with a friendly nation to take it.')]);
  });
});
