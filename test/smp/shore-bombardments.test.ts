/**
 * Step 4 Conduct Shore Bombardments (document section "#6. SHORE BOMBARDMENTS"; rulings R3-3, R4-2):
 * which fleets may bombard what and in what order, the questions and their auto answers, the escorts,
 * hits on ships, and the report, line by line.
 */
import { describe, expect, it } from 'vitest';
import { asked, axisFirst, fac, mini, play, questions, report, reportLines, rolls, terr, zone } from './helpers.ts';

const HEADING = '4 Shore Bombardments:';
const { changed, noted } = reportLines(HEADING, '4');
/** `count` units, `designated` of them designated for the phase, `damaged` of them damaged. */
const units = (owner: string, type: string, count: number, designated = count, damaged = 0) => ({ owner, type, count, ...(designated ? { designated } : {}), ...(damaged ? { damaged } : {}) });
const AIR_COVER = { battleship: { airCover: 2 }, cruiser: { airCover: 1 } };
/** A German fleet with a carrier off London; a British one off Holland. */
const twoFleets = (a18 = [units('germany', 'battleship', 1), units('germany', 'cruiser', 1), units('germany', 'carrier', 1, 0), units('germany', 'fighter', 1, 0)]) =>
  mini({
    territories: [
      { name: 'London', owner: 'uk', adjacent: ['A-18'], facilities: [fac('major_factory', 12), fac('air_base')], units: [units('uk', 'fighter', 1, 0)] },
      { name: 'Holland', owner: 'germany', adjacent: ['A-20'], facilities: [fac('naval_base')] },
    ],
    seaZones: [
      { name: 'A-18', units: a18 },
      { name: 'A-20', units: [units('uk', 'cruiser', 2)] },
    ],
    unitTypes: AIR_COVER,
  } as any);

describe('Step 4 Shore Bombardments', () => {
  it('#6: a bombardment as the report tells it: the initiative, the force, the dog fight (ships roll their air cover), the damage, each line citing rule 4', () => {
    const { prompts, events } = play(twoFleets(), { steps: [4], dice: axisFirst([[/interceptor/, [1]]]) });
    expect(rolls(prompts)).toEqual([
      ['germany', 'Initiative for shore bombardments: Axis d8'],
      ['uk', 'Initiative for shore bombardments: Allies d8'],
      ['germany', 'shore bombardment London: dog fight, fighter @1'],
      ['germany', 'shore bombardment London: dog fight, battleship @2'],
      ['germany', 'shore bombardment London: dog fight, cruiser @1'],
      ['uk', 'shore bombardment London: dog fight, interceptors 1 fighter (uk, London) @2'],
    ]);
    expect(questions(prompts)).toEqual([
      ['germany', 'Initiative for shore bombardments: the Axis won (8 vs 1). Which side conducts all its shore bombardments first?', { choice: 'axis' }],
      ['germany', `${HEADING} germany: bombard with a designated fleet? (Standing down is allowed.)`, { choice: 'A-18>London' }],
      ['germany', `${HEADING} which ships bombard London?`, { p0: 1, p1: 1 }],
      ['germany', `${HEADING} escort fighters for the fleet (carrier-based ones need no designation; each fighter only once this phase)?`, { p0: 1 }],
      ['uk', `${HEADING} germany attacks London with 1 battleship (germany, A-18), 1 cruiser (germany, A-18) escorted by 1 fighter (germany, A-18). uk: send interceptors (each fighter only once this phase)?`, { p0: 1 }],
      ['germany', `${HEADING} Dog fight over London: 1 hit(s) on your shore bombardment force: choose 1 casualty.`, { p0: 0, p1: 0, p2: 1 }],
      ['germany', `${HEADING} germany: assign each surviving unit to a facility in London (1 battleship, 1 cruiser):`, { 'battleship>0': 1, 'battleship>1': 0, 'cruiser>1': 1 }],
      ['uk', `${HEADING} uk: bombard with a designated fleet? (Standing down is allowed.)`, { choice: 'A-20>Holland' }],
      ['uk', `${HEADING} which ships bombard Holland?`, { p0: 2 }],
      ['uk', `${HEADING} uk: assign each surviving unit to a facility in Holland (2 cruisers):`, { 'cruiser>0': 2 }],
    ]);
    expect(report(events, 4)).toEqual([
      { type: 'note', text: 'Initiative for shore bombardments: Axis 8, Allies 1; the Axis go first.', rule: '4' },
      changed('germany shore bombardment on London: 1 battleship (germany, A-18), 1 cruiser (germany, A-18); escorts 1 fighter (germany, A-18); interceptors 1 fighter (uk, London).'),
      changed('Dog fight: battleship (germany, A-18) takes a hit and is damaged; it survives and bombards (ruling R4-2).'),
      changed('1 battleship hit London major factory: +4 damage, now 16/20.', { damage: 4 }),
      changed('1 cruiser hit London air base: +2 damage, now 2/6.', { damage: 2 }),
      changed('uk shore bombardment on Holland: 2 cruisers (uk, A-20); no interceptors.'),
      changed('2 cruisers hit Holland naval base: +4 damage, now 4/6.', { damage: 4 }),
    ]);
  });

  it('R4-2: a battleship already damaged that sails is sunk by one hit; the stack\'s damaged ships are those that stay, as far as they go', () => {
    const hit = (battleships: ReturnType<typeof units>, rulings?: '0.1') => {
      const { events, board } = play(twoFleets([battleships, units('germany', 'carrier', 1, 0), units('italy', 'battleship', 1, 0)]), { steps: [4], dice: axisFirst([[/interceptor/, [1]]]), rulings });
      return [report(events, 4)[2].text, zone(board, 'A-18').units.filter((u: any) => u.owner === 'germany' && u.type === 'battleship')];
    };
    expect(hit(units('germany', 'battleship', 1, 1, 1))).toEqual([`${HEADING} Dog fight: battleship (germany, A-18) takes a hit and is sunk (ruling R4-2).`, []]);
    expect(hit(units('germany', 'battleship', 1, 1), '0.1')[0]).toBe(`${HEADING} Dog fight: battleship (germany, A-18) takes a hit and is damaged; it does not bombard (ruling R4-2).`); // Wardroom 0.1's reading
    expect(hit(units('germany', 'battleship', 2, 1, 1))).toEqual([
      `${HEADING} Dog fight: battleship (germany, A-18) takes a hit and is damaged; it survives and bombards (ruling R4-2).`,
      [units('germany', 'battleship', 2, 1, 2)],
    ]);
  });

  it('#6: no bombardment without a designated fleet at sea next to the enemy, with a facility below its maximum damage that its ships may hit', () => {
    const s = mini({
      territories: [
        { name: 'London', owner: 'uk', adjacent: ['A-18', 'A-19'], facilities: [fac('major_factory'), fac('air_base', 6)] }, // a cruiser may not hit a major factory; the air base is at its maximum
        { name: 'Washington', owner: 'usa', adjacent: ['A-20'], facilities: [fac('major_factory')] }, // neutral
        { name: 'Holland', owner: 'germany', adjacent: ['London'], units: [units('germany', 'artillery', 1)] }, // a designated land unit a board gave a bombard value: not a fleet
      ],
      seaZones: [
        { name: 'A-18', units: [units('germany', 'cruiser', 1), units('germany', 'battleship', 1, 0)] },
        { name: 'A-19', units: [units('italy', 'battleship', 1, 0)] },
        { name: 'A-20', units: [units('germany', 'battleship', 1)] },
      ],
      unitTypes: { ...AIR_COVER, artillery: { domain: 'land', bombard: { damage: 2, targets: 'any' }, airCover: 0 } },
    } as any);
    const { prompts, events } = play(s, { steps: [4] });
    expect(prompts).toEqual([]);
    expect(report(events, 4)).toEqual([noted('no designated fleet with super battleships, battleships or cruisers is next to an enemy facility it can bombard.')]);
  });

  it.each([
    ['Axis', 'germany', 'London'],
    ['Allies', 'uk', 'Holland'],
  ])('#6: only the %s have a designated fleet in range: no initiative roll', (side, nation, target) => {
    const s = twoFleets();
    // The other side's ships are not designated for the phase.
    s.seaZones = s.seaZones!.map((z) => ({ ...z, units: z.units!.map((u) => (u.owner === nation ? u : { ...u, designated: 0 })) }));
    const { prompts, events } = play(s, { steps: [4] });
    expect(rolls(prompts).filter(([, p]) => /Initiative/.test(p))).toEqual([]);
    expect(report(events, 4).slice(0, 2).map((e) => e.text)).toEqual([
      `${HEADING} only the ${side} have a designated fleet in range: no initiative roll needed.`,
      expect.stringMatching(new RegExp(`^${HEADING} ${nation} shore bombardment on ${target}: `)),
    ]);
  });

  it('#6: the question lists each fleet against each enemy territory it may hit and standing down; the auto answer bombards once, where most damage is still to take', () => {
    const s = mini({
      territories: [
        { name: 'London', owner: 'uk', adjacent: ['A-18', 'A-19'], facilities: [fac('major_factory', 16), fac('air_base', 5)] }, // 5 still to take
        { name: 'Scotland', owner: 'uk', adjacent: ['A-19'], facilities: [fac('naval_base')] }, // 6
        { name: 'Wales', owner: 'uk', adjacent: ['A-18'], facilities: [fac('major_factory')] }, // a cruiser may not hit it
      ],
      seaZones: [
        { name: 'A-18', units: [units('germany', 'cruiser', 1)] },
        { name: 'A-19', units: [units('germany', 'battleship', 1), units('italy', 'battleship', 1)] }, // Italy's battleship is Italy's to send
      ],
      unitTypes: AIR_COVER,
    } as any);
    const fleets = (p: { prompt: string }) => /bombard with a designated fleet/.test(p.prompt);
    const [first, second] = asked(play(s, { steps: [4] }).prompts).filter(fleets);
    expect(first.action.fields.choice.options).toEqual([
      { value: 'done', label: 'stand down (no more bombardments)' },
      { value: 'A-18>London', label: 'from A-18 (1 cruiser) against London' },
      { value: 'A-19>London', label: 'from A-19 (1 battleship) against London' },
      { value: 'A-19>Scotland', label: 'from A-19 (1 battleship) against Scotland' },
    ]);
    expect([first.auto, second.auto]).toEqual([{ choice: 'A-19>Scotland' }, { choice: 'done' }]);
    const choices = ['A-18>London', 'A-19>Scotland'];
    const { events } = play(s, { steps: [4], decide: (r) => (fleets(r) ? { choice: choices.shift() ?? 'done' } : undefined) });
    expect(report(events, 4).filter((e) => / on \w+: /.test(e.text as string)).map((e) => e.text)).toEqual([
      `${HEADING} germany shore bombardment on London: 1 cruiser (germany, A-18); no interceptors.`,
      `${HEADING} germany shore bombardment on Scotland: 1 battleship (germany, A-19); no interceptors.`,
    ]);
    const standDown = play(s, { steps: [4], decide: (r) => (fleets(r) ? { choice: 'done' } : undefined) });
    expect(report(standDown.events, 4)).toEqual([noted('only the Axis have a designated fleet in range: no initiative roll needed.')]);
  });

  it('#6: the odds of the ships question assume every ship, no escorts and every interceptor', () => {
    let odds: string[] | undefined;
    play(twoFleets(), { steps: [4], dice: axisFirst(), decide: (r) => ((/which ships bombard London/.test(r.prompt) && (odds = r.odds)), undefined) });
    // The interceptor's one hit falls on the undamaged battleship first, which survives it (R4-2): the ships bombard whatever the dice.
    expect(odds).toEqual(['every ship, no escorts, every interceptor: damage to London air base (0/6 damage): 2: 100.0%; damage to London major factory (12/20 damage): 4: 100.0%; each type sent where the auto answer sends it']);
  });

  it('R3-3: escorts are the fleet\'s own carrier-based fighters, designated or not, each stack once, and designated fighters in reach; without a carrier of its own, only designated fighters', () => {
    const escorts = (a18: ReturnType<typeof units>[]) => {
      const s = twoFleets([units('germany', 'battleship', 1), ...a18]);
      s.territories!.push({ name: 'Normandy', owner: 'germany', adjacent: ['London'], units: [units('germany', 'fighter', 3, 1)] } as any);
      const [q] = asked(play(s, { steps: [4], dice: axisFirst() }).prompts, /escort fighters/);
      return Object.values(q.action.fields).map((f: any) => f.label);
    };
    expect(escorts([units('germany', 'carrier', 1, 0), units('germany', 'fighter', 2, 1), units('italy', 'fighter', 1, 0)])).toEqual(['2 fighters (germany, A-18)', '1 fighter (germany, Normandy)']);
    expect(escorts([units('italy', 'carrier', 1, 0), units('germany', 'fighter', 2, 1)])).toEqual(['1 fighter (germany, Normandy)', '1 fighter (germany, A-18)']);
  });
});

describe('Step 4 Shore Bombardments: ships hit and sunk', () => {
  const fleet = () =>
    mini({
      territories: [{ name: 'Holland', owner: 'germany', adjacent: ['A-18'], facilities: [{ type: 'major_factory', damage: 0 }, { type: 'naval_base', damage: 0 }], units: [{ owner: 'germany', type: 'fighter', count: 1 }] }],
      seaZones: [{ name: 'A-18', units: [
        { owner: 'uk', type: 'battleship', count: 1, designated: 1 },
        { owner: 'uk', type: 'cruiser', count: 1, designated: 1 },
        { owner: 'uk', type: 'carrier', count: 1 },
        { owner: 'uk', type: 'fighter', count: 1 },
      ] }],
      unitTypes: { battleship: { airCover: 2 }, cruiser: { airCover: 1 } },
    });
  it('R4-2: a ship hit by an interceptor takes the hit on the board; a sunk cruiser does not bombard', () => {
    const { board } = play(fleet(), {
      steps: [4],
      dice: (r) => r.dice.map(() => (/interceptor/.test(r.prompt) ? 1 : 6)),
      decide: (r) => (/escort fighters/.test(r.prompt) ? { p0: 0 } : /hit\(s\) on your shore bombardment force/.test(r.prompt) ? { p0: 1, p1: 0 } : undefined),
    });
    const ships = zone(board, 'A-18').units;
    expect(ships.find((u: any) => u.type === 'cruiser')).toBeUndefined();
    expect(terr(board, 'Holland').facilities.map((f: any) => f.damage)).toEqual([4, 0]); // only the battleship bombards
  });

  it('R0-6 a designated cruiser sunk while bombarding leaves its undesignated stack-mate undesignated', () => {
    const s = fleet();
    s.seaZones = [{ name: 'A-18', units: [{ owner: 'uk', type: 'cruiser', count: 2, designated: 1 }] }];
    const { board } = play(s, { steps: [4], dice: (r) => r.dice.map(() => (/interceptor/.test(r.prompt) ? 1 : 6)) });
    expect(zone(board, 'A-18').units).toEqual([{ owner: 'uk', type: 'cruiser', count: 1 }]);
  });
});
