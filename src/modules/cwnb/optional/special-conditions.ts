import { z } from 'zod';
import { refuse } from '../../../engine/errors.ts';
import { SPECIAL_CIRCUMSTANCES } from '../data/index.ts';
import type { Side, SpecialCondition, SpecialConditionsTable } from '../data/types.ts';
import type { OptionalRule } from '../hooks.ts';
import { diceSchema, no, removeShip, requireTerms, roll, say, score, shipCard, sideName, updateShip, writablePlayer, zoneAction, zoneName, type Ctx } from '../rules/common.ts';
import { BATTLE_TURNS } from '../rules/commitment.ts';
import type { ConditionState, CwnbState, PortStrikeChoice, ShipState, ZoneState } from '../state.ts';
import { other, seatOf } from '../state.ts';

/**
 * 13.2 Special Conditions (Step B of the Sequence of Play). Each player rolls: 1–4 no Special
 * Condition; 5–6 roll again on the player's side of the zone's Special Conditions table. Effects
 * on the campaign are enforced here; effects inside the card battle are shown as reminders.
 */

function fresh(): Record<Side, ConditionState> {
  const c = (): ConditionState => ({ rolled: false, condition: null, portStrike: null });
  return { allied: c(), soviet: c() };
}

export function conditionsTable(state: CwnbState, zone: ZoneState): SpecialConditionsTable {
  return state.options.optional.specialConditions?.tables[zone.id] ?? SPECIAL_CIRCUMSTANCES;
}

// With 13.2 in use every War Zone has its conditions (the setup and newTurn hooks); nothing here runs without it.
export function has(zone: ZoneState, side: Side, c: SpecialCondition): boolean {
  return zone.conditions![side].condition === c;
}

function either(zone: ZoneState, c: SpecialCondition): boolean {
  return has(zone, 'allied', c) || has(zone, 'soviet', c);
}

/** 13.2.1: both players rolled Bad Weather. */
export function severeWeather(zone: ZoneState): boolean {
  return has(zone, 'allied', 'Bad Weather') && has(zone, 'soviet', 'Bad Weather');
}

/** A player has still to roll, or to choose the Port Strike effect. */
function pending(zone: ZoneState): boolean {
  const c = zone.conditions;
  return !!c && (['allied', 'soviet'] as const).some((s) => !c[s].rolled || (c[s].condition === 'Port Strike' && !c[s].portStrike));
}

/** 6.B: a player's Special Conditions roll (one die, and a second on 5–6); also the 13.5 re-roll. */
export function rollConditions(state: CwnbState, zone: ZoneState, side: Side, values: readonly number[] | undefined, ctx: Ctx): void {
  const c = zone.conditions!;
  const seat = seatOf(side, zone.id);
  const [first] = roll(state, ctx, seat, [{ sides: 6, purpose: `Special Conditions, ${zoneName(zone.id)}, ${sideName(side)}, turn ${state.turn}` }], values?.slice(0, 1), zone.id);
  let condition: SpecialCondition | null = null;
  if (first >= 5) {
    if (state.dice.physical && values && values.length < 2) refuse('dice-values-required', `A Special Conditions roll of ${first} calls for the table die too (a 5 or 6 does): roll it, and give both dice, the ${first} first.`, '13.2');
    const [second] = roll(state, ctx, seat, [{ sides: 6, purpose: `Special Conditions table, ${zoneName(zone.id)}, ${sideName(side)}` }], values?.slice(1, 2), zone.id);
    condition = conditionsTable(state, zone).rows.find((r) => r.die === second)![side];
  } else if (state.dice.physical && values && values.length > 1) {
    refuse('extra-die', 'A Special Conditions roll of 1–4 means no Special Condition: enter only that die.', '13.2');
  }
  zone.conditions = { ...c, [side]: { rolled: true, condition, portStrike: null } };
  say(ctx, {
    type: 'special-condition',
    zone: zone.id,
    side,
    condition,
    text: `${zoneName(zone.id)}: ${sideName(side)} ${condition ? `Special Condition: ${condition}` : 'has no Special Condition'} this turn (13.2).`,
  });
  const repaired: Record<string, ShipState> = {};
  if (condition === 'Prepared') {
    // 13.2.6 Prepared: all the player's damaged ships are repaired at once.
    const p = writablePlayer(zone, side);
    for (const [id, ship] of Object.entries(p.fleet)) {
      repaired[id] = ship;
      updateShip(p, id, { damage: 0, crippled: false, critical: false });
    }
    say(ctx, { type: 'repair', zone: zone.id, side, text: `${zoneName(zone.id)}: Prepared — all ${sideName(side)} ships repaired (13.2.6).` });
  }
  ctx.hooks.rolled(zone, { kind: 'conditions', side, repaired }); // 13.5
}

export const rollSpecialConditions = zoneAction({
  type: 'rollSpecialConditions',
  steps: ['conditions'],
  commands: [{ word: 'conditions' }],
  rule: '13.2',
  schema: z.object({ values: diceSchema }),
  label: () => 'Roll for Special Conditions (1–4 none; 5–6 roll on the table)',
  when(_state, zone, side, explain) {
    // Rolled already (the zone may have moved on to its purchases): that is the reason, not the step.
    if (zone.conditions?.[side].rolled) return no(explain, 'conditions-rolled', () => 'You have already rolled for Special Conditions this turn.');
    return zone.step !== 'conditions' || !zone.conditions ? no(explain, 'not-conditions-step', () => `${zoneName(zone.id)}: Special Conditions are rolled after the mission is determined (13.2).`) : null;
  },
  fields: (state) =>
    state.dice.physical
      ? { values: { kind: 'dice', label: 'Dice', help: 'The Special Conditions die; the table die only after a 5 or 6.', sides: [6, 6], min: 1, labels: ['Special Conditions die', 'table die (after a 5 or 6)'] } }
      : undefined,
  apply: (state, zone, side, a, ctx) => rollConditions(state, zone, side, a.values, ctx),
});

/**
 * Why the roster cannot decide an air strike's hits on these ships, or null. What it says must decide
 * each hit: Large or no Crippled side (sunk), a Crippled side and not Large (crippled); a crippled ship
 * is sunk whatever its card says. 0.1 read a missing field as "no".
 */
function shipDataMissing(state: CwnbState, fleet: Record<string, ShipState>): string | null {
  const unknown = Object.keys(fleet).filter((id) => {
    const { large, crippledSide } = shipCard(state, id)!;
    if (state.options.rulings === '0.1') return large === undefined && crippledSide === undefined;
    return !fleet[id].crippled && !(large === true || crippledSide === false || (large === false && crippledSide === true));
  });
  if (!unknown.length) return null;
  const names = unknown.map((id) => shipCard(state, id)!.name).join(', ');
  return `the roster does not say whether ${names} ${unknown.length > 1 ? 'are Large ships or have' : 'is a Large ship or has'} a Crippled side (roster fields "large", "crippledSide"); add them to the roster or choose another Port Strike effect.`;
}

const PORT_STRIKE_OPTIONS = [
  { value: 'air-strike', label: 'Special air strike on every enemy ship in the zone (hit on 1)' },
  { value: 'port-facilities-damaged', label: 'Port facilities damaged: no enemy repairs in port this turn' },
  { value: 'port-mined', label: 'Port mined and harassed: enemy ships in port score half' },
] as const;

/** 13.2.7 Port Strike! The player chooses one of the three effects. */
export const portStrike = zoneAction({
  type: 'portStrike',
  steps: ['conditions'],
  commands: [{ word: 'portstrike' }],
  rule: '13.2.7',
  schema: z.object({ choice: z.enum(['air-strike', 'port-facilities-damaged', 'port-mined']), values: diceSchema }),
  label: () => 'Port Strike! Choose its effect',
  toldWhenClosed: ['port-strike-waits'],
  when(state, zone, side, explain) {
    const c = zone.conditions![side];
    if (zone.step !== 'conditions' || c.condition !== 'Port Strike' || c.portStrike) return no(explain, 'no-port-strike', () => 'Only a player who rolled Port Strike! chooses its effect, once.');
    // Both players roll in Step B "at this time": the strike follows both rolls, so a 13.2.6 Prepared repair comes before it whoever rolled first (0.1: at any time).
    if (!zone.conditions![other(side)].rolled && state.options.rulings !== '0.1') {
      return no(explain, 'port-strike-waits', () => `The Port Strike is made once the ${sideName(other(side))} player has rolled for Special Conditions too (13.2).`, '13.2');
    }
    return null;
  },
  fields(state, zone, side) {
    const enemy = Object.keys(zone.players[other(side)].fleet);
    const dice = state.dice.physical && enemy.length > 0 // no enemy ship: nothing to roll
      ? { values: { kind: 'dice' as const, label: 'Dice', help: 'One die per enemy ship in the zone; a 1 hits.', sides: enemy.map(() => 6), labels: enemy.map((id) => `air strike on ${shipCard(state, id)!.name}`) } }
      : undefined;
    // The roster cannot decide a hit: the air strike is not available, with why (it asks no dice in vain).
    const missing = shipDataMissing(state, zone.players[other(side)].fleet);
    const options = PORT_STRIKE_OPTIONS.filter((o) => o.value !== 'air-strike' || !missing);
    const unavailable = missing ? [{ ...PORT_STRIKE_OPTIONS[0], why: missing }] : [];
    return { choice: { kind: 'choice', label: 'Effect', help: "The one effect of your Port Strike on the enemy's home port in this War Zone (13.2.7).", options: options.map((o) => (o.value !== 'air-strike' ? o : !enemy.length ? { ...o, label: `${o.label}: no enemy ship is in the zone, so it would do nothing` } : dice ? { ...o, fields: dice } : o)), unavailable } };
  },
  apply(state, zone, side, a, ctx) {
    const enemy = other(side);
    const noTarget = a.choice === 'air-strike' && !Object.keys(zone.players[enemy].fleet).length;
    if (a.choice === 'air-strike') {
      const fleet = zone.players[enemy].fleet;
      const target = writablePlayer(zone, enemy);
      const ids = Object.keys(fleet);
      const missing = shipDataMissing(state, fleet);
      if (missing) refuse('port-strike-ship-data', `Port Strike air strike: ${missing}`, '13.2.7');
      const values = roll(state, ctx, seatOf(side, zone.id), ids.map((id) => ({ sides: 6, purpose: `Port Strike on ${shipCard(state, id)!.name}, ${zoneName(zone.id)} (hit on 1)` })), a.values, zone.id);
      ids.forEach((id, i) => {
        if (values[i] !== 1) return;
        const card = shipCard(state, id)!;
        if (!card.large && card.crippledSide && !fleet[id].crippled) {
          updateShip(target, id, { crippled: true });
          say(ctx, { type: 'crippled', zone: zone.id, unit: id, value: true, text: `${zoneName(zone.id)}: Port Strike hits ${card.name}: crippled (13.2.7).` });
        } else {
          removeShip(target, id);
          state.sunk = [...state.sunk, id];
          say(ctx, { type: 'sunk', zone: zone.id, side: enemy, unit: id, cause: 'Port Strike', text: `${zoneName(zone.id)}: Port Strike hits ${card.name}: sunk (13.2.7).` });
          score(zone, side, card.points, state.options.rulings === '0.1' ? 'sinking' : 'port-strike', ctx, `Port Strike sank ${card.name}; spend or bank these points in Battle Preparations`);
        }
      });
    }
    zone.conditions = { ...zone.conditions!, [side]: { ...zone.conditions![side], portStrike: a.choice as PortStrikeChoice } };
    const what = {
      'air-strike': 'special air strike on every enemy ship in the zone',
      'port-facilities-damaged': 'enemy port facilities damaged: no repairs to enemy ships in port this turn',
      'port-mined': 'enemy port mined and harassed: enemy ships in port score half (a quarter if already halved), rounded up per ship',
    }[a.choice];
    say(ctx, { type: 'port-strike', zone: zone.id, side, choice: a.choice, text: `${zoneName(zone.id)}: ${sideName(side)} Port Strike! — ${what}${noTarget ? ': no enemy ship was in the zone, so it did nothing' : ''} (13.2.7).` });
  },
});

/** 13.2.3, 13.2.4, 13.2.10: Battle Turns per player, cumulative over both players' conditions. */
export function battleTurns(zone: ZoneState): number {
  let n = BATTLE_TURNS;
  for (const side of ['allied', 'soviet'] as const) {
    const c = zone.conditions![side].condition;
    if (c === 'Long Battle' || c === 'Long Range Battle') n += 1;
    if (c === 'Short Battle') n -= 1;
  }
  return Math.max(1, n);
}

export const specialConditions: OptionalRule = {
  rule: '13.2',
  name: 'Special Conditions',
  on: (o) => !!o.optional.specialConditions,
  actions: [rollSpecialConditions, portStrike],
  hooks: {
    setup(state) {
      for (const z of Object.values(state.zones)) z!.conditions = fresh();
    },
    newTurn(_state, zone) {
      zone.conditions = fresh();
      for (const side of ['allied', 'soviet'] as const) if (zone.players[side].priorityUsed) writablePlayer(zone, side).priorityUsed = 0;
    },
    stepBPending: pending,
    rerollAfterStepB(_state, zone, ctx) {
      // 13.2.1: no Air Strikes at all, so a Carrier Strike is re-rolled without the column shift.
      const t = requireTerms(zone);
      if (!severeWeather(zone) || !(['allied', 'soviet'] as const).some((s) => t.sides[s].mission === 'Carrier Strike')) return false;
      say(ctx, { type: 'note', zone: zone.id, rule: '13.2.1', text: `${zoneName(zone.id)}: both players rolled Bad Weather — the Carrier Strike mission is re-rolled without the column shift (13.2.1).` });
      return true;
    },
    // 13.2.8 Priority: up to three Action cards at half price, rounded up per card (the dearest ones).
    orderPrices(_state, zone, side, _ships, cards) {
      const left = has(zone, side, 'Priority') ? Math.max(0, 3 - zone.players[side].priorityUsed) : 0;
      for (let i = 0; i < Math.min(left, cards.length); i++) cards[i] = Math.ceil(cards[i] / 2);
    },
    priceNote: (_state, zone, side, kind) =>
      kind === 'card' && has(zone, side, 'Priority') && zone.players[side].priorityUsed < 3
        ? { label: 'with Priority (13.2.8)', help: 'Priority: up to three Action cards of your order at half price, rounded up (13.2.8).' }
        : null,
    purchased(zone, side, _ships, cards) {
      if (has(zone, side, 'Priority')) writablePlayer(zone, side).priorityUsed += Math.min(cards.length, Math.max(0, 3 - zone.players[side].priorityUsed));
    },
    // 6.C.2 with 13.2.6 Prepared (7) and 13.2.9 Rushed (3).
    actionCardLimit: (zone, side) => (has(zone, side, 'Rushed') ? 3 : has(zone, side, 'Prepared') ? 7 : 5),
    // 13.2.9 Rushed: at most one Ship card, except on the first turn.
    shipLimit: (state, zone, side) => (has(zone, side, 'Rushed') && state.turn > 1 ? 1 : Infinity),
    checkTransfer(_state, from, to, side, what) {
      if (has(from, side, 'Priority')) refuse('priority-no-transfers', `${zoneName(from.id)}: Priority — you may not transfer cards to other War Zones this turn.`, '13.2.8');
      if (what !== 'ship') return;
      for (const z of [from, to]) {
        if (has(z, side, 'Rushed')) refuse('rushed-no-ship-trading', `Rushed: the ${sideName(side)} player of the ${zoneName(z.id)} may not give or receive Ship cards this turn (13.2.9).`, '13.2.9');
      }
    },
    transferOpen: (_state, from, _to, side) => !has(from, side, 'Priority'),
    // 13.2.2 Close Range Battle: no Area Defense cards set up before the battle.
    checkCommitment(_state, zone, _side, _ships, areaDefense) {
      if (areaDefense > 0 && either(zone, 'Close Range Battle')) {
        refuse('close-range-no-area-defense', 'Close Range Battle: the Disadvantaged Player may not set up Area Defense cards before the battle.', '13.2.2');
      }
    },
    battleTurns,
    // 13.2.1: with Bad Weather on both sides no Air Strikes are allowed.
    checkAirStrike(zone) {
      if (severeWeather(zone)) refuse('no-air-strikes', 'Both players rolled Bad Weather: no Air Strikes or ASW operations at all this turn.', '13.2.1');
    },
    // 13.2.7: after an enemy Port Strike ships in port score half again, or are not repaired.
    inPort(zone, side) {
      const enemy = zone.conditions![other(side)].portStrike;
      return { halvings: enemy === 'port-mined' ? 1 : 0, repairs: enemy !== 'port-facilities-damaged' };
    },
    fogOfWar: (zone) => (severeWeather(zone) ? -2 : either(zone, 'Bad Weather') ? -1 : 0), // 13.2.1
    reminders(_state, zone) {
      const out: string[] = [];
      if (!zone.conditions) return out;
      // What each side rolled (rolled openly), and what a Port Strike did once chosen.
      const rolled = (['allied', 'soviet'] as const).flatMap((side) => {
        const c = zone.conditions![side];
        const effect = c.portStrike && PORT_STRIKE_OPTIONS.find((o) => o.value === c.portStrike)!.label;
        return c.condition ? [`${sideName(side)} ${c.condition}${effect ? ` (${effect[0].toLowerCase()}${effect.slice(1)})` : ''}`] : [];
      });
      if (rolled.length) out.push(`Special Conditions this turn: ${rolled.join('; ')} (13.2).`);
      if (severeWeather(zone)) out.push('Bad Weather (both players): no Air Strikes or ASW at all; Intercept, Air Cover and Air Defense To Hit rolls −1 and Fog of War die rolls −2 for both Task Forces (13.2.1).');
      else if (either(zone, 'Bad Weather')) out.push('Bad Weather: Intercept, Air Cover, Air Defense, Air Strike and ASW To Hit rolls, and Fog of War rolls, −1 for both Task Forces (13.2.1).');
      if (either(zone, 'Close Range Battle')) out.push('Close Range Battle: no Area Defense set up before the battle, nor by the Advantaged Player in the first Battle Turn (13.2.2).');
      for (const side of ['allied', 'soviet'] as const) {
        if (has(zone, side, 'Nearby Air Bases')) out.push(`Nearby Air Bases (${sideName(side)}): +1 to Land Based Air Strike, Air Cover, ASW and Bomber Strike Chance to Hit rolls (13.2.5).`);
      }
      const n = battleTurns(zone);
      if (n !== BATTLE_TURNS) out.push(`${n} Battle Turns per player this turn (13.2.3, 13.2.4, 13.2.10).`);
      return out;
    },
  },
};
