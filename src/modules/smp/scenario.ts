/**
 * The board state the Strategic Missions Phase needs (a "scenario"): a zod v4 schema, a JSON
 * Schema generated from it, and the semantic checks zod cannot express (names that must exist,
 * numbers the document relies on but does not state). A bad scenario is refused with every
 * error's JSON path and a plain message; nothing runs on a half-valid board.
 */
import { z } from 'zod';
import { FACILITY_TYPES, PLACES, RULES, UNIT_TYPES, VICHY_ROLLS, type FacilityType, type PlaceKey, type Rules, type UnitType } from './data.ts';

/** The seasons in game order, one game round each (ruling R0-7). */
export const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;

const name = z.string().min(1);
const count = z.number().int().min(0);

export const UnitStackSchema = z
  .object({
    owner: name.describe('nation id, or "vichy" for Vichy French units'),
    type: name.describe('unit type id (see unitTypes)'),
    count: z.number().int().min(1),
    damaged: count.optional().describe('how many of these (2-hit) ships are damaged'),
    designated: count.optional().describe('how many are designated for missions (#5 aircraft, #6 fleets)'),
  })
  .strict();

export const FacilitySchema = z
  .object({
    type: name.describe('facility type id: minor_factory, major_factory, industrial_complex, air_base, naval_base, rail_station, minor_bunker, major_bunker, or one of facilityTypes'),
    damage: count.default(0),
    maxDamage: z.number().int().min(1).optional().describe('overrides the facility type maximum'),
  })
  .strict();

export const TerritorySchema = z
  .object({
    name,
    owner: name.describe('controlling nation id, "vichy", or a neutral nation'),
    originalOwner: name.optional(),
    capital: z.boolean().default(false),
    victoryCity: z.boolean().default(false),
    island: z.boolean().default(false),
    adjacent: z.array(name).default([]).describe('territories and sea zones next to it (adjacency listed on either side counts both ways)'),
    facilities: z.array(FacilitySchema).default([]),
    units: z.array(UnitStackSchema).default([]),
  })
  .strict();

export const SeaZoneSchema = z
  .object({
    name,
    adjacent: z.array(name).default([]),
    convoy: z.boolean().default(false),
    openSea: z.boolean().default(false).describe('an "open sea" Atlantic convoy zone (#3)'),
    kamikaze: z.boolean().default(false),
    units: z.array(UnitStackSchema).default([]),
  })
  .strict();

export const NationSchema = z
  .object({
    id: name,
    name: name.optional(),
    side: z.enum(['axis', 'allies', 'neutral']),
    europeanAxis: z.boolean().optional().describe('a European Axis power (Russia must be at war with one for several rules)'),
  })
  .strict();

export const BuildQueueSchema = z
  .object({
    id: name,
    nation: name,
    oilTankerEligible: z.boolean().describe('the document does not say which queues are eligible: the players say'),
    oilTankers: count.default(0),
  })
  .strict();

const UnitTypeSchema = z
  .object({
    domain: z.enum(['land', 'air', 'sea']),
    infantry: z.enum(['regular', 'elite']),
    fighter: z.boolean(),
    ww1: z.boolean(),
    bomber: z.object({ damage: z.number().int().min(0), targets: z.enum(['any', 'tactical-or-minor']) }).strict(),
    dogfightAttack: z.number().int().min(0).max(6),
    dogfightDefence: z.number().int().min(0).max(6),
    bombard: z.object({ damage: z.number().int().min(0), targets: z.enum(['any', 'tactical']) }).strict(),
    airCover: z.number().int().min(0).max(6),
    kamikazeIntercept: z.number().int().min(0).max(6),
    warship: z.boolean(),
    surface: z.boolean(),
    carrier: z.boolean(),
    transport: z.enum(['sea', 'air']),
    hits: z.number().int().min(1).max(2).describe('hits to sink: 1, or 2 (the first hit damages)'),
  })
  .partial()
  .strict();

const FacilityTypeSchema = z
  .object({
    kind: z.enum(['production', 'tactical']),
    maxDamage: z.number().int().min(1),
    inoperableAt: z.number().int().min(1),
    engineerCost: z.number().int().min(1),
    coastal: z.object({ dice: z.number().int().min(1), hitOn: z.number().int().min(1).max(6) }).strict(),
    minorFactory: z.boolean(),
  })
  .partial()
  .strict();

const die = z.number().int().min(0).max(6);
const RulesSchema = z
  .object({
    aaBarrage: z.object({ hitOn: die }).strict(),
    partisan: z.object({ securityDice: count, securityHitOn: die, eliteHitOn: die, tokenHitOn: die, damage: count, maxPerTerritory: count }).partial().strict(),
    kamikaze: z.object({ tokenHitOn: die, maxPerZone: count }).partial().strict(),
    scramblePerAirBase: count,
    convoy: z.object({ perZone: count, openSea: count }).partial().strict(),
    oilTankerIncome: count,
    scorchDamage: count,
    engineerDamagePerToken: count,
  })
  .partial()
  .strict();

export const RolesSchema = z
  .object({
    germany: name, italy: name, japan: name, uk: name,
    ukEurope: name.describe('the economy that pays open-sea convoy raids (#3)'),
    russia: name, usa: name,
    freeFrench: name.describe('the French nation; its units are "Free French"'),
    canada: name.describe('owner of the American Assistance fighter (#1.2); A&A G40 has Canada inside the UK'),
    spain: name,
  })
  .partial()
  .strict();

export const ScenarioSchema = z
  .object({
    format: z.literal('wardroom-smp-scenario'),
    version: z.literal(1),
    label: z.string().optional().describe('what this board is, e.g. "demo board, not the official map"'),
    round: z.number().int().min(1),
    season: z.enum(SEASONS).describe('Russian Winter applies in winter and spring rounds'),
    smpNumber: z.number().int().min(1).describe('which Strategic Missions Phase this is (1st and 3rd matter)'),
    nations: z.array(NationSchema).min(1),
    wars: z.array(z.tuple([name, name])).default([]).describe('pairs of nations at war; the United States may be neutral'),
    roles: RolesSchema.default({}),
    places: z
      .partialRecord(z.enum(Object.keys(PLACES) as [PlaceKey, ...PlaceKey[]]), name)
      .default({})
      .describe("this board's name for a place the rules name, where it differs from the document's (london: \"United Kingdom\", m1: \"93 Sea Zone\", …)"),
    cash: z.record(z.string(), count).describe('IPCs on hand per nation'),
    tokens: z.object({ engineer: count, kamikaze: count, partisan: count }).strict(),
    territories: z.array(TerritorySchema).min(1),
    seaZones: z.array(SeaZoneSchema).default([]),
    buildQueues: z.array(BuildQueueSchema).default([]),
    vichy: z
      .object({
        status: z.enum(['pending', 'in-effect', 'free-french', 'resolved']).default('pending'),
        southernFranceOrIndoChinaAttacked: z.boolean().default(false).describe('attacked before the first SMP (#2)'),
        attackedBy: z.enum(['allies', 'axis']).nullable().default(null).describe('a side attacked a Vichy territory since the last SMP'),
        turned: z.object({ axis: count, freeFrench: count }).strict().default({ axis: 0, freeFrench: 0 }),
        hendaye: z.boolean().default(false).describe('Germany took the Hendaye deal (+1 on its Vichy rolls)'),
      })
      .strict()
      .default({ status: 'pending', southernFranceOrIndoChinaAttacked: false, attackedBy: null, turned: { axis: 0, freeFrench: 0 }, hendaye: false }),
    unitTypes: z.record(z.string(), UnitTypeSchema).default({}).describe('overrides of / additions to the built-in unit types'),
    facilityTypes: z.record(z.string(), FacilityTypeSchema).default({}),
    rules: RulesSchema.default({}),
  })
  .strict();

export type ScenarioInput = z.input<typeof ScenarioSchema>;
export type Scenario = z.output<typeof ScenarioSchema>;
export type Territory = Scenario['territories'][number];
export type SeaZone = Scenario['seaZones'][number];
export type UnitStack = Territory['units'][number];
export type Facility = Territory['facilities'][number];

export interface ValidationIssue {
  path: string;
  message: string;
}

export interface Catalog {
  units: Record<string, UnitType>;
  facilities: Record<string, FacilityType>;
  rules: Rules;
  roles: Required<z.output<typeof RolesSchema>>;
  /** The board's name of every place the rules name. */
  places: Record<PlaceKey, string>;
  vichyRolls: typeof VICHY_ROLLS;
}

const catalogs = new WeakMap<Scenario, Catalog>();

export function catalogOf(s: Scenario): Catalog {
  let c = catalogs.get(s);
  if (!c) catalogs.set(s, (c = buildCatalog(s)));
  return c;
}

function buildCatalog(s: Scenario): Catalog {
  const units: Record<string, UnitType> = { ...UNIT_TYPES };
  for (const [k, v] of Object.entries(s.unitTypes)) units[k] = { ...(units[k] ?? {}), ...v } as UnitType;
  const facilities: Record<string, FacilityType> = { ...FACILITY_TYPES };
  for (const [k, v] of Object.entries(s.facilityTypes)) facilities[k] = { ...(facilities[k] ?? {}), ...v } as FacilityType;
  const r = s.rules;
  const rules: Rules = {
    ...RULES,
    ...(r.aaBarrage ? { aaBarrage: r.aaBarrage } : {}),
    partisan: { ...RULES.partisan, ...(r.partisan ?? {}) },
    kamikaze: { ...RULES.kamikaze, ...(r.kamikaze ?? {}) },
    convoy: { ...RULES.convoy, ...(r.convoy ?? {}) },
    scramblePerAirBase: r.scramblePerAirBase ?? RULES.scramblePerAirBase,
    oilTankerIncome: r.oilTankerIncome ?? RULES.oilTankerIncome,
    scorchDamage: r.scorchDamage ?? RULES.scorchDamage,
    engineerDamagePerToken: r.engineerDamagePerToken ?? RULES.engineerDamagePerToken,
  };
  const roles = {
    germany: 'germany', italy: 'italy', japan: 'japan', uk: 'uk', ukEurope: s.roles.uk ?? 'uk', russia: 'russia',
    usa: 'usa', freeFrench: 'france', canada: s.roles.uk ?? 'uk', spain: 'spain', ...s.roles,
  };
  const places = Object.fromEntries((Object.keys(PLACES) as PlaceKey[]).map((k) => [k, s.places[k] ?? PLACES[k].name])) as Record<PlaceKey, string>;
  return { units, facilities, rules, roles, places, vichyRolls: VICHY_ROLLS };
}

/** zod issues → plain issues with a JSON path like `territories[3].units[0].count`. */
function pathOf(p: readonly PropertyKey[]): string {
  let out = '';
  for (const k of p) out += typeof k === 'number' ? `[${k}]` : out ? `.${String(k)}` : String(k);
  return out || '(root)';
}

/** Lists whose entries have a name: an issue inside one says which entry, not only its index. */
const NAMED: Record<string, [what: string, key: string]> = { territories: ['territory', 'name'], seaZones: ['sea zone', 'name'], nations: ['nation', 'id'], buildQueues: ['build queue', 'id'] };

/** `territory "Paris": ` for an issue under territories[i] (but not on its name itself), from the raw input. */
function entryName(raw: unknown, path: string): string {
  const m = /^(\w+)\[(\d+)\]\.?(\w*)/.exec(path);
  const named = m && NAMED[m[1]];
  if (!named || m[3] === named[1]) return '';
  const id = (raw as Record<string, Record<string, unknown>[] | undefined> | null)?.[m[1]]?.[Number(m[2])]?.[named[1]];
  return typeof id === 'string' && id ? `${named[0]} "${id}": ` : '';
}

function zodIssues(issues: z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.flatMap((i) => {
    if (i.code !== 'unrecognized_keys') return [{ path: pathOf(i.path), message: i.message }];
    // one issue per unknown key, at its own path
    const at = pathOf(i.path);
    const known =
      at === 'places' ? `; the places the rules name are ${Object.keys(PLACES).join(', ')}` : at === 'roles' ? `; the roles are ${Object.keys(RolesSchema.shape).join(', ')}` : '';
    const what = at === 'places' ? 'place' : at === 'roles' ? 'role' : 'field';
    return i.keys.map((k) => ({ path: pathOf([...i.path, k]), message: `unknown ${what} "${k}"${known}` }));
  });
}

export type ValidationResult = { ok: true; scenario: Scenario; catalog: Catalog } | { ok: false; errors: ValidationIssue[] };

/**
 * Validate a raw scenario: shape (zod), then meaning. `steps`: the steps the phase will run
 * (default all ten); a place the rules name is required only if a step that runs needs it (R0-8).
 */
export function validateScenario(raw: unknown, steps?: readonly number[], stored = false): ValidationResult {
  const parsed = ScenarioSchema.safeParse(raw);
  // A board already played on (a stored record) keeps the defaults it was played with: its replay must not change.
  const errors = parsed.success ? [...semanticErrors(parsed.data, steps), ...(stored ? [] : notDefaulted(raw))] : zodIssues(parsed.error.issues);
  // A board written without a vichy block gets Vichy France "pending", whose rules name a dozen places: said first, with the way out.
  if (!stored && (raw as { vichy?: unknown } | null)?.vichy === undefined && errors.some((e) => e.path.startsWith('places.') && e.message.includes('#2 Vichy France'))) {
    errors.unshift({ path: 'vichy', message: 'not given, so Vichy France is "pending" (#2) and the places its rules name must be on the board (the places.… errors below). A board without Vichy France: "vichy": {"status": "free-french"}, or "resolved" once its fate is settled' });
  }
  if (errors.length) return { ok: false, errors: errors.map((e) => ({ path: e.path, message: entryName(raw, e.path) + e.message })) };
  const s = parsed.data!;
  return { ok: true, scenario: s, catalog: catalogOf(s) };
}

/**
 * Fields the schema defaults that must be given in some states, since a default there would decide
 * the game silently: while the Vichy rules are in effect, how many Vichy territories each side has
 * turned decides Southern France (#2 "Resolving the fate of Vichy Southern France", ruling R2-4).
 */
export function notDefaulted(raw: unknown): ValidationIssue[] {
  const vichy = (raw as { vichy?: { status?: unknown; turned?: unknown } }).vichy;
  if (vichy?.status === 'in-effect' && vichy.turned === undefined)
    return [{ path: 'vichy.turned', message: 'the Vichy rules are in effect: give the Vichy territories each side has turned so far, {"axis": N, "freeFrench": N} ({"axis": 0, "freeFrench": 0} if none): #2 "Resolving the fate of Vichy Southern France" counts them (ruling R2-4)' }];
  return [];
}

/** ': did you mean "germany"?' for a name that differs from one on the board only in case or by a letter or two; else ''. */
function meant(name: string, known: Iterable<string>): string {
  const norm = (x: string) => x.toLowerCase().replace(/[\s_-]+/g, '');
  const most = Math.min(2, Math.max(1, Math.floor(name.length / 4))); // a letter in a short name, two in a long one
  const list = [...known];
  const close = list.find((k) => norm(k) === norm(name)) ?? list.find((k) => editDistance(norm(k), norm(name)) <= most);
  return close ? `: did you mean "${close}"?` : '';
}

/** Levenshtein's distance between two short names. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

function semanticErrors(s: Scenario, steps?: readonly number[]): ValidationIssue[] {
  const errors: ValidationIssue[] = [];
  const err = (path: string, message: string) => errors.push({ path, message });
  const cat = catalogOf(s);
  const nationIds = new Set<string>();
  s.nations.forEach((n, i) => {
    if (n.id === 'vichy') err(`nations[${i}].id`, '"vichy" is reserved for Vichy French units and territories; do not list it as a nation');
    if (nationIds.has(n.id)) err(`nations[${i}].id`, `nation "${n.id}" is listed twice`);
    nationIds.add(n.id);
  });
  const owners = new Set([...nationIds, 'vichy']);
  s.wars.forEach(([a, b], i) => {
    if (!nationIds.has(a)) err(`wars[${i}][0]`, `unknown nation "${a}"${meant(a, nationIds)}`);
    if (!nationIds.has(b)) err(`wars[${i}][1]`, `unknown nation "${b}"${meant(b, nationIds)}`);
    if (a === b) err(`wars[${i}]`, `a nation cannot be at war with itself`);
  });
  for (const [role, id] of Object.entries(s.roles)) if (!nationIds.has(id)) err(`roles.${role}`, `unknown nation "${id}"${meant(id, nationIds)}`);
  for (const k of Object.keys(s.cash)) if (!nationIds.has(k)) err(`cash.${k}`, `cash for unknown nation "${k}"${meant(k, nationIds)}`);
  for (const n of s.nations) if (n.side !== 'neutral' && s.cash[n.id] === undefined) err(`cash`, `no cash (IPCs) given for nation "${n.id}" (give 0 if it has none)`);
  for (const [k, lim] of Object.entries(cat.rules.tokenLimits)) {
    const v = s.tokens[k as keyof typeof s.tokens];
    if (v > lim) err(`tokens.${k}`, `${v} ${k} tokens is more than the ${lim} the game starts with`);
  }
  const spaceNames = new Map<string, string>();
  s.territories.forEach((t, i) => {
    if (spaceNames.has(t.name)) err(`territories[${i}].name`, `"${t.name}" is listed twice`);
    spaceNames.set(t.name, `territories[${i}]`);
  });
  s.seaZones.forEach((z, i) => {
    if (spaceNames.has(z.name)) err(`seaZones[${i}].name`, `"${z.name}" is listed twice`);
    spaceNames.set(z.name, `seaZones[${i}]`);
  });
  // #2: once all French territories and units are Free French, none is Vichy (step 2 would leave it Vichy for good).
  const noVichy = (owner: string, path: string) =>
    owner === 'vichy' && s.vichy.status === 'free-french' && err(path, `"vichy" while vichy.status is "free-french" (all French territories and units are Free French, #2): give it to the Free French ("${cat.roles.freeFrench}"), or set vichy.status`);
  const checkUnits = (units: UnitStack[], base: string, domain: 'land' | 'sea') => {
    units.forEach((u, j) => {
      const p = `${base}.units[${j}]`;
      if (!owners.has(u.owner)) err(`${p}.owner`, `unknown nation "${u.owner}"${meant(u.owner, owners)}`);
      noVichy(u.owner, `${p}.owner`);
      const ut = cat.units[u.type];
      if (!ut) {
        err(`${p}.type`, `unknown unit type "${u.type}"${meant(u.type, Object.keys(cat.units))} (built in: ${Object.keys(UNIT_TYPES).join(', ')}; add others under unitTypes)`);
        return;
      }
      if (!ut.domain) err(`unitTypes.${u.type}.domain`, `unit type "${u.type}" needs a domain (land, air or sea)`);
      if (domain === 'land' && ut.domain === 'sea') err(`${p}.type`, `${u.type} is a sea unit; it cannot be in a territory`);
      if (domain === 'sea' && ut.domain === 'land') err(`${p}.type`, `${u.type} is a land unit; put it in a territory (transported units are not part of this phase)`);
      if ((u.damaged ?? 0) > u.count) err(`${p}.damaged`, `${u.damaged} damaged but only ${u.count} unit(s)`);
      if ((u.damaged ?? 0) > 0 && (ut.hits ?? 1) < 2) err(`${p}.damaged`, `${u.type} sinks on one hit; it cannot be damaged`);
      if ((u.designated ?? 0) > u.count) err(`${p}.designated`, `${u.designated} designated but only ${u.count} unit(s)`);
    });
  };
  const checkAdj = (adj: string[], base: string) =>
    adj.forEach((a, j) => {
      if (!spaceNames.has(a)) err(`${base}.adjacent[${j}]`, `unknown territory or sea zone "${a}"${meant(a, spaceNames.keys())}`);
    });
  s.territories.forEach((t, i) => {
    const b = `territories[${i}]`;
    if (!owners.has(t.owner)) err(`${b}.owner`, `unknown nation "${t.owner}"${meant(t.owner, owners)}`);
    noVichy(t.owner, `${b}.owner`);
    if (t.originalOwner && !owners.has(t.originalOwner)) err(`${b}.originalOwner`, `unknown nation "${t.originalOwner}"${meant(t.originalOwner, owners)}`);
    checkAdj(t.adjacent, b);
    checkUnits(t.units, b, 'land');
    t.facilities.forEach((f, j) => {
      const ft = cat.facilities[f.type];
      const p = `${b}.facilities[${j}]`;
      if (!ft) return err(`${p}.type`, `unknown facility type "${f.type}"${meant(f.type, Object.keys(cat.facilities))} (built in: ${Object.keys(FACILITY_TYPES).join(', ')})`);
      if (!ft.kind) err(`facilityTypes.${f.type}.kind`, `facility type "${f.type}" needs a kind (production or tactical)`);
      const max = f.maxDamage ?? ft.maxDamage;
      if (max === undefined)
        err(`${p}.maxDamage`, `the maximum damage of a ${f.type} is not stated by the document nor A&A Global 1940: give facilityTypes.${f.type}.maxDamage or this facility's maxDamage`);
      else if (f.damage > max) err(`${p}.damage`, `${f.damage} damage is past this ${f.type}'s maximum of ${max}`);
    });
  });
  s.seaZones.forEach((z, i) => {
    checkAdj(z.adjacent, `seaZones[${i}]`);
    checkUnits(z.units, `seaZones[${i}]`, 'sea');
  });
  const queueIds = new Set<string>();
  s.buildQueues.forEach((q, i) => {
    if (queueIds.has(q.id)) err(`buildQueues[${i}].id`, `build queue "${q.id}" is listed twice`);
    queueIds.add(q.id);
    if (!nationIds.has(q.nation)) err(`buildQueues[${i}].nation`, `unknown nation "${q.nation}"`);
  });
  // Places: a name given in `places` must be on the board, and so must every place a step that
  // runs this phase needs (ruling R0-8), of the right kind.
  const needs = placesNeeded(s, cat, steps);
  for (const key of Object.keys(PLACES) as PlaceKey[]) {
    const rules = needs.get(key);
    if (s.places[key] === undefined && !rules) continue;
    const placeName = cat.places[key];
    const want = PLACES[key].kind === 'territory' ? 'territory' : 'sea zone';
    const is = s.territories.some((t) => t.name === placeName) ? 'territory' : s.seaZones.some((z) => z.name === placeName) ? 'sea zone' : undefined;
    const why = rules ? `; ${rules.join(', ')} ${rules.length > 1 ? 'need' : 'needs'} it` : '';
    if (!is) err(`places.${key}`, `"${placeName}" is not a ${want} on this board${why}: add it, or give this board's name for the document's ${PLACES[key].name} in places.${key}`);
    else if (is !== want) err(`places.${key}`, `"${placeName}" is a ${is}, but the document's ${PLACES[key].name} (places.${key}) is a ${want}${why}`);
  }
  // Numbers the document relies on but does not state, required only when this board needs them.
  const need = (type: string, field: keyof UnitType, why: string) => {
    if (cat.units[type]?.[field] === undefined)
      err(`unitTypes.${type}.${field}`, `${why}: the document does not state it and A&A Global 1940 has no default; give unitTypes.${type}.${field}`);
  };
  const seen = new Set<string>();
  const all = [...s.territories.flatMap((t) => t.units), ...s.seaZones.flatMap((z) => z.units)];
  for (const u of all) {
    const ut = cat.units[u.type];
    if (!ut) continue;
    const key = `${u.type}|${(u.designated ?? 0) > 0}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (ut.fighter) {
      need(u.type, 'dogfightDefence', `${u.type} may intercept bombing raids and bombardments (#5, #6) with its dog-fight value`);
      if ((u.designated ?? 0) > 0) need(u.type, 'dogfightAttack', `designated ${u.type} may escort (#5, #6) with its dog-fight value`);
    }
    if (ut.bomber && (u.designated ?? 0) > 0) need(u.type, 'dogfightAttack', `designated ${u.type} fight in the dog-fight round of a bombing raid (#5)`);
    if (ut.bombard && (u.designated ?? 0) > 0) need(u.type, 'airCover', `designated ${u.type} use their air-cover value if intercepted during a shore bombardment (#6)`);
    if (ut.domain === 'sea') need(u.type, 'hits', `${u.type} can be hit by kamikaze tokens and coastal defences (#7, #9)`);
  }
  return errors;
}

/** JSON Schema of the scenario (zod v4). */
/** #1.2: the United States is on the board and at war with nobody. */
export function usNeutral(s: Pick<Scenario, 'nations' | 'wars'>, usa: string): boolean {
  return s.nations.some((n) => n.id === usa) && !s.wars.some(([x, y]) => x === usa || y === usa);
}

export function scenarioJsonSchema(): unknown {
  return z.toJSONSchema(ScenarioSchema, { io: 'input', target: 'draft-2020-12' });
}

/**
 * Which of the places the rules name (data.ts `PLACES`) a phase will look at, as place key → the
 * rules that need it (ruling R0-8); `steps`: the steps that run (default all ten). Validation refuses
 * a scenario where a needed place is not on the board, so no step meets a missing place.
 */
function placesNeeded(s: Scenario, cat: Catalog, steps?: readonly number[]): Map<PlaceKey, string[]> {
  const runs = (n: number) => !steps || steps.includes(n);
  const need = new Map<PlaceKey, string[]>();
  const add = (rule: string, keys: readonly PlaceKey[]) => {
    for (const k of keys) need.set(k, [...(need.get(k) ?? []), rule]);
  };
  if (runs(1)) {
    if (usNeutral(s, cat.roles.usa)) add('#1.2 American Assistance', ['ottawa']);
    if (s.smpNumber === 1) {
      add('#1.3 Operation Dynamo', ['normandy', 'london']);
      add('#1.4 Spanish Negotiations at Hendaye', ['paris', 'spain', 'rioDeOro']);
    }
  }
  const vichy = s.vichy.status;
  if (runs(2) && (vichy === 'pending' || vichy === 'in-effect')) {
    if (vichy === 'pending') {
      add('#2 Vichy France (when the Vichy rules come into effect)', ['paris']);
      add('#2 Vichy France (units that stay Free French)', VICHY_ROLLS.freeFrenchExceptions);
    }
    const R = VICHY_ROLLS;
    add('#2 Vichy France (the roll lists)', [...new Set([...R.japan.targets, ...R.uk.targets, ...R.italy.targets, ...R.freeFrench.targets, ...R.germany.targets])]);
    add('#2 Vichy France ("Resolving the fate of Vichy Southern France")', ['southernFrance']);
  }
  if (runs(5) && s.seaZones.some((z) => z.openSea)) add('#3 Convoy Raids (open-sea zones)', ['novaScotia', 'london']);
  return need;
}
