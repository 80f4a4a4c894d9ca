import { refuse } from '../../../engine/errors.ts';
import type { GameEvent } from '../../../engine/module.ts';
import { zoneById } from '../data/index.ts';
import type { ShipCard, Side, ZoneId } from '../data/types.ts';
import { STATUS_COLUMNS } from '../data/types.ts';
import type { CwnbState, PlayerState, ShipState, ZoneState } from '../state.ts';
import { parseSeat } from '../state.ts';
import { missionTerms, type MissionTerms } from './mission-terms.ts';

export type Events = GameEvent[];

export function sideName(side: Side): string {
  return side === 'allied' ? 'Allied' : 'Soviet';
}

export function zoneName(zone: ZoneId): string {
  return zoneById(zone).name;
}

/** 3: the Advantaged Player from the status column; the Soviet player on Even. */
export function advantagedSide(status: number): Side {
  return status >= 4 ? 'allied' : 'soviet';
}

export function statusName(status: number): string {
  return STATUS_COLUMNS[status];
}

const rosterIndex = new WeakMap<object, Map<string, ShipCard>>();

/** The ship card with this id in the game's roster. */
export function shipCard(state: CwnbState, id: string): ShipCard | undefined {
  const ships = state.options.roster.ships as ShipCard[];
  let index = rosterIndex.get(ships);
  if (!index) {
    index = new Map(ships.map((s) => [s.id, s]));
    rosterIndex.set(ships, index);
  }
  return index.get(id);
}

export function isSubmarine(card: ShipCard): boolean {
  return card.kind === 'submarine' || card.kind === 'missile-submarine';
}

/**
 * Copy-on-write drafts. `beginDraft` copies the top of the state; a rule that changes a zone
 * first takes it with `writableZone`, which copies that zone once per action. Everything else is
 * shared with the previous state, which is never changed in place.
 */
const writable = new WeakMap<CwnbState, Set<ZoneId>>();

export function beginDraft(state: CwnbState): CwnbState {
  const draft = { ...state, zones: { ...state.zones } };
  writable.set(draft, new Set());
  return draft;
}

// Copies of the parts of a zone that rules change in place. Objects they only ever replace
// (the mission cell, Action cards, lastRoll) are shared.
function clonePlayer(p: PlayerState): PlayerState {
  return {
    ...p,
    fleet: { ...p.fleet }, // ShipStates are replaced, never changed in place: see updateShip
    cards: p.cards.slice(),
    order: { ships: p.order.ships.slice(), cards: p.order.cards.slice(), done: p.order.done },
    cardsBought: p.cardsBought.slice(),
    commitment: p.commitment && { ...p.commitment, ships: p.commitment.ships.slice() },
    earned: { ...p.earned },
    flagOrder: { ...p.flagOrder },
  };
}

function cloneZone(z: ZoneState): ZoneState {
  const b = z.battle;
  return {
    ...z,
    declines: z.declines.slice(),
    conditions: z.conditions && { allied: { ...z.conditions.allied }, soviet: { ...z.conditions.soviet } },
    players: { allied: clonePlayer(z.players.allied), soviet: clonePlayer(z.players.soviet) },
    battle: b && {
      ...b,
      poolAwarded: { ...b.poolAwarded },
      nonCombatants: b.nonCombatants.map((n) => ({ ...n })),
      eliminated: { ...b.eliminated },
    },
  };
}

/** The zone, copied for changing in this action (refused if the game has no such zone). */
export function writableZone(draft: CwnbState, zone: ZoneId): ZoneState {
  const copied = writable.get(draft);
  if (!copied) throw new Error('writableZone needs a draft from beginDraft');
  const z = draft.zones[zone];
  if (!z) refuse('zone-not-in-play', `The ${zoneName(zone)} War Zone is not in play in this game.`);
  if (copied.has(zone)) return z;
  const copy = cloneZone(z);
  draft.zones[zone] = copy;
  copied.add(zone);
  return copy;
}

/** Change a ship's state in a writable zone (ship states are shared between states, so replaced). */
export function updateShip(p: PlayerState, id: string, patch: Partial<ShipState>): void {
  p.fleet[id] = { ...p.fleet[id], ...patch };
}

export function writableZones(draft: CwnbState): ZoneState[] {
  return (Object.keys(draft.zones) as ZoneId[]).map((id) => writableZone(draft, id));
}

/** Resolve an acting seat to its zone and side, refusing unknown seats. */
export function seatParts(state: CwnbState, seat: string): { side: Side; zone: ZoneId } {
  const p = parseSeat(seat);
  if (!p || !state.zones[p.zone]) refuse('unknown-seat', `"${seat}" is not a seat in this game.`);
  return p;
}

const termsCache = new Map<string, MissionTerms>();

/** The zone's current mission terms (computed once per zone and table cell). */
export function terms(zone: Pick<ZoneState, 'id' | 'mission'>): MissionTerms | null {
  if (!zone.mission) return null;
  const c = zone.mission.cell;
  const key = `${zone.id}|${c.allied}|${c.soviet}|${c.urgent}`;
  let t = termsCache.get(key);
  if (!t) {
    t = Object.freeze(missionTerms(zoneById(zone.id), c));
    termsCache.set(key, t);
  }
  return t;
}

export function requireTerms(zone: Pick<ZoneState, 'id' | 'mission'>): MissionTerms {
  const t = terms(zone);
  if (!t) refuse('no-mission', 'The mission for this War Zone has not been determined yet.');
  return t;
}

/** 10: points go onto the Point Track at once. */
export function score(
  zone: ZoneState,
  side: Side,
  points: number,
  kind: 'mission' | 'sinking' | 'other' | 'in-port',
  events: Events,
  why: string,
): void {
  if (points <= 0) return;
  const p = zone.players[side];
  p.track += points;
  if (kind !== 'in-port') p.earned[kind] += points;
  events.push({
    type: 'points',
    zone: zone.id,
    side,
    points,
    kind,
    text: `${zoneName(zone.id)}: ${sideName(side)} scores ${points} (${why}); Point Track ${p.track}.`,
  });
}

export function freshTurnPlayer(p: PlayerState): void {
  p.order = { ships: [], cards: [], done: false };
  p.cardsBought = [];
  p.commitment = null;
  p.earned = { mission: 0, sinking: 0, other: 0 };
  p.shipsBought = 0;
  p.priorityUsed = 0;
  p.commandShip = null;
  p.jokersPlayed = 0;
  p.flagOrder = { present: false, absent: false };
  if (p.keptAdditionalShip === 'spent' || p.keptAdditionalShip === 'ship-at-point-value' || p.keptAdditionalShip === 'unlimited-transfers') p.keptAdditionalShip = null;
  p.winnerTally = 0;
  p.retreating = false;
  p.retreats = 0;
  p.setAside = false;
  for (const id in p.fleet) updateShip(p, id, { committed: false });
}
