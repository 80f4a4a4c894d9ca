import { zoneById } from './data/index.ts';
import type { Side } from './data/types.ts';
import { STATUS_COLUMNS } from './data/types.ts';
import { legalActions, waitingFor } from './legal-actions.ts';
import { activeSide, battleTurnNumber } from './rules/battle-record.ts';
import { advantagedSide, shipCard, terms } from './rules/common.ts';
import { handSize } from './rules/commitment.ts';
import { eliminated, poolLeft } from './rules/mission-scoring.ts';
import { orderCost } from './rules/purchases.ts';
import type { CwnbState, PlayerState, ZoneState } from './state.ts';
import { parseSeat } from './state.ts';
import { reminders as conditionReminders } from './optional/special-conditions.ts';
import { commandShipFunctioning, reminders as flagOfficerReminders } from './optional/flag-officers.ts';
import { commanderSide } from './optional/overall-commanders.ts';

/**
 * What a seat may see. A seat sees its own team's private planning (purchase orders, known
 * Action cards, commitments before the reveal); the other team's stay hidden. "referee" sees
 * both teams. No view ever contains the dice seed.
 */
export function view(state: CwnbState, seat: string) {
  const viewer = (seat === 'referee' ? 'referee' : (parseSeat(seat)?.side ?? commanderSide(seat) ?? (seat === 'allied' || seat === 'soviet' ? seat : 'spectator'))) as Side | 'referee' | 'spectator';
  const sees = (side: Side) => viewer === 'referee' || viewer === side;
  const vp = { allied: 0, soviet: 0 };
  const zones = (Object.values(state.zones) as ZoneState[]).map((z) => {
    vp.allied += z.players.allied.banked;
    vp.soviet += z.players.soviet.banked;
    return zoneView(state, z, sees);
  });
  return {
    module: 'cwnb-campaign',
    seat,
    turn: state.turn,
    agreedTurns: state.options.optional.variableEndTurn ? null : state.options.turns,
    variableEndFrom: state.options.optional.variableEndTurn?.startTurn ?? null,
    dice: { physical: state.dice.physical, rolled: state.dice.counter },
    demoData: { roster: state.options.roster.demo },
    waitingFor: waitingFor(state),
    actions: legalActions(state, seat),
    zones,
    vp,
    sunk: state.sunk.map((id) => shipCard(state, id)!.name),
    optionalRules: Object.keys(state.options.optional).filter((k) => (state.options.optional as Record<string, unknown>)[k]),
    endRollDue: state.endRollDue,
    transferChart: state.transferChart === null ? null : { index: state.transferChart, name: state.options.optional.transferLimitations!.charts[state.transferChart].name },
    holders: state.holders,
    notes: { allied: sees('allied') ? state.notes.allied : undefined, soviet: sees('soviet') ? state.notes.soviet : undefined },
    result: state.result,
  };
}

function zoneView(state: CwnbState, z: ZoneState, sees: (side: Side) => boolean) {
  const t = terms(z);
  const revealed = z.step === 'battle' || z.step === 'set-aside' || z.step === 'turn-done';
  const playerView = (side: Side, p: PlayerState) => ({
    track: p.track,
    banked: p.banked,
    fleet: Object.entries(p.fleet).map(([id, s]) => {
      const card = shipCard(state, id)!;
      return { id, name: card.name, kind: card.kind, points: card.points, ...s, committed: revealed ? s.committed : undefined };
    }),
    handSize: t ? handSize(t, side) : null,
    fogOfWarModifier: t ? t.sides[side].modifier : null,
    hasCommitted: p.commitment !== null,
    commitment: sees(side) || revealed ? p.commitment : undefined,
    cards: sees(side) ? p.cards : undefined,
    order: sees(side) ? { ...p.order, cost: orderCost(state, z, side) } : undefined,
    flagOfficer: state.options.optional.flagOfficers ? { available: p.flagOfficer, commandShip: revealed ? p.commandShip : undefined, functioning: revealed && p.commandShip ? commandShipFunctioning(p) : undefined } : undefined,
    keptAdditionalShip: sees(side) ? p.keptAdditionalShip : undefined,
    additionalShipsPlayed: p.jokersPlayed,
    orderDone: p.order.done,
    earnedThisTurn: p.earned,
    missionWinnerTally: p.winnerTally,
    retreating: p.retreating,
    eliminated: z.battle && z.mission ? eliminated(state, z, side) : undefined,
  });
  const b = z.battle;
  return {
    id: z.id,
    name: zoneById(z.id).name,
    status: { column: z.status, name: STATUS_COLUMNS[z.status], advantaged: advantagedSide(z.status) },
    step: z.step,
    mission: t && {
      title: t.title,
      rule: t.rule,
      urgent: t.urgent,
      roll: z.mission!.roll,
      allied: { mission: t.sides.allied.mission, summary: t.sides.allied.summary },
      soviet: { mission: t.sides.soviet.mission, summary: t.sides.soviet.summary },
      pool: t.pool,
      fogOfWarNote: 'Fog of War die results below 1 count as 1.',
    },
    declines: z.declines,
    specialConditions: z.conditions,
    reminders: [...conditionReminders(z), ...flagOfficerReminders(state, z)],
    players: { allied: playerView('allied', z.players.allied), soviet: playerView('soviet', z.players.soviet) },
    battle: b && {
      battleTurn: battleTurnNumber(z),
      turnsPerPlayer: b.turnsPerPlayer,
      active: z.step === 'battle' ? activeSide(z) : null,
      first: b.first,
      pool: b.pool,
      poolLeft: poolLeft(z),
      poolAwarded: b.poolAwarded,
      shoreBombardment: b.shoreBombardment,
      nonCombatants: b.nonCombatants,
      nonCombatantSide: b.nonCombatantSide,
      toDeal: b.toDeal,
    },
  };
}
