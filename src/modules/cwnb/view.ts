import { waitingFor } from '../../engine/kernel.ts';
import type { Viewer } from '../../engine/viewer.ts';
import { zoneById } from './data/index.ts';
import type { Side } from './data/types.ts';
import { STATUS_COLUMNS } from './data/types.ts';
import { hooksOf, rulebookOf } from './hooks.ts';
import { OPTIONAL_RULES } from './optional-rules.ts';
import { endRollThisTurn } from './optional/variable-end-turn.ts';
import { activeSide, battleTurnNumber } from './rules/battle-record.ts';
import { actionsFor, advantagedSide, allSeats, shipCard, sideName, teamOfSeat, terms } from './rules/common.ts';
import { handSize } from './rules/commitment.ts';
import { eliminatedInMission, poolLeft } from './rules/mission-scoring.ts';
import { orderCost } from './rules/purchases.ts';
import { commitmentsRevealed } from './rules/sequence-of-play.ts';
import { historicalDescription } from './rules/victory.ts';
import { other, type CwnbState, type PlayerState, type ZoneState } from './state.ts';
import { STEP_NAMES } from './labels.ts';

const CWNB = { actions: (s: CwnbState) => rulebookOf(s.options).actions, actionsFor, seats: allSeats };

/** The team whose secrets a viewer may see; 'all' for the referee. */
function secretsOf(state: CwnbState, viewer: Viewer): Side | 'all' | null {
  switch (viewer.kind) {
    case 'referee':
      return 'all';
    case 'spectator':
      return null;
    case 'team':
      return viewer.team === 'allied' || viewer.team === 'soviet' ? viewer.team : null;
    case 'seat':
      return teamOfSeat(state, viewer.seat);
  }
}

/**
 * What a viewer may see. A team's private planning (purchase orders, known Action cards, the card
 * kept, commitments before the reveal, team notes) is seen by its seats and its Overall
 * Commander, the referee sees both teams, a spectator neither. No state holds the dice seed.
 */
export function view(state: CwnbState, viewer: Viewer) {
  const team = secretsOf(state, viewer);
  const sees = (side: Side) => team === 'all' || team === side;
  const vp = { allied: 0, soviet: 0 };
  const zones = (Object.values(state.zones) as ZoneState[]).map((z) => {
    vp.allied += z.players.allied.banked;
    vp.soviet += z.players.soviet.banked;
    return zoneView(state, z, sees);
  });
  return {
    module: 'cwnb-campaign',
    viewer,
    turn: state.turn,
    agreedTurns: state.options.optional.variableEndTurn ? null : state.options.turns,
    variableEndFrom: state.options.optional.variableEndTurn?.startTurn ?? null,
    dice: { physical: state.dice.physical, rolled: state.dice.counter },
    demoData: { roster: state.options.roster.demo },
    waitingFor: waitingFor(CWNB, state),
    zones,
    vp,
    sunk: state.sunk.map((id) => shipCard(state, id)!.name),
    optionalRules: Object.keys(state.options.optional).filter((k) => (state.options.optional as Record<string, unknown>)[k]),
    /** The same as people read them: "13.2 Special Conditions". */
    optionalRuleNames: OPTIONAL_RULES.filter((r) => r.on(state.options)).map((r) => `${r.rule} ${r.name}`),
    endRollDue: state.endRollDue,
    /** 13.1: what ends the war at the end of this turn ("+1, the war ends on a 5 or 6"), from the agreed turn on. */
    endRollThisTurn: endRollThisTurn(state),
    transferChart: state.transferChart === null ? null : { index: state.transferChart, name: state.options.optional.transferLimitations!.charts[state.transferChart].name },
    holders: state.holders,
    notes: { allied: sees('allied') ? state.notes.allied : undefined, soviet: sees('soviet') ? state.notes.soviet : undefined },
    result: state.result && { ...state.result, historicalDescription: historicalDescription(state.result.level) },
  };
}

/** 13.4: the Flag Officer, and once the commitments are revealed its Command Ship: functioning, or lost with it when it sank. */
function flagOfficerView(state: CwnbState, p: PlayerState, revealed: boolean) {
  const id = revealed ? p.commandShip : null;
  if (!id) return { available: p.flagOfficer, ...(revealed ? { commandShip: null } : {}) };
  const ship = p.fleet[id];
  return { available: p.flagOfficer, commandShip: id, commandShipName: shipCard(state, id)!.name, functioning: !!ship && !ship.crippled && !ship.critical, lost: !ship };
}

function zoneView(state: CwnbState, z: ZoneState, sees: (side: Side) => boolean) {
  const t = terms(z);
  const revealed = commitmentsRevealed(z);
  const playerView = (side: Side, p: PlayerState) => ({
    track: p.track,
    banked: p.banked,
    fleet: Object.entries(p.fleet).map(([id, s]) => {
      const card = shipCard(state, id)!;
      // 7: committed and Passive belong to this turn's battle, shown once it is revealed (Passive is cleared at the next reveal).
      return { id, name: card.name, kind: card.kind, points: card.points, ...s, committed: revealed ? s.committed : undefined, passive: revealed && s.passive };
    }),
    handSize: t ? handSize(t, side) : null,
    fogOfWarModifier: t ? t.sides[side].modifier + hooksOf(state).fogOfWar(z) : null, // 9 the mission's, 13.2.1 the weather's
    hasCommitted: p.commitment !== null,
    // With the ships' names: a ship sunk since is no longer in the fleet to look it up.
    commitment: sees(side) || revealed ? p.commitment && { ...p.commitment, shipNames: p.commitment.ships.map((id) => shipCard(state, id)!.name) } : undefined,
    cards: sees(side) ? p.cards : undefined,
    order: sees(side) ? { ...p.order, shipNames: p.order.ships.map((id) => shipCard(state, id)!.name), cost: orderCost(state, z, side) } : undefined,
    flagOfficer: state.options.optional.flagOfficers ? flagOfficerView(state, p, revealed) : undefined,
    keptAdditionalShip: sees(side) ? p.keptAdditionalShip : undefined,
    additionalShipsPlayed: p.jokersPlayed,
    orderDone: p.order.done,
    earnedThisTurn: p.earned,
    missionWinnerTally: p.winnerTally,
    retreating: p.retreating,
    eliminated: z.battle && z.mission ? eliminatedInMission(state, z, side) : undefined,
  });
  const b = z.battle;
  return {
    id: z.id,
    name: zoneById(z.id).name,
    status: { column: z.status, name: STATUS_COLUMNS[z.status], advantaged: advantagedSide(z.status) },
    step: z.step,
    stepName: STEP_NAMES[z.step],
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
    reminders: [...missionReminders(z), ...hooksOf(state).reminders(state, z)],
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

/** Reminders of the 9.1 rules played out with the cards: Land Targets and Fog of War, Civilian Non-Combatants. */
function missionReminders(z: ZoneState): string[] {
  const t = terms(z);
  if (!t || !z.battle) return [];
  const out: string[] = [];
  if (t.pair === 'invasion' || t.pair === 'carrierStrike' || t.pair === 'submarineStrike') out.push("Each attack on Land Targets counts against the attacker's Fog of War allotment (9, Land Targets).");
  if (t.nonCombatants?.kind === 'civilian') out.push('Evasive Maneuvers cards cannot be a Point Defense against an attack on a Civilian Non-Combatant (9.1).');
  // 9.8 names the Disadvantaged Player (3), whichever mission they drew; while the battle is fought (its end moves the status).
  if (t.pair === 'submarineStrike' && z.step === 'battle') out.push(`The ${sideName(other(advantagedSide(z.status)))} player, the Disadvantaged Player here, may set up submarines Passive (9.8).`);
  return out;
}
