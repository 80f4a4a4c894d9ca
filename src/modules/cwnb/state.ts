import type { DiceState } from '../../engine/dice.ts';
import type { MissionCell, Roster, Side, SpecialCondition, SpecialConditionsTable, ZoneId } from './data/types.ts';

/** A seat is one side in one War Zone: "allied:mediterranean". One person may hold several. */
export type Seat = `${Side}:${ZoneId}`;

/** 11: nine Campaign Game Turns at most (the agreed length may be shorter, 5.2). */
export const MAX_TURNS = 9;

export function seatOf(side: Side, zone: ZoneId): Seat {
  return `${side}:${zone}`;
}

export function parseSeat(seat: string): { side: Side; zone: ZoneId } | null {
  const i = seat.indexOf(':');
  if (i < 0) return null;
  const side = seat.slice(0, i);
  if (side !== 'allied' && side !== 'soviet') return null;
  return { side, zone: seat.slice(i + 1) as ZoneId };
}

export function other(side: Side): Side {
  return side === 'allied' ? 'soviet' : 'allied';
}

export interface CwnbOptions {
  /** War Zones in play (5.1), in the order they are listed. */
  zones: ZoneId[];
  /** Agreed number of Campaign Game Turns, 1..9 (5.2). */
  turns: number;
  /** "physical": the rolling player types each die instead of the seeded source. */
  dice: 'seeded' | 'physical';
  roster: Roster;
  /** At Start Buy Points per zone in play (6.C.2). */
  startingPoints: Partial<Record<ZoneId, Record<Side, number>>>;
  /** Optional names of the people holding seats. */
  players: Partial<Record<Seat, string>>;
  /** Campaign Game Optional Rules (13) and Larger Campaigns (14) chosen at setup. */
  optional: OptionalRules;
  /**
   * "0.1": a game begun with Wardroom 0.1 keeps the readings it was played under (docs/rulings.md,
   * "Games begun with Wardroom 0.1"): Passive submarines afloat count as eliminated for 9.1 and
   * 9.4, and 13.2.7 Port Strike points count in the 7.2.3 status comparison.
   */
  rulings?: '0.1';
}

/** A cell of a 13.3 distance chart: unlimited, a number of cards, or Allied/Soviet numbers. */
export type TransferLimit = 'U' | number | { allied: 'U' | number; soviet: 'U' | number };

export interface TransferChart {
  name: string;
  /** limits[a][b] for every pair of the seven zones (both directions). */
  limits: Record<ZoneId, Partial<Record<ZoneId, TransferLimit>>>;
}

export interface OptionalRules {
  /** 13.1: the turn from which the end-game die is rolled (2, 3 or 4). */
  variableEndTurn?: { startTurn: 2 | 3 | 4 };
  /** 13.2: Special Conditions; per-zone tables replace the general one. */
  specialConditions?: { tables: Partial<Record<ZoneId, SpecialConditionsTable>> };
  /** 13.3: the three War Zone distance charts (die 1–2, 3–5, 6). */
  transferLimitations?: { charts: [TransferChart, TransferChart, TransferChart] };
  /** 13.4 */
  flagOfficers?: boolean;
  /** 13.5 */
  frictionOfWar?: boolean;
  /** 14.1: an Overall Commander seat per team ("commander:allied"). */
  overallCommanders?: boolean;
}

export type PortStrikeChoice = 'air-strike' | 'port-facilities-damaged' | 'port-mined';

/** 13.2: one player's Special Condition this turn. */
/**
 * 13.5: a Special Conditions roll that may still be re-rolled, with what it did that a re-roll takes
 * back ("only the final result is the one that applies").
 */
export interface ConditionsRoll {
  kind: 'conditions';
  side: Side;
  /** 13.2.6 Prepared: the player's ships as they were before it repaired them. */
  repaired: Record<string, ShipState>;
  /** 13.2.1: the mission that both players' Bad Weather sent to be re-rolled. */
  voidedMission?: ZoneState['mission'];
}

export interface ConditionState {
  rolled: boolean;
  condition: SpecialCondition | null;
  /** 13.2.7: what the Port Strike did, once chosen. */
  portStrike: PortStrikeChoice | null;
}

export interface ShipState {
  /** Sum of the values of the Damage cards attached. */
  damage: number;
  crippled: boolean;
  critical: boolean;
  /** Submarines only: Passive mode. */
  passive: boolean;
  /** Committed to battle this Campaign Game Turn (false: in port). */
  committed: boolean;
}

export interface HeldCard {
  /** Stable id, unique in the game: the seat that got it first and a serial ("allied:mediterranean#3"). */
  id: string;
  type: string;
  /** Attack cards: printed value. */
  value?: number;
}

export interface PlayerState {
  /** Campaign Game Point Track (10). */
  track: number;
  /** Victory Points banked from this seat (10, 11). */
  banked: number;
  /** Ships in the Task Force, by id (in-port or committed). */
  fleet: Record<string, ShipState>;
  /** Action cards Wardroom knows this player holds: purchases, transfers, the card set aside (7.2.1). */
  cards: HeldCard[];
  /** Serial of the last card id given out by this seat. */
  cardSerial: number;
  /** Purchase order of this Campaign Game Turn (6.C.2), until purchases are carried out. */
  order: { ships: string[]; cards: HeldCard[]; done: boolean };
  /** Action cards bought this turn (limits count across purchase rounds). */
  cardsBought: HeldCard[];
  /** Battle commitment, secret until both players of the zone have committed (6.C.4); 13.4 Command Ship. */
  commitment: { ships: string[]; areaDefense: number; flagOfficer: string | null } | null;
  /** Points earned this Campaign Game Turn, for the status shift (7.2.3: mission, sinking, other)
   * and the in-port cap (7.2.4: mission, sinking, portStrike). `other`: 13.5 +2 points; `portStrike`:
   * 13.2.7 ships sunk in port, spent or banked in 6.C.2 before the status comparison. */
  earned: { mission: number; sinking: number; other: number; portStrike: number };
  /** 6.C.2 / 13.2.9: ships bought this turn; 13.2.8: Action cards bought at half price. */
  shipsBought: number;
  priorityUsed: number;
  /** 13.4: this player's team has a Flag Officer in this zone; the Command Ship this turn. */
  flagOfficer: boolean;
  commandShip: string | null;
  /** 13.5: Additional Ship cards played this turn, and the use of the card kept from last turn. */
  jokersPlayed: number;
  keptAdditionalShip: 'unused' | 'ship-at-point-value' | 'unlimited-transfers' | 'spent' | null;
  /** 13.5: Additional Ship cards ordered this player's Flag Officer present, and/or the opponent's absent, this turn. */
  flagOrder: { present: boolean; absent: boolean };
  /** 9.4 Mission Winner tally: points for sinking enemy ships and for the enemy retreating. */
  winnerTally: number;
  retreating: boolean;
  retreats: number;
  setAside: boolean;
}

export interface NonCombatant {
  /** "NC-7" for Non-Combatant card 7, "PO-2" for a Player Order card used as a 4-hit extra (8). */
  id: string;
  kind: 'military' | 'civilian';
  damage: number;
  sunk: boolean;
}

export interface BattleState {
  /** Battle Turns per player (7; 4 in the base game). */
  turnsPerPlayer: number;
  /** Player turns completed so far; the active side is `first` on even counts. */
  index: number;
  /** The Advantaged Player, who goes first (3, 7). */
  first: Side;
  /** Point Pool size, or null when the mission has none (9.1). */
  pool: number | null;
  /** Pool points awarded so far, per side. */
  poolAwarded: Record<Side, number>;
  /** 9.1 shore bombardment points so far (separate from the pool, capped at its value). */
  shoreBombardment: number;
  /** Non-Combatants of the mission player who has them (8). */
  nonCombatants: NonCombatant[];
  /** Who holds the Non-Combatants, and which side of the cards is up, or null. */
  nonCombatantSide: Side | null;
  nonCombatantKind: 'military' | 'civilian' | null;
  /** Non-Combatants still to be dealt. */
  toDeal: number;
  /** Whether each Task Force was eliminated at the end of the last Battle Turn (9.5, 9.6). */
  eliminated: Record<Side, boolean>;
}

export type ZoneStep =
  | 'mission' // 6.A: waiting for the mission roll
  | 'conditions' // 6.B / 13.2: Special Conditions
  | 'purchase' // 6.C.2
  | 'preparation' // 6.C.3–4: transfers, commitment
  | 'battle' // 6.D / 7
  | 'set-aside' // 7.2.1
  | 'turn-done';

export interface ZoneState {
  id: ZoneId;
  /** War Zone Status column 0..6 (Soviet Dominance .. Allied Dominance). */
  status: number;
  step: ZoneStep;
  mission: { cell: MissionCell; roll: number } | null;
  /** 9.5: re-rolls after a Carrier/Submarine Strike was declined this turn. */
  declines: { side: Side; mission: string }[];
  /** 13.5: the last die Wardroom rolled in this zone, while it may still be re-rolled. */
  lastRoll: { kind: 'mission' } | ConditionsRoll | null;
  /** 13.2 Special Conditions of this turn (null when the option is off). */
  conditions: Record<Side, ConditionState> | null;
  players: Record<Side, PlayerState>;
  battle: BattleState | null;
}

export interface Victory {
  winner: Side | null;
  margin: number;
  level: 'Pyrrhic' | 'Tactical' | 'Marginal' | 'Decisive' | 'Draw';
  totals: Record<Side, number>;
  zones: { id: ZoneId; banked: Record<Side, number>; endGame: { side: Side; vp: number } }[];
}

export interface CwnbState {
  options: CwnbOptions;
  dice: DiceState;
  /** Campaign Game Turn, 1..9. */
  turn: number;
  /** Purchases of this turn resolved and points banked (6.C.2). */
  purchasesResolved: boolean;
  zones: Partial<Record<ZoneId, ZoneState>>;
  /** Ships sunk: they never return (6.C.2). */
  sunk: string[];
  /** Non-Combatant cards (1..18) not dealt this turn, and Player Order cards used (8). */
  nonCombatantDeck: number[];
  playerOrderCards: number;
  result: Victory | null;
  /** 13.1: the end-game die is due. */
  endRollDue: boolean;
  /** 13.3: the distance chart of this turn (0, 1, 2), null until rolled; cards moved per side and pair. */
  transferChart: number | null;
  transfersUsed: Record<string, number>;
  /** 14.1: who holds each seat now (the Overall Commander may move players), and team notes. */
  holders: Partial<Record<string, string>>;
  notes: Record<Side, { by: string; turn: number; text: string }[]>;
}
