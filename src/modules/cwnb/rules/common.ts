import type { Draft } from 'immer';
import { refuse } from '../../../engine/errors.ts';
import type { GameEvent } from '../../../engine/module.ts';
import { zoneById } from '../data/index.ts';
import type { ShipCard, Side, ZoneId } from '../data/types.ts';
import { STATUS_COLUMNS } from '../data/types.ts';
import type { CwnbState, PlayerState, Seat, ZoneState } from '../state.ts';
import { other, parseSeat } from '../state.ts';
import { missionTerms, type MissionTerms } from './mission-terms.ts';

export type S = Draft<CwnbState> | CwnbState;
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
export function shipCard(state: S, id: string): ShipCard | undefined {
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

export function zoneState<T extends S>(state: T, zone: ZoneId): T extends Draft<CwnbState> ? Draft<ZoneState> : ZoneState {
  const z = state.zones[zone];
  if (!z) refuse('zone-not-in-play', `The ${zoneName(zone)} War Zone is not in play in this game.`);
  return z as any;
}

/** Resolve an acting seat to its zone and side, refusing unknown seats. */
export function seatParts(state: S, seat: string): { side: Side; zone: ZoneId } {
  const p = parseSeat(seat);
  if (!p || !state.zones[p.zone]) refuse('unknown-seat', `"${seat}" is not a seat in this game.`);
  return p;
}

export function terms(zone: Pick<ZoneState, 'id' | 'mission'>): MissionTerms | null {
  return zone.mission ? missionTerms(zoneById(zone.id), zone.mission.cell) : null;
}

export function requireTerms(zone: Pick<ZoneState, 'id' | 'mission'>): MissionTerms {
  const t = terms(zone);
  if (!t) refuse('no-mission', 'The mission for this War Zone has not been determined yet.');
  return t;
}

/** 10: points go onto the Point Track at once. */
export function score(
  zone: Draft<ZoneState>,
  side: Side,
  points: number,
  kind: 'mission' | 'sinking' | 'in-port',
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

export function opponentSeat(seat: Seat): Seat {
  const p = parseSeat(seat)!;
  return `${other(p.side)}:${p.zone}`;
}

export function player(zone: Draft<ZoneState>, side: Side): Draft<PlayerState> {
  return zone.players[side];
}

export function freshTurnPlayer(p: Draft<PlayerState>): void {
  p.order = { ships: [], cards: [], done: false };
  p.cardsBought = [];
  p.commitment = null;
  p.earned = { mission: 0, sinking: 0 };
  p.winnerTally = 0;
  p.retreating = false;
  p.retreats = 0;
  p.setAside = false;
  for (const ship of Object.values(p.fleet)) ship.committed = false;
}
