import type { ActionSpec, FieldSpec } from '../../engine/module.ts';
import { ACTION_CARDS } from './data/index.ts';
import type { Side, ZoneId } from './data/types.ts';
import { advantagedSide, isSubmarine, shipCard, sideName, terms, zoneName } from './rules/common.ts';
import { activeSide, retreatBlocked } from './rules/battle-record.ts';
import { handSize } from './rules/commitment.ts';
import { canDecline } from './rules/missions.ts';
import { cardCost, maxActionCards, orderCost, shipCost, shipLocation } from './rules/purchases.ts';
import type { CwnbState, ZoneState } from './state.ts';
import { other, parseSeat, seatOf } from './state.ts';
import { shipLimit } from './optional/special-conditions.ts';
import { canDesignate } from './optional/flag-officers.ts';
import { ADDITIONAL_SHIP, unlimitedTransfers } from './optional/friction-of-war.ts';
import { transfersLeft } from './optional/transfer-limitations.ts';
import { endRollModifier, gameRollerSeat } from './optional/variable-end-turn.ts';
import { COMMANDER_ACTIONS, commanderSide } from './optional/overall-commanders.ts';

function diceField(state: CwnbState, sides: number[]): Record<string, FieldSpec> | undefined {
  return state.dice.physical ? { values: { kind: 'dice', sides } } : undefined;
}

/** The seats that have a decision to make now. */
export function waitingFor(state: CwnbState): string[] {
  if (state.result) return [];
  if (state.endRollDue) return [gameRollerSeat(state)];
  const seats: string[] = [];
  for (const z of Object.values(state.zones) as ZoneState[]) {
    const need = (side: Side) => seats.push(seatOf(side, z.id));
    switch (z.step) {
      case 'mission':
        need(advantagedSide(z.status));
        break;
      case 'conditions':
        for (const s of ['allied', 'soviet'] as const) {
          const c = z.conditions![s];
          if (!c.rolled || (c.condition === 'Port Strike' && !c.portStrike)) need(s);
        }
        break;
      case 'purchase':
        for (const s of ['allied', 'soviet'] as const) if (!z.players[s].order.done) need(s);
        break;
      case 'preparation':
        for (const s of ['allied', 'soviet'] as const) if (!z.players[s].commitment) need(s);
        break;
      case 'battle':
        need(z.battle!.toDeal > 0 ? z.battle!.nonCombatantSide! : activeSide(z));
        break;
      case 'set-aside':
        for (const s of ['allied', 'soviet'] as const) if (!z.players[s].setAside) need(s);
        break;
    }
  }
  return seats;
}

const NOTE: ActionSpec = { type: 'teamNote', label: 'Write a note only your team sees (Team Summit)', fields: { text: { kind: 'text' } } };

export function legalActions(state: CwnbState, seat: string): ActionSpec[] {
  if (state.result) return [];
  const commander = commanderSide(seat);
  if (commander) return state.options.optional.overallCommanders ? commanderActions(state, commander) : [];
  const p = parseSeat(seat);
  if (!p) return [];
  const z = state.zones[p.zone];
  if (!z) return [];
  const opt = state.options.optional;
  const notes = opt.overallCommanders || state.options.zones.length > 1 ? [NOTE] : [];
  if (state.endRollDue) {
    return [...(seat === gameRollerSeat(state) ? [{ type: 'rollEndTurn', label: `Roll the end-game die (13.1; 6 or more ends the war${endRollModifier(state) ? `, +${endRollModifier(state)}` : ''})`, fields: diceField(state, [6]) }] : []), ...notes];
  }
  return [...zoneActions(state, z, p.side), ...jokerActions(state, z, p.side), ...notes];
}

function zoneActions(state: CwnbState, z: ZoneState, side: Side): ActionSpec[] {
  const me = z.players[side];
  const opt = state.options.optional;
  const specs: ActionSpec[] = [];
  switch (z.step) {
    case 'mission':
      if (advantagedSide(z.status) === side) specs.push({ type: 'rollMission', label: `Roll the mission die (d6) for ${zoneName(z.id)}`, fields: diceField(state, [6]) });
      break;
    case 'conditions': {
      const c = z.conditions![side];
      if (!c.rolled) specs.push({ type: 'rollSpecialConditions', label: 'Roll for Special Conditions (1–4 none; 5–6 roll on the table)', fields: state.dice.physical ? { values: { kind: 'dice', sides: [6, 6] } } : undefined });
      if (c.condition === 'Port Strike' && !c.portStrike) {
        specs.push({
          type: 'portStrike',
          label: 'Port Strike! Choose its effect (13.2.7)',
          fields: {
            choice: {
              kind: 'choice',
              options: [
                { value: 'air-strike', label: 'Special air strike on every enemy ship in the zone (hit on 1)' },
                { value: 'port-facilities-damaged', label: 'Port facilities damaged: no enemy repairs in port this turn' },
                { value: 'port-mined', label: 'Port mined and harassed: enemy ships in port score half' },
              ],
            },
            ...(state.dice.physical
              ? { values: { kind: 'dice' as const, sides: Object.keys(z.players[other(side)].fleet).map(() => 6), labels: Object.keys(z.players[other(side)].fleet).map((id) => `air strike on ${shipCard(state, id)!.name} (only if you choose it)`) } }
              : {}),
          },
        });
      }
      break;
    }
    case 'purchase': {
      if (me.order.done) break;
      const left = me.track - orderCost(state, z, side);
      const ships = state.options.roster.ships.filter(
        (s) => s.side === side && !me.order.ships.includes(s.id) && shipLocation(state, s.id) === null && orderCost(state, z, side, { ships: [...me.order.ships, s.id], cards: me.order.cards }) <= me.track,
      );
      if (ships.length && me.shipsBought + me.order.ships.length < shipLimit(state, z, side)) {
        specs.push({
          type: 'buyShip',
          label: `Buy a ship (${state.turn === 1 ? 'Point Value' : 'double Point Value'}; ${left} points left)`,
          fields: { ship: { kind: 'choice', options: ships.map((s) => ({ value: s.id, label: `${s.name} (${s.kind}, ${shipCost(state.turn, s.points)})` })) } },
        });
      }
      const bought = [...me.cardsBought, ...me.order.cards];
      if (bought.length < maxActionCards(z, side)) {
        const cards = ACTION_CARDS.cards.filter(
          (c) => (c.unlimited || !bought.some((b) => b.type === c.type)) && (c.costs === 'half-value' || cardCost(state.turn, { type: c.type }) <= left),
        );
        specs.push({
          type: 'buyCard',
          label: `Buy an Action card (${bought.length} of ${maxActionCards(z, side)} bought this turn)`,
          fields: {
            card: { kind: 'choice', options: cards.map((c) => ({ value: c.type, label: c.costs === 'half-value' ? `${c.type} (half its value)` : `${c.type} (${cardCost(state.turn, { type: c.type })})` })) },
            value: { kind: 'int', min: 1, max: Math.min(99, 2 * left + 1), optional: true },
          },
        });
      }
      if (me.keptAdditionalShip === 'unused') specs.push({ type: 'useKeptAdditionalShip', label: 'Play your kept Additional Ship card (13.5)', fields: { use: { kind: 'choice', options: [{ value: 'ship-at-point-value', label: 'Buy one ship at its Point Value' }, { value: 'unlimited-transfers', label: 'Unlimited transfers to and from this zone this turn' }] } } });
      specs.push({ type: 'donePurchasing', label: `Finish purchasing; unspent points are banked (${left} of ${me.track} unspent so far)` });
      break;
    }
    case 'preparation': {
      if (me.commitment) break;
      const t = terms(z)!;
      const fleet = Object.keys(me.fleet);
      const mine = t.sides[side];
      const eligible = fleet.filter((id) => !mine.submarinesOnly || isSubmarine(shipCard(state, id)!));
      const fields: Record<string, FieldSpec> = {
        ships: {
          kind: 'subset',
          options: eligible.map((id) => ({ value: id, label: shipCard(state, id)!.name })),
          min: 0,
          max: Math.min(eligible.length, mine.maxShips ?? eligible.length),
        },
      };
      if (advantagedSide(z.status) !== side) fields.areaDefense = { kind: 'int', min: 0, max: handSize(t, side) };
      if (opt.flagOfficers && canDesignate(z, side)) {
        const surface = eligible.filter((id) => !isSubmarine(shipCard(state, id)!));
        fields.flagOfficer = { kind: 'choice', optional: true, options: surface.map((id) => ({ value: id, label: shipCard(state, id)!.name })) };
      }
      specs.push({ type: 'commit', label: `Commit ships to battle (secret); the rest stay in port${mine.maxShips ? ` (at most ${mine.maxShips})` : ''}`, fields });
      break;
    }
    case 'battle': {
      const b = z.battle!;
      if (b.toDeal > 0) {
        if (b.nonCombatantSide === side) {
          specs.push({
            type: 'dealNonCombatants',
            label: `Deal ${b.toDeal} Non-Combatants`,
            fields: state.dice.physical ? { cards: { kind: 'subset', options: state.nonCombatantDeck.map((c) => ({ value: c, label: `card ${c}` })), min: Math.min(b.toDeal, state.nonCombatantDeck.length), max: Math.min(b.toDeal, state.nonCombatantDeck.length) } } : undefined,
          });
        }
        break;
      }
      const units: { value: string; label: string }[] = [];
      const ships: { value: string; label: string }[] = [];
      const subs: { value: string; label: string }[] = [];
      for (const s of ['allied', 'soviet'] as const) {
        for (const [id, ship] of Object.entries(z.players[s].fleet)) {
          if (!ship.committed) continue;
          const card = shipCard(state, id)!;
          const o = { value: id, label: `${sideName(s)} ${card.name}` };
          units.push(o);
          ships.push(o);
          if (isSubmarine(card)) subs.push(o);
        }
      }
      for (const n of b.nonCombatants) if (!n.sunk) units.push({ value: n.id, label: `${sideName(b.nonCombatantSide!)} Non-Combatant ${n.id}` });
      const unitField = (opts: typeof units): FieldSpec => ({ kind: 'choice', options: opts });
      if (units.length) {
        specs.push({ type: 'sink', label: 'Record a ship sunk', fields: { ship: unitField(units), cause: { kind: 'text', optional: true } } });
        specs.push({ type: 'damage', label: 'Record damage added (+) or repaired (−)', fields: { ship: unitField(units), amount: { kind: 'int', min: -20, max: 20 } } });
      }
      if (ships.length) {
        specs.push({ type: 'cripple', label: 'Record a ship crippled (or no longer)', fields: { ship: unitField(ships), value: { kind: 'bool' } } });
        specs.push({ type: 'criticalDamage', label: 'Record a ship critically damaged (or no longer)', fields: { ship: unitField(ships), value: { kind: 'bool' } } });
      }
      if (subs.length) {
        specs.push({
          type: 'submarine',
          label: 'Record a submarine Active or Passive',
          fields: { ship: unitField(subs), mode: { kind: 'choice', options: [{ value: 'active', label: 'Active' }, { value: 'passive', label: 'Passive' }] } },
        });
      }
      if (activeSide(z) === side) {
        if (!retreatBlocked(z, side)) specs.push({ type: 'retreat', label: 'Record a Retreat card played (Task Force retreats)' });
        if (!me.retreating) {
          specs.push({
            type: 'landAttack',
            label: 'Record an attack on Land Targets',
            fields: {
              attack: {
                kind: 'choice',
                options: [
                  { value: 'carrier-air-strike', label: 'Carrier Air Strike' },
                  { value: 'submarine-missile', label: 'Submarine Missile Attack' },
                  { value: 'gun', label: 'Gun Attack' },
                ],
              },
              success: { kind: 'bool' },
              damage: { kind: 'int', min: 0, max: 20, optional: true },
              surprise: { kind: 'bool' },
            },
          });
        }
        specs.push({ type: 'endBattleTurn', label: 'End your Battle Turn' });
      }
      break;
    }
    case 'set-aside':
      if (!me.setAside) {
        specs.push({
          type: 'setAside',
          label: 'Set aside one card for the next turn (or none); the rest of the hand is discarded',
          fields: {
            card: {
              kind: 'choice',
              optional: true,
              options: [...ACTION_CARDS.cards.map((c) => c.type), ...(opt.frictionOfWar ? [ADDITIONAL_SHIP] : [])].map((type) => ({ value: type, label: type })),
            },
            value: { kind: 'int', min: 1, max: 20, optional: true },
          },
        });
      }
      break;
  }
  if (canDecline(z, side)) specs.push({ type: 'declineStrike', label: 'Decline the Strike mission (status shifts one column against you; re-roll, 9.5)' });
  specs.push(...transferActions(state, z, side));
  return specs;
}

/** 6.C.3 (13.3, 13.4, 13.5): transfers to teammates, after purchases and before either player commits. */
function transferActions(state: CwnbState, z: ZoneState, side: Side): ActionSpec[] {
  const me = z.players[side];
  const opt = state.options.optional;
  if (!state.purchasesResolved || me.commitment || !['mission', 'conditions', 'preparation'].includes(z.step)) return [];
  const specs: ActionSpec[] = [];
  if (opt.transferLimitations && state.transferChart === null && seatOf(side, z.id) === gameRollerSeat(state)) {
    specs.push({ type: 'rollTransferChart', label: "Roll for this turn's Transfer Limitations chart (13.3)", fields: diceField(state, [6]) });
  }
  if (me.keptAdditionalShip === 'unused') {
    specs.push({ type: 'useKeptAdditionalShip', label: 'Play your kept Additional Ship card: unlimited transfers this turn (13.5)', fields: { use: { kind: 'choice', options: [{ value: 'unlimited-transfers', label: 'Unlimited transfers to and from this zone' }] } } });
  }
  const targets = (Object.keys(state.zones) as ZoneId[]).filter((id) => {
    const other = state.zones[id]!;
    return (
      id !== z.id &&
      ['preparation', 'mission', 'conditions'].includes(other.step) &&
      !other.players[side].commitment &&
      (unlimitedTransfers(z, side) || unlimitedTransfers(other, side) || transfersLeft(state, side, z.id, id) > 0)
    );
  });
  if (!targets.length) return specs;
  const to: FieldSpec = { kind: 'choice', options: targets.map((id) => ({ value: id, label: zoneName(id) })) };
  const fleet = Object.keys(me.fleet);
  if (opt.flagOfficers && me.flagOfficer) specs.push({ type: 'transferFlagOfficer', label: 'Give your Flag Officer to a teammate (13.4)', fields: { to } });
  if (fleet.length) {
    specs.push({ type: 'transferShip', label: 'Transfer a ship to a teammate', fields: { ship: { kind: 'choice', options: fleet.map((id) => ({ value: id, label: shipCard(state, id)!.name })) }, to } });
  }
  if (me.cards.length) {
    specs.push({ type: 'transferCard', label: 'Transfer an Action card to a teammate', fields: { card: { kind: 'choice', options: me.cards.map((c, i) => ({ value: i, label: c.type })) }, to } });
  }
  return specs;
}

/** 13.5: the Additional Ship card plays open to this seat now. */
function jokerActions(state: CwnbState, z: ZoneState, side: Side): ActionSpec[] {
  if (!state.options.optional.frictionOfWar || z.step === 'turn-done') return [];
  const uses: { value: string; label: string }[] = [{ value: 'points', label: '+2 points on your Point Track' }];
  if (z.lastRoll?.kind === 'mission') uses.push({ value: 'reroll-mission', label: 'Re-roll the mission die' });
  if (z.lastRoll?.kind === 'conditions' && z.step === 'conditions') uses.push({ value: 'reroll-conditions', label: `Re-roll the ${sideName(z.lastRoll.side)} Special Conditions` });
  if (z.step === 'battle') uses.push({ value: 'reroll-table-die', label: 'Re-roll a die at the table' });
  if (z.step === 'set-aside' && !z.players[side].setAside) uses.push({ value: 'bank', label: 'Bank it for 5 Victory Points' });
  const before = ['mission', 'conditions', 'purchase', 'preparation'].includes(z.step) && !z.players.allied.commitment && !z.players.soviet.commitment;
  if (state.options.optional.flagOfficers && before) {
    uses.push({ value: 'flag-officer-present', label: 'Order your Flag Officer present' }, { value: 'flag-officer-absent', label: "Order the enemy's Flag Officer absent" });
  }
  const fields: Record<string, FieldSpec> = { use: { kind: 'choice', options: uses } };
  if (z.lastRoll?.kind === 'conditions') fields.side = { kind: 'choice', optional: true, options: [{ value: z.lastRoll.side, label: sideName(z.lastRoll.side) }] };
  if (state.dice.physical && z.lastRoll) fields.values = { kind: 'dice', sides: z.lastRoll.kind === 'mission' ? [6] : [6, 6] };
  return [{ type: 'playAdditionalShip', label: 'Play an Additional Ship card as a joker (13.5)', fields }];
}

/** 14.1: what an Overall Commander may do: purchases and transfers for the team's players during Battle Preparations, moving players, notes. */
function commanderActions(state: CwnbState, side: Side): ActionSpec[] {
  const specs: ActionSpec[] = [NOTE];
  const seats: { value: string; label: string }[] = [];
  for (const id of state.options.zones) {
    const seat = seatOf(side, id);
    const z = state.zones[id]!;
    if (!['mission', 'conditions', 'purchase', 'preparation'].includes(z.step)) continue;
    seats.push({ value: seat, label: `${seat}${state.holders[seat] ? ` (${state.holders[seat]})` : ''}` });
    for (const s of zoneActions(state, z, side)) {
      if (!COMMANDER_ACTIONS.has(s.type)) continue;
      specs.push({ ...s, label: `For ${seat}: ${s.label}`, fields: { for: { kind: 'choice', options: [{ value: seat, label: seat }] }, ...s.fields } });
    }
  }
  if (seats.length) specs.push({ type: 'assignSeat', label: 'Move a player of your team to a War Zone seat', fields: { target: { kind: 'choice', options: seats }, player: { kind: 'text' } } });
  return specs;
}
