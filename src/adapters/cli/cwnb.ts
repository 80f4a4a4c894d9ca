import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { RuleError } from '../../engine/errors.ts';
import type { GameRecord, Session } from '../../engine/session.ts';
import type { Viewer } from '../../engine/viewer.ts';
import type { ZoneId } from '../../modules/cwnb/data/types.ts';
import type { CwnbState } from '../../modules/cwnb/state.ts';
import { resolveZone } from './cwnb-commands.ts';
import { renderStatus } from './cwnb-render.ts';

/**
 * The engine, the rules module and the storage, loaded when a game command (new, demo, play,
 * replay, verify) runs rather than at start-up: registering the commands loads none of them, and
 * `tables` loads only the data it prints.
 */
let loaded: ReturnType<typeof load> | undefined;
const gameModules = () => (loaded ??= load());
async function load() {
  const [crypto, errors, session, viewer, modules, cwnbModule, roster, cwnbView, storage, summary, play, commandLine] = await Promise.all([
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
    import('./command-line.ts'),
  ]);
  return { ...crypto, ...errors, ...session, ...viewer, ...modules, ...cwnbModule, ...roster, ...cwnbView, ...storage, ...summary, ...play, ...commandLine };
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
    .option('--seed <seed>', 'dice seed (default: random; the file stores its SHA-256 commitment)')
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
    .action(async (file: string, o: Record<string, any>) => {
      const { cwnb, formatRefusal, formatRosterError, isRosterError, isRuleError, newGameRecord, parseRoster, randomBytes, writeGameFile } = await gameModules();
      if (existsSync(file) && !o.force) {
        err(`${file} already exists (use --force to overwrite, or "wardroom play ${file}" to resume).`);
        process.exitCode = 2;
        return;
      }
      let roster: unknown = o.demo ? 'demo' : undefined;
      if (o.roster) {
        const text = readFileSync(o.roster, 'utf8');
        const r = parseRoster(text, o.roster.endsWith('.csv') ? 'csv' : 'json', { source: o.roster });
        if (isRosterError(r)) {
          err(`${o.roster}: ${formatRosterError(r)}`);
          process.exitCode = 2;
          return;
        }
        roster = r;
      }
      if (!roster) {
        err('Ship cards are not in the campaign rulebook: give --roster FILE (CSV or JSON with name, side, points, kind; see docs/data.md) or --demo for the demo roster.');
        process.exitCode = 2;
        return;
      }
      let zones: string[];
      try {
        zones = String(o.zones).split(',').map((s) => s.trim()).filter(Boolean).map((z) => resolveZone(z));
      } catch (e) {
        err((e as Error).message);
        process.exitCode = 2;
        return;
      }
      const startingPoints = o.startingPoints
        ? JSON.parse(readFileSync(o.startingPoints, 'utf8'))
        : o.demo
          ? 'demo'
          : { 'south-pacific': { allied: 80, soviet: 100 } };
      const players = Object.fromEntries(((o.player as string[]) ?? []).map((p) => p.split('=')));
      const all = !!o.allOptions;
      const optional: Record<string, unknown> = {};
      if (o.variableEnd || all) optional.variableEndTurn = { startTurn: Number(o.variableEnd ?? 3) };
      if (o.specialConditions || o.conditionsTables || all) optional.specialConditions = { tables: o.conditionsTables ? JSON.parse(readFileSync(o.conditionsTables, 'utf8')) : {} };
      if (o.transferCharts) {
        const charts = JSON.parse(readFileSync(o.transferCharts, 'utf8'));
        optional.transferLimitations = { charts: Array.isArray(charts) ? charts : charts.charts };
      }
      if (o.flagOfficers || all) optional.flagOfficers = true;
      if (o.frictionOfWar || all) optional.frictionOfWar = true;
      if (o.overallCommanders || all) optional.overallCommanders = true;
      const options = { zones, turns: Number(o.turns), dice: o.dice, roster, startingPoints, players, optional };
      const parsed = cwnb.parseOptions(options);
      if (isRuleError(parsed)) {
        err(formatRefusal(parsed));
        process.exitCode = 2;
        return;
      }
      const seed = o.seed ?? randomBytes(32).toString('hex');
      const record = newGameRecord(cwnb.id, options, seed);
      writeGameFile(file, record);
      out(`Created ${file}: ${zones.join(', ')}, ${options.turns} turns, ${o.dice} dice${Object.keys(optional).length ? `, optional rules: ${Object.keys(optional).join(', ')}` : ''}. Seed commitment ${record.seedCommitment}.`);
      if (o.demo) out("Using Wardroom's DEMO roster and starting points — demo values, not the cards'.");
      out(`Next: wardroom play ${file}`);
    });

  program
    .command('demo')
    .description("Referee a two-zone demo campaign (Mediterranean and North Atlantic, 4 turns, Wardroom's DEMO roster): created on the first run, resumed after")
    .argument('[file]', 'game file', 'wardroom-demo.json')
    .action(async (file: string) => {
      const { cwnb, newGameRecord, randomBytes, writeGameFile } = await gameModules();
      if (existsSync(file)) out(`Resuming ${file}.`);
      else {
        const options = { zones: ['mediterranean', 'north-atlantic'], turns: 4, dice: 'seeded', roster: 'demo', startingPoints: 'demo' };
        writeGameFile(file, newGameRecord(cwnb.id, options, randomBytes(32).toString('hex')));
        out(`Created ${file}: a demo campaign with Wardroom's DEMO roster and starting points (not the cards' values). Run the same command to resume.`);
      }
      process.exitCode = await play(file);
    });

  program
    .command('play')
    .description('The interactive referee for any game file (CWNB campaign or SMP record): prompts, legal choices, short commands; saves after every action')
    .argument('<file>', 'game file (create one with "wardroom new", or an SMP record from "wardroom smp run --record")')
    .option('--as <seat>', 'start acting as this seat')
    .action(async (file: string, o: { as?: string }) => {
      process.exitCode = await play(file, o.as);
    });

  program
    .command('replay')
    .description('Validate and replay a game file; print a summary')
    .argument('<file>')
    .option('--json', 'machine-readable summary')
    .option('--log', 'print every event (as the referee sees them, or as --as sees them)')
    .option('--as <viewer>', 'the log as this viewer may see it: a seat (allied:mediterranean), a team (allied), referee or spectator')
    .action(async (file: string, o: { json?: boolean; log?: boolean; as?: string }) => {
      const { cwnb, parseViewer, REFEREE, replaySummary, view } = await gameModules();
      const session = await openFile(file);
      if (!session) return;
      let viewer: Viewer = REFEREE;
      if (o.as !== undefined) {
        const v = parseViewer(o.as, session.module.seats(session.state), session.module.teams(session.state));
        if (!v) {
          err(`--as ${o.as}: not a viewer of this game; choose a seat (${session.module.seats(session.state).join(', ')}), a team (${session.module.teams(session.state).join(', ')}), referee or spectator.`);
          process.exitCode = 2;
          return;
        }
        viewer = v;
      }
      if (o.log) for (const e of session.eventsFor(viewer)) out(e.text);
      if (session.module.id !== cwnb.id) {
        out(JSON.stringify(session.view(viewer), null, o.json ? 0 : 2));
        return;
      }
      const state = session.state as CwnbState;
      if (o.json) out(JSON.stringify(replaySummary(state)));
      else if (!o.log || o.as === undefined) out(renderStatus(view(state, viewer)) + `\n\n${session.record.log.length} actions replayed.`);
    });

  program
    .command('verify')
    .description('Check a finished game offline: its revealed dice seed against the published commitment, and every logged roll re-derived from it')
    .argument('<file>')
    .option('--seed <seed>', 'the revealed seed, when the file does not hold it')
    .action(async (file: string, o: { seed?: string }) => {
      const { MODULES, verifyRecord } = await gameModules();
      const record = await readFile(file);
      if (!record) return;
      const seed = o.seed ?? record.seed;
      const module = MODULES[record.module];
      if (!seed || !module) {
        err(!module ? `${file}: unknown module "${record.module}".` : `${file} holds no dice seed: give the revealed seed with --seed.`);
        process.exitCode = 2;
        return;
      }
      const r = verifyRecord(module, record, seed);
      if (r.ok) out(`Verified: the seed matches its commitment ${record.seedCommitment}, and all ${r.rolls} seeded roll(s) in the log re-derive from it.`);
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
async function openFile(file: string): Promise<Session<unknown> | null> {
  const { isRuleError, MODULES, Session } = await gameModules();
  const record = await readFile(file);
  if (!record) return null;
  const module = MODULES[record.module];
  if (!module) {
    err(`${file}: unknown module "${record.module}" (known: ${Object.keys(MODULES).join(', ')})`);
    process.exitCode = 1;
    return null;
  }
  const session = Session.open(module, record);
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

/** `wardroom play`: any game file, through the one play driver (play.ts); the file is locked while it runs. */
async function play(file: string, as?: string): Promise<number> {
  const { CommandError, GameFileError, lockGameFile, playSession, terminal } = await gameModules();
  if (!existsSync(file)) {
    err(`${file}: no such game file (create one with "wardroom new ${file} …").`);
    return 1;
  }
  let release: (() => void) | undefined;
  try {
    release = lockGameFile(file, 'wardroom play');
    const session = await openFile(file);
    if (!session) return process.exitCode as number;
    return await playSession(session, terminal(), { file, as });
  } catch (e) {
    if (!(e instanceof GameFileError || e instanceof CommandError)) throw e;
    err(e.message);
    return 1;
  } finally {
    release?.();
  }
}
