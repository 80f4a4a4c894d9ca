import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import { newGameRecord } from '../../src/engine/session.ts';
import { legalActions, waitingFor } from '../../src/engine/kernel.ts';
import { apply, codeOf } from '../support/kernel.ts';
import { autoAction, derive, smpModule } from '../../src/modules/smp/index.ts';
import { nextBoard, nextPhaseOptions } from '../../src/modules/smp/play.ts';
import { mini, openSmp, play, scenario, terr, texts, withPlaces, zone } from './helpers.ts';

const allFail = () => (req: { dice: { sides: number }[] }) => req.dice.map((d) => d.sides); // 6s (and 8s) miss everything
const allHit = () => (req: { dice: { sides: number }[] }) => req.dice.map(() => 1);

describe('Engine contract: refusals, undo, replay', () => {
  it('what a nation is asked to do, and its team, read in the board\'s words (notifications, chat)', () => {
    const s = withPlaces(mini({ nations: mini().nations!.map((n) => (n.id === 'germany' ? { ...n, name: 'Germany' } : n)), season: 'winter', territories: [{ name: 'Belarus', owner: 'germany', originalOwner: 'russia', units: [{ owner: 'germany', type: 'infantry', count: 3 }] }] }));
    const session = openSmp(newGameRecord('smp', { scenario: s, dice: 'seeded' }, 'seed'));
    expect(session.waitingFor()).toEqual(['germany']);
    expect(session.decision('germany')).toBe('Step 1: Resolve Special Situations');
    expect(session.decision('uk')).toBe('a decision');
    expect([session.teamLabel('germany'), session.teamLabel('uk')]).toEqual(['Germany', 'uk']);
  });

  it('a seat that is not being asked is refused and nothing changes', () => {
    const s = withPlaces(mini({ season: 'winter', territories: [{ name: 'Belarus', owner: 'germany', originalOwner: 'russia', units: [{ owner: 'germany', type: 'infantry', count: 3 }] }] }));
    const opts = smpModule.parseOptions({ scenario: s });
    if (isRuleError(opts)) throw opts;
    const st = smpModule.setup(opts);
    const r = apply(smpModule, st, { type: 'choose', seat: 'uk' });
    expect(isRuleError(r) && codeOf(r)).toBe('not-your-turn');
    expect(waitingFor(smpModule, st)).toEqual(['germany']);
  });
  it('a game record replays to the same board; undo stops at a roll', () => {
    const raw = withPlaces(mini({ territories: [{ name: 'Poland', owner: 'germany', originalOwner: 'russia', facilities: [{ type: 'minor_factory', damage: 0 }] }] }));
    const rec = newGameRecord('smp', { scenario: raw }, 'seed-1');
    const session = openSmp(rec);
    while (!smpModule.isOver(session.state)) session.submit(autoAction(session.state)!);
    const again = openSmp({ ...session.record });
    expect(derive(again.state).board).toEqual(derive(session.state).board);
    expect(derive(again.state).events).toEqual(derive(session.state).events);
    expect(session.undoableCount('russia')).toBe(0);
  });
});

describe('Prompts show the exact odds before the player decides', () => {
  it('Step 7 Kamikaze: the token question lists the hit distribution for 1, 2 and 3 tokens', async () => {
    const { describeRequest } = await import('../../src/modules/smp/play.ts');
    const s = mini({ seaZones: [{ name: 'P-36', kamikaze: true, units: [{ owner: 'uk', type: 'destroyer', count: 2 }, { owner: 'uk', type: 'carrier', count: 1 }, { owner: 'uk', type: 'fighter', count: 1 }] }] });
    const { prompts } = play(s, { steps: [7] });
    const text = describeRequest(prompts[0]);
    expect(text).toMatch(/odds: 3 token\(s\) vs every interceptor \(1 fighter\(s\), 0 tactical bomber\(s\)\): hits 0: /);
  });
  it('physical dice: a roll without values, or out of range, is refused with the die and its purpose', () => {
    const s = mini({ territories: [{ name: 'Poland', owner: 'germany', originalOwner: 'russia', facilities: [{ type: 'minor_factory', damage: 0 }] }] });
    const opts = smpModule.parseOptions({ scenario: s, dice: 'physical', steps: [6] });
    if (isRuleError(opts)) throw opts;
    let st = smpModule.setup(opts);
    st = (apply(smpModule, st, autoAction(st)!) as any).state;
    const none = apply(smpModule, st, { type: 'roll', seat: 'germany' });
    expect(isRuleError(none) && none.message).toMatch(/physical dice.*d6 \(Partisans Poland: minor factory security @1\)/);
    const bad = apply(smpModule, st, { type: 'roll', seat: 'germany', values: [7] });
    expect(isRuleError(bad) && bad.message).toMatch(/d6 shows 1 to 6, not 7/);
    expect(legalActions(smpModule, st, 'germany')[0].fields).toMatchObject({ values: { kind: 'dice', sides: [6] } });
  });
});

describe('Bench smoke', () => {
  it('bench/smp.bench.ts reports exact odds beside a Monte Carlo run', async () => {
    process.env.SMP_BENCH_RUNS = '200';
    const { run } = await import('../../bench/smp.bench.ts');
    const md = await run();
    delete process.env.SMP_BENCH_RUNS;
    expect(md).toMatch(/exact odds .* \| [0-9.]+ ms \|/);
    expect(md).toMatch(/Monte Carlo, 200 runs/);
  });
});

describe('Step 3/4: a designated fighter is used only once per phase', () => {
  /** Germany raids London, then Egypt, with one bomber each; `more` answers the other questions. */
  const twoRaids = (s: unknown, dice: (r: { seat: string; dice: unknown[] }) => number[], more?: (r: { prompt: string }) => Record<string, unknown> | undefined) => {
    let raids = 0;
    return play(s, {
      steps: [3],
      dice,
      decide: (r) => {
        if (/Raid which/.test(r.prompt)) return { choice: raids++ === 0 ? 'London' : raids === 2 ? 'Egypt' : 'done' };
        if (/which bombers raid/.test(r.prompt)) return { p0: 1 };
        return more?.(r);
      },
    });
  };

  it('fighters that escorted one raid are not offered for the next', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', units: [{ owner: 'germany', type: 'strategic_bomber', count: 2, designated: 2 }, { owner: 'germany', type: 'fighter', count: 2, designated: 2 }] },
        { name: 'London', owner: 'uk', facilities: [{ type: 'major_factory', damage: 0 }] },
        { name: 'Egypt', owner: 'uk', facilities: [{ type: 'minor_factory', damage: 0 }] },
      ],
    });
    const { prompts } = twoRaids(s, (r) => r.dice.map(() => 6));
    const escortPrompts = prompts.filter((p) => p.kind === 'decide' && /escort fighters for the raid/.test(p.prompt));
    expect(escortPrompts).toHaveLength(1); // none left for the raid on Egypt
  });

  it('R0-6 fighters that never flew stay available after their stack-mates are shot down', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', units: [{ owner: 'germany', type: 'strategic_bomber', count: 2, designated: 2 }, { owner: 'germany', type: 'fighter', count: 4, designated: 4 }] },
        { name: 'London', owner: 'uk', facilities: [{ type: 'major_factory', damage: 0 }], units: [{ owner: 'uk', type: 'fighter', count: 2 }] },
        { name: 'Egypt', owner: 'uk', facilities: [{ type: 'minor_factory', damage: 0 }] },
      ],
    });
    const { prompts, board } = twoRaids(
      s,
      (r) => r.dice.map(() => (r.seat === 'uk' ? 1 : 6)), // every British die hits, every German die misses
      (r) => (/escort fighters for the raid on London/.test(r.prompt) ? { p0: 2 } : undefined),
    );
    const germans = terr(board, 'Western Germany').units.find((u: any) => u.type === 'fighter');
    expect(germans).toMatchObject({ count: 2, designated: 2 }); // the two escorts over London were shot down
    const egypt = prompts.find((p) => p.kind === 'decide' && /escort fighters for the raid on Egypt/.test(p.prompt));
    expect(egypt?.kind === 'decide' ? JSON.stringify(egypt.action) : 'no escort question for Egypt').toContain('2 fighters (germany, Western Germany)');
  });

  it('R0-6 a designated fighter stays available when the undesignated fighters beside it intercepted', () => {
    const s = mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', units: [{ owner: 'germany', type: 'strategic_bomber', count: 2, designated: 2 }] },
        { name: 'London', owner: 'uk', facilities: [{ type: 'major_factory', damage: 0 }], units: [{ owner: 'uk', type: 'fighter', count: 3, designated: 1 }] },
        { name: 'Egypt', owner: 'uk', adjacent: ['London'], facilities: [{ type: 'minor_factory', damage: 0 }] },
      ],
    });
    const { prompts } = twoRaids(s, (r) => r.dice.map(() => 6), (r) => (/attacks London/.test(r.prompt) ? { p0: 2 } : undefined)); // two of the three fighters grounded in London
    const egypt = prompts.find((p) => p.kind === 'decide' && /attacks Egypt/.test(p.prompt));
    expect(egypt?.kind === 'decide' ? JSON.stringify(egypt.action) : 'no interceptors offered over Egypt').toContain('1 fighter (uk, London)');
  });
});

describe('Next phase: --out writes the following SMP (ruling R0-7)', () => {
  const first = () =>
    mini({
      smpNumber: 1,
      round: 1,
      season: 'autumn',
      nations: [...mini().nations!, { id: 'spain', side: 'neutral' }],
      territories: [
        { name: 'Paris', owner: 'germany', originalOwner: 'france' },
        { name: 'Spain', owner: 'spain' },
      ],
    });

  it('the SMP number, the round and the season move on, so the first-SMP Hendaye offer is not made again', () => {
    const one = play(withPlaces(first()), { steps: [1] });
    expect(one.prompts.some((p) => /Hendaye/.test(p.prompt))).toBe(true);
    const next = nextBoard(one.state);
    expect([next.smpNumber, next.round, next.season]).toEqual([2, 2, 'winter']);
    expect(play(withPlaces(next), { steps: [1] }).prompts.some((p) => /Hendaye/.test(p.prompt))).toBe(false);
    expect(nextBoard(play(withPlaces(next), { steps: [10] }).state).season).toBe('spring');
  });

  it('the players may give the next round and season instead; a bad one is refused naming it', () => {
    const s = scenario(withPlaces(first()));
    const o = nextPhaseOptions(s, { round: '3', season: 'summer' });
    if (isRuleError(o)) throw new Error(o.message);
    const next = nextBoard(play(withPlaces(first()), { steps: [10] }).state, o);
    expect([next.smpNumber, next.round, next.season]).toEqual([2, 3, 'summer']);
    const badRound = nextPhaseOptions(s, { round: '1' });
    expect(isRuleError(badRound) && badRound.message).toMatch(/next round .*after round 1/);
    const badSeason = nextPhaseOptions(s, { season: 'fall' });
    expect(isRuleError(badSeason) && badSeason.message).toMatch(/next season .*spring, summer, autumn, winter, not "fall"/);
  });
});

describe('Steps 3/4: the reach of fighters (ruling R3-3)', () => {
  const board = () =>
    mini({
      territories: [
        { name: 'Western Germany', owner: 'germany', adjacent: ['Holland'], units: [{ owner: 'germany', type: 'strategic_bomber', count: 1, designated: 1 }, { owner: 'germany', type: 'fighter', count: 1, designated: 1 }] },
        { name: 'Holland', owner: 'germany', adjacent: ['London', 'A-18'], units: [{ owner: 'germany', type: 'fighter', count: 2, designated: 2 }] },
        { name: 'Norway', owner: 'germany', units: [{ owner: 'germany', type: 'fighter', count: 3, designated: 3 }] },
        { name: 'London', owner: 'uk', adjacent: ['Scotland', 'A-18'], facilities: [{ type: 'major_factory', damage: 0 }], units: [{ owner: 'uk', type: 'fighter', count: 1 }] },
        { name: 'Scotland', owner: 'uk', units: [{ owner: 'uk', type: 'fighter', count: 2, designated: 2 }] },
        { name: 'India', owner: 'uk', units: [{ owner: 'uk', type: 'fighter', count: 4, designated: 4 }] },
      ],
      seaZones: [{ name: 'A-18', units: [{ owner: 'uk', type: 'carrier', count: 1 }, { owner: 'uk', type: 'fighter', count: 1, designated: 1 }] }],
    });
  const offered = (p: any) => (p?.kind === 'decide' ? Object.values(p.action.fields).map((f: any) => f.label) : ['(not asked)']);

  it('interceptors: fighters grounded in the target and designated fighters next to it, none from the far side of the world', () => {
    const { prompts } = play(withPlaces(board()), { steps: [3], dice: allFail() });
    const ints = prompts.find((p) => p.kind === 'decide' && /attacks London/.test(p.prompt));
    expect(offered(ints)).toEqual(['1 fighter (uk, London)', '2 fighters (uk, Scotland)', '1 fighter (uk, A-18)']);
  });

  it('escorts: designated fighters where the bombers start or next to the target', () => {
    const { prompts } = play(withPlaces(board()), { steps: [3], dice: allFail() });
    const esc = prompts.find((p) => p.kind === 'decide' && /escort fighters for the raid on London/.test(p.prompt));
    expect(offered(esc)).toEqual(['1 fighter (germany, Western Germany)', '2 fighters (germany, Holland)']);
  });

  it('shore bombardment: the same reach for interceptors and designated escorts', () => {
    const s = board();
    s.territories = s.territories!.map((t: any) => (t.name === 'Holland' ? { ...t, owner: 'uk', units: [{ owner: 'uk', type: 'fighter', count: 1, designated: 1 }] } : t.name === 'London' ? { ...t, owner: 'germany', units: [{ owner: 'germany', type: 'fighter', count: 1 }] } : t));
    s.seaZones = [{ name: 'A-18', units: [{ owner: 'uk', type: 'battleship', count: 1, designated: 1 }] }];
    s.unitTypes = { battleship: { airCover: 2 } };
    const { prompts } = play(withPlaces(s), { steps: [4], dice: allFail() });
    const esc = prompts.find((p) => p.kind === 'decide' && /escort fighters for the fleet/.test(p.prompt));
    expect(offered(esc)).toEqual(['1 fighter (uk, Holland)', '2 fighters (uk, Scotland)']);
    const ints = prompts.find((p) => p.kind === 'decide' && /attacks London/.test(p.prompt));
    expect(offered(ints)).toEqual(['1 fighter (germany, London)']);
  });
});

describe('Rulings reconsidered (issue 8)', () => {
  it('R4-2: a battleship damaged but not sunk in the dog fight survives and bombards; a second hit sinks it', () => {
    const s = mini({
      territories: [{ name: 'Holland', owner: 'germany', adjacent: ['A-18'], facilities: [{ type: 'major_factory', damage: 0 }], units: [{ owner: 'germany', type: 'fighter', count: 2 }] }],
      seaZones: [{ name: 'A-18', units: [{ owner: 'uk', type: 'battleship', count: 1, designated: 1 }] }],
      unitTypes: { battleship: { airCover: 2 } },
    });
    const oneHit = play(withPlaces(s), { steps: [4], dice: (r) => r.dice.map((_d, i) => (/interceptor/.test(r.prompt) && i === 0 ? 1 : 6)) });
    expect(zone(oneHit.board, 'A-18').units).toEqual([{ owner: 'uk', type: 'battleship', count: 1, designated: 1, damaged: 1 }]);
    expect(terr(oneHit.board, 'Holland').facilities[0].damage).toBe(4);
    const twoHits = play(withPlaces(s), { steps: [4], dice: (r) => r.dice.map(() => (/interceptor/.test(r.prompt) ? 1 : 6)) });
    expect(zone(twoHits.board, 'A-18').units).toEqual([]);
    expect(terr(twoHits.board, 'Holland').facilities[0].damage).toBe(0);
  });

  it('R8-1: the at-war condition is for sea transports; an air transport may pass to the neutral United States', () => {
    const s = mini({ territories: [{ name: 'London', owner: 'uk', facilities: [{ type: 'air_base', damage: 0 }], units: [{ owner: 'uk', type: 'air_transport', count: 1 }] }] });
    const { board, prompts } = play(withPlaces(s), { steps: [8], decide: (r) => (/reassign transports/.test(r.prompt) && r.seat === 'uk' ? { choice: 'London|air_transport' } : /how many/.test(r.prompt) ? { count: 1, to: 'usa' } : undefined) });
    expect(terr(board, 'London').units).toEqual([{ owner: 'usa', type: 'air_transport', count: 1 }]);
    expect(prompts.some((p) => p.seat === 'usa' && /Accept/.test(p.prompt))).toBe(true);
  });

  it('R2-4: when the Free French win, Southern France and its units become Free French; other Vichy territories stay Vichy', () => {
    const s = mini({
      smpNumber: 3,
      territories: [
        { name: 'Paris', owner: 'germany', originalOwner: 'france' },
        { name: 'Southern France', owner: 'vichy', units: [{ owner: 'vichy', type: 'infantry', count: 2 }] },
        { name: 'Corsica', owner: 'vichy', units: [{ owner: 'vichy', type: 'infantry', count: 1 }] },
      ],
      vichy: { status: 'in-effect', turned: { axis: 0, freeFrench: 1 } },
    });
    const { board } = play(withPlaces(s), { steps: [2], dice: allFail() });
    expect(terr(board, 'Southern France')).toMatchObject({ owner: 'france', units: [{ owner: 'france', type: 'infantry', count: 2 }] });
    expect(terr(board, 'Corsica')).toMatchObject({ owner: 'vichy', units: [{ owner: 'vichy', type: 'infantry', count: 1 }] });
    expect(board.vichy.status).toBe('resolved');
  });

  it('R9-1: warships of two allied nations side by side are one fleet; the nation with the most ships chooses the casualties', () => {
    const s = mini({
      territories: [{ name: 'Norway', owner: 'germany', adjacent: ['A-21'], facilities: [{ type: 'minor_bunker', damage: 0, maxDamage: 6 }] }],
      seaZones: [{ name: 'A-21', units: [{ owner: 'france', type: 'destroyer', count: 2 }, { owner: 'uk', type: 'destroyer', count: 1 }, { owner: 'uk', type: 'transport', count: 2 }] }],
    });
    const { prompts, board } = play(withPlaces(s), { steps: [9], dice: allHit() });
    const ask = prompts.find((p) => p.kind === 'decide' && /targets one fleet/.test(p.prompt)) as any;
    expect(ask.action.fields.choice.options.map((o: any) => o.value)).toEqual(['A-21>france']);
    const hits = prompts.find((p) => p.kind === 'decide' && /hit\(s\) on ships/.test(p.prompt));
    expect(hits?.seat).toBe('france');
    expect(zone(board, 'A-21').units).toHaveLength(1); // 3 hits on 5 ships: the auto policy sinks the first three in board order
  });

  it('R2-1: the Vichy rules can only come into effect at the first SMP; a pending status at a later SMP leaves everything French', () => {
    const s = mini({
      smpNumber: 2,
      territories: [
        { name: 'Paris', owner: 'germany', originalOwner: 'france' },
        { name: 'Corsica', owner: 'france', units: [{ owner: 'france', type: 'infantry', count: 1 }] },
      ],
      vichy: { status: 'pending' },
    });
    const { board, events } = play(withPlaces(s), { steps: [2] });
    expect(board.vichy.status).toBe('free-french');
    expect(terr(board, 'Corsica')).toMatchObject({ owner: 'france', units: [{ owner: 'france', type: 'infantry', count: 1 }] });
    expect(texts(events, 2).join('\n')).toMatch(/first Strategic Missions Phase/);
  });

  it('R2-4: Southern France still unresolved after the 3rd SMP is resolved at the next one', () => {
    const s = mini({
      smpNumber: 4,
      territories: [
        { name: 'Paris', owner: 'germany', originalOwner: 'france' },
        { name: 'Southern France', owner: 'vichy', units: [{ owner: 'vichy', type: 'infantry', count: 2 }] },
      ],
      vichy: { status: 'in-effect', turned: { axis: 2, freeFrench: 0 } },
    });
    const { board } = play(withPlaces(s), { steps: [2] });
    expect(terr(board, 'Southern France').units).toEqual([]);
    expect(board.vichy.status).toBe('resolved');
  });
});

describe('SMP records of Wardroom 0.1 keep the readings they were played under', () => {
  it('a record of version 1 is opened with the 0.1 readings', () => {
    const rec = { ...newGameRecord('smp', { scenario: withPlaces(mini()), dice: 'seeded' }, 'seed'), version: 1 as const };
    expect((openSmp(rec).record.options as any).rulings).toBe('0.1');
  });

  it('0.1: designated fighters anywhere intercept; a battleship hit in the dog fight does not bombard', () => {
    const s = mini({
      territories: [
        { name: 'Holland', owner: 'germany', adjacent: ['A-18'], facilities: [{ type: 'major_factory', damage: 0 }], units: [{ owner: 'germany', type: 'fighter', count: 1 }] },
        { name: 'Norway', owner: 'germany', units: [{ owner: 'germany', type: 'fighter', count: 3, designated: 3 }] },
      ],
      seaZones: [{ name: 'A-18', units: [{ owner: 'uk', type: 'battleship', count: 1, designated: 1 }] }],
      unitTypes: { battleship: { airCover: 2 } },
    });
    const dice = (r: { prompt: string; dice: unknown[] }) => r.dice.map((_d, i) => (/interceptor/.test(r.prompt) && i === 0 ? 1 : 6));
    const old = play(withPlaces(s), { steps: [4], rulings: '0.1', dice, decide: (r) => (/send interceptors/.test(r.prompt) ? { p1: 0 } : undefined) });
    expect(old.prompts.some((p) => p.kind === 'decide' && /3 fighters \(germany, Norway\)/.test(p.prompt))).toBe(true);
    expect(terr(old.board, 'Holland').facilities[0].damage).toBe(0);
    expect(play(withPlaces(s), { steps: [4], dice }).prompts.some((p) => /Norway/.test(p.prompt))).toBe(false);
  });

  it('0.1: air transports need war; a pending Vichy status at SMP 2 still comes into effect', () => {
    const air = mini({ territories: [{ name: 'London', owner: 'uk', facilities: [{ type: 'air_base', damage: 0 }], units: [{ owner: 'uk', type: 'air_transport', count: 1 }] }] });
    const offer = (p: any) => p.kind === 'decide' && /how many/.test(p.prompt) && p.action.fields.to.options.some((o: any) => o.value === 'usa');
    const choose = (r: any) => (/reassign transports/.test(r.prompt) && r.seat === 'uk' ? { choice: 'London|air_transport' } : undefined);
    expect(play(withPlaces(air), { steps: [8], rulings: '0.1', decide: choose }).prompts.some(offer)).toBe(false);
    expect(play(withPlaces(air), { steps: [8], decide: choose }).prompts.some(offer)).toBe(true);
    const pending = mini({ smpNumber: 2, territories: [{ name: 'Paris', owner: 'germany' }, { name: 'Corsica', owner: 'france' }], vichy: { status: 'pending' } });
    expect(terr(play(withPlaces(pending), { steps: [2], rulings: '0.1', dice: allFail() }).board, 'Corsica').owner).toBe('vichy');
  });

  it('0.1: a Free French win turns every Vichy territory Free French; a fleet is one nation\'s ships', () => {
    const sf = mini({
      smpNumber: 3,
      territories: [{ name: 'Southern France', owner: 'vichy' }, { name: 'Corsica', owner: 'vichy' }],
      vichy: { status: 'in-effect', turned: { axis: 0, freeFrench: 1 } },
    });
    expect(terr(play(withPlaces(sf), { steps: [2], rulings: '0.1', dice: allFail() }).board, 'Corsica').owner).toBe('france');
    const fleet = mini({
      territories: [{ name: 'Norway', owner: 'germany', adjacent: ['A-21'], facilities: [{ type: 'minor_bunker', damage: 0, maxDamage: 6 }] }],
      seaZones: [{ name: 'A-21', units: [{ owner: 'france', type: 'destroyer', count: 2 }, { owner: 'uk', type: 'destroyer', count: 2 }] }],
    });
    expect(play(withPlaces(fleet), { steps: [9], rulings: '0.1' }).prompts).toHaveLength(0);
    expect(play(withPlaces(fleet), { steps: [9], dice: allFail() }).prompts).not.toHaveLength(0);
  });
});
