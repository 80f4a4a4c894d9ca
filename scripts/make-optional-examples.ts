/**
 * Writes the example games of the CWNB Optional Rules (13.1–13.5) and Larger Campaigns (14, 14.1)
 * into examples/cwnb/optional/, with their README.
 *
 *   node --import tsx scripts/make-optional-examples.ts           write everything
 *   node --import tsx scripts/make-optional-examples.ts --check   exit 1 if a file on disk differs
 *
 * Every game is played through the engine's `Session` (scripts/make-examples.ts `Game`), so each
 * file is valid by construction. The interesting part of each game is scripted with physical dice
 * (the script chooses every die); the rest of the campaign is played to its end by a simple seeded
 * policy over `legalActions`. The seven-zone game is played entirely by that policy with seeded dice.
 * All games use Wardroom's DEMO roster, DEMO starting points and, for 13.3, the DEMO transfer charts
 * (examples/cwnb/data/demo-transfer-charts.json) — made-up values, not the game's.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chooser } from '../src/engine/random-play.ts';
import { formatRefusal, isRuleError } from '../src/engine/errors.ts';
import { legalActions, waitingFor } from '../src/engine/kernel.ts';
import type { GameRecord } from '../src/engine/session.ts';
import type { Action } from '../src/engine/module.ts';
import { replaySummary } from '../src/adapters/cli/cwnb-summary.ts';
import { cwnb } from '../src/modules/cwnb/index.ts';
import { ZONE_IDS, type ZoneId } from '../src/modules/cwnb/data/types.ts';
import type { RawOptions } from '../src/modules/cwnb/options.ts';
import { isSubmarine, shipCard, terms } from '../src/modules/cwnb/rules/common.ts';
import { parseSeat, type CwnbState } from '../src/modules/cwnb/state.ts';
import { formatGameFile, Game, openOrThrow, writeOutputs } from './make-examples.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OPTIONAL_EXAMPLES_DIR = join(ROOT, 'examples', 'cwnb', 'optional');
const DEMO = { roster: 'demo', startingPoints: 'demo' } as const;
const CHARTS = JSON.parse(readFileSync(join(ROOT, 'examples', 'cwnb', 'data', 'demo-transfer-charts.json'), 'utf8')).charts;

type Fields = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Playing the rest of a campaign
// ---------------------------------------------------------------------------------------------

interface AutoOptions {
  /** Physical end-game dice to use in order (13.1); then 6. */
  endRolls?: number[];
  /** Seed of the policy's choices. */
  seed?: number;
}

/** A sensible action for `seat` now (every die is chosen by the policy when the dice are physical). */
function autoAction(state: CwnbState, seat: string, rng: Chooser, o: AutoOptions): Action {
  const physical = state.dice.physical;
  const die = (v: number) => (physical ? { values: [v] } : {});
  const act = (type: string, fields: Fields = {}): Action => ({ type, seat, ...fields });
  if (state.endRollDue) return act('rollEndTurn', die(o.endRolls?.shift() ?? rng.int(1, 6)));
  const p = parseSeat(seat)!;
  const side = p.side;
  const enemy = side === 'allied' ? 'soviet' : 'allied';
  const zone = state.zones[p.zone]!;
  const me = zone.players[side];
  const specs = legalActions(cwnb, state, seat);
  const can = (type: string) => specs.some((s) => s.type === type);
  switch (zone.step) {
    case 'mission':
      return act('rollMission', die(rng.int(1, 6)));
    case 'conditions': {
      const c = zone.conditions![side];
      if (!c.rolled) {
        const first = rng.int(1, 6);
        return act('rollSpecialConditions', physical ? { values: first >= 5 ? [first, rng.int(1, 6)] : [first] } : {});
      }
      const enemyShips = Object.keys(zone.players[enemy].fleet).length;
      const choice = rng.pick(['air-strike', 'port-facilities-damaged', 'port-mined']);
      return act('portStrike', { choice, ...(choice === 'air-strike' && physical ? { values: Array.from({ length: enemyShips }, () => rng.int(1, 6)) } : {}) });
    }
    case 'purchase': {
      const f = specs.find((s) => s.type === 'buyShip')?.fields?.ship;
      const ships = f && f.kind === 'choice' ? f.options.map((x) => x.value as string) : [];
      const fleet = Object.keys(me.fleet).length + me.order.ships.length;
      if (ships.length && (state.turn === 1 ? fleet < 3 : fleet < 2 && rng.chance(0.5))) return act('buyShip', { ship: rng.pick(ships) });
      const cf = specs.find((s) => s.type === 'buyCard')?.fields?.card;
      const cheap = cf && cf.kind === 'choice' ? cf.options.map((x) => x.value as string).filter((c) => ['ECM', 'Jink', 'Bounce', 'Crash Dive', 'Evasive Maneuvers', 'Mine Sweeper'].includes(c)) : [];
      if (cheap.length && me.order.cards.length < 2 && rng.chance(0.4)) return act('buyCard', { card: rng.pick(cheap) });
      return act('donePurchasing');
    }
    case 'preparation': {
      if (can('rollTransferChart')) return act('rollTransferChart', die(rng.int(1, 6)));
      const t = terms(zone)!;
      const mine = t.sides[side];
      const fleet = Object.keys(me.fleet);
      if (mine.requires && !fleet.some((id) => shipCard(state, id)!.kind === mine.requires)) return act('declineStrike');
      const eligible = fleet.filter((id) => !mine.submarinesOnly || isSubmarine(shipCard(state, id)!));
      const required = mine.requires ? eligible.filter((id) => shipCard(state, id)!.kind === mine.requires).slice(0, 1) : [];
      const rest = rng.shuffle(eligible.filter((id) => !required.includes(id)));
      const n = Math.max(required.length, Math.min(mine.maxShips ?? eligible.length, Math.ceil(eligible.length * 0.7)));
      const ships = [...required, ...rest].slice(0, n);
      const spec = specs.find((s) => s.type === 'commit')!;
      const fo = spec.fields?.flagOfficer;
      const flag = fo && fo.kind === 'choice' ? fo.options.map((x) => x.value as string).filter((id) => ships.includes(id)) : [];
      return act('commit', { ships, ...(flag.length ? { flagOfficer: flag[0] } : {}) });
    }
    case 'battle': {
      const b = zone.battle!;
      if (b.toDeal > 0) return act('dealNonCombatants', physical ? { cards: state.nonCombatantDeck.slice(0, Math.min(b.toDeal, state.nonCombatantDeck.length)) } : {});
      const enemies = Object.keys(zone.players[enemy].fleet).filter((id) => zone.players[enemy].fleet[id].committed);
      const r = rng.int(1, 100);
      if (enemies.length && r <= 12) return act('sink', { ship: rng.pick(enemies) });
      if (enemies.length && r <= 30) return act('damage', { ship: rng.pick(enemies), amount: rng.int(1, 4) });
      return act('endBattleTurn');
    }
    case 'set-aside':
      return act('setAside', state.options.optional.frictionOfWar && rng.chance(0.2) ? { card: 'Additional Ship' } : {});
    default:
      throw new Error(`auto: ${seat} has nothing to do in step ${zone.step}`);
  }
}

/** Play the campaign to its end (result set) with the policy. */
function finish(g: Game, o: AutoOptions = {}): Game {
  const rng = new Chooser(o.seed ?? 1);
  while (!cwnb.isOver(g.state)) {
    const seats = waitingFor(cwnb, g.state);
    if (!seats.length) throw new Error(`${g.name}: nobody to act, but the game is not over`);
    const seat = rng.pick(seats);
    const a = autoAction(g.state, seat, rng, o);
    const r = g.session.submit(a);
    // A random battle outcome the rules refuse (e.g. damage on a ship just sunk) is simply not played.
    if (isRuleError(r) && !['sink', 'damage'].includes(a.type)) throw new Error(`${g.name}: ${JSON.stringify(a)} refused: ${formatRefusal(r)}`);
    if (g.record.log.length > 20_000) throw new Error(`${g.name}: the policy does not finish the game`);
  }
  return g;
}

/** Every Battle Turn of a zone ended (no outcomes). */
function endBattle(g: Game, zone: ZoneId): void {
  while (g.state.zones[zone]!.step === 'battle') {
    const b = g.state.zones[zone]!.battle!;
    const side = b.index % 2 === 0 ? b.first : b.first === 'allied' ? 'soviet' : 'allied';
    g.act(`${side}:${zone}`, 'endBattleTurn');
  }
}

export interface OptionalExample {
  file: string;
  title: string;
  shows: string[];
  build(): Game;
}

// ---------------------------------------------------------------------------------------------
// The examples
// ---------------------------------------------------------------------------------------------

const variableEndTurn: OptionalExample = {
  file: '13-1-variable-end-turn.json',
  title: '13.1 Variable End Turn, Mediterranean, agreed turn 2',
  shows: [
    'The agreed length (9) is not used: the end-game die is rolled from turn 2 on by the Advantaged Player of the first War Zone.',
    'End of turn 2: 4 — the war goes on. End of turn 3: 5 + 1 = 6 — the war is over (6 or more ends it; +1 for each turn after the agreed one).',
  ],
  build() {
    const g = new Game('13-1', { zones: ['mediterranean'], turns: 9, dice: 'physical', ...DEMO, optional: { variableEndTurn: { startTurn: 2 } } }, 'example:13-1');
    const A = g.seat('allied', 'mediterranean');
    const S = g.seat('soviet', 'mediterranean');
    S.roll(3);
    A.buy('uss-nimitz', 'uss-ticonderoga', 'uss-kidd').done();
    S.buy('kirov', 'slava', 'sovremenny', 'akula').done();
    S.commit(['kirov', 'slava', 'sovremenny', 'akula']);
    A.commit(['uss-nimitz', 'uss-ticonderoga', 'uss-kidd']);
    S.sink('uss-kidd', 'Missile').end();
    A.sink('sovremenny', 'Carrier air strike').end();
    endBattle(g, 'mediterranean');
    A.keep();
    S.keep();
    g.check(g.state.turn === 2 && !g.state.endRollDue, 'no end roll after turn 1');
    finish(g, { endRolls: [4, 5], seed: 11 });
    g.check(g.state.turn === 3, 'the war ends after turn 3');
    return g;
  },
};

const specialConditions: OptionalExample = {
  file: '13-2-special-conditions.json',
  title: '13.2 Special Conditions, Persian Gulf, 2 turns, with a Port Strike air strike',
  shows: [
    "Turn 1: Allied Prepared (5, 3 on the seed's table: up to seven Action cards, which the Allied player buys), Soviet Close Range Battle (6, 6: no Area Defense set up before the battle).",
    'Turn 2: Allied Port Strike! (5, 1), Soviet Rushed (5, 5: at most one ship and three Action cards).',
    'The Allied player chooses the special air strike: one die per Soviet ship in the zone, submarines included; a 1 hits. Kirov (Large) is sunk, Slava (has a Crippled side) is crippled, Akula (a submarine) is sunk; the 26 + 12 points go on the Allied Point Track at once and are spent or banked in the purchases.',
    'Then the campaign is played to its end.',
  ],
  build() {
    const g = new Game('13-2', { zones: ['persian-gulf'], turns: 2, dice: 'physical', ...DEMO, optional: { specialConditions: {} } }, 'example:13-2');
    const A = g.seat('allied', 'persian-gulf');
    const S = g.seat('soviet', 'persian-gulf');
    const z = 'persian-gulf' as const;
    S.roll(1);
    g.act(A.seat, 'rollSpecialConditions', { values: [5, 3] });
    g.act(S.seat, 'rollSpecialConditions', { values: [6, 6] });
    A.buy('uss-ticonderoga', 'uss-virginia', 'uss-los-angeles');
    for (const card of ['ECM', 'Jink', 'Bounce', 'Crash Dive', 'Evasive Maneuvers', 'Mine Sweeper', 'Air Cover']) A.card(card);
    A.done();
    S.buy('kirov', 'slava', 'udaloy', 'akula', 'bditelny').done();
    A.commit(['uss-ticonderoga', 'uss-virginia', 'uss-los-angeles']);
    S.commit(['udaloy', 'bditelny']);
    endBattle(g, z);
    A.keep();
    S.keep();
    g.check(g.state.zones[z]!.status === 3, 'a tie on turn 1');
    S.roll(1);
    g.act(A.seat, 'rollSpecialConditions', { values: [5, 1] });
    g.act(S.seat, 'rollSpecialConditions', { values: [5, 5] });
    const order = Object.keys(g.state.zones[z]!.players.soviet.fleet);
    const dice = order.map((id) => ({ kirov: 1, slava: 1, akula: 1 })[id as 'kirov'] ?? 4);
    g.act(A.seat, 'portStrike', { choice: 'air-strike', values: dice });
    g.check(g.state.sunk.includes('kirov') && g.state.sunk.includes('akula') && g.state.zones[z]!.players.soviet.fleet.slava.crippled, 'Kirov and Akula sunk, Slava crippled');
    finish(g, { seed: 2 });
    return g;
  },
};

const transferLimitations: OptionalExample = {
  file: '13-3-transfer-limitations.json',
  title: '13.3 Transfer Limitations, Persian Gulf and North Sea, 2 turns, DEMO charts',
  shows: [
    'The three charts are the DEMO charts (made up; the real ones are on page 33 of the rulebook and not in its text).',
    'Turn 1: after the purchases the game roller (Soviet, Persian Gulf) rolls 3: chart 2, "DEMO chart 2 (Panama closed, Suez closed)", where the Persian Gulf–North Sea cell is 2.',
    'The Allied Persian Gulf player gives a ship and an Action card to the North Sea: the two cards this chart allows between those zones this turn.',
    'Then the campaign is played to its end (turn 2 rolls its own chart).',
  ],
  build() {
    const g = new Game('13-3', { zones: ['persian-gulf', 'north-sea'], turns: 2, dice: 'physical', ...DEMO, optional: { transferLimitations: { charts: CHARTS } } }, 'example:13-3');
    const A = g.seat('allied', 'persian-gulf');
    g.seat('soviet', 'persian-gulf').roll(1);
    g.seat('soviet', 'north-sea').roll(1);
    A.buy('uss-ticonderoga', 'uss-virginia', 'uss-kidd').card('ECM').done();
    g.seat('soviet', 'persian-gulf').buy('slava', 'udaloy', 'akula').done();
    g.seat('allied', 'north-sea').buy('uss-spruance', 'uss-knox').done();
    g.seat('soviet', 'north-sea').buy('sovremenny', 'alfa').done();
    g.act('soviet:persian-gulf', 'rollTransferChart', { values: [3] });
    A.giveShip('uss-kidd', 'north-sea');
    A.giveCard(0, 'north-sea');
    g.check(g.state.transferChart === 1, 'chart 2');
    finish(g, { seed: 3 });
    return g;
  },
};

const flagOfficers: OptionalExample = {
  file: '13-4-flag-officers.json',
  title: '13.4 Flag Officers, Persian Gulf and North Sea, 2 turns',
  shows: [
    'Turn 1: the Allied North Sea player puts the Flag Officer on USS Ticonderoga (Command Ship); it is crippled (no longer functioning: the reminders change), then sunk — the Flag Officer is gone for the game.',
    'Turn 2: the Allied Persian Gulf teammate gives their Flag Officer to the North Sea (13.4; a card transfer under 13.3 when that rule is used), and the North Sea player names a new Command Ship.',
    'Then the campaign is played to its end.',
  ],
  build() {
    const g = new Game('13-4', { zones: ['persian-gulf', 'north-sea'], turns: 2, dice: 'physical', ...DEMO, optional: { flagOfficers: true } }, 'example:13-4');
    const PG = g.seat('allied', 'persian-gulf');
    const NS = g.seat('allied', 'north-sea');
    const SN = g.seat('soviet', 'north-sea');
    g.seat('soviet', 'persian-gulf').roll(1);
    SN.roll(1);
    PG.buy('uss-nimitz', 'uss-kidd').done();
    g.seat('soviet', 'persian-gulf').buy('slava', 'udaloy').done();
    NS.buy('uss-ticonderoga', 'uss-spruance', 'uss-knox').done();
    SN.buy('kirov', 'sovremenny').done();
    g.act(NS.seat, 'commit', { ships: ['uss-ticonderoga', 'uss-spruance'], flagOfficer: 'uss-ticonderoga' });
    SN.commit(['kirov', 'sovremenny']);
    g.act(PG.seat, 'commit', { ships: ['uss-nimitz', 'uss-kidd'], flagOfficer: 'uss-kidd' });
    g.seat('soviet', 'persian-gulf').commit(['slava', 'udaloy']);
    SN.cripple('uss-ticonderoga').end();
    NS.end();
    SN.sink('uss-ticonderoga', 'Missile').end();
    g.check(!g.state.zones['north-sea']!.players.allied.flagOfficer, 'the North Sea Flag Officer is lost');
    endBattle(g, 'north-sea');
    endBattle(g, 'persian-gulf');
    for (const s of ['allied:persian-gulf', 'soviet:persian-gulf', 'allied:north-sea', 'soviet:north-sea']) g.act(s, 'setAside');
    for (const zone of ['persian-gulf', 'north-sea'] as const) {
      const adv = g.state.zones[zone]!.status >= 4 ? 'allied' : 'soviet';
      g.seat(adv, zone).roll(1);
    }
    for (const s of ['allied:persian-gulf', 'soviet:persian-gulf', 'allied:north-sea', 'soviet:north-sea']) g.act(s, 'donePurchasing');
    g.act(PG.seat, 'transferFlagOfficer', { to: 'north-sea' });
    g.act(NS.seat, 'commit', { ships: ['uss-spruance', 'uss-knox'], flagOfficer: 'uss-spruance' });
    finish(g, { seed: 4 });
    return g;
  },
};

const frictionOfWar: OptionalExample = {
  file: '13-5-friction-of-war.json',
  title: '13.5 Friction of War, Mediterranean, 2 turns',
  shows: [
    'Turn 1: mission roll 3, Sea Superiority vs. Sea Superiority (Urgent). Nobody holds a card before the hand is drawn (6.C.3), so no joker is played before the battle.',
    'During the battle the Soviet player re-rolls a die at the table (recorded), the Allied player takes +2 points on the Point Track (they count toward the turn\'s winner).',
    'At 7.2.4 the Soviet player banks an Additional Ship card for 5 Victory Points; both players keep an Additional Ship card (7.2.1).',
    'Turn 2: mission roll 1; the Soviet player plays the kept card to re-roll it: 3. The Allied player plays the kept card to buy USS Midway at its Point Value (22) instead of double.',
    'Then the campaign is played to its end.',
  ],
  build() {
    const g = new Game('13-5', { zones: ['mediterranean'], turns: 2, dice: 'physical', ...DEMO, optional: { frictionOfWar: true } }, 'example:13-5');
    const A = g.seat('allied', 'mediterranean');
    const S = g.seat('soviet', 'mediterranean');
    S.roll(3);
    A.buy('uss-nimitz', 'uss-ticonderoga', 'uss-kidd').done();
    S.buy('kirov', 'slava', 'sovremenny', 'akula').done();
    S.commit(['kirov', 'slava', 'sovremenny']);
    A.commit(['uss-nimitz', 'uss-ticonderoga', 'uss-kidd']);
    S.sink('uss-kidd', 'Missile');
    g.act(S.seat, 'playAdditionalShip', { use: 'reroll-table-die' });
    S.end();
    g.act(A.seat, 'playAdditionalShip', { use: 'points' });
    A.sink('sovremenny').end();
    endBattle(g, 'mediterranean');
    g.act(S.seat, 'playAdditionalShip', { use: 'bank' });
    A.keep('Additional Ship');
    S.keep('Additional Ship');
    const adv = g.state.zones.mediterranean!.status >= 4 ? A : S;
    adv.roll(1);
    g.act(S.seat, 'playAdditionalShip', { use: 'reroll-mission', values: [3] });
    g.act(A.seat, 'useKeptAdditionalShip', { use: 'ship-at-point-value' });
    A.buy('uss-midway').done();
    finish(g, { seed: 5 });
    return g;
  },
};

const overallCommanders: OptionalExample = {
  file: '14-1-overall-commanders.json',
  title: '14.1 Overall Commanders, Persian Gulf and North Sea, 2 turns',
  shows: [
    'Seats commander:allied and commander:soviet besides the four War Zone seats; players named in the options.',
    'The Allied Overall Commander writes a Team Summit note (only the Allied team sees it), moves Dana to the North Sea seat, and carries out the Persian Gulf player\'s purchases (`for allied:persian-gulf buy ...`) and a transfer.',
    'The Soviet Overall Commander writes a note of their own (the Allied views never contain it).',
    'During the Battle Turns the Commanders only write notes; then the campaign is played to its end.',
  ],
  build() {
    const players = { 'allied:persian-gulf': 'Ann', 'allied:north-sea': 'Bob', 'soviet:persian-gulf': 'Ivan', 'soviet:north-sea': 'Olga' };
    const g = new Game('14-1', { zones: ['persian-gulf', 'north-sea'], turns: 2, dice: 'physical', ...DEMO, players, optional: { overallCommanders: true } }, 'example:14-1');
    const C = 'commander:allied';
    g.act(C, 'teamNote', { text: 'Team Summit: the North Sea carries the war; the Gulf holds and lends a ship.' });
    g.act('commander:soviet', 'teamNote', { text: 'Team Summit: all in on the Gulf.' });
    g.seat('soviet', 'persian-gulf').roll(1);
    g.seat('soviet', 'north-sea').roll(1);
    g.act(C, 'assignSeat', { target: 'allied:north-sea', player: 'Dana' });
    for (const ship of ['uss-ticonderoga', 'uss-kidd', 'uss-knox']) g.act(C, 'buyShip', { for: 'allied:persian-gulf', ship });
    g.act(C, 'donePurchasing', { for: 'allied:persian-gulf' });
    g.seat('allied', 'north-sea').buy('uss-nimitz', 'uss-spruance').done();
    g.seat('soviet', 'persian-gulf').buy('kirov', 'slava', 'akula').done();
    g.seat('soviet', 'north-sea').buy('sovremenny', 'udaloy').done();
    g.act(C, 'transferShip', { for: 'allied:persian-gulf', ship: 'uss-knox', to: 'north-sea' });
    finish(g, { seed: 6 });
    return g;
  },
};

const sevenZone: OptionalExample = {
  file: 'seven-zone-all-options.json',
  title: 'Seven War Zones, every optional rule, Overall Commanders (seeded policy, seeded dice)',
  shows: [
    'All seven War Zones share one ship deck (14); 16 seats with the two Overall Commanders (14.1).',
    '13.1 Variable End Turn from turn 3; 13.2 Special Conditions (the seed table in every zone); 13.3 with the DEMO charts; 13.4 Flag Officers; 13.5 Friction of War.',
    'Every die is rolled by Wardroom from the game seed; every choice is made by a simple seeded policy over `legalActions` (scripts/make-optional-examples.ts).',
  ],
  build() {
    const optional = { variableEndTurn: { startTurn: 3 }, specialConditions: {}, transferLimitations: { charts: CHARTS }, flagOfficers: true, frictionOfWar: true, overallCommanders: true };
    const g = new Game('seven-zone-all-options', { zones: [...ZONE_IDS], turns: 9, dice: 'seeded', ...DEMO, optional } as RawOptions, 'example:seven-zone-all-options');
    g.act('commander:allied', 'teamNote', { text: 'Hold the Mediterranean and the North Atlantic at all costs.' });
    g.act('commander:soviet', 'teamNote', { text: 'Press in the Persian Gulf.' });
    finish(g, { seed: 7 });
    return g;
  },
};

export const OPTIONAL_EXAMPLES: OptionalExample[] = [variableEndTurn, specialConditions, transferLimitations, flagOfficers, frictionOfWar, overallCommanders, sevenZone];

function readme(built: { ex: OptionalExample; g: Game }[]): string {
  const out: string[] = [];
  out.push('# CWNB Campaign example games: Optional Rules 13.1–13.5 and Larger Campaigns 14, 14.1');
  out.push('');
  out.push(
    "> **DEMO values, not the game's.** Every example uses Wardroom's DEMO ship roster (real ship names, made-up point values, kinds and Port Strike flags), " +
      'the DEMO At Start Buy Points (only the South Pacific\'s 80 / 100 are from the rulebook) and, for 13.3, the DEMO transfer charts ' +
      '(`examples/cwnb/data/demo-transfer-charts.json`, made up: the real charts are on page 33 of the rulebook and not in its text).',
  );
  out.push('');
  out.push(
    'Generated by `node --import tsx scripts/make-optional-examples.ts` (`--check` compares the files on disk). Each game is played through the ' +
      'engine\'s `Session`; the part that shows the rule is scripted with physical dice, the rest of the campaign is played to its end by a seeded policy. ' +
      '`test/cwnb/optional/examples.test.ts` replays every file. See `docs/optional-rules.md` for the rules and commands.',
  );
  out.push('');
  out.push('```sh');
  out.push('node bin/wardroom.js replay examples/cwnb/optional/13-2-special-conditions.json --log');
  out.push('node bin/wardroom.js replay examples/cwnb/optional/seven-zone-all-options.json --json');
  out.push('```');
  out.push('');
  out.push('| File | Zones | Turns played | Actions | Dice | Result |');
  out.push('|---|---|---|---|---|---|');
  for (const { ex, g } of built) {
    const r = g.state.result!;
    const result = r.winner ? `${r.winner === 'allied' ? 'Allied' : 'Soviet'} ${r.level} Victory by ${r.margin}` : 'Draw';
    out.push(`| [${ex.file}](${ex.file}) | ${g.state.options.zones.length} | ${g.state.turn} | ${g.record.log.length} | ${g.state.options.dice} | ${result} |`);
  }
  for (const { ex, g } of built) {
    out.push('');
    out.push(`## ${ex.file}`);
    out.push('');
    out.push(`**${ex.title}.** Optional rules: ${Object.keys(g.state.options.optional).join(', ')}.`);
    out.push('');
    for (const line of ex.shows) out.push(`- ${line}`);
    out.push('');
    out.push('`wardroom replay --json`:');
    out.push('');
    out.push('```json');
    out.push(JSON.stringify(replaySummary(g.state)));
    out.push('```');
  }
  out.push('');
  return out.join('\n');
}

/** Every output file, path → content. */
export function buildOptionalOutputs(): Map<string, string> {
  const files = new Map<string, string>();
  const built = OPTIONAL_EXAMPLES.map((ex) => ({ ex, g: ex.build() }));
  for (const { ex, g } of built) {
    if (!g.state.result) throw new Error(`${ex.file}: the game did not finish`);
    const text = formatGameFile(g.record);
    const again = openOrThrow(JSON.parse(text) as GameRecord, ex.file);
    if (JSON.stringify(again.state) !== JSON.stringify(g.state)) throw new Error(`${ex.file}: replaying the file does not reproduce the game`);
    files.set(join(OPTIONAL_EXAMPLES_DIR, ex.file), text);
  }
  files.set(join(OPTIONAL_EXAMPLES_DIR, 'README.md'), readme(built));
  return files;
}

function main(): void {
  writeOutputs(buildOptionalOutputs(), 'node --import tsx scripts/make-optional-examples.ts');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
