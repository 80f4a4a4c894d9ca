import { createInterface } from 'node:readline';
import { formatRefusal, isRuleError } from '../../engine/errors.ts';
import type { Action, ActionDef, ActionSpec, FieldOption, FieldSpec, Fields } from '../../engine/module.ts';
import type { Session } from '../../engine/session.ts';
import { SPECTATOR, seatViewer } from '../../engine/viewer.ts';
import { checkUnchanged, stampOf, writeGameFile, type FileStamp } from '../storage/game-file.ts';
import { actionDef, checkFields, notOffered, openOptions } from '../../engine/kernel.ts';
import { CommandError, PublicCommandError, commandType, describeFields, listOptions, namesOtherAction, parseAnswer, parseCommandLine, placeholder, readValue, typedValue, usage, type Listed, type ShownLists } from './command-line.ts';
import { LOOK_AWAY, presenterFor } from './presenters.ts';

/**
 * The play driver for every rules module: the same session, storage and prompts for a CWNB
 * campaign and a Strategic Missions Phase. Commands and prompts come from the action descriptors
 * (see command-line.ts); a module's presenter only draws its board and resolves seat names. The
 * game file, when there is one, is saved atomically after every action.
 */

export interface Terminal {
  /** Output for the table. */
  say(s: string): void;
  /**
   * The next typed line (null: input ended). `hidden`: a secret the shared screen must not show;
   * a function: shown as typed until the line so far is a secret (a team note), then hidden.
   */
  ask(prompt: string, hidden: Hidden): Promise<string | null>;
  interactive: boolean;
  /** The terminal's width in columns, when it has one (0 or absent: piped, no width). */
  columns?(): number;
  /** Clear the screen and its scrollback (a terminal; piped output has nothing to clear). */
  clear(): void;
  close(): void;
}

export type Hidden = boolean | ((line: string) => boolean);

/**
 * stdin/stdout (or stderr) as a terminal; secrets are not echoed on a TTY and are cleared after;
 * long lines are wrapped at spaces to the terminal's width.
 */
export function terminal(output: NodeJS.WriteStream = process.stdout): Terminal {
  const tty = !!process.stdin.isTTY;
  const width = () => widthOf(output);
  let muted: Hidden = false;
  let typed = () => '';
  const sink = Object.assign(Object.create(output), {
    write(chunk: string | Uint8Array, ...rest: unknown[]) {
      // readline's echo of what is typed (and its redraws): dropped while hidden.
      if (typeof chunk === 'string' && !chunk.includes('\n') && (muted === true || (typeof muted === 'function' && muted(typed())))) return true;
      return (output.write as (...a: unknown[]) => boolean)(chunk, ...rest);
    },
  }) as NodeJS.WriteStream;
  const rl = createInterface({ input: process.stdin, output: tty ? sink : undefined, terminal: tty });
  typed = () => rl.line;
  const lines = rl[Symbol.asyncIterator]();
  // Input ended (Ctrl-D): asked again, readline's prompt would resume the terminal's input and keep the process waiting on it.
  let ended = false;
  rl.on('close', () => (ended = true));
  return {
    say: (s) => output.write(wrap(s, width()) + '\n'),
    interactive: tty,
    columns: width,
    async ask(prompt, hidden) {
      if (ended) return null;
      // Its last row is readline's prompt, so that a redraw (Ctrl-U, a deletion) draws it again.
      const rows = promptRows(prompt + (hidden === true ? '(typing hidden)' : ''), width());
      const last = rows.pop()!;
      if (tty) {
        for (const row of rows) output.write(row + '\n');
        rl.setPrompt(last);
        rl.prompt();
        muted = hidden;
      }
      const r = await lines.next();
      muted = false;
      const line = r.done ? null : r.value;
      // Clear the rows that held the secret's prompt, and the first letters of a secret shown before it was one.
      if (tty && (hidden === true || (hidden && line !== null && hidden(line)))) output.write(`\x1b[${rows.length + Math.max(1, Math.ceil((last.length + (hidden === true ? 0 : 8)) / (width() || Infinity)))}A\r\x1b[0J`);
      return line;
    },
    clear: () => output.isTTY && output.write('\x1b[2J\x1b[3J\x1b[H'), // not into a file the output goes to
    close: () => rl.close(),
  };
}

/** The width lines are wrapped to on `output`: a terminal's (0 for a file or a pipe: no limit). */
export const widthOf = (output: NodeJS.WriteStream): number => (output.isTTY && output.columns > 20 ? output.columns : 0);

/**
 * A question's rows, wrapped at spaces like the rest; the last ends in the space before the answer
 * and leaves the cursor a column on its row, so the answer starts beside the question.
 */
export function promptRows(prompt: string, width: number): string[] {
  const rows = wrap(prompt, width && Math.max(width - 2, 20)).split('\n');
  rows.push(rows.pop()! + ' ');
  return rows;
}

/**
 * Each line longer than `width` (0: no limit) broken at spaces, its continuation indented two more
 * than the line; never before a bracket, so "undo [N]" stays together.
 */
export function wrap(text: string, width: number): string {
  if (!width) return text;
  return text
    .split('\n')
    .map((full) => {
      const line = full.trimEnd();
      const rows: string[] = [];
      const indent = ' '.repeat(Math.min(/^ */.exec(line)![0].length + 2, Math.floor(width / 3)));
      let rest = line;
      while (rest.length > width) {
        let cut = rest.lastIndexOf(' ', width);
        while (cut > indent.length && rest[cut + 1] === '[') cut = rest.lastIndexOf(' ', cut - 1);
        const at = cut > indent.length ? cut : width; // no space to break at: cut the word
        rows.push(rest.slice(0, at).trimEnd());
        rest = indent + rest.slice(at).trimStart();
      }
      rows.push(rest);
      return rows.join('\n');
    })
    .join('\n');
}

export interface PlayOptions {
  /** The game file to save after every action (locked by the caller). */
  file?: string;
  /** The seat to start with. */
  as?: string;
  /** An action to take without asking (answers file, auto policy, seeded dice), or null to ask. */
  autoAction?: (session: Session<unknown>, seat: string) => Action | null;
  /** When input ends: true to go on (autoAction answers the rest), false to stop (default). */
  onInputEnd?: () => boolean;
  /** A new game: show what its set-up played before the first decision (the SMP steps that ask nothing); a resumed one shows only what follows. */
  fromStart?: boolean;
}

/** A refusal of this action is its seat's secret: a secret order's, or one whose being open is (ActionDef.openIsSecret). */
const refusedInSecret = (def: ActionDef<unknown> | undefined) => !!def && (!!def.secret || !!def.openIsSecret);

/** The commands beside the actions; "why" only where there are secret orders to refuse. */
const metaHelp = (secrets: boolean) => `Also: actions (every choice now) · help COMMAND · status · view · ${secrets ? 'why (a secret order refused) · ' : ''}log [N] · undo [N] · as SEAT · json {ACTION} · quit`;

/** Run the game until it is over or input ends. Returns the exit code. */
export async function playSession(session: Session<unknown>, table: Terminal, o: PlayOptions = {}): Promise<number> {
  const p = presenterFor(session);
  // "— SEAT now —" is printed only when something follows it (an event, a prompt), not for a seat
  // the auto policy answers silently, nor again for the seat whose header is the last one shown.
  let header = '';
  let shown = '';
  const showHeader = () => {
    if (header && header !== shown) table.say(header);
    shown = header || shown;
    header = '';
  };
  const term: Terminal = {
    ...table,
    say(s) {
      showHeader();
      table.say(s);
    },
    ask(prompt, hidden) {
      if (table.interactive) showHeader(); // the prompt follows it (piped input shows only the echo, through say)
      return table.ask(prompt, hidden);
    },
  };
  let stamp: FileStamp | undefined = o.file ? stampOf(o.file) : undefined;
  let seat = o.as ? p.resolveSeat(o.as, session) : '';
  // A seat chosen by hand ("as", --as) keeps the prompt; once the game has waited on it and no longer
  // does, the prompt moves on. A seat never waited on (a 14.1 Overall Commander) keeps it until "as".
  let pinned = !!o.as;
  let pinnedWaited = false;
  // The last action standing: a resumed game goes on where it stopped (the Battle Turn under way), as play did.
  let lastEntry = session.version - 1;
  while (lastEntry >= 0 && !session.stands(lastEntry)) lastEntry--;
  let seen = session.events.length - 1;

  const save = () => {
    if (!o.file) return;
    writeGameFile(o.file, session.record);
    stamp = stampOf(o.file);
  };
  // Below 90 columns a description beside its command would wrap into a narrow column: it goes on a line of its own.
  const narrow = () => (term.columns?.() || Infinity) < 90;
  const offers = () => (p.prompt ? p.prompt(session, seat) : renderActions(seat, session.listedActions(seat), false, narrow()));
  let lastOffers = '';
  /** Each seat's last event when it last had the keyboard: what it has heard of (Presenter.news), this sitting. */
  const heard = new Map<string, number>();
  const sittingFrom = session.events.length - 1;
  /** The seat whose player was last asked at the keyboard (see handOver). */
  let handedTo = '';
  /** A seat that just gave a secret order: what it is offered next is not shown (below). */
  let quietFor = '';
  /**
   * For each seat (an Overall Commander's apart for each seat its orders are for, 14.1), the lists of
   * choices the last command that showed it any showed, by action and field: a number typed names
   * what it had there (ShownLists). Only what is on screen counts: a command that shows lists
   * replaces them, and a cleared screen forgets them all.
   */
  const lists = new Map<string, { at: number; byField: Map<string, readonly FieldOption[]> }>();
  let lineNo = 0;
  const shownFor = (whose = seat): ShownLists => (type, key) => {
    const shown = lists.get(`${seat} ${whose}`)?.byField;
    return shown?.get(`${type} ${key}`) ?? (shown?.size ? null : undefined);
  };
  const showed = ({ type, key, options }: Listed, whose = seat) => {
    const now = lists.get(`${seat} ${whose}`);
    const byField = now?.at === lineNo ? now.byField : new Map<string, readonly FieldOption[]>();
    byField.set(`${type} ${key}`, options);
    lists.set(`${seat} ${whose}`, { at: lineNo, byField });
  };
  /** The choices of the forms of `specs` were shown (not a secret order's, whose lists are shown only on "?"). */
  const showedForms = (specs: readonly ActionSpec[]) => {
    for (const s of specs) if (!s.secret) for (const [key, f] of Object.entries(s.fields ?? {})) if (f.kind === 'choice' || f.kind === 'subset') showed({ type: s.type, key, options: f.options });
  };
  /** Show what the seat may do when it changed (a new decision, other choices). */
  const showOffers = () => {
    const now = seat && !session.isOver() ? offers() : '';
    // Not after the seat's own secret action: what it is offered then (no more cards, no ship it can pay for) would tell the table.
    if (now && now !== lastOffers && quietFor !== seat) {
      term.say(now);
      if (p.prompt) showedForms(session.listedActions(seat)); // a presenter's prompt shows the decision with its choices (SMP)
    }
    lastOffers = now;
    quietFor = '';
  };
  /** A secret order to give among `specs` (not a team note, open in every step; nor one with nothing to choose, as "keep" on the last turn): the keyboard is handed over first. */
  const secretOrder = (specs: readonly ActionSpec[]) => specs.some((s) => s.secret && Object.keys(s.fields ?? {}).length > 0 && !actionDef(session.module, session.state, s.type)?.keptByTeam);
  const teamOf = (s: string) => (s ? session.module.teamOf(session.state, s) : null);
  /** Only where the game has secrets to keep (CWNB; not the SMP, whose nations hide nothing). */
  const keepsSecrets = session.module.actions(session.state).some((a) => a.secret);
  /** The team whose secrets the screen shows now ("view", "hand", "log mine", "why", "?"), if any. */
  let secretsOnScreen: string | null = null;
  const shownSecrets = () => {
    if (keepsSecrets) secretsOnScreen = teamOf(seat) ?? secretsOnScreen;
  };
  /** The table's lines (events) since the keyboard's team last changed, shown again on a cleared screen (the last 40). */
  let tableLines: string[] = [];
  let keyboardTeam: string | null = null;
  /** Clear the screen and its scrollback, and show the table's lines again. */
  const clearScreen = () => {
    table.clear();
    table.say(`(Screen cleared: it showed a team's secrets. "log" shows the table's log.)`);
    for (const line of tableLines.slice(-40)) table.say(line);
    secretsOnScreen = null;
    shown = '';
    lists.clear();
  };
  /**
   * The prompt goes to another team's seat: the screen and its scrollback are cleared first when they
   * show this team's secrets, with what the table was told meanwhile shown again.
   */
  const toTeamOf = (next: string) => {
    const team = teamOf(next);
    if (secretsOnScreen && term.interactive && team !== secretsOnScreen) clearScreen();
    if (team !== keyboardTeam) tableLines = [];
    keyboardTeam = team;
  };

  /** The seat the prompt is with: the same seat while it has a decision, else the same part of the game (the zone's other seat), else the first waited on. */
  const choose = () => {
    const waiting = session.waitingFor();
    if (pinned && waiting.includes(seat)) pinnedWaited = true;
    else if (pinned && pinnedWaited) pinned = false;
    if (seat && (pinned || waiting.includes(seat) || !waiting.length)) return;
    const scope = lastEntry >= 0 ? session.scopeOf(lastEntry) : null;
    const near = (scope ?? []).flatMap((s) => session.module.scopeSeats?.(session.state, s) ?? []);
    const next = waiting.find((s) => near.includes(s)) ?? waiting[0] ?? seat;
    if (next !== seat) {
      seat = next;
      header = `\n— ${p.seatName(seat, session)} now —`;
    }
  };
  // Why a secret order was refused ("5 Action cards already", "your order costs 88") is the seat's
  // secret too: the table is told only that it was, and "why" shows the reason, as "view" shows the order.
  /** The reason a secret order was refused, for its seat's "why" only (another seat's player must not read it). */
  let secretWhy: { seat: string; why: string; listed?: Listed; whose?: string } | null = null;
  const keepSecret = (why: string, listed?: Listed, whose?: string): string => {
    secretWhy = { seat, why, listed, whose };
    return 'that secret order was not recorded (mistyped, or not allowed now); "why" shows the reason (the other team looks away).';
  };
  /** "why": the reason the seat's own secret order was refused (with the choices it lists, shown then), once; else `nothing`. */
  const tellWhy = (nothing: string) => {
    const mine = secretWhy?.seat === seat ? secretWhy : null;
    term.say(mine ? `Why your secret order was refused (${LOOK_AWAY}):\n${mine.why}` : nothing);
    if (mine) shownSecrets();
    if (mine?.listed) showed(mine.listed, mine.whose);
    secretWhy = null;
  };
  /** A typed secret order that cannot be read ("buy nimitz": already in your order) is refused like one the rules refuse; `whose`: the seat it is for. */
  const secretly = <T,>(line: string, read: () => T, whose?: string): T => {
    try {
      return read();
    } catch (e) {
      if (e instanceof CommandError && !(e instanceof PublicCommandError) && isSecret(line, session.module.actions(session.state))) throw new CommandError(keepSecret(e.message, e.listed, whose));
      throw e;
    }
  };
  /** §4: entry i as the table may be told of it: its public lines, else its action's kind unless that is secret (an order's kind says what it holds). */
  const told = (i: number) => {
    const said = session.eventsFor(SPECTATOR).filter((e) => e.entry === i).map((e) => e.text.replace(/\.$/, '')).join('; ');
    const { type } = session.record.log[i];
    return said || (actionDef(session.module, session.state, type)?.secret ? 'a secret action' : type);
  };
  /** After a refused undo, when the last action standing is another seat's (not a secret order): whose, and how it is taken back. */
  const lastOfAnother = (): string => {
    let i = session.record.log.length - 1;
    while (i >= 0 && !session.stands(i)) i--;
    const last = session.record.log[i];
    const who = last?.seat;
    if (!who || who === seat || actionDef(session.module, session.state, last.type)?.secret) return '';
    return ` The last action is ${who}'s (${told(i)})${session.undoableCount(who, 1) ? `: "as ${who}", then "undo", takes it back.` : '; undo cannot take it back.'}`;
  };
  /** The new events, echoed to the whole table: public faces only (a team's own secrets are for "view" and "log"). Returns how many. */
  const showNew = (): number => {
    const events = session.eventsFor(SPECTATOR, seen);
    const lines = [...events.map((e) => `  ${e.text}`), ...(p.afterEvents?.(session, events) ?? [])];
    tableLines.push(...lines);
    for (const line of lines) term.say(line);
    seen = session.events.length - 1;
    return events.length;
  };
  const submit = (action: Action): boolean => {
    if (o.file && stamp) checkUnchanged(o.file, stamp);
    const def = actionDef(session.module, session.state, action.type);
    const secret = !!def?.secret;
    const r = session.submit(action);
    if (isRuleError(r)) {
      term.say(`Refused: ${refusedInSecret(def) ? keepSecret(formatRefusal(r)) : formatRefusal(r)}`);
      return false;
    }
    lastEntry = session.version - 1;
    save();
    // Outside a secret order's step (after the second commitment: the reveal) the whole table reads what follows: the team's secrets go first.
    if (secretsOnScreen && term.interactive && !secretOrder(session.listedActions(seat))) clearScreen();
    const shown = showNew();
    // Quiet while the seat's secret order goes on (not once it led to another step: a reveal, the Battle Turns).
    if (secret) quietFor = action.seat === seat && secretOrder(session.listedActions(seat)) ? seat : '';
    // Not its type: "buyShip" or "buyCard" would tell the table how many ships and cards an order holds.
    // A team note is in the team's log ("log mine"), not in "view".
    if (!shown && secret) term.say(`  Recorded, and kept secret ("${def?.keptByTeam?.length ? 'log mine' : 'view'}" shows it to ${session.seatLabel(action.seat)}).`);
    return true;
  };

  /** ": the game waits for …", the seats waited on (none: ""). */
  const waitsFor = () => {
    const seats = session.waitingFor();
    return seats.length ? `: the game waits for ${seats.map((s) => session.seatLabel(s)).join(', ')}` : '';
  };

  /** The answers to the seat's question of several fields that the rules refused (a wrong total): the defaults when it is asked again, while nothing else happened. */
  let kept: { seat: string; version: number; action: Action } | null = null;
  /** After the rules refused `action`: kept when it answers the seat's one question of several fields, not a secret order's (its defaults would show it). */
  const keepAnswers = (action: Action, specs: readonly ActionSpec[]) => {
    const [only] = specs;
    if (specs.length !== 1 || only.secret || only.type !== action.type || Object.keys(only.fields ?? {}).length < 2 || !session.waitingFor().includes(seat)) return;
    kept = { seat, version: session.version, action };
    term.say('  (Your answers are kept: Enter asks each field again, yours as the defaults.)');
  };

  /** "as" a seat of another team: its player takes the keyboard (handOver) before anything is shown. */
  let switchedTeam = false;
  term.say(p.status(session, seat));
  term.say('Type "help" for commands.');
  if (o.fromStart) for (const line of p.opening?.(session) ?? []) term.say(line);
  const overAtStart = session.isOver();
  try {
    while (!session.isOver()) {
      choose();
      const scripted = o.autoAction?.(session, seat) ?? p.autoAction?.(session, seat);
      if (scripted) {
        if (!submit(scripted)) return 1; // refused again next time: stop rather than loop
        continue;
      }
      const specs = seat ? session.listedActions(seat) : []; // a closed secret order stays listed: the list tells nothing of the order
      toTeamOf(seat);
      const ordering = secretOrder(specs);
      // Not between two seats of one person (the game knows who holds them): the keyboard stays with them.
      const person = p.playerName?.(seat, session);
      const samePerson = !!handedTo && !!person && person === p.playerName?.(handedTo, session);
      // Before a secret step, and after "as" another team's seat: the keyboard is handed over.
      const handed = seat && seat !== handedTo && (ordering || switchedTeam) && !samePerson ? await handOver() : '';
      switchedTeam = false;
      handedTo = seat;
      if (handed !== null) showOffers();
      if (seat && p.news) {
        const news = p.news(session, seat, session.eventsFor(seatViewer(seat), heard.get(seat) ?? sittingFrom));
        heard.set(seat, session.events.length - 1);
        if (news) term.say(news);
      }
      // A secret order's step: nothing typed shows. With only a team note open, what is typed shows
      // until it is a note: "note we strike at dawn" must not show, "sink kidd" may.
      const secretNow = specs.some((s) => s.secret);
      const hidden: Hidden = ordering || (secretNow && ((l: string) => isSecret(l, session.module.actions(session.state))));
      const line = handed === '' ? await term.ask(`${seat || 'referee'}> `, hidden) : handed;
      lineNo++;
      if (line === null) {
        if (o.onInputEnd?.()) continue;
        break;
      }
      // Hidden when it names a secret action, offered now or not: a refused order is still an order.
      if (!term.interactive && line.trim()) term.say(`${seat}> ${isSecret(line, session.module.actions(session.state)) ? '(hidden)' : line}`);
      // Typed hidden in a secret order's step: a public command is shown once entered, so a typo is seen ("status").
      else if (hidden === true && line.trim() && !isSecret(line, session.module.actions(session.state))) term.say(`${seat}> ${line}`);
      try {
        const r = await readLine(line, specs);
        if (!r) continue;
        if ('quit' in r) break;
        if ('action' in r && !submit(r.action)) keepAnswers(r.action, specs);
      } catch (e) {
        if (!(e instanceof CommandError)) throw e;
        term.say(`Refused: ${e.message}`);
        if (e.listed) showed(e.listed);
      }
    }
    // Ended here, by a typed action or one taken without asking (an SMP phase's last roll from the seed).
    if (session.isOver() && !overAtStart) {
      if (secretsOnScreen && term.interactive) clearScreen(); // before the result, which stays on screen
      term.say('\n' + p.status(session, seat));
    }
  } finally {
    // Nobody reads a team's secrets on the screen left behind (quit, or the end of the game).
    if (secretsOnScreen && term.interactive) table.clear();
    term.close();
  }
  return 0;

  /**
   * Before a seat's secret step, when the keyboard was with another seat (after "done", "commit",
   * "keep", "as", or a game resumed): wait until that seat's player has it, so the other team can
   * look away and nobody types an order into the wrong seat. At a terminal only Enter (or "quit")
   * goes on, and what is typed meanwhile is hidden; piped input has no hands to pass: an empty
   * line goes on and any other line is the next command. Returns '' to go on, else the line (null: input ended).
   */
  async function handOver(): Promise<string | null> {
    const name = p.playerName?.(seat, session);
    const label = session.module.seatLabel?.(session.state, seat) ?? seat;
    const pass = `Pass the keyboard to ${name ? `${name} (${label})` : label} — press Enter`;
    for (;;) {
      if (!term.interactive) term.say(pass);
      const line = await term.ask(`${pass} `, true);
      if (line === null || !line.trim()) return line;
      if (!term.interactive || /^\s*(quit|exit)\s*$/i.test(line)) return line;
      term.say(`Not taken: the keyboard goes to ${name ?? label} first.`);
    }
  }

  /** One typed line: a command of the driver, or an action (asking for missing fields). */
  async function readLine(line: string, specs: ActionSpec[]): Promise<{ action: Action } | { quit: true } | null> {
    const [cmd, ...args] = line.trim().split(/\s+/);
    const only = specs.length === 1 ? specs[0] : undefined;
    if (only && line.trim().startsWith('{')) {
      // The whole answer as JSON, e.g. {"p0": 2}.
      try {
        return { action: { ...JSON.parse(line), type: only.type, seat } };
      } catch (e) {
        throw new CommandError(`That is not valid JSON (${(e as Error).message}).`);
      }
    }
    switch (cmd?.toLowerCase()) {
      case undefined:
      case '':
        // Enter on the only decision offered: its form, field by field (Enter takes the default). Not on an option such as a team note.
        return only?.fields && session.waitingFor().includes(seat) ? form(only, {}, Object.entries(only.fields)) : null;
      case 'quit':
      case 'exit':
        return { quit: true };
      case '?':
      case 'help': {
        const about = commandSpec(args.join(' '), specs);
        term.say(args.length ? helpFor(args.join(' '), about) : `${renderActions(seat, specs, false, narrow())}\n${metaHelp(keepsSecrets)}${p.rewindScope ? " · rewind [N] (your War Zone's last N actions, both its players agreeing)" : ''}${p.extraHelp ? ` · ${p.extraHelp(session)}` : ''}`);
        if (args.length && about) showedForms([about]);
        return null;
      }
      case 'actions':
        term.say(renderActions(seat, specs, true, narrow()));
        showedForms(specs);
        return null;
      case 'status':
        term.say(p.status(session, seat));
        return null;
      case 'view':
        term.say(p.view(session, seat, args[0] ? p.resolveSeat(args[0], session) : seat));
        shownSecrets();
        return null;
      case 'log': {
        // The table's log by default; "log mine" adds the acting team's secrets (its orders, notes), asked for on purpose like "why".
        const mine = args[0]?.toLowerCase() === 'mine';
        const n = mine ? args[1] : args[0];
        if (n !== undefined && !/^\d+$/.test(n)) throw new CommandError('log [mine] [N]: N is how many of the last events to show.');
        if (mine && !seat) throw new CommandError('log mine: act as a seat first ("as SEAT").');
        term.say(mine ? `The log as ${session.seatLabel(seat)}'s team may see it, its secrets included (${LOOK_AWAY}):` : `The log as the whole table may see it${seat && keepsSecrets ? ` ("log mine" adds ${session.seatLabel(seat)}'s team's own secrets; ${LOOK_AWAY} first)` : ''}:`);
        // The last N this viewer may see, not those among the last N of all (which may all be another team's secrets).
        const seen = session.eventsFor(mine ? seatViewer(seat) : SPECTATOR);
        for (const e of seen.slice(Math.max(0, seen.length - Number(n ?? 20)))) term.say(`  ${e.text}`);
        if (mine) shownSecrets();
        return null;
      }
      case 'as': {
        if (!args[0]) throw new CommandError(`as SEAT: one of ${session.module.seats(session.state).join(', ')}.`);
        const before = teamOf(seat);
        seat = p.resolveSeat(args[0], session);
        switchedTeam = term.interactive && teamOf(seat) !== before && keepsSecrets;
        shown = ''; // a switch by hand: the next seat's header is shown again
        pinned = true;
        pinnedWaited = false;
        lastOffers = '';
        return null;
      }
      case 'undo': {
        if (args[0] !== undefined && !/^\d+$/.test(args[0])) throw new CommandError('undo [N]: N is how many of your last actions to take back.');
        if (o.file && stamp) checkUnchanged(o.file, stamp);
        const r = session.undo(seat, args[0] ? Number(args[0]) : 1);
        if (isRuleError(r)) term.say(`Refused: ${r.message}${lastOfAnother()}`);
        else {
          save();
          const voids = (session.record.log.at(-1) as { voids?: number[] }).voids ?? [];
          term.say(`Took back: ${voids.map(told).join('; ')}.`);
          seen = session.events.length - 1;
          tableLines.push(`Took back: ${voids.map(told).join('; ')}.`);
        }
        return null;
      }
      case 'why':
        tellWhy('No secret order of yours has been refused.');
        return null;
      case 'rewind': {
        // §4 corrections by agreement: both players of the War Zone are at the table.
        if (args[0] !== undefined && !/^[1-9]\d*$/.test(args[0])) throw new CommandError('rewind [N]: N is how many of the last actions of your War Zone to take back.');
        const where = p.rewindScope?.(session, seat);
        if (!where) throw new CommandError(`rewind: act as a seat of the part of the game to rewind ("as SEAT").`);
        const entries = session.scopeEntries(where.scope);
        const n = Number(args[0] ?? 1);
        if (n > entries.length) throw new CommandError(`The ${where.name} has only ${entries.length} action${entries.length === 1 ? '' : 's'} to take back.`);
        // Refused before the players are asked to agree: an entry no rewind of the zone can take back.
        const floor = session.rewindFloor(where.scope);
        if (entries[entries.length - n] <= floor) {
          const after = entries.filter((j) => j > floor).length;
          throw new CommandError(
            `“${told(floor)}” can never be taken back by a rewind (a die rolled from the seed, a secret revealed, or a part of the game shared with other War Zones); ${after ? `only the ${after === 1 ? 'action' : `${after} actions`} of the ${where.name} after it may be ("rewind ${after}").` : `nothing of the ${where.name} came after it.`}`,
          );
        }
        const agreed = session.module.scopeSeats?.(session.state, where.scope) ?? [];
        term.say(`It takes back: ${entries.slice(-n).map(told).join('; ')}.`);
        if (term.interactive) {
          if (!(await yes(`Take back the last ${n === 1 ? 'action' : `${n} actions`} of the ${where.name}: do its players (${agreed.join(' and ')}) agree?`))) {
            term.say('Not done.');
            return null;
          }
        }
        if (o.file && stamp) checkUnchanged(o.file, stamp);
        const r = session.rewind(where.scope, entries[entries.length - n] - 1, agreed, undefined, SPECTATOR); // told to the whole table
        if (isRuleError(r)) term.say(`Refused: ${r.message}`);
        else {
          save();
          showNew();
        }
        return null;
      }
      case 'json':
        try {
          return { action: { seat, ...JSON.parse(line.trim().slice(4)) } };
        } catch (e) {
          throw new CommandError(`json: ${(e as Error).message}`);
        }
    }
    const extra = p.command?.(cmd.toLowerCase(), args, session, seat);
    if (extra !== undefined) {
      term.say(extra);
      shownSecrets(); // "hand"
      // "hand" numbers the cards as "give card N" counts them: its list is the one shown (none while no card can be given).
      const numbered = p.numbers?.[cmd.toLowerCase()];
      const f = numbered && specs.find((s) => s.type === numbered.type)?.fields?.[numbered.key];
      if (numbered) showed({ ...numbered, options: f?.kind === 'choice' ? f.options : [] });
      return null;
    }
    const proxy = p.proxy?.(line, session, seat);
    const typed = proxy?.line ?? line;
    // 14.1: an order for a seat of the Commander's team that the order's form does not list (the rules
    // close it for that seat: the card limit reached) is refused with the rules' reason for that seat,
    // a secret order's kept for "why" as the seat's own would be; another team's seat, as not theirs.
    if (proxy && session.module.teamOf(session.state, proxy.target) !== session.module.teamOf(session.state, seat)) {
      throw new CommandError(`for ${proxy.target}: ${session.seatLabel(proxy.target)} is not a seat of your team.`);
    }
    const forType = proxy && commandType(typed, specs);
    const forField = forType ? specs.find((s) => s.type === forType)?.fields?.for : undefined;
    if (proxy && forField?.kind === 'choice' && !forField.options.some((o) => o.value === proxy.target)) {
      const def = actionDef(session.module, session.state, forType as string)!;
      const why = notOffered(session.module, def, session.state, proxy.target);
      if (why) throw new CommandError(refusedInSecret(def) ? keepSecret(formatRefusal(why)) : formatRefusal(why));
    }
    const other = namesOtherAction(typed, specs, session.module.actions(session.state));
    // A line that names no action answers the seat's one open decision ("y", "2"), unless secret: a shared screen shows the line.
    const answer = () => (only && !only.secret && !proxy ? parseAnswer(line, only, shownFor()) : null);
    const parsed = other === undefined ? secretly(line, () => parseCommandLine(typed, specs, proxy ? { for: proxy.target } : {}, shownFor(proxy?.target)) ?? answer(), proxy?.target) : null;
    if (!parsed) {
      // A command of an action not open to this seat now: the rules say why (the kernel's refusal).
      const type = other ?? commandType(line, session.module.actions(session.state));
      const def = type === undefined ? undefined : actionDef(session.module, session.state, type);
      const why = def && notOffered(session.module, def, session.state, seat);
      // Not in this step is public ("purchases are made … once the mission is rolled"); a secret order's limits are not.
      const inStep = def && (session.module.actionsFor?.(session.state, seat) ?? session.module.actions(session.state)).includes(def);
      const reason = why ? `: ${refusedInSecret(def) && inStep ? keepSecret(formatRefusal(why)) : formatRefusal(why).replace(/\.?$/, '.')}` : '.';
      throw new CommandError(`${seat} cannot "${cmd}" now${reason} ${specs.length ? `Type one of: ${specs.flatMap(usage).join(' · ')}` : `Nothing to do now${waitsFor()}.`} ("help" for more.)`);
    }
    // A secret command alone whose fields may all be left out ("keep"): asked, not taken as "none" at once (7.2.1).
    const fields = Object.entries(parsed.spec.fields ?? {});
    const alone = parsed.spec.secret && fields.length > 0 && fields.every(([k]) => !(k in parsed.fields));
    return form(parsed.spec, parsed.fields, alone ? fields : parsed.missing, alone);
  }

  /**
   * Ask for the fields not given yet (a choice's own fields follow it: "missile", then its value),
   * then confirm where the action asks for it, or where `askedAlone` and every field was left out
   * ("keep" alone: "no card kept?"), naming the seat it is for.
   */
  async function form(spec: ActionSpec, given: Record<string, unknown>, missing: [string, FieldSpec][], askedAlone = false): Promise<{ action: Action } | { quit: true } | null> {
    // Numbers typed on the line are held to their range before the rest is asked, not after it ("s0=4" of 0–3).
    if (missing.length) {
      const typed = Object.fromEntries(Object.entries(spec.fields ?? {}).filter(([k, f]) => k in given && (f.kind === 'int' || f.kind === 'dice')));
      const wrong = checkFields({ type: spec.type, seat, ...given }, typed);
      if (wrong) throw new CommandError(spec.secret ? keepSecret(wrong.message) : wrong.message);
    }
    const target = typeof given.for === 'string' ? given.for : seat; // 14.1: the seat an Overall Commander acts for
    const again: Record<string, unknown> = kept?.seat === seat && kept.version === session.version && kept.action.type === spec.type ? kept.action : {};
    const fields = { ...given };
    const queue = [...missing];
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, f] = next;
      const open = f.kind === 'choice' ? { options: openOptions(f, fields) } : {}; // a Command Ship among the ships committed (13.4)
      const v = await askField(spec, key, { ...f, ...open, default: again[key] ?? countDefault(f, spec.fields ?? {}, fields) } as FieldSpec, target);
      if (v === 'quit') return { quit: true };
      if (!v || (v.value === undefined && !f.optional)) {
        term.say('Not done.');
        return null;
      }
      if (v.value === undefined) continue;
      fields[key] = v.value;
      if (f.kind === 'choice') queue.unshift(...Object.entries(f.options.find((o) => o.value === v.value)?.fields ?? {}));
    }
    const who = p.seatName(target, session);
    const none = askedAlone && missing.every(([k]) => fields[k] === undefined);
    // The label for the seat acted for, not the Commander's "For A or B: …".
    const label = given.for === undefined ? spec.label : `For ${who}: ${actionDef(session.module, session.state, spec.type)?.label(session.state, target) ?? spec.label}`;
    // Where the action asks first, its seat's own question (its figures: the points banked) and a secret
    // order read back (a commitment mistyped is never taken back once revealed), the other team looking away.
    const forSeat = given.for === undefined ? undefined : spec.fields?.for;
    const own = forSeat?.kind === 'choice' ? forSeat.options.find((o) => o.value === given.for)?.question : spec.question;
    const readBack = spec.confirm && spec.secret ? describeFields(spec.fields ?? {}, fields) : '';
    const secretAsked = !!own || !!readBack;
    const question = none ? `${who}: no ${missing.map(([, f]) => f.label.toLowerCase()).join(', no ')}?` : spec.confirm ? `${secretAsked ? `(${LOOK_AWAY}) ` : ''}${readBack ? `${readBack}. ` : ''}${own ?? `${label}?`}` : null;
    if (question && term.interactive) {
      // Refused before the question, not after a "yes" ("The Command Ship must be one of the ships you commit").
      const wrong = session.check({ type: spec.type, seat, ...fields });
      if (wrong) throw new CommandError(refusedInSecret(actionDef(session.module, session.state, spec.type)) ? keepSecret(formatRefusal(wrong)) : formatRefusal(wrong));
      if (secretAsked && !none) shownSecrets();
      if (!(await yes(question))) {
        term.say('Not done.');
        return null;
      }
    }
    return { action: { type: spec.type, seat, ...fields } };
  }

  /** A yes-or-no question: "y" goes ahead, "?" says so and asks again, anything else leaves it. */
  async function yes(question: string): Promise<boolean> {
    for (;;) {
      const answer = (await term.ask(`${question} [y/N] `, false))?.trim();
      if (answer !== '?') return !!answer && /^y(es)?$/i.test(answer);
      term.say('  "y" does it; "n" or Enter leaves it, and nothing is done.');
    }
  }

  /**
   * One field asked on its own: its choices, then a typed value (Enter: the default, or nothing);
   * null when input ended or the player left ("cancel"); 'quit' on "quit" or "exit". A secret
   * order's choices and figures (what is left to spend, the ships not yet ordered) are listed only
   * on "?", like "why". `whose`: the seat the action is for.
   */
  async function askField(spec: ActionSpec, key: string, f: FieldSpec, whose: string): Promise<{ value: unknown } | 'quit' | null> {
    const secret = !!spec.secret;
    const choices = f.kind === 'choice' || f.kind === 'subset';
    if (secret) term.say(`${f.label}: typed hidden${choices ? `; "?" lists your choices (secret: ${LOOK_AWAY})` : f.kind === 'int' ? `; "?" gives the range (${LOOK_AWAY})` : ''}; "cancel" leaves.`);
    else if (choices) {
      term.say(`${f.help ? `  ${f.help}\n` : ''}${listOptions(f.options)}\n  ("cancel" leaves.)`);
      showed({ type: spec.type, key, options: f.options }, whose);
    }
    else if (f.kind === 'int' && f.help) term.say(`  ${f.help}`); // "negative for repairs": "Damage -99–99?" alone did not say
    for (;;) {
      const hint = f.kind === 'int' && !secret ? ` (${f.min} to ${f.max})` : f.kind === 'choice' && f.optional && f.default === undefined ? ' (Enter: none)' : f.kind === 'subset' ? ` (${pickCount(f)}, by number or name, comma-separated)` : f.kind === 'dice' ? ` ${f.sides.map((n, i) => `d${n}${f.labels?.[i] ? ` ${f.labels[i]}` : ''}`).join(', ')}` : '';
      const line = await term.ask(`${f.label}${hint}${f.default !== undefined ? ` [${typedValue(f, f.default)}]` : ''}? `, secret);
      if (f.kind !== 'text' && line !== null && /^\s*(quit|exit)\s*$/i.test(line)) return 'quit'; // stops the session, as at the prompt
      if (line === null || (f.kind !== 'text' && /^\s*cancel\s*$/i.test(line))) return null;
      if (line.trim() === '') return { value: f.default };
      if (f.optional && f.kind === 'choice' && /^\s*none\s*$/i.test(line)) return { value: undefined }; // "keep" then "none"
      // "?" at any question: its help and choices again (a secret order's only here, the other team looking away); a text is never just "?".
      if (line.trim() === '?') {
        term.say(`${fieldChoices(f)}\n  ("cancel" leaves.)`);
        if (secret) shownSecrets();
        if (choices) showed({ type: spec.type, key, options: f.options }, whose);
        continue;
      }
      if (secret && /^\s*why\s*$/i.test(line)) {
        tellWhy('Nothing typed here has been refused.');
        continue;
      }
      try {
        const value = readValue(key, f, line, { type: spec.type, shown: shownFor(whose) });
        // Held to the field's range at once (a number from min to max, a die's faces), as the rules would hold the whole answer; a choice is one already.
        const wrong = f.kind === 'choice' ? null : checkFields({ type: spec.type, seat, [key]: value }, { [key]: f });
        if (wrong) throw new CommandError(wrong.message);
        return { value };
      } catch (e) {
        if (!(e instanceof CommandError)) throw e;
        term.say(`${secret ? keepSecret(e.message, e.listed, whose) : e.message} ("cancel" leaves.)`);
        if (!secret && e.listed) showed(e.listed, whose);
      }
    }
  }
}

/**
 * The default of a number asked in a form: its own (the SMP auto answer's value), less what the
 * numbers answered before it (on the line or asked) put above their own defaults, or plus what
 * they left below them, within its range. Enter then keeps the total of the defaults: a Russian
 * Winter's 3 infantry, a bombing raid's every surviving bomber assigned.
 */
function countDefault(f: FieldSpec, form: Fields, answered: Record<string, unknown>): unknown {
  if (f.kind !== 'int' || typeof f.default !== 'number') return f.default;
  let over = 0;
  for (const [k, g] of Object.entries(form)) if (g.kind === 'int' && typeof g.default === 'number' && typeof answered[k] === 'number') over += (answered[k] as number) - g.default;
  return Math.min(f.max, Math.max(f.min, f.default - over));
}

/** How many of a subset's choices to name: "7 of them", "1 to 3 of them". */
function pickCount(f: Extract<FieldSpec, { kind: 'subset' }>): string {
  return f.min === f.max ? `${f.min} of them` : `${f.min} to ${f.max} of them`;
}

/** A field as its player sees it on "?": its help and its choices (a secret order's: the points left, the choices the order leaves). */
function fieldChoices(f: FieldSpec): string {
  const list =
    f.kind === 'choice' || f.kind === 'subset' ? (f.options.length ? listOptions(f.options) : '  (none you can choose now)') : f.kind === 'int' ? `  a whole number from ${f.min} to ${f.max}` : f.kind === 'bool' ? '  yes or no' : f.kind === 'text' ? '  any text, on one line' : '';
  return [f.help ? `  ${f.help}` : '', list].filter(Boolean).join('\n');
}

/** Does this line give a secret action (an order, a commitment)? Then a shared screen does not show it. */
function isSecret(line: string, specs: readonly Pick<ActionSpec, 'type' | 'commands' | 'secret'>[]): boolean {
  if (/^\s*for\s/i.test(line)) return true; // an Overall Commander's order for a seat (14.1)
  const json = /^\s*json\b(.*)$/i.exec(line);
  let type: unknown;
  try {
    type = json ? (JSON.parse(json[1]) as { type?: unknown }).type : commandType(line, specs);
  } catch {
    return true; // "json {…" not yet whole: it may be a secret action
  }
  return !!specs.find((s) => s.type === type)?.secret;
}

/** What a seat may do now: the commands to type, and with `all`, every choice. */
export function renderActions(seat: string, specs: readonly ActionSpec[], all = false, narrow = false): string {
  if (!specs.length) return `${seat} has nothing to do now.`;
  const lines = [`${seat} may:`];
  for (const s of specs) {
    // A long command, or any on a narrow terminal, gets its description on a line of its own, not wrapped into a column.
    const how = usage(s).join('  |  ');
    lines.push(`  ${narrow || how.length > 34 ? `${how}\n     ` : how.padEnd(34)} ${s.label}${s.rule ? ` (${s.rule})` : ''}`);
    if (!all) continue;
    for (const f of Object.values(s.fields ?? {})) {
      if (f.kind === 'choice' || f.kind === 'subset') lines.push(`    ${f.label}:`, s.secret ? SECRET_FORM : listOptions(f.options).replace(/^/gm, '    '));
      else if (f.kind === 'int') lines.push(`    ${f.label}:`, s.secret ? SECRET_FORM : `      a whole number from ${f.min} to ${f.max}`);
    }
  }
  if (!all && specs.some((s) => Object.values(s.fields ?? {}).some((f) => f.kind === 'choice' || f.kind === 'subset'))) lines.push('  ("actions" lists every choice.)');
  return lines.join('\n');
}

/** Where a secret action's choices are: they may tell the seat's hand, fleet or order, so a shared screen lists them only on request. */
const SECRET_FORM = `      secret, as they may tell your hand, ships or order: type the command alone, then "?" (${LOOK_AWAY})`;

/** The action `help WORD` is about. */
function commandSpec(word: string, specs: readonly ActionSpec[]): ActionSpec | undefined {
  const w = word.toLowerCase();
  return specs.find((s) => s.type.toLowerCase() === w || s.commands?.some((c) => c.word === w));
}

function helpFor(word: string, spec: ActionSpec | undefined): string {
  if (!spec) return `No command "${word}" now. Type "help" for what you may do.`;
  const lines = [`${usage(spec).join('  |  ')}`, `  ${spec.label}${spec.rule ? ` (rule ${spec.rule})` : ''}`];
  if (spec.help) lines.push(`  ${spec.help}`);
  for (const [key, f] of Object.entries(spec.fields ?? {})) {
    // A secret order's field help, choices and range tell what is left to spend: only on "?" (askField).
    // Named as the usage line names it, with its KEY for KEY=VALUE (h21: "UNIT [SUNK_BY]" above "ship:" and "cause:").
    lines.push(`  ${placeholder(key, { ...f, optional: false })} (${key}=): ${f.label}${f.optional ? ' (optional)' : ''}${f.help && !spec.secret ? ` — ${f.help}` : ''}`);
    if (spec.secret) {
      if (f.kind === 'choice' || f.kind === 'subset' || f.kind === 'int') lines.push(SECRET_FORM.slice(2));
    } else if (f.kind === 'choice' || f.kind === 'subset') lines.push(listOptions(f.options).replace(/^/gm, '  '));
    else if (f.kind === 'int') lines.push(`    a whole number from ${f.min} to ${f.max}`);
  }
  lines.push(`  Any field may also be typed as KEY=VALUE.`);
  return lines.join('\n');
}

