import { z } from 'zod';
import { ZONE_IDS } from './data/types.ts';

/**
 * Every action a seat can submit, by `type` (docs/actions.md has an example of each). Shape
 * is checked here; whose decision it is and the rules are checked by the rule files.
 */
const seat = z.string();
const dice = z.array(z.number().int()).optional();
const id = z.string().min(1);

export const actionSchema = z.discriminatedUnion('type', [
  // 6.A
  z.object({ type: z.literal('rollMission'), seat, values: dice }),
  z.object({ type: z.literal('declineStrike'), seat }),
  // 6.C.2
  z.object({ type: z.literal('buyShip'), seat, ship: id }),
  z.object({ type: z.literal('buyCard'), seat, card: id, value: z.number().int().optional() }),
  z.object({ type: z.literal('donePurchasing'), seat }),
  // 6.C.3
  z.object({ type: z.literal('transferShip'), seat, ship: id, to: z.enum(ZONE_IDS) }),
  z.object({ type: z.literal('transferCard'), seat, card: z.number().int(), to: z.enum(ZONE_IDS) }),
  // 6.C.4
  z.object({ type: z.literal('commit'), seat, ships: z.array(id), areaDefense: z.number().int().default(0) }),
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
]);

export type CwnbAction = z.infer<typeof actionSchema>;
export const ACTION_TYPES = actionSchema.options.map((o) => o.shape.type.value);
