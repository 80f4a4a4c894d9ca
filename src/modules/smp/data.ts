/**
 * Numbers the Strategic Missions Phase uses. Each entry says where it comes from:
 *  - `doc`     : stated in the SMP document (seeds/001), cited by section;
 *  - `A&A G40` : a default from Axis & Allies Global 1940 (2nd edition); the document relies on it
 *                without stating it. Marked `default`, overridable in the scenario
 *                (`unitTypes`, `facilityTypes`, `rules`).
 * Anything neither source gives is left undefined here: the scenario must supply it, and
 * validation names exactly what is missing (see scenario.ts `requiredData`).
 */

export type Source = 'doc' | 'A&A G40 default';

export interface UnitType {
  domain: 'land' | 'air' | 'sea';
  /** Regular or elite infantry (Russian Winter, Scorched Earth, Conscripts, partisan blocks). */
  infantry?: 'regular' | 'elite';
  /** Fighters escort and intercept (#5, #6) using their dog-fight values. */
  fighter?: boolean;
  /** WW1 planes may not intercept kamikaze pilots (#7). */
  ww1?: boolean;
  /** Bombers (#5): damage dealt and which facilities they may bomb. */
  bomber?: { damage: number; targets: 'any' | 'tactical-or-minor' };
  /** Dog-fight values for the one combat round (#5, #6): hit on this or less on a d6. */
  dogfightAttack?: number;
  dogfightDefence?: number;
  /** Bombarding ships (#6): damage and eligible facilities. */
  bombard?: { damage: number; targets: 'any' | 'tactical' };
  /** Air-cover value a bombarding ship rolls in the dog-fight round (#6). Not stated anywhere. */
  airCover?: number;
  /** Hit value against kamikaze tokens (#7). */
  kamikazeIntercept?: number;
  warship?: boolean;
  surface?: boolean;
  carrier?: boolean;
  transport?: 'sea' | 'air';
  /** Hits to sink (2 = damaged by the first hit). */
  hits?: number;
}

/** Built-in unit types. `sources` notes where each number comes from. */
export const UNIT_TYPES: Record<string, UnitType> = {
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

export type FacilityKind = 'production' | 'tactical';

export interface FacilityType {
  kind: FacilityKind;
  /** Maximum damage markers. A&A G40 defaults for factories and bases; others from the scenario. */
  maxDamage?: number;
  /** Damage at which the facility stops being operational (A&A G40: bases at 3). */
  inoperableAt?: number;
  /** Engineer tokens per space moved (doc #1.6). */
  engineerCost?: number;
  /** Coastal defence dice (doc #4): `dice`@`hitOn`. */
  coastal?: { dice: number; hitOn: number };
  /** Counts as a minor factory for tactical bombers (doc #5). */
  minorFactory?: boolean;
}

export const FACILITY_TYPES: Record<string, FacilityType> = {
  minor_factory: { kind: 'production', maxDamage: 6, engineerCost: 1, minorFactory: true }, // G40: minor IC max 6
  major_factory: { kind: 'production', maxDamage: 20, engineerCost: 2 }, // G40: major IC max 20
  industrial_complex: { kind: 'production', engineerCost: 5 }, // max damage: scenario
  air_base: { kind: 'tactical', maxDamage: 6, inoperableAt: 3 }, // G40: bases max 6, out of action at 3
  naval_base: { kind: 'tactical', maxDamage: 6, inoperableAt: 3 },
  rail_station: { kind: 'tactical' }, // max damage: scenario
  minor_bunker: { kind: 'tactical', coastal: { dice: 3, hitOn: 1 } }, // doc #4: 3@1
  major_bunker: { kind: 'tactical', coastal: { dice: 6, hitOn: 1 } }, // doc #4: 6@1
};

/** Phase-wide numbers. `aaBarrage` is the A&A G40 default; the rest are stated in the document. */
export interface Rules {
  /** Built-in AA barrage of a bombed territory's facilities: one die per attacking bomber, hit on ≤ hitOn (G40). */
  aaBarrage: { hitOn: number };
  /** Partisan raids (doc #8): facility security 1@1, elite infantry 1@2, token @3 for 3 damage, up to 3 per territory. */
  partisan: { securityDice: number; securityHitOn: number; eliteHitOn: number; tokenHitOn: number; damage: number; maxPerTerritory: number };
  /** Kamikaze raids (doc #7): token @3, up to 3 per zone. */
  kamikaze: { tokenHitOn: number; maxPerZone: number };
  /** A&A G40: up to 3 fighters / tactical bombers scramble from an operational air base. */
  scramblePerAirBase: number;
  /** Token supply at the start of the game (doc #1.6, #7, #8). */
  tokenLimits: { engineer: number; kamikaze: number; partisan: number };
  /** Convoy raids (doc #3). */
  convoy: { perZone: number; openSea: number };
  /** Oil tankers (doc #1.8): IPCs per tanker that did not move. */
  oilTankerIncome: number;
  /** Scorched earth (doc #1.9) and engineer moves (doc #1.6): damage per use / per token. */
  scorchDamage: number;
  engineerDamagePerToken: number;
}

export const RULES: Rules = {
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

/**
 * Every place the rules name (doc #1.2–#1.4, #2, #3), by key: the document's name and whether it
 * is a territory or a sea zone. A scenario names its board's place for a key in `places`; the rules
 * code reaches a place only through that key (`Board.place`). The document's "1-12" is I-12;
 * FWA, FCA and FIC are French West Africa, French Central Africa and French Indo-China (R2-2).
 */
export const PLACES = {
  ottawa: { name: 'Ottawa', kind: 'territory' },
  normandy: { name: 'Normandy', kind: 'territory' },
  london: { name: 'London', kind: 'territory' },
  paris: { name: 'Paris', kind: 'territory' },
  spain: { name: 'Spain', kind: 'territory' },
  rioDeOro: { name: 'Rio de Oro', kind: 'territory' },
  southernFrance: { name: 'Southern France', kind: 'territory' },
  frenchIndoChina: { name: 'French Indo-China', kind: 'territory' },
  a18: { name: 'A-18', kind: 'seaZone' },
  frenchEquatorialAfrica: { name: 'French Equatorial Africa', kind: 'territory' },
  a24: { name: 'A-24', kind: 'seaZone' },
  m1: { name: 'M-1', kind: 'seaZone' },
  i12: { name: 'I-12', kind: 'seaZone' },
  corsica: { name: 'Corsica', kind: 'territory' },
  morocco: { name: 'Morocco', kind: 'territory' },
  algeria: { name: 'Algeria', kind: 'territory' },
  tunisia: { name: 'Tunisia', kind: 'territory' },
  frenchWestAfrica: { name: 'French West Africa', kind: 'territory' },
  frenchCentralAfrica: { name: 'French Central Africa', kind: 'territory' },
  syria: { name: 'Syria', kind: 'territory' },
  madagascar: { name: 'Madagascar', kind: 'territory' },
  novaScotia: { name: 'Nova Scotia', kind: 'territory' },
} as const satisfies Record<string, { name: string; kind: 'territory' | 'seaZone' }>;
export type PlaceKey = keyof typeof PLACES;

/** Vichy roll lists (doc #2), in the document's order, as place keys. `hitOn` is the base target number. */
export const VICHY_ROLLS: Record<'japan' | 'uk' | 'italy' | 'freeFrench' | 'germany', { hitOn: number; targets: PlaceKey[] }> & { freeFrenchExceptions: PlaceKey[] } = {
  japan: { hitOn: 3, targets: ['frenchIndoChina'] },
  uk: { hitOn: 3, targets: ['a24', 'm1', 'i12'] },
  italy: { hitOn: 1, targets: ['corsica', 'morocco', 'algeria', 'tunisia', 'syria'] },
  freeFrench: {
    hitOn: 1,
    targets: ['a24', 'm1', 'i12', 'corsica', 'morocco', 'algeria', 'tunisia', 'frenchWestAfrica', 'frenchCentralAfrica', 'syria', 'madagascar', 'frenchIndoChina'],
  },
  germany: {
    hitOn: 3,
    targets: ['a24', 'm1', 'i12', 'corsica', 'morocco', 'algeria', 'tunisia', 'frenchWestAfrica', 'frenchCentralAfrica', 'syria', 'madagascar'],
  },
  /** Places whose French units stay Free French when Vichy comes into effect (doc #2). */
  freeFrenchExceptions: ['a18', 'london', 'normandy', 'frenchEquatorialAfrica'],
};
