import { rollDice } from '../../../engine/dice.ts';
import { refuse } from '../../../engine/errors.ts';
import { zoneById } from '../data/index.ts';
import type { RowKey, Side } from '../data/types.ts';
import type { CwnbState, ZoneState } from '../state.ts';
import { other, seatOf } from '../state.ts';
import { advantagedSide, requireTerms, sideName, statusName, zoneName, type Events } from './common.ts';
import { shiftStatus } from './status.ts';
import { afterMission } from '../optional/special-conditions.ts';

/** 6.A: the die row of the Mission Table. */
export function rowFor(die: number): RowKey {
  return die <= 2 ? '1-2' : die <= 5 ? '3-5' : '6';
}

/** 6.A Determine Player Missions: the Advantaged Player rolls and cross-indexes the status column. */
export function rollMission(
  state: CwnbState,
  zone: ZoneState,
  side: Side,
  values: number[] | undefined,
  events: Events,
): void {
  if (zone.step !== 'mission') refuse('not-mission-step', `${zoneName(zone.id)}: the mission for this turn is already determined.`, '6.A');
  const adv = advantagedSide(zone.status);
  if (side !== adv) {
    refuse(
      'not-advantaged-player',
      `${zoneName(zone.id)}: the Advantaged Player (${sideName(adv)}, status ${statusName(zone.status)}) rolls for the mission.`,
      '6.A',
    );
  }
  const purpose = `Mission roll, ${zoneName(zone.id)}, turn ${state.turn}${zone.declines.length ? ' (re-roll, 9.5)' : ''}`;
  const r = rollDice(state.dice, seatOf(side, zone.id), [{ sides: 6, purpose }], values);
  state.dice = r.dice;
  events.push(...r.events);
  const roll = r.values[0];
  const cell = zoneById(zone.id).missionTable[rowFor(roll)][zone.status];
  zone.mission = { cell: { ...cell }, roll };
  const t = requireTerms(zone);
  events.push({
    type: 'mission',
    zone: zone.id,
    cell,
    text: `${zoneName(zone.id)}, turn ${state.turn}: Allied ${cell.allied} vs. Soviet ${cell.soviet}${cell.urgent ? ' (Urgent)' : ''} — ${t.title}, rule ${t.rule}.`,
  });
  zone.lastRoll = { kind: 'mission' };
  afterMission(state, zone, events);
}

/** The side whose mission is a Carrier or Submarine Strike (9.5), if any. */
export function strikeSide(zone: ZoneState): Side | null {
  if (!zone.mission) return null;
  for (const side of ['allied', 'soviet'] as const) {
    const m = zone.mission.cell[side];
    if (m === 'Carrier Strike' || m === 'Submarine Strike') return side;
  }
  return null;
}

/** 9.5: the Strike Mission Player may decline from the moment the mission is known until committing. */
export function canDecline(zone: ZoneState, side: Side): boolean {
  return strikeSide(zone) === side && ['conditions', 'purchase', 'preparation'].includes(zone.step) && !zone.players[side].commitment;
}

/**
 * 9.5: a Strike Mission Player who cannot or will not commit the required ship declines the
 * mission: the status shifts one column against them and the mission is re-rolled on the new
 * column. Allowed until that player commits.
 */
export function declineStrike(zone: ZoneState, side: Side, events: Events): void {
  if (!canDecline(zone, side)) {
    refuse('no-strike-to-decline', `${zoneName(zone.id)}: only a Carrier or Submarine Strike Mission Player may decline their mission, before committing.`, '9.5');
  }
  const mission = zone.mission!.cell[side];
  zone.declines.push({ side, mission });
  shiftStatus(zone, other(side), events, `${sideName(side)} declined the ${mission} mission, 9.5`);
  zone.mission = null;
  zone.step = 'mission';
  zone.players.allied.commitment = null;
  zone.players.soviet.commitment = null;
}
