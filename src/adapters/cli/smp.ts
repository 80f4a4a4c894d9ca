import { accessSync, constants, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { GameRecord, Session as GameSession } from '../../engine/session.ts';
import type { RollEvent } from '../../engine/dice.ts';
import type { SmpState } from '../../modules/smp/index.ts';
import type { OddsKind } from '../../modules/smp/play.ts';
import { CommandError } from './command-line.ts';
import { seedFile, writeSeedFile } from './seed-file.ts';

/** The engine and the SMP module, loaded when an `smp` command runs rather than at start-up. */
async function smpModules() {
  const [
    { randomBytes },
    { newGameRecord, Session },
    { verifyRolls },
    { formatRefusal, isRuleError },
    { autoAction, derive, smpModule, validateScenario, scenarioJsonSchema },
    { actionFromAnswer, afterPhase, nextBoard, nextPhaseOptions, oddsFor, oddsValue, reportText },
    { playSession, terminal, widthOf, wrap },
    { GameFileError, lockGameFile, writeGameFile },
  ] = await Promise.all([
    import('node:crypto'),
    import('../../engine/session.ts'),
    import('../../engine/dice.ts'),
    import('../../engine/errors.ts'),
    import('../../modules/smp/index.ts'),
    import('../../modules/smp/play.ts'),
    import('./play.ts'),
    import('../storage/game-file.ts'),
  ]);
  /** A text for the person at a terminal, wrapped at spaces to its width as the play driver's lines are; as it is into a file or a pipe. */
  const print = (text: string, to: NodeJS.WriteStream = process.stdout) => (to === process.stderr ? console.error : console.log)(wrap(text, widthOf(to)));
  return { randomBytes, newGameRecord, Session, verifyRolls, formatRefusal, isRuleError, autoAction, derive, smpModule, validateScenario, scenarioJsonSchema, actionFromAnswer, afterPhase, nextBoard, nextPhaseOptions, oddsFor, oddsValue, reportText, playSession, terminal, GameFileError, lockGameFile, writeGameFile, print };
}

/** `wardroom smp …` commands (Strategic Missions Phase). */
export function registerSmpCommands(program: Command): void {
  const smp = program.command('smp').description('Strategic Missions Phase (A&A Global house rules)');

  smp
    .command('validate')
    .argument('<scenario>', 'scenario JSON file')
    .option('--json', 'print the result as JSON')
    .description('check a scenario (board state); list every error with its JSON path')
    .action(async (file: string, opts: { json?: boolean }) => {
      const { validateScenario } = await smpModules();
      const raw = readJson(file);
      if (raw === undefined) return;
      const v = validateScenario(raw);
      if (opts.json) console.log(JSON.stringify(v.ok ? { ok: true } : { ok: false, errors: v.errors }, null, 1));
      else if (v.ok) console.log(`OK: ${file} is a valid scenario (${v.scenario.label ?? 'no label'}; SMP ${v.scenario.smpNumber}, round ${v.scenario.round}, ${v.scenario.season}).`);
      else console.log(`${file} is not a valid scenario (${v.errors.length} error(s)):\n${v.errors.map((e) => `  ${e.path}: ${e.message}`).join('\n')}`);
      if (!v.ok) process.exitCode = 1;
    });

  smp
    .command('schema')
    .description('print the JSON Schema of a scenario')
    .action(async () => {
      const { scenarioJsonSchema } = await smpModules();
      console.log(JSON.stringify(scenarioJsonSchema(), null, 1));
    });

  smp
    .command('run')
    .argument('<scenario>', 'scenario JSON file')
    .option('--seed <seed>', 'dice seed (default: random)')
    .option('--dice <kind>', 'seeded (default) or physical', 'seeded')
    .option('--answers <file>', 'JSON array of answers, used in order ("auto" or an object of fields; {"values":[…]} for physical rolls)')
    .option('--auto', 'answer every remaining choice with the documented simple policy')
    .option('--json', 'print the events, the next board and the game record as JSON')
    .option('--out <file>', "write the next phase's scenario (the board after this phase; SMP number, round and season moved on) to this file")
    .option('--next-round <n>', 'with --out: the next round (default: this round + 1)')
    .option('--next-season <season>', 'with --out: the next season (default: the one after this season)')
    .option('--record <file>', 'save the game record (seed commitment, action log; the seed beside it in FILE.seed until the phase ends) to this file after every answer (at a terminal, without --auto: SCENARIO.phase.json by default)')
    .option('--steps <list>', 'run only these steps, e.g. 3,4')
    .description('walk the ten steps: ask every choice, roll, report what changes on the board')
    .action(async (file: string, opts: { seed?: string; dice: string; answers?: string; auto?: boolean; json?: boolean; out?: string; nextRound?: string; nextSeason?: string; record?: string; steps?: string }) => {
      const { actionFromAnswer, afterPhase, autoAction, derive, GameFileError, isRuleError, lockGameFile, newGameRecord, nextBoard, nextPhaseOptions, playSession, print, randomBytes, reportText, Session, smpModule, terminal, validateScenario, writeGameFile } = await smpModules();
      const raw = readJson(file);
      if (raw === undefined) return;
      const given = validateScenario(raw, opts.steps?.split(',').map(Number)); // a new board: every field the rules need given
      if (!given.ok) return fail(`The scenario is not valid:\n${given.errors.map((e) => `  ${e.path}: ${e.message}`).join('\n')}`);
      if (opts.dice !== 'seeded' && opts.dice !== 'physical') return fail(`--dice must be seeded or physical, not ${opts.dice}`);
      if (opts.seed === '') return fail('--seed must not be empty: with an empty seed anyone could predict every roll.');
      const rawOptions = { scenario: raw, dice: opts.dice, ...(opts.steps ? { steps: opts.steps.split(',').map(Number) } : {}) };
      const options = smpModule.parseOptions(rawOptions);
      if (isRuleError(options)) return fail(options.message);
      if (!opts.out && (opts.nextRound ?? opts.nextSeason) !== undefined) return fail('--next-round and --next-season go with --out (they set the round and season of the next phase written there)');
      // The next phase's board needs every step of this one: --out with --steps that leave some out is refused.
      const next = nextPhaseOptions(options.scenario, { round: opts.nextRound, season: opts.nextSeason }, opts.out ? options.steps : undefined);
      if (isRuleError(next)) return fail(next.code === 'next-phase-steps' ? `--out: ${next.message} Run the whole phase to write --out (--json prints the board after the steps that ran).` : next.message);
      const seed = opts.seed ?? randomBytes(16).toString('hex');
      const session = Session.open(smpModule, newGameRecord('smp', rawOptions, seed));
      if (isRuleError(session)) return fail(session.message);
      const record = session.record;
      const answers = opts.answers ? readJson(opts.answers) : [];
      if (answers === undefined) return; // unreadable: said by readJson
      if (!Array.isArray(answers)) return fail(`${opts.answers}: --answers must hold a JSON array`);
      let answered = 0;
      let auto = !!opts.auto;
      let problem: string | undefined;
      let inputEnded = false;
      // The same play driver as `wardroom play`: the record is saved after every answer (--record), so
      // `wardroom play RECORD` resumes the phase; rolls and what they change are shown as they happen.
      let release: (() => void) | undefined;
      // A person at a terminal can always stop and resume: without --record the phase is saved beside.
      const defaultRecord = !opts.record && process.stdin.isTTY && !opts.auto;
      if (defaultRecord) {
        opts.record = `${basename(file, '.json')}.phase.json`;
        if (existsSync(opts.record)) return fail(`${opts.record} exists: resume that phase with "wardroom play ${opts.record}", or give --record FILE for a new one.`);
      }
      // --out is checked before the phase is played: never over an input, and writable.
      const badOut = opts.out && outProblem(opts.out, [[file, `the scenario being played (${file}): the next phase's board would replace it`], [opts.record, "the --record file: the next phase's board would replace the record of this phase"], [opts.answers, `the --answers file (${opts.answers})`]]);
      if (badOut) return fail(badOut);
      if (defaultRecord) print(`The phase is saved to ${opts.record} after every answer (its dice seed in ${seedFile(opts.record!)} until the phase ends); "wardroom play ${opts.record}" resumes it.`, process.stderr);
      try {
        if (opts.record) {
          release = lockGameFile(opts.record, 'wardroom smp run');
          // Not in the record while the phase is played: whoever opened it would read the rolls to come.
          writeSeedFile(opts.record, seed, record);
          writeGameFile(opts.record, record);
        }
        const screen = terminal(opts.json ? process.stderr : process.stdout);
        let refusal: string | undefined; // the last "Refused: …" shown: why a scripted answer stopped the run
        let fromAnswers: number | undefined; // the --answers entry the last scripted action came from
        const term = {
          ...screen,
          say: (line: string) => {
            if (line.startsWith('Refused: ')) refusal = line.slice('Refused: '.length);
            screen.say(line);
          },
        };
        // As in `wardroom play`, a refused typed command prints "Refused: …", changes nothing and the next
        // line is read (at a terminal or piped). A refused answer from --answers or the auto policy stops
        // the run (playSession): it would be refused again.
        const code = await playSession(session as unknown as GameSession<unknown>, term, {
          file: opts.record,
          fromStart: true,
          autoAction(s) {
            fromAnswers = undefined;
            const state = s.state as SmpState;
            const req = derive(state).pending;
            if (!req || (req.kind === 'roll' && !state.dice.physical)) return null; // seeded dice: the presenter rolls them
            if (answered < answers.length) {
              const a = actionFromAnswer(state, answers[answered]);
              if (!isRuleError(a)) {
                fromAnswers = answered++;
                return a;
              }
              throw new CommandError(`${opts.answers} [${answered}]: ${a.message}`);
            }
            // Physical dice are always typed by the players, even with --auto.
            return auto && req.kind !== 'roll' ? autoAction(state) : null;
          },
          onInputEnd() {
            if (screen.interactive) return false; // Ctrl-D at a terminal stops as "quit" does: the phase is saved, to resume
            inputEnded = true;
            const req = derive(session.state).pending;
            if (req?.kind === 'roll') {
              problem = `physical dice: no value entered for ${req.prompt} (type it, or give it in --answers as {"values":[…]})`;
              return false;
            }
            if (!auto) term.say('(input ended: the remaining choices use the auto policy)');
            auto = true;
            return true;
          },
        });
        if (code !== 0) return fail(problem ?? `${fromAnswers !== undefined ? `${opts.answers} [${fromAnswers}]: ` : ''}${refusal ? `refused: ${refusal}` : 'an answer was refused (see above)'}`);
      } catch (e) {
        if (!(e instanceof GameFileError || e instanceof CommandError)) throw e;
        return fail(e.message);
      } finally {
        release?.();
      }
      if (problem) return fail(problem);
      if (!session.isOver()) {
        // Input that ends goes on with the auto policy (onInputEnd): a phase left unfinished was stopped with "quit".
        if (inputEnded) return fail('the phase is not finished (input ended)');
        if (opts.record) return print(`Stopped: the phase is saved in ${opts.record}; "wardroom play ${opts.record}" resumes it.`, process.stderr);
        return fail('Stopped before the phase finished; nothing is saved (give --record FILE to resume it later with "wardroom play FILE").');
      }
      if (opts.record) {
        session.revealSeed(seed); // the phase is over: anyone may check its rolls (smp replay)
        writeGameFile(opts.record, session.record);
      }
      const run = derive(session.state);
      const nextScenario = opts.out ? nextBoard(session.state, next) : null;
      if (opts.out && !writeOut(opts.out, JSON.stringify(nextScenario, null, 1) + '\n')) return;
      if (opts.json) console.log(JSON.stringify({ seedCommitment: record.seedCommitment, seed, events: run.events, board: run.board, record }, null, 1));
      else {
        print(reportText(run.events));
        print(afterPhase(session.state));
        print(`Dice seed: ${seed} (commitment ${record.seedCommitment}).${nextScenario ? ` Next phase (SMP ${nextScenario.smpNumber}, round ${nextScenario.round}, ${nextScenario.season}) written to ${opts.out}.` : ''}${opts.record ? ` Record: ${opts.record}.` : ''}`);
        if (!nextScenario) print(opts.record ? `The next phase's board: "wardroom smp replay ${opts.record} --out NEXT.json" writes it.` : "The next phase's board: run with --out NEXT.json to write it.");
      }
    });

  smp
    .command('replay')
    .argument('<record>', 'game record written by `smp run --record`')
    .option('--json', 'print the events and the board as JSON')
    .option('--out <file>', "a finished phase: write the next phase's scenario (the board after it; SMP number, round and season moved on) to this file, as smp run --out does")
    .option('--next-round <n>', 'with --out: the next round (default: this round + 1)')
    .option('--next-season <season>', 'with --out: the next season (default: the one after this season)')
    .description('replay a game record: check the seed against its commitment and every roll, print the report')
    .action(async (file: string, opts: { json?: boolean; out?: string; nextRound?: string; nextSeason?: string }) => {
      const { afterPhase, derive, formatRefusal, isRuleError, nextBoard, nextPhaseOptions, print, reportText, Session, smpModule, verifyRolls } = await smpModules();
      if (!opts.out && (opts.nextRound ?? opts.nextSeason) !== undefined) return fail('--next-round and --next-season go with --out (they set the round and season of the next phase written there)');
      const rec = readJson(file) as GameRecord | undefined;
      if (!rec) return;
      const session = Session.open(smpModule, rec);
      if (isRuleError(session)) return fail(`the record does not replay: ${formatRefusal(session)}`);
      const run = derive(session.state);
      const rolls = run.events.filter((e) => e.type === 'roll') as unknown as RollEvent[];
      const check = rec.seed ? verifyRolls(rec.seed, rec.seedCommitment, rolls) : { ok: true, problems: ['the record withholds its seed: rolls not verified'] };
      if (opts.json) console.log(JSON.stringify({ verified: check, events: run.events, board: run.board }, null, 1));
      else print(`${reportText(run.events)}\n${smpModule.isOver(session.state) ? `${afterPhase(session.state)}\n` : ''}${verdict(check, rec.seed, rolls)}${smpModule.isOver(session.state) ? '' : '\n(The phase is not finished in this record.)'}`);
      if (!check.ok) process.exitCode = 1;
      // A phase resumed with `wardroom play` ends there without --out: its next board is written from the record.
      if (opts.out) {
        const { options } = session.state;
        if (!check.ok) return fail(`--out: nothing written: the record's rolls do not check out (above).`);
        if (!smpModule.isOver(session.state)) return fail(`--out: the phase is not finished in ${file}; finish it first (wardroom play ${file}).`);
        const next = nextPhaseOptions(options.scenario, { round: opts.nextRound, season: opts.nextSeason }, options.steps);
        if (isRuleError(next)) return fail(`--out: ${next.message}`);
        const problem = outProblem(opts.out, [[file, "the record being replayed: the next phase's board would replace it"]]);
        if (problem) return fail(problem);
        const board = nextBoard(session.state, next);
        if (!writeOut(opts.out, JSON.stringify(board, null, 1) + '\n')) return;
        process.stderr.write(`Next phase (SMP ${board.smpNumber}, round ${board.round}, ${board.season}) written to ${opts.out}.\n`);
      }
    });

  /** What a replay checked: seeded rolls against the seed; typed ones (physical dice) no seed can check. */
  function verdict(check: { ok: boolean; problems: string[] }, seed: string | null | undefined, rolls: readonly RollEvent[]): string {
    if (!check.ok) return `NOT verified: ${check.problems.join('; ')}`;
    if (!seed) return 'Rolls not verified: the record withholds its seed.';
    const typed = rolls.filter((r) => r.physical).length;
    const seeded = rolls.length - typed;
    const roll = (n: number) => `${n} roll${n === 1 ? '' : 's'}`;
    return `Verified: ${seeded ? `${roll(seeded)} match the seed and its commitment` : 'the seed matches its commitment'}${typed ? `; ${roll(typed)} typed at the table (physical dice), which no seed checks` : ''}.`;
  }

  const odds = smp.command('odds').description('exact odds of a Strategic Missions Phase dice procedure');
  const oddsCmd = (kind: OddsKind, desc: string, setup: (c: Command) => Command) =>
    setup(odds.command(kind).description(desc))
      .option('--json', 'print {"distribution":[…]} as JSON')
      .action(async (o: Record<string, string | boolean | undefined>) => {
        const { isRuleError, oddsFor, oddsValue } = await smpModules();
        const nums: Record<string, number | string | undefined> = {};
        for (const [k, v] of Object.entries(o)) {
          if (k === 'json' || v === undefined) continue;
          if (k === 'bunker') nums[k] = String(v);
          else {
            const n = oddsValue(kind, k, String(v)); // held to what the rules allow, else to the size limit of the odds
            if (isRuleError(n)) return fail(n.message);
            nums[k] = n;
          }
        }
        let r: ReturnType<typeof oddsFor>;
        try {
          r = oddsFor(kind, nums); // the odds refuse a query past their limits by throwing a RuleError
        } catch (e) {
          if (isRuleError(e)) return fail(e.message);
          throw e;
        }
        if (isRuleError(r)) return fail(r.message);
        console.log(o.json ? JSON.stringify(r.json) : r.text);
      });
  oddsCmd('kamikaze', 'hits on Allied ships from kamikaze tokens (#7)', (c) =>
    c.requiredOption('--tokens <n>', 'kamikaze tokens (up to 3 per zone)').option('--fighters <n>', 'intercepting fighters (1@2)', '0').option('--tactical-bombers <n>', 'intercepting tactical bombers (1@1)', '0'),
  );
  oddsCmd('coastal', 'hits of a bunker on a fleet (#4)', (c) => c.requiredOption('--bunker <kind>', 'minor (3@1) or major (6@1)'));
  oddsCmd('partisan', 'damage of a partisan raid on one facility (#8)', (c) =>
    c.requiredOption('--tokens <n>', 'partisan tokens on the facility').option('--elite <n>', 'elite infantry in the territory (1@2 each)', '0').option('--capacity <n>', 'damage the facility can still take'),
  );
  oddsCmd('bombing', 'damage of a bombing raid on one facility (#5)', (c) =>
    c
      .option('--strategic-bombers <n>', 'strategic bombers (4 damage)', '0')
      .option('--tactical-bombers <n>', 'tactical bombers (2 damage; only on a tactical facility or a minor factory, #5)', '0')
      .option('--super-fortresses <n>', 'super fortress bombers (6 damage)', '0')
      .option('--escorts <n>', 'escort fighters', '0')
      .option('--interceptors <n>', 'interceptors', '0')
      .option('--interceptor-hit <n>', 'interceptor dog-fight value (A&A G40 default 2)', '2')
      .option('--aa <n>', 'AA barrage hits on (A&A G40 default 1)', '1')
      .option('--capacity <n>', 'damage the facility can still take'),
  );
  oddsCmd('shore', 'damage of a shore bombardment on one facility (#6)', (c) =>
    c
      .option('--battleships <n>', 'battleships (4 damage)', '0')
      .option('--cruisers <n>', 'cruisers (2 damage, tactical facilities)', '0')
      .option('--super-battleships <n>', 'super battleships (5 damage)', '0')
      .option('--escorts <n>', 'escort fighters', '0')
      .option('--interceptors <n>', 'interceptors', '0')
      .option('--interceptor-hit <n>', 'interceptor dog-fight value', '2')
      .option('--capacity <n>', 'damage the facility can still take'),
  );
  oddsCmd('vichy', 'success of Vichy attempts (#2)', (c) =>
    c.option('--hit-on <n>', 'the roll needed (@3 Japan/UK/Germany, @1 Italy/Free French)', '3').option('--bonus <n>', '+1 for Germany after Hendaye', '0').option('--attempts <n>', 'number of attempts', '1'),
  );

  // TripleA (src/adapters/triplea/): a game's XML plus the group's overlay → a scenario; after the
  // phase, the edits to make in TripleA's edit mode and the next overlay. docs/smp.md "From TripleA".
  const tripleaOverlay = async (file: string) => {
    const raw = readJson(file);
    if (raw === undefined) return undefined;
    const o = (await import('../triplea/scenario.ts')).parseOverlay(raw, file);
    return o.ok ? o.overlay : void fail(`${file} is not a valid overlay:\n${o.errors.map((e) => `  ${e}`).join('\n')}`);
  };
  smp
    .command('import-triplea')
    .argument('<game>', 'TripleA game XML (its "Export game.xml File", or a map\'s game file)')
    .requiredOption('--overlay <file>', 'the overlay: what TripleA does not hold (SMP number, season, tokens, rail stations, bunkers, places, Vichy, …)')
    .option('--out <file>', 'write the scenario here (default: print it)')
    .description('build an SMP scenario from a TripleA game')
    .action(async (file: string, opts: { overlay: string; out?: string }) => {
      const [{ readTripleaXml, TripleaXmlError }, { scenarioFromTriplea }] = await Promise.all([import('../triplea/game-xml.ts'), import('../triplea/scenario.ts')]);
      const overlay = await tripleaOverlay(opts.overlay);
      if (!overlay) return;
      let game;
      try {
        game = await readTripleaXml(readFileSync(file, 'utf8'), file);
      } catch (e) {
        return fail(e instanceof TripleaXmlError ? e.message : `cannot read ${file}: ${(e as Error).message}`);
      }
      const r = scenarioFromTriplea(game, overlay, opts.overlay);
      if (!r.ok) return fail(`no scenario built (${r.errors.length} problem(s)):\n${r.errors.map((e) => `  ${e}`).join('\n')}`);
      for (const n of r.notes) console.error(`note: ${n}`);
      const json = JSON.stringify(r.scenario, null, 1) + '\n';
      if (!opts.out) return void process.stdout.write(json);
      if (!writeOut(opts.out, json)) return;
      const s = r.scenario;
      console.log(`${opts.out}: ${s.territories.length} territories, ${s.seaZones?.length ?? 0} sea zones, ${s.nations.length} nations from ${file}; SMP ${s.smpNumber}, round ${s.round}, ${s.season}.`);
    });
  smp
    .command('triplea-changes')
    .argument('<before>', 'the scenario imported from TripleA (import-triplea --out)')
    .argument('<after>', 'the board after the phase (smp run --out)')
    .requiredOption('--overlay <file>', 'the overlay the scenario was imported with')
    .option('--out-overlay <file>', 'write the next overlay (tokens, Vichy, rail stations, bunkers, damage… as the phase left them)')
    .option('--json', 'print {edits, overlay, problems} as JSON')
    .description("list the board changes of a phase as edits to make in TripleA's edit mode")
    .action(async (beforeFile: string, afterFile: string, opts: { overlay: string; outOverlay?: string; json?: boolean }) => {
      const [{ validateScenario }, { editText, tripleaChanges }] = await Promise.all([import('../../modules/smp/scenario.ts'), import('../triplea/changes.ts')]);
      const overlay = await tripleaOverlay(opts.overlay);
      if (!overlay) return;
      const boards = [];
      for (const f of [beforeFile, afterFile]) {
        const raw = readJson(f);
        if (raw === undefined) return;
        const v = validateScenario(raw);
        if (!v.ok) return fail(`${f} is not a valid scenario:\n${v.errors.map((e) => `  ${e.path}: ${e.message}`).join('\n')}`);
        boards.push(v.scenario);
      }
      const c = tripleaChanges(boards[0], boards[1], overlay);
      if (opts.outOverlay && !writeOut(opts.outOverlay, JSON.stringify(c.nextOverlay, null, 1) + '\n')) return;
      if (opts.json) return console.log(JSON.stringify({ edits: c.edits.map((e) => ({ ...e, text: editText(e) })), overlay: c.overlay, problems: c.problems }, null, 1));
      console.log(c.edits.length ? `In TripleA's edit mode, in this order:\n${c.edits.map((e, i) => `${String(i + 1).padStart(4)}. ${editText(e)}`).join('\n')}` : 'Nothing to change in TripleA.');
      if (c.overlay.length) console.log(`Not in TripleA (the overlay${opts.outOverlay ? `, written to ${opts.outOverlay}` : '; --out-overlay writes it'}):\n${c.overlay.map((l) => `  - ${l}`).join('\n')}`);
      for (const p of c.problems) console.log(`Check: ${p}`);
    });
}

function fail(message: string): void {
  console.error(message);
  process.exitCode = 1;
}

/** Write a file the user named; false (and the reason, one line) when it cannot be written. */
function writeOut(file: string, text: string): boolean {
  try {
    writeFileSync(file, text);
    return true;
  } catch (e) {
    fail(`cannot write ${file}: ${(e as Error).message}`);
    return false;
  }
}

/**
 * Why `--out` may not be written, or null: it is one of the `inputs` (a file and why not), or it
 * cannot be written now, before the phase is played.
 */
function outProblem(out: string, inputs: [string | undefined, string][]): string | null {
  const same = (a: string, b: string) => {
    if (resolve(a) === resolve(b)) return true;
    try {
      const [x, y] = [statSync(a), statSync(b)];
      return x.dev === y.dev && x.ino === y.ino; // a link to it, or another path to the same file
    } catch {
      return false;
    }
  };
  const input = inputs.find(([f]) => f !== undefined && same(out, f));
  if (input) return `--out ${out} is ${input[1]}. Give --out another file.`;
  try {
    if (existsSync(out)) {
      if (statSync(out).isDirectory()) return `cannot write ${out}: it is a folder`;
      accessSync(out, constants.W_OK);
    } else {
      const dir = dirname(resolve(out));
      if (!statSync(dir).isDirectory()) return `cannot write ${out}: ${dir} is not a folder`;
      accessSync(dir, constants.W_OK);
    }
    return null;
  } catch (e) {
    return `cannot write ${out}: ${(e as Error).message}`;
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    fail(`cannot read ${file}: ${(e as Error).message}`);
    return undefined;
  }
}
