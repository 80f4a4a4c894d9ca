import type { MissionCell, MissionName, NormalUrgent, Side, ZoneData } from '../data/types.ts';
import { other } from '../state.ts';

/**
 * 9 and the Mission Summaries: what each side's mission asks of it and pays, in one zone, with
 * the normal or [Urgent] values (9.1). The numbers come from the zone's data file; the fixed
 * wording of the summaries (penalties, restrictions) is encoded here with its rule.
 */
export type MissionPair =
  | 'militaryEscort' // 9.2
  | 'civilianEscort' // 9.3
  | 'seaSuperiority' // 9.4
  | 'seaSuperiorityVsHoldingAction' // 9.5
  | 'invasion' // 9.6
  | 'carrierStrike' // 9.7
  | 'submarineStrike'; // 9.8

export const PAIR_RULE: Record<MissionPair, string> = {
  militaryEscort: '9.2',
  civilianEscort: '9.3',
  seaSuperiority: '9.4',
  seaSuperiorityVsHoldingAction: '9.5',
  invasion: '9.6',
  carrierStrike: '9.7',
  submarineStrike: '9.8',
};

export const PAIR_TITLE: Record<MissionPair, string> = {
  militaryEscort: 'Military Escort vs. Raid',
  civilianEscort: 'Civilian Escort vs. Raid',
  seaSuperiority: 'Sea Superiority vs. Sea Superiority',
  seaSuperiorityVsHoldingAction: 'Sea Superiority vs. Holding Action',
  invasion: 'Invasion vs. Holding Action',
  carrierStrike: 'Carrier Strike vs. Engage',
  submarineStrike: 'Submarine Strike vs. Engage',
};

export function missionPair(cell: Pick<MissionCell, 'allied' | 'soviet'>): MissionPair {
  const has = (m: MissionName) => cell.allied === m || cell.soviet === m;
  if (has('Military Escort')) return 'militaryEscort';
  if (has('Civilian Escort')) return 'civilianEscort';
  if (has('Invasion')) return 'invasion';
  if (has('Carrier Strike')) return 'carrierStrike';
  if (has('Submarine Strike')) return 'submarineStrike';
  if (has('Holding Action')) return 'seaSuperiorityVsHoldingAction';
  return 'seaSuperiority';
}

export type RetreatRule =
  | 'free'
  | 'once' // Military Escort: "Allowed once"
  | 'not-with-civilians' // Civilian Escort / 9.1: no retreat while Civilian Non-Combatants are afloat
  | 'opponent-scores' // Sea Superiority vs. Sea Superiority
  | 'counts-as-eliminated'; // Holding Action vs. Sea Superiority

export interface SideTerms {
  mission: MissionName;
  /** Hand size and Fog of War modifier (bonus or penalty) for the whole turn. */
  modifier: number;
  /** "Ships in port only score 1/2 their Point Value (round up, per ship)". */
  inPortHalf: boolean;
  /** Holding Action: "Can only commit up to 3 [4] ships". */
  maxShips: number | null;
  /** Submarine Strike: "Submarines only!" */
  submarinesOnly: boolean;
  /** 9.5: Carrier Strike needs a carrier committed, Submarine Strike a missile-capable submarine. */
  requires: 'carrier' | 'missile-submarine' | null;
  retreat: RetreatRule;
  /** Sentences of the summary for this side, for prompts and views. */
  summary: string[];
}

export interface MissionTerms {
  pair: MissionPair;
  rule: string;
  title: string;
  urgent: boolean;
  /** Point Pool (9.1), or null. */
  pool: number | null;
  /** Points per Non-Combatant / per Carrier Air Strike / per battle turn, depending on the pair. */
  points: number | null;
  /** Non-Combatants dealt to the mission player who escorts or invades (8). */
  nonCombatants: { side: Side; kind: 'military' | 'civilian'; count: number } | null;
  /** Sea Superiority: points per retreating ship and submarine. */
  retreatPoints: number | null;
  sides: Record<Side, SideTerms>;
}

function pick(v: NormalUrgent, urgent: boolean): number {
  return urgent ? v[1] : v[0];
}

function sideWith(cell: MissionCell, m: MissionName): Side {
  return cell.allied === m ? 'allied' : 'soviet';
}

const FOG_NOTE = 'Fog of War die results below 1 count as 1.';
/** 9.1: printed on the Civilian Non-Combatant cards. */
const EVASIVE = 'Evasive Maneuvers cards cannot be a Point Defense against an attack on a Civilian Non-Combatant (9.1).';
/** 9, Land Targets: "each attack against Land Targets (i.e., fired 'off the board') does count against a player's Fog of War allotment". */
const LAND_TARGETS = 'Each attack on Land Targets counts against your Fog of War allotment.';
/** 9.1 shore bombardment, for every Pool mission whose player attacks Land Targets (docs/rulings.md, "9.1 Shore bombardment"). */
const shoreBombardment = (pool: number) => `Also score the Damage Value of Gun Attacks on Land Targets made after the enemy Task Force is eliminated or while it retreats (at most ${pool} in all, separate from the Pool; 9.1).`;

export function missionTerms(zone: ZoneData, cell: MissionCell): MissionTerms {
  const pair = missionPair(cell);
  const u = cell.urgent;
  const s = zone.summaries;
  const base = (side: Side): SideTerms => ({
    mission: cell[side],
    modifier: 0,
    inPortHalf: false,
    maxShips: null,
    submarinesOnly: false,
    requires: null,
    retreat: 'free',
    summary: [],
  });
  const sides: Record<Side, SideTerms> = { allied: base('allied'), soviet: base('soviet') };
  const t: MissionTerms = {
    pair,
    rule: PAIR_RULE[pair],
    title: PAIR_TITLE[pair],
    urgent: u,
    pool: null,
    points: null,
    nonCombatants: null,
    retreatPoints: null,
    sides,
  };
  const holding = (side: Side, eliminatedOnRetreat: boolean) => {
    Object.assign(sides[side], {
      modifier: -1,
      inPortHalf: true,
      maxShips: u ? 4 : 3,
      retreat: eliminatedOnRetreat ? 'counts-as-eliminated' : 'free',
    });
  };
  switch (pair) {
    case 'militaryEscort':
    case 'civilianEscort': {
      const data = s[pair];
      const kind = pair === 'militaryEscort' ? 'military' : 'civilian';
      const escort = sideWith(cell, pair === 'militaryEscort' ? 'Military Escort' : 'Civilian Escort');
      const raider = other(escort);
      t.points = pick(data.points, u);
      t.nonCombatants = { side: escort, kind, count: pick(data.nonCombatants, u) };
      Object.assign(sides[escort], { modifier: -1, retreat: kind === 'military' ? 'once' : 'not-with-civilians' });
      sides[escort].summary = [
        `Score ${t.points} minus damage for each of your ${t.nonCombatants.count} ${kind === 'military' ? 'Military' : 'Civilian'} Non-Combatants that survive the Battle Turns.`,
        `−1 to hand size and Fog of War. ${FOG_NOTE}`,
        kind === 'military'
          ? 'Retreat allowed once.' + (escort === 'allied' ? ' Your committed LPHs count as Military transports (8).' : '')
          : 'No retreat while any Civilian Non-Combatant is afloat.',
      ];
      sides[raider].summary = [`Score ${t.points} for each Non-Combatant you sink.`];
      if (kind === 'civilian') {
        sides[escort].summary.push(EVASIVE);
        sides[raider].summary.push(EVASIVE);
      }
      break;
    }
    case 'seaSuperiority': {
      const data = s.seaSuperiority;
      t.pool = pick(data.pool, u);
      t.retreatPoints = pick(data.retreatPoints, u);
      for (const side of ['allied', 'soviet'] as const) {
        sides[side].modifier = data.bonus[side];
        sides[side].retreat = 'opponent-scores';
        sides[side].summary = [
          `Point Pool ${t.pool}: the Mission Winner (most points for sinking enemy ships and for the enemy retreating) scores 2/3, the loser 1/3; a tie splits it evenly (odd point lost); if the loser is completely eliminated the winner scores the whole Pool.`,
          `+${data.bonus[side]} to hand size and Fog of War.`,
          'Submarines must become Active during each Dive! Dive! step.',
          `If you retreat, your opponent immediately scores ${t.retreatPoints} per ship and submarine in your Task Force.`,
        ];
      }
      break;
    }
    case 'seaSuperiorityVsHoldingAction': {
      const data = s.seaSuperiorityVsHoldingAction;
      const ss = sideWith(cell, 'Sea Superiority');
      const ha = other(ss);
      t.points = pick(data.points, u);
      sides[ss].modifier = data.bonus;
      holding(ha, true);
      sides[ss].summary = [
        `Score ${t.points} at the end of each of the Holding Action player's Battle Turns in which their Task Force is eliminated (Passive submarines and a retreating Task Force count as eliminated).`,
        `+${data.bonus} to hand size and Fog of War.`,
      ];
      sides[ha].summary = [
        `Score ${t.points} at the end of each of your Battle Turns in which your Task Force is not eliminated.`,
        `Commit at most ${sides[ha].maxShips} ships. −1 to hand size and Fog of War. ${FOG_NOTE}`,
        'While Passive, your submarines count as eliminated; during a Retreat your Task Force counts as eliminated.',
        'Ships in port score only 1/2 their Point Value (rounded up, per ship).',
      ];
      break;
    }
    case 'invasion': {
      const data = s.invasion;
      const inv = sideWith(cell, 'Invasion');
      const ha = other(inv);
      t.pool = pick(data.pool, u);
      t.points = pick(data.points, u);
      t.nonCombatants = { side: inv, kind: 'military', count: pick(data.nonCombatants, u) };
      sides[inv].modifier = data.bonus;
      holding(ha, false);
      sides[inv].summary = [
        `Point Pool ${t.pool}: at the end of each of your Battle Turns in which the enemy Task Force is eliminated, score ${t.points} minus damage for each of your ${t.nonCombatants.count} Military Non-Combatants still afloat.`,
        shoreBombardment(t.pool),
        `+${data.bonus} to hand size and Fog of War. No Pool points while retreating.`,
        LAND_TARGETS,
      ];
      sides[ha].summary = [
        'Score all Pool points the Invasion player has not claimed at the end of the Battle Turns.',
        `Commit at most ${sides[ha].maxShips} ships. −1 to hand size and Fog of War. ${FOG_NOTE}`,
        'While Passive, your submarines count as eliminated (for the Invasion player scoring from the Pool).',
        'Ships in port score only 1/2 their Point Value (rounded up, per ship).',
      ];
      break;
    }
    case 'carrierStrike': {
      const data = s.carrierStrike;
      const cs = sideWith(cell, 'Carrier Strike');
      const en = other(cs);
      t.pool = pick(data.pool, u);
      t.points = pick(data.points, u);
      sides[cs].requires = 'carrier';
      sides[cs].summary = [
        `Point Pool ${t.pool}: score ${t.points} for each successful Carrier Air Strike against Land Targets (double for a Surprise Attack). No Pool points while retreating.`,
        shoreBombardment(t.pool),
        LAND_TARGETS,
        'You must commit at least one Aircraft Carrier, or decline: the status shifts one column against you and the mission is re-rolled (9.5).',
      ];
      sides[en].summary = [
        'Score all unclaimed Pool points at the end of the Battle Turns.',
        'You may use Point Defense (only) Air Cover and Early Warning Systems cards to protect Land Targets.',
      ];
      break;
    }
    case 'submarineStrike': {
      const data = s.submarineStrike;
      const ss = sideWith(cell, 'Submarine Strike');
      const en = other(ss);
      t.pool = pick(data.pool, u);
      Object.assign(sides[ss], { inPortHalf: true, submarinesOnly: true, requires: 'missile-submarine' });
      sides[ss].summary = [
        `Point Pool ${t.pool}: score the Damage Value of your submarine-launched Missile Attacks on Land Targets (double for a Surprise Attack). No Pool points while retreating.`,
        shoreBombardment(t.pool),
        LAND_TARGETS,
        'Submarines only: no surface ships in your Task Force. At least one must be missile-capable, or decline: the status shifts one column against you and the mission is re-rolled (9.5).',
        'Ships in port score only 1/2 their Point Value (rounded up, per ship).',
      ];
      sides[en].summary = [
        'Score all unclaimed Pool points at the end of the Battle Turns.',
        'You may use Point Defense (only) ECM and Early Warning Systems cards to protect Land Targets.',
      ];
      break;
    }
  }
  return t;
}

/** Every mission pair of a zone with its normal and [Urgent] terms (for `wardroom tables --json`). */
export function zoneMissionTerms(zone: ZoneData) {
  const pairs: Record<MissionPair, [MissionName, MissionName]> = {
    militaryEscort: ['Military Escort', 'Raid'],
    civilianEscort: ['Civilian Escort', 'Raid'],
    seaSuperiority: ['Sea Superiority', 'Sea Superiority'],
    seaSuperiorityVsHoldingAction: ['Sea Superiority', 'Holding Action'],
    invasion: ['Invasion', 'Holding Action'],
    carrierStrike: ['Carrier Strike', 'Engage'],
    submarineStrike: ['Submarine Strike', 'Engage'],
  };
  const out: Record<string, { title: string; rule: string; normal: MissionTerms; urgent: MissionTerms }> = {};
  for (const [pair, [allied, soviet]] of Object.entries(pairs) as [MissionPair, [MissionName, MissionName]][]) {
    out[pair] = {
      title: PAIR_TITLE[pair],
      rule: PAIR_RULE[pair],
      normal: missionTerms(zone, { allied, soviet, urgent: false }),
      urgent: missionTerms(zone, { allied, soviet, urgent: true }),
    };
  }
  return out;
}
