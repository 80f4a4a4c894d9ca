/**
 * Step 7 Conduct Kamikaze Raids (document section "#7. KAMIKAZE RAIDS"; rulings R7-1, R7-2): which
 * zones are raided, Japan's tokens, who intercepts with what, how hits fall on ships, and the report.
 */
import { describe, expect, it } from 'vitest';
import { asked, diceBy, mini, play, refusalOf, report, reportLines, rolls, unit, zone } from './helpers.ts';

const RULE = '7 Kamikaze Raids:';
const { changed, noted } = reportLines(RULE, '7');
const base = (damage = 0) => ({ type: 'air_base', damage });
type Opts = NonNullable<Parameters<typeof play>[1]>;
type Prompts = ReturnType<typeof play>['prompts'];
/** Answers by question: tokens sent, interceptors chosen, hits on ships; the auto answer otherwise. */
const answers =
  (a: { tokens?: number; intercept?: Record<string, number>; ships?: Record<string, number> }): Opts['decide'] =>
  (r) =>
    /how many kamikaze/.test(r.prompt) && a.tokens !== undefined ? { choice: a.tokens } : /Intercept with/.test(r.prompt) ? a.intercept : /hit\(s\) on ships/.test(r.prompt) ? a.ships : undefined;
const kamikaze = (extra: Parameters<typeof mini>[0], o: Opts = {}) => {
  const r = play(mini(extra), { steps: [7], dice: diceBy([]), ...o });
  return { ...r, report: report(r.events, 7) };
};

/** Malaya (two air bases, 5 fighters, 2 tactical bombers) next to P-36, where the UK and France have ships and a fighter on a carrier. */
const pacific = (extra: Parameters<typeof mini>[0] = {}) => ({
  wars: [...mini().wars!, ['japan', 'france']] as [string, string][],
  territories: [{ name: 'Malaya', owner: 'uk', adjacent: ['P-36'], facilities: [base(), base()], units: [unit('uk', 'fighter', 5), unit('uk', 'tactical_bomber', 2)] }],
  seaZones: [{ name: 'P-36', kamikaze: true, units: [unit('uk', 'battleship', 1, 1), unit('uk', 'carrier'), unit('france', 'destroyer'), unit('france', 'cruiser', 2), unit('france', 'fighter'), unit('uk', 'submarine')] }],
  ...extra,
});

describe('Step 7 Kamikaze Raids', () => {
  it('#7: only kamikaze zones with Allied surface warships of a nation at war with Japan are raided', () => {
    const { prompts, report: r } = kamikaze({
      seaZones: [
        { name: 'P-1', kamikaze: true, units: [unit('russia', 'destroyer'), unit('uk', 'submarine'), unit('uk', 'transport'), unit('germany', 'destroyer')] }, // Russia is at peace with Japan
        { name: 'P-2', units: [unit('uk', 'destroyer')] }, // no kamikaze zone
        { name: 'P-3', kamikaze: true, units: [unit('siam', 'destroyer')] }, // a neutral at war with Japan is not Allied
      ],
      nations: [...mini().nations!, { id: 'siam', side: 'neutral' }],
      wars: [...mini().wars!, ['japan', 'siam']],
    });
    expect(prompts).toEqual([]);
    expect(r).toEqual([noted('no kamikaze zone holds Allied surface warships at war with Japan.')]);
  });

  it('#7: without Japan on the board there are no kamikaze', () => {
    const { nations, cash, wars } = mini();
    const { prompts, report: r } = kamikaze({
      nations: nations!.filter((n) => n.id !== 'japan'),
      cash: Object.fromEntries(Object.entries(cash!).filter(([k]) => k !== 'japan')),
      wars: wars!.filter((w) => !w.includes('japan')),
      seaZones: [{ name: 'P-36', kamikaze: true, units: [unit('uk', 'destroyer')] }],
    });
    expect(prompts).toEqual([]);
    expect(r).toEqual([noted('Japan is not in this scenario.')]);
  });

  it('#7: Japan is asked how many tokens (up to 3 per zone), seeing the Allied surface warships there and the odds against every interceptor', () => {
    const { prompts } = kamikaze(pacific(), { decide: answers({ tokens: 0 }) });
    const [q] = asked(prompts, /how many kamikaze/);
    expect(q.seat).toBe('japan');
    expect(q.prompt).toBe(`${RULE} P-36: Allied surface warships 1 battleship (uk), 1 carrier (uk), 1 destroyer (france), 2 cruisers (france). Japan: how many kamikaze tokens (0-3; 15 left)?`);
    expect(q.action.fields.choice.options).toEqual([0, 1, 2, 3].map((i) => ({ value: i, label: `${i} token(s)` })));
    expect(q.auto).toEqual({ choice: 3 });
    expect(q.odds).toEqual([
      '1 token(s) vs every interceptor (6 fighter(s), 1 tactical bomber(s)): hits 0: 96.3%, 1: 3.7%',
      '2 token(s) vs every interceptor (6 fighter(s), 1 tactical bomber(s)): hits 0: 82.8%, 1: 15.4%, 2: 1.8%',
      '3 token(s) vs every interceptor (6 fighter(s), 1 tactical bomber(s)): hits 0: 60.1%, 1: 30.4%, 2: 8.6%, 3: 0.9%',
    ]);
  });

  it('R7-1: aircraft of a nation at peace with Japan take no part: a US fighter on the British carrier does not intercept (a game of Wardroom 0.1 counted it)', () => {
    const zone = pacific().seaZones![0];
    const board = pacific({ seaZones: [{ ...zone, units: [...zone.units!, unit('usa', 'fighter', 2)] }] });
    const first = (rulings?: '0.1') => asked(play(mini(board), { steps: [7], dice: diceBy([]), rulings, decide: answers({ tokens: 0 }) }).prompts, /how many kamikaze/)[0].odds![0];
    expect(first()).toMatch(/^1 token\(s\) vs every interceptor \(6 fighter\(s\), 1 tactical bomber\(s\)\)/);
    expect(first('0.1')).toMatch(/\(8 fighter\(s\), 1 tactical bomber\(s\)\)/);
  });

  it('#7: no more tokens than Japan has left; none sent is said; once they are spent, the step stops', () => {
    const s = { tokens: { engineer: 15, kamikaze: 2, partisan: 15 }, seaZones: ['P-1', 'P-2', 'P-3'].map((name) => ({ name, kamikaze: true, units: [unit('uk', 'destroyer')] })) };
    let first = true;
    const { prompts, report: r, board } = kamikaze(s, { decide: (q) => (/how many kamikaze/.test(q.prompt) ? { choice: first ? ((first = false), 0) : 2 } : undefined) });
    const qs = asked(prompts, /how many kamikaze/);
    expect(qs.map((q) => q.action.fields.choice.options.map((o: any) => o.value))).toEqual([[0, 1, 2], [0, 1, 2]]);
    expect(qs[0].odds).toHaveLength(2);
    expect(board.tokens.kamikaze).toBe(0);
    expect(r).toEqual([
      noted('Japan sends no kamikaze to P-1.'),
      changed('Japan sends 2 kamikaze token(s) against P-2 (0 left).', { tokens: 2 }),
      noted('no kamikaze hits in P-2.'),
      noted('Japan has no kamikaze tokens left.'),
    ]);
  });

  it('R7-1: aircraft on a carrier in the zone and up to 3 per operational air base next to it intercept, chosen by the Allied nation with the most units there; fighters 1@2, tactical bombers 1@1, each rolled by its owner', () => {
    const { prompts, report: r, board } = kamikaze(pacific(), { dice: diceBy([[/fighters? \(.*\) intercept/, [2, 3]], [/bomber \(.*\) intercept/, [2]], [/token/, [3, 1]]]) });
    const [q] = asked(prompts, /Intercept with/);
    expect(q.seat).toBe('france');
    expect(q.prompt).toBe(
      `${RULE} P-36: 3 kamikaze token(s) incoming. Intercept with (fighters 1@2, tactical bombers 1@1; WW1 planes may not)?\n` +
        '  p0: 1 fighter (france, P-36) (0-1)\n  p1: 5 fighters (uk, Malaya) (0-5)\n  p2: 1 tactical bomber (uk, Malaya) (0-1)',
    );
    expect(q.auto).toEqual({ p0: 1, p1: 5, p2: 1 });
    expect(q.odds).toEqual(['with every interceptor: hits on your ships 0: 60.1%, 1: 30.4%, 2: 8.6%, 3: 0.9%', 'with none: 0: 12.5%, 1: 37.5%, 2: 37.5%, 3: 12.5%']);
    expect(rolls(prompts)).toEqual([
      ['france', 'Kamikaze P-36: 1 fighter (france, P-36) intercept @2'],
      ['uk', [1, 2, 3, 4, 5].map((i) => `Kamikaze P-36: 5 fighters (uk, Malaya) intercept @2 (${i}/5)`).join('; ')],
      ['uk', 'Kamikaze P-36: 1 tactical bomber (uk, Malaya) intercept @1'],
      ['japan', 'Kamikaze P-36: token @3 (1/2); Kamikaze P-36: token @3 (2/2)'],
    ]);
    expect(r).toEqual([
      changed('Japan sends 3 kamikaze token(s) against P-36 (12 left).', { tokens: 3 }),
      changed('interceptors shoot down 1 kamikaze token(s); 2 get through.'),
      changed('destroyer (france) in P-36 sunk.'),
      changed('cruiser (france) in P-36 sunk.'),
    ]);
    expect(zone(board, 'P-36').units).toEqual([unit('uk', 'battleship', 1, 1), unit('uk', 'carrier'), unit('france', 'cruiser'), unit('france', 'fighter'), unit('uk', 'submarine')]);
  });

  it('R7-1: of the nations whose ships are raided, the one with the most units in the zone chooses the interceptors, whichever ships are listed first (on a tie, the first listed)', () => {
    const decider = (units: ReturnType<typeof unit>[]) => asked(kamikaze(pacific({ seaZones: [{ name: 'P-36', kamikaze: true, units }] })).prompts, /Intercept with/)[0].seat;
    const french = [unit('france', 'destroyer'), unit('uk', 'carrier'), unit('uk', 'fighter'), unit('uk', 'battleship')];
    expect(decider(french)).toBe('uk');
    expect(decider([...french, unit('france', 'cruiser', 3)])).toBe('france');
    expect(decider([unit('russia', 'destroyer', 3), unit('uk', 'destroyer')])).toBe('uk'); // Russia is at peace with Japan: not raided
    expect(decider([unit('france', 'destroyer', 2), unit('uk', 'destroyer', 2)])).toBe('france');
  });

  it('R7-1: the tactical bomber is a hit on a 1 only, and interceptor hits past the tokens shoot down no more than came; nothing gets through, nothing rolls', () => {
    const missed = kamikaze(pacific(), { decide: answers({ intercept: { p0: 0, p1: 0, p2: 1 } }), dice: diceBy([[/bomber \(.*\) intercept/, [2]]]) });
    expect(missed.report[1]).toEqual(changed('interceptors shoot down 0 kamikaze token(s); 3 get through.'));
    const all = kamikaze(pacific(), { dice: diceBy([[/intercept/, [1]]]) });
    expect(all.report).toEqual([changed('Japan sends 3 kamikaze token(s) against P-36 (12 left).', { tokens: 3 }), changed('interceptors shoot down 3 kamikaze token(s); 0 get through.')]);
    expect(rolls(all.prompts).map(([seat]) => seat)).not.toContain('japan');
  });

  it('R7-1: no interceptor chosen: nothing is said of an interception, and the tokens roll', () => {
    const { report: r, prompts } = kamikaze(pacific(), { decide: answers({ intercept: { p0: 0, p1: 0, p2: 0 } }) });
    expect(rolls(prompts)).toEqual([['japan', 'Kamikaze P-36: token @3 (1/3); Kamikaze P-36: token @3 (2/3); Kamikaze P-36: token @3 (3/3)']]);
    expect(r).toEqual([changed('Japan sends 3 kamikaze token(s) against P-36 (12 left).', { tokens: 3 }), noted('no kamikaze hits in P-36.')]);
  });

  it('R7-1: no interceptors without an Allied carrier in the zone, from an Axis territory or one without an air base, from an air base out of action, not Allied, WW1 planes or units that do not fly', () => {
    const { prompts, report } = kamikaze({
      unitTypes: { ww1_fighter: { kamikazeIntercept: 2, dogfightAttack: 1, dogfightDefence: 1 }, infantry: { kamikazeIntercept: 1 } },
      territories: [
        { name: 'Malaya', owner: 'uk', adjacent: ['P-36'], facilities: [base(3)], units: [unit('uk', 'fighter', 2)] },
        { name: 'Borneo', owner: 'uk', adjacent: ['P-36'], facilities: [{ type: 'naval_base', damage: 0 }], units: [unit('uk', 'fighter', 2)] },
        { name: 'Burma', owner: 'uk', adjacent: ['P-36'], facilities: [base()], units: [unit('siam', 'fighter', 2)] }, // only Allied aircraft intercept
        { name: 'Sumatra', owner: 'japan', adjacent: ['P-36'], facilities: [base()], units: [unit('uk', 'fighter', 2)] },
        { name: 'Java', owner: 'uk', adjacent: ['P-36'], facilities: [base()], units: [unit('uk', 'ww1_fighter', 2), unit('uk', 'infantry', 2)] },
      ],
      seaZones: [{ name: 'P-36', kamikaze: true, units: [unit('uk', 'destroyer'), unit('italy', 'carrier'), unit('uk', 'fighter')] }],
      nations: [...mini().nations!, { id: 'siam', side: 'neutral' }],
    });
    expect(asked(prompts, /Intercept with/)).toEqual([]);
    expect(report).toEqual([changed('Japan sends 3 kamikaze token(s) against P-36 (12 left).', { tokens: 3 }), noted('no kamikaze hits in P-36.')]);
    expect(rolls(prompts)).toEqual([['japan', 'Kamikaze P-36: token @3 (1/3); Kamikaze P-36: token @3 (2/3); Kamikaze P-36: token @3 (3/3)']]);
  });

  it('R7-1, R0-6: an air base scrambles 3 against each raid, and an aircraft intercepts once in the phase', () => {
    const s = {
      territories: [{ name: 'Malaya', owner: 'uk', adjacent: ['P-36', 'P-37'], facilities: [base()], units: [unit('uk', 'fighter', 3), unit('uk', 'tactical_bomber', 1)] }],
      seaZones: ['P-36', 'P-37'].map((name) => ({ name, kamikaze: true, units: [unit('uk', 'destroyer')] })),
    };
    const once = asked(kamikaze(s).prompts, /Intercept with/);
    const field = (label: string, max: number) => ({ kind: 'int', label, min: 0, max });
    expect(once.map((q) => q.action.fields)).toEqual([{ p0: field('3 fighters (uk, Malaya)', 3) }, { p0: field('1 tactical bomber (uk, Malaya)', 1) }]);
    const saved = asked(kamikaze(s, { decide: answers({ intercept: { p0: 1 } }) }).prompts, /Intercept with/);
    expect(saved.map((q) => q.action.fields)).toEqual([{ p0: field('3 fighters (uk, Malaya)', 3) }, { p0: field('2 fighters (uk, Malaya)', 2), p1: field('1 tactical bomber (uk, Malaya)', 1) }]);
  });

  it('R7-2: Japan allocates the hits: the auto answer sinks 1-hit ships, then damaged ones, then damages and sinks 2-hit ships; hits past what the ships can take are lost', () => {
    const s = { seaZones: [{ name: 'P-36', kamikaze: true, units: [unit('uk', 'battleship', 2, 1), unit('uk', 'destroyer'), unit('uk', 'submarine'), unit('russia', 'cruiser')] }] };
    const three = kamikaze(s, { dice: diceBy([[/token/, [1]]]) });
    const [q] = asked(three.prompts, /hit\(s\) on ships/);
    expect(q.seat).toBe('japan');
    expect(q.prompt).toBe(
      `${RULE} 3 hit(s) on ships in P-36; Japan chooses the ships:\n` +
        '  u0: undamaged battleship (uk), 1 — a hit damages one\n  d0: damaged battleship (uk), 1 now (+ those damaged by u0) — a hit sinks one\n  u1: destroyer (uk), 1 — a hit sinks one',
    );
    // The form: the question alone, each field with what its line above says.
    expect(q.action.label).toBe(`${RULE} 3 hit(s) on ships in P-36; Japan chooses the ships:`);
    expect(q.action.fields).toEqual({
      u0: { kind: 'int', label: 'Undamaged battleship (uk), 1: hits (each damages one)', min: 0, max: 1 },
      d0: { kind: 'int', label: 'Damaged battleship (uk): hits (each sinks one; 1 damaged now, and any the hits above damage)', min: 0, max: 2 },
      u1: { kind: 'int', label: 'destroyer (uk), 1: hits (each sinks one)', min: 0, max: 1 },
    });
    expect(q.auto).toEqual({ u1: 1, d0: 1, u0: 1 });
    expect(three.report.slice(1)).toEqual([changed('battleship (uk) in P-36 damaged.'), changed('damaged battleship (uk) in P-36 sunk.'), changed('destroyer (uk) in P-36 sunk.')]);
    expect(zone(three.board, 'P-36').units).toEqual([unit('uk', 'battleship', 1, 1), unit('uk', 'submarine'), unit('russia', 'cruiser')]);

    // Two battleships (one damaged) and a destroyer take 4 hits at most; a fifth is lost.
    const tokens = { engineer: 15, kamikaze: 15, partisan: 15 };
    const s5 = { ...s, rules: { kamikaze: { maxPerZone: 5 } }, tokens };
    const five = kamikaze(s5, { dice: diceBy([[/token/, [1]]]) });
    expect(asked(five.prompts, /hit\(s\) on ships/)[0].auto).toEqual({ u1: 1, d0: 2, u0: 1 });
    expect(five.report.slice(1)).toEqual([changed('battleship (uk) in P-36 damaged.'), changed('damaged battleship (uk) in P-36 sunk.'), changed('damaged battleship (uk) in P-36 sunk.'), changed('destroyer (uk) in P-36 sunk.')]);
    expect(zone(five.board, 'P-36').units).toEqual([unit('uk', 'submarine'), unit('russia', 'cruiser')]);
  });

  it('R7-2: a board that lists one nation\'s ships of a type in two entries (one damaged) is taken as one stack: the damaged battleship hit is the one sunk, on the board as in the report', () => {
    const s = { seaZones: [{ name: 'P-36', kamikaze: true, units: [unit('uk', 'battleship'), unit('uk', 'battleship', 1, 1)] }] };
    const one = kamikaze(s, { dice: diceBy([[/token/, [1]]]), decide: answers({ tokens: 1 }) });
    expect(asked(one.prompts, /hit\(s\) on ships/)[0].auto).toEqual({ u0: 0, d0: 1 });
    expect(one.report.slice(1)).toEqual([changed('damaged battleship (uk) in P-36 sunk.')]);
    expect(zone(one.board, 'P-36').units).toEqual([unit('uk', 'battleship')]);
  });

  it('R7-2: ships are named as players say them', () => {
    const s = { unitTypes: { super_battleship: { hits: 2 } }, seaZones: [{ name: 'P-36', kamikaze: true, units: [unit('uk', 'super_battleship'), unit('uk', 'destroyer')] }] };
    const { prompts, report: r } = kamikaze(s, { dice: diceBy([[/token/, [1]]]), decide: answers({ tokens: 2, ships: { u0: 1, d0: 1, u1: 0 } }) });
    expect(asked(prompts, /hit\(s\) on ships/)[0].action.fields.u0.label).toBe('Undamaged super battleship (uk), 1: hits (each damages one)');
    expect(r.slice(1)).toEqual([changed('super battleship (uk) in P-36 damaged.'), changed('damaged super battleship (uk) in P-36 sunk.')]);
  });

  it('R7-2: a sinking hit needs a damaged ship (damaged before or by this raid), and the hits must add up', () => {
    const s = { seaZones: [{ name: 'P-36', kamikaze: true, units: [unit('uk', 'battleship', 2, 1), unit('uk', 'destroyer')] }] };
    const o = (ships: Record<string, number>) => ({ dice: diceBy([[/token/, [1]]]), decide: answers({ ships }) });
    expect(refusalOf(() => kamikaze(s, o({ u0: 0, d0: 2, u1: 1 })))).toMatchObject({ code: 'bad-allocation', message: 'Only 1 damaged battleship (uk) can take a sinking hit.', rule: '7' });
    const three = { seaZones: [{ name: 'P-36', kamikaze: true, units: [unit('uk', 'battleship', 3, 1)] }] };
    expect(refusalOf(() => kamikaze(three, o({ u0: 1, d0: 3 })))).toMatchObject({ code: 'bad-allocation', message: 'Only 2 damaged battleship (uk) can take a sinking hit.' });
    expect(refusalOf(() => kamikaze(s, o({ u0: 1, d0: 1, u1: 0 })))).toMatchObject({ code: 'bad-total', message: 'Allocate exactly 3 hit(s), not 2.', rule: '7' });
    const both = kamikaze(s, o({ u0: 1, d0: 2, u1: 0 }));
    expect(zone(both.board, 'P-36').units).toEqual([unit('uk', 'destroyer')]);
  });
});
