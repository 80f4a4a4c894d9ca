/**
 * Step 6 Conduct Partisan Raids (document section "#8. PARTISAN RAIDS"; rulings R6-1 to R6-3): which
 * territories rise, who directs the partisans, how the raid is blocked, what it damages, and the report.
 */
import { describe, expect, it } from 'vitest';
import { asked, diceBy, fac, mini, play, refusalOf, report, reportLines, rolls, terr } from './helpers.ts';

const RULE = '6 Partisan Raids:';
const { changed, noted } = reportLines(RULE, '6');
/** Poland, originally Russian, held by Germany, with a minor factory: a territory where partisans rise. */
const occupied = (extra: Record<string, unknown> = {}) => ({ name: 'Poland', owner: 'germany', originalOwner: 'russia', facilities: [fac('minor_factory')], units: [], ...extra });
type Decide = NonNullable<Parameters<typeof play>[1]>['decide'];
/** Answer the token question with `tokens`, and any other question as the auto policy does. */
const assign = (tokens: Record<string, number>, other: Decide = () => undefined): Decide => (r) => (/assign up to/.test(r.prompt) ? tokens : other(r));

describe('Step 6 Partisan Raids', () => {
  it('#8: only originally Allied territories occupied by the Axis, with a facility, not islands, the two at war; the original owner directs them (R6-1)', () => {
    const s = mini({
      territories: [
        occupied(),
        occupied({ name: 'Crete', island: true }),
        occupied({ name: 'Greece', facilities: [] }),
        occupied({ name: 'Iraq', originalOwner: 'usa' }), // the US is neutral: not at war with Germany
        occupied({ name: 'Ukraine', owner: 'russia' }), // liberated
        occupied({ name: 'Rhineland', owner: 'uk', originalOwner: 'germany' }), // Axis territory occupied by the Allies
        occupied({ name: 'Libya', owner: 'italy', originalOwner: undefined }),
        occupied({ name: 'Spain', originalOwner: 'spain' }), // a neutral's territory, invaded
        occupied({ name: 'Kars', owner: 'turkey' }), // held by a neutral at war with Russia: not the Axis
      ],
      nations: [...mini().nations!, { id: 'spain', side: 'neutral' }, { id: 'turkey', side: 'neutral' }],
      wars: [...mini().wars!, ['germany', 'spain'], ['turkey', 'russia']],
    });
    const { prompts, events, board } = play(s, { steps: [6], decide: assign({ f0: 0 }) });
    expect(asked(prompts).map((p) => [p.seat, p.prompt.split(' (')[0]])).toEqual([['russia', `${RULE} Poland`]]);
    // The island and the territory of a nation not at war are said (h22).
    expect(report(events, 6)).toEqual([noted('no partisans in Crete: an island (#8).'), noted('no partisans in Iraq: usa is not at war with germany (#8).'), noted('no partisans in Poland.')]);
    expect(report(play(s, { steps: [6], decide: assign({ f0: 0 }), rulings: '0.1' }).events, 6)).toEqual([noted('no partisans in Poland.')]); // a record of Wardroom 0.1 replays to its own events
    expect(board.tokens.partisan).toBe(15);
  });

  it('#8: Russia raises partisans only while at war with a European Axis power', () => {
    const s = mini({ wars: [['japan', 'russia'], ['germany', 'uk']], territories: [occupied(), occupied({ name: 'Manchuria', owner: 'japan' })] });
    const { prompts, events } = play(s, { steps: [6] });
    expect(asked(prompts)).toEqual([]);
    expect(report(events, 6)).toEqual([
      noted('no partisans in Poland: russia is not at war with germany (#8).'),
      noted('no partisans in Manchuria: russia is not at war with a European Axis power (#8).'),
      noted('no originally Allied, Axis-occupied, non-island territory with a facility (with the two at war).'),
    ]);
  });

  it('#8: the question names the occupier and its elite infantry (Axis elite infantry only), lists the facilities not at maximum damage, and shows the odds of the auto answer', () => {
    const s = mini({
      territories: [
        occupied({
          facilities: [fac('air_base', 2), fac('naval_base', 6), fac('minor_factory')],
          units: [{ owner: 'germany', type: 'elite_infantry', count: 1 }, { owner: 'italy', type: 'elite_infantry', count: 1 }, { owner: 'germany', type: 'infantry', count: 3 }, { owner: 'russia', type: 'elite_infantry', count: 1 }],
        }),
      ],
    });
    const [q] = asked(play(s, { steps: [6], dice: diceBy([]) }).prompts) as any[];
    expect(q.prompt).toBe(
      `${RULE} Poland (held by germany; 2 elite infantry): assign up to 3 partisan tokens (15 left) to facilities. Each facility attacked blocks 1@1, each elite infantry 1@2; each surviving token @3 deals 3 damage.\n` +
        '  f0: Poland air base (2/6 damage) (0-3)\n  f2: Poland minor factory (0/6 damage) (0-3)',
    );
    expect(Object.keys(q.action.fields)).toEqual(['f0', 'f2']);
    // The auto answer: every token allowed on the facility with the most damage still to take.
    expect(q.auto).toEqual({ f0: 0, f2: 3 });
    expect(q.odds).toEqual(['3 token(s) on Poland minor factory (0/6 damage): damage 0: 25.9%, 3: 44.4%, 6: 29.6%']);
  });

  it('#8: the auto answer keeps the first of facilities with as much damage still to take', () => {
    const [q] = asked(play(mini({ territories: [occupied({ facilities: [fac('air_base', 1), fac('minor_factory', 1)] })] }), { steps: [6], dice: diceBy([]) }).prompts) as any[];
    expect(q.auto).toEqual({ f0: 3, f1: 0 });
  });

  it('#8: every facility at maximum damage: nothing to raid, no question', () => {
    const { prompts, events } = play(mini({ territories: [occupied({ facilities: [fac('minor_factory', 6)] })] }), { steps: [6] });
    expect(asked(prompts)).toEqual([]);
    expect(report(events, 6)).toEqual([noted('every facility in Poland is at maximum damage.')]);
  });

  it('#8: up to 3 tokens per territory and no more than the Allies have left; once they are spent, the step stops (R6-3)', () => {
    const s = mini({ tokens: { engineer: 15, kamikaze: 15, partisan: 2 }, territories: [occupied(), occupied({ name: 'Belgium', originalOwner: 'uk' })] });
    const { prompts, events, board } = play(s, { steps: [6], dice: diceBy([]) });
    const [q] = asked(prompts) as any[];
    expect(asked(prompts)).toHaveLength(1);
    expect(q.prompt).toMatch(/assign up to 2 partisan tokens \(2 left\)/);
    expect(q.action.fields.f0.max).toBe(2);
    expect(board.tokens.partisan).toBe(0);
    expect(report(events, 6)).toEqual([
      changed('2 partisan token(s) raid Poland (0 left): 2 on minor factory.', { tokens: 2 }),
      changed('0 of 2 token(s) succeed against Poland minor factory: +0 damage (now 0/6).', { damage: 0 }),
      noted('no partisan tokens left.'),
    ]);
  });

  it('R6-2, R6-3: security 1@1 per facility attacked blocks its tokens, elite infantry 1@2 stop more (the Allies choose which), each token left @3 deals 3 damage; every token is spent', () => {
    const s = mini({ territories: [occupied({ facilities: [fac('minor_factory'), fac('air_base')], units: [{ owner: 'germany', type: 'elite_infantry', count: 2 }] })] });
    const dice = () => diceBy([[/minor factory security/, [1]], [/air base security/, [4]], [/elite/, [2, 5]], [/token/, [3]]]);
    const casualties = (answer: Record<string, number>) => assign({ f0: 2, f1: 1 }, (r) => (/elite infantry in Poland score/.test(r.prompt) ? answer : undefined));
    const { prompts, events, board } = play(s, { steps: [6], dice: dice(), decide: casualties({ f0: 0, f1: 1 }) });
    expect(rolls(prompts)).toEqual([
      ['germany', 'Partisans Poland: minor factory security @1'],
      ['germany', 'Partisans Poland: air base security @1'],
      ['germany', 'Partisans Poland: elite infantry @2 (1/2); Partisans Poland: elite infantry @2 (2/2)'],
      ['russia', 'Partisans Poland: token on minor factory @3'],
    ]);
    const q = asked(prompts).find((p) => /elite infantry in Poland score/.test(p.prompt)) as any;
    expect(q.seat).toBe('russia');
    expect(q.prompt).toBe(`${RULE} elite infantry in Poland score 1 hit(s): remove 1 partisan token(s) (how many from each facility's raid):\n  f0: 1 token(s) on minor factory\n  f1: 1 token(s) on air base`);
    expect(q.action.fields).toEqual({ f0: { kind: 'int', label: 'Tokens removed from the raid on minor factory', min: 0, max: 1 }, f1: { kind: 'int', label: 'Tokens removed from the raid on air base', min: 0, max: 1 } });
    expect(q.auto).toEqual({ f0: 1, f1: 0 });
    expect(report(events, 6)).toEqual([
      changed('3 partisan token(s) raid Poland (12 left): 2 on minor factory, 1 on air base.', { tokens: 3 }),
      changed("the minor factory's security blocks 1 token(s)."),
      changed('elite infantry stop 1 token(s).'),
      changed('1 of 1 token(s) succeed against Poland minor factory: +3 damage (now 3/6).', { damage: 3 }),
    ]);
    expect(terr(board, 'Poland').facilities).toEqual([fac('minor_factory', 3), fac('air_base', 0)]);
    expect(board.tokens.partisan).toBe(12);
    expect(refusalOf(() => play(s, { steps: [6], dice: dice(), decide: casualties({ f0: 1, f1: 1 }) }))).toMatchObject({ code: 'bad-total', message: 'Remove exactly 1 token(s), not 2.', rule: '6' });
  });

  it('R6-2: elite hits past the tokens left stop them all without a question, and no token is rolled; with every token blocked by security, no elite infantry roll', () => {
    const s = mini({ territories: [occupied({ facilities: [fac('minor_factory'), fac('air_base')], units: [{ owner: 'germany', type: 'elite_infantry', count: 3 }] })] });
    const allStopped = play(s, { steps: [6], dice: diceBy([[/security/, [6]], [/elite/, [1]]]), decide: assign({ f0: 1, f1: 1 }) });
    expect(asked(allStopped.prompts)).toHaveLength(1);
    expect(rolls(allStopped.prompts).map(([, p]) => p)).not.toContainEqual(expect.stringMatching(/token on/));
    expect(report(allStopped.events, 6)).toEqual([changed('2 partisan token(s) raid Poland (13 left): 1 on minor factory, 1 on air base.', { tokens: 2 }), changed('elite infantry stop 2 token(s).')]);

    const blocked = play(s, { steps: [6], dice: diceBy([[/security/, [1]]]), decide: assign({ f0: 1, f1: 0 }) });
    expect(rolls(blocked.prompts)).toEqual([['germany', 'Partisans Poland: minor factory security @1']]);
    expect(report(blocked.events, 6)).toEqual([changed('1 partisan token(s) raid Poland (14 left): 1 on minor factory.', { tokens: 1 }), changed("the minor factory's security blocks 1 token(s).")]);
  });

  it('R6-2: a raid blocked in full by its security is out of the elite question; the elite roll still comes for the other, and a miss stops nothing', () => {
    const s = mini({ territories: [occupied({ facilities: [fac('minor_factory'), fac('air_base')], units: [{ owner: 'germany', type: 'elite_infantry', count: 1 }] })] });
    const run = (elite: number) => play(s, { steps: [6], dice: diceBy([[/minor factory security/, [1]], [/elite/, [elite]], [/token/, [1]]]), decide: assign({ f0: 1, f1: 2 }) });
    const hit = run(2);
    expect(asked(hit.prompts)).toHaveLength(1);
    expect(report(hit.events, 6).slice(1)).toEqual([
      changed("the minor factory's security blocks 1 token(s)."),
      changed('elite infantry stop 1 token(s).'),
      changed('1 of 1 token(s) succeed against Poland air base: +3 damage (now 3/6).', { damage: 3 }),
    ]);
    const miss = run(3);
    expect(rolls(miss.prompts).map(([, p]) => p)).toContain('Partisans Poland: elite infantry @2');
    expect(report(miss.events, 6).slice(1)).toEqual([changed("the minor factory's security blocks 1 token(s)."), changed('2 of 2 token(s) succeed against Poland air base: +6 damage (now 6/6).', { damage: 6 })]);
  });

  it('R6-2: one raid left to hit: the elite hits come off it without a question', () => {
    const s = mini({ territories: [occupied({ facilities: [fac('minor_factory')], units: [{ owner: 'germany', type: 'elite_infantry', count: 1 }] })] });
    const { prompts, events } = play(s, { steps: [6], dice: diceBy([[/elite/, [2]], [/token/, [1]]]) });
    expect(asked(prompts)).toHaveLength(1);
    expect(report(events, 6).slice(1)).toEqual([changed('elite infantry stop 1 token(s).'), changed('2 of 2 token(s) succeed against Poland minor factory: +6 damage (now 6/6).', { damage: 6 })]);
  });

  it('#8: damage never goes past the maximum; a scenario may give the security more dice, each hit blocking one token aimed at that facility', () => {
    const s = mini({ rules: { partisan: { securityDice: 2 } }, territories: [occupied({ facilities: [fac('air_base', 2)] })] });
    const capped = play(s, { steps: [6], dice: diceBy([[/token/, [3]]]) });
    expect(report(capped.events, 6).at(-1)).toEqual(changed('3 of 3 token(s) succeed against Poland air base: +4 damage (now 6/6).', { damage: 4 }));
    const oneLeft = play(s, { steps: [6], dice: diceBy([[/security/, [1]]]), decide: assign({ f0: 1 }) });
    expect(report(oneLeft.events, 6)).toEqual([changed('1 partisan token(s) raid Poland (14 left): 1 on air base.', { tokens: 1 }), changed("the air base's security blocks 1 token(s).")]);
  });

  it('#8: up to 3 tokens per occupied territory in all, however they are split', () => {
    const s = mini({ territories: [occupied({ facilities: [fac('minor_factory'), fac('air_base')] })] });
    expect(refusalOf(() => play(s, { steps: [6], decide: assign({ f0: 2, f1: 2 }) }))).toMatchObject({ code: 'bad-total', message: 'Choose from 0 to 3 tokens in all, not 4.' });
  });

  it('#8: more than 3 tokens on a facility is refused', () => {
    const refused = refusalOf(() => play(mini({ territories: [occupied()] }), { steps: [6], decide: assign({ f0: 4 }) })) as { code: string; message: string };
    expect(refused.code).toBe('bad-field');
    expect(refused.message).toMatch(/0 to 3/);
  });
});
