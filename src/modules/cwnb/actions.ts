import { z } from 'zod';
import { ZONE_IDS } from './data/types.ts';

/**
 * Every action a seat can submit, by `type` (docs/actions.md has an example of each). Shape
 * is checked here; whose decision it is and the rules are checked by the rule files.
 */
const seat = z.string();
/** 14.1: an Overall Commander names the team seat it acts for. */
const forSeat = z.string().optional();
const dice = z.array(z.number().int()).optional();
const id = z.string().min(1);

export const actionSchema = z.discriminatedUnion('type', [
  // 6.A
  z.object({ type: z.literal('rollMission'), seat, values: dice }),
  z.object({ type: z.literal('declineStrike'), seat }),
  // 6.C.2
  z.object({ type: z.literal('buyShip'), seat, for: forSeat, ship: id }),
  z.object({ type: z.literal('buyCard'), seat, for: forSeat, card: id, value: z.number().int().optional() }),
  z.object({ type: z.literal('donePurchasing'), seat, for: forSeat }),
  // 6.C.3
  z.object({ type: z.literal('transferShip'), seat, for: forSeat, ship: id, to: z.enum(ZONE_IDS) }),
  z.object({ type: z.literal('transferCard'), seat, for: forSeat, card: z.number().int(), to: z.enum(ZONE_IDS) }),
  // 6.C.4 (13.4: flagOfficer names the Command Ship)
  z.object({ type: z.literal('commit'), seat, ships: z.array(id), areaDefense: z.number().int().default(0), flagOfficer: id.optional() }),
  // 8
  z.object({ type: z.literal('dealNonCombatants'), seat, cards: z.array(z.number().int()).optional() }),
  // 7: battle outcomes
  z.object({ type: z.literal('sink'), seat, ship: id, cause: z.string().optional() }),
  z.object({ type: z.literal('damage'), seat, ship: id, amount: z.number().int() }),
  z.object({ type: z.literal('cripple'), seat, ship: id, value: z.boolean().default(true) }),
  z.object({ type: z.literal('criticalDamage'), seat, ship: id, value: z.boolean().default(true) }),
  z.object({ type: z.literal('submarine'), seat, ship: id, mode: z.enum(['active', 'passive']) }),
  z.object({ type: z.literal('retreat'), seat }),
  z.object({
    type: z.literal('landAttack'),
    seat,
    attack: z.enum(['carrier-air-strike', 'submarine-missile', 'gun']),
    success: z.boolean().optional(),
    damage: z.number().int().optional(),
    surprise: z.boolean().default(false),
  }),
  z.object({ type: z.literal('endBattleTurn'), seat }),
  // 7.2.1
  z.object({ type: z.literal('setAside'), seat, card: z.string().optional(), value: z.number().int().optional() }),
  // 13.1
  z.object({ type: z.literal('rollEndTurn'), seat, values: dice }),
  // 13.2
  z.object({ type: z.literal('rollSpecialConditions'), seat, values: dice }),
  z.object({ type: z.literal('portStrike'), seat, choice: z.enum(['air-strike', 'port-facilities-damaged', 'port-mined']), values: dice }),
  // 13.3
  z.object({ type: z.literal('rollTransferChart'), seat, values: dice }),
  // 13.4
  z.object({ type: z.literal('transferFlagOfficer'), seat, for: forSeat, to: z.enum(ZONE_IDS) }),
  // 13.5
  z.object({
    type: z.literal('playAdditionalShip'),
    seat,
    use: z.enum(['reroll-mission', 'reroll-conditions', 'reroll-table-die', 'points', 'bank', 'flag-officer-present', 'flag-officer-absent']),
    side: z.enum(['allied', 'soviet']).optional(),
    values: dice,
  }),
  z.object({ type: z.literal('useKeptAdditionalShip'), seat, use: z.enum(['ship-at-point-value', 'unlimited-transfers']) }),
  // 14.1
  z.object({ type: z.literal('teamNote'), seat, text: z.string() }),
  z.object({ type: z.literal('assignSeat'), seat, target: z.string(), player: z.string() }),
]);

export type CwnbAction = z.infer<typeof actionSchema>;
export const ACTION_TYPES = actionSchema.options.map((o) => o.shape.type.value);
