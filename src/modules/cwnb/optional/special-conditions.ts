import { rollDice } from '../../../engine/dice.ts';
import { refuse } from '../../../engine/errors.ts';
import { SPECIAL_CIRCUMSTANCES } from '../data/index.ts';
import type { Side, SpecialCondition, SpecialConditionsTable } from '../data/types.ts';
import type { ConditionState, CwnbOptions, CwnbState, PortStrikeChoice, ZoneState } from '../state.ts';
import { other, seatOf } from '../state.ts';
import { requireTerms, score, shipCard, sideName, updateShip, zoneName, type Events } from '../rules/common.ts';
import { BATTLE_TURNS } from '../rules/commitment.ts';
import { resolvePurchasesIfReady } from '../rules/purchases.ts';

/**
 * 13.2 Special Conditions (Step B of the Sequence of Play). Each player rolls: 1–4 no Special
 * Condition; 5–6 roll again on the player's side of the zone's Special Conditions table. Effects
 * on the campaign are enforced here; effects inside the card battle are shown as reminders.
 */

export function freshConditions(options: CwnbOptions): Record<Side, ConditionState> | null {
  if (!options.optional.specialConditions) return null;
  const c = (): ConditionState => ({ rolled: false, condition: null, portStrike: null });
  return { allied: c(), soviet: c() };
}

export function conditionsTable(state: CwnbState, zone: ZoneState): SpecialConditionsTable {
  return state.options.optional.specialConditions?.tables[zone.id] ?? SPECIAL_CIRCUMSTANCES;
}

export function has(zone: ZoneState, side: Side, c: SpecialCondition): boolean {
  return zone.conditions?.[side].condition === c;
}

function either(zone: ZoneState, c: SpecialCondition): boolean {
  return has(zone, 'allied', c) || has(zone, 'soviet', c);
}

/** 13.2.1: both players rolled Bad Weather. */
export function severeWeather(zone: ZoneState): boolean {
  return has(zone, 'allied', 'Bad Weather') && has(zone, 'soviet', 'Bad Weather');
}

/** Once the mission is known: Step B when Special Conditions are in use and not yet rolled this turn, else on to C. */
export function afterMission(state: CwnbState, zone: ZoneState, events: Events): void {
  if (conditionsPending(zone)) zone.step = 'conditions';
  else afterConditions(state, zone, events);
}

/** A player has still to roll, or to choose the Port Strike effect. */
function conditionsPending(zone: ZoneState): boolean {
  const c = zone.conditions;
  return !!c && (['allied', 'soviet'] as const).some((s) => !c[s].rolled || (c[s].condition === 'Port Strike' && !c[s].portStrike));
}

/** 6.B: a player's Special Conditions roll (one die, and a second on 5–6). */
export function rollSpecialConditions(state: CwnbState, zone: ZoneState, side: Side, values: number[] | undefined, events: Events, reroll = false): void {
  const c = zone.conditions;
  if (!c || zone.step !== 'conditions') refuse('not-conditions-step', `${zoneName(zone.id)}: Special Conditions are rolled after the mission is determined (13.2).`, '13.2');
  if (c[side].rolled && !reroll) refuse('conditions-rolled', 'You have already rolled for Special Conditions this turn.', '13.2');
  const seat = seatOf(side, zone.id);
  const first = rollDice(state.dice, seat, [{ sides: 6, purpose: `Special Conditions, ${zoneName(zone.id)}, ${sideName(side)}, turn ${state.turn}` }], values?.slice(0, 1));
  state.dice = first.dice;
  events.push(...first.events);
  let condition: SpecialCondition | null = null;
  if (first.values[0] >= 5) {
    const second = rollDice(state.dice, seat, [{ sides: 6, purpose: `Special Conditions table, ${zoneName(zone.id)}, ${sideName(side)}` }], values?.slice(1, 2));
    state.dice = second.dice;
    events.push(...second.events);
    condition = conditionsTable(state, zone).rows.find((r) => r.die === second.values[0])![side];
  } else if (state.dice.physical && values && values.length > 1) {
    refuse('extra-die', 'A Special Conditions roll of 1–4 means no Special Condition: enter only that die.', '13.2');
  }
  c[side] = { rolled: true, condition, portStrike: null };
  zone.lastRoll = { kind: 'conditions', side };
  events.push({
    type: 'special-condition',
    zone: zone.id,
    side,
    condition,
    text: `${zoneName(zone.id)}: ${sideName(side)} ${condition ? `Special Condition: ${condition}` : 'has no Special Condition'} this turn (13.2).`,
  });
  if (condition === 'Prepared') prepared(state, zone, side, events);
  afterConditions(state, zone, events);
}

/** 13.2.6 Prepared: all the player's damaged ships are repaired at once. */
function prepared(state: CwnbState, zone: ZoneState, side: Side, events: Events): void {
  for (const id in zone.players[side].fleet) updateShip(zone.players[side], id, { damage: 0, crippled: false, critical: false });
  events.push({ type: 'repair', zone: zone.id, side, text: `${zoneName(zone.id)}: Prepared — all ${sideName(side)} ships repaired (13.2.6).` });
}

/** When both players have rolled (and any Port Strike is chosen): Bad Weather re-roll, then on to C. */
export function afterConditions(state: CwnbState, zone: ZoneState, events: Events): void {
  if (conditionsPending(zone)) return;
  const t = requireTerms(zone);
  const carrier = (['allied', 'soviet'] as const).find((s) => t.sides[s].mission === 'Carrier Strike');
  if (severeWeather(zone) && carrier) {
    // 13.2.1: no Air Strikes at all, so a Carrier Strike is re-rolled without the column shift.
    events.push({ type: 'note', text: `${zoneName(zone.id)}: both players rolled Bad Weather — the Carrier Strike mission is re-rolled without the column shift (13.2.1).` });
    zone.mission = null;
    zone.step = 'mission';
    return;
  }
  zone.step = state.purchasesResolved ? 'preparation' : 'purchase';
  // After a re-roll (9.5, 13.2.1) the players may already have finished ordering: carry out the purchases.
  resolvePurchasesIfReady(state, events);
}

/** 13.2.7 Port Strike! The player chooses one of the three effects. */
export function portStrike(state: CwnbState, zone: ZoneState, side: Side, choice: PortStrikeChoice, values: number[] | undefined, events: Events): void {
  const c = zone.conditions;
  if (!c || c[side].condition !== 'Port Strike' || c[side].portStrike) refuse('no-port-strike', 'Only a player who rolled Port Strike! chooses its effect, once.', '13.2.7');
  const enemy = other(side);
  if (choice === 'air-strike') {
    const fleet = zone.players[enemy].fleet;
    const ids = Object.keys(fleet);
    const unknown = ids.filter((id) => {
      const card = shipCard(state, id)!;
      return card.large === undefined && card.crippledSide === undefined;
    });
    if (unknown.length) {
      refuse(
        'port-strike-ship-data',
        `Port Strike air strike: the roster does not say whether ${unknown.map((id) => shipCard(state, id)!.name).join(', ')} ${unknown.length > 1 ? 'are Large ships or have' : 'is a Large ship or has'} a Crippled side (roster fields "large", "crippledSide"); add them to the roster or choose another Port Strike effect.`,
        '13.2.7',
      );
    }
    const r = rollDice(state.dice, seatOf(side, zone.id), ids.map((id) => ({ sides: 6, purpose: `Port Strike on ${shipCard(state, id)!.name}, ${zoneName(zone.id)} (hit on 1)` })), values);
    state.dice = r.dice;
    events.push(...r.events);
    ids.forEach((id, i) => {
      if (r.values[i] !== 1) return;
      const card = shipCard(state, id)!;
      const ship = fleet[id];
      if (!card.large && card.crippledSide && !ship.crippled) {
        updateShip(zone.players[enemy], id, { crippled: true });
        events.push({ type: 'crippled', zone: zone.id, unit: id, text: `${zoneName(zone.id)}: Port Strike hits ${card.name}: crippled (13.2.7).` });
      } else {
        delete fleet[id];
        state.sunk = [...state.sunk, id];
        events.push({ type: 'sunk', zone: zone.id, side: enemy, unit: id, text: `${zoneName(zone.id)}: Port Strike hits ${card.name}: sunk (13.2.7).` });
        score(zone, side, card.points, 'sinking', events, `Port Strike sank ${card.name}; spend or bank these points in Battle Preparations`);
      }
    });
  }
  c[side].portStrike = choice;
  const what = {
    'air-strike': 'special air strike on every enemy ship in the zone',
    'port-facilities-damaged': 'enemy port facilities damaged: no repairs to enemy ships in port this turn',
    'port-mined': 'enemy port mined and harassed: enemy ships in port score half (a quarter if already halved), rounded up per ship',
  }[choice];
  events.push({ type: 'port-strike', zone: zone.id, side, text: `${zoneName(zone.id)}: ${sideName(side)} Port Strike! — ${what} (13.2.7).` });
  afterConditions(state, zone, events);
}

/** 6.C.2 with 13.2.6 Prepared (7) and 13.2.9 Rushed (3). */
export function actionCardLimit(zone: ZoneState, side: Side): number {
  if (has(zone, side, 'Rushed')) return 3;
  if (has(zone, side, 'Prepared')) return 7;
  return 5;
}

/** 13.2.9 Rushed: at most one Ship card, except on the first turn. */
export function shipLimit(state: CwnbState, zone: ZoneState, side: Side): number {
  return has(zone, side, 'Rushed') && state.turn > 1 ? 1 : Infinity;
}

/** 13.2.8 Priority: up to three Action cards at half price, rounded up per card. */
export function priorityDiscounts(zone: ZoneState, side: Side): number {
  return has(zone, side, 'Priority') ? 3 : 0;
}

/** Transfers refused by 13.2.8 Priority (no cards to other zones) or 13.2.9 Rushed (no Ship cards given or received). */
export function checkTransferConditions(from: ZoneState, to: ZoneState, side: Side, what: 'ship' | 'card'): void {
  if (has(from, side, 'Priority')) refuse('priority-no-transfers', `${zoneName(from.id)}: Priority — you may not transfer cards to other War Zones this turn.`, '13.2.8');
  if (what === 'ship') {
    for (const z of [from, to]) {
      if (has(z, side, 'Rushed')) refuse('rushed-no-ship-trading', `${zoneName(z.id)}: Rushed — that player may not give or receive Ship cards this turn.`, '13.2.9');
    }
  }
}

/** 13.2.2 Close Range Battle: no Area Defense cards set up before the battle. */
export function checkAreaDefense(zone: ZoneState, areaDefense: number): void {
  if (areaDefense > 0 && either(zone, 'Close Range Battle')) {
    refuse('close-range-no-area-defense', 'Close Range Battle: the Disadvantaged Player may not set up Area Defense cards before the battle.', '13.2.2');
  }
}

/** 13.2.3, 13.2.4, 13.2.10: Battle Turns per player, cumulative over both players' conditions. */
export function battleTurns(zone: ZoneState): number {
  let n = BATTLE_TURNS;
  for (const side of ['allied', 'soviet'] as const) {
    const c = zone.conditions?.[side].condition;
    if (c === 'Long Battle' || c === 'Long Range Battle') n += 1;
    if (c === 'Short Battle') n -= 1;
  }
  return Math.max(1, n);
}

/** 13.2.1: with Bad Weather on both sides no Air Strikes are allowed. */
export function checkAirStrike(zone: ZoneState): void {
  if (severeWeather(zone)) refuse('no-air-strikes', 'Both players rolled Bad Weather: no Air Strikes or ASW operations at all this turn.', '13.2.1');
}

/** 13.2.7: how ships in port score and whether they are repaired after an enemy Port Strike. */
export function portEffects(zone: ZoneState, side: Side): { mined: boolean; noRepairs: boolean } {
  const enemy = zone.conditions?.[other(side)].portStrike;
  return { mined: enemy === 'port-mined', noRepairs: enemy === 'port-facilities-damaged' };
}

/** Reminder texts for the battle (effects played out with the cards at the table). */
export function reminders(zone: ZoneState): string[] {
  const out: string[] = [];
  if (!zone.conditions) return out;
  if (severeWeather(zone)) out.push('Bad Weather (both players): no Air Strikes or ASW at all; Fog of War die rolls −2 (13.2.1).');
  else if (either(zone, 'Bad Weather')) out.push('Bad Weather: Intercept, Air Cover, Air Defense, Air Strike and ASW To Hit rolls, and Fog of War rolls, −1 for both Task Forces (13.2.1).');
  if (either(zone, 'Close Range Battle')) out.push('Close Range Battle: no Area Defense set up before the battle, nor by the Advantaged Player in the first Battle Turn (13.2.2).');
  for (const side of ['allied', 'soviet'] as const) {
    if (has(zone, side, 'Nearby Air Bases')) out.push(`Nearby Air Bases (${sideName(side)}): +1 to Land Based Air Strike, Air Cover, ASW and Bomber Strike Chance to Hit rolls (13.2.5).`);
  }
  const n = battleTurns(zone);
  if (n !== BATTLE_TURNS) out.push(`${n} Battle Turns per player this turn (13.2.3, 13.2.4, 13.2.10).`);
  return out;
}
