import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import { smpModule } from '../../src/modules/smp/index.ts';
import { scenarioJsonSchema, validateScenario } from '../../src/modules/smp/scenario.ts';
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

  it('a renamed place resolves through places: a G40 board with "United Kingdom" for London is valid', () => {
    const raw = mini({ smpNumber: 1, territories: [{ name: 'Nowhere', owner: 'usa' }, { name: 'Ottawa', owner: 'uk' }, { name: 'France', owner: 'germany' }, { name: 'Spain', owner: 'uk' }, { name: 'Rio de Oro', owner: 'uk' }, { name: 'United Kingdom', owner: 'uk' }, { name: 'Normandy Bordeaux', owner: 'germany' }], places: { london: 'United Kingdom', normandy: 'Normandy Bordeaux', paris: 'France' } });
    expect(validateScenario(raw, [1]).ok).toBe(true);
    expect(refused({ ...raw, places: { normandy: 'Normandy Bordeaux', paris: 'France' } }, { steps: [1] })['places.london']).toMatch(/"London"/);
  });
});
