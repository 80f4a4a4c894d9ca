import { z } from 'zod';
import { zoneById } from '../data/index.ts';
import type { RowKey } from '../data/types.ts';
import { other, seatOf } from '../state.ts';
import type { ZoneState } from '../state.ts';
import { advantagedSide, diceFields, diceSchema, no, requireTerms, roll, say, sideName, statusName, writablePlayer, zoneAction, zoneName } from './common.ts';
import { BATTLE_PREPARATIONS, inBattlePreparations } from './sequence-of-play.ts';
import { shiftStatus } from './status.ts';

/** 6.A: the die row of the Mission Table. */
export function rowFor(die: number): RowKey {
  return die <= 2 ? '1-2' : die <= 5 ? '3-5' : '6';
}

/** 6.A: roll the mission die and cross-index the zone's status column (also a 13.5 re-roll). */
export function determineMission(state: Parameters<typeof roll>[0], zone: ZoneState, values: readonly number[] | undefined, ctx: Parameters<typeof roll>[1]): void {
  const side = advantagedSide(zone.status);
  const purpose = `Mission roll, ${zoneName(zone.id)}, turn ${state.turn}${zone.declines.length ? ' (re-roll, 9.5)' : ''}`;
  const [die] = roll(state, ctx, seatOf(side, zone.id), [{ sides: 6, purpose }], values, zone.id);
  const cell = zoneById(zone.id).missionTable[rowFor(die)][zone.status];
  zone.mission = { cell: { ...cell }, roll: die };
  const t = requireTerms(zone);
  say(ctx, {
    type: 'mission',
    zone: zone.id,
    cell,
    roll: die,
    pair: t.pair,
    rule: t.rule,
    text: `${zoneName(zone.id)}, turn ${state.turn}: Allied ${cell.allied} vs. Soviet ${cell.soviet}${cell.urgent ? ' (Urgent)' : ''} — ${t.title}, rule ${t.rule}.`,
  });
  ctx.hooks.rolled(zone, { kind: 'mission' }); // 13.5
}

/** 6.A Determine Player Missions: the Advantaged Player rolls and cross-indexes the status column. */
export const rollMission = zoneAction({
  type: 'rollMission',
  steps: ['mission'],
  commands: [{ word: 'roll' }],
  rule: '6.A',
  schema: z.object({ values: diceSchema }),
  label: (_s, zone) => `Roll the mission die (d6) for ${zoneName(zone.id)}`,
  when(_state, zone, side, explain) {
    if (zone.step !== 'mission') return no(explain, 'not-mission-step', () => `${zoneName(zone.id)}: the mission for this turn is already determined.`);
    const adv = advantagedSide(zone.status);
    if (side !== adv) return no(explain, 'not-advantaged-player', () => `${zoneName(zone.id)}: the Advantaged Player (${sideName(adv)}, status ${statusName(zone.status)}) rolls for the mission.`);
    return null;
  },
  fields: (state) => diceFields(state, [6], ['mission die']),
  apply: (draft, zone, _side, a, ctx) => determineMission(draft, zone, a.values, ctx),
});

/** The side whose mission is a Carrier or Submarine Strike (9.5), if any. */
export function strikeSide(zone: ZoneState): 'allied' | 'soviet' | null {
  if (!zone.mission) return null;
  for (const side of ['allied', 'soviet'] as const) {
    const m = zone.mission.cell[side];
    if (m === 'Carrier Strike' || m === 'Submarine Strike') return side;
  }
  return null;
}

/**
 * 9.5: a Strike Mission Player who cannot or will not commit the required ship declines the
 * mission: the status shifts one column against them and the mission is re-rolled on the new
 * column. Allowed from the moment the mission is known until that player commits.
 */
export const declineStrike = zoneAction({
  type: 'declineStrike',
  steps: BATTLE_PREPARATIONS,
  commands: [{ word: 'decline' }],
  rule: '9.5',
  decision: false,
  schema: z.object({}),
  label: () => 'Decline the Strike mission (status shifts one column against you; re-roll, 9.5)',
  when(_state, zone, side, explain) {
    if (strikeSide(zone) !== side || !inBattlePreparations(zone) || zone.players[side].commitment) {
      return no(explain, 'no-strike-to-decline', () => `${zoneName(zone.id)}: only a Carrier or Submarine Strike Mission Player may decline their mission, before committing.`);
    }
    return null;
  },
  apply(draft, zone, side, _a, ctx) {
    const mission = zone.mission!.cell[side];
    const ordering = zone.step === 'purchase' && !draft.purchasesResolved;
    zone.declines = [...zone.declines, { side, mission }];
    shiftStatus(zone, other(side), ctx, `${sideName(side)} declined the ${mission} mission, 9.5`);
    zone.mission = null;
    zone.step = 'mission';
    // Only the other player can have committed (the decliner may not have): told, as it must commit again.
    if (zone.players[other(side)].commitment) {
      writablePlayer(zone, other(side)).commitment = null;
      say(ctx, { type: 'note', zone: zone.id, rule: '9.5', text: `${zoneName(zone.id)}: the ${sideName(other(side))} commitment is taken back; both players commit after the new mission roll (9.5).` });
    }
    // 6.C.2 an order made for the declined mission may be started again before the purchases are carried out (ruling).
    if (ordering) {
      say(ctx, { type: 'note', zone: zone.id, rule: '6.C.2', text: `${zoneName(zone.id)}: an order made for the declined mission may be started again (reorder) until the purchases are carried out; once every order is finished they are, the re-roll included (6.C.2).` });
    }
  },
});
