import type { ActionSpec, FieldSpec } from '../../engine/module.ts';
import { ACTION_CARDS } from './data/index.ts';
import type { Side, ZoneId } from './data/types.ts';
import { advantagedSide, isSubmarine, shipCard, sideName, terms, zoneName } from './rules/common.ts';
import { activeSide } from './rules/battle-record.ts';
import { handSize } from './rules/commitment.ts';
import { strikeSide } from './rules/missions.ts';
import { cardCost, maxActionCards, orderCost, shipCost, shipLocation } from './rules/purchases.ts';
import type { CwnbState, ZoneState } from './state.ts';
import { parseSeat, seatOf } from './state.ts';

function diceField(state: CwnbState, sides: number[]): Record<string, FieldSpec> | undefined {
  return state.dice.physical ? { values: { kind: 'dice', sides } } : undefined;
}

/** The seats that have a decision to make now. */
export function waitingFor(state: CwnbState): string[] {
  if (state.result) return [];
  const seats: string[] = [];
  for (const z of Object.values(state.zones) as ZoneState[]) {
    const need = (side: Side) => seats.push(seatOf(side, z.id));
    switch (z.step) {
      case 'mission':
        need(advantagedSide(z.status));
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

export function legalActions(state: CwnbState, seat: string): ActionSpec[] {
  const p = parseSeat(seat);
  if (!p || state.result) return [];
  const z = state.zones[p.zone];
  if (!z) return [];
  const { side } = p;
  const me = z.players[side];
  const specs: ActionSpec[] = [];
  const strike = strikeSide(z) === side;
  const otherZones = (Object.keys(state.zones) as ZoneId[]).filter((id) => id !== z.id);
  switch (z.step) {
    case 'mission':
      if (advantagedSide(z.status) === side) specs.push({ type: 'rollMission', label: `Roll the mission die (d6) for ${zoneName(z.id)}`, fields: diceField(state, [6]) });
      break;
    case 'purchase': {
      if (me.order.done) break;
      const left = me.track - orderCost(state, me.order);
      const ships = state.options.roster.ships.filter(
        (s) => s.side === side && !me.order.ships.includes(s.id) && shipLocation(state, s.id) === null && shipCost(state.turn, s.points) <= left,
      );
      if (ships.length) {
        specs.push({
          type: 'buyShip',
          label: `Buy a ship (${state.turn === 1 ? 'Point Value' : 'double Point Value'}; ${left} points left)`,
          fields: { ship: { kind: 'choice', options: ships.map((s) => ({ value: s.id, label: `${s.name} (${s.kind}, ${shipCost(state.turn, s.points)})` })) } },
        });
      }
      const bought = [...me.cardsBought, ...me.order.cards];
      if (bought.length < maxActionCards()) {
        const cards = ACTION_CARDS.cards.filter(
          (c) => (c.unlimited || !bought.some((b) => b.type === c.type)) && (c.costs === 'half-value' || cardCost(state.turn, { type: c.type }) <= left),
        );
        specs.push({
          type: 'buyCard',
          label: `Buy an Action card (${bought.length} of ${maxActionCards()} bought this turn)`,
          fields: {
            card: { kind: 'choice', options: cards.map((c) => ({ value: c.type, label: c.costs === 'half-value' ? `${c.type} (half its value)` : `${c.type} (${cardCost(state.turn, { type: c.type })})` })) },
            value: { kind: 'int', min: 1, max: Math.min(99, 2 * left + 1), optional: true },
          },
        });
      }
      specs.push({ type: 'donePurchasing', label: `Finish purchasing; unspent points are banked (${left} of ${me.track} unspent so far)` });
      if (strike) specs.push({ type: 'declineStrike', label: 'Decline the Strike mission (status shifts one column against you; re-roll, 9.5)' });
      break;
    }
    case 'preparation': {
      if (me.commitment) break;
      const t = terms(z)!;
      const fleet = Object.keys(me.fleet);
      const targets = otherZones.filter((id) => ['preparation', 'mission'].includes(state.zones[id]!.step) && !state.zones[id]!.players[side].commitment);
      if (targets.length && fleet.length) {
        specs.push({
          type: 'transferShip',
          label: 'Transfer a ship to a teammate',
          fields: {
            ship: { kind: 'choice', options: fleet.map((id) => ({ value: id, label: shipCard(state, id)!.name })) },
            to: { kind: 'choice', options: targets.map((id) => ({ value: id, label: zoneName(id) })) },
          },
        });
      }
      if (targets.length && me.cards.length) {
        specs.push({
          type: 'transferCard',
          label: 'Transfer an Action card to a teammate',
          fields: {
            card: { kind: 'choice', options: me.cards.map((c, i) => ({ value: i, label: c.type })) },
            to: { kind: 'choice', options: targets.map((id) => ({ value: id, label: zoneName(id) })) },
          },
        });
      }
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
      specs.push({ type: 'commit', label: `Commit ships to battle (secret); the rest stay in port${mine.maxShips ? ` (at most ${mine.maxShips})` : ''}`, fields });
      if (strike) specs.push({ type: 'declineStrike', label: 'Decline the Strike mission (status shifts one column against you; re-roll, 9.5)' });
      break;
    }
    case 'battle': {
      const b = z.battle!;
      if (b.toDeal > 0) {
        if (b.nonCombatantSide === side) {
          specs.push({
            type: 'dealNonCombatants',
            label: `Deal ${b.toDeal} Non-Combatants`,
            fields: state.dice.physical ? { cards: { kind: 'subset', options: state.nonCombatantDeck.map((c) => ({ value: String(c), label: `card ${c}` })), min: Math.min(b.toDeal, state.nonCombatantDeck.length), max: Math.min(b.toDeal, state.nonCombatantDeck.length) } } : undefined,
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
        if (!me.retreating) {
          specs.push({ type: 'retreat', label: 'Record a Retreat card played (Task Force retreats)' });
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
          fields: { card: { kind: 'choice', optional: true, options: ACTION_CARDS.cards.map((c) => ({ value: c.type, label: c.type })) }, value: { kind: 'int', min: 1, max: 20, optional: true } },
        });
      }
      break;
  }
  return specs;
}
