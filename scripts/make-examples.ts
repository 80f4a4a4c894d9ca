/**
 * Writes the CWNB Campaign example game files into examples/cwnb/ (with their README) and the
 * game file JSON Schema into docs/game-file.schema.json.
 *
 *   node --import tsx scripts/make-examples.ts           write everything
 *   node --import tsx scripts/make-examples.ts --check   rebuild in memory; exit 1 if a file on disk differs
 *
 * Every example is built by applying scripted actions through the engine's `Session`, exactly as
 * `wardroom play` does, so each file is valid by construction: the script stops with an error
 * naming the action on the first refusal. Hand-scripted games use physical dice (so the script
 * chooses each mission roll and each Non-Combatant card dealt); the seven-zone game is played by
 * a seeded policy over `legalActions` with the game's own seeded dice.
 *
 * All examples use Wardroom's DEMO ship roster and DEMO starting points (not the cards' values).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Chooser } from '../src/engine/random-play.ts';
import { formatRefusal, isRuleError } from '../src/engine/errors.ts';
import { legalActions, waitingFor } from '../src/engine/kernel.ts';
import type { Action, ActionSpec, GameEvent } from '../src/engine/module.ts';
import { newGameRecord, Session, type GameRecord } from '../src/engine/session.ts';
import { REFEREE, seatViewer } from '../src/engine/viewer.ts';
import { gameFileSchema } from '../src/adapters/storage/game-file.ts';
import { replaySummary } from '../src/adapters/cli/cwnb-summary.ts';
import { renderStatus } from '../src/adapters/cli/cwnb-render.ts';
import { cwnb } from '../src/modules/cwnb/index.ts';
import { actionFileSchema } from '../src/modules/cwnb/optional-rules.ts';
import { optionsSchema, type RawOptions } from '../src/modules/cwnb/options.ts';
import { ZONE_IDS, type Side, type ZoneId } from '../src/modules/cwnb/data/types.ts';
import { actionCardType } from '../src/modules/cwnb/data/index.ts';
import { isSubmarine, shipCard, terms } from '../src/modules/cwnb/rules/common.ts';
import { parseSeat, type CwnbState } from '../src/modules/cwnb/state.ts';
import { view } from '../src/modules/cwnb/view.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const EXAMPLES_DIR = join(ROOT, 'examples', 'cwnb');
export const SCHEMA_PATH = join(ROOT, 'docs', 'game-file.schema.json');

// ---------------------------------------------------------------------------------------------
// Scripting helpers
// ---------------------------------------------------------------------------------------------

type Fields = Record<string, unknown>;

/** Open a record, throwing with the refusal if it does not replay. */
export function openOrThrow(record: GameRecord, name: string): Session<CwnbState> {
  const s = Session.open(cwnb, record);
  if (isRuleError(s)) throw new Error(`${name}: ${formatRefusal(s)}`);
  return s;
}

/** A game being scripted: a Session that throws on the first refused action. */
export class Game {
  readonly session: Session<CwnbState>;

  constructor(
    readonly name: string,
    options: RawOptions,
    seed: string,
  ) {
    this.session = openOrThrow(newGameRecord(cwnb.id, options, seed), name);
  }

  get state(): CwnbState {
    return this.session.state;
  }

  get record(): GameRecord {
    return this.session.record;
  }

  apply(action: Action): GameEvent[] {
    const r = this.session.submit(action);
    if (isRuleError(r)) {
      throw new Error(`${this.name}: action #${this.record.log.length} ${JSON.stringify(action)} was refused: ${formatRefusal(r)}`);
    }
    return r;
  }

  act(seat: string, type: string, fields: Fields = {}): GameEvent[] {
    return this.apply({ type, seat, ...fields });
  }

  seat(side: Side, zone: ZoneId): SeatScript {
    return new SeatScript(this, `${side}:${zone}`);
  }

  /** Stop the script unless `cond` holds (a check that the story goes the way the text says). */
  check(cond: boolean, what: string): void {
    if (!cond) throw new Error(`${this.name}: expected ${what}\n${renderStatus(view(this.state, REFEREE), (s) => this.session.seatLabel(s))}`);
  }

  track(side: Side, zone: ZoneId): number {
    return this.state.zones[zone]!.players[side].track;
  }

  status(): string {
    return renderStatus(view(this.state, REFEREE), (s) => this.session.seatLabel(s));
  }
}

/** One seat's actions, named like the `wardroom play` short commands. */
export class SeatScript {
  constructor(
    readonly game: Game,
    readonly seat: string,
  ) {}

  private a(type: string, fields: Fields = {}): this {
    this.game.act(this.seat, type, fields);
    return this;
  }

  /** 6.A `roll [N]` */
  roll(value?: number): this {
    return this.a('rollMission', value === undefined ? {} : { values: [value] });
  }
  /** 9.5 `decline` */
  decline(): this {
    return this.a('declineStrike');
  }
  /** 6.C.2 `buy SHIP` (several at once for brevity) */
  buy(...ships: string[]): this {
    for (const ship of ships) this.a('buyShip', { ship });
    return this;
  }
  /** 6.C.2 `card TYPE [VALUE]` */
  card(card: string, value?: number): this {
    return this.a('buyCard', value === undefined ? { card } : { card, value });
  }
  /** 6.C.2 `done` */
  done(): this {
    return this.a('donePurchasing');
  }
  /** 6.C.3 `give SHIP to ZONE` */
  giveShip(ship: string, to: ZoneId): this {
    return this.a('transferShip', { ship, to });
  }
  /** 6.C.3 `give card N to ZONE`: the card at this position of the hand (from 0; from 1 in the short command), named by its id */
  giveCard(card: number, to: ZoneId): this {
    const [side, zone] = this.seat.split(':') as [Side, ZoneId];
    return this.a('transferCard', { card: this.game.state.zones[zone]!.players[side].cards[card].id, to });
  }
  /** 6.C.4 `commit SHIP,SHIP [ad=N]` */
  commit(ships: string[], areaDefense = 0): this {
    return this.a('commit', areaDefense ? { ships, areaDefense } : { ships });
  }
  /** 8 `deal [C,C..]` */
  deal(cards?: number[]): this {
    return this.a('dealNonCombatants', cards ? { cards } : {});
  }
  /** 7 `sink UNIT [cause]` */
  sink(ship: string, cause?: string): this {
    return this.a('sink', cause ? { ship, cause } : { ship });
  }
  /** 7 `damage UNIT N` / `repair UNIT N` */
  damage(ship: string, amount: number): this {
    return this.a('damage', { ship, amount });
  }
  /** 7 `cripple SHIP [off]` */
  cripple(ship: string, value = true): this {
    return this.a('cripple', { ship, value });
  }
  /** 7 `critical SHIP [off]` */
  critical(ship: string, value = true): this {
    return this.a('criticalDamage', { ship, value });
  }
  /** 7 `passive SUB` / `active SUB` */
  sub(ship: string, mode: 'active' | 'passive'): this {
    return this.a('submarine', { ship, mode });
  }
  /** 7 `retreat` */
  retreat(): this {
    return this.a('retreat');
  }
  /** 9.7 `air hit|miss [surprise]` */
  air(success: boolean, surprise = false): this {
    return this.a('landAttack', surprise ? { attack: 'carrier-air-strike', success, surprise } : { attack: 'carrier-air-strike', success });
  }
  /** 9.8 `missile N [surprise]` */
  missile(damage: number, surprise = false): this {
    return this.a('landAttack', surprise ? { attack: 'submarine-missile', damage, surprise } : { attack: 'submarine-missile', damage });
  }
  /** 9.1 `gun N [surprise]` */
  gun(damage: number, surprise = false): this {
    return this.a('landAttack', surprise ? { attack: 'gun', damage, surprise } : { attack: 'gun', damage });
  }
  /** 7 `end` */
  end(): this {
    return this.a('endBattleTurn');
  }
  /** 7.2.1 `keep [TYPE [VALUE]]` */
  keep(card?: string, value?: number): this {
    return this.a('setAside', card === undefined ? {} : value === undefined ? { card } : { card, value });
  }
}

const DEMO = { roster: 'demo', startingPoints: 'demo' } as const;

export interface Example {
  file: string;
  title: string;
  /** What the example shows, one bullet each. */
  shows: string[];
  build(): Game;
}

// ---------------------------------------------------------------------------------------------
// Mission examples (one zone, physical dice so the mission rolls are chosen)
// ---------------------------------------------------------------------------------------------

const missionMilitaryEscort: Example = {
  file: 'mission-military-escort.json',
  title: 'Military Escort vs. Raid (9.2, 8), Mediterranean, 1 turn',
  shows: [
    'Mission roll 1 on Even: Allied Military Escort vs. Soviet Raid (4 Military Non-Combatants, 13 points each; Allied hand and Fog of War −1).',
    'Purchases at Point Value on turn 1, Action cards (one attack card at half its value), unspent points banked (6.C.2).',
    'Secret commitment; the Disadvantaged Allied player pre-positions 2 Area Defense cards (6.C.4).',
    'Non-Combatant cards named at the table (physical dice); the Raider sinks one (+13 Mission Points at once) and damages two.',
    'The Allied LPH USS Iwo Jima counts as a Military transport (8): it survives with 3 damage and scores 13 − 3.',
    'The escort retreats once (allowed once on a Military Escort); the retreat ends at its next Clear the Decks.',
    'Sinkings score the ship\'s points at once; a ship is crippled and partly repaired.',
    '7.2: survivors score 13 minus damage (9 + 8 + 13 + 10 = 40); status moves to Allied Edge; in port the Soviet ships (27) are capped at the 25 points the Soviet player earned this turn.',
  ],
  build() {
    const g = new Game('mission-military-escort', { zones: ['mediterranean'], turns: 1, dice: 'physical', ...DEMO }, 'example:mission-military-escort');
    const A = g.seat('allied', 'mediterranean');
    const S = g.seat('soviet', 'mediterranean');
    S.roll(1);
    A.buy('uss-iwo-jima', 'uss-ticonderoga', 'uss-virginia', 'uss-kidd', 'uss-los-angeles', 'uss-midway', 'uss-spruance').card('Damage Control').card('Retreat').card('ECM').done();
    S.buy('kirov', 'slava', 'sovremenny', 'akula', 'alfa', 'udaloy', 'oscar-ii').card('Missile', 8).card('Torpedo', 6).card('Surprise').done();
    g.check(g.state.zones.mediterranean!.players.allied.banked === 30 && g.state.zones.mediterranean!.players.soviet.banked === 17, 'banked 30 / 17 after purchases');
    S.commit(['kirov', 'slava', 'sovremenny', 'akula', 'alfa']);
    A.commit(['uss-iwo-jima', 'uss-ticonderoga', 'uss-virginia', 'uss-kidd', 'uss-los-angeles'], 2);
    A.deal([3, 7, 11, 15]);
    // Battle Turn 1
    S.damage('NC-3', 4).sink('NC-7', 'Torpedo').end();
    A.sink('sovremenny', 'Harpoon missiles').damage('slava', 3).end();
    // Battle Turn 2
    S.damage('uss-kidd', 4).cripple('uss-kidd').damage('uss-iwo-jima', 3).end();
    A.retreat().end();
    // Battle Turn 3 (the Allied retreat ends at the Allied Clear the Decks)
    S.damage('NC-11', 5).end();
    A.sink('alfa', 'ASW').end();
    // Battle Turn 4
    S.sink('uss-virginia', 'Missile').end();
    A.damage('uss-kidd', -2).end();
    A.keep(); // 7.2.1 the last turn: no card is kept
    S.keep();
    return g;
  },
};

const missionCivilianEscort: Example = {
  file: 'mission-civilian-escort.json',
  title: 'Civilian Escort vs. Raid (9.3), Persian Gulf, 1 turn, Urgent',
  shows: [
    'Mission roll 3 on Even: Allied Civilian Escort vs. Soviet Raid, Urgent: 7 Civilian Non-Combatants worth 12 [Urgent] each.',
    'The Raider sinks two Non-Combatants (+12 each at once) and damages two; the escort sinks two submarines.',
    '7.2.2: the five survivors score 12 minus damage (9 + 7 + 12 + 12 + 12 = 52).',
    '(While any Civilian Non-Combatant is afloat the escort may not retreat (9.1); the CLI test checks that refusal.)',
  ],
  build() {
    const g = new Game('mission-civilian-escort', { zones: ['persian-gulf'], turns: 1, dice: 'physical', ...DEMO }, 'example:mission-civilian-escort');
    const A = g.seat('allied', 'persian-gulf');
    const S = g.seat('soviet', 'persian-gulf');
    S.roll(3);
    A.buy('uss-ticonderoga', 'uss-virginia', 'uss-kidd', 'uss-spruance', 'uss-oliver-hazard-perry', 'uss-los-angeles').card('ECM').card('Evasive Maneuvers').card('ASW').card('Air Cover').done();
    S.buy('slava', 'marshal-ustinov', 'sovremenny', 'udaloy', 'alfa', 'victor-iii').card('Torpedo', 8).card('Missile', 6).done();
    A.commit(['uss-ticonderoga', 'uss-virginia', 'uss-kidd', 'uss-spruance', 'uss-los-angeles']);
    S.commit(['slava', 'marshal-ustinov', 'sovremenny', 'alfa', 'victor-iii']);
    A.deal([1, 5, 9, 12, 14, 16, 18]);
    S.sink('NC-1', 'Torpedo').damage('NC-5', 3).end();
    A.sink('alfa', 'ASW').end();
    S.sink('NC-9', 'Missile').end();
    A.end();
    S.sink('uss-kidd').damage('NC-12', 5).end();
    A.sink('victor-iii', 'ASW').end();
    S.end();
    A.end();
    A.keep(); // 7.2.1 the last turn: no card is kept
    S.keep(); // 7.2.1 the last turn: no card is kept
    return g;
  },
};

const missionSeaSuperiority: Example = {
  file: 'mission-sea-superiority.json',
  title: 'Sea Superiority vs. Sea Superiority (9.4), Mediterranean, 1 turn, Urgent, with a retreat',
  shows: [
    'Mission roll 3 on Even: Sea Superiority vs. Sea Superiority, Urgent: Point Pool 90, Allied +3 and Soviet +2 to hand size and Fog of War.',
    'The Allied Task Force retreats with 3 ships: the Soviet player scores 5 [Urgent] per ship at once (15), which also counts toward Mission Winner.',
    'Mission Winner Soviet (12 + 10 + 15 = 37 for sinkings and the retreat, against 22): 2/3 of the Pool (60) to the winner, 1/3 (30) to the loser.',
    'Status moves one column toward the Soviet player (Soviet Edge); both players\' ships in port score.',
  ],
  build() {
    const g = new Game('mission-sea-superiority', { zones: ['mediterranean'], turns: 1, dice: 'physical', ...DEMO }, 'example:mission-sea-superiority');
    const A = g.seat('allied', 'mediterranean');
    const S = g.seat('soviet', 'mediterranean');
    S.roll(3);
    A.buy('uss-nimitz', 'uss-ticonderoga', 'uss-virginia', 'uss-kidd', 'uss-los-angeles', 'uss-spruance').card('Retreat').card('Air Cover').done();
    S.buy('kirov', 'slava', 'marshal-ustinov', 'sovremenny', 'akula', 'victor-iii').card('Missile', 10).card('Torpedo', 8).done();
    S.commit(['kirov', 'slava', 'marshal-ustinov', 'sovremenny', 'akula']);
    A.commit(['uss-nimitz', 'uss-ticonderoga', 'uss-virginia', 'uss-kidd', 'uss-los-angeles'], 1);
    S.sink('uss-kidd', 'Missile').damage('uss-ticonderoga', 5).end();
    A.sink('sovremenny', 'Carrier air strike').end();
    S.sink('uss-virginia', 'Torpedo').end();
    A.retreat().end();
    S.damage('uss-nimitz', 6).end();
    A.sink('akula', 'ASW').end();
    S.end();
    A.damage('kirov', 8).end();
    A.keep(); // 7.2.1 the last turn: no card is kept
    S.keep();
    return g;
  },
};

const missionSeaSuperiorityTie: Example = {
  file: 'mission-sea-superiority-tie.json',
  title: 'Sea Superiority vs. Sea Superiority (9.4), Persian Gulf, 1 turn: a tie',
  shows: [
    'Mission roll 1 on Even: Sea Superiority vs. Sea Superiority, Point Pool 45.',
    'Each side sinks 9 points of ships: a tie, so the Pool is split evenly and the odd point is lost (45 → 22 / 22, the rulebook\'s example).',
    'Tied scores this turn: the War Zone Status marker does not move (7.2.3).',
  ],
  build() {
    const g = new Game('mission-sea-superiority-tie', { zones: ['persian-gulf'], turns: 1, dice: 'physical', ...DEMO }, 'example:mission-sea-superiority-tie');
    const A = g.seat('allied', 'persian-gulf');
    const S = g.seat('soviet', 'persian-gulf');
    S.roll(1);
    A.buy('uss-ticonderoga', 'uss-virginia', 'uss-spruance', 'uss-los-angeles').done();
    S.buy('slava', 'sovremenny', 'udaloy', 'akula').done();
    A.commit(['uss-ticonderoga', 'uss-virginia', 'uss-spruance', 'uss-los-angeles']);
    S.commit(['slava', 'sovremenny', 'udaloy', 'akula']);
    S.sink('uss-spruance').end();
    A.sink('udaloy').end();
    for (let i = 0; i < 3; i++) S.end(), A.end();
    A.keep();
    S.keep();
    return g;
  },
};

const missionSeaSuperiorityVsHoldingAction: Example = {
  file: 'mission-sea-superiority-vs-holding-action.json',
  title: 'Sea Superiority vs. Holding Action (9.5), North Sea, 1 turn',
  shows: [
    'Mission roll 6 on Even: Allied Sea Superiority vs. Soviet Holding Action, 10 points per Battle Turn; the Holding Action player commits at most 3 ships.',
    'End of each Soviet Battle Turn: Soviet +10 while its Task Force is not eliminated, Allied +10 when it is.',
    'Soviet Battle Turn 2: its only ship afloat, a submarine, is Passive, so the Task Force counts as eliminated (Allied +10).',
    'Soviet Battle Turn 4: the Holding Action Task Force retreats and counts as eliminated during the retreat (Allied +10).',
    'Holding Action ships in port score half their Point Value, rounded up per ship (10 → 5, 9 → 5).',
  ],
  build() {
    const g = new Game('mission-sea-superiority-vs-holding-action', { zones: ['north-sea'], turns: 1, dice: 'physical', ...DEMO }, 'example:mission-ss-vs-ha');
    const A = g.seat('allied', 'north-sea');
    const S = g.seat('soviet', 'north-sea');
    S.roll(6);
    A.buy('uss-nimitz', 'uss-ticonderoga', 'uss-virginia', 'uss-los-angeles', 'uss-knox').card('ASW').done();
    S.buy('kirov', 'slava', 'akula', 'alfa', 'udaloy').card('Retreat').card('Crash Dive').done();
    S.commit(['kirov', 'slava', 'akula']);
    A.commit(['uss-nimitz', 'uss-ticonderoga', 'uss-virginia', 'uss-los-angeles']);
    S.damage('uss-virginia', 4).end();
    A.sink('slava', 'Carrier air strike').sink('kirov', 'Harpoon missiles').end();
    S.sub('akula', 'passive').end();
    A.end();
    S.sub('akula', 'active').sink('uss-virginia', 'Torpedo').end();
    A.damage('akula', 2).end();
    S.retreat().end();
    A.end();
    A.keep(); // 7.2.1 the last turn: no card is kept
    S.keep(); // 7.2.1 the last turn: no card is kept
    return g;
  },
};

const missionInvasion: Example = {
  file: 'mission-invasion.json',
  title: 'Invasion vs. Holding Action (9.6), North Sea, 2 turns, with a declined Submarine Strike (9.5)',
  shows: [
    'Turn 1: Allied Sea Superiority vs. Soviet Holding Action; the Allied player scores more, so the status moves to Allied Edge (Allied advantaged).',
    'Turn 2: ships now cost double their Point Value (6.C.2); the Allied player rolls 1: Soviet Submarine Strike vs. Allied Engage.',
    'The Soviet player declines the Submarine Strike (9.5): the status shifts one column against them (Allied Advantage) and the Allied player re-rolls: 1, Invasion vs. Holding Action, Urgent (Pool 160, 7 points per Military Non-Combatant, 5 of them; Holding Action at most 4 ships).',
    'A Gun Attack on Land Targets while the enemy is not eliminated scores nothing (9.1).',
    'Soviet Battle Turn 2: the last Soviet ship afloat goes Passive, so the Task Force counts as eliminated: at the end of Allied Battle Turns 3 and 4 the Invasion player scores 7 minus damage per Non-Combatant afloat from the Pool (25 each time).',
    'Shore bombardment (9.1): the Gun Attack (8) while the last Soviet ship afloat is a Passive submarine scores nothing (a Passive submarine afloat is a ship afloat; only 9.5 and 9.6 count it as eliminated, "for this purpose"); the Gun Attack (5) after it is sunk scores its Damage Value, separate from the Pool.',
    'The Holding Action player takes the 110 Pool points left unclaimed (160 − 50) at the end of the Battle Turns.',
  ],
  build() {
    const g = new Game('mission-invasion', { zones: ['north-sea'], turns: 2, dice: 'physical', ...DEMO }, 'example:mission-invasion');
    const A = g.seat('allied', 'north-sea');
    const S = g.seat('soviet', 'north-sea');
    // Turn 1: Sea Superiority vs. Holding Action.
    S.roll(6);
    A.buy('uss-nimitz', 'uss-ticonderoga', 'uss-los-angeles', 'uss-knox').done();
    S.buy('kirov', 'akula', 'alfa', 'udaloy').done();
    S.commit(['kirov', 'akula']);
    A.commit(['uss-nimitz', 'uss-ticonderoga', 'uss-los-angeles']);
    S.end();
    A.sink('kirov', 'Carrier air strike').end();
    S.sub('akula', 'passive').end();
    A.end();
    S.end();
    A.end();
    S.end();
    A.end();
    A.keep();
    S.keep();
    g.check(g.state.zones['north-sea']!.status === 4, 'status Allied Edge after turn 1');
    // Turn 2: the Allied player is advantaged and rolls.
    A.roll(1);
    S.decline();
    g.check(g.state.zones['north-sea']!.status === 5, 'status Allied Advantage after the decline');
    A.roll(1);
    A.buy('hms-sheffield').card('Gun', 8).done();
    S.buy('bditelny').done();
    A.commit(['uss-nimitz', 'uss-ticonderoga', 'uss-los-angeles', 'hms-sheffield']);
    S.commit(['akula', 'alfa', 'udaloy', 'bditelny']);
    A.deal([2, 4, 6, 8, 10]);
    A.sink('udaloy', 'Harpoon missiles').gun(6).end();
    S.sub('akula', 'active').damage('NC-4', 3).sink('NC-8', 'Torpedo').end();
    A.sink('alfa', 'ASW').sink('bditelny', 'Gun').end();
    S.sub('akula', 'passive').end();
    A.gun(8).end();
    S.end();
    A.sink('akula', 'ASW').gun(5).end();
    S.end();
    A.keep(); // 7.2.1 the last turn: no card is kept
    S.keep();
    return g;
  },
};

const missionCarrierStrike: Example = {
  file: 'mission-carrier-strike.json',
  title: 'Carrier Strike vs. Engage (9.7), South Pacific, 1 turn, with a Surprise air strike',
  shows: [
    'South Pacific At Start Buy Points 80 / 100 (the only values the rulebook gives).',
    'Mission roll 6 on Even: Allied Carrier Strike vs. Soviet Engage (Point Pool 55, 11 per successful Carrier Air Strike); the Allied player commits a carrier (9.5).',
    'Successful Carrier Air Strikes score 11 from the Pool; a Surprise one scores double (22); a failed one nothing.',
    'The Soviet Task Force retreats; an Allied Gun Attack on Land Targets while it retreats scores its Damage Value as shore bombardment (9.1).',
    'The Engage player takes the 11 Pool points left unclaimed (55 − 44).',
  ],
  build() {
    const g = new Game('mission-carrier-strike', { zones: ['south-pacific'], turns: 1, dice: 'physical', ...DEMO }, 'example:mission-carrier-strike');
    const A = g.seat('allied', 'south-pacific');
    const S = g.seat('soviet', 'south-pacific');
    S.roll(6);
    A.buy('uss-midway', 'uss-ticonderoga', 'uss-kidd', 'uss-spruance', 'uss-los-angeles').card('Surprise').card('Carrier Crew Efficiency').done();
    S.buy('kirov', 'slava', 'sovremenny', 'udaloy', 'akula', 'victor-iii').card('ASW').card('Air Cover').done();
    A.commit(['uss-midway', 'uss-ticonderoga', 'uss-kidd', 'uss-los-angeles'], 1);
    S.commit(['kirov', 'slava', 'sovremenny', 'akula']);
    S.damage('uss-midway', 3).end();
    A.air(true).end();
    S.sink('uss-kidd', 'Missile').end();
    A.air(true, true).air(false).end();
    S.retreat().end();
    A.sink('sovremenny', 'Carrier air strike').gun(7).air(true).end();
    S.end();
    A.air(false).end();
    A.keep(); // 7.2.1 the last turn: no card is kept
    S.keep();
    return g;
  },
};

const missionSubmarineStrike: Example = {
  file: 'mission-submarine-strike.json',
  title: 'Submarine Strike vs. Engage (9.8), Mediterranean, 1 turn',
  shows: [
    'Mission roll 6 on Even: Allied Engage vs. Soviet Submarine Strike (Point Pool 30); the Soviet player commits submarines only, one missile-capable (9.5, 9.8).',
    'The Disadvantaged (Allied) player sets up a submarine Passive (9.8).',
    'Submarine Missile Attacks on Land Targets score their Damage Value from the Pool (6, then 5 with Surprise, doubled to 10, then 4).',
    'The Engage player takes the 10 Pool points left unclaimed; Submarine Strike ships in port score half their Point Value, rounded up per ship (26 → 13, 15 → 8).',
  ],
  build() {
    const g = new Game('mission-submarine-strike', { zones: ['mediterranean'], turns: 1, dice: 'physical', ...DEMO }, 'example:mission-submarine-strike');
    const A = g.seat('allied', 'mediterranean');
    const S = g.seat('soviet', 'mediterranean');
    S.roll(6);
    A.buy('uss-nimitz', 'uss-ticonderoga', 'uss-virginia', 'uss-los-angeles', 'hms-churchill', 'uss-kidd').card('ECM').card('Early Warning Systems').done();
    S.buy('oscar-ii', 'charlie-ii', 'akula', 'kirov', 'slava').card('Missile', 10).card('Surprise').done();
    S.commit(['oscar-ii', 'charlie-ii', 'akula']);
    A.commit(['uss-nimitz', 'uss-ticonderoga', 'uss-virginia', 'uss-los-angeles', 'hms-churchill']);
    A.sub('uss-los-angeles', 'passive');
    S.missile(6).end();
    A.sub('uss-los-angeles', 'active').sink('charlie-ii', 'ASW').end();
    S.missile(5, true).end();
    A.damage('oscar-ii', 4).end();
    S.sink('uss-virginia', 'Torpedo').end();
    A.end();
    S.missile(4).end();
    A.end();
    A.keep();
    S.keep(); // 7.2.1 the last turn: no card is kept
    return g;
  },
};

// ---------------------------------------------------------------------------------------------
// A complete two-zone game, hand-scripted (physical dice)
// ---------------------------------------------------------------------------------------------

const twoZone: Example = {
  file: 'two-zone.json',
  title: 'A complete two-zone campaign: Mediterranean and North Atlantic, 3 turns',
  shows: [
    'Turn 1 — Mediterranean: Allied Military Escort vs. Soviet Raid (the LPH USS Iwo Jima sails as a transport); North Atlantic: Sea Superiority vs. Sea Superiority.',
    'A purchase conflict (6.C.2): both Allied players order HMS Invincible; with equal banked points the War Zone order decides, the Mediterranean gets it and the North Atlantic order is reopened and re-placed.',
    'Transfers between teammates (6.C.3): a submarine from the Mediterranean to the North Atlantic, an Action card the other way.',
    'Secret commitments with ships in port, pre-positioned Area Defense, sinkings, damage, a crippled ship, an escort retreat (once) and a Sea Superiority retreat that pays the opponent 3 per ship.',
    'Turn 2 (both zones Allied Edge, Allied advantaged; ships cost double): Mediterranean Carrier Strike vs. Engage with a Surprise air strike and shore bombardment while the enemy retreats; the LPH is transferred to the North Atlantic for a Military Escort and is sunk there (8 for the ship plus 12 as a transport).',
    'Turn 3 (both zones Allied Advantage): two submarines transferred to the Mediterranean for an Allied Submarine Strike (missile attacks, half-value ships in port); North Atlantic Civilian Escort vs. Raid.',
    'In-port scoring with its cap every turn; End Game bonuses from both status columns (11); the Allied team wins.',
  ],
  build() {
    const g = new Game('two-zone', { zones: ['mediterranean', 'north-atlantic'], turns: 3, dice: 'physical', ...DEMO, players: { 'allied:mediterranean': 'Ann', 'soviet:mediterranean': 'Boris', 'allied:north-atlantic': 'Carl', 'soviet:north-atlantic': 'Dasha' } }, 'example:two-zone');
    const AM = g.seat('allied', 'mediterranean');
    const SM = g.seat('soviet', 'mediterranean');
    const AN = g.seat('allied', 'north-atlantic');
    const SN = g.seat('soviet', 'north-atlantic');

    // ---- Turn 1: both zones Even, the Soviet players are advantaged and roll.
    SM.roll(1); // Military Escort vs. Raid
    SN.roll(6); // Sea Superiority vs. Sea Superiority
    AM.buy('uss-iwo-jima', 'uss-ticonderoga', 'uss-kidd', 'uss-spruance', 'hms-churchill', 'uss-midway', 'hms-invincible').card('Retreat').card('ECM').card('Damage Control').done();
    AN.buy('uss-nimitz', 'uss-virginia', 'uss-los-angeles', 'uss-chicago', 'hms-sheffield', 'uss-oliver-hazard-perry', 'uss-knox', 'hms-invincible').card('Air Cover').card('ASW').done();
    SM.buy('kirov', 'sovremenny', 'udaloy', 'akula', 'alfa', 'kiev').card('Torpedo', 8).card('Missile', 10).card('Surprise').done();
    SN.buy('minsk', 'slava', 'marshal-ustinov', 'kronshtadt', 'victor-iii', 'oscar-ii', 'charlie-ii').card('Missile', 8).card('ASW').done();
    g.check(!g.state.purchasesResolved && !g.state.zones['north-atlantic']!.players.allied.order.done, 'the North Atlantic Allied order reopened after the conflict over HMS Invincible');
    AN.card('Surprise').done();
    g.check(g.state.purchasesResolved, 'purchases resolved');
    AM.giveShip('hms-churchill', 'north-atlantic');
    SN.giveCard(0, 'mediterranean');
    SM.commit(['kirov', 'sovremenny', 'akula', 'alfa', 'kiev']);
    AM.commit(['uss-iwo-jima', 'uss-ticonderoga', 'uss-kidd', 'uss-spruance', 'hms-invincible'], 1);
    SN.commit(['minsk', 'slava', 'marshal-ustinov', 'victor-iii', 'oscar-ii']);
    AN.commit(['uss-nimitz', 'uss-virginia', 'uss-los-angeles', 'uss-chicago', 'hms-churchill', 'hms-sheffield'], 2);
    // Mediterranean battle
    AM.deal([1, 2, 3, 4]);
    SM.sink('NC-1', 'Torpedo').damage('NC-2', 2).end();
    AM.sink('sovremenny', 'Harpoon missiles').damage('kirov', 6).end();
    SM.damage('uss-iwo-jima', 2).sink('uss-kidd', 'Missile').end();
    AM.retreat().end();
    SM.damage('NC-3', 4).end();
    AM.sink('alfa', 'ASW').end();
    SM.end();
    AM.end();
    // North Atlantic battle
    SN.sink('uss-virginia', 'Missile').damage('uss-nimitz', 5).end();
    AN.sink('slava', 'Carrier air strike').damage('marshal-ustinov', 6).cripple('marshal-ustinov').end();
    SN.retreat().end();
    AN.sink('victor-iii', 'ASW').end();
    SN.sink('hms-sheffield', 'Torpedo').end();
    AN.end();
    SN.end();
    AN.damage('minsk', 4).end();
    AM.keep('Damage Control');
    SM.keep('Surprise');
    AN.keep('Surprise');
    SN.keep();
    g.check(g.state.turn === 2, 'turn 2 begins');

    // ---- Turn 2: both zones Allied Edge; the Allied players roll. Ships now cost double.
    AM.roll(4); // Carrier Strike vs. Engage
    AN.roll(2); // Military Escort vs. Raid
    AM.card('Carrier Crew Efficiency').card('Mission Briefing').done();
    SM.buy('bditelny').card('Air Cover').done();
    AN.card('ECM').done();
    SN.card('Torpedo', 10).done();
    AM.giveShip('uss-iwo-jima', 'north-atlantic');
    SN.giveShip('charlie-ii', 'mediterranean');
    AM.commit(['uss-midway', 'hms-invincible', 'uss-ticonderoga', 'uss-spruance']);
    SM.commit(['kirov', 'akula', 'kiev', 'udaloy', 'bditelny', 'charlie-ii'], 2);
    AN.commit(['uss-nimitz', 'uss-los-angeles', 'uss-chicago', 'hms-churchill', 'uss-iwo-jima']);
    SN.commit(['minsk', 'marshal-ustinov', 'oscar-ii', 'kronshtadt']);
    // Mediterranean battle (Allied first)
    AM.air(true).end();
    SM.sink('hms-invincible', 'Missile').damage('uss-midway', 5).end();
    AM.air(true, true).air(false).end();
    SM.end();
    AM.sink('bditelny', 'Gun').damage('kiev', 4).end();
    SM.retreat().end();
    AM.gun(6).air(true).end();
    SM.end();
    // North Atlantic battle (Allied first)
    AN.deal([5, 6, 7, 8]);
    AN.sink('kronshtadt', 'Harpoon missiles').end();
    SN.sink('NC-5', 'Torpedo').damage('NC-6', 3).sink('uss-iwo-jima', 'Missile').end();
    AN.sink('marshal-ustinov', 'Torpedo').end();
    SN.damage('NC-7', 12).end();
    AN.end();
    SN.end();
    AN.end();
    SN.end();
    AM.keep('Carrier Crew Efficiency');
    SM.keep();
    AN.keep('ECM');
    SN.keep('Torpedo', 10);
    g.check(g.state.turn === 3, 'turn 3 begins');

    // ---- Turn 3: both zones Allied Advantage; the Allied players roll.
    AM.roll(6); // Allied Submarine Strike vs. Soviet Engage
    AN.roll(6); // Civilian Escort vs. Raid
    AM.card('Surprise').done();
    SM.card('ASW').card('Air Cover').done();
    AN.card('Evasive Maneuvers').done();
    SN.done();
    AN.giveShip('uss-chicago', 'mediterranean');
    AN.giveShip('uss-los-angeles', 'mediterranean');
    AM.commit(['uss-chicago', 'uss-los-angeles']);
    SM.commit(['kirov', 'akula', 'kiev', 'udaloy', 'charlie-ii']);
    AN.commit(['uss-nimitz', 'hms-churchill', 'uss-oliver-hazard-perry', 'uss-knox']);
    SN.commit(['minsk', 'oscar-ii']);
    // Mediterranean battle
    AM.missile(8).end();
    SM.sink('uss-los-angeles', 'ASW').end();
    AM.missile(6, true).end();
    SM.damage('uss-chicago', 3).end();
    AM.end();
    SM.end();
    AM.missile(5).end();
    SM.end();
    // North Atlantic battle
    AN.deal([9, 10, 11, 12, 13]);
    AN.damage('oscar-ii', 6).end();
    SN.sink('NC-9', 'Torpedo').sink('NC-10', 'Missile').end();
    AN.sink('oscar-ii', 'ASW').end();
    SN.damage('NC-11', 4).end();
    AN.end();
    SN.end();
    AN.end();
    SN.end();
    AM.keep();
    SM.keep();
    AN.keep();
    SN.keep();
    g.check(g.state.result !== null && g.state.result.winner !== null, 'a victory');
    return g;
  },
};

// ---------------------------------------------------------------------------------------------
// A complete seven-zone, nine-turn game played by a seeded policy (seeded dice)
// ---------------------------------------------------------------------------------------------


/** What the seeded policy remembers between decisions: actions taken in each Battle Turn. */
interface PolicyMemory {
  battleActions: Map<string, number>;
  transferred: Set<string>;
}

function fieldOptions(specs: readonly ActionSpec[], type: string, field: string): (string | number)[] {
  const f = specs.find((s) => s.type === type)?.fields?.[field];
  return f && (f.kind === 'choice' || f.kind === 'subset') ? f.options.map((o) => o.value) : [];
}

function hasKind(state: CwnbState, ids: readonly string[], kind: 'carrier' | 'missile-submarine'): boolean {
  return ids.some((id) => shipCard(state, id)!.kind === kind);
}

/**
 * A random but sensible player for every seat: buys a Task Force on turn 1 and a little later,
 * avoids ordering what a teammate has ordered, lends a carrier or missile submarine to a
 * teammate whose Strike mission needs one (else that player declines, 9.5), commits within the
 * mission's limits keeping some ships in port, records plausible battle outcomes for the active
 * player (sinkings, damage, Passive submarines, land attacks that fit the mission, the odd
 * retreat), and sets aside a card. Every choice comes from `legalActions` and the seeded Chooser.
 */
function policyAction(state: CwnbState, seat: string, rng: Chooser, memory: PolicyMemory): Action {
  const p = parseSeat(seat)!;
  const side = p.side;
  const enemy = side === 'allied' ? 'soviet' : 'allied';
  const zone = state.zones[p.zone]!;
  const me = zone.players[side];
  const specs = legalActions(cwnb, state, seat);
  const can = (type: string) => specs.some((s) => s.type === type);
  const act = (type: string, fields: Fields = {}): Action => ({ type, seat, ...fields });
  const t = terms(zone);
  switch (zone.step) {
    case 'mission':
      return act('rollMission');
    case 'purchase': {
      const left = me.track - (view(state, seatViewer(seat)).zones.find((z) => z.id === zone.id)!.players[side].order?.cost ?? 0);
      const teammatesOrdered = new Set(
        Object.values(state.zones).flatMap((z) => (z!.id === zone.id ? [] : z!.players[side].order.ships)),
      );
      const ships = (fieldOptions(specs, 'buyShip', 'ship') as string[]).filter((id) => !teammatesOrdered.has(id) || rng.chance(0.05));
      const fleetSize = Object.keys(me.fleet).length + me.order.ships.length;
      const wantShip = state.turn === 1 ? fleetSize < 3 || (left > 40 && rng.chance(0.5)) : rng.chance(fleetSize < 2 ? 0.6 : 0.15);
      if (ships.length && wantShip) return act('buyShip', { ship: rng.pick(ships) });
      const bought = me.cardsBought.length + me.order.cards.length;
      if (can('buyCard') && bought < 3 && left > 10 && rng.chance(0.5)) {
        const cards = fieldOptions(specs, 'buyCard', 'card') as string[];
        const card = rng.pick(cards);
        const halfValue = actionCardType(card)!.costs === 'half-value';
        return act('buyCard', halfValue ? { card, value: rng.int(2, Math.min(10, 2 * left)) } : { card });
      }
      return act('donePurchasing');
    }
    case 'preparation': {
      // Lend a carrier / missile submarine to a teammate whose Strike mission lacks one.
      for (const other of Object.values(state.zones)) {
        if (!other || other.id === zone.id || other.step !== 'preparation' || other.players[side].commitment) continue;
        const need = terms(other)?.sides[side].requires;
        if (!need || hasKind(state, Object.keys(other.players[side].fleet), need)) continue;
        const mine = terms(zone)!.sides[side].requires;
        const spare = Object.keys(me.fleet).filter((id) => shipCard(state, id)!.kind === need);
        if (spare.length > (mine === need ? 1 : 0) && can('transferShip')) return act('transferShip', { ship: spare[0], to: other.id });
      }
      // Now and then reinforce a teammate who has fewer ships (at most one transfer per seat and turn).
      const poorer = Object.values(state.zones).filter(
        (z) => z!.id !== zone.id && z!.step === 'preparation' && !z!.players[side].commitment && Object.keys(z!.players[side].fleet).length + 1 < Object.keys(me.fleet).length,
      );
      if (poorer.length && can('transferShip') && !memory.transferred.has(`${state.turn}:${seat}`) && rng.chance(0.3)) {
        memory.transferred.add(`${state.turn}:${seat}`);
        const spare = Object.keys(me.fleet).filter((id) => !terms(zone)!.sides[side].requires || shipCard(state, id)!.kind !== terms(zone)!.sides[side].requires);
        if (spare.length) return act('transferShip', { ship: rng.pick(spare), to: rng.pick(poorer)!.id });
      }
      const mine = t!.sides[side];
      const fleet = Object.keys(me.fleet);
      if (mine.requires && !hasKind(state, fleet, mine.requires)) return act('declineStrike');
      const eligible = fieldOptions(specs, 'commit', 'ships') as string[];
      const required = mine.requires ? eligible.filter((id) => shipCard(state, id)!.kind === mine.requires).slice(0, 1) : [];
      const rest = rng.shuffle(eligible.filter((id) => !required.includes(id)));
      const max = Math.min(mine.maxShips ?? eligible.length, eligible.length);
      const n = Math.max(required.length, Math.min(max, Math.ceil(eligible.length * 0.75)));
      const ships = [...required, ...rest].slice(0, n);
      const ad = can('commit') && specs.find((s) => s.type === 'commit')!.fields!.areaDefense ? rng.int(0, 2) : 0;
      return act('commit', ad ? { ships, areaDefense: ad } : { ships });
    }
    case 'battle': {
      const b = zone.battle!;
      if (b.toDeal > 0) return act('dealNonCombatants');
      const key = `${state.turn}:${zone.id}:${b.index}`;
      const done = memory.battleActions.get(key) ?? 0;
      memory.battleActions.set(key, done + 1);
      if (done >= rng.int(1, 4)) return act('endBattleTurn');
      const enemies = Object.keys(zone.players[enemy].fleet).filter((id) => zone.players[enemy].fleet[id].committed);
      const ncs = b.nonCombatantSide === enemy ? b.nonCombatants.filter((n) => !n.sunk).map((n) => n.id) : [];
      const targets = [...enemies, ...ncs];
      const mySubs = Object.keys(me.fleet).filter((id) => me.fleet[id].committed && isSubmarine(shipCard(state, id)!));
      const mission = t!.sides[side].mission;
      const roll = rng.int(1, 100);
      if (!me.retreating) {
        const afloat = (kind: string, active = false) => Object.keys(me.fleet).some((id) => me.fleet[id].committed && shipCard(state, id)!.kind === kind && !(active && me.fleet[id].passive));
        if (mission === 'Carrier Strike' && roll <= 45 && afloat('carrier')) return act('landAttack', { attack: 'carrier-air-strike', success: rng.chance(0.6), surprise: rng.chance(0.15) });
        if (mission === 'Submarine Strike' && roll <= 45 && afloat('missile-submarine', true)) return act('landAttack', { attack: 'submarine-missile', damage: rng.int(2, 8), surprise: rng.chance(0.15) });
        if (['Invasion', 'Carrier Strike', 'Submarine Strike'].includes(mission) && zone.battle!.eliminated[enemy] && roll <= 60 && Object.values(me.fleet).some((s) => s.committed)) {
          return act('landAttack', { attack: 'gun', damage: rng.int(2, 6) });
        }
      }
      if (targets.length && roll <= 60) {
        const target = rng.pick(targets);
        return rng.chance(0.45) ? act('sink', { ship: target }) : act('damage', { ship: target, amount: rng.int(1, 5) });
      }
      if (enemies.length && roll <= 66) return act('cripple', { ship: rng.pick(enemies) });
      if (mySubs.length && roll <= 74) {
        const sub = rng.pick(mySubs);
        return act('submarine', { ship: sub, mode: me.fleet[sub].passive ? 'active' : 'passive' });
      }
      if (roll <= 76 && rng.chance(0.2) && can('retreat') && me.retreats === 0 && !(b.nonCombatantSide === side && b.nonCombatantKind === 'civilian')) return act('retreat');
      return act('endBattleTurn');
    }
    case 'set-aside': {
      const keep = me.cards.length && rng.chance(0.6) ? rng.pick(me.cards) : null;
      // 7.2.1 on the last turn the form names no card (there is no next turn); the dice are drawn as before, so the games stay the same.
      const offered = !!specs.find((s) => s.type === 'setAside')?.fields;
      return act('setAside', keep && offered ? (keep.value ? { card: keep.type, value: keep.value } : { card: keep.type }) : {});
    }
    default:
      throw new Error(`policy: ${seat} has nothing to do in step ${zone.step}`);
  }
}

export function playByPolicy(name: string, options: RawOptions, seed: string, policySeed: number): Game {
  const g = new Game(name, options, seed);
  const rng = new Chooser(policySeed);
  const memory: PolicyMemory = { battleActions: new Map(), transferred: new Set() };
  while (!cwnb.isOver(g.state)) {
    const seats = waitingFor(cwnb, g.state);
    if (!seats.length) throw new Error(`${name}: nobody to act, but the game is not over`);
    g.apply(policyAction(g.state, rng.pick(seats), rng, memory));
    if (g.record.log.length > 50_000) throw new Error(`${name}: the policy does not finish the game`);
  }
  return g;
}

const sevenZone: Example = {
  file: 'seven-zone-nine-turn.json',
  title: 'A complete seven-zone, nine-turn campaign (seeded policy, seeded dice)',
  shows: [
    'All seven War Zones, nine Campaign Game Turns, every die rolled by Wardroom from the game seed (the seed is in the file, so every roll can be re-derived and checked against the commitment).',
    'Played by a seeded, random but sensible policy over `legalActions` (scripts/make-examples.ts): purchases with the odd conflict between teammates, carriers and missile submarines lent to teammates for Strike missions or the Strike declined (9.5), commitments within every mission limit, Non-Combatants dealt from the seeded dice, random battle outcomes, land attacks that fit the mission, retreats.',
    'Used by the replay benchmark.',
  ],
  build() {
    const g = playByPolicy('seven-zone-nine-turn', { zones: [...ZONE_IDS], turns: 9, dice: 'seeded', ...DEMO }, 'example:seven-zone-nine-turn', 7);
    g.check(g.state.result !== null && g.state.result.winner !== null && g.state.turn === 9, 'a victory after nine turns');
    return g;
  },
};

export const EXAMPLES: Example[] = [
  twoZone,
  sevenZone,
  missionMilitaryEscort,
  missionCivilianEscort,
  missionSeaSuperiority,
  missionSeaSuperiorityTie,
  missionSeaSuperiorityVsHoldingAction,
  missionInvasion,
  missionCarrierStrike,
  missionSubmarineStrike,
];

// ---------------------------------------------------------------------------------------------
// JSON Schema of the game file (docs/game-file.schema.json)
// ---------------------------------------------------------------------------------------------

/** Descriptions added to the generated schema, by property path (the zod schemas carry none). */
const DESCRIPTIONS: Record<string, string> = {
  '': 'A Wardroom game file for the Cold War Naval Battles V Campaign Game: module, options, the dice seed commitment (and seed) and the ordered action log. Replaying the log from the options and the seed reproduces the game exactly. See docs/game-file.md.',
  format: 'Always "wardroom-game".',
  version: 'File format version: 2 (this Wardroom); 1 for files of Wardroom 0.1, migrated on read.',
  module: 'The rules module: "cwnb-campaign".',
  options: 'Game options (rule 5 setup), validated by the module when the game is opened.',
  'options.zones': 'War Zones in play (5.1), 1 to 7, each at most once; the order is the War Zone order used to break purchase ties (6.C.2).',
  'options.turns': 'Agreed number of Campaign Game Turns, 1 to 9 (5.2, 11).',
  'options.dice': '"seeded": Wardroom rolls every die from the seed. "physical": the rolling player enters each die value (rollMission.values) and names the Non-Combatant cards dealt (dealNonCombatants.cards).',
  'options.roster': 'The ship cards: "demo" for Wardroom\'s DEMO roster (not the cards\' values), or an imported roster (see docs/data.md).',
  'options.startingPoints': 'At Start Buy Points per War Zone in play (6.C.2): "demo" for Wardroom\'s DEMO values (the South Pacific\'s 80/100 are the rulebook\'s), or {"<zone>": {"allied": N, "soviet": N}}.',
  'options.players': 'Optional names of the people holding seats, e.g. {"allied:mediterranean": "Ann"}.',
  'options.optional': 'The optional rules in use (13, 14.1); none unless chosen. See docs/game-file.md.',
  'options.optional.variableEndTurn': '13.1 Variable End Turn: roll for the end of the war from this turn on.',
  'options.optional.specialConditions': '13.2 Special Conditions (Step B), with optional per-zone tables (otherwise the rulebook\'s general table).',
  'options.optional.transferLimitations': '13.3 Transfer Limitations, with the three War Zone distance charts (die 1–2, 3–5, 6), which the rulebook\'s text lacks.',
  'options.optional.flagOfficers': '13.4 Flag Officers.',
  'options.optional.frictionOfWar': '13.5 Friction of War: Additional Ship cards as jokers.',
  'options.optional.overallCommanders': '14.1 Overall Commanders: seats commander:allied and commander:soviet.',
  seedCommitment: 'SHA-256 (hex) of the UTF-8 bytes of the dice seed, published when the game is created.',
  seed: 'The secret dice seed. A server withholds it (null or absent) until the game ends; it must hash to seedCommitment.',
  log: 'Every accepted action, in order. Each is {"type", "seat", ...fields}; docs/actions.md describes each type. A seat is "<side>:<zone>", e.g. "allied:mediterranean".',
};

function stripSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(stripSafeIntegerBounds);
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.maximum === Number.MAX_SAFE_INTEGER) delete o.maximum;
  if (o.minimum === Number.MIN_SAFE_INTEGER) delete o.minimum;
  for (const v of Object.values(o)) stripSafeIntegerBounds(v);
}

/**
 * The game file's JSON Schema, generated from the zod schemas the code uses: the generic game
 * file (adapters/storage/game-file.ts) with the CWNB options (modules/cwnb/options.ts) and
 * actions (modules/cwnb/actions.ts) in place of its open `options` and `log` entries.
 */
export function gameFileJsonSchema(): Record<string, unknown> {
  const schema = gameFileSchema.extend({
    module: z.literal(cwnb.id),
    options: optionsSchema,
    log: z.array(actionFileSchema()),
  });
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, any>;
  stripSafeIntegerBounds(json);
  for (const [path, text] of Object.entries(DESCRIPTIONS)) {
    let node: Record<string, any> | undefined = json;
    for (const key of path ? path.split('.') : []) node = node?.properties?.[key];
    if (!node) throw new Error(`schema description for a missing property: ${path}`);
    node.description = text;
  }
  const { $schema, ...rest } = json;
  return { $schema, $id: 'https://wardroom.invalid/schemas/cwnb-game-file.schema.json', title: 'Wardroom CWNB Campaign game file', ...rest };
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** The game file, pretty-printed with one logged action per line. */
export function formatGameFile(record: GameRecord): string {
  const { log, ...head } = record;
  const top = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  const lines = log.map((a) => '    ' + JSON.stringify(a));
  return `${top},\n  "log": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

function diceNote(record: GameRecord): string {
  return (record.options as RawOptions).dice === 'physical' ? 'physical dice (the script chose every roll)' : 'seeded dice (seed in the file)';
}

function readme(built: { ex: Example; g: Game }[]): string {
  const out: string[] = [];
  out.push('# CWNB Campaign example games');
  out.push('');
  out.push(
    '> **These examples use Wardroom\'s DEMO values, not the game\'s.** Every example is played with the DEMO ship roster ' +
      '(`"roster": "demo"`: real ship names, but point values and kinds chosen by Wardroom, not those printed on the ' +
      'Cold War Naval Battles cards) and the DEMO At Start Buy Points (`"startingPoints": "demo"`; only the South ' +
      'Pacific\'s 80 / 100 come from the rulebook). See `docs/data.md`.',
  );
  out.push('');
  out.push(
    'Each file is a Wardroom game file (`docs/game-file.md`): options, seed commitment and seed, and the action log. ' +
      'They are generated by `node --import tsx scripts/make-examples.ts`, which plays every action through the ' +
      'engine\'s `Session` (as `wardroom play` does) and stops on the first refusal, so every file is valid by ' +
      'construction. `npm test` replays each one (`test/cwnb/examples.test.ts`) and checks the key scores below; ' +
      '`node --import tsx scripts/make-examples.ts --check` checks that the files on disk are up to date.',
  );
  out.push('');
  out.push('```sh');
  out.push('npx wardroom replay examples/cwnb/two-zone.json          # summary, as the referee sees it');
  out.push('npx wardroom replay examples/cwnb/two-zone.json --log    # every event, in order');
  out.push('npx wardroom replay examples/cwnb/two-zone.json --json   # the summary below');
  out.push('cp examples/cwnb/two-zone.json /tmp/g.json && npx wardroom play /tmp/g.json   # look around (status, view, log)');
  out.push('```');
  out.push('');
  out.push('| File | Zones | Turns | Actions | Dice | Result |');
  out.push('|---|---|---|---|---|---|');
  for (const { ex, g } of built) {
    const r = g.state.result!;
    const result = r.winner ? `${r.winner === 'allied' ? 'Allied' : 'Soviet'} ${r.level} Victory by ${r.margin}` : `Draw`;
    out.push(`| [${ex.file}](${ex.file}) | ${g.state.options.zones.length} | ${g.state.options.turns} | ${g.record.log.length} | ${(g.record.options as RawOptions).dice} | ${result} |`);
  }
  for (const { ex, g } of built) {
    out.push('');
    out.push(`## ${ex.file}`);
    out.push('');
    out.push(`**${ex.title}.** ${g.state.options.zones.join(', ')}; ${g.state.options.turns} turn(s); ${g.record.log.length} actions; ${diceNote(g.record)}.`);
    out.push('');
    for (const line of ex.shows) out.push(`- ${line}`);
    out.push('');
    out.push(`Expected \`wardroom replay examples/cwnb/${ex.file} --json\`:`);
    out.push('');
    out.push('```json');
    out.push(JSON.stringify(replaySummary(g.state)));
    out.push('```');
  }
  out.push('');
  return out.join('\n');
}

/** Every output file, path → content. */
export function buildOutputs(): Map<string, string> {
  const files = new Map<string, string>();
  const built = EXAMPLES.map((ex) => ({ ex, g: ex.build() }));
  for (const { ex, g } of built) {
    const text = formatGameFile(g.record);
    // Replaying the written text must give the same state (what `wardroom replay` will do).
    const again = openOrThrow(JSON.parse(text) as GameRecord, ex.file);
    if (JSON.stringify(again.state) !== JSON.stringify(g.state)) throw new Error(`${ex.file}: replaying the file does not reproduce the game`);
    files.set(join(EXAMPLES_DIR, ex.file), text);
  }
  files.set(join(EXAMPLES_DIR, 'README.md'), readme(built));
  files.set(SCHEMA_PATH, JSON.stringify(gameFileJsonSchema(), null, 2) + '\n');
  return files;
}

/** Write the generated files, or with --check report the ones on disk that differ (exit 1). */
export function writeOutputs(files: Map<string, string>, command: string): void {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, text] of files) {
    const rel = path.slice(ROOT.length + 1);
    if (check) {
      if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
        console.error(`out of date: ${rel}`);
        stale++;
      }
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    console.log(`wrote ${rel}`);
  }
  if (check) {
    if (stale) {
      console.error(`${stale} file(s) out of date: run ${command}`);
      process.exitCode = 1;
    } else console.log(`${files.size} files up to date.`);
  }
}

function main(): void {
  writeOutputs(buildOutputs(), 'node --import tsx scripts/make-examples.ts');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
