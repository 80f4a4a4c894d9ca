/**
 * A TripleA game (read by game-xml.ts) and the group's overlay → an SMP scenario. Pure: no I/O.
 *
 * TripleA holds the map (territories, sea zones, connections), who owns what, the units with the
 * hits they took, the facility units (factory_major, factory_minor, airfield, harbour) with their
 * bombing damage, the players' alliances and relationships, and their PUs. The overlay holds what
 * TripleA does not: the SMP number and season, tokens, facilities TripleA has no unit for (rail
 * stations, bunkers), the document's place names, Vichy France, convoy / open-sea / kamikaze zones,
 * designations, original owners TripleA's export leaves out, oil tankers, and the numbers the
 * document does not state. TripleA player names are the scenario's nation ids, so the change list
 * (changes.ts) speaks TripleA's names.
 */
import { z } from 'zod';
import { FACILITY_TYPES, UNIT_TYPES } from '../../modules/smp/data.ts';
import { BuildQueueSchema, FacilitySchema, notDefaulted, RolesSchema, ScenarioSchema, validateScenario, type ScenarioInput } from '../../modules/smp/scenario.ts';
import type { TripleaGame } from './game-xml.ts';

/** TripleA's name of the neutral (null) player: owner of unowned territories and units. */
const NEUTRAL = 'Neutral';

/**
 * TripleA unit types of the Global 1940 game files (ww2global40_2nd_edition.xml's <unitList>) →
 * Wardroom's unit or facility types. Anything else is mapped in the overlay's `tripleaTypes`.
 * (factory_upgrade is a purchase that turns a minor factory into a major one; it never stands on
 * the board, so it is not mapped.)
 */
const TRIPLEA_TYPES: Readonly<Record<string, string>> = {
  infantry: 'infantry',
  artillery: 'artillery',
  mech_infantry: 'mech_infantry',
  armour: 'tank',
  fighter: 'fighter',
  tactical_bomber: 'tactical_bomber',
  bomber: 'strategic_bomber',
  transport: 'transport',
  submarine: 'submarine',
  destroyer: 'destroyer',
  cruiser: 'cruiser',
  carrier: 'carrier',
  battleship: 'battleship',
  aaGun: 'aaa',
  factory_major: 'major_factory',
  factory_minor: 'minor_factory',
  airfield: 'air_base',
  harbour: 'naval_base',
};

/** The SMP roles of the Global 1940 players, used when the game has that player. */
const G40_ROLES: Record<string, string> = {
  germany: 'Germans',
  italy: 'Italians',
  japan: 'Japanese',
  uk: 'British',
  ukEurope: 'British',
  russia: 'Russians',
  usa: 'Americans',
  freeFrench: 'French',
  canada: 'British',
};

const name = z.string().min(1);
const count = z.number().int().min(0);
/** TripleA player → TripleA unit type → how many. */
const Counts = z.record(name, z.record(name, z.number().int().min(1)));
const shipState = {
  damaged: Counts.default({}).describe('player → TripleA unit type → how many of those 2-hit ships have taken a hit, where the XML does not say (hitsTaken)'),
  designated: Counts.default({}).describe('player → TripleA unit type → how many are designated for missions (#5, #6)'),
};

const TerritoryOverlaySchema = z
  .object({
    originalOwner: name.optional().describe("the player that held it at the start of the game: TripleA's export does not say, so give it for every captured territory"),
    island: z.boolean().optional().describe('default: a territory with no land neighbour'),
    facilities: z.array(FacilitySchema).default([]).describe('facilities TripleA has no unit for: rail_station, minor_bunker, major_bunker, …'),
    facilityDamage: z.record(name, count).default({}).describe("TripleA facility unit type → its bombing damage, where the XML does not say (TripleA's export leaves unitDamage out)"),
    ...shipState,
  })
  .strict();

const SeaZoneOverlaySchema = z
  .object({
    convoy: z.boolean().optional(),
    openSea: z.boolean().optional(),
    kamikaze: z.boolean().optional(),
    ...shipState,
  })
  .strict();

const VichyOverlaySchema = ScenarioSchema.shape.vichy
  .unwrap()
  .extend({
    spaces: z.array(name).default([]).describe('territories and sea zones where what TripleA shows as the Free French player\'s is Vichy'),
    player: name.optional().describe('the TripleA player that stands for Vichy France, if your TripleA game has one'),
  })
  .strict();

const OverlaySchema = z
  .object({
    format: z.literal('wardroom-triplea-overlay'),
    version: z.literal(1),
    label: z.string().optional(),
    round: z.number().int().min(1).optional().describe("default: TripleA's round (an export's <gamePlay><offset>)"),
    season: ScenarioSchema.shape.season,
    smpNumber: ScenarioSchema.shape.smpNumber,
    nations: z
      .record(name, z.object({ name: name.optional(), side: z.enum(['axis', 'allies', 'neutral']).optional(), europeanAxis: z.boolean().optional() }).strict())
      .default({})
      .describe('per TripleA player: a display name, its side (default from its alliance: Axis, Allies, else neutral)'),
    wars: z.array(z.tuple([name, name])).optional().describe("pairs of players at war; default: TripleA's relationships"),
    roles: RolesSchema.default({}),
    places: ScenarioSchema.shape.places,
    tokens: ScenarioSchema.shape.tokens,
    tripleaTypes: z.record(name, name).default({}).describe('TripleA unit type → Wardroom unit or facility type, or "ignore"'),
    territories: z.record(name, TerritoryOverlaySchema).default({}),
    seaZones: z.record(name, SeaZoneOverlaySchema).default({}),
    buildQueues: z.array(BuildQueueSchema).default([]),
    vichy: VichyOverlaySchema.default({ status: 'pending', southernFranceOrIndoChinaAttacked: false, attackedBy: null, turned: { axis: 0, freeFrench: 0 }, hendaye: false, spaces: [] }),
    unitTypes: ScenarioSchema.shape.unitTypes,
    facilityTypes: ScenarioSchema.shape.facilityTypes,
    rules: ScenarioSchema.shape.rules,
  })
  .strict();

export type OverlayInput = z.input<typeof OverlaySchema>;
export type Overlay = z.output<typeof OverlaySchema>;
type ShipState = z.output<typeof SeaZoneOverlaySchema>;

/** TripleA unit type → Wardroom type and kind, with the overlay's additions. */
interface TypeMap {
  of(tripleaType: string): { type: string; kind: 'unit' | 'facility' } | 'ignore' | undefined;
  /** Wardroom type → the TripleA unit type that maps to it. */
  tripleaOf(type: string): string | undefined;
}

export function typeMap(o: Overlay): TypeMap {
  const map: Record<string, string> = { ...TRIPLEA_TYPES, ...o.tripleaTypes };
  const facilities = new Set([...Object.keys(FACILITY_TYPES), ...Object.keys(o.facilityTypes)]);
  const back = new Map(Object.entries(map).filter(([, v]) => v !== 'ignore').map(([k, v]) => [v, k]));
  return {
    of(t) {
      const type = map[t];
      if (type === undefined || type === 'ignore') return type;
      return { type, kind: facilities.has(type) ? 'facility' : 'unit' };
    },
    tripleaOf: (type) => back.get(type),
  };
}

/** Parse an overlay; errors name the file and the JSON path. */
export function parseOverlay(raw: unknown, file: string): { ok: true; overlay: Overlay } | { ok: false; errors: string[] } {
  const r = OverlaySchema.safeParse(raw);
  // As in a scenario, the Vichy counts must be given while the Vichy rules are in effect (#2, R2-4).
  const missing = r.success ? notDefaulted(raw) : [];
  if (missing.length) return { ok: false, errors: missing.map((i) => `${file} ${i.path}: ${i.message}`) };
  if (r.success) return { ok: true, overlay: r.data };
  return { ok: false, errors: r.error.issues.map((i) => `${file} ${i.path.map(String).join('.') || '(root)'}: ${i.message}`) };
}

type ImportResult = { ok: true; scenario: ScenarioInput; notes: string[] } | { ok: false; errors: string[] };

interface Stack {
  owner: string;
  type: string;
  count: number;
  damaged: number;
  /** Some placements gave hitsTaken: the XML states this stack's damage. */
  xmlDamage: boolean;
  designated: number;
}

/** Build the scenario of a TripleA game with the group's overlay (`overlayFile` names it in messages). */
export function scenarioFromTriplea(game: TripleaGame, o: Overlay, overlayFile = 'the overlay'): ImportResult {
  const errors: string[] = [];
  const notes: string[] = [];
  const at = (line: number) => `${game.file} line ${line}`;
  const ov = (path: string) => `${overlayFile} ${path}`;
  const players = new Set(game.players.map((p) => p.name));
  let neutralUsed = false;
  const player = (p: string | undefined, where: string): string => {
    if (p === undefined || p === NEUTRAL) return (neutralUsed = true), NEUTRAL;
    if (!players.has(p)) errors.push(`${where}: "${p}" is not a <player> of ${game.file} (players: ${[...players].join(', ')})`);
    return p;
  };

  // Unit types: the overlay's mapping must name known types, one TripleA type per Wardroom type.
  const types = typeMap(o);
  const knownUnits = new Set([...Object.keys(UNIT_TYPES), ...Object.keys(o.unitTypes)]);
  const knownFacilities = new Set([...Object.keys(FACILITY_TYPES), ...Object.keys(o.facilityTypes)]);
  for (const [t, v] of Object.entries(o.tripleaTypes)) {
    if (v !== 'ignore' && !knownUnits.has(v) && !knownFacilities.has(v))
      errors.push(`${ov(`tripleaTypes.${t}`)}: "${v}" is neither a Wardroom unit type (${[...knownUnits].join(', ')}) nor a facility type (${[...knownFacilities].join(', ')}); add it under unitTypes or facilityTypes, or write "ignore"`);
    const other = Object.entries({ ...TRIPLEA_TYPES, ...o.tripleaTypes }).find(([k, w]) => k !== t && w === v && v !== 'ignore');
    if (other) errors.push(`${ov(`tripleaTypes.${t}`)}: "${v}" is already the Wardroom type of TripleA's ${other[0]}; two TripleA types cannot share one (the change list could not tell them apart): add a type of its own under unitTypes or facilityTypes`);
  }

  // The map.
  const spaces = new Map<string, { water: boolean; line: number }>();
  for (const t of game.territories) {
    if (spaces.has(t.name)) errors.push(`${at(t.line)}: <territory name="${t.name}"> is listed twice`);
    spaces.set(t.name, { water: t.water, line: t.line });
  }
  const adjacent = new Map<string, Set<string>>([...spaces.keys()].map((n) => [n, new Set<string>()]));
  for (const c of game.connections) {
    const bad = [c.t1, c.t2].filter((n) => !spaces.has(n));
    if (bad.length) errors.push(`${at(c.line)}: <connection> names "${bad.join('", "')}", which is no <territory> of the map`);
    else if (c.t1 !== c.t2) adjacent.get(c.t1)!.add(c.t2), adjacent.get(c.t2)!.add(c.t1);
  }
  const tripleaOwner = new Map<string, string>();
  for (const w of game.owners) {
    const sp = spaces.get(w.territory);
    if (!sp) errors.push(`${at(w.line)}: <territoryOwner> of "${w.territory}", which is no <territory> of the map`);
    else if (!sp.water) tripleaOwner.set(w.territory, player(w.owner, `${at(w.line)}: <territoryOwner territory="${w.territory}">`));
  }

  // Roles and Vichy: Vichy is what TripleA shows as the Free French player's in vichy.spaces, or the vichy.player's.
  const roles: Record<string, string> = { ...Object.fromEntries(Object.entries(G40_ROLES).filter(([, p]) => players.has(p))), ...o.roles };
  const ff = roles.freeFrench;
  const vichyPlayer = o.vichy.player;
  if (vichyPlayer) player(vichyPlayer, ov('vichy.player'));
  const vichySpaces = new Set(o.vichy.spaces);
  o.vichy.spaces.forEach((s, i) => {
    if (!spaces.has(s)) errors.push(`${ov(`vichy.spaces[${i}]`)}: "${s}" is not a territory or sea zone in ${game.file}`);
    else if (!ff) errors.push(`${ov(`vichy.spaces[${i}]`)}: "${s}": Vichy spaces are the Free French player's there, and no player has the freeFrench role (give roles.freeFrench)`);
    else if (!spaces.get(s)!.water && tripleaOwner.get(s) !== ff)
      errors.push(`${ov(`vichy.spaces[${i}]`)}: "${s}" is ${tripleaOwner.get(s) ?? 'unowned'} in ${game.file}, not ${ff}: a Vichy territory is one TripleA shows as the Free French player's`);
  });
  const ownerIn = (space: string, p: string) => (p === vichyPlayer || (p === ff && vichySpaces.has(space)) ? 'vichy' : p);

  // Units and facility units.
  const stacks = new Map<string, Map<string, Stack>>();
  const facilities = new Map<string, { type: string; tripleaType: string; damage: number; xmlDamage: boolean }[]>();
  const cargo = new Map<string, number>();
  const unmapped = new Map<string, string[]>();
  for (const u of game.units) {
    const sp = spaces.get(u.territory);
    if (!sp) {
      errors.push(`${at(u.line)}: <unitPlacement> in "${u.territory}", which is no <territory> of the map`);
      continue;
    }
    const owner = player(u.owner, `${at(u.line)}: <unitPlacement unitType="${u.unitType}" territory="${u.territory}">`);
    const m = types.of(u.unitType);
    if (m === undefined) {
      unmapped.set(u.unitType, [...(unmapped.get(u.unitType) ?? []), `${at(u.line)} (${u.territory}, ${owner})`]);
      continue;
    }
    if (m === 'ignore' || u.quantity === 0) continue;
    if (m.kind === 'facility') {
      if (sp.water) errors.push(`${at(u.line)}: a ${u.unitType} (a facility) in the sea zone "${u.territory}"`);
      const list = facilities.get(u.territory) ?? [];
      for (let i = 0; i < u.quantity; i++) list.push({ type: m.type, tripleaType: u.unitType, damage: u.unitDamage ?? 0, xmlDamage: u.unitDamage !== undefined });
      facilities.set(u.territory, list);
      continue;
    }
    const domain = o.unitTypes[m.type]?.domain ?? UNIT_TYPES[m.type]?.domain;
    if (sp.water && domain === 'land') {
      cargo.set(u.territory, (cargo.get(u.territory) ?? 0) + u.quantity); // aboard transports: not part of the phase
      continue;
    }
    const hits = o.unitTypes[m.type]?.hits ?? UNIT_TYPES[m.type]?.hits ?? 1;
    if ((u.hitsTaken ?? 0) >= hits) errors.push(`${at(u.line)}: ${u.quantity} ${u.unitType} (${owner}) in ${u.territory} with hitsTaken="${u.hitsTaken}": a ${m.type} is sunk by ${hits} hit(s)`);
    const inSpace = stacks.get(u.territory) ?? new Map<string, Stack>();
    stacks.set(u.territory, inSpace);
    const s = inSpace.get(`${owner}|${u.unitType}`) ?? { owner, type: m.type, count: 0, damaged: 0, xmlDamage: false, designated: 0 };
    inSpace.set(`${owner}|${u.unitType}`, s);
    s.count += u.quantity;
    if (u.hitsTaken !== undefined) s.xmlDamage = true;
    if ((u.hitsTaken ?? 0) > 0) s.damaged += u.quantity;
  }
  for (const [t, where] of unmapped)
    errors.push(`${where[0]}: TripleA unit type "${t}"${where.length > 1 ? ` (and ${where.length - 1} more placement(s))` : ''} has no Wardroom type: map it in ${overlayFile}'s tripleaTypes to a unit or facility type (or "ignore")`);

  // The overlay's territories and sea zones.
  const ownSpace = (key: 'territories' | 'seaZones', n: string): boolean => {
    const sp = spaces.get(n);
    const want = key === 'seaZones';
    if (!sp) errors.push(`${ov(`${key}."${n}"`)}: "${n}" is not a ${want ? 'sea zone' : 'territory'} in ${game.file}`);
    else if (sp.water !== want) errors.push(`${ov(`${key}."${n}"`)}: "${n}" is a ${sp.water ? 'sea zone' : 'territory'} in ${game.file}: put it under ${sp.water ? 'seaZones' : 'territories'}`);
    return !!sp && sp.water === want;
  };
  const applyShips = (key: string, n: string, e: ShipState) => {
    for (const field of ['damaged', 'designated'] as const)
      for (const [p, byType] of Object.entries(e[field]))
        for (const [tt, k] of Object.entries(byType)) {
          const where = ov(`${key}."${n}".${field}.${p}.${tt}`);
          const s = stacks.get(n)?.get(`${p}|${tt}`);
          if (!s) {
            errors.push(`${where}: ${game.file} has no ${tt} of ${p} in ${n}`);
            continue;
          }
          if (k > s.count) errors.push(`${where}: ${k} ${field} but ${game.file} has ${s.count} ${tt} of ${p} in ${n}`);
          if (field === 'designated') s.designated = k;
          else if (s.xmlDamage && s.damaged !== k) errors.push(`${where}: ${k} damaged, but ${game.file} gives hitsTaken for them (${s.damaged} damaged); say it in one place`);
          else s.damaged = k;
        }
  };
  for (const [n, e] of Object.entries(o.territories)) {
    if (!ownSpace('territories', n)) continue;
    applyShips('territories', n, e);
    const list = facilities.get(n) ?? [];
    for (const [tt, d] of Object.entries(e.facilityDamage)) {
      const where = ov(`territories."${n}".facilityDamage.${tt}`);
      const fs = list.filter((f) => f.tripleaType === tt);
      if (!fs.length) errors.push(`${where}: ${game.file} has no ${tt} in ${n}`);
      for (const f of fs) {
        if (f.xmlDamage && f.damage !== d) errors.push(`${where}: ${d} damage, but ${game.file} gives unitDamage="${f.damage}" for it; say it in one place`);
        f.damage = d;
      }
    }
    e.facilities.forEach((f, i) => {
      const tt = types.tripleaOf(f.type);
      if (tt) errors.push(`${ov(`territories."${n}".facilities[${i}]`)}: a ${f.type} is TripleA's ${tt}: place that unit in TripleA rather than in the overlay`);
    });
  }
  for (const [n, e] of Object.entries(o.seaZones)) if (ownSpace('seaZones', n)) applyShips('seaZones', n, e);
  for (const n of Object.keys(o.nations)) if (n !== NEUTRAL && !players.has(n)) errors.push(`${ov(`nations.${n}`)}: "${n}" is not a <player> of ${game.file}`);

  const unitsOf = (n: string) =>
    [...(stacks.get(n)?.values() ?? [])].map((s) => ({
      owner: ownerIn(n, s.owner),
      type: s.type,
      count: s.count,
      ...(s.damaged ? { damaged: s.damaged } : {}),
      ...(s.designated ? { designated: s.designated } : {}),
    }));
  const territories = game.territories
    .filter((t) => !t.water)
    .map((t) => {
      const opts = game.territoryOptions.get(t.name) ?? {};
      const e = o.territories[t.name];
      const adj = [...adjacent.get(t.name)!];
      const owner = tripleaOwner.get(t.name) ?? player(undefined, '');
      const original = e?.originalOwner ?? opts.originalOwner ?? owner;
      return {
        name: t.name,
        owner: ownerIn(t.name, owner),
        originalOwner: original === vichyPlayer ? 'vichy' : player(original, e?.originalOwner ? ov(`territories."${t.name}".originalOwner`) : `${at(t.line)}: "${t.name}" originalOwner`),
        capital: !!opts.capital,
        victoryCity: !!opts.victoryCity && opts.victoryCity !== '0' && opts.victoryCity !== 'false',
        // An island: no land neighbour, only sea (A&A has no island marker; the overlay may say).
        island: e?.island ?? (adj.length > 0 && adj.every((a) => spaces.get(a)!.water)),
        adjacent: adj,
        facilities: [...(facilities.get(t.name) ?? []).map((f) => ({ type: f.type, damage: f.damage })), ...(e?.facilities ?? [])],
        units: unitsOf(t.name),
      };
    });
  const seaZones = game.territories
    .filter((t) => t.water)
    .map((t) => {
      const e = o.seaZones[t.name];
      return { name: t.name, adjacent: [...adjacent.get(t.name)!], convoy: e?.convoy ?? false, openSea: e?.openSea ?? false, kamikaze: e?.kamikaze ?? false, units: unitsOf(t.name) };
    });
  for (const [n, k] of cargo) notes.push(`${k} land unit(s) aboard transports in ${n} are left out: transported units are not part of this phase.`);
  for (const h of game.heldUnits) notes.push(`${at(h.line)}: ${h.quantity} ${h.unitType} held by ${h.player} off the board (<heldUnits>) are left out.`);

  // Players → nations (TripleA's turn order), wars, cash.
  const alliance = new Map<string, string>();
  for (const a of game.alliances) if (!alliance.has(a.player)) alliance.set(a.player, a.alliance);
  const ids = [...game.players.map((p) => p.name), ...(neutralUsed ? [NEUTRAL] : [])];
  const nations = ids.map((id) => {
    const e = o.nations[id] ?? {};
    const al = alliance.get(id)?.toLowerCase();
    return { id, ...(e.name ? { name: e.name } : {}), side: e.side ?? (al === 'axis' ? 'axis' : al === 'allies' ? 'allies' : 'neutral'), ...(e.europeanAxis !== undefined ? { europeanAxis: e.europeanAxis } : {}) };
  });
  const cash: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 0]));
  for (const r of game.resources) if (r.resource === 'PUs' && player(r.player, `${at(r.line)}: <resourceGiven>`) in cash) cash[r.player] = r.quantity;

  const scenario: ScenarioInput = {
    format: 'wardroom-smp-scenario',
    version: 1,
    label: o.label ?? `imported from TripleA${game.name ? `: ${game.name}` : ''} (${game.file})`,
    round: o.round ?? game.round,
    season: o.season,
    smpNumber: o.smpNumber,
    nations,
    wars: o.wars ?? wars(game, players),
    roles,
    places: o.places,
    cash,
    tokens: o.tokens,
    territories,
    seaZones,
    buildQueues: o.buildQueues,
    vichy: { status: o.vichy.status, southernFranceOrIndoChinaAttacked: o.vichy.southernFranceOrIndoChinaAttacked, attackedBy: o.vichy.attackedBy, turned: o.vichy.turned, hendaye: o.vichy.hendaye },
    unitTypes: o.unitTypes,
    facilityTypes: o.facilityTypes,
    rules: o.rules,
  };
  if (errors.length) return { ok: false, errors: [...new Set(errors)] };
  const v = validateScenario(scenario);
  if (!v.ok) return { ok: false, errors: v.errors.map((e) => `the scenario built from ${game.file} and ${overlayFile}: ${e.path}: ${e.message}`) };
  return { ok: true, scenario, notes };
}

/**
 * Pairs at war. TripleA states a relationship per pair (<relationship>), at war when its type's
 * archeType is "war"; a pair it does not state is allied within an alliance and at war across
 * alliances (TripleA's default).
 */
function wars(game: TripleaGame, players: Set<string>): [string, string][] {
  const stated = new Map<string, string>();
  for (const r of game.relationships) stated.set([r.player1, r.player2].sort().join('\u0000'), r.type);
  const alliances = (p: string) => new Set(game.alliances.filter((a) => a.player === p).map((a) => a.alliance));
  const ps = [...players];
  const out: [string, string][] = [];
  ps.forEach((a, i) =>
    ps.slice(i + 1).forEach((b) => {
      const type = stated.get([a, b].sort().join('\u0000'));
      const war =
        type !== undefined
          ? (game.archeTypes.get(type) ?? (/war/i.test(type) ? 'war' : 'neutral')) === 'war'
          : ![...alliances(a)].some((x) => alliances(b).has(x));
      if (war) out.push([a, b]);
    }),
  );
  return out;
}

