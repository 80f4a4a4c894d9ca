/**
 * The CWNB Campaign rules data. Every value comes from a JSON file in this folder with its
 * `source`; see docs/data.md. Import from here, not from the JSON files.
 *
 * The files are trusted as they are, not validated on every start (importing zod and parsing
 * cost more than the rest of `wardroom tables`): validate.ts checks them with the zod schemas of
 * schema.ts in the test suite, in the build, which refuses to build dist/ from invalid data, and
 * in bin/wardroom.js when it runs src/ rather than dist/.
 */
import { ZONE_IDS, type ActionCardData, type ActionCardType, type Roster, type SpecialConditionsTable, type StartingPoints, type VictoryLevelData, type ZoneData, type ZoneId } from './types.ts';

import indianOcean from './zones/indian-ocean.json' with { type: 'json' };
import mediterranean from './zones/mediterranean.json' with { type: 'json' };
import northAtlantic from './zones/north-atlantic.json' with { type: 'json' };
import northSea from './zones/north-sea.json' with { type: 'json' };
import persianGulf from './zones/persian-gulf.json' with { type: 'json' };
import seaOfJapan from './zones/sea-of-japan.json' with { type: 'json' };
import southPacific from './zones/south-pacific.json' with { type: 'json' };
import actionCards from './action-cards.json' with { type: 'json' };
import specialCircumstances from './special-circumstances.json' with { type: 'json' };
import demoRoster from './demo-roster.json' with { type: 'json' };
import demoStartingPoints from './demo-starting-points.json' with { type: 'json' };
import victoryLevels from './victory-levels.json' with { type: 'json' };

export * from './types.ts';

const RAW_ZONES: Record<ZoneId, unknown> = {
  'indian-ocean': indianOcean,
  mediterranean,
  'north-atlantic': northAtlantic,
  'north-sea': northSea,
  'persian-gulf': persianGulf,
  'sea-of-japan': seaOfJapan,
  'south-pacific': southPacific,
};

/** deep-freeze so that no consumer can alter the rules data by accident */
function freeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) freeze(v);
  }
  return value;
}

/** The seven War Zones, in ZONE_IDS order (the document's order). */
export const ZONES: ZoneData[] = freeze(ZONE_IDS.map((id) => RAW_ZONES[id] as ZoneData));

const ZONE_MAP = new Map<ZoneId, ZoneData>(ZONES.map((z) => [z.id, z]));

export function isZoneId(s: unknown): s is ZoneId {
  return typeof s === 'string' && (ZONE_IDS as readonly string[]).includes(s);
}

export function zoneById(id: ZoneId): ZoneData {
  const zone = ZONE_MAP.get(id);
  if (!zone) throw new Error(`Unknown War Zone "${String(id)}"; known zones: ${ZONE_IDS.join(', ')}`);
  return zone;
}

/** The Action card cost table of rule 6.C.2. */
export const ACTION_CARDS: ActionCardData = freeze(actionCards as ActionCardData);

const normalizeCardType = (t: string) => t.replace(/\*/g, '').trim().replace(/\s+/g, ' ').toLowerCase();
const CARD_TYPES = new Map<string, ActionCardType>(ACTION_CARDS.cards.map((c) => [c.type, c]));
const CARD_TYPES_NORMALIZED = new Map<string, ActionCardType>(ACTION_CARDS.cards.map((c) => [normalizeCardType(c.type), c]));

/** Look up a card type by name (case-insensitive; a trailing asterisk is ignored). */
export function actionCardType(type: string): ActionCardType | undefined {
  return CARD_TYPES.get(type) ?? CARD_TYPES_NORMALIZED.get(normalizeCardType(type));
}

/** The general Special Circumstances Die Table (rule 13.2; the only one the document gives). */
export const SPECIAL_CIRCUMSTANCES: SpecialConditionsTable = freeze(specialCircumstances as SpecialConditionsTable);

/** Wardroom's DEMO roster: made-up point values, NOT the game's cards. `demo` is true. */
export const DEMO_ROSTER: Roster = freeze(demoRoster as Roster);

export interface DemoStartingPoints {
  demo: true;
  source: string;
  /** Zones whose values come from the rulebook (only the South Pacific, rule 4); the rest are demo values. */
  fromRulebook: ZoneId[];
  points: StartingPoints;
}

/** Starting (At Start Buy) Points: South Pacific from rule 4, the other six Wardroom DEMO values. */
export const DEMO_STARTING_POINTS: DemoStartingPoints = freeze(demoStartingPoints as DemoStartingPoints);

/** The At Start Buy Points the rulebook itself gives (rule 4's example: the South Pacific, Allied 80, Soviet 100), used where a game gives none. */
export const RULEBOOK_STARTING_POINTS: StartingPoints = freeze(Object.fromEntries(DEMO_STARTING_POINTS.fromRulebook.map((z) => [z, DEMO_STARTING_POINTS.points[z]])));

/** Rule 11's levels of victory with their historical descriptions. */
export const VICTORY_LEVELS: VictoryLevelData = freeze(victoryLevels as VictoryLevelData);
