/**
 * Shapes of the CWNB Campaign rules data. The data files in this folder hold the values, each
 * with its source; `index.ts` exports them typed, `validate.ts` checks them (zod).
 */

export type Side = 'allied' | 'soviet';
export const SIDES: readonly Side[] = ['allied', 'soviet'];

export const ZONE_IDS = [
  'indian-ocean',
  'mediterranean',
  'north-atlantic',
  'north-sea',
  'persian-gulf',
  'sea-of-japan',
  'south-pacific',
] as const;
export type ZoneId = (typeof ZONE_IDS)[number];

/** Mission names exactly as printed. */
export const MISSION_NAMES = [
  'Military Escort',
  'Civilian Escort',
  'Raid',
  'Sea Superiority',
  'Holding Action',
  'Invasion',
  'Carrier Strike',
  'Submarine Strike',
  'Engage',
] as const;
export type MissionName = (typeof MISSION_NAMES)[number];

/** Status columns, left to right as printed (index 0..6); the War Zone Status marker sits on one. */
export const STATUS_COLUMNS = [
  'Soviet Dominance',
  'Soviet Advantage',
  'Soviet Edge',
  'Even',
  'Allied Edge',
  'Allied Advantage',
  'Allied Dominance',
] as const;
export const EVEN_COLUMN = 3;

export const ROW_KEYS = ['1-2', '3-5', '6'] as const;
export type RowKey = (typeof ROW_KEYS)[number];

export interface MissionCell {
  allied: MissionName;
  soviet: MissionName;
  urgent: boolean;
}

/** [normal, urgent] — the summary's first number and the one in brackets. */
export type NormalUrgent = [number, number];

export interface ZoneSummaries {
  /** 9.2 Military Escort vs. Raid: points per Non-Combatant, number of Non-Combatants. */
  militaryEscort: { points: NormalUrgent; nonCombatants: NormalUrgent };
  /** 9.3 Civilian Escort vs. Raid. */
  civilianEscort: { points: NormalUrgent; nonCombatants: NormalUrgent };
  /** 9.4 Sea Superiority vs. Sea Superiority: pool, per-side hand/Fog of War bonus, points per retreating ship. */
  seaSuperiority: { pool: NormalUrgent; bonus: Record<Side, number>; retreatPoints: NormalUrgent };
  /** 9.5 Sea Superiority vs. Holding Action: points per battle turn, Sea Superiority player's bonus. */
  seaSuperiorityVsHoldingAction: { points: NormalUrgent; bonus: number };
  /** 9.8 Submarine Strike vs. Engage. */
  submarineStrike: { pool: NormalUrgent };
  /** 9.7 Carrier Strike vs. Engage: pool and points per successful Carrier Air Strike. */
  carrierStrike: { pool: NormalUrgent; points: NormalUrgent };
  /** 9.6 Invasion vs. Holding Action: pool, points per Military Non-Combatant, how many, Invasion player's bonus. */
  invasion: { pool: NormalUrgent; points: NormalUrgent; nonCombatants: NormalUrgent; bonus: number };
}

export interface ZoneData {
  id: ZoneId;
  name: string;
  /** Where in the source document these values stand. */
  source: string;
  missionTable: Record<RowKey, MissionCell[]>;
  /** End Game row, one entry per status column. */
  endGame: { side: Side; vp: number }[];
  summaries: ZoneSummaries;
}

export interface ActionCardType {
  type: string;
  /** Cost in each turn bracket (turns 1–2, 3–4, 5–6, 7+), or "half-value" for attack cards (1/2 value, rounded down). */
  costs: [number, number, number, number] | 'half-value';
  /** Asterisked in the cost table: exempt from the one-per-type purchase limit. */
  unlimited: boolean;
}

export interface ActionCardData {
  source: string;
  cards: ActionCardType[];
  /** Card kinds that may never be purchased (6.C.2). */
  notPurchasable: string[];
}

export const SPECIAL_CONDITIONS = [
  'Bad Weather',
  'Close Range Battle',
  'Long Battle',
  'Long Range Battle',
  'Nearby Air Bases',
  'Prepared',
  'Port Strike',
  'Priority',
  'Rushed',
  'Short Battle',
] as const;
export type SpecialCondition = (typeof SPECIAL_CONDITIONS)[number];

export interface SpecialConditionsTable {
  source: string;
  /** Die roll 1..6 → condition, per side. */
  rows: { die: number; allied: SpecialCondition; soviet: SpecialCondition }[];
}

export type ShipKind = 'surface' | 'carrier' | 'lph' | 'submarine' | 'missile-submarine';

export interface ShipCard {
  /** Stable id used in actions, e.g. "kirov". */
  id: string;
  name: string;
  side: Side;
  points: number;
  kind: ShipKind;
  /** The card has a Crippled side (12.7 of the card game); used by 13.2.7 Port Strike. */
  crippledSide?: boolean;
  /** A Large ship: sunk, not crippled, by a 13.2.7 Port Strike hit. */
  large?: boolean;
}

export interface Roster {
  /** True for Wardroom's demo roster (not the cards' values). */
  demo: boolean;
  source: string;
  ships: ShipCard[];
}

export type StartingPoints = Partial<Record<ZoneId, Record<Side, number>>>;

/** Rule 11's table: the level of victory by the margin, with its historical description. */
export interface VictoryLevelData {
  source: string;
  levels: { level: 'Pyrrhic' | 'Tactical' | 'Marginal' | 'Decisive'; from: number; to: number | null; description: string }[];
}
