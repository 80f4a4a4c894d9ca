import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/errors.ts';
import { smpModule } from '../../src/modules/smp/index.ts';
import { scenarioJsonSchema, validateScenario } from '../../src/modules/smp/scenario.ts';
import { demoRaw, mini, play } from './helpers.ts';

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
    const raw = mini({ territories: [{ name: 'X', owner: 'uk', facilities: [{ type: 'major_factory', damage: 20 }, { type: 'air_base', damage: 6 }, { type: 'minor_factory', damage: 7 }] }] });
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
