/**
 * Step 2 Conduct Vichy France (document section "#2. VICHY FRANCE"; rulings R2-1 to R2-6): when the
 * Vichy rules come into effect, the roll lists and what a success does, attacks on Vichy territory,
 * the fate of Southern France, and the report of each.
 */
import { describe, expect, it } from 'vitest';
import { asked, diceBy, mini, play, report, rolls, terr, unit, withPlaces, zone } from './helpers.ts';

const V = '2 Vichy France:';
const changed = (text: string) => ({ type: 'change', text, rule: '2' });
const noted = (text: string) => ({ type: 'note', text, rule: '2' });
const fac = (type: string) => ({ type, damage: 0 });
type Opts = NonNullable<Parameters<typeof play>[1]>;
const vichy = (raw: Parameters<typeof mini>[0], o: Opts = {}) => {
  const r = play(withPlaces(mini(raw)), { steps: [2], ...o });
  return { ...r, report: report(r.events, 2) };
};

/** The first SMP: Germany holds Paris; France holds Southern France, Corsica, French Indo-China and a destroyer in M-1, and has an infantry in London. */
const fallen = (extra: Parameters<typeof mini>[0] = {}) => ({
  smpNumber: 1,
  territories: [
    { name: 'Paris', owner: 'germany', originalOwner: 'france' },
    { name: 'Southern France', owner: 'france', facilities: [fac('minor_factory'), fac('naval_base'), fac('air_base')], units: [unit('france', 'infantry', 2)] },
    { name: 'London', owner: 'uk', units: [unit('france', 'infantry')] },
    { name: 'Corsica', owner: 'france', units: [unit('france', 'infantry')] },
    { name: 'French Indo-China', owner: 'france' },
  ],
  seaZones: [{ name: 'M-1', units: [unit('france', 'destroyer')] }],
  vichy: { status: 'pending' as const },
  ...extra,
});
/** Vichy in effect: Southern France and Corsica Vichy, with Vichy units; `turned` so far. */
const inEffect = (smpNumber: number, turned: { axis: number; freeFrench: number }, extra: Parameters<typeof mini>[0] = {}) => ({
  smpNumber,
  territories: [
    { name: 'Paris', owner: 'germany', originalOwner: 'france' },
    { name: 'Southern France', owner: 'vichy', facilities: [fac('minor_factory'), fac('air_base'), fac('naval_base')], units: [unit('vichy', 'infantry', 2), unit('vichy', 'tank')] },
    { name: 'Corsica', owner: 'vichy', units: [unit('vichy', 'infantry')] },
  ],
  vichy: { status: 'in-effect' as const, turned },
  ...extra,
});
const declineAll: Opts = { decide: () => ({ yes: false }) };

describe('Step 2 Vichy France', () => {
  it('R2-1: with Paris held by the Axis at the first SMP the Vichy rules come into effect: French territories and units become Vichy, except units in London, A-18, Normandy and French Equatorial Africa', () => {
    const { report: r, board } = vichy(fallen(), declineAll);
    expect(r.slice(0, 6)).toEqual([
      changed(`${V} Paris is held by the Axis and neither Southern France nor French Indo-China was attacked: the Vichy rules are in effect.`),
      changed(`${V} Southern France becomes Vichy.`),
      changed(`${V} Corsica becomes Vichy.`),
      changed(`${V} French Indo-China becomes Vichy.`),
      changed(`${V} French units in Southern France become Vichy: 2 infantry.`),
      changed(`${V} French units in Corsica become Vichy: 1 infantry.`),
    ]);
    expect(r.slice(6, 8)).toEqual([changed(`${V} French units in M-1 become Vichy: 1 destroyer.`), noted(`${V} French units in London remain Free French.`)]);
    expect(board.vichy.status).toBe('in-effect');
    expect(terr(board, 'London').units).toEqual([unit('france', 'infantry')]);
    expect(zone(board, 'M-1').units).toEqual([unit('vichy', 'destroyer')]);
    expect(terr(board, 'Paris').owner).toBe('germany');
  });

  it('R2-1: the report lists every stack that becomes Vichy and every excepted place whose French units stay Free French, and only those', () => {
    const s = fallen({ seaZones: [{ name: 'M-1', units: [unit('france', 'destroyer'), unit('france', 'cruiser', 2), unit('uk', 'submarine')] }, { name: 'A-18', units: [unit('france', 'transport')] }] });
    s.territories.push({ name: 'Normandy', owner: 'uk', units: [unit('uk', 'infantry')] });
    const { report: r, board } = vichy(s, declineAll);
    expect(r).toContainEqual(changed(`${V} French units in M-1 become Vichy: 1 destroyer, 2 cruisers.`));
    expect(r).toContainEqual(noted(`${V} French units in A-18, London remain Free French.`));
    expect(zone(board, 'M-1').units).toEqual([unit('uk', 'submarine'), unit('vichy', 'destroyer'), unit('vichy', 'cruiser', 2)]);
    const noneStay = fallen();
    noneStay.territories[2] = { name: 'London', owner: 'uk', units: [unit('uk', 'infantry')] };
    expect(vichy(noneStay, declineAll).report.map((e) => e.text)).not.toContainEqual(expect.stringMatching(/remain Free French/));
  });

  it('R2-1: a board with its own name for Southern France says which territory plays that part', () => {
    const s = fallen({ places: { southernFrance: 'Vichy France' } });
    s.territories[1] = { ...s.territories[1], name: 'Vichy France' };
    expect(vichy(s, declineAll).report.slice(1, 3)).toEqual([changed(`${V} Vichy France becomes Vichy (Southern France).`), changed(`${V} Corsica becomes Vichy.`)]);
  });

  it('R2-1: if Paris has not fallen, or Southern France or French Indo-China was attacked, everything French stays Free French', () => {
    const notFallen = fallen();
    notFallen.territories[0] = { name: 'Paris', owner: 'france', originalOwner: 'france' };
    const a = vichy(notFallen);
    expect(a.report).toEqual([changed(`${V} Paris has not fallen before this Strategic Missions Phase: all French territories and units are Free French; no Vichy rules (ruling R2-1).`)]);
    expect([a.board.vichy.status, terr(a.board, 'Corsica').owner, a.prompts.length]).toEqual(['free-french', 'france', 0]);
    const attacked = vichy(fallen({ vichy: { status: 'pending', southernFranceOrIndoChinaAttacked: true } }));
    expect(attacked.report).toEqual([changed(`${V} Southern France or French Indo-China was attacked before this Strategic Missions Phase: all French territories and units are Free French; no Vichy rules (ruling R2-1).`)]);
    expect(terr(attacked.board, 'Corsica').owner).toBe('france');
  });

  it('R2-1: a pending status after the first SMP is settled without a roll: Free French', () => {
    const { report: r, board } = vichy(fallen({ smpNumber: 2 }));
    expect(r).toEqual([
      changed(`${V} the Vichy rules can only come into effect by the first Strategic Missions Phase, and this scenario (SMP 2) has them still pending: all French territories and units are Free French; no Vichy rules (ruling R2-1). If they are in effect on your board, set vichy.status to "in-effect".`),
    ]);
    expect([board.vichy.status, terr(board, 'Corsica').owner]).toEqual(['free-french', 'france']);
  });

  it('#2: Free French already, or no Vichy territory or unit left: nothing to roll', () => {
    expect(vichy({ vichy: { status: 'free-french' } }).report).toEqual([noted(`${V} all French territories and units are Free French; nothing to roll.`)]);
    const none = vichy({ territories: [{ name: 'Paris', owner: 'germany' }, { name: 'Southern France', owner: 'germany' }], vichy: { status: 'in-effect', turned: { axis: 0, freeFrench: 0 } } });
    expect([none.report, none.prompts]).toEqual([[noted(`${V} no Vichy territory or unit remains.`)], []]);
  });

  it('R2-2: each attempt is asked first, with its odds; a target already turned this phase is skipped; a nation without targets or not on the board is said so', () => {
    const { prompts, report: r } = vichy(fallen(), { dice: diceBy([[/Japan/, [4]], [/United Kingdom/, [3]], [/Italy/, [1]]]) });
    expect(asked(prompts).map((q) => [q.seat, q.prompt, q.odds])).toEqual([
      ['japan', '2 Vichy France (Japan): attempt to claim Vichy French Indo-China and its units? Roll @3.', ['success 50.0%']],
      ['uk', '2 Vichy France (United Kingdom): attempt to destroy the Vichy ships in M-1? Roll @3.', ['success 50.0%']],
      ['italy', '2 Vichy France (Italy): attempt to claim Vichy Corsica and its units? Roll @1.', ['success 16.7%']],
      ['france', '2 Vichy France (Free French): attempt to claim Vichy French Indo-China and its units? Roll @1.', ['success 16.7%']],
    ]);
    expect(r.slice(8)).toEqual([
      noted(`${V} Japan fails at French Indo-China.`),
      changed(`${V} United Kingdom destroys the Vichy ships in M-1: 1 destroyer.`),
      changed(`${V} Italy claims Corsica (units: 1 infantry).`),
      noted(`${V} Free French fails at French Indo-China.`),
      noted(`${V} Germany has no Vichy target left on its list.`),
    ]);
    const ships = vichy(fallen({ seaZones: [{ name: 'M-1', units: [unit('france', 'destroyer'), unit('france', 'cruiser'), unit('uk', 'submarine')] }, { name: 'A-24', units: [unit('uk', 'destroyer')] }] }), {
      decide: (q) => ({ yes: q.seat === 'uk' }),
      dice: diceBy([[/United Kingdom/, [1]]]),
    });
    expect(asked(ships.prompts).filter((q) => q.seat === 'uk').map((q) => q.prompt)).toEqual(['2 Vichy France (United Kingdom): attempt to destroy the Vichy ships in M-1? Roll @3.']);
    expect(ships.report).toContainEqual(changed(`${V} United Kingdom destroys the Vichy ships in M-1: 1 destroyer, 1 cruiser.`));
    expect(zone(ships.board, 'M-1').units).toEqual([unit('uk', 'submarine')]);
    const noItaly = vichy({ ...fallen(), nations: mini().nations!.filter((n) => n.id !== 'italy'), wars: mini().wars!.filter((w) => !w.includes('italy')), cash: { germany: 0, uk: 0, japan: 0, russia: 0, france: 0, usa: 0 } }, declineAll);
    expect(noItaly.report).toContainEqual(noted(`${V} Italy is not in this scenario: no rolls.`));
    expect(asked(noItaly.prompts).map((q) => q.seat)).not.toContain('italy');
  });

  it('R2-2: a board naming two places of a list alike is rolled for once there', () => {
    const s = fallen({ places: { morocco: 'Maghreb', algeria: 'Maghreb' } });
    s.territories.push({ name: 'Maghreb', owner: 'france' });
    const { prompts } = vichy(s, { dice: diceBy([]) });
    expect(rolls(prompts).map(([, p]) => p).filter((p) => /Maghreb/.test(p))).toEqual(['Vichy: Italy attempts Maghreb @1', 'Vichy: Free French attempts Maghreb @1', 'Vichy: Germany attempts Maghreb @3']);
  });

  it('R2-2: a declined attempt rolls nothing; Germany rolls @4 after Hendaye', () => {
    const s = fallen({ vichy: { status: 'pending', hendaye: true } });
    const { prompts, report: r } = vichy(s, { decide: (q) => ({ yes: q.seat === 'germany' }), dice: diceBy([[/Germany/, [4]]]) });
    expect(rolls(prompts).map(([, p]) => p)).toEqual(['Vichy: Germany attempts M-1 @4', 'Vichy: Germany attempts Corsica @4']);
    expect(asked(prompts).filter((q) => q.seat === 'germany').map((q) => [q.prompt, q.odds])).toEqual([
      ['2 Vichy France (Germany): attempt to claim Vichy M-1 ships? Roll @4 (@3 +1 Hendaye).', ['success 66.7%']],
      ['2 Vichy France (Germany): attempt to claim Vichy Corsica and its units? Roll @4 (@3 +1 Hendaye).', ['success 66.7%']],
    ]);
    expect(r.slice(8)).toEqual([
      noted(`${V} Japan does not attempt French Indo-China.`),
      noted(`${V} United Kingdom does not attempt M-1.`),
      noted(`${V} Italy does not attempt Corsica.`),
      noted(`${V} Free French does not attempt M-1.`),
      noted(`${V} Free French does not attempt Corsica.`),
      noted(`${V} Free French does not attempt French Indo-China.`),
      changed(`${V} Germany claims M-1 (units: 1 destroyer).`),
      changed(`${V} Germany claims Corsica (units: 1 infantry).`),
    ]);
  });

  it('R2-3: a claimed territory counts for its side towards Southern France; a claimed sea zone does not', () => {
    const fr = vichy(fallen(), { decide: (q) => ({ yes: q.seat === 'france' }), dice: diceBy([[/Free French/, [1]]]) });
    expect(fr.board.vichy.turned).toEqual({ axis: 0, freeFrench: 2 });
    expect(terr(fr.board, 'Corsica')).toMatchObject({ owner: 'france', units: [unit('france', 'infantry')] });
    expect(zone(fr.board, 'M-1').units).toEqual([unit('france', 'destroyer')]);
    const jp = vichy(fallen(), { decide: (q) => ({ yes: q.seat === 'japan' || q.seat === 'germany' }), dice: diceBy([[/./, [1]]]) });
    expect(jp.board.vichy.turned).toEqual({ axis: 2, freeFrench: 0 });
    expect(terr(jp.board, 'French Indo-China').owner).toBe('japan');
  });

  it('R2-6: an Allied attack on Vichy territory turns every Vichy territory and unit German (French Indo-China Japanese) and ends the Vichy rules', () => {
    const s = inEffect(2, { axis: 0, freeFrench: 0 }, { vichy: { status: 'in-effect', attackedBy: 'allies', turned: { axis: 0, freeFrench: 0 } } });
    s.territories.push({ name: 'French Indo-China', owner: 'vichy', units: [] });
    s.territories.push({ name: 'London', owner: 'uk', units: [unit('uk', 'infantry')] });
    const { report: r, board, prompts } = vichy({ ...s, seaZones: [{ name: 'M-1', units: [unit('vichy', 'destroyer'), unit('uk', 'submarine')] }] });
    expect(prompts).toEqual([]);
    expect(r).toEqual([
      changed(`${V} an Allied power attacked Vichy territory: Southern France becomes germany (units: 2 infantry, 1 tank).`),
      changed(`${V} an Allied power attacked Vichy territory: Corsica becomes germany (units: 1 infantry).`),
      changed(`${V} an Allied power attacked Vichy territory: French Indo-China becomes japan.`),
      changed(`${V} an Allied power attacked Vichy territory: M-1 becomes germany (units: 1 destroyer).`),
      changed(`${V} after the Allied attack no Vichy territory or unit remains; the Vichy rules end (ruling R2-6).`),
    ]);
    expect([board.vichy.status, board.vichy.attackedBy, terr(board, 'Corsica').owner, zone(board, 'M-1').units]).toEqual(['resolved', null, 'germany', [unit('uk', 'submarine'), unit('germany', 'destroyer')]]);
    expect(terr(board, 'London')).toMatchObject({ owner: 'uk', units: [unit('uk', 'infantry')] });
  });

  it('R2-6: an Axis attack turns them Free French; an attack while Vichy is not in effect, or after Southern France is resolved, does nothing', () => {
    const axis = vichy(inEffect(2, { axis: 0, freeFrench: 0 }, { vichy: { status: 'in-effect', attackedBy: 'axis', turned: { axis: 0, freeFrench: 0 } } }));
    expect(axis.report).toEqual([
      changed(`${V} an Axis power attacked Vichy territory: Southern France becomes Free French (units: 2 infantry, 1 tank).`),
      changed(`${V} an Axis power attacked Vichy territory: Corsica becomes Free French (units: 1 infantry).`),
      changed(`${V} after the Axis attack no Vichy territory or unit remains; the Vichy rules end (ruling R2-6).`),
    ]);
    expect(terr(axis.board, 'Corsica').owner).toBe('france');
    const late = vichy({ vichy: { status: 'resolved', attackedBy: 'allies' } });
    expect(late.report[0]).toEqual(noted(`${V} the attack reported in the scenario came after Southern France was resolved: no effect.`));
    expect(late.board.vichy.attackedBy).toBeNull();
    const off = vichy({ vichy: { status: 'free-french', attackedBy: 'axis' } });
    expect(off.report).toEqual([noted(`${V} the attack reported in the scenario came while Vichy was not in effect: no effect.`), noted(`${V} all French territories and units are Free French; nothing to roll.`)]);
  });

  it('R2-5: at the 3rd SMP, if the Axis turned more, everything in Southern France but the minor factory and the naval base comes off the board', () => {
    const { report: r, board } = vichy(inEffect(3, { axis: 3, freeFrench: 1 }), declineAll);
    expect(r.at(-2)).toEqual(noted(`${V} Germany does not attempt Corsica.`));
    expect(r.at(-1)).toEqual(
      changed('2 Southern France: the Axis turned 3 Vichy territories, the Free French 1 (+1 still Vichy) = 2: everything in Southern France except the minor factory and the naval base comes off the board (2 infantry, 1 tank, air base); the territory is left empty (ruling R2-5).'),
    );
    expect(terr(board, 'Southern France')).toMatchObject({ owner: 'vichy', units: [], facilities: [fac('minor_factory'), fac('naval_base')] });
    expect(terr(board, 'Corsica').owner).toBe('vichy');
    expect(board.vichy.status).toBe('resolved');
  });

  it('R2-4, R2-5: the Free French count is what they turned plus every Vichy territory but Southern France; an empty Southern France loses nothing', () => {
    const s = inEffect(3, { axis: 3, freeFrench: 0 });
    s.territories[1] = { ...s.territories[1], units: [], facilities: [] };
    s.territories.push({ name: 'Morocco', owner: 'vichy', units: [] });
    const { report: r } = vichy(s, declineAll);
    expect(r.at(-1)).toEqual(
      changed('2 Southern France: the Axis turned 3 Vichy territories, the Free French 0 (+2 still Vichy) = 2: everything in Southern France except the minor factory and the naval base comes off the board (nothing); the territory is left empty (ruling R2-5).'),
    );
  });

  it('R2-4: a tie goes to the Free French: Southern France and its units become Free French, the other Vichy territories stay Vichy', () => {
    const { report: r, board } = vichy(inEffect(3, { axis: 2, freeFrench: 1 }), declineAll);
    expect(r.slice(-2)).toEqual([
      changed('2 Southern France: the Free French count 2 (1 turned + 1 still Vichy) against the Axis 2: Southern France and its units become Free French (a tie goes to the Free French); the other Vichy territories stay Vichy (ruling R2-4).'),
      changed(`${V} Southern France becomes Free French (units: 2 infantry, 1 tank).`),
    ]);
    expect(terr(board, 'Southern France')).toMatchObject({ owner: 'france', units: [unit('france', 'infantry', 2), unit('france', 'tank')] });
    expect(terr(board, 'Corsica').owner).toBe('vichy');
    const won = vichy(inEffect(3, { axis: 0, freeFrench: 1 }), declineAll);
    expect(won.report.at(-2)).toEqual(changed('2 Southern France: the Free French count 2 (1 turned + 1 still Vichy) against the Axis 0: Southern France and its units become Free French; the other Vichy territories stay Vichy (ruling R2-4).'));
  });

  it('R2-4: not before the 3rd SMP; at a later one if still unresolved, saying so; nothing to resolve if Southern France is no longer Vichy', () => {
    expect(vichy(inEffect(2, { axis: 3, freeFrench: 0 }), declineAll).board.vichy.status).toBe('in-effect');
    const later = vichy(inEffect(4, { axis: 3, freeFrench: 0 }), declineAll);
    expect(later.report.at(-2)).toEqual(noted(`${V} Southern France was not resolved at the 3rd SMP; it is resolved now, at SMP 4 (ruling R2-4).`));
    expect(later.report.at(-1)?.text).toMatch(/^2 Southern France: the Axis turned 3/);
    expect(vichy(inEffect(4, { axis: 3, freeFrench: 0 }), { ...declineAll, rulings: '0.1' }).board.vichy.status).toBe('in-effect');
    const resolved = vichy(inEffect(4, { axis: 3, freeFrench: 0 }, { vichy: { status: 'resolved', turned: { axis: 3, freeFrench: 0 } } }), declineAll);
    expect(resolved.report.slice(-1)).toEqual([noted(`${V} Germany does not attempt Corsica.`)]);
    expect(terr(resolved.board, 'Southern France').units).toHaveLength(2);
    const s = inEffect(3, { axis: 3, freeFrench: 0 });
    s.territories[1] = { ...s.territories[1], owner: 'germany', units: [] };
    const gone = vichy(s, declineAll);
    expect(gone.report.at(-1)).toEqual(noted(`${V} Southern France is not Vichy at SMP 3; nothing to resolve.`));
    expect(gone.board.vichy.status).toBe('resolved');
  });
});

describe('Step 2 Vichy France: the roll lists', () => {
  const french = (extra: any = {}) =>
    withPlaces(mini({
      smpNumber: 1,
      territories: [
        { name: 'Paris', owner: 'germany', originalOwner: 'france' },
        { name: 'Southern France', owner: 'france', facilities: [{ type: 'minor_factory', damage: 0 }, { type: 'naval_base', damage: 0 }, { type: 'air_base', damage: 0 }], units: [{ owner: 'france', type: 'infantry', count: 2 }] },
        { name: 'London', owner: 'uk', units: [{ owner: 'france', type: 'infantry', count: 1 }] },
        { name: 'Corsica', owner: 'france', units: [{ owner: 'france', type: 'infantry', count: 1 }] },
        { name: 'Morocco', owner: 'france' },
        { name: 'French Indo-China', owner: 'france', units: [{ owner: 'france', type: 'infantry', count: 1 }] },
      ],
      seaZones: [{ name: 'M-1', units: [{ owner: 'france', type: 'destroyer', count: 1 }] }],
      vichy: { status: 'pending' },
      ...extra,
    }));

  it('R2-2: rolls in the order Japan (@3), United Kingdom (@3 per sea zone), Italy (@1), Free French (@1), Germany (@3)', () => {
    const { prompts } = play(french(), { steps: [2], dice: diceBy([]) });
    expect(rolls(prompts).map(([, p]) => p)).toEqual([
      'Vichy: Japan attempts French Indo-China @3',
      'Vichy: United Kingdom attempts M-1 @3',
      'Vichy: Italy attempts Corsica @1',
      'Vichy: Italy attempts Morocco @1',
      'Vichy: Free French attempts M-1 @1',
      'Vichy: Free French attempts Corsica @1',
      'Vichy: Free French attempts Morocco @1',
      'Vichy: Free French attempts French Indo-China @1',
      'Vichy: Germany attempts M-1 @3',
      'Vichy: Germany attempts Corsica @3',
      'Vichy: Germany attempts Morocco @3',
    ]);
  });

  it('R2-2, R2-3: a success claims the territory and its Vichy units; the UK destroys Vichy ships; a target claimed by one nation is not rolled again by a later one', () => {
    const { board, prompts } = play(french(), { steps: [2], dice: diceBy([[/./, [1]]]) });
    expect(terr(board, 'French Indo-China').owner).toBe('japan');
    expect(terr(board, 'French Indo-China').units[0].owner).toBe('japan');
    expect(zone(board, 'M-1').units).toEqual([]);
    expect(terr(board, 'Corsica').owner).toBe('italy');
    expect(rolls(prompts)).toHaveLength(4);
    expect(board.vichy.turned).toEqual({ axis: 3, freeFrench: 0 });
  });

  it('R0-8: on a board with its own names ("United Kingdom", "93 Sea Zone") the Free French exceptions and the Vichy roll targets go through places', () => {
    const g40 = withPlaces(
      mini({
        smpNumber: 1,
        places: { paris: 'France', london: 'United Kingdom', normandy: 'Normandy Bordeaux', m1: '93 Sea Zone', a18: '110 Sea Zone', madagascar: 'French Madagascar' },
        territories: [
          { name: 'France', owner: 'germany', originalOwner: 'france' },
          { name: 'Southern France', owner: 'france', units: [{ owner: 'france', type: 'infantry', count: 2 }] },
          { name: 'United Kingdom', owner: 'uk', units: [{ owner: 'france', type: 'infantry', count: 1 }] },
          { name: 'French Madagascar', owner: 'france' },
        ],
        seaZones: [
          { name: '93 Sea Zone', units: [{ owner: 'france', type: 'destroyer', count: 1 }] },
          { name: '110 Sea Zone', units: [{ owner: 'france', type: 'cruiser', count: 1 }] },
        ],
        vichy: { status: 'pending' },
      }),
    );
    const { board, prompts } = play(g40, { steps: [2], dice: diceBy([]) });
    expect(board.vichy.status).toBe('in-effect');
    expect(terr(board, 'Southern France').owner).toBe('vichy');
    // #2 "except those units in A-18, London, Normandy …": evacuated French units stay Free French
    expect(terr(board, 'United Kingdom').units).toEqual([{ owner: 'france', type: 'infantry', count: 1 }]);
    expect(zone(board, '110 Sea Zone').units).toEqual([{ owner: 'france', type: 'cruiser', count: 1 }]);
    expect(zone(board, '93 Sea Zone').units[0].owner).toBe('vichy');
    expect(rolls(prompts).map(([, p]) => p)).toEqual([
      'Vichy: United Kingdom attempts 93 Sea Zone @3',
      'Vichy: Free French attempts 93 Sea Zone @1',
      'Vichy: Free French attempts French Madagascar @1',
      'Vichy: Germany attempts 93 Sea Zone @3',
      'Vichy: Germany attempts French Madagascar @3',
    ]);
  });
});
