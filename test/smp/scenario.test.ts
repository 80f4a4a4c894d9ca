import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import { smpModule } from '../../src/modules/smp/index.ts';
import { scenarioJsonSchema, validateScenario } from '../../src/modules/smp/scenario.ts';
import type { ScenarioInput } from '../../src/modules/smp/scenario.ts';
import { demoRaw, mini, play, withPlaces } from './helpers.ts';

describe('Scenario: the board state, validated', () => {
  it('the demo board is valid, labelled as a demo, and names every place the document names', () => {
    const raw = demoRaw();
    const v = validateScenario(raw);
    expect(v.ok).toBe(true);
    expect(raw.label).toMatch(/DEMO.*NOT the variant's official map/);
    const names = new Set([...raw.territories, ...raw.seaZones].map((s: any) => s.name));
    for (const n of ['London', 'Normandy', 'Paris', 'Southern France', 'Corsica', 'Morocco', 'Algeria', 'Tunisia', 'Syria', 'French West Africa', 'French Central Africa', 'French Equatorial Africa', 'Madagascar', 'French Indo-China', 'Spain', 'Rio de Oro', 'Ottawa', 'Nova Scotia', 'A-18', 'A-24', 'M-1', 'I-12'])
      expect(names.has(n), n).toBe(true);
    expect(raw.territories.some((t: any) => t.originalOwner === 'russia')).toBe(true);
    expect(raw.seaZones.some((z: any) => z.kamikaze) && raw.seaZones.some((z: any) => z.convoy) && raw.seaZones.some((z: any) => z.openSea)).toBe(true);
  });

  it('the demo gives every step something to do', () => {
    const { events, prompts } = play(demoRaw(), { seed: 'demo' });
    for (let step = 1; step <= 9; step++)
      expect(events.some((e) => e.step === step && (e.type === 'change' || e.type === 'roll')) || prompts.some((p) => p.step === step), `step ${step}`).toBe(true);
  });

  it('a bad scenario is refused with every error and its JSON path', () => {
    const raw: any = mini({ territories: [{ name: 'A', owner: 'nobody', adjacent: ['B'], units: [{ owner: 'uk', type: 'flying_saucer', count: 1 }] }] });
    raw.tokens.kamikaze = 16;
    const v = validateScenario(raw);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    const paths = v.errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['territories[0].owner', 'territories[0].adjacent[0]', 'territories[0].units[0].type', 'tokens.kamikaze']));
    expect(v.errors.find((e) => e.path === 'tokens.kamikaze')!.message).toMatch(/more than the 15/);
  });

  it('shape errors come from zod with paths', () => {
    const v = validateScenario({ ...mini(), round: 0, season: 'monsoon' });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['round', 'season']));
  });

  it('numbers the document needs but does not state must be supplied: maximum damage, air cover, super-fortress dog-fight value', () => {
    const raw = mini({
      territories: [{ name: 'Moscow', owner: 'russia', facilities: [{ type: 'industrial_complex', damage: 0 }], units: [{ owner: 'usa', type: 'super_fortress', count: 1, designated: 1 }] }],
      seaZones: [{ name: 'Z', units: [{ owner: 'uk', type: 'cruiser', count: 1, designated: 1 }] }],
    });
    const v = validateScenario(raw);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    const byPath = Object.fromEntries(v.errors.map((e) => [e.path, e.message]));
    expect(byPath['territories[0].facilities[0].maxDamage']).toMatch(/not stated/);
    expect(byPath['unitTypes.cruiser.airCover']).toMatch(/air-cover/);
    expect(byPath['unitTypes.super_fortress.dogfightAttack']).toMatch(/dog-fight/);
  });

  it('A&A Global 1940 defaults are used and can be overridden', () => {
    const raw = withPlaces(mini({ territories: [{ name: 'X', owner: 'uk', facilities: [{ type: 'major_factory', damage: 20 }, { type: 'air_base', damage: 6 }, { type: 'minor_factory', damage: 7 }] }] }));
    const v = validateScenario(raw);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors.map((e) => e.path)).toEqual(['territories[0].facilities[2].damage']);
    expect(validateScenario({ ...raw, facilityTypes: { minor_factory: { maxDamage: 8 } } }).ok).toBe(true);
  });

  it('the module refuses a bad scenario before anything runs', () => {
    const r = smpModule.parseOptions({ scenario: { format: 'nope' } });
    expect(isRuleError(r)).toBe(true);
  });

  it('a JSON Schema is generated from the zod schema', () => {
    const js = scenarioJsonSchema() as any;
    expect(js.type).toBe('object');
    expect(js.required).toEqual(expect.arrayContaining(['format', 'nations', 'territories', 'tokens']));
  });
});

describe('Scenario: roles, places and build queues must name what is on the board (issue 8 §3)', () => {
  const refused = (raw: unknown, opts: { steps?: number[] } = {}) => {
    const v = validateScenario(raw, opts.steps);
    expect(v.ok, 'the scenario should be refused').toBe(false);
    return v.ok ? {} : Object.fromEntries(v.errors.map((e) => [e.path, e.message]));
  };

  it('a places key the rules do not name is refused with its path and the key', () => {
    const byPath = refused(mini({ places: { pariss: 'Nowhere' } as any }));
    expect(byPath['places.pariss']).toMatch(/"pariss"/);
    expect(byPath['places.pariss']).toMatch(/paris, /); // lists the keys the rules name
  });

  it('a name not on the board that differs from one that is only in case or by a letter or two is refused with the one meant', () => {
    const byPath = refused(mini({ cash: { ...mini().cash, Germany: 3 }, territories: [{ name: 'Nowhere', owner: 'germny', adjacent: ['Nowhre'], units: [{ owner: 'usa', type: 'stratgic_bomber', count: 1 }] }] } as any));
    expect(byPath['cash.Germany']).toBe('cash for unknown nation "Germany": did you mean "germany"?');
    expect(byPath['territories[0].owner']).toMatch(/unknown nation "germny": did you mean "germany"\?$/);
    expect(byPath['territories[0].adjacent[0]']).toMatch(/unknown territory or sea zone "Nowhre": did you mean "Nowhere"\?$/);
    expect(byPath['territories[0].units[0].type']).toMatch(/unknown unit type "stratgic_bomber": did you mean "strategic_bomber"\? \(built in/);
    expect(refused(mini({ wars: [['germany', 'zanzibar']] as any }))['wars[0][1]']).toBe('unknown nation "zanzibar"'); // nothing close: no guess
    // A letter off in a short name, two in a long one: "uxx" is not "usa", "stratgic_bmber" is "strategic_bomber".
    expect(refused(mini({ wars: [['germany', 'uxx']] as any }))['wars[0][1]']).toBe('unknown nation "uxx"');
    const long = refused(mini({ territories: [{ name: 'Nowhere', owner: 'usa', units: [{ owner: 'usa', type: 'stratgic_bmber', count: 1 }] }] } as any));
    expect(long['territories[0].units[0].type']).toMatch(/"stratgic_bmber": did you mean "strategic_bomber"\?/);
    // Roles naming nations on the board are no error.
    expect(Object.keys(refused(mini({ roles: { uk: 'uk', japan: 'japan' }, wars: [['germany', 'uxx']] as any }))).filter((k) => k.startsWith('roles'))).toEqual([]);
  });

  it('#2 a hand-written board with no vichy block is told first that Vichy France is then "pending", and how to leave it out', () => {
    const { vichy: _, ...raw } = mini() as any;
    const v = validateScenario(raw);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.errors[0]).toEqual({ path: 'vichy', message: expect.stringMatching(/^not given, so Vichy France is "pending" \(#2\).*"vichy": \{"status": "free-french"\}/) });
    expect(v.errors.slice(1).every((e) => e.path.startsWith('places.'))).toBe(true);
    const given = validateScenario(mini()); // "free-french": none of the Vichy places is asked for
    expect(given.ok ? [] : given.errors.filter((e) => e.path === 'vichy' || e.message.includes('#2 Vichy'))).toEqual([]);
    // "pending" given on purpose: its places are asked for, with no word about a block left out.
    const pending = validateScenario({ ...raw, vichy: { status: 'pending' } });
    expect(pending.ok ? [] : pending.errors.map((e) => e.path)).toEqual(v.errors.slice(1).map((e) => e.path));
    // No vichy block, but a phase without step 2: nothing about it (1.2 still needs Ottawa).
    const noStep2 = validateScenario(raw, [1]);
    expect(noStep2.ok ? [] : noStep2.errors.map((e) => e.path)).toEqual(['places.ottawa']);
    expect(validateScenario(null).ok).toBe(false); // not even an object: refused, not thrown
    expect(validateScenario(raw, undefined, true).ok ? [] : (validateScenario(raw, undefined, true) as { errors: { path: string }[] }).errors[0].path).not.toBe('vichy'); // a stored board: as it was played
  });

  it('a places value that names no territory or sea zone is refused, even when no step needs it (a typo in places.paris)', () => {
    const byPath = refused(mini({ places: { paris: 'Pariss' } }));
    expect(byPath['places.paris']).toMatch(/"Pariss" is not a territory/);
  });

  it('a places value of the wrong kind is refused: A-24 is a sea zone', () => {
    const byPath = refused(mini({ territories: [{ name: 'Nowhere', owner: 'usa' }, { name: 'Corsica', owner: 'france' }], places: { a24: 'Corsica' } }));
    expect(byPath['places.a24']).toMatch(/"Corsica" is a territory.*A-24.*sea zone/);
  });

  it('a roles entry that names no nation is refused with its path and the name', () => {
    const byPath = refused(mini({ roles: { freeFrench: 'frnace' } }));
    expect(byPath['roles.freeFrench']).toMatch(/"frnace"/);
  });

  it('an unknown role is refused with its path', () => {
    expect(refused(mini({ roles: { vichy: 'france' } as any }))['roles.vichy']).toMatch(/"vichy"/);
  });

  it('a build-queue id listed twice is refused, naming it', () => {
    const q = { nation: 'uk', oilTankerEligible: true, oilTankers: 1 };
    const byPath = refused(mini({ buildQueues: [{ id: 'UK Europe', ...q }, { id: 'UK Europe', ...q }] }));
    expect(byPath['buildQueues[1].id']).toMatch(/"UK Europe" is listed twice/);
  });

  it('validation messages name the territory, sea zone or build queue, not only its index', () => {
    const board = (units: any[]) =>
      mini({
        territories: [{ name: 'Nowhere', owner: 'usa' }, { name: 'Gibraltar', owner: 'nobody', units }],
        seaZones: [{ name: '93 Sea Zone', units: [{ owner: 'uk', type: 'flying_saucer', count: 1 }] }],
        buildQueues: [{ id: 'UK Pacific', nation: 'ukp', oilTankerEligible: true }],
      });
    // a shape (zod) error
    expect(refused(board([{ owner: 'uk', type: 'infantry', count: 0 }]))['territories[1].units[0].count']).toMatch(/^territory "Gibraltar": /);
    // errors of meaning
    const byPath = refused(board([]));
    expect(byPath['territories[1].owner']).toBe('territory "Gibraltar": unknown nation "nobody"');
    expect(byPath['seaZones[0].units[0].type']).toMatch(/^sea zone "93 Sea Zone": unknown unit type "flying_saucer"/);
    expect(byPath['buildQueues[0].nation']).toBe('build queue "UK Pacific": unknown nation "ukp"');
  });

  it('a place a step needs that is not on the board refuses the scenario, naming the place and the rule (ruling R0-8)', () => {
    // #1.3 Operation Dynamo needs Normandy and London in the first SMP.
    const raw = mini({ smpNumber: 1, territories: [{ name: 'Nowhere', owner: 'usa' }, { name: 'Ottawa', owner: 'uk' }, { name: 'Paris', owner: 'germany' }, { name: 'Spain', owner: 'uk' }, { name: 'Rio de Oro', owner: 'uk' }, { name: 'London', owner: 'uk' }] });
    const byPath = refused(raw);
    expect(byPath['places.normandy']).toMatch(/"Normandy".*#1\.3 Operation Dynamo/);
    expect(Object.keys(byPath)).toEqual(['places.normandy']);
    // needed only when its step runs: a phase of Step 3 alone does not look at Normandy
    expect(validateScenario(raw, [3]).ok).toBe(true);
    expect(isRuleError(smpModule.parseOptions({ scenario: raw, steps: [3] }))).toBe(false);
    const r = smpModule.parseOptions({ scenario: raw });
    expect(isRuleError(r) && r.message).toMatch(/places\.normandy/);
    // and not in a later SMP
    expect(validateScenario({ ...raw, smpNumber: 2 }).ok).toBe(true);
  });

  it('while Vichy is pending or in effect, every place of the Vichy rules must be on the board; not once it is Free French', () => {
    const raw = mini({ smpNumber: 1, vichy: { status: 'pending' }, territories: [{ name: 'Nowhere', owner: 'usa' }, { name: 'Paris', owner: 'germany' }] });
    const byPath = refused(raw, { steps: [2] });
    expect(byPath['places.a18']).toMatch(/"A-18".*sea zone.*#2 Vichy France/);
    expect(byPath['places.madagascar']).toMatch(/"Madagascar"/);
    expect(byPath['places.paris']).toBeUndefined();
    expect(validateScenario({ ...raw, vichy: { status: 'free-french' } }, [2]).ok).toBe(true);
  });

  it('#2 "Resolving the fate of Vichy Southern France" (ruling R2-4): while the Vichy rules are in effect, vichy.turned must be given (as cash is), not read as 0/0', () => {
    const raw: any = JSON.parse(readFileSync(new URL('../../examples/smp/demo-3rd-smp.json', import.meta.url), 'utf8'));
    expect(validateScenario(raw).ok).toBe(true);
    delete raw.vichy.turned;
    const v = validateScenario(raw);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.errors).toEqual([{ path: 'vichy.turned', message: expect.stringMatching(/^the Vichy rules are in effect: give the Vichy territories each side has turned so far, \{"axis": N, "freeFrench": N\}.*#2.*Southern France.*R2-4/) }]);
    // A record already played with such a board still opens and replays as it was played (its 0/0 stands).
    expect(isRuleError(smpModule.parseOptions({ scenario: raw }))).toBe(false);
    // Not needed before the Vichy rules are in effect, nor once Vichy is decided.
    for (const status of ['pending', 'free-french', 'resolved']) expect(validateScenario(withPlaces(mini({ vichy: { status } as any }))).ok, status).toBe(true);
  });

  it('a renamed place resolves through places: a G40 board with "United Kingdom" for London is valid', () => {
    const raw = mini({ smpNumber: 1, territories: [{ name: 'Nowhere', owner: 'usa' }, { name: 'Ottawa', owner: 'uk' }, { name: 'France', owner: 'germany' }, { name: 'Spain', owner: 'uk' }, { name: 'Rio de Oro', owner: 'uk' }, { name: 'United Kingdom', owner: 'uk' }, { name: 'Normandy Bordeaux', owner: 'germany' }], places: { london: 'United Kingdom', normandy: 'Normandy Bordeaux', paris: 'France' } });
    expect(validateScenario(raw, [1]).ok).toBe(true);
    expect(refused({ ...raw, places: { normandy: 'Normandy Bordeaux', paris: 'France' } }, { steps: [1] })['places.london']).toMatch(/"London"/);
  });
});

describe('Scenario: each check of meaning refuses with the path and a message naming the entry (issue 8 §3)', () => {
  const base = mini();
  const N = base.nations!;
  const notStep1 = [2, 3, 4, 5, 6, 7, 8, 9, 10]; // the mini board's neutral United States would need Ottawa (#1.2)
  const cases: [string, ScenarioInput, { path: string; message: string }[]][] = [
    ['"vichy" listed as a nation', mini({ nations: [...N, { id: 'vichy', side: 'axis' }] }), [
      { path: 'nations[7].id', message: '"vichy" is reserved for Vichy French units and territories; do not list it as a nation' },
      { path: 'cash', message: 'no cash (IPCs) given for nation "vichy" (give 0 if it has none)' },
    ]],
    ['a nation listed twice', mini({ nations: [...N, { id: 'uk', side: 'allies' }] }), [{ path: 'nations[7].id', message: 'nation "uk" is listed twice' }]],
    ['wars naming unknown nations', mini({ wars: [['germany', 'mars'], ['venus', 'uk']] }), [
      { path: 'wars[0][1]', message: 'unknown nation "mars"' },
      { path: 'wars[1][0]', message: 'unknown nation "venus"' },
    ]],
    ['a nation at war with itself', mini({ wars: [['uk', 'uk']] }), [{ path: 'wars[0]', message: 'a nation cannot be at war with itself' }]],
    ['cash for an unknown nation', mini({ cash: { ...base.cash, mars: 3 } }), [{ path: 'cash.mars', message: 'cash for unknown nation "mars"' }]],
    ['no cash for a fighting nation', mini({ cash: { germany: 20, uk: 20, japan: 20, russia: 20, italy: 20, france: 20 } }), [{ path: 'cash', message: 'no cash (IPCs) given for nation "usa" (give 0 if it has none)' }]],
    ['a territory listed twice', mini({ territories: [{ name: 'A', owner: 'uk' }, { name: 'A', owner: 'uk' }] }), [{ path: 'territories[1].name', message: '"A" is listed twice' }]],
    ['a sea zone with a territory\'s name', mini({ territories: [{ name: 'A', owner: 'uk' }], seaZones: [{ name: 'A' }] }), [{ path: 'seaZones[0].name', message: '"A" is listed twice' }]],
    ['units of an unknown nation', mini({ territories: [{ name: 'A', owner: 'uk', units: [{ owner: 'mars', type: 'infantry', count: 1 }] }] }), [{ path: 'territories[0].units[0].owner', message: 'territory "A": unknown nation "mars"' }]],
    ['a unit type of the board without a domain', mini({ unitTypes: { robot: { fighter: false } }, territories: [{ name: 'A', owner: 'uk', units: [{ owner: 'uk', type: 'robot', count: 1 }] }] }), [{ path: 'unitTypes.robot.domain', message: 'unit type "robot" needs a domain (land, air or sea)' }]],
    ['a sea unit in a territory', mini({ territories: [{ name: 'A', owner: 'uk', units: [{ owner: 'uk', type: 'destroyer', count: 1 }] }] }), [{ path: 'territories[0].units[0].type', message: 'territory "A": destroyer is a sea unit; it cannot be in a territory' }]],
    ['a land unit at sea', mini({ seaZones: [{ name: 'S', units: [{ owner: 'uk', type: 'tank', count: 1 }] }] }), [{ path: 'seaZones[0].units[0].type', message: 'sea zone "S": tank is a land unit; put it in a territory (transported units are not part of this phase)' }]],
    ['more damaged ships than ships', mini({ seaZones: [{ name: 'S', units: [{ owner: 'uk', type: 'battleship', count: 1, damaged: 2 }] }] }), [{ path: 'seaZones[0].units[0].damaged', message: 'sea zone "S": 2 damaged but only 1 unit(s)' }]],
    ['a damaged one-hit ship', mini({ seaZones: [{ name: 'S', units: [{ owner: 'uk', type: 'destroyer', count: 1, damaged: 1 }] }] }), [{ path: 'seaZones[0].units[0].damaged', message: 'sea zone "S": destroyer sinks on one hit; it cannot be damaged' }]],
    ['more designated units than units', mini({ territories: [{ name: 'A', owner: 'uk', units: [{ owner: 'uk', type: 'fighter', count: 1, designated: 2 }] }] }), [{ path: 'territories[0].units[0].designated', message: 'territory "A": 2 designated but only 1 unit(s)' }]],
    ['#2: a Vichy territory or unit once all French ones are Free French', mini({ vichy: { status: 'free-french' }, territories: [{ name: 'A', owner: 'vichy', units: [{ owner: 'vichy', type: 'infantry', count: 1 }] }] }), [{ path: 'territories[0].owner', message: 'territory "A": "vichy" while vichy.status is "free-french" (all French territories and units are Free French, #2): give it to the Free French ("france"), or set vichy.status' }, { path: 'territories[0].units[0].owner', message: 'territory "A": "vichy" while vichy.status is "free-french" (all French territories and units are Free French, #2): give it to the Free French ("france"), or set vichy.status' }]],
    ['an unknown original owner', mini({ territories: [{ name: 'A', owner: 'uk', originalOwner: 'mars' }] }), [{ path: 'territories[0].originalOwner', message: 'territory "A": unknown nation "mars"' }]],
    ['an unknown facility type', mini({ territories: [{ name: 'A', owner: 'uk', facilities: [{ type: 'castle' }] }] }), [{ path: 'territories[0].facilities[0].type', message: 'territory "A": unknown facility type "castle" (built in: minor_factory, major_factory, industrial_complex, air_base, naval_base, rail_station, minor_bunker, major_bunker)' }]],
    ['a facility type of the board without a kind', mini({ facilityTypes: { castle: { maxDamage: 3 } }, territories: [{ name: 'A', owner: 'uk', facilities: [{ type: 'castle' }] }] }), [{ path: 'facilityTypes.castle.kind', message: 'facility type "castle" needs a kind (production or tactical)' }]],
    ['damage past the maximum', mini({ territories: [{ name: 'A', owner: 'uk', facilities: [{ type: 'minor_factory', damage: 7 }] }] }), [{ path: 'territories[0].facilities[0].damage', message: 'territory "A": 7 damage is past this minor_factory\'s maximum of 6' }]],
    ['a build queue of an unknown nation', mini({ buildQueues: [{ id: 'q', nation: 'mars', oilTankerEligible: true }] }), [{ path: 'buildQueues[0].nation', message: 'build queue "q": unknown nation "mars"' }]],
    ['a sea zone next to an unknown space', mini({ seaZones: [{ name: 'S', adjacent: ['Atlantis'] }] }), [{ path: 'seaZones[0].adjacent[0]', message: 'sea zone "S": unknown territory or sea zone "Atlantis"' }]],
    ['a ship type without its hits (#7, #9)', mini({ seaZones: [{ name: 'S', units: [{ owner: 'uk', type: 'super_battleship', count: 1 }] }] }), [{ path: 'unitTypes.super_battleship.hits', message: 'super_battleship can be hit by kamikaze tokens and coastal defences (#7, #9): the document does not state it and A&A Global 1940 has no default; give unitTypes.super_battleship.hits' }]],
    ['a fighter type without its dog-fight defence (#5, #6)', mini({ territories: [{ name: 'A', owner: 'uk', units: [{ owner: 'uk', type: 'ww1_fighter', count: 1 }] }] }), [{ path: 'unitTypes.ww1_fighter.dogfightDefence', message: 'ww1_fighter may intercept bombing raids and bombardments (#5, #6) with its dog-fight value: the document does not state it and A&A Global 1940 has no default; give unitTypes.ww1_fighter.dogfightDefence' }]],
    ['a designated fighter type without its dog-fight attack (#5, #6)', mini({ unitTypes: { ww1_fighter: { dogfightDefence: 1 } }, territories: [{ name: 'A', owner: 'uk', units: [{ owner: 'uk', type: 'ww1_fighter', count: 1, designated: 1 }] }] }), [{ path: 'unitTypes.ww1_fighter.dogfightAttack', message: 'designated ww1_fighter may escort (#5, #6) with its dog-fight value: the document does not state it and A&A Global 1940 has no default; give unitTypes.ww1_fighter.dogfightAttack' }]],
  ];
  for (const [what, raw, errors] of cases) {
    it(`refused: ${what}`, () => {
      expect(validateScenario(raw, notStep1)).toEqual({ ok: false, errors });
    });
  }

  it('an open-sea convoy zone needs the places #3 pays from: Nova Scotia and London, named with the rule (ruling R0-8)', () => {
    const v = validateScenario(mini({ seaZones: [{ name: 'S', openSea: true }] }), [5]);
    expect(v).toEqual({
      ok: false,
      errors: [
        { path: 'places.london', message: '"London" is not a territory on this board; #3 Convoy Raids (open-sea zones) needs it: add it, or give this board\'s name for the document\'s London in places.london' },
        { path: 'places.novaScotia', message: '"Nova Scotia" is not a territory on this board; #3 Convoy Raids (open-sea zones) needs it: add it, or give this board\'s name for the document\'s Nova Scotia in places.novaScotia' },
      ],
    });
    expect(validateScenario(mini({ seaZones: [{ name: 'S', openSea: true }] }), [4]).ok, 'not when step 5 does not run').toBe(true);
  });
});
