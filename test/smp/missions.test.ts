/**
 * The machinery Steps 3 and 4 share (missions.ts): the d8 initiative (ruling R3-1), casualty
 * choices, what reaches the target and the damage it deals, and "each unit only once this phase"
 * (ruling R0-6), seen through bombing raids.
 */
import { describe, expect, it } from 'vitest';
import { asked, diceBy, fac, mini, play, refusalOf, report, rolls, terr } from './helpers.ts';

const HEADING = '3 Bombing Raids:';
const units = (owner: string, type: string, count: number, designated = count) => ({ owner, type, count, ...(designated ? { designated } : {}) });
/** Germany's bombers with two escorts next to London; London's two grounded fighters and a British bomber. */
const board = (london = [fac('major_factory', 12), fac('air_base')]) =>
  mini({
    territories: [
      { name: 'Western Germany', owner: 'germany', facilities: [fac('major_factory')], units: [units('germany', 'strategic_bomber', 2), units('germany', 'tactical_bomber', 1)] },
      { name: 'Holland', owner: 'germany', adjacent: ['London'], units: [units('germany', 'fighter', 2)] },
      { name: 'London', owner: 'uk', facilities: london, units: [units('uk', 'strategic_bomber', 1), units('uk', 'fighter', 2, 0)] },
    ],
  });
const lines = (events: Parameters<typeof report>[0]) => report(events, 3).map((e) => e.text);

describe('Steps 3 and 4: the shared machinery', () => {
  it('R3-1: a tie re-rolls (the dice name the re-roll); the winner chooses, and may let the other side go first', () => {
    const { prompts, events } = play(board(), {
      steps: [3],
      dice: diceBy([[/Initiative.*Axis/, [3, 2]], [/Initiative.*Allies/, [3, 7]]]),
      decide: (r) => (/Which side/.test(r.prompt) ? { choice: 'axis' } : undefined),
    });
    expect(rolls(prompts).slice(0, 4)).toEqual([
      ['germany', 'Initiative for bombing raids: Axis d8'],
      ['uk', 'Initiative for bombing raids: Allies d8'],
      ['germany', 'Initiative for bombing raids: Axis d8 (re-roll 1)'],
      ['uk', 'Initiative for bombing raids: Allies d8 (re-roll 1)'],
    ]);
    const [q] = asked(prompts, /Which side/);
    expect([q.seat, q.prompt, q.action.fields.choice.options, q.auto]).toEqual([
      'uk',
      'Initiative for bombing raids: the Allies won (7 vs 2). Which side conducts all its bombing raids first?',
      [
        { value: 'axis', label: 'the Axis first' },
        { value: 'allies', label: 'the Allies first' },
      ],
      { choice: 'allies' },
    ]);
    expect(report(events, 3).slice(0, 3)).toEqual([
      { type: 'note', text: 'Initiative tie (3–3): both sides re-roll.', rule: '3' },
      { type: 'note', text: 'Initiative for bombing raids: Axis 2, Allies 7; the Axis go first.', rule: '3' },
      expect.objectContaining({ text: expect.stringMatching(/^3 Bombing Raids: germany bombing raid on London/) }),
    ]);
  });

  it('R3-1: the side that goes first conducts all its missions before the other', () => {
    const { events } = play(board(), { steps: [3], dice: diceBy([[/Initiative.*Axis/, [1]], [/Initiative.*Allies/, [8]]]) });
    expect(lines(events).filter((t) => / raid on |go first/.test(t as string))).toEqual([
      'Initiative for bombing raids: Axis 1, Allies 8; the Allies go first.',
      `${HEADING} uk bombing raid on Western Germany: 1 strategic bomber (uk, London); no interceptors.`,
      `${HEADING} germany bombing raid on London: 2 strategic bombers (germany, Western Germany), 1 tactical bomber (germany, Western Germany); escorts 2 fighters (germany, Holland); interceptors 2 fighters (uk, London).`,
    ]);
  });

  it('#5/#6 casualties: the attacker chooses where the hits fall, escorts first by the auto answer; nobody is asked when every unit is hit', () => {
    const axisFirst: [RegExp, number[]][] = [[/Initiative.*Axis/, [8]], [/Initiative.*Allies/, [1]]];
    const two = play(board(), { steps: [3], dice: diceBy([...axisFirst, [/interceptor/, [1]]]) });
    const [q] = asked(two.prompts, /Dog fight over/);
    expect([q.seat, q.prompt, q.auto]).toEqual([
      'germany',
      `${HEADING} Dog fight over London: 2 hit(s) on your bombing raid force: choose 2 casualties.\n  p0: 2 fighters (germany, Holland) (0-2)\n  p1: 1 tactical bomber (germany, Western Germany) (0-1)\n  p2: 2 strategic bombers (germany, Western Germany) (0-2)`,
      { p0: 2, p1: 0, p2: 0 },
    ]);
    expect(report(two.events, 3)).toContainEqual({ type: 'change', text: `${HEADING} Dog fight: escort 2 fighters (germany, Holland) shot down.`, rule: '3' });
    // The interceptors' hits chosen on the bombers instead: both strategic bombers fall (a line for each dog-fight hit); the tactical one alone reaches London.
    const bombers = play(board(), { steps: [3], dice: diceBy([...axisFirst, [/interceptor/, [1]]]), decide: (r) => (/Dog fight over/.test(r.prompt) ? { p0: 0, p1: 0, p2: 2 } : undefined) });
    expect(lines(bombers.events).slice(2, 5)).toEqual([
      `${HEADING} Dog fight: 1 strategic bomber (germany, Western Germany) shot down.`,
      `${HEADING} Dog fight: 1 strategic bomber (germany, Western Germany) shot down.`,
      `${HEADING} 1 tactical bomber hit London air base: +2 damage, now 2/6.`,
    ]);
    // Every German unit hit (the interceptors and then the AA barrage): no question, nothing reaches London.
    const all = play(board(), { steps: [3], dice: diceBy([...axisFirst, [/interceptor|AA barrage/, [1]]]), decide: (r) => (/escort fighters/.test(r.prompt) ? { p0: 0 } : undefined) });
    expect(asked(all.prompts, /hit\(s\) on your|AA barrage over/).map((p) => p.prompt.split('\n')[0])).toEqual([
      `${HEADING} Dog fight over London: 2 hit(s) on your bombing raid force: choose 2 casualties.`,
    ]);
    expect(lines(all.events).slice(2, 6)).toEqual([
      `${HEADING} Dog fight: 1 tactical bomber (germany, Western Germany) shot down.`,
      `${HEADING} Dog fight: 1 strategic bomber (germany, Western Germany) shot down.`,
      `${HEADING} AA barrage: 1 strategic bomber (germany, Western Germany) shot down.`,
      `${HEADING} Nothing reaches London.`,
    ]);
    expect(report(all.events, 3)[5]).toEqual({ type: 'note', text: `${HEADING} Nothing reaches London.`, rule: '3' });
  });

  it('#5/#6 casualties: one hit asks for one casualty, and an answer of none is refused in the singular', () => {
    const one = () => diceBy([[/Initiative.*Axis/, [8]], [/Initiative.*Allies/, [1]], [/interceptor/, [1, 6]]]); // the interceptors hit once
    const [q] = asked(play(board(), { steps: [3], dice: one() }).prompts, /Dog fight over/);
    expect(q.prompt.split('\n')[0]).toBe(`${HEADING} Dog fight over London: 1 hit(s) on your bombing raid force: choose 1 casualty.`);
    const none = () => play(board(), { steps: [3], dice: one(), decide: (r) => (/Dog fight over/.test(r.prompt) ? { p0: 0, p1: 0, p2: 0 } : undefined) });
    expect(refusalOf(none)).toMatchObject({ code: 'bad-total', message: 'Choose exactly 1 casualty in all, not 0.' });
  });

  it('#5/#6 casualties: nobody is asked when one stack takes the hits, or when every unit is hit', () => {
    const s = (bombers: ReturnType<typeof units>[]) =>
      mini({ territories: [{ name: 'Western Germany', owner: 'germany', units: bombers }, { name: 'London', owner: 'uk', facilities: [fac('major_factory'), fac('air_base')], units: [units('uk', 'fighter', 2, 0)] }] });
    const run = (bombers: ReturnType<typeof units>[], hits: number[]) => {
      const { prompts, events } = play(s(bombers), { steps: [3], dice: diceBy([[/interceptor/, hits]]) });
      return [asked(prompts, /Dog fight over/).length, lines(events).filter((t) => /shot down/.test(t as string))];
    };
    expect(run([units('germany', 'strategic_bomber', 2)], [1, 6])).toEqual([0, [`${HEADING} Dog fight: 1 strategic bomber (germany, Western Germany) shot down.`]]);
    expect(run([units('germany', 'strategic_bomber', 1), units('germany', 'tactical_bomber', 1)], [1, 1])).toEqual([
      0,
      [`${HEADING} Dog fight: 1 tactical bomber (germany, Western Germany) shot down.`, `${HEADING} Dog fight: 1 strategic bomber (germany, Western Germany) shot down.`],
    ]);
  });

  it('#5/#6 the interceptors question shows the odds with none and with every interceptor; the force names each stack', () => {
    let odds: string[] | undefined;
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', adjacent: ['London'], units: [units('germany', 'strategic_bomber', 1), units('germany', 'fighter', 1)] },
        { name: 'Holland', owner: 'germany', adjacent: ['London'], units: [units('germany', 'fighter', 1)] },
        { name: 'London', owner: 'uk', adjacent: ['Scotland'], facilities: [fac('major_factory')], units: [units('uk', 'fighter', 1, 0)] },
        { name: 'Scotland', owner: 'uk', units: [units('uk', 'fighter', 1)] },
      ],
    });
    play(s, { steps: [3], decide: (r) => (/escort fighters/.test(r.prompt) ? { p0: 0, p1: 0 } : ((/send interceptors/.test(r.prompt) && (odds = r.odds)), undefined)) });
    expect(odds).toEqual([
      'with no interceptors: damage to London major factory (0/20 damage): 0: 16.7%, 4: 83.3%',
      'with every interceptor: damage to London major factory (0/20 damage): 0: 63.0%, 4: 37.0%', // two fighters @2, then the AA barrage @1
    ]);
    const { events } = play(s, { steps: [3] });
    expect(lines(events)[1]).toBe(
      `${HEADING} germany bombing raid on London: 1 strategic bomber (germany, Western Germany); escorts 1 fighter (germany, Western Germany), 1 fighter (germany, Holland); interceptors 1 fighter (uk, London), 1 fighter (uk, Scotland).`,
    );
  });

  it('#5 the auto answer raids where the most damage is still to take: a major factory (20) before an air base (6)', () => {
    const s = mini({ territories: [{ name: 'Western Germany', owner: 'germany', units: [units('germany', 'strategic_bomber', 1)] }, { name: 'Egypt', owner: 'uk', facilities: [fac('air_base')] }, { name: 'London', owner: 'uk', facilities: [fac('major_factory')] }] });
    expect(asked(play(s, { steps: [3] }).prompts, /Raid which/)[0].auto).toEqual({ choice: 'London' });
  });

  it('#5/#6 damage: each surviving unit on a facility it may hit, the auto answer on the one with most damage still to take; never past the maximum', () => {
    const { prompts, events } = play(board([fac('major_factory', 18), fac('air_base')]), {
      steps: [3],
      dice: diceBy([[/Initiative.*Axis/, [8]], [/Initiative.*Allies/, [1]]]),
      decide: (r) => (/assign each surviving unit/.test(r.prompt) && r.seat === 'germany' ? { 'strategic_bomber>0': 1, 'strategic_bomber>1': 1, 'tactical_bomber>1': 1 } : undefined),
    });
    const [q] = asked(prompts, /assign each surviving unit to a facility in London/);
    expect([q.action.fields, q.auto]).toEqual([
      {
        'strategic_bomber>0': { kind: 'int', label: 'strategic bomber (4 damage each) on London major factory (18/20 damage)', min: 0, max: 2 },
        'strategic_bomber>1': { kind: 'int', label: 'strategic bomber (4 damage each) on London air base (0/6 damage)', min: 0, max: 2 },
        'tactical_bomber>1': { kind: 'int', label: 'tactical bomber (2 damage each) on London air base (0/6 damage)', min: 0, max: 1 },
      },
      { 'strategic_bomber>0': 0, 'strategic_bomber>1': 2, 'tactical_bomber>1': 1 },
    ]);
    expect(q.prompt.split('\n').slice(1)).toEqual([
      '  strategic_bomber>0: strategic bomber (4 damage each) on London major factory (18/20 damage)',
      '  strategic_bomber>1: strategic bomber (4 damage each) on London air base (0/6 damage)',
      '  tactical_bomber>1: tactical bomber (2 damage each) on London air base (0/6 damage)',
    ]);
    expect(report(events, 3).filter((e) => / hit London /.test(e.text as string))).toEqual([
      { type: 'change', text: `${HEADING} 1 strategic bomber hit London major factory: +2 damage (4 dealt, capped at the maximum), now 20/20.`, rule: '3', damage: 2 },
      { type: 'change', text: `${HEADING} 1 strategic bomber hit London air base: +4 damage, now 4/6.`, rule: '3', damage: 4 },
      { type: 'change', text: `${HEADING} 1 tactical bomber hit London air base: +2 damage, now 6/6.`, rule: '3', damage: 2 },
    ]);
  });

  it('R0-6: a fighter flies once a phase; grounded interceptors use the undesignated fighters first, then the designated ones', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', units: [units('germany', 'strategic_bomber', 2)] },
        { name: 'London', owner: 'uk', facilities: [fac('major_factory')], units: [units('uk', 'fighter', 3, 1)] },
        { name: 'Egypt', owner: 'uk', adjacent: ['London'], facilities: [fac('minor_factory')] },
      ],
    });
    const twice = (interceptors: number) => {
      const targets = ['London', 'Egypt'];
      return asked(
        play(s, {
          steps: [3],
          decide: (r) => (/Raid which/.test(r.prompt) ? { choice: targets.shift() ?? 'done' } : /which bombers/.test(r.prompt) ? { p0: 1 } : /attacks London/.test(r.prompt) ? { p0: interceptors } : undefined),
        }).prompts,
        /send interceptors/,
      ).map((q) => Object.values(q.action.fields).map((f: any) => f.label));
    };
    expect(twice(2)).toEqual([['3 fighters (uk, London)'], ['1 fighter (uk, London)']]); // the designated one did not fly
    expect(twice(3)).toEqual([['3 fighters (uk, London)']]); // all flew: none left for Egypt
  });

  it('R0-6: a stack listed twice is one stack; interceptors grounded there are what has not flown, designated or not', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', units: [units('germany', 'strategic_bomber', 3)] },
        { name: 'London', owner: 'uk', facilities: [fac('major_factory')], units: [units('uk', 'fighter', 2, 0), units('uk', 'fighter', 1)] },
        { name: 'Egypt', owner: 'uk', adjacent: ['London'], facilities: [fac('minor_factory')] },
      ],
    });
    const offered = (targets: string[], interceptors: number[]) =>
      asked(
        play(s, {
          steps: [3],
          decide: (r) => (/Raid which/.test(r.prompt) ? { choice: targets.shift() ?? 'done' } : /which bombers/.test(r.prompt) ? { p0: 1 } : /send interceptors/.test(r.prompt) ? { p0: interceptors.shift() } : undefined),
        }).prompts,
        /send interceptors/,
      ).map((q) => Object.values(q.action.fields).map((f: any) => f.label));
    // Over Egypt the designated fighter flies first; over London two are left.
    expect(offered(['Egypt', 'London'], [1, 0])).toEqual([['1 fighter (uk, London)'], ['2 fighters (uk, London)']]);
    // Over London twice: one, then two of the three (the undesignated one left, then the designated one): none for Egypt.
    expect(offered(['London', 'London', 'Egypt'], [1, 2])).toEqual([['3 fighters (uk, London)'], ['2 fighters (uk, London)']]);
  });

  it('R0-6: escorts shot down are taken from the designated fighters of their stack', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', adjacent: ['London'], units: [units('germany', 'strategic_bomber', 1), { ...units('germany', 'fighter', 3), designated: 2 }] },
        { name: 'London', owner: 'uk', facilities: [fac('major_factory')], units: [units('uk', 'fighter', 2, 0)] },
      ],
    });
    const after = play(s, { steps: [3], dice: diceBy([[/interceptor/, [1]]]) }).board;
    expect(terr(after, 'Western Germany').units).toEqual([units('germany', 'strategic_bomber', 1), units('germany', 'fighter', 1, 0)]);
  });
});
