import type { CwnbOptions, CwnbState, PlayerState, ZoneState } from '../state.ts';
import { EVEN_COLUMN, type Side } from '../data/types.ts';
import { NON_COMBATANT_CARDS } from './non-combatants.ts';
import { freshConditions } from '../optional/special-conditions.ts';

function newPlayer(points: number, flagOfficer: boolean): PlayerState {
  return {
    track: points, // 6.C.2: At Start Buy Points on turn 1
    banked: 0,
    fleet: {},
    cards: [],
    order: { ships: [], cards: [], done: false },
    cardsBought: [],
    commitment: null,
    earned: { mission: 0, sinking: 0, other: 0 },
    shipsBought: 0,
    priorityUsed: 0,
    flagOfficer, // 13.4: one Flag Officer per team in each zone in play
    commandShip: null,
    jokersPlayed: 0,
    keptAdditionalShip: null,
    flagOrder: { present: false, absent: false },
    winnerTally: 0,
    retreating: false,
    retreats: 0,
    setAside: false,
  };
}

/** 5.1 Procedure: each zone's status marker on Even (Soviet Advantaged), turn 1. */
export function setup(options: CwnbOptions, seed: string | null): CwnbState {
  const zones: CwnbState['zones'] = {};
  for (const id of options.zones) {
    const pts = options.startingPoints[id]!;
    const players = {} as Record<Side, PlayerState>;
    for (const side of ['allied', 'soviet'] as const) players[side] = newPlayer(pts[side], !!options.optional.flagOfficers);
    const zone: ZoneState = {
      id,
      status: EVEN_COLUMN,
      step: 'mission',
      mission: null,
      declines: [],
      lastRoll: null,
      conditions: freshConditions(options),
      players,
      battle: null,
    };
    zones[id] = zone;
  }
  return {
    options,
    dice: { seed, counter: 0, physical: options.dice === 'physical' },
    turn: 1,
    purchasesResolved: false,
    zones,
    sunk: [],
    nonCombatantDeck: Array.from({ length: NON_COMBATANT_CARDS }, (_, i) => i + 1),
    playerOrderCards: 0,
    result: null,
    endRollDue: false,
    transferChart: null,
    transfersUsed: {},
    holders: { ...options.players },
    notes: { allied: [], soviet: [] },
  };
}
