import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { RuleError } from '../../engine/errors.ts';
import type { GameRecord, Session } from '../../engine/session.ts';
import type { Viewer } from '../../engine/viewer.ts';
import type { ZoneId } from '../../modules/cwnb/data/types.ts';
import type { CwnbState } from '../../modules/cwnb/state.ts';
import { CommandError } from './command-line.ts';
import { notAViewer, resolveSeatIn, resolveZone, viewerText } from './cwnb-commands.ts';
import { renderStatus } from './cwnb-render.ts';
import { seedFile, writeSeedFile } from './seed-file.ts';

/**
 * The engine, the rules module and the storage, loaded when a game command (new, demo, play,
 * replay, verify) runs rather than at start-up: registering the commands loads none of them, and
 * `tables` loads only the data it prints.
 */
let loaded: ReturnType<typeof load> | undefined;
const gameModules = () => (loaded ??= load());
async function load() {
  const [crypto, errors, session, viewer, modules, cwnbModule, roster, cwnbView, storage, summary, play] = await Promise.all([
    import('node:crypto'),
    import('../../engine/errors.ts'),
    import('../../engine/session.ts'),
    import('../../engine/viewer.ts'),
    import('../../modules/index.ts'),
    import('../../modules/cwnb/index.ts'),
    import('../../modules/cwnb/data/roster.ts'),
    import('../../modules/cwnb/view.ts'),
    import('../storage/game-file.ts'),
    import('./cwnb-summary.ts'),
    import('./play.ts'),
  ]);
  return { ...crypto, ...errors, ...session, ...viewer, ...modules, ...cwnbModule, ...roster, ...cwnbView, ...storage, ...summary, ...play };
}

const out = (s: string) => process.stdout.write(s + '\n');
const err = (s: string) => process.stderr.write(s + '\n');

/** `wardroom tables`, `new`, `play`, `replay`: the CWNB Campaign referee in a terminal. */
export function registerCwnbCommands(program: Command): void {
  program
    .command('tables')
    .description('Print the War Zone data: Mission Tables, End Game rows, Mission Summaries (CWNB V)')
    .option('--zone <id>', 'one War Zone (indian-ocean, mediterranean, north-atlantic, north-sea, persian-gulf, sea-of-japan, south-pacific)')
    .option('--json', 'machine-readable JSON')
    .action(async (o: { zone?: string; json?: boolean }) => {
      const [{ tablesJson, tablesText }, { zoneById }, { zoneMissionTerms }] = await Promise.all([
        import('../../modules/cwnb/data/tables.ts'),
        import('../../modules/cwnb/data/index.ts'),
        import('../../modules/cwnb/rules/mission-terms.ts'),
      ]);
      let zone: ZoneId | undefined;
      try {
        zone = o.zone === undefined ? undefined : resolveZone(o.zone);
      } catch (e) {
        err((e as Error).message);
        process.exitCode = 2;
        return;
      }
      if (!o.json) {
        out(tablesText(zone));
        return;
      }
      // Each zone also gets its mission terms, normal and Urgent, as the rules read them (hand size and
      // Fog of War modifiers, retreat restrictions, ship limits, in-port halving; "sides" as if the
      // Allies held the first-named mission).
      const json = tablesJson(zone);
      for (const z of json.zones) Object.assign(z, { missionTerms: zoneMissionTerms(zoneById(z.id as ZoneId)) });
      out(JSON.stringify(json, null, 2));
    });

  program
    .command('new')
    .description('Create a CWNB Campaign game file (rule 5 setup)')
    .argument('<file>', 'game file to create')
    .requiredOption('--zones <ids>', 'War Zones in play, comma-separated (1–7), e.g. mediterranean,north-atlantic')
    .option('--turns <n>', 'agreed number of Campaign Game Turns, 1–9 (5.2)', '5')
    .option('--dice <mode>', '"seeded" (Wardroom rolls) or "physical" (players type their dice)', 'seeded')
    .option('--roster <path>', 'ship cards, CSV or JSON (see docs/data.md)')
    .option('--starting-points <path>', 'At Start Buy Points per zone, JSON {"<zone>": {"allied": N, "soviet": N}}')
    .option('--demo', "use Wardroom's DEMO roster and starting points (not the cards' values)")
    .option('--seed <seed>', 'dice seed (default: random; the game file stores its SHA-256 commitment, the seed goes to FILE.seed)')
    .option('--seed-in-file', 'keep the seed in the game file itself (anyone who can read the file can predict the rolls)')
    .option('--player <seat=name...>', 'who holds a seat, e.g. allied:mediterranean=Ann (repeatable)')
    .option('--variable-end <turn>', 'Optional Rule 13.1 Variable End Turn: roll for the end from turn 2, 3 or 4')
    .option('--special-conditions', 'Optional Rule 13.2 Special Conditions (Step B)')
    .option('--conditions-tables <path>', '13.2: per-zone Special Conditions tables, JSON {"<zone>": {"source", "rows": [{"die","allied","soviet"} ×6]}}')
    .option('--transfer-charts <path>', 'Optional Rule 13.3 Transfer Limitations with the three distance charts, JSON [{"name","limits"} ×3] (see docs/optional-rules.md)')
    .option('--flag-officers', 'Optional Rule 13.4 Flag Officers')
    .option('--friction-of-war', 'Optional Rule 13.5 Friction of War (Additional Ship cards as jokers)')
    .option('--overall-commanders', 'Rule 14.1 Overall Commanders (seats commander:allied, commander:soviet)')
    .option('--all-options', 'every optional rule whose data Wardroom has (13.1 from turn 3, 13.2, 13.4, 13.5, 14.1; 13.3 needs --transfer-charts)')
    .option('--force', 'overwrite an existing file')
    .action(async (file: string, o: Record<string, any>, command: Command) => {
      const { cwnb, formatRefusal, formatRosterError, isRosterError, isRuleError, newGameRecord, parseRoster, randomBytes, rosterFormat, strayPlayerSeat, writeGameFile } = await gameModules();
      try {
        if (existsSync(file) && !o.force) throw new CommandError(`${file} already exists (use --force to overwrite, or "wardroom play ${file}" to resume).`);
        checkFolder(file);
        if (o.seed === '') throw new CommandError('--seed must not be empty: with an empty seed anyone could predict every roll.');
        let roster: unknown = o.demo ? 'demo' : undefined;
        if (o.roster) {
          const text = readInput(o.roster, 'ship roster');
          const r = parseRoster(text, rosterFormat(o.roster, text), { source: o.roster });
          if (isRosterError(r)) throw new CommandError(`${o.roster}: ${formatRosterError(r)}`);
          roster = r;
        }
        if (!roster) throw new CommandError('Ship cards are not in the campaign rulebook: give --roster FILE (CSV or JSON with name, side, points, kind; see docs/data.md) or --demo for the demo roster.');
        const zones = String(o.zones).split(',').map((s) => s.trim()).filter(Boolean).map((z) => resolveZone(z));
        const startingPoints = o.startingPoints ? byZone(readJson(o.startingPoints, 'starting points'), o.startingPoints, 'starting points') : o.demo ? 'demo' : {}; // the South Pacific's are the rulebook's (4)
        const all = !!o.allOptions;
        // 5: the seats as `play` reads them ("a:med"); only seats of this game (checked below).
        const players = Object.fromEntries(
          ((o.player as string[]) ?? []).map((p) => {
            const at = p.indexOf('=');
            if (at < 1 || at === p.length - 1) throw new CommandError(`--player SEAT=NAME, e.g. allied:mediterranean=Ann; got "${p}".`);
            return [resolveSeatIn(p.slice(0, at), zones), p.slice(at + 1)];
          }),
        );
        const optional: Record<string, unknown> = {};
        if (o.variableEnd || all) optional.variableEndTurn = { startTurn: numberOrText(o.variableEnd ?? '3') };
        if (o.specialConditions || o.conditionsTables || all) optional.specialConditions = { tables: o.conditionsTables ? byZone(readJson(o.conditionsTables, 'Special Conditions tables'), o.conditionsTables, 'Special Conditions tables') : {} };
        if (o.transferCharts) {
          const charts = readJson(o.transferCharts, 'transfer charts') as { charts?: unknown };
          optional.transferLimitations = { charts: Array.isArray(charts) ? charts : charts?.charts };
        }
        if (o.flagOfficers || all) optional.flagOfficers = true;
        if (o.frictionOfWar || all) optional.frictionOfWar = true;
        if (o.overallCommanders || all) optional.overallCommanders = true;
        const options = { zones, turns: numberOrText(o.turns), dice: o.dice, roster, startingPoints, players, optional };
        const parsed = cwnb.parseOptions(options);
        if (isRuleError(parsed)) throw new CommandError(formatRefusal(parsed));
        const stray = strayPlayerSeat(parsed);
        if (stray) throw new CommandError(`--player: "${stray.seat}" is not a seat of this game (${stray.seats.join(', ')}).`);
        const seed = o.seed ?? randomBytes(32).toString('hex');
        const record = newGameRecord(cwnb.id, options, seed);
        if (!o.seedInFile) writeSeedFile(file, seed, record);
        writeGameFile(file, record);
        const unused = command.getOptionValueSource('turns') === 'cli' ? `; --turns ${o.turns} is not used: only the end roll, or turn 9, ends the campaign` : '';
        const length = parsed.optional.variableEndTurn ? `the end rolled from turn ${parsed.optional.variableEndTurn.startTurn} (13.1${unused})` : `${parsed.turns} turn${parsed.turns === 1 ? '' : 's'}`;
        out(`Created ${file}: ${zones.join(', ')}, ${length}, ${o.dice} dice${Object.keys(optional).length ? `, optional rules: ${Object.keys(optional).join(', ')}` : ''}. Seed commitment ${record.seedCommitment}.`);
        if (!o.seedInFile) out(`The dice seed is in ${seedFile(file)}, not in the game file: the referee keeps it (play finds it beside the game file, or give --seed-file); it is written into the game file when the campaign ends.`);
        if (o.demo) out(`Using Wardroom's DEMO ${o.startingPoints ? 'roster' : 'roster and starting points'} — demo values, not the cards'.`);
        out(`Next: wardroom play ${file}`);
      } catch (e) {
        if (!(e instanceof CommandError)) throw e;
        err(e.message);
        process.exitCode = 2;
      }
    });

  program
    .command('demo')
    .description("Referee a two-zone demo campaign (Mediterranean and North Atlantic, 4 turns, Wardroom's DEMO roster): created on the first run, resumed after")
    .argument('[file]', 'game file', 'wardroom-demo.json')
    .action(async (file: string) => {
      const { cwnb, newGameRecord, randomBytes, writeGameFile } = await gameModules();
      if (existsSync(file)) out(`Resuming ${file}.`);
      else {
        try {
          checkFolder(file);
        } catch (e) {
          if (!(e instanceof CommandError)) throw e;
          err(e.message);
          process.exitCode = 2;
          return;
        }
        const options = { zones: ['mediterranean', 'north-atlantic'], turns: 4, dice: 'seeded', roster: 'demo', startingPoints: 'demo' };
        const seed = randomBytes(32).toString('hex');
        const record = newGameRecord(cwnb.id, options, seed);
        writeSeedFile(file, seed, record);
        writeGameFile(file, record);
        out(`Created ${file}: a demo campaign with Wardroom's DEMO roster and starting points (not the cards' values). Run the same command to resume.`);
      }
      process.exitCode = await play(file);
    });

  program
    .command('play')
    .description('The interactive referee for any game file (CWNB campaign or SMP record): prompts, legal choices, short commands; saves after every action')
    .argument('<file>', 'game file (create one with "wardroom new", or an SMP record from "wardroom smp run --record")')
    .option('--as <seat>', 'start acting as this seat')
    .option('--seed-file <path>', 'the dice seed the referee keeps (default: FILE.seed beside the game file)')
    .action(async (file: string, o: { as?: string; seedFile?: string }) => {
      process.exitCode = await play(file, o.as, o.seedFile);
    });

  program
    .command('replay')
    .description('Validate and replay a game file; print a summary')
    .argument('<file>')
    .option('--json', 'machine-readable summary')
    .option('--log', 'print every event the viewer may see (a spectator, or --as)')
    .option('--as <viewer>', 'the log and status as this viewer may see them: a seat (allied:mediterranean), a team (allied), referee (everything) or spectator (the default)')
    .action(async (file: string, o: { json?: boolean; log?: boolean; as?: string }) => {
      const { cwnb, parseViewer, replaySummary, SPECTATOR, view } = await gameModules();
      const session = await openFile(file);
      if (!session) return;
      // A spectator's by default: at a shared table "replay --log" must not show a team's open order, kept cards or notes.
      let viewer: Viewer = SPECTATOR;
      if (o.as !== undefined) {
        const [seats, teams] = [session.module.seats(session.state), session.module.teams(session.state)];
        const cwnbState = session.module.id === cwnb.id ? (session.state as CwnbState) : null;
        const v = parseViewer(cwnbState ? viewerText(o.as, cwnbState, teams) : o.as, seats, teams);
        if (!v) {
          err(notAViewer(o.as, 'this game', cwnbState, seats, teams));
          process.exitCode = 2;
          return;
        }
        viewer = v;
      }
      if (o.log) for (const e of session.eventsFor(viewer)) out(e.text);
      if (session.module.id !== cwnb.id) {
        // An SMP record: its report is "smp replay"'s; here only its board as JSON, asked for.
        if (o.json) out(JSON.stringify(session.view(viewer)));
        else out(`${file}: a Strategic Missions Phase record (${session.record.log.length} actions replayed). "wardroom smp replay ${file}" prints its report; "--json" here, its board as JSON.`);
        return;
      }
      const state = session.state as CwnbState;
      if (o.json) out(JSON.stringify(replaySummary(state)));
      else out(renderStatus(view(state, viewer), (s) => session.seatLabel(s)) + `\n\n${session.record.log.length} actions replayed.`);
    });

  program
    .command('verify')
    .description('Check a game offline: its revealed dice seed against the published commitment, and every logged roll re-derived from it (a finished game holds its seed; before the end, the referee\'s FILE.seed)')
    .argument('<file>')
    .option('--seed <seed>', 'the revealed seed, when neither the file nor FILE.seed holds it')
    .action(async (file: string, o: { seed?: string }) => {
      const { MODULES, verifyRecord } = await gameModules();
      const record = await readFile(file);
      if (!record) return;
      let seed: string | null;
      try {
        seed = o.seed ?? seedFor(file, record);
      } catch (e) {
        if (!(e instanceof CommandError)) throw e;
        err(e.message);
        process.exitCode = 2;
        return;
      }
      const module = MODULES[record.module];
      if (!seed || !module) {
        err(!module ? `${file}: unknown module "${record.module}".` : `${file} holds no dice seed: give the revealed seed with --seed.`);
        process.exitCode = 2;
        return;
      }
      const r = verifyRecord(module, record, seed);
      if (r.ok) out(`Verified: the seed matches its commitment ${record.seedCommitment}, and ${r.rolls ? `all ${r.rolls} seeded roll(s) in the log re-derive from it` : 'the log holds no seeded roll to check'}.`);
      else {
        out(`NOT verified: ${r.problems.join('; ')}`);
        process.exitCode = 1;
      }
    });
}

/** Read a game file; print the problem and return null when it is not one. */
async function readFile(file: string): Promise<GameRecord | null> {
  const { GameFileError, readGameFile } = await gameModules();
  try {
    return readGameFile(file);
  } catch (e) {
    if (!(e instanceof GameFileError)) throw e;
    err(e.message);
    process.exitCode = 1;
    return null;
  }
}

/** Read and replay a game file; print the problem and return null when it does not open. */
async function openFile(file: string, seed?: (record: GameRecord) => string | null): Promise<Session<unknown> | null> {
  const { isRuleError, MODULES, Session } = await gameModules();
  const record = await readFile(file);
  if (!record) return null;
  const module = MODULES[record.module];
  if (!module) {
    err(`${file}: unknown module "${record.module}" (known: ${Object.keys(MODULES).join(', ')})`);
    process.exitCode = 1;
    return null;
  }
  const session = Session.open(module, record, { seed: seed?.(record) });
  if (isRuleError(session)) {
    err(`${file}: ${refusalLine(session)}`);
    process.exitCode = 1;
    return null;
  }
  return session;
}

/** "action #N: message" as 0.1 printed it. */
function refusalLine(e: RuleError): string {
  return e.index !== undefined && e.index >= 0 ? `action #${e.index}: ${e.message}` : e.message;
}

/**
 * `wardroom play`: any game file, through the one play driver (play.ts); the file is locked while it
 * runs. The dice seed comes from FILE.seed (or --seed-file) and is written into the game file when
 * the game is over, so anyone can verify it then.
 */
async function play(file: string, as?: string, seedPath?: string): Promise<number> {
  const { GameFileError, lockGameFile, playSession, terminal, writeGameFile } = await gameModules();
  if (!existsSync(file)) {
    err(`${file}: no such game file (create one with "wardroom new ${file} …").`);
    return 1;
  }
  let release: (() => void) | undefined;
  try {
    release = lockGameFile(file, 'wardroom play');
    let seed: string | null = null;
    const session = await openFile(file, (record) => (seed = seedFor(file, record, seedPath)));
    if (!session) return process.exitCode as number;
    const term = terminal(); // its lines wrap to the terminal's width, these too
    if (!seed) term.say(`(No dice seed found: the game replays, but a seeded roll will be refused. The referee keeps it in ${seedFile(file)}, or give --seed-file.)`);
    const code = await playSession(session, term, { file, as });
    if (!session.isOver()) term.say(`Saved in ${file}: "wardroom play ${file}" goes on from here.`);
    else if (session.module.id === 'smp') term.say(`The next phase's board: "wardroom smp replay ${file} --out NEXT.json" writes it.`);
    if (session.isOver() && seed && !session.record.seed) {
      session.revealSeed(seed);
      writeGameFile(file, session.record);
      term.say(`The ${session.module.id === 'smp' ? 'phase' : 'campaign'} is over: the dice seed is now in ${file}; "wardroom verify ${file}" checks every roll.`);
    }
    return code;
  } catch (e) {
    if (!(e instanceof GameFileError || e instanceof CommandError)) throw e;
    err(e.message);
    return 1;
  } finally {
    release?.();
  }
}

// ---------------------------------------------------------------------------------------------
// Set-up files, named in one-line errors

/** The text of a file the user named, or a refusal naming the file and what it was for. */
function readInput(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CommandError(`${path}: cannot read the ${what} (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : (e as Error).message}).`);
  }
}

function readJson(path: string, what: string): unknown {
  try {
    return JSON.parse(readInput(path, what));
  } catch (e) {
    if (e instanceof CommandError) throw e;
    throw new CommandError(`${path}: the ${what} are not valid JSON (${(e as Error).message}).`);
  }
}

/** A file keyed by War Zone, with zones named as on the command line ("med", "na"). */
function byZone(value: unknown, path: string, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CommandError(`${path}: the ${what} are an object keyed by War Zone, e.g. {"mediterranean": …}.`);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    try {
      out[resolveZone(key)] = v;
    } catch (e) {
      throw new CommandError(`${path}: ${(e as Error).message}`);
    }
  }
  return out;
}

/** Refuse a game file in a folder that does not exist or cannot be written, before anything starts. */
function checkFolder(file: string): void {
  const dir = dirname(resolve(file));
  if (!existsSync(dir)) throw new CommandError(`${dir}: no such folder for ${file}.`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new CommandError(`${dir}: Wardroom cannot write there (permission denied).`);
  }
}

/** The seed for a game file: its own (0.1 files and finished games), --seed-file, or FILE.seed beside it. */
function seedFor(file: string, record: GameRecord, seedPath?: string): string | null {
  if (record.seed) return record.seed;
  const path = seedPath ?? seedFile(file);
  if (!seedPath && !existsSync(path)) return null;
  const seed = readInput(path, 'dice seed').trim();
  if (!seed) throw new CommandError(`${path}: the dice seed file is empty.`);
  return seed;
}

/** A number option as a number, or as typed when it is none (so a refusal quotes "abc", not NaN). */
function numberOrText(text: string): number | string {
  const n = Number(text);
  return Number.isNaN(n) || !text.trim() ? text : n;
}
