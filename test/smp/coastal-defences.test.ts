/**
 * Step 9 Resolve Coastal Defences (document section "#4. COASTAL DEFENSES"; rulings R9-1, R9-2):
 * which fleets an operational bunker may target, who chooses, what its hits may destroy, and the
 * report, line by line.
 */
import { describe, expect, it } from 'vitest';
import { asked, diceBy, mini, play, report, reportLines, rolls, zone } from './helpers.ts';

const HEADING = '9 Coastal Defences:';
const { changed, noted } = reportLines(HEADING, '9');
const u = (owner: string, type: string, count: number) => ({ owner, type, count });
/** Norway's two bunkers face. */
const norway = (a20: ReturnType<typeof u>[], a21: ReturnType<typeof u>[] = [], extra: Record<string, unknown> = {}) =>
  mini({
    territories: [{ name: 'Norway', owner: 'germany', adjacent: ['A-20', 'A-21'], facilities: [{ type: 'minor_bunker', damage: 0, maxDamage: 6 }, { type: 'major_bunker', damage: 0, maxDamage: 6 }] }],
    seaZones: [
      { name: 'A-20', units: a20 },
      { name: 'A-21', units: a21 },
    ],
    ...extra,
  });
const fleetQuestions = (prompts: Parameters<typeof asked>[0]) => asked(prompts, /targets one fleet/).map((p) => [p.prompt, p.action.fields.choice.options, p.auto]);

describe('Step 9 Coastal Defences', () => {
  it('R9-2 the default answer to the hits is the fleet owner\'s: each undamaged 2-hit ship takes a hit that only damages it, then 1-hit ships sink, then damaged ones', () => {
    const damaged = (owner: string, type: string, count: number, n: number) => ({ ...u(owner, type, count), damaged: n });
    const hitsAsked = (a20: ReturnType<typeof u>[], dice: number[]) =>
      asked(play(norway(a20), { steps: [9], dice: diceBy([[/minor/, dice], [/major/, [6, 6, 6, 6, 6, 6]]]) }).prompts, /hit\(s\) on ships/)[0].auto;
    // Two carriers, one damaged; a destroyer; a damaged battleship. 3 hits: the undamaged carrier, the destroyer, then a damaged ship (the first listed).
    const fleet = [damaged('uk', 'carrier', 2, 1), u('uk', 'destroyer', 1), damaged('uk', 'battleship', 1, 1)];
    expect(hitsAsked(fleet, [1, 1, 1])).toEqual({ u0: 1, d0: 1, u1: 1, u2: 0, d2: 0 });
    expect(hitsAsked([u('uk', 'destroyer', 1), damaged('uk', 'battleship', 2, 1), u('uk', 'cruiser', 1)], [1, 1, 1])).toEqual({ u0: 1, u1: 1, d1: 0, u2: 1 });
    // A damaged battleship alone in its stack takes the third hit, after the two 1-hit ships.
    expect(hitsAsked([u('uk', 'destroyer', 1), damaged('uk', 'battleship', 1, 1), u('uk', 'cruiser', 1)], [1, 1, 1])).toEqual({ u0: 1, u1: 0, d1: 1, u2: 1 });
    // More hits than that: the ship just damaged sinks last (the major bunker's 6 hits on A-21: 4 can land).
    const four = asked(play(norway([], [u('uk', 'carrier', 1), u('uk', 'destroyer', 1), u('uk', 'cruiser', 1)]), { steps: [9], dice: diceBy([[/major/, [1, 1, 1, 1, 1, 1]]]) }).prompts, /hit\(s\) on ships/)[0].auto;
    expect(four).toEqual({ u0: 1, d0: 1, u1: 1, u2: 1 });
    // 1 hit: only the damage.
    expect(hitsAsked(fleet, [1, 6, 6])).toEqual({ u0: 1, d0: 0, u1: 0, u2: 0, d2: 0 });
  });

  it('#4: each operational bunker targets one fleet of 3+ sea units (carrier fighters and transports not counted), its owner choosing; its hits fall on that fleet\'s ships only', () => {
    let odds: string[] | undefined;
    const s = norway([u('usa', 'destroyer', 1), u('uk', 'fighter', 1), u('uk', 'destroyer', 2), u('uk', 'carrier', 1), u('uk', 'transport', 2)], [u('france', 'destroyer', 2), u('uk', 'destroyer', 2)]);
    const { prompts, events, board } = play(s, { steps: [9], dice: diceBy([[/minor/, [1, 1, 6]], [/major/, [6]]]), decide: (q) => ((/major bunker.*targets/.test(q.prompt) && (odds = q.odds)), undefined) });
    expect(fleetQuestions(prompts)).toEqual([
      [
        `${HEADING} the minor bunker in Norway (3@1) targets one fleet this phase. Which?`,
        [
          { value: 'A-20>uk', label: 'uk fleet in A-20 (3 ships not counting transports)' },
          { value: 'A-21>france', label: 'france and uk fleet in A-21 (4 ships not counting transports)' },
        ],
        { choice: 'A-20>uk' },
      ],
      [`${HEADING} the major bunker in Norway (6@1) targets one fleet this phase. Which?`, [{ value: 'A-21>france', label: 'france and uk fleet in A-21 (4 ships not counting transports)' }], { choice: 'A-21>france' }],
    ]);
    expect(odds).toEqual(['hits 0: 33.5%, 1: 40.2%, 2: 20.1%, 3: 5.4%, 4: 0.8%, 5: 0.1%, 6: <0.1%']); // 6 hits: (1/6)^6, 0.002%: possible, not 0.0%
    expect(rolls(prompts).map(([seat, p]) => [seat, p.split(';')[0]])).toEqual([
      ['germany', 'Coastal defence Norway minor bunker vs A-20 @1 (1/3)'],
      ['germany', 'Coastal defence Norway major bunker vs A-21 @1 (1/6)'],
    ]);
    // The owner's default answer: the carrier (2 hits) takes the hit that only damages, a destroyer the other.
    expect(report(events, 9)).toEqual([
      changed('destroyer (uk) in A-20 sunk.'),
      changed('carrier (uk) in A-20 damaged.'),
      noted('Norway major bunker misses the france and uk fleet in A-21 (4 ships not counting transports).'),
    ]);
    expect(zone(board, 'A-20').units).toEqual([u('usa', 'destroyer', 1), u('uk', 'fighter', 1), u('uk', 'destroyer', 1), { ...u('uk', 'carrier', 1), damaged: 1 }, u('uk', 'transport', 2)]);
  });

  it('R9-2: the nation with the most ships in the fleet chooses where the hits fall; on a tie, the one listed first', () => {
    const chooser = (a20: ReturnType<typeof u>[]) => asked(play(norway(a20), { steps: [9], dice: diceBy([[/minor/, [1]]]) }).prompts, /hit\(s\) on ships/)[0].seat;
    expect(chooser([u('france', 'destroyer', 1), u('uk', 'destroyer', 2)])).toBe('uk');
    expect(chooser([u('france', 'destroyer', 2), u('uk', 'destroyer', 2)])).toBe('france');
  });

  it('#4: the bunker\'s owner may target another fleet than the auto answer\'s', () => {
    const s = norway([u('uk', 'destroyer', 3)], [u('france', 'destroyer', 3)]);
    const { events } = play(s, { steps: [9], dice: diceBy([[/minor/, [1, 6]]]), decide: (q) => (/minor bunker.*targets/.test(q.prompt) ? { choice: 'A-21>france' } : undefined) });
    expect(report(events, 9)[0]).toEqual(changed('destroyer (france) in A-21 sunk.'));
  });

  it('#4: no operational bunker facing an enemy fleet of 3+ sea units: the report says so', () => {
    const none = play(norway([u('uk', 'destroyer', 2), u('uk', 'fighter', 2)]), { steps: [9] });
    expect(none.prompts).toEqual([]);
    expect(report(none.events, 9)).toEqual([noted('no operational bunker faces an enemy fleet of 3+ sea units (transports not counted).')]);
    const missed = play(norway([u('uk', 'destroyer', 3)]), { steps: [9], dice: diceBy([]) });
    expect(report(missed.events, 9)).toEqual([noted('Norway minor bunker misses the uk fleet in A-20 (3 ships not counting transports).'), noted('Norway major bunker misses the uk fleet in A-20 (3 ships not counting transports).')]);
  });
});

describe('Step 9 Coastal Defences: carriers', () => {
  it('#4, R7-3 planes left at sea when the last carrier there sinks are named for the players to settle: the document does not say where they go (h22)', () => {
    // The carrier and a destroyer sunk; a cruiser afloat, which is no plane.
    const fleet = [{ ...u('uk', 'carrier', 1), damaged: 1 }, u('uk', 'destroyer', 1), u('uk', 'cruiser', 1), u('uk', 'fighter', 2), u('uk', 'tactical_bomber', 1)];
    const { events } = play(norway(fleet), { steps: [9], dice: diceBy([[/minor/, [1, 1, 6]], [/major/, [6, 6, 6, 6, 6, 6]]]), decide: (q) => (/hit\(s\) on ships/.test(q.prompt) ? { u0: 0, d0: 1, u1: 1, u2: 0 } : undefined) });
    expect(report(events, 9)).toContainEqual(noted('2 fighters (uk), 1 tactical bomber (uk) in A-20 have no carrier left there; the document does not say where they go: settle it at your board.'));
    // Planes in a zone that had no carrier: no carrier sank, nothing to say.
    const none = play(norway([u('uk', 'destroyer', 3), u('uk', 'fighter', 2)]), { steps: [9], dice: diceBy([[/minor/, [1, 6, 6]], [/major/, [6, 6, 6, 6, 6, 6]]]) });
    expect(JSON.stringify(report(none.events, 9))).not.toContain('no carrier left');
    // A carrier afloat: nothing to say.
    const afloat = play(norway([u('uk', 'carrier', 1), u('uk', 'destroyer', 2), u('uk', 'fighter', 2)]), { steps: [9], dice: diceBy([[/minor/, [1, 6, 6]], [/major/, [6, 6, 6, 6, 6, 6]]]) });
    expect(JSON.stringify(report(afloat.events, 9))).not.toContain('no carrier left');
  });
});

describe('Step 9 Coastal Defences: war', () => {
  it('#4: only nations at war resolve coastal defences', () => {
    const s = mini({ wars: [], territories: [{ name: 'Norway', owner: 'germany', adjacent: ['A-21'], facilities: [{ type: 'major_bunker', damage: 0, maxDamage: 6 }] }], seaZones: [{ name: 'A-21', units: [{ owner: 'uk', type: 'destroyer', count: 3 }] }] });
    expect(play(s, { steps: [9] }).prompts).toHaveLength(0);
  });

  it('R9-1 the Russian condition is the bunker owner\'s, who resolves the defences: a Japanese bunker targets a Russian fleet when Japan and Russia are at war, Russia at peace with the European Axis; a Russian bunker does not fire then (h22)', () => {
    const board = (owner: string, fleet: string) => mini({
      wars: [['japan', 'russia'], ['japan', 'uk']],
      territories: [{ name: 'Sakhalin', owner, adjacent: ['P-6'], facilities: [{ type: 'major_bunker', damage: 0, maxDamage: 6 }] }],
      seaZones: [{ name: 'P-6', units: [{ owner: fleet, type: 'destroyer', count: 3 }] }],
    });
    const japanese = play(board('japan', 'russia'), { steps: [9] }).prompts;
    expect(fleetQuestions(japanese)).toEqual([[`${HEADING} the major bunker in Sakhalin (6@1) targets one fleet this phase. Which?`, [{ value: 'P-6>russia', label: 'russia fleet in P-6 (3 ships not counting transports)' }], { choice: 'P-6>russia' }]]);
    expect(play(board('russia', 'japan'), { steps: [9] }).prompts).toHaveLength(0);
    // Wardroom 0.1 held Russia's ships to the condition too.
    expect(play(board('japan', 'russia'), { steps: [9], rulings: '0.1' }).prompts).toHaveLength(0);
  });
});
