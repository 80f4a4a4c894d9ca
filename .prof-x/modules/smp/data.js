/**
 * Numbers the Strategic Missions Phase uses. Each entry says where it comes from:
 *  - `doc`     : stated in the SMP document (seeds/001), cited by section;
 *  - `A&A G40` : a default from Axis & Allies Global 1940 (2nd edition); the document relies on it
 *                without stating it. Marked `default`, overridable in the scenario
 *                (`unitTypes`, `facilityTypes`, `rules`).
 * Anything neither source gives is left undefined here: the scenario must supply it, and
 * validation names exactly what is missing (see scenario.ts `requiredData`).
 */
/** Built-in unit types. `sources` notes where each number comes from. */
export const UNIT_TYPES = {
    infantry: { domain: 'land', infantry: 'regular' },
    elite_infantry: { domain: 'land', infantry: 'elite' },
    artillery: { domain: 'land' },
    mech_infantry: { domain: 'land' },
    tank: { domain: 'land' },
    aaa: { domain: 'land' },
    // Fighters: SBR air battle of A&A G40 2nd ed. (escorts attack @1, interceptors defend @2): default.
    // Kamikaze interception 1@2: doc #7.
    fighter: { domain: 'air', fighter: true, dogfightAttack: 1, dogfightDefence: 2, kamikazeIntercept: 2 },
    // WW1 planes: not in A&A G40, no dog-fight values: the scenario must supply them. Doc #7: may not intercept kamikaze.
    ww1_fighter: { domain: 'air', fighter: true, ww1: true },
    // Bombers: damage doc #5; dog-fight attack @1 = A&A G40 2nd ed. SBR air battle default.
    tactical_bomber: { domain: 'air', bomber: { damage: 2, targets: 'tactical-or-minor' }, dogfightAttack: 1, kamikazeIntercept: 1 },
    strategic_bomber: { domain: 'air', bomber: { damage: 4, targets: 'any' }, dogfightAttack: 1 },
    // Super Fortress: not an A&A G40 unit; its dog-fight value must come from the scenario.
    super_fortress: { domain: 'air', bomber: { damage: 6, targets: 'any' } },
    air_transport: { domain: 'air', transport: 'air' },
    transport: { domain: 'sea', transport: 'sea', hits: 1 },
    submarine: { domain: 'sea', warship: true, surface: false, hits: 1 },
    destroyer: { domain: 'sea', warship: true, surface: true, hits: 1 },
    // Bombardment damage doc #6; hits A&A G40; air cover: not stated anywhere (scenario must supply).
    cruiser: { domain: 'sea', warship: true, surface: true, hits: 1, bombard: { damage: 2, targets: 'tactical' } },
    battleship: { domain: 'sea', warship: true, surface: true, hits: 2, bombard: { damage: 4, targets: 'any' } },
    // Super battleship: not an A&A G40 unit: hits and air cover from the scenario.
    super_battleship: { domain: 'sea', warship: true, surface: true, bombard: { damage: 5, targets: 'any' } },
    carrier: { domain: 'sea', warship: true, surface: true, carrier: true, hits: 2 },
};
export const FACILITY_TYPES = {
    minor_factory: { kind: 'production', maxDamage: 6, engineerCost: 1, minorFactory: true }, // G40: minor IC max 6
    major_factory: { kind: 'production', maxDamage: 20, engineerCost: 2 }, // G40: major IC max 20
    industrial_complex: { kind: 'production', engineerCost: 5 }, // max damage: scenario
    air_base: { kind: 'tactical', maxDamage: 6, inoperableAt: 3 }, // G40: bases max 6, out of action at 3
    naval_base: { kind: 'tactical', maxDamage: 6, inoperableAt: 3 },
    rail_station: { kind: 'tactical' }, // max damage: scenario
    minor_bunker: { kind: 'tactical', coastal: { dice: 3, hitOn: 1 } }, // doc #4: 3@1
    major_bunker: { kind: 'tactical', coastal: { dice: 6, hitOn: 1 } }, // doc #4: 6@1
};
export const RULES = {
    aaBarrage: { hitOn: 1 },
    partisan: { securityDice: 1, securityHitOn: 1, eliteHitOn: 2, tokenHitOn: 3, damage: 3, maxPerTerritory: 3 },
    kamikaze: { tokenHitOn: 3, maxPerZone: 3 },
    scramblePerAirBase: 3,
    tokenLimits: { engineer: 15, kamikaze: 15, partisan: 15 },
    convoy: { perZone: 3, openSea: 6 },
    oilTankerIncome: 5,
    scorchDamage: 3,
    engineerDamagePerToken: 3,
};
/** Vichy roll lists (doc #2), in the document's order. `@` is the base target number. */
export const VICHY_ROLLS = {
    japan: { hitOn: 3, targets: ['French Indo-China'] },
    uk: { hitOn: 3, targets: ['A-24', 'M-1', 'I-12'] },
    italy: { hitOn: 1, targets: ['Corsica', 'Morocco', 'Algeria', 'Tunisia', 'Syria'] },
    freeFrench: {
        hitOn: 1,
        targets: ['A-24', 'M-1', 'I-12', 'Corsica', 'Morocco', 'Algeria', 'Tunisia', 'French West Africa', 'French Central Africa', 'Syria', 'Madagascar', 'French Indo-China'],
    },
    germany: {
        hitOn: 3,
        targets: ['A-24', 'M-1', 'I-12', 'Corsica', 'Morocco', 'Algeria', 'Tunisia', 'French West Africa', 'French Central Africa', 'Syria', 'Madagascar'],
    },
    /** Places whose French units stay Free French when Vichy comes into effect (doc #2). */
    freeFrenchExceptions: ['A-18', 'London', 'Normandy', 'French Equatorial Africa'],
};
/** Place names the rules refer to; a scenario can rename them in `places`. */
export const PLACES = {
    paris: 'Paris',
    southernFrance: 'Southern France',
    frenchIndoChina: 'French Indo-China',
    normandy: 'Normandy',
    london: 'London',
    ottawa: 'Ottawa',
    novaScotia: 'Nova Scotia',
    spain: 'Spain',
    rioDeOro: 'Rio de Oro',
};
