import { z } from 'zod';
import { ruleError } from '../../engine/errors.ts';
import type { ActionDef } from '../../engine/module.ts';
import { combineHooks, type OptionalRule, type Rulebook } from './hooks.ts';
import { declineStrike, rollMission } from './rules/missions.ts';
import { buyCard, buyShip, donePurchasing, restartOrder } from './rules/purchases.ts';
import { transferCard, transferShip } from './rules/transfers.ts';
import { commit } from './rules/commitment.ts';
import { dealNonCombatants } from './rules/non-combatants.ts';
import { cripple, criticalDamage, damage, endBattleTurn, landAttack, retreat, sink, submarine } from './rules/battle-record.ts';
import { setAside } from './rules/end-of-turn.ts';
import { teamNote } from './rules/team-summit.ts';
import { advance, STEPS } from './rules/sequence-of-play.ts';
import { variableEndTurn } from './optional/variable-end-turn.ts';
import { specialConditions } from './optional/special-conditions.ts';
import { transferLimitations } from './optional/transfer-limitations.ts';
import { flagOfficers } from './optional/flag-officers.ts';
import { frictionOfWar } from './optional/friction-of-war.ts';
import { overallCommanders } from './optional/overall-commanders.ts';
import type { CwnbOptions, CwnbState, ZoneStep } from './state.ts';
import type { CwnbActionDef } from './rules/common.ts';

/** The Campaign Game Optional Rules (13) and Larger Campaigns (14), each switched on by the game's options. */
export const OPTIONAL_RULES: readonly OptionalRule[] = [variableEndTurn, specialConditions, transferLimitations, flagOfficers, frictionOfWar, overallCommanders];

/** The base game's actions (rules 6–9). */
const BASE_ACTIONS: readonly CwnbActionDef[] = [
  rollMission,
  declineStrike,
  buyShip,
  buyCard,
  donePurchasing,
  restartOrder,
  transferShip,
  transferCard,
  commit,
  dealNonCombatants,
  sink,
  damage,
  cripple,
  criticalDamage,
  submarine,
  retreat,
  landAttack,
  endBattleTurn,
  setAside,
  teamNote,
];

/** How the actions are listed to a seat: in the order of the Sequence of Play. */
const ORDER = [
  'rollEndTurn',
  'rollMission',
  'rollSpecialConditions',
  'portStrike',
  'declineStrike',
  'buyShip',
  'buyCard',
  'useKeptAdditionalShip',
  'donePurchasing',
  'restartOrder',
  'rollTransferChart',
  'transferShip',
  'transferCard',
  'transferFlagOfficer',
  'commit',
  'dealNonCombatants',
  'sink',
  'damage',
  'cripple',
  'criticalDamage',
  'submarine',
  'retreat',
  'landAttack',
  'endBattleTurn',
  'setAside',
  'playAdditionalShip',
  'teamNote',
  'assignSeat',
];

/** An action of an optional rule not in use in this game: never offered, and refused saying so. */
function notInUse(rule: OptionalRule, def: ActionDef<CwnbState>): ActionDef<CwnbState> {
  const why = ruleError('optional-rule-off', `${def.type} belongs to Optional Rule ${rule.rule} (${rule.name}), which is not in use in this game.`, rule.rule);
  return { type: def.type, rule: rule.rule, decision: false, when: () => why, label: () => def.type, run: () => why };
}

/** The hooks and actions of the rules in play for these options. */
export function compileRulebook(options: CwnbOptions): Rulebook {
  const on = OPTIONAL_RULES.filter((r) => r.on(options));
  const off = OPTIONAL_RULES.filter((r) => !r.on(options)).flatMap((r) => (r.actions ?? []).map((d) => notInUse(r, d)));
  const actions = [...BASE_ACTIONS, ...on.flatMap((r) => r.actions ?? []), ...off].sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type));
  const inPlay = actions.filter((d) => !off.includes(d)) as CwnbActionDef[];
  const byStep = {} as Record<ZoneStep, CwnbActionDef[]>;
  for (const { step } of STEPS) byStep[step] = inPlay.filter((d) => !d.steps || d.steps.includes(step));
  return { hooks: combineHooks(on), actions, byStep, advance };
}

/** Every action a CWNB game file may log, base and optional, as one schema (docs/game-file.schema.json). */
export function actionFileSchema() {
  const all = [...BASE_ACTIONS, ...OPTIONAL_RULES.flatMap((r) => r.actions ?? [])] as CwnbActionDef[];
  const variants = all.map((d) => (d.schema as z.ZodObject).extend({ type: z.literal(d.type), seat: z.string(), for: z.string().optional(), rolled: z.array(z.number().int()).optional() }));
  return z.discriminatedUnion('type', variants as unknown as [z.ZodObject, ...z.ZodObject[]]);
}
