/**
 * Step 1 Resolve Special Situations (document section "#1. SPECIAL SITUATIONS", items 1 to 9;
 * rulings R1-1 to R1-9): when each item applies, what it asks with its options and auto answer, what
 * it changes on the board, and the report, line by line.
 */
import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import { autoAction, derive, smpModule } from '../../src/modules/smp/index.ts';
import { describeRequest } from '../../src/modules/smp/play.ts';
import { apply } from '../support/kernel.ts';
import { asked, fac, mini, play, report, terr, texts, withPlaces, zone } from './helpers.ts';

const allFail = () => (req: { dice: { sides: number }[] }) => req.dice.map((d) => d.sides); // 6s (and 8s) miss everything

const units = (owner: string, count: number, type = 'infantry') => ({ owner, type, count });
type Decide = NonNullable<Parameters<typeof play>[1]>['decide'];
/** Step 1 on `raw` (with the places the rules name): the report lines of item `rule` (all when not given), the questions, the board. */
function step1(raw: Parameters<typeof mini>[0], decide?: Decide, rule?: string) {
  const { events, prompts, board } = play(withPlaces(mini(raw)), { steps: [1], decide });
  return { lines: report(events, 1).filter((e) => !rule || e.rule === rule), questions: asked(prompts), board };
}
const said = (rule: string, type: 'note' | 'change', text: string, extra: Record<string, unknown> = {}) => ({ type, text: `${rule} ${text}`, rule, ...extra });

describe('Step 1 Special Situations', () => {
  it('#1: with nothing to resolve, every item says why, in order', () => {
    const { lines, questions } = step1({ wars: [['germany', 'uk'], ['germany', 'usa']] });
    expect(questions).toEqual([]);
    expect(lines).toEqual([
      said('1.1', 'note', 'Victory Condition: the document gives this heading and no text; nothing to resolve (ruling R1-1).'),
      said('1.2', 'note', 'American Assistance: the United States is not neutral (or not in this scenario): no free fighter.'),
      said('1.3', 'note', 'Operation Dynamo: only in the first Strategic Missions Phase.'),
      said('1.4', 'note', 'Spanish Negotiations at Hendaye: only in the first Strategic Missions Phase.'),
      said('1.5', 'note', 'Russian Winter: a summer round: nothing to remove.'),
      said('1.6', 'note', 'Russia may never purchase new production facilities (a purchase rule; Wardroom notes it only).'),
      said('1.6', 'note', 'Russian Engineer Tokens: Russia is not at war with a European Axis power: tokens may not be used.'),
      said('1.7', 'note', 'Conscripts and Volunteers: no operational rail station.'),
      said('1.8', 'note', 'Oil Tankers: no oil tankers in any build queue.'),
      said('1.9', 'note', 'Scorched Earth: no territory has infantry beside a tactical facility that can take damage.'),
    ]);
  });

  it('1.2 American Assistance: the free Canadian fighter goes to Ottawa while it is Allied-controlled (R1-2)', () => {
    const placed = step1({ territories: [{ name: 'Ottawa', owner: 'france' }] }, undefined, '1.2');
    expect(placed.lines).toEqual([said('1.2', 'change', 'American Assistance: the United States is neutral: 1 free Canadian fighter (uk) placed in Ottawa.')]);
    expect(terr(placed.board, 'Ottawa').units).toEqual([units('uk', 1, 'fighter')]);
    const lost = step1({ territories: [{ name: 'Ottawa', owner: 'germany' }] }, undefined, '1.2');
    expect(lost.lines).toEqual([said('1.2', 'note', 'American Assistance: Ottawa is not Allied-controlled: the fighter cannot be placed (ruling R1-2).')]);
    expect(terr(lost.board, 'Ottawa').units).toEqual([]);
  });

  it('1.3 Operation Dynamo: at the first SMP the Allied units (not the facilities, not the Axis units) leave Normandy for an Allied London (R1-3)', () => {
    const normandy = { name: 'Normandy', owner: 'france', facilities: [fac('air_base')], units: [units('uk', 2), units('germany', 1), units('france', 1, 'tank')] };
    const evacuated = step1({ smpNumber: 1, territories: [normandy, { name: 'London', owner: 'uk' }] }, undefined, '1.3');
    expect(evacuated.lines).toEqual([said('1.3', 'change', 'Operation Dynamo: evacuated from Normandy to London: 2 infantry (uk), 1 tank (france). Facilities stay.')]);
    expect(terr(evacuated.board, 'Normandy')).toMatchObject({ facilities: [fac('air_base')], units: [units('germany', 1)] });
    expect(terr(evacuated.board, 'London').units).toEqual([units('uk', 2), units('france', 1, 'tank')]);
    expect(step1({ smpNumber: 1, territories: [normandy, { name: 'London', owner: 'germany' }] }, undefined, '1.3').lines).toEqual([
      said('1.3', 'note', 'Operation Dynamo: London is not Allied-controlled; the units cannot be evacuated there (ruling R1-3).'),
    ]);
    expect(step1({ smpNumber: 1, territories: [{ ...normandy, units: [units('germany', 1)] }] }, undefined, '1.3').lines).toEqual([said('1.3', 'note', 'Operation Dynamo: no Allied units in Normandy.')]);
  });

  describe('1.4 Spanish Negotiations at Hendaye (R1-4, R1-5)', () => {
    const hendaye = (paris = 'germany') => ({
      smpNumber: 1,
      nations: [...mini().nations!, { id: 'spain', side: 'neutral' as const }],
      territories: [{ name: 'Paris', owner: paris, originalOwner: 'france' }, { name: 'Spain', owner: 'spain', units: [units('spain', 4), units('spain', 1, 'tank')] }, { name: 'Rio de Oro', owner: 'spain' }],
      seaZones: [{ name: 'A-1', units: [units('spain', 1, 'destroyer')] }],
    });
    const offer = '1.4 Hendaye: Germany may surrender all its cash (20 IPCs) to the bank to claim Spain, its standing military (5 units) and Rio de Oro; then every German Vichy roll gets +1. Take the deal?';

    it('Germany, occupying Paris, is offered the deal; the auto answer declines it', () => {
      const { lines, questions, board } = step1(hendaye(), undefined, '1.4');
      expect(questions.map((q) => [q.seat, q.prompt, q.auto])).toEqual([['germany', offer, { yes: false }]]);
      expect(lines).toEqual([said('1.4', 'note', 'Hendaye: Germany declines.')]);
      expect([board.cash.germany, terr(board, 'Spain').owner, board.vichy.hendaye]).toEqual([20, 'spain', false]);
    });

    it('taken: all of Germany\'s cash to the bank; Spain, Rio de Oro and every Spanish unit become German; German Vichy rolls +1', () => {
      const { lines, board } = step1(hendaye(), (r) => (/Hendaye/.test(r.prompt) ? { yes: true } : undefined), '1.4');
      expect(lines).toEqual([
        said('1.4', 'change', 'Hendaye: Germany surrenders 20 IPCs to the bank.', { ipc: { germany: -20 } }),
        said('1.4', 'change', 'Hendaye: Spain becomes German.'),
        said('1.4', 'change', 'Hendaye: Rio de Oro becomes German.'),
        said('1.4', 'change', 'Hendaye: in Spain, 4 infantry, 1 tank become German.'),
        said('1.4', 'change', 'Hendaye: in A-1, 1 destroyer become German.'),
        said('1.4', 'change', 'Hendaye: German Vichy rolls are increased by 1 from now on.'),
      ]);
      expect([board.cash.germany, terr(board, 'Rio de Oro').owner, zone(board, 'A-1').units, board.vichy.hendaye]).toEqual([0, 'germany', [units('germany', 1, 'destroyer')], true]);
    });

    it('no offer unless Germany occupies Paris', () => {
      const { lines, questions } = step1(hendaye('france'), undefined, '1.4');
      expect(questions).toEqual([]);
      expect(lines).toEqual([said('1.4', 'note', 'Spanish Negotiations at Hendaye: Germany does not occupy France (Paris): no offer (ruling R1-4).')]);
    });
  });

  describe('1.5 Russian Winter', () => {
    const occupied = (season: 'winter' | 'spring') => ({
      season,
      territories: [
        { name: 'Belarus', owner: 'germany', originalOwner: 'russia', units: [units('germany', 1, 'elite_infantry'), units('germany', 1), units('germany', 1, 'tank'), units('italy', 1)] },
        { name: 'Ukraine', owner: 'germany', originalOwner: 'russia', units: [units('germany', 3)] },
        { name: 'Poland', owner: 'germany', originalOwner: 'germany', units: [units('germany', 5)] },
      ],
    });

    it.each(['winter', 'spring'] as const)('a %s round: Germany removes 3 of its regular or elite infantry from originally Russian territories; the auto answer takes regular infantry first, in board order', (season) => {
      const { lines, questions, board } = step1(occupied(season), undefined, '1.5');
      expect(questions.map((q) => [q.seat, q.prompt, q.action.fields, q.auto])).toEqual([
        [
          'germany',
          `1.5 Russian Winter (${season}): Germany must remove 3 regular/elite infantry from originally Russian territories.\n  s0: elite infantry in Belarus (0-1)\n  s1: infantry in Belarus (0-1)\n  s2: infantry in Ukraine (0-3)`,
          {
            s0: { kind: 'int', label: 'elite infantry in Belarus', min: 0, max: 1 },
            s1: { kind: 'int', label: 'infantry in Belarus', min: 0, max: 1 },
            s2: { kind: 'int', label: 'infantry in Ukraine', min: 0, max: 3 },
          },
          { s0: 0, s1: 1, s2: 2 },
        ],
      ]);
      expect(lines).toEqual([said('1.5', 'change', 'Russian Winter: Germany removes 1 infantry from Belarus.'), said('1.5', 'change', 'Russian Winter: Germany removes 2 infantry from Ukraine.')]);
      expect(terr(board, 'Belarus').units).toEqual([units('germany', 1, 'elite_infantry'), units('germany', 1, 'tank'), units('italy', 1)]);
    });

    it('fewer than 3 there: all of them go; none: nothing to remove', () => {
      const two = step1({ season: 'winter', territories: [{ name: 'Belarus', owner: 'germany', originalOwner: 'russia', units: [units('germany', 2, 'elite_infantry')] }] }, undefined, '1.5');
      expect(two.questions.map((q) => [q.prompt.split('\n')[0], q.auto])).toEqual([['1.5 Russian Winter (winter): Germany must remove 2 regular/elite infantry from originally Russian territories (all there are: the document asks 3).', { s0: 2 }]]);
      expect(two.lines).toEqual([said('1.5', 'change', 'Russian Winter: Germany removes 2 elite infantry from Belarus.')]);
      expect(step1({ season: 'winter', territories: [{ name: 'Poland', owner: 'germany', originalOwner: 'germany', units: [units('germany', 5)] }] }, undefined, '1.5').lines).toEqual([
        said('1.5', 'note', 'Russian Winter: no German infantry in originally Russian territories.'),
      ]);
    });
  });

  describe('1.6 Russian Engineer Tokens (R1-6)', () => {
    /** Smolensk's minor factory (3/6) and Moscow's major factory; Bryansk is German; Kazan an island; Smolensk has a factory. */
    const front = (extra: Record<string, unknown> = {}) => ({
      territories: <any[]>[
        { name: 'Smolensk', owner: 'russia', adjacent: ['Moscow', 'Bryansk', 'Tula'], facilities: [fac('minor_factory', 3), fac('air_base')] },
        { name: 'Tula', owner: 'russia', adjacent: ['Ryazan'] },
        { name: 'Ryazan', owner: 'russia' },
        { name: 'Moscow', owner: 'russia', adjacent: ['Volgograd', 'Kazan'], facilities: [fac('major_factory')] },
        { name: 'Bryansk', owner: 'germany', adjacent: ['Kursk'] },
        { name: 'Kursk', owner: 'russia' },
        { name: 'Volgograd', owner: 'russia', adjacent: ['Astrakhan'] },
        { name: 'Kazan', owner: 'russia', island: true },
        { name: 'Astrakhan', owner: 'russia' },
      ],
      ...extra,
    });
    const move = (facility: string, to?: string): Decide => (r) => (/move one production/.test(r.prompt) ? { choice: facility } : to && /^1\.6 Move/.test(r.prompt) ? { choice: to } : undefined);

    it('Russia is asked which production facility to move, if any (the auto answer: none), then where: over Russian land, to no island and no other factory, at 1 token a space for a minor factory, 2 for a major one, 3 damage a token', () => {
      const none = step1(front(), undefined, '1.6');
      expect(none.questions.map((q) => [q.seat, q.prompt, q.action.fields.choice.options, q.auto])).toEqual([
        [
          'russia',
          '1.6 Russian Engineer Tokens (15 left): move one production facility (1/2/5 tokens per space for minor/major/industrial complex; 3 damage per token used)?',
          [
            { value: 'none', label: 'move nothing' },
            { value: 'Smolensk#0', label: 'Smolensk minor factory (3/6 damage)' },
            { value: 'Moscow#0', label: 'Moscow major factory (0/20 damage)' },
          ],
          { choice: 'none' },
        ],
      ]);
      expect(none.lines.slice(1)).toEqual([said('1.6', 'note', 'Russian Engineer Tokens: Russia moves no facility.')]);
      const moscow = step1(front(), move('Moscow#0', 'Astrakhan'), '1.6');
      expect(moscow.questions.slice(1).map((q) => [q.prompt, q.action.fields.choice.options, q.auto])).toEqual([
        [
          '1.6 Move Moscow major factory (0/20 damage) to:',
          [
            { value: 'Volgograd', label: 'Volgograd: 1 space(s), 2 token(s), +6 damage' },
            { value: 'Tula', label: 'Tula: 2 space(s), 4 token(s), +12 damage' },
            { value: 'Astrakhan', label: 'Astrakhan: 2 space(s), 4 token(s), +12 damage' },
            { value: 'Ryazan', label: 'Ryazan: 3 space(s), 6 token(s), +18 damage' },
          ],
          { choice: 'Volgograd' },
        ],
      ]);
      expect(moscow.lines.slice(1)).toEqual([said('1.6', 'change', 'Russian Engineers: major factory moved from Moscow to Astrakhan (2 space(s)): 4 engineer token(s) used (11 left), +12 damage (now 12/20).')]);
      expect([terr(moscow.board, 'Moscow').facilities, terr(moscow.board, 'Astrakhan').facilities, moscow.board.tokens.engineer]).toEqual([[], [fac('major_factory', 12)], 11]);
    });

    it('a facility moves only while below its maximum damage: each space is started below it, and the damage stops at it', () => {
      const smolensk = step1(front(), move('Smolensk#0'), '1.6');
      // Tula (1 space) starts at 3/6; Ryazan's second space would start at 6/6.
      expect(smolensk.questions[1].action.fields.choice.options).toEqual([{ value: 'Tula', label: 'Tula: 1 space(s), 1 token(s), +3 damage' }]);
      expect(smolensk.lines.slice(1)).toEqual([said('1.6', 'change', 'Russian Engineers: minor factory moved from Smolensk to Tula (1 space(s)): 1 engineer token(s) used (14 left), +3 damage (now 6/6).')]);
      expect(terr(smolensk.board, 'Smolensk').facilities).toEqual([fac('air_base')]);
      // With 5 tokens left, Ryazan (6) is too far for the major factory; with 6 it is not.
      const tokens = (engineer: number) => ({ tokens: { engineer, kamikaze: 15, partisan: 15 } });
      const where = (raw: Parameters<typeof step1>[0]) => step1(raw, move('Moscow#0'), '1.6').questions[1].action.fields.choice.options.map((o: { label: string }) => o.label);
      expect(where(front(tokens(5)))).toEqual(['Volgograd: 1 space(s), 2 token(s), +6 damage', 'Tula: 2 space(s), 4 token(s), +12 damage', 'Astrakhan: 2 space(s), 4 token(s), +12 damage']);
      expect(where(front(tokens(6))).at(-1)).toBe('Ryazan: 3 space(s), 6 token(s), +18 damage');
      // The major factory at 16/20: only one space (2 tokens, 6 damage) can be started, and it adds 4.
      const worn = front();
      worn.territories = worn.territories.map((t) => (t.name === 'Moscow' ? { ...t, facilities: [fac('major_factory', 16)] } : t));
      expect(where(worn)).toEqual(['Volgograd: 1 space(s), 2 token(s), +4 damage']);
      const moved = step1(worn, move('Moscow#0', 'Volgograd'), '1.6');
      expect(moved.lines.slice(1)).toEqual([said('1.6', 'change', 'Russian Engineers: major factory moved from Moscow to Volgograd (1 space(s)): 2 engineer token(s) used (13 left), +4 damage (now 20/20).')]);
    });

    it('only Russia\'s own production facilities move, and only those whose type says what a space costs', () => {
      const raw = front({ facilityTypes: { air_base: { engineerCost: 1 }, depot: { kind: 'production', maxDamage: 6 } } });
      raw.territories = raw.territories.map((t) => (t.name === 'Bryansk' ? { ...t, facilities: [fac('minor_factory')] } : t.name === 'Ryazan' ? { ...t, facilities: [fac('depot')] } : t));
      expect(step1(raw, undefined, '1.6').questions[0].action.fields.choice.options.map((o: { value: string }) => o.value)).toEqual(['none', 'Smolensk#0', 'Moscow#0']);
    });

    it('nothing to move: no tokens left, no facility that can move, Russia not at war with a European Axis power, or no Russia', () => {
      expect(step1(front({ tokens: { engineer: 0, kamikaze: 15, partisan: 15 } }), undefined, '1.6').lines.slice(1)).toEqual([said('1.6', 'note', 'Russian Engineer Tokens: no engineer tokens left.')]);
      const maxed = front();
      maxed.territories = maxed.territories.map((t) => (t.facilities ? { ...t, facilities: t.facilities.map((f: { type: string }) => ({ ...f, damage: f.type === 'major_factory' ? 20 : 6 })) } : t));
      expect(step1(maxed, undefined, '1.6').lines.slice(1)).toEqual([said('1.6', 'note', 'Russian Engineer Tokens (15 left): no production facility can move.')]);
      expect(step1({ ...front(), wars: [['japan', 'russia'], ['germany', 'uk']] }, undefined, '1.6').lines.slice(1)).toEqual([
        said('1.6', 'note', 'Russian Engineer Tokens: Russia is not at war with a European Axis power: tokens may not be used.'),
      ]);
      const cash = { germany: 20, uk: 20, japan: 20, italy: 20, france: 20, usa: 20 };
      expect(step1({ nations: mini().nations!.filter((n) => n.id !== 'russia'), wars: [['germany', 'uk']], cash }, undefined, '1.6').lines).toEqual([]);
    });
  });

  it('1.7 Conscripts and Volunteers: regular infantry for the controller of each operational rail station, 1, 2 in a victory city, 3 in a capital that is one; none in neutral or Vichy territory (R1-7)', () => {
    const { lines, board } = step1(
      {
        nations: [...mini().nations!, { id: 'spain', side: 'neutral' }],
        territories: [
          { name: 'Moscow', owner: 'russia', capital: true, victoryCity: true, facilities: [fac('rail_station', 0, 6)] },
          { name: 'Volgograd', owner: 'russia', victoryCity: true, facilities: [fac('rail_station', 0, 6)] },
          { name: 'Rome', owner: 'italy', capital: true, facilities: [fac('rail_station', 0, 6)] },
          { name: 'Kiev', owner: 'germany', facilities: [fac('rail_station', 6, 6)] },
          { name: 'Madrid', owner: 'spain', facilities: [fac('rail_station', 0, 6)] },
          { name: 'Vichy', owner: 'vichy', facilities: [fac('rail_station', 0, 6)] },
        ],
        vichy: { status: 'in-effect', turned: { axis: 0, freeFrench: 0 } }, // Vichy territory exists only while the Vichy rules are in effect
      },
      undefined,
      '1.7',
    );
    expect(lines).toEqual([
      said('1.7', 'change', 'Conscripts and Volunteers: 3 regular infantry (russia) placed in Moscow (operational rail station, victory city, capital).'),
      said('1.7', 'change', 'Conscripts and Volunteers: 2 regular infantry (russia) placed in Volgograd (operational rail station, victory city).'),
      said('1.7', 'change', 'Conscripts and Volunteers: 1 regular infantry (italy) placed in Rome (operational rail station).'),
    ]);
    expect([terr(board, 'Kiev').units, terr(board, 'Madrid').units, terr(board, 'Vichy').units]).toEqual([[], [], []]);
  });

  it('1.8 Oil Tankers: a nation may move tankers between eligible queues of its side, each tanker once; every tanker that did not move earns 5 IPCs for its queue\'s owner, eligible or not (R1-8)', () => {
    const q = (id: string, nation: string, oilTankers: number, oilTankerEligible = true) => ({ id, nation, oilTankers, oilTankerEligible });
    let moves = 0;
    const { lines, questions, board } = step1(
      { buildQueues: [q('uk-1', 'uk', 3), q('fr', 'france', 1), q('ge', 'germany', 2), q('uk-x', 'uk', 4, false)] },
      (r) => (/move tankers/.test(r.prompt) && r.seat === 'uk' && moves++ === 0 ? { choice: 'uk-1' } : /How many/.test(r.prompt) ? { count: 2, to: 'fr' } : undefined),
      '1.8',
    );
    expect(questions.map((x) => [x.seat, x.prompt, x.action.fields, x.auto])).toEqual([
      ['uk', '1.8 Oil Tankers (uk): move tankers from one eligible build queue to another? Tankers that do not move earn 5 IPCs each.', { choice: { kind: 'choice', label: 'Choice', options: [{ value: 'done', label: 'no (more) moves' }, { value: 'uk-1', label: 'from queue uk-1 (3 tanker(s) that have not moved)' }] } }, { choice: 'done' }],
      ['uk', '1.8 How many tankers from queue uk-1, and to which queue?', { count: { kind: 'int', label: 'Tankers', min: 1, max: 3 }, to: { kind: 'choice', label: 'To the build queue', options: [{ value: 'fr', label: 'queue fr (france)' }] } }, { count: 3, to: 'fr' }],
      ['uk', '1.8 Oil Tankers (uk): move tankers from one eligible build queue to another? Tankers that do not move earn 5 IPCs each.', { choice: { kind: 'choice', label: 'Choice', options: [{ value: 'done', label: 'no (more) moves' }, { value: 'uk-1', label: 'from queue uk-1 (1 tanker(s) that have not moved)' }] } }, { choice: 'done' }],
      ['france', '1.8 Oil Tankers (france): move tankers from one eligible build queue to another? Tankers that do not move earn 5 IPCs each.', { choice: { kind: 'choice', label: 'Choice', options: [{ value: 'done', label: 'no (more) moves' }, { value: 'fr', label: 'from queue fr (1 tanker(s) that have not moved)' }] } }, { choice: 'done' }],
    ]);
    expect(lines).toEqual([
      said('1.8', 'change', 'Oil Tankers: 2 tanker(s) moved from queue uk-1 to queue fr.'),
      said('1.8', 'change', 'Oil Tankers: uk collects 5 IPCs for 1 tanker(s) in queue uk-1 that did not move.', { ipc: { uk: 5 }, income: 5 }),
      said('1.8', 'change', 'Oil Tankers: france collects 5 IPCs for 1 tanker(s) in queue fr that did not move.', { ipc: { france: 5 }, income: 5 }),
      said('1.8', 'change', 'Oil Tankers: germany collects 10 IPCs for 2 tanker(s) in queue ge that did not move.', { ipc: { germany: 10 }, income: 10 }),
      said('1.8', 'change', 'Oil Tankers: uk collects 20 IPCs for 4 tanker(s) in queue uk-x that did not move.', { ipc: { uk: 20 }, income: 20 }),
    ]);
    expect([board.buildQueues.map((x) => x.oilTankers), board.cash.uk, board.cash.france, board.cash.germany]).toEqual([[1, 3, 2, 4], 45, 25, 30]);
    // At the terminal the question lists each field it asks, the number of tankers with its range too.
    expect(describeRequest(questions[1]).split('\n').slice(1, 3)).toEqual(['  count: Tankers (1-3)', '  to: [1] queue fr (france) (fr)']);
  });

  it('1.8 Oil Tankers: a nation moving one tanker at a time is asked until every tanker it may move has moved', () => {
    const q = (id: string, nation: string, oilTankers: number) => ({ id, nation, oilTankers, oilTankerEligible: true });
    const { lines } = step1(
      { buildQueues: [q('b', 'uk', 0), q('a', 'uk', 30)] },
      (r) => (/move tankers/.test(r.prompt) && r.seat === 'uk' ? { choice: 'a' } : /How many/.test(r.prompt) ? { count: 1, to: 'b' } : undefined),
      '1.8',
    );
    expect(lines.filter((e) => / moved from /.test(e.text as string))).toHaveLength(30);
    expect(lines.at(-1)).toEqual(said('1.8', 'change', 'Oil Tankers: 1 tanker(s) moved from queue a to queue b.'));
  });

  it('1.8 Oil Tankers: tankers that arrived may not move on; a queue\'s own may; empty queues earn nothing', () => {
    const q = (id: string, oilTankers: number) => ({ id, nation: 'uk', oilTankers, oilTankerEligible: true });
    const { questions, lines } = step1(
      { buildQueues: [q('x', 1), q('y', 1)] },
      (r) => (/move tankers/.test(r.prompt) ? { choice: (r.action.fields as any).choice.options[1].value } : /How many tankers from queue x/.test(r.prompt) ? { count: 1, to: 'y' } : undefined),
      '1.8',
    );
    expect(questions.filter((x) => /How many/.test(x.prompt)).map((x) => [x.prompt, x.action.fields.count.max])).toEqual([
      ['1.8 How many tankers from queue x, and to which queue?', 1],
      ['1.8 How many tankers from queue y, and to which queue?', 1], // y holds 2, one of them arrived
    ]);
    expect(lines).toEqual([said('1.8', 'change', 'Oil Tankers: 1 tanker(s) moved from queue x to queue y.'), said('1.8', 'change', 'Oil Tankers: 1 tanker(s) moved from queue y to queue x.')]);
    expect(step1({ buildQueues: [q('x', 0)] }, undefined, '1.8').lines).toEqual([said('1.8', 'note', 'Oil Tankers: no oil tankers in any build queue.')]);
  });

  it('1.9 Scorched Earth: the controller of a territory with its side\'s infantry chooses its tactical facilities below maximum damage to take 3 damage each, never past the maximum (R1-9)', () => {
    const { lines, questions, board } = step1(
      {
        nations: [...mini().nations!, { id: 'spain', side: 'neutral' }],
        territories: [
          { name: 'Moscow', owner: 'russia', facilities: [fac('air_base', 5), fac('major_factory'), fac('naval_base', 6)], units: [units('russia', 1)] },
          { name: 'Kiev', owner: 'russia', facilities: [fac('air_base')], units: [units('uk', 1)] }, // an ally's infantry
          { name: 'Minsk', owner: 'russia', facilities: [fac('air_base')], units: [units('russia', 1, 'tank'), units('germany', 1)] }, // no infantry of its side
          { name: 'Madrid', owner: 'spain', facilities: [fac('air_base')], units: [units('spain', 1)] }, // neutral
          { name: 'Vichy', owner: 'vichy', facilities: [fac('air_base')], units: [units('vichy', 1)] },
        ],
        vichy: { status: 'in-effect', turned: { axis: 0, freeFrench: 0 } }, // Vichy territory exists only while the Vichy rules are in effect
      },
      (r) => (/Scorched/.test(r.prompt) ? { chosen: ['0'] } : undefined),
      '1.9',
    );
    expect(questions.map((x) => [x.seat, x.prompt, x.action.fields.chosen.options, x.auto])).toEqual([
      ['russia', '1.9 Scorched Earth in Moscow: your infantry may put 3 damage on each tactical facility you choose (none is fine).', [{ value: '0', label: 'Moscow air base (5/6 damage)' }], { chosen: [], rest: 'ask' }],
      ['russia', '1.9 Scorched Earth in Kiev: your infantry may put 3 damage on each tactical facility you choose (none is fine).', [{ value: '0', label: 'Kiev air base (0/6 damage)' }], { chosen: [], rest: 'ask' }],
    ]);
    expect(questions[0].action.fields).toEqual({
      chosen: { kind: 'subset', label: 'Chosen', options: [{ value: '0', label: 'Moscow air base (5/6 damage)' }], min: 0, max: 1 },
      rest: {
        kind: 'choice',
        label: 'Your other territories',
        optional: true,
        options: [
          { value: 'ask', label: 'ask for each' },
          { value: 'none', label: 'no scorched earth in any of them' },
          { value: 'all', label: 'every tactical facility in each' },
        ],
      },
    });
    expect(lines).toEqual([said('1.9', 'change', 'Scorched Earth: Moscow air base +1 damage (now 6/6).'), said('1.9', 'change', 'Scorched Earth: Kiev air base +3 damage (now 3/6).')]);
    expect(terr(board, 'Minsk').facilities).toEqual([fac('air_base')]);
  });
});

describe('Step 1 Special Situations: more answers', () => {
  it('1.1 Victory Condition and Step 10 National Advantages say the document has no text', () => {
    const { events } = play(withPlaces(mini()));
    expect(texts(events, 1).some((t) => /Victory Condition.*no text/.test(t))).toBe(true);
    expect(texts(events, 10).some((t) => /no text/.test(t))).toBe(true);
  });

  it('1.4 Hendaye: Germany gives all its cash to claim Spain, its military and Rio de Oro; its Vichy rolls get +1', () => {
    const s = withPlaces(mini({
      smpNumber: 1,
      nations: [...mini().nations!, { id: 'spain', side: 'neutral' }],
      territories: [
        { name: 'Paris', owner: 'germany', originalOwner: 'france' },
        { name: 'Spain', owner: 'spain', units: [{ owner: 'spain', type: 'infantry', count: 4 }] },
        { name: 'Rio de Oro', owner: 'spain' },
        { name: 'Corsica', owner: 'france', originalOwner: 'france' },
      ],
      vichy: { status: 'pending' },
    }));
    const { board, prompts } = play(s, { steps: [1, 2], decide: (r) => (/Hendaye/.test(r.prompt) ? { yes: true } : undefined), dice: allFail() });
    expect(board.cash.germany).toBe(0);
    expect(terr(board, 'Spain').owner).toBe('germany');
    expect(terr(board, 'Rio de Oro').owner).toBe('germany');
    expect(terr(board, 'Spain').units).toEqual([{ owner: 'germany', type: 'infantry', count: 4 }]);
    expect(board.vichy.hendaye).toBe(true);
    expect(prompts.some((p) => p.kind === 'roll' && /Germany attempts Corsica @4/.test(p.prompt))).toBe(true);
  });

  it('1.5 Russian Winter: in winter Germany must remove exactly 3 infantry from originally Russian territories (its choice)', () => {
    const s = withPlaces(mini({
      season: 'winter',
      territories: [
        { name: 'Belarus', owner: 'germany', originalOwner: 'russia', units: [{ owner: 'germany', type: 'infantry', count: 2 }, { owner: 'germany', type: 'elite_infantry', count: 2 }, { owner: 'germany', type: 'tank', count: 1 }] },
        { name: 'Poland', owner: 'germany', originalOwner: 'germany', units: [{ owner: 'germany', type: 'infantry', count: 5 }] },
      ],
    }));
    const opts = smpModule.parseOptions({ scenario: s, steps: [1] });
    if (isRuleError(opts)) throw opts;
    const st = smpModule.setup(opts);
    const req = derive(st).pending!;
    expect(req.seat).toBe('germany');
    const bad = apply(smpModule, st, { type: 'choose', seat: 'germany', s0: 1, s1: 1 });
    expect(isRuleError(bad) && bad.message).toMatch(/exactly 3/);
    expect(derive(st).pending).toBe(req); // nothing changed
    const ok = apply(smpModule, st, { type: 'choose', seat: 'germany', s0: 1, s1: 2 });
    if (isRuleError(ok)) throw ok;
    let state = ok.state;
    while (!smpModule.isOver(state)) state = (apply(smpModule, state, autoAction(state)!) as any).state;
    const b = derive(state).board;
    expect(terr(b, 'Belarus').units).toEqual([{ owner: 'germany', type: 'infantry', count: 1 }, { owner: 'germany', type: 'tank', count: 1 }]);
    expect(terr(b, 'Poland').units[0].count).toBe(5);
    // summer: nothing
    expect(terr(play({ ...s, season: 'summer' }, { steps: [1] }).board, 'Belarus').units).toHaveLength(3);
  });

  it('1.9 Scorched Earth on a big board: one answer may cover the nation\'s other territories (none, or every facility)', () => {
    const base = (name: string) => ({ name, owner: 'russia', facilities: [{ type: 'air_base', damage: 0 }], units: [{ owner: 'russia', type: 'infantry', count: 1 }] });
    const s = withPlaces(mini({ territories: ['Moscow', 'Novgorod', 'Karelia', 'Caucasus'].map(base) }));
    const scorched = (rest: string) => {
      const r = play(s, { steps: [1], decide: (q) => (/Scorched/.test(q.prompt) ? { chosen: ['0'], rest } : undefined) });
      return { asked: r.prompts.filter((q) => /Scorched/.test(q.prompt)).length, damaged: r.board.territories.filter((t: any) => t.facilities?.[0]?.damage > 0).map((t: any) => t.name) };
    };
    expect(scorched('none')).toEqual({ asked: 1, damaged: ['Moscow'] });
    expect(scorched('all')).toEqual({ asked: 1, damaged: ['Moscow', 'Novgorod', 'Karelia', 'Caucasus'] });
    expect(scorched('ask').asked).toBe(4);
  });

  it('1.9 Scorched Earth: a nation that chooses no facility is said so in the report (the nation as the board names it: mini() gives no names), and so is "none in its other territories"', () => {
    const base = (name: string) => ({ name, owner: 'russia', facilities: [{ type: 'air_base', damage: 0 }], units: [{ owner: 'russia', type: 'infantry', count: 1 }] });
    const { lines } = step1({ territories: ['Moscow', 'Novgorod', 'Karelia'].map(base) }, (q) => (/Scorched/.test(q.prompt) ? { chosen: [], rest: /Novgorod/.test(q.prompt) ? 'none' : 'ask' } : undefined), '1.9');
    expect(lines).toEqual([said('1.9', 'note', 'Scorched Earth in Moscow: russia chooses none.'), said('1.9', 'note', 'Scorched Earth in Novgorod: russia chooses none.'), said('1.9', 'note', 'Scorched Earth: russia chooses none in its other territories.')]);
    // A record of Wardroom 0.1 replays to its own events: without these lines.
    const old = play(withPlaces(mini({ territories: ['Moscow', 'Novgorod'].map(base) })), { steps: [1], rulings: '0.1', decide: (q) => (/Scorched/.test(q.prompt) ? { chosen: [] } : undefined) });
    expect(report(old.events, 1).filter((e) => e.rule === '1.9')).toEqual([]);
    // "Every tactical facility" in the others is said too, before the damage it does there.
    const all = step1({ territories: ['Moscow', 'Novgorod', 'Karelia'].map(base) }, (q) => (/Scorched/.test(q.prompt) ? { chosen: [], rest: 'all' } : undefined), '1.9');
    expect(all.lines.slice(0, 2)).toEqual([said('1.9', 'note', 'Scorched Earth in Moscow: russia chooses none.'), said('1.9', 'note', 'Scorched Earth: russia chooses every tactical facility in its other territories.')]);
  });
});
