/**
 * Step 3 Conduct Bombing Raids (document section "#5. BOMBING RAIDS"; rulings R3-1 to R3-3): who
 * raids and in what order, what bombers may hit, the questions and their auto answers, who
 * intercepts and escorts, and the report, line by line.
 */
import { describe, expect, it } from 'vitest';
import { describeRequest } from '../../src/modules/smp/play.ts';
import { asked, axisFirst, fac, mini, play, questions, refusalOf, report, reportLines, rolls, terr, unit, withPlaces } from './helpers.ts';

const HEADING = '3 Bombing Raids:';
const { changed, noted } = reportLines(HEADING, '3');
const bombers = (owner: string, type: string, count: number, designated = count) => ({ ...unit(owner, type, count), designated });
/** Western Germany's bombers, an escort next to London in Holland; London's fighter and a British bomber that raids back. */
const raid = (london = [fac('major_factory', 12), fac('air_base')]) =>
  mini({
    territories: [
      { name: 'Western Germany', owner: 'germany', facilities: [fac('major_factory')], units: [bombers('germany', 'strategic_bomber', 2), bombers('germany', 'tactical_bomber', 1)] },
      { name: 'Holland', owner: 'germany', adjacent: ['London'], units: [bombers('germany', 'fighter', 2, 1)] }, // one fighter designated to escort
      { name: 'London', owner: 'uk', facilities: london, units: [bombers('uk', 'strategic_bomber', 1), unit('uk', 'fighter')] },
    ],
  });
/** The Axis win the initiative 8 to 1; other dice as `rows` say, or miss. */
/** Each question as [seat, its first line, its auto answer]. */

describe('Step 3 Bombing Raids', () => {
  it('#5: a raid as the report tells it: the initiative, the force, the dog fight, the AA barrage and the damage, each line citing rule 3', () => {
    const { prompts, events, board } = play(raid(), { steps: [3], dice: axisFirst([[/dog fight, fighter/, [1]], [/AA barrage/, [1, 6]]]) });
    expect(rolls(prompts)).toEqual([
      ['germany', 'Initiative for bombing raids: Axis d8'],
      ['uk', 'Initiative for bombing raids: Allies d8'],
      ['germany', 'bombing raid London: dog fight, fighter @1'],
      ['germany', 'bombing raid London: dog fight, strategic bomber @1 (1/2); bombing raid London: dog fight, strategic bomber @1 (2/2)'],
      ['germany', 'bombing raid London: dog fight, tactical bomber @1'],
      ['uk', 'bombing raid London: dog fight, interceptors 1 fighter (uk, London) @2'],
      ['uk', 'bombing raid London: AA barrage @1 (1/3); bombing raid London: AA barrage @1 (2/3); bombing raid London: AA barrage @1 (3/3)'],
      ['germany', 'bombing raid Western Germany: AA barrage @1'],
    ]);
    expect(questions(prompts)).toEqual([
      ['germany', 'Initiative for bombing raids: the Axis won (8 vs 1). Which side conducts all its bombing raids first?', { choice: 'axis' }],
      ['germany', `${HEADING} germany, designated bombers ready: 2 strategic bombers in Western Germany, 1 tactical bomber in Western Germany. Raid which enemy territory? (Standing down is allowed.)`, { choice: 'London' }],
      ['germany', `${HEADING} which bombers raid London?`, { p0: 2, p1: 1 }],
      ['germany', `${HEADING} escort fighters for the raid on London (assigned before interceptors; each fighter only once this phase)?`, { p0: 1 }],
      ['uk', `${HEADING} germany attacks London with 2 strategic bombers (germany, Western Germany), 1 tactical bomber (germany, Western Germany) escorted by 1 fighter (germany, Holland). uk: send interceptors (each fighter only once this phase)?`, { p0: 1 }],
      ['germany', `${HEADING} AA barrage over London: 1 hit(s): choose 1 casualty.`, { p0: 1, p1: 0 }],
      ['germany', `${HEADING} germany: assign each surviving unit to a facility in London (2 strategic bombers):`, { 'strategic_bomber>0': 2, 'strategic_bomber>1': 0 }],
      ['uk', `${HEADING} uk, designated bombers ready: 1 strategic bomber in London. Raid which enemy territory? (Standing down is allowed.)`, { choice: 'Western Germany' }],
      ['uk', `${HEADING} which bombers raid Western Germany?`, { p0: 1 }],
      ['uk', `${HEADING} uk: assign each surviving unit to a facility in Western Germany (1 strategic bomber):`, { 'strategic_bomber>0': 1 }],
    ]);
    expect(report(events, 3)).toEqual([
      { type: 'note', text: 'Initiative for bombing raids: Axis 8, Allies 1; the Axis go first.', rule: '3' },
      changed('germany bombing raid on London: 2 strategic bombers (germany, Western Germany), 1 tactical bomber (germany, Western Germany); escorts 1 fighter (germany, Holland); interceptors 1 fighter (uk, London).'),
      changed('Dog fight: 1 fighter (uk, London) shot down.'),
      changed('AA barrage: 1 tactical bomber (germany, Western Germany) shot down.'),
      changed('2 strategic bombers hit London major factory: +8 damage, now 20/20.', { damage: 8 }),
      changed('uk bombing raid on Western Germany: 1 strategic bomber (uk, London); no interceptors.'),
      changed('1 strategic bomber hit Western Germany major factory: +4 damage, now 4/20.', { damage: 4 }),
    ]);
    expect(terr(board, 'London').units).toEqual([bombers('uk', 'strategic_bomber', 1)]);
  });

  it('#5: an interceptor\'s hit shoots a bomber down', () => {
    const { events } = play(raid(), { steps: [3], dice: axisFirst([[/interceptor/, [1]]]), decide: (r) => (/escort fighters/.test(r.prompt) ? { p0: 0 } : undefined) });
    expect(report(events, 3).slice(1, 3)).toEqual([
      changed('germany bombing raid on London: 2 strategic bombers (germany, Western Germany), 1 tactical bomber (germany, Western Germany); interceptors 1 fighter (uk, London).'),
      changed('Dog fight: 1 tactical bomber (germany, Western Germany) shot down.'),
    ]);
  });

  it('#5: no raids without designated bombers at war with the owner of a facility below its maximum damage that their type may hit', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', facilities: [fac('major_factory')], units: [bombers('germany', 'strategic_bomber', 3, 0), bombers('japan', 'tactical_bomber', 2), bombers('italy', 'strategic_bomber', 1)] },
        { name: 'London', owner: 'uk', facilities: [fac('major_factory'), fac('air_base', 6)] }, // tactical bombers may not hit a major factory; the air base is at its maximum
        { name: 'Washington', owner: 'usa', facilities: [fac('major_factory')] }, // neutral: nobody raids it
        { name: 'Paris', owner: 'france', facilities: [fac('air_base', 6)] },
      ],
      wars: [['germany', 'uk'], ['japan', 'uk'], ['italy', 'france']],
    });
    const { prompts, events } = play(s, { steps: [3] });
    expect(prompts).toEqual([]);
    expect(report(events, 3)).toEqual([noted('no designated bombers can reach an enemy facility; no raids.')]);
  });

  it.each([
    ['Axis', 'germany', 'London'],
    ['Allies', 'uk', 'Western Germany'],
  ])('#5: only the %s have designated bombers: no initiative roll', (side, nation, target) => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', facilities: [fac('major_factory')], units: nation === 'germany' ? [bombers('germany', 'strategic_bomber', 1)] : [] },
        { name: 'London', owner: 'uk', facilities: [fac('major_factory')], units: nation === 'uk' ? [bombers('uk', 'strategic_bomber', 1)] : [] },
      ],
    });
    const { prompts, events } = play(s, { steps: [3] });
    expect(rolls(prompts).filter(([, p]) => /Initiative/.test(p))).toEqual([]);
    expect(report(events, 3).slice(0, 2)).toEqual([noted(`only the ${side} have designated bombers: no initiative roll needed.`), changed(`${nation} bombing raid on ${target}: 1 strategic bomber (${nation}, ${nation === 'uk' ? 'London' : 'Western Germany'}); no interceptors.`)]);
  });

  it('#5: the question lists every target and standing down; the auto answer raids once, where most damage is still to take; bombers that did not fly may raid again', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', facilities: [], units: [bombers('germany', 'strategic_bomber', 2)] },
        { name: 'London', owner: 'uk', facilities: [fac('major_factory', 16), fac('air_base', 5)] }, // 5 still to take
        { name: 'Egypt', owner: 'uk', facilities: [fac('air_base', 0)] }, // 6
      ],
    });
    const raidWhich = (p: { prompt: string }) => /Raid which/.test(p.prompt);
    const oneBomber = (r: { prompt: string }) => (/which bombers/.test(r.prompt) ? { p0: 1 } : undefined);
    const [first, second] = asked(play(s, { steps: [3], decide: oneBomber }).prompts).filter(raidWhich);
    expect(first.action.fields.choice.options).toEqual([
      { value: 'done', label: 'stand down (no more raids)' },
      { value: 'London', label: 'London: London major factory (16/20 damage), London air base (5/6 damage)' },
      { value: 'Egypt', label: 'Egypt: Egypt air base (0/6 damage)' },
    ]);
    expect([first.auto, second.auto]).toEqual([{ choice: 'Egypt' }, { choice: 'done' }]);
    expect(second.prompt).toContain('designated bombers ready: 1 strategic bomber in Western Germany.');
    const choices = ['Egypt', 'London'];
    const { events } = play(s, { steps: [3], decide: (r) => (raidWhich(r) ? { choice: choices.shift() ?? 'done' } : oneBomber(r)) });
    expect(report(events, 3).filter((e) => / raid on /.test(e.text as string)).map((e) => e.text)).toEqual([
      `${HEADING} germany bombing raid on Egypt: 1 strategic bomber (germany, Western Germany); no interceptors.`,
      `${HEADING} germany bombing raid on London: 1 strategic bomber (germany, Western Germany); no interceptors.`,
    ]);
  });

  it('#5: only bombers that may hit a facility of the target are asked for; the odds assume all of them, no escorts and every interceptor', () => {
    let odds: string[] | undefined;
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', facilities: [], units: [bombers('germany', 'strategic_bomber', 1), bombers('germany', 'tactical_bomber', 1)] },
        { name: 'London', owner: 'uk', facilities: [fac('major_factory'), fac('air_base')] },
        { name: 'Egypt', owner: 'uk', facilities: [fac('major_factory')] },
      ],
    });
    const ask = (target: string) => {
      const choices = [target, 'done'];
      const { prompts } = play(s, {
        steps: [3],
        decide: (r) => {
          if (/which bombers raid/.test(r.prompt)) odds = r.odds; // as the player sees them, before the raid
          return /Raid which/.test(r.prompt) ? { choice: choices.shift() } : undefined;
        },
      });
      return asked(prompts, /which bombers raid/)[0];
    };
    expect(ask('Egypt').prompt).toBe(`${HEADING} which bombers raid Egypt?\n  p0: 1 strategic bomber (germany, Western Germany) (0-1)`);
    expect(odds).toEqual(['all eligible bombers, no escorts, every interceptor: damage to Egypt major factory (0/20 damage): 0: 16.7%, 4: 83.3%']);
    expect(ask('London').prompt).toBe(`${HEADING} which bombers raid London?\n  p0: 1 strategic bomber (germany, Western Germany) (0-1)\n  p1: 1 tactical bomber (germany, Western Germany) (0-1)`);
    // The AA barrage's hits fall on the cheapest bomber first: the tactical bomber is lost to one hit of two dice, the strategic one to two.
    expect(odds).toEqual(['all eligible bombers, no escorts, every interceptor: damage to London air base (0/6 damage): 0: 30.6%, 2: 69.4%; damage to London major factory (0/20 damage): 0: 2.8%, 4: 97.2%; each type sent where the auto answer sends it']);
  });

  it('R3-3: interceptors are the fighters grounded in the target, each stack once, and designated fighters next to it', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', facilities: [], units: [bombers('germany', 'strategic_bomber', 1)] },
        { name: 'London', owner: 'uk', adjacent: ['Scotland', 'Wales'], facilities: [fac('major_factory')], units: [{ ...unit('uk', 'fighter', 2), designated: 1 }] },
        { name: 'Scotland', owner: 'uk', units: [{ ...unit('uk', 'fighter', 3), designated: 1 }] },
        { name: 'Wales', owner: 'uk', units: [unit('uk', 'fighter', 2)] }, // not designated: stays home
      ],
    });
    const offered = (rulings?: '0.1') => Object.values(asked(play(s, { steps: [3], rulings }).prompts, /send interceptors/)[0].action.fields).map((f: any) => f.label);
    expect(offered()).toEqual(['2 fighters (uk, London)', '1 fighter (uk, Scotland)']);
    expect(offered('0.1')).toEqual(['2 fighters (uk, London)', '1 fighter (uk, Scotland)']); // 0.1's reach was everywhere, the target too: still once
  });

  it('R3-3: fighters of a nation at peace with the raider do not intercept: a US fighter in London stays out of a German raid (a game of Wardroom 0.1 offered it)', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', facilities: [], units: [bombers('germany', 'strategic_bomber', 1)] },
        { name: 'London', owner: 'uk', facilities: [fac('major_factory')], units: [unit('uk', 'fighter'), unit('usa', 'fighter', 2)] },
      ],
    });
    const offered = (rulings?: '0.1') => Object.values(asked(play(s, { steps: [3], rulings }).prompts, /send interceptors/)[0].action.fields).map((f: any) => f.label);
    expect(offered()).toEqual(['1 fighter (uk, London)']);
    expect(offered('0.1')).toEqual(['1 fighter (uk, London)', '2 fighters (usa, London)']);
  });

  it('#5: fighters escorting a raid do not also intercept it, on a board that sets two nations of one side at war', () => {
    const s = mini({
      wars: [['uk', 'usa']],
      territories: [
        { name: 'London', owner: 'uk', adjacent: ['Washington'], units: [bombers('uk', 'strategic_bomber', 1), bombers('uk', 'fighter', 1), bombers('usa', 'fighter', 1)] },
        { name: 'Washington', owner: 'usa', facilities: [fac('major_factory')], units: [unit('uk', 'fighter')] },
      ],
    });
    const { prompts, events } = play(s, { steps: [3], decide: (r) => (/escort fighters/.test(r.prompt) ? { p0: 1 } : /send interceptors/.test(r.prompt) ? { p0: 0 } : undefined) });
    // (The UK fighter in Washington does not intercept a UK raid: R3-3, only nations at war with the raider.)
    expect(Object.values(asked(prompts, /send interceptors/)[0].action.fields).map((f: any) => f.label)).toEqual(['1 fighter (usa, London)']);
    expect(report(events, 3)[1]).toEqual(changed('uk bombing raid on Washington: 1 strategic bomber (uk, London); escorts 1 fighter (uk, London); no interceptors.'));
  });

  it('#5: each surviving bomber must be assigned: a wrong total is refused, citing rule 3', () => {
    const wrong = () => play(raid(), { steps: [3], dice: axisFirst(), decide: (r) => (/assign each surviving unit/.test(r.prompt) && r.seat === 'germany' ? { 'strategic_bomber>0': 1, 'strategic_bomber>1': 0 } : undefined) });
    expect(refusalOf(wrong)).toMatchObject({ code: 'bad-total', message: 'Assign every surviving strategic bomber: 2 in all, not 1.', rule: '3' });
  });
});

describe('Step 3 Bombing Raids: standing down, and odds past their limits', () => {
  const twoWays = (extra: any = {}) =>
    mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', facilities: [{ type: 'major_factory', damage: 0 }], units: [{ owner: 'germany', type: 'strategic_bomber', count: 2, designated: 2 }, { owner: 'germany', type: 'tactical_bomber', count: 1, designated: 1 }] },
        { name: 'London', owner: 'uk', facilities: [{ type: 'major_factory', damage: 18 }, { type: 'air_base', damage: 0 }], units: [{ owner: 'uk', type: 'strategic_bomber', count: 1, designated: 1 }] },
      ],
      ...extra,
    });

  it('#5: a nation may stand down', () => {
    const { board } = play(twoWays(), { steps: [3], dice: (r) => r.dice.map((d) => (d.sides === 8 ? (r.seat === 'germany' ? 8 : 1) : 6)), decide: (r) => (/Raid which/.test(r.prompt) ? { choice: 'done' } : undefined) });
    expect(terr(board, 'London').facilities[0].damage).toBe(18);
  });

  it('#5 a prompt whose exact odds are past their limit still asks, saying once and plainly why there are no odds', () => {
    const s = withPlaces(mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', units: [{ owner: 'germany', type: 'strategic_bomber', count: 1001, designated: 1001 }] },
        { name: 'London', owner: 'uk', facilities: [{ type: 'major_factory', damage: 0 }] },
      ],
    }));
    let shown = '';
    play(s, { steps: [3], decide: (q) => void (/which bombers raid/.test(q.prompt) && (shown = describeRequest(q))) }); // as the prompt shows them, when it is asked
    expect(shown).toContain("\n  odds: none, past the limits of exact odds (at most 1000 strategic_bomber units; got 1001)\n");
    expect(shown).not.toMatch(/exact odds: .*exact odds/);
  });
});
