/**
 * A mission-points oracle for CWNB games: it recomputes, from the rulebook's 7.2 and 9.x text and
 * the zones' data files, every Point Track award a game should have made, and lists where the
 * game's `points` events disagree.
 *
 * Interface (all of it):
 * - `gameSteps(record)`: the steps of a finished or unfinished game record, replayed through the
 *   kernel (`applyAction`): for each action that stands (actions taken back are left out), the
 *   state before and after it and its events.
 * - `checkPoints(steps)`: the disagreements between the `points` events and the oracle, one per
 *   action, zone, side and kind (`mission` | `sinking` | `other` | `port-strike` | `in-port`)
 *   whose points differ; an empty list when the game scored as the rules say.
 *
 * Independence: the oracle reads from the states only what the players see on the table (the
 * mission rolled, which ships are in each Task Force and which of them are committed, their damage,
 * Crippled and Passive markers, the Non-Combatants dealt and their damage) and from the actions
 * what was played (sinkings, retreats, attacks on Land Targets, Port Strike choices, jokers). It
 * never calls the rules' scoring code (rules/mission-scoring.ts, mission-terms.ts, end-of-turn.ts)
 * and keeps its own Point Pools, retreat markers, 9.4 Mission Winner tallies and this turn's
 * Mission and sinking points for the 7.2.4 cap. Comparing action by action also catches a right
 * total scored at the wrong moment (a 9.5 check at the end of the wrong player's Battle Turn).
 *
 * Rulings it follows, as Wardroom does (docs/rulings.md): 9.4 retreat points do not come from the
 * Pool; Port Strike sinkings (13.2.7, before the Battle Turns) do not count toward the 9.4 Mission
 * Winner, and are Port Strike points, which count toward the 7.2.4 cap; 9.1 shore bombardment
 * scores for Invasion, Carrier Strike and Submarine Strike players only, and Surprise does not
 * double it; a Passive submarine afloat is eliminated only for 9.5 and 9.6. A game begun with
 * Wardroom 0.1 (`options.rulings: '0.1'`) keeps 0.1's readings: Passive submarines eliminated
 * everywhere, Port Strike sinkings scored as sinkings.
 */
import { NO_SEED, RecordingDice } from '../../src/engine/dice.ts';
import { isRuleError } from '../../src/engine/errors.ts';
import { applyAction } from '../../src/engine/kernel.ts';
import type { Action, GameEvent } from '../../src/engine/module.ts';
import { Session, type GameRecord } from '../../src/engine/session.ts';
import { zoneById } from '../../src/modules/cwnb/data/index.ts';
import type { MissionCell, MissionName, NormalUrgent, Side, ZoneId } from '../../src/modules/cwnb/data/types.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import type { CwnbState, ZoneState } from '../../src/modules/cwnb/state.ts';

export type PointsKind = 'mission' | 'sinking' | 'other' | 'port-strike' | 'in-port';

export interface Step {
  action: Action;
  before: CwnbState;
  after: CwnbState;
  events: readonly GameEvent[];
}

export interface Disagreement {
  /** Index of the action in the steps (the game's log). */
  step: number;
  action: string;
  zone: ZoneId;
  /** Campaign Game Turn of the action. */
  turn: number;
  side: Side;
  kind: PointsKind;
  expected: number;
  reported: number;
}

/** Replay the actions of a game record that stand through the kernel, keeping the states and events of each. */
export function gameSteps(record: GameRecord): Step[] {
  const session = Session.open(cwnb, record); // migrates a 0.1 record and marks what was taken back
  if (isRuleError(session)) throw new Error(`the record does not open: ${session.message}`);
  const log = session.record.log.filter((a, i) => !a.type.startsWith('@') && session.stands(i)); // '@undo', '@rewind': the kernel's entries
  let state = cwnb.setup(session.state.options);
  return log.map((action, i) => {
    const r = applyAction(cwnb, state, action, new RecordingDice(NO_SEED, action.rolled as number[] | undefined));
    if (isRuleError(r)) throw new Error(`action #${i} (${action.type}) refused on replay: ${r.message}`);
    const step = { action, before: state, after: r.state, events: r.events as GameEvent[] };
    state = r.state;
    return step;
  });
}

const SIDES = ['allied', 'soviet'] as const;
const other = (s: Side): Side => (s === 'allied' ? 'soviet' : 'allied');

type Pair = 'militaryEscort' | 'civilianEscort' | 'seaSuperiority' | 'seaSuperiorityVsHoldingAction' | 'invasion' | 'carrierStrike' | 'submarineStrike';

/** 9: which Mission Summary a cell of the Mission Table uses. */
function pairOf(cell: MissionCell): Pair {
  const has = (m: MissionName) => cell.allied === m || cell.soviet === m;
  if (has('Military Escort')) return 'militaryEscort';
  if (has('Civilian Escort')) return 'civilianEscort';
  if (has('Invasion')) return 'invasion';
  if (has('Carrier Strike')) return 'carrierStrike';
  if (has('Submarine Strike')) return 'submarineStrike';
  if (has('Holding Action')) return 'seaSuperiorityVsHoldingAction';
  return 'seaSuperiority';
}

/** What the oracle remembers of one zone during one Campaign Game Turn. */
interface ZoneTurn {
  turn: number;
  poolAwarded: Record<Side, number>;
  shore: number;
  retreating: Record<Side, boolean>;
  /** 9.4: points for sinking enemy ships and for the enemy retreating. */
  tally: Record<Side, number>;
  /** This turn's Mission and sinking points (7.2.3, 7.2.4 cap). */
  earned: Record<Side, number>;
  setAside: number;
  /** 13.2.7: the Port Strike effect each side chose against its enemy. */
  portStrike: Partial<Record<Side, string>>;
}

function freshTurn(turn: number): ZoneTurn {
  return {
    turn,
    poolAwarded: { allied: 0, soviet: 0 },
    shore: 0,
    retreating: { allied: false, soviet: false },
    tally: { allied: 0, soviet: 0 },
    earned: { allied: 0, soviet: 0 },
    setAside: 0,
    portStrike: {},
  };
}

/** Compare every action's `points` events with what the rules award (see the top of the file). */
export function checkPoints(steps: readonly Step[]): Disagreement[] {
  const out: Disagreement[] = [];
  const memory = new Map<ZoneId, ZoneTurn>();
  steps.forEach((step, index) => {
    const expected = new Map<string, number>();
    const seat = step.action.seat;
    const colon = seat.indexOf(':');
    const side = seat.slice(0, colon);
    const zoneId = seat.slice(colon + 1) as ZoneId;
    const z = step.before.zones[zoneId];
    if ((side === 'allied' || side === 'soviet') && z) {
      let m = memory.get(zoneId);
      if (!m || m.turn !== step.before.turn) memory.set(zoneId, (m = freshTurn(step.before.turn)));
      const award = (s: Side, points: number, kind: PointsKind) => {
        if (points <= 0) return;
        const key = `${s}|${kind}`;
        expected.set(key, (expected.get(key) ?? 0) + points);
        if (kind === 'mission' || kind === 'sinking' || kind === 'port-strike') m!.earned[s] += points;
      };
      oracleStep(step, zoneId, z, side, m, award);
    }
    const reported = new Map<string, number>();
    for (const e of step.events) {
      if (e.type !== 'points') continue;
      if (e.zone !== zoneId) {
        out.push({ step: index, action: step.action.type, zone: e.zone as ZoneId, turn: step.before.turn, side: e.side as Side, kind: e.kind as PointsKind, expected: 0, reported: e.points as number });
        continue;
      }
      const key = `${e.side}|${e.kind}`;
      reported.set(key, (reported.get(key) ?? 0) + (e.points as number));
    }
    for (const key of new Set([...expected.keys(), ...reported.keys()])) {
      const want = expected.get(key) ?? 0;
      const got = reported.get(key) ?? 0;
      if (want === got) continue;
      const [s, kind] = key.split('|') as [Side, PointsKind];
      out.push({ step: index, action: step.action.type, zone: zoneId, turn: step.before.turn, side: s, kind, expected: want, reported: got });
    }
  });
  return out;
}

function oracleStep(step: Step, zoneId: ZoneId, z: ZoneState, actor: Side, m: ZoneTurn, award: (s: Side, points: number, kind: PointsKind) => void): void {
  const { action, before, after } = step;
  const ships = new Map(before.options.roster.ships.map((s) => [s.id, s]));
  const data = zoneById(zoneId).summaries;
  const cell = z.mission?.cell;
  const pick = (v: NormalUrgent) => (cell!.urgent ? v[1] : v[0]);
  const pair = cell ? pairOf(cell) : null;
  const missionOf = (s: Side) => cell?.[s];
  const sideWith = (name: MissionName): Side => (cell!.allied === name ? 'allied' : 'soviet');
  const pool = (): number => {
    switch (pair) {
      case 'seaSuperiority':
      case 'invasion':
      case 'carrierStrike':
      case 'submarineStrike':
        return pick(data[pair].pool);
      default:
        return 0;
    }
  };
  const fromPool = (s: Side, wanted: number) => {
    const pts = Math.max(0, Math.min(wanted, pool() - m.poolAwarded.allied - m.poolAwarded.soviet));
    m.poolAwarded[s] += pts;
    award(s, pts, 'mission');
  };
  const committed = (s: Side) => Object.entries(z.players[s].fleet).filter(([, ship]) => ship.committed);
  /** 9.5, 9.6: no committed ship afloat, Passive submarines counting as eliminated. */
  const passiveEliminated = (s: Side) =>
    committed(s).every(([id, ship]) => {
      const kind = ships.get(id)!.kind;
      return (kind === 'submarine' || kind === 'missile-submarine') && ship.passive;
    });
  /** 9.1, 9.4: no committed ship afloat, a Passive submarine being a ship afloat (0.1: as 9.5). */
  const eliminated = (s: Side) => (before.options.rulings === '0.1' ? passiveEliminated(s) : committed(s).length === 0);
  const afloatNonCombatants = () => (z.battle?.nonCombatants ?? []).filter((n) => !n.sunk);

  switch (action.type) {
    case 'sink': {
      const id = action.ship as string;
      const owner = SIDES.find((s) => z.players[s].fleet[id]);
      if (owner) {
        const card = ships.get(id)!;
        const enemy = other(owner);
        award(enemy, card.points, 'sinking'); // 7, 10
        m.tally[enemy] += card.points;
        // 8: an Allied LPH committed on a Military Escort doubles as a Military transport.
        if (card.kind === 'lph' && (owner === 'allied' || before.options.rulings === '0.1') && pair === 'militaryEscort' && missionOf(owner) === 'Military Escort') award(enemy, pick(data.militaryEscort.points), 'mission');
      } else if (pair === 'militaryEscort' || pair === 'civilianEscort') {
        // 9.2, 9.3: the Raiding player scores for each Non-Combatant sunk.
        const escort = sideWith(pair === 'militaryEscort' ? 'Military Escort' : 'Civilian Escort');
        award(other(escort), pick(data[pair].points), 'mission');
      }
      break;
    }
    case 'retreat': {
      m.retreating[actor] = true;
      if (pair === 'seaSuperiority') {
        // 9.4: the opponent scores per ship and submarine in the retreating Task Force.
        const pts = committed(actor).length * pick(data.seaSuperiority.retreatPoints);
        award(other(actor), pts, 'mission');
        m.tally[other(actor)] += pts;
      }
      break;
    }
    case 'landAttack': {
      const mult = action.surprise ? 2 : 1;
      const mission = missionOf(actor);
      if (action.attack === 'carrier-air-strike') {
        if (mission === 'Carrier Strike' && action.success) fromPool(actor, pick(data.carrierStrike.points) * mult); // 9.7
      } else if (action.attack === 'submarine-missile') {
        if (mission === 'Submarine Strike') fromPool(actor, (action.damage as number) * mult); // 9.8
      } else if (mission === 'Invasion' || mission === 'Carrier Strike' || mission === 'Submarine Strike') {
        // 9.1 shore bombardment: after the enemy is eliminated or while it retreats, at most the Pool's value in all.
        const enemy = other(actor);
        if (eliminated(enemy) || m.retreating[enemy]) {
          const pts = Math.min(action.damage as number, pool() - m.shore);
          m.shore += pts;
          award(actor, pts, 'mission');
        }
      }
      break;
    }
    case 'endBattleTurn': {
      if (pair === 'seaSuperiorityVsHoldingAction' && missionOf(actor) === 'Holding Action') {
        // 9.5: at the end of each Holding Action Battle Turn; a retreating Holding Action Task Force counts as eliminated.
        const pts = pick(data.seaSuperiorityVsHoldingAction.points);
        if (passiveEliminated(actor) || m.retreating[actor]) award(other(actor), pts, 'mission');
        else award(actor, pts, 'mission');
      }
      if (pair === 'invasion' && missionOf(actor) === 'Invasion' && !m.retreating[actor] && passiveEliminated(other(actor))) {
        // 9.6: at the end of each Invasion Battle Turn with the enemy eliminated, per transport afloat less damage.
        const value = pick(data.invasion.points);
        fromPool(actor, afloatNonCombatants().reduce((t, n) => t + Math.max(0, value - n.damage), 0));
      }
      m.retreating[other(actor)] = false; // the other player's Clear the Decks ends its retreat
      break;
    }
    case 'setAside': {
      if (++m.setAside === 2) conclude();
      break;
    }
    case 'portStrike': {
      m.portStrike[actor] = action.choice as string;
      // 13.2.7 air strike: enemy ships sunk by it score for the striker.
      const enemy = other(actor);
      for (const id of Object.keys(z.players[enemy].fleet)) {
        if (!after.zones[zoneId]!.players[enemy].fleet[id] && after.sunk.includes(id)) award(actor, ships.get(id)!.points, before.options.rulings === '0.1' ? 'sinking' : 'port-strike');
      }
      break;
    }
    case 'playAdditionalShip':
      if (action.use === 'points') award(actor, 2, 'other'); // 13.5
      break;
  }

  /** 7.2.2 final Mission Points, then 7.2.4 ships in port (after the 7.2.3 comparison). */
  function conclude(): void {
    switch (pair) {
      case 'militaryEscort':
      case 'civilianEscort': {
        const escort = sideWith(pair === 'militaryEscort' ? 'Military Escort' : 'Civilian Escort');
        const value = pick(data[pair].points);
        const transports = afloatNonCombatants().map((n) => n.damage);
        if (pair === 'militaryEscort' && escort === 'allied') {
          for (const [id, ship] of committed('allied')) if (ships.get(id)!.kind === 'lph') transports.push(ship.damage);
        }
        award(escort, transports.reduce((t, d) => t + Math.max(0, value - d), 0), 'mission');
        break;
      }
      case 'seaSuperiority': {
        const p = pool();
        const { allied: a, soviet: s } = m.tally;
        if (a === s) {
          for (const side of SIDES) fromPool(side, Math.floor(p / 2));
        } else {
          const winner: Side = a > s ? 'allied' : 'soviet';
          if (eliminated(other(winner))) fromPool(winner, p);
          else {
            fromPool(winner, Math.floor((2 * p) / 3));
            fromPool(other(winner), Math.floor(p / 3));
          }
        }
        break;
      }
      case 'invasion':
      case 'carrierStrike':
      case 'submarineStrike': {
        const taker = SIDES.find((s) => missionOf(s) === 'Holding Action' || missionOf(s) === 'Engage')!;
        fromPool(taker, pool());
        break;
      }
      default:
        break;
    }
    for (const side of SIDES) {
      const halved = missionOf(side) === 'Holding Action' || missionOf(side) === 'Submarine Strike';
      const halvings = (halved ? 1 : 0) + (m.portStrike[other(side)] === 'port-mined' ? 1 : 0);
      let total = 0;
      for (const [id, ship] of Object.entries(z.players[side].fleet)) {
        if (ship.committed || ship.crippled) continue;
        total += Math.ceil(Math.max(0, ships.get(id)!.points - ship.damage) / 2 ** halvings);
      }
      award(side, Math.min(total, m.earned[side]), 'in-port');
    }
  }
}
