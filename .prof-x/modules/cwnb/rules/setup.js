import { EVEN_COLUMN } from "../data/types.js";
import { hooksOf } from "../hooks.js";
import { NON_COMBATANT_CARDS } from "./non-combatants.js";
function newPlayer(points) {
    return {
        track: points, // 6.C.2: At Start Buy Points on turn 1
        banked: 0,
        fleet: {},
        cards: [],
        cardSerial: 0,
        order: { ships: [], cards: [], done: false },
        cardsBought: [],
        commitment: null,
        earned: { mission: 0, sinking: 0, other: 0, portStrike: 0 },
        shipsBought: 0,
        priorityUsed: 0,
        flagOfficer: false,
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
export function setup(options) {
    const zones = {};
    for (const id of options.zones) {
        const pts = options.startingPoints[id];
        const players = {};
        for (const side of ['allied', 'soviet'])
            players[side] = newPlayer(pts[side]);
        const zone = { id, status: EVEN_COLUMN, step: 'mission', mission: null, declines: [], lastRoll: null, conditions: null, players, battle: null };
        zones[id] = zone;
    }
    const state = {
        options,
        dice: { counter: 0, physical: options.dice === 'physical' },
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
    hooksOf(state).setup(state); // optional rules set up their parts (13.2, 13.4)
    return state;
}
