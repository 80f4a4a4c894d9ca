import { NO_SEED, RecordingDice, seedCommitment, seededDice, verifyRolls, type DiceSource, type RollEvent } from './dice.ts';
import { isRuleError, ruleError, type RuleError } from './errors.ts';
import { actionDef, applyAction, closedActions, legalActions, listedActions, unknownField, waitingFor } from './kernel.ts';
import type { Action, ActionSpec, ClosedAction, EventInput, GameEvent, RulesModule } from './module.ts';
import { canSee, REFEREE, seatViewer, SPECTATOR, teamViewer, viewerTeam, type Viewer } from './viewer.ts';

/** "1 action", "3 actions". */
const actions = (n: number) => `${n} action${n === 1 ? '' : 's'}`;

/**
 * A game record: module, options, the seed's public commitment (and, where the holder may keep
 * it, the seed), and the action log. The log is append-only: taking actions back appends an
 * `@undo` or `@rewind` entry that voids earlier ones, so the history shows it. Seeded dice are
 * logged with the action that rolled them (`rolled`), so a record replays without its seed.
 * Unknown top-level fields are kept.
 */
export interface GameRecord {
  format: 'wardroom-game';
  /** 1: written by Wardroom 0.1 (migrated on read); 2: this version. */
  version: 1 | 2;
  module: string;
  options: unknown;
  /** SHA-256 of the seed, published when the game is created. */
  seedCommitment: string;
  /** The seed itself; a server withholds it until the game ends. */
  seed?: string | null;
  log: LogEntry[];
  [extra: string]: unknown;
}

export const RECORD_VERSION = 2;

/** A logged action (with the seeded dice it rolled), or a kernel entry that takes actions back. */
export type LogEntry = Action & { rolled?: number[] };

export interface UndoEntry extends Action {
  type: '@undo';
  /** Log indices taken back. */
  voids: number[];
}

export interface RewindEntry extends Action {
  type: '@rewind';
  /** The part of the game rewound ("zone:mediterranean"). */
  scope: string;
  /** Rewound to just after this log index (-1: the start). */
  to: number;
  /** Who agreed: "referee", or every seat of the scope. */
  agreed: string[];
  voids: number[];
}

export function newGameRecord(module: string, options: unknown, seed: string): GameRecord {
  return { format: 'wardroom-game', version: RECORD_VERSION, module, options, seedCommitment: seedCommitment(seed), seed, log: [] };
}

/** What the session knows about each log entry. */
interface StepInfo {
  /** Parts of the game the entry changed or relied on (the module says); null: all of it. Kernel entries: []. */
  scope: readonly string[] | null;
  /** A seeded die was rolled or a secret revealed: never taken back. */
  barrier: boolean;
  kernel: boolean;
  voided: boolean;
}

export interface SessionOptions {
  /** Take a checkpoint of the state every this many log entries (undo and rewinds replay from the nearest one). */
  checkpointEvery?: number;
  /** Check every logged seeded die against the seed while replaying (`verifyRecord` does; a replay trusts the log). */
  verifyDice?: boolean;
}

const KERNEL_TYPES = new Set(['@undo', '@rewind']);

/** A live undo or rewind after the end (a stored one still replays): the result was announced and a seeded game's seed published. */
const GAME_OVER: RuleError = Object.freeze(ruleError('game-over', 'The game is over: its result (and its dice seed) are out, so nothing is taken back.'));

/** What events say, to compare (their texts, the secret faces too). */
function saying(events: readonly EventInput[]): string {
  return JSON.stringify(events.map((e) => [e.type, e.text, e.secret?.text]));
}

/** An entry that rolled a seeded die or revealed a secret: never taken back. */
function isBarrier(events: readonly EventInput[]): boolean {
  return events.some((e) => e.type === 'reveal' || (e.type === 'roll' && !(e as RollEvent).physical));
}

/** A sentence may start with an entry's name: "An action of …", "Action #3 of …". */
const capital = (name: string) => name.replace(/^a/, 'A');
/** A log line quoted in a sentence: its first 80 characters. */
const quote = (text: string) => `“${text.length > 80 ? `${text.slice(0, 79)}…` : text.replace(/\.$/, '')}”`;
const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Is scope part `x` the part `of` or a part of it ("zone:med/allied" is in "zone:med")? */
const within = (x: string, of: string) => x === of || (x.length > of.length && x.startsWith(of) && x[of.length] === '/');

/** Do two scopes share a part? A part overlaps the parts within it and the part it is within, not its siblings. */
function overlaps(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return true;
  return a.some((x) => b.some((y) => within(x, y) || within(y, x)));
}

/**
 * A running game: the record, the current state, the event log and what each entry did.
 * Adapters (CLI, server) hold one of these; the rules stay pure. Every method that changes the
 * game takes the version the caller saw, and refuses a stale one.
 */
export class Session<S = unknown> {
  state: S;
  /** Every event so far, each with its sequence number; append-only. */
  readonly events: GameEvent[] = [];
  private readonly steps: StepInfo[] = [];
  private readonly checkpoints = new Map<number, S>();
  private undoable = { version: -1, bySeat: new Map<string, number>() };
  private dice: DiceSource;
  private readonly every: number;
  private readonly verifyDice: boolean;

  private constructor(
    readonly module: RulesModule<S, any>,
    readonly record: GameRecord,
    private readonly initial: S,
    seed: string | null | undefined,
    opts: SessionOptions,
  ) {
    this.state = initial;
    this.dice = seed ? seededDice(seed) : NO_SEED;
    this.every = opts.checkpointEvery ?? 250;
    this.verifyDice = !!opts.verifyDice && !!seed;
  }

  /**
   * Open a record, replaying its log (a 0.1 record is migrated as it is read). The seed may come
   * with the record or apart from it; without one, logged rolls replay and new rolls are refused.
   * A refusal names the log index of the first entry that does not replay.
   */
  static open<S>(module: RulesModule<S, any>, record: GameRecord, opts: SessionOptions & { seed?: string | null } = {}): Session<S> | RuleError {
    const seed = opts.seed ?? record.seed ?? null;
    if (seed != null && seedCommitment(seed) !== record.seedCommitment) {
      return ruleError('seed-commitment-mismatch', 'The dice seed does not match its commitment.', undefined, { index: -1 });
    }
    const raw = record.version === 1 && module.migrateOptions ? module.migrateOptions(record.options, 1) : record.options;
    const options = module.parseOptions(raw);
    if (isRuleError(options)) return { ...options, index: -1 };
    const { log, ...rest } = record;
    const session = new Session<S>(module, { ...rest, version: RECORD_VERSION, options: raw, log: [] }, module.setup(options), seed, opts);
    const r = session.replay(log, record.version);
    return r ?? session;
  }

  /**
   * Replay stored log entries after the session's last one (issue 11: entries another server
   * process stored). A refusal names the log index of the first entry that does not replay.
   */
  extend(entries: readonly LogEntry[]): RuleError | null {
    return this.replay(entries, RECORD_VERSION);
  }

  /**
   * Make a change and take it back at once (issue 11): the log entries it would add and what it
   * answered, the session left as it was. A server whose database has other writers stores the
   * entries first and only then replays them here (`extend`), so nobody reading this session sees
   * a change the database refused.
   */
  trial<R>(make: (s: this) => R | RuleError): { result: R; entries: LogEntry[] } | RuleError {
    const { state } = this;
    const log = this.record.log.length;
    const events = this.events.length;
    const steps = this.steps.length;
    const voided = this.steps.map((s) => s.voided);
    const checkpoints = new Map(this.checkpoints);
    const { undoable } = this;
    try {
      const result = make(this);
      return isRuleError(result) ? result : { result, entries: this.record.log.slice(log) };
    } finally {
      this.state = state;
      this.record.log.length = log;
      this.events.length = events;
      this.steps.length = steps;
      voided.forEach((v, i) => (this.steps[i].voided = v));
      this.checkpoints.clear();
      for (const [k, v] of checkpoints) this.checkpoints.set(k, v);
      this.undoable = undoable; // counts of a log that never happened are not kept
    }
  }

  private replay(entries: readonly LogEntry[], version: number): RuleError | null {
    for (const stored of entries) {
      let entry = stored;
      if (version === 1 && this.module.migrateAction && !KERNEL_TYPES.has(entry.type)) entry = this.module.migrateAction(this.state, entry, 1);
      const index = this.version;
      const r = KERNEL_TYPES.has(entry.type) ? this.takeBack(entry as UndoEntry | RewindEntry, false) : this.append(entry);
      if (isRuleError(r)) return { ...r, index };
    }
    return null;
  }

  /** The game's version: the length of its log. A submission names the version it was made against. */
  get version(): number {
    return this.record.log.length;
  }

  /** Submit an action made against `version` (if given). Returns the events it produced. */
  submit(action: Action, version?: number): GameEvent[] | RuleError {
    const stale = this.stale(version);
    if (stale) return stale;
    if (typeof action?.type === 'string' && action.type.startsWith('@')) return ruleError('bad-action', `"${action.type}" is not an action; use undo or rewind.`);
    const { rolled: _ignored, ...clean } = action as LogEntry;
    // Only once the rules accept it (the seat is offered the action): its form is then the one it was made from.
    return this.append(clean, (before) => {
      const def = actionDef(this.module, before, clean.type);
      return def ? unknownField(clean, def.fields?.(before, clean.seat), def.label(before, clean.seat)) : null;
    });
  }

  /**
   * Why `action` would be refused now, or null; nothing is taken (a terminal checks an action
   * before it asks "are you sure?", so that a "yes" is not then refused).
   */
  check(action: Action): RuleError | null {
    const r = applyAction(this.module, this.state, action, new RecordingDice(this.dice, undefined, this.verifyDice));
    return isRuleError(r) ? r : null;
  }

  private stale(version: number | undefined): RuleError | null {
    if (version === undefined || version === this.version) return null;
    return ruleError('stale-version', `The game has moved on (version ${this.version}, your action was made against ${version}); look again and resubmit.`, undefined, { current: this.version });
  }

  private append(entry: LogEntry, check?: (before: S) => RuleError | null): GameEvent[] | RuleError {
    const dice = new RecordingDice(this.dice, entry.rolled, this.verifyDice);
    const r = applyAction(this.module, this.state, entry, dice);
    if (isRuleError(r)) return r;
    const refused = check?.(this.state);
    if (refused) return refused;
    const unused = dice.unused();
    if (unused) return unused;
    const index = this.record.log.length;
    this.record.log.push(dice.produced.length && !entry.rolled ? { ...entry, rolled: dice.produced } : entry);
    this.state = r.state;
    this.steps.push({ scope: r.scope ?? null, barrier: isBarrier(r.events), kernel: false, voided: false });
    if ((index + 1) % this.every === 0) this.checkpoints.set(index, this.state);
    return this.emit(index, r.events);
  }

  /** Number the events of log entry `index` (in place: an outcome's events are the session's). */
  private emit(index: number, events: EventInput[]): GameEvent[] {
    const out = events as GameEvent[];
    for (const e of out) {
      e.seq = this.events.length;
      e.entry = index;
      this.events.push(e);
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Taking actions back

  /**
   * How many of `seat`'s own last actions may be taken back now (0: none): `undo(seat, k)`
   * succeeds for every k up to it. Beyond the scopes, a take-back is refused when a later action
   * would then do something else, so where other actions still stand after them, each count is
   * tried (and taken back again at once). `limit`: count no further (a page that offers one Undo
   * asks for 1). Kept until the game moves on: every page asks.
   */
  undoableCount(seat: string, limit = Infinity): number {
    if (this.undoable.version !== this.version) this.undoable = { version: this.version, bySeat: new Map() };
    const key = `${seat}|${limit}`;
    const known = this.undoable.bySeat.get(key);
    if (known !== undefined) return known;
    let n = 0;
    for (let plan = this.undoPlan(seat, 1); n < limit && !isRuleError(plan); plan = this.undoPlan(seat, n + 1)) {
      const voids = new Set(plan);
      const later = this.steps.some((s, i) => i > plan[0] && !s.voided && !s.kernel && !voids.has(i));
      if (later && isRuleError(this.trial((s) => s.undo(seat, n + 1)))) break;
      n++;
    }
    this.undoable.bySeat.set(key, n);
    return n;
  }

  /** The log entry `undo(seat)` would take back (the seat's last action that stands), or null. */
  lastStanding(seat: string): number | null {
    const plan = this.undoPlan(seat, 1);
    return isRuleError(plan) ? null : plan[0];
  }

  /**
   * Take back `count` of `seat`'s own last actions: allowed when nothing after them depends on
   * them (no later action by another seat in the same scope: War Zone, zones of a transfer, a
   * step of the whole game) and none of them rolled a seeded die or revealed a secret. A wrongly
   * typed physical die may be taken back while nothing else has happened in its scope.
   */
  undo(seat: string, count = 1, version?: number): Action[] | RuleError {
    const stale = this.stale(version);
    if (stale) return stale;
    const plan = this.undoPlan(seat, count);
    if (isRuleError(plan)) {
      // "undo 9" where fewer may go: how many may.
      const may = count > 1 ? this.undoableCount(seat, count) : 0;
      return may ? { ...plan, message: `${plan.message} Your last ${may === 1 ? 'action' : actions(may)} can be taken back now.` } : plan;
    }
    const r = this.takeBack({ type: '@undo', seat, voids: plan }, seatViewer(seat));
    return isRuleError(r) ? r : plan.map((i) => this.record.log[i]);
  }

  private undoPlan(seat: string, count: number): number[] | RuleError {
    if (this.isOver()) return GAME_OVER;
    if (!Number.isInteger(count) || count < 1) return ruleError('undo-not-allowed', 'Say how many of your actions to take back (1 or more).');
    const own: number[] = [];
    for (let i = this.steps.length - 1; i >= 0 && own.length < count; i--) {
      if (!this.steps[i].voided && !this.steps[i].kernel && this.record.log[i].seat === seat) own.push(i);
    }
    if (own.length < count) {
      return ruleError('undo-not-allowed', own.length ? `You have made only ${actions(own.length)} that still ${own.length === 1 ? 'stands' : 'stand'}.` : 'Nothing to undo: you have not acted (or your actions were taken back).');
    }
    const voids = new Set(own);
    for (const i of own) {
      const why = this.blocked(i, voids, 'undo', seatViewer(seat));
      if (why) return why;
    }
    return own.sort((a, b) => a - b);
  }

  /** Why entry `i` may not be taken back together with `voids`, or null, as `asker` may be told. */
  private blocked(i: number, voids: ReadonlySet<number>, what: 'undo' | 'rewind', asker: Viewer): RuleError | null {
    const code = what === 'undo' ? 'undo-not-allowed' : 'rewind-not-allowed';
    if (this.steps[i].barrier) {
      const did = this.events.some((e) => e.entry === i && e.type === 'reveal') ? 'revealed what was secret until then' : 'rolled a die from the seed';
      return ruleError(code, `${capital(this.nameFor(i, asker).name)} ${did}: it cannot be taken back.`);
    }
    for (let j = i + 1; j < this.steps.length; j++) {
      const s = this.steps[j];
      if (s.voided || s.kernel || voids.has(j)) continue;
      // A rewind is offered only where a module names the seats that may agree one (CWNB: a War Zone's two players).
      if (overlaps(s.scope, this.steps[i].scope)) return ruleError(code, `${capital(this.nameFor(j, asker).name)} came after ${this.nameFor(i, asker).name} and may depend on it${this.module.scopeSeats ? '; ask for a rewind instead' : ''}.`);
    }
    return null;
  }

  /**
   * Log entry `j` as `viewer` may be told of it (`told`): its seat and its first log line as the
   * viewer saw it ("action #0 of Soviet, Mediterranean (“Mission roll, Mediterranean, turn 1: 3”)")
   * to the referee, the acting team, and anyone who saw something of it (unless its type is
   * secret: an order); to others only that the other team acted, as at a table.
   */
  nameFor(j: number, viewer: Viewer): { name: string; told: boolean; who: string } {
    const { type, seat } = this.record.log[j];
    const teamOf = (s: string) => this.module.teamOf(this.state, s);
    const team = teamOf(seat);
    // A seat that is its own team (an SMP nation) is named as itself: "Germany", not "the Germany team".
    const who = team === null ? 'another seat' : team === seat ? this.seatLabel(seat) : `the ${this.teamLabel(team)} team`;
    const told =
      viewer.kind === 'referee' ||
      (team !== null && viewerTeam(viewer, teamOf) === team) ||
      (!actionDef(this.module, this.state, type)?.secret && this.events.some((e) => e.entry === j && eventAs(e, viewer, teamOf)));
    if (!told) return { told, who, name: `an action of ${who} (action #${j})` };
    const said = this.events.filter((e) => e.entry === j).map((e) => eventAs(e, viewer, teamOf)).find((e) => e);
    return { told, who, name: `action #${j} of ${this.seatLabel(seat)} (${said ? quote(said.text) : type})` };
  }

  /** The log entries that still stand and changed or relied on `scope`, oldest first: what a rewind of it could take back. */
  scopeEntries(scope: string): number[] {
    const out: number[] = [];
    this.steps.forEach((s, i) => {
      if (!s.voided && !s.kernel && overlaps(s.scope, [scope])) out.push(i);
    });
    return out;
  }

  /**
   * The last log entry a rewind of `scope` can never take back (a seeded die, a reveal, an action
   * that also changed or relied on another part of the game), or -1: every rewind of it keeps
   * at least the log up to this entry. (A rewind to it or later may still be refused where
   * taking back would change what a later action did.)
   */
  rewindFloor(scope: string): number {
    const entries = this.scopeEntries(scope);
    for (let k = entries.length - 1; k >= 0; k--) {
      const s = this.steps[entries[k]];
      if (s.barrier || s.scope === null || s.scope.some((x) => !within(x, scope))) return entries[k];
    }
    return -1;
  }

  /**
   * Corrections by agreement: rewind one scope (a War Zone) to just after log entry `to`,
   * taking back every later action in it. The referee, or every seat of the scope, must agree.
   * Refused past a seeded die or a reveal, or past an action that also changed (or relied on) another scope.
   */
  rewind(scope: string, to: number, agreed: readonly string[], version?: number, asker: Viewer = agreed.includes('referee') ? REFEREE : SPECTATOR): Action[] | RuleError {
    const stale = this.stale(version);
    if (stale) return stale;
    if (this.isOver()) return GAME_OVER;
    const need = this.module.scopeSeats?.(this.state, scope) ?? [];
    if (!agreed.includes('referee')) {
      if (!need.length) return ruleError('rewind-not-allowed', `"${scope}" is not a part of this game that can be rewound.`);
      const named = (seats: readonly string[]) => seats.map((s) => this.seatLabel(s)).join(', ');
      const missing = need.filter((s) => !agreed.includes(s));
      if (missing.length) return ruleError('rewind-not-agreed', `A rewind needs the referee, or every seat of ${this.partName(scope)} (${named(need)}); missing ${named(missing)}.`);
    }
    if (!Number.isInteger(to) || to < -1 || to >= this.version) return ruleError('rewind-not-allowed', `Rewind to an entry of the log, -1 to ${this.version - 1}.`);
    const voids = this.scopeEntries(scope).filter((j) => j > to);
    if (!voids.length) return ruleError('rewind-not-allowed', `Nothing happened in ${this.partName(scope)} after action #${to}.`);
    const set = new Set(voids);
    for (const j of voids) {
      const s = this.steps[j];
      if (s.scope === null || s.scope.some((x) => !within(x, scope))) {
        const { name, told } = this.nameFor(j, asker);
        const parts = !s.scope ? 'the whole game' : told ? s.scope.filter((x) => !within(x, scope)).map((x) => this.partName(x)).join(', ') : 'another part of the game';
        return ruleError('rewind-not-allowed', `${capital(name)} also changed or relied on ${parts}: a rewind of ${this.partName(scope)} cannot take it back.`);
      }
      const why = this.blocked(j, set, 'rewind', asker);
      if (why) return why;
    }
    const r = this.takeBack({ type: '@rewind', seat: agreed.includes('referee') ? 'referee' : agreed[0], scope, to, agreed: [...agreed], voids }, asker);
    return isRuleError(r) ? r : voids.map((i) => this.record.log[i]);
  }

  /**
   * Void entries and re-derive the state from the nearest checkpoint; append the kernel entry. A new
   * take-back (`live`: the viewer who asked, told of a refusal as they may be; false for one
   * replayed from a stored log) is refused when an action after the first entry taken back would now do something
   * else (say something else, become a step of the whole game, or roll a seeded die or reveal where
   * it did not): the scopes the module reported missed a dependency, and history is never rewritten.
   */
  private takeBack(entry: UndoEntry | RewindEntry, live: Viewer | false): GameEvent[] | RuleError {
    const voids = entry.voids;
    if (!Array.isArray(voids) || !voids.length || voids.some((i) => !Number.isInteger(i) || i < 0 || i >= this.steps.length || this.steps[i].voided || this.steps[i].kernel)) {
      return ruleError('bad-entry', 'An @undo or @rewind entry must void earlier actions that still stand.');
    }
    const first = Math.min(...voids);
    const set = new Set(voids);
    let from = -1;
    for (const k of this.checkpoints.keys()) if (k < first && k > from) from = k;
    let state = from >= 0 ? this.checkpoints.get(from)! : this.initial;
    const fresh = new Map<number, S>();
    const said = live ? this.saidAfter(first) : null;
    for (let i = from + 1; i < this.steps.length; i++) {
      const s = this.steps[i];
      if (!s.voided && !s.kernel && !set.has(i)) {
        const entryI = this.record.log[i];
        const r = applyAction(this.module, state, entryI, new RecordingDice(NO_SEED, entryI.rolled ?? []));
        if (isRuleError(r)) {
          const named = live ? this.nameFor(i, live) : { name: `${entryI.type} by ${entryI.seat} (action #${i})`, told: true };
          return ruleError('take-back-breaks-log', `Taking this back would make ${named.name} impossible${named.told ? `: ${r.message}` : '.'}`);
        }
        if (live && i > first && (isBarrier(r.events) !== s.barrier || (r.scope === undefined) !== (s.scope === null) || saying(r.events) !== (said!.get(i) ?? ''))) {
          return ruleError(entry.type === '@undo' ? 'undo-not-allowed' : 'rewind-not-allowed', `Taking this back would change what ${this.nameFor(i, live).name} did.`);
        }
        state = r.state;
      }
      if ((i + 1) % this.every === 0) fresh.set(i, state);
    }
    for (const k of [...this.checkpoints.keys()]) if (k >= first) this.checkpoints.delete(k);
    for (const [k, v] of fresh) if (k >= first) this.checkpoints.set(k, v);
    for (const i of voids) this.steps[i].voided = true;
    const index = this.record.log.length;
    this.record.log.push(entry);
    this.steps.push({ scope: [], barrier: false, kernel: true, voided: false });
    if ((index + 1) % this.every === 0) this.checkpoints.set(index, state);
    this.state = state;
    return this.emit(index, this.takeBackEvents(entry));
  }

  /** What each log entry after `first` said (its events' texts, secret faces too), by entry. */
  private saidAfter(first: number): Map<number, string> {
    let k = this.events.length;
    while (k > 0 && this.events[k - 1].entry > first) k--;
    const by = new Map<number, EventInput[]>();
    for (const e of this.events.slice(k)) {
      let list = by.get(e.entry);
      if (!list) by.set(e.entry, (list = []));
      list.push(e);
    }
    return new Map([...by].map(([i, events]) => [i, saying(events)]));
  }

  /** The log entry of a take-back, for the history: public counts, each team its own actions. */
  private takeBackEvents(entry: UndoEntry | RewindEntry): EventInput[] {
    const byTeam = new Map<string | null, number[]>();
    for (const i of entry.voids) {
      const team = this.module.teamOf(this.state, this.record.log[i].seat);
      byTeam.set(team, [...(byTeam.get(team) ?? []), i]);
    }
    const teamOf = (seat: string) => this.module.teamOf(this.state, seat);
    // What entry i said, as `viewer` may see it: an entry's events may hold another team's secret faces.
    const what = (i: number, viewer: Viewer) => {
      const seen = this.events.filter((e) => e.entry === i).flatMap((e) => eventAs(e, viewer, teamOf) ?? []);
      return seen.length ? seen.map((e) => e.text.replace(/\.$/, '')).join('; ') : this.record.log[i].type;
    };
    // Where and when, as the module's events say it and as each audience may see them: the turn
    // of the earliest action taken back, and the War Zone(s) of the actions taken back, so a
    // history filtered by turn or zone shows it. A zone only a team's own events name stays with
    // that team, unless the entry's seats tell it anyway (the zone seat that takes back its order;
    // the seats of the zone rewound), not an Overall Commander's order in a zone.
    const set = new Set(entry.voids);
    const voided = this.events.filter((e) => set.has(e.entry));
    let turn = voided.find((e) => e.turn !== undefined)?.turn;
    for (let i = this.events.length - 1; i >= 0 && turn === undefined; i--) turn = this.events[i].turn; // none said: the game's latest
    const named = entry.type === '@rewind' ? (this.module.scopeSeats?.(this.state, entry.scope) ?? []) : [entry.seat];
    const told = new Set(named.map((seat) => this.module.placeOf?.(seat)).filter((z) => typeof z === 'string'));
    const where = (viewer: Viewer) => {
      const zones = new Set<string>();
      for (const e of voided) {
        const seen = eventAs(e, viewer, teamOf);
        if (!seen && typeof e.zone === 'string' && told.has(e.zone)) zones.add(e.zone);
        if (typeof seen?.zone === 'string') zones.add(seen.zone);
        for (const z of seen?.zones ?? []) zones.add(z);
      }
      const list = [...zones];
      return { ...(turn === undefined ? {} : { turn }), ...(list.length === 1 ? { zone: list[0] } : list.length ? { zones: list } : {}) };
    };
    const n = entry.voids.length;
    const who = (seat: string) => (seat === 'referee' ? 'the referee' : this.seatLabel(seat));
    const head = entry.type === '@undo' ? `${who(entry.seat)} takes back ${actions(n)}` : `${upper(this.partName(entry.scope))} rewound to after action #${entry.to}, ${entry.agreed.join() === 'referee' ? 'by the referee alone' : `agreed by ${entry.agreed.map(who).join(' and ')}`}: ${actions(n)} taken back`;
    // An undo names to everyone what everyone saw in full (a die typed at the table, a Battle Turn's
    // end): a physical die taken back by its roller alone and typed again is not passed over as
    // "1 action". (A rewind was agreed to, having shown what it takes back.)
    const open = entry.type === '@rewind' ? [] : entry.voids.filter((i) => !actionDef(this.module, this.state, this.record.log[i].type)?.secret && this.events.some((e) => e.entry === i) && what(i, SPECTATOR) === what(i, REFEREE));
    const openly = open.length ? `: ${open.map((i) => `#${i} ${what(i, SPECTATOR)}`).join('; ')}` : '';
    const events: EventInput[] = [{ type: entry.type === '@undo' ? 'undo' : 'rewind', to: 'all', text: `${head}${openly}.`, seat: entry.seat, voids: entry.voids, ...where(SPECTATOR), ...(entry.type === '@rewind' ? { scope: entry.scope, agreed: entry.agreed } : {}) }];
    for (const [team, list] of byTeam) {
      const viewer = team ? teamViewer(team) : REFEREE;
      // A team's own part of a rewind is counted, so that it is not read as all that went (h20).
      events.push({ type: 'taken-back', to: team ? { team } : 'referee', text: `${team ? `Your team's ${actions(list.length)} taken back` : 'Taken back'}: ${list.map((i) => `#${i} ${what(i, viewer)}`).join('; ')}.`, voids: list, ...where(viewer) });
    }
    return events;
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  /** The events `viewer` may see after `afterSeq`, each as that viewer may see it. */
  eventsFor(viewer: Viewer, afterSeq = -1): GameEvent[] {
    const teamOf = (seat: string) => this.module.teamOf(this.state, seat);
    const out: GameEvent[] = [];
    for (let i = Math.max(0, afterSeq + 1); i < this.events.length; i++) {
      const e = eventAs(this.events[i], viewer, teamOf);
      if (e) out.push(e);
    }
    return out;
  }

  view(viewer: Viewer): unknown {
    return this.module.view(this.state, viewer);
  }

  legalActions(seat: string): ActionSpec[] {
    return legalActions(this.module, this.state, seat);
  }

  /** legalActions, with the secret ones closed for a reason the seat is told in their place: a list a shared screen may show (kernel listedActions). */
  listedActions(seat: string): ActionSpec[] {
    return listedActions(this.module, this.state, seat);
  }

  /** The actions of the seat's step it may not take now, with why (for that seat only: the reason may be its secret). */
  closedActions(seat: string): ClosedAction[] {
    return closedActions(this.module, this.state, seat);
  }

  /** A part of the game as people read it ("the Mediterranean War Zone"; the module's name, else its id). */
  partName(part: string): string {
    return this.module.scopeName?.(part) ?? part;
  }

  /** A seat as people read it (the module's label, else its id). */
  seatLabel(seat: string): string {
    return this.module.seatLabel?.(this.state, seat) ?? seat;
  }

  /** A team as people read it (the module's label, else its id). */
  teamLabel(team: string): string {
    return this.module.teamLabel?.(this.state, team) ?? team;
  }

  /** What a seat is asked to do now, in public words (the module's, else "a decision"). */
  decision(seat: string): string {
    return this.module.decision?.(this.state, seat) ?? 'a decision';
  }

  waitingFor(): string[] {
    return waitingFor(this.module, this.state);
  }

  isOver(): boolean {
    return this.module.isOver(this.state);
  }

  /** The parts of the game log entry `index` changed or relied on ("zone:mediterranean"…); null: all of it. */
  scopeOf(index: number): readonly string[] | null {
    return this.steps[index]?.scope ?? null;
  }

  /** Is an entry of the log still in force (not taken back)? */
  stands(index: number): boolean {
    return !this.steps[index]?.voided && !this.steps[index]?.kernel;
  }

  /** Publish the seed (at the end of a game): checked against the commitment, then kept in the record. */
  revealSeed(seed: string): RuleError | null {
    if (seedCommitment(seed) !== this.record.seedCommitment) return ruleError('seed-commitment-mismatch', 'The dice seed does not match its commitment.');
    this.record.seed = seed;
    this.dice = seededDice(seed);
    return null;
  }

  /**
   * The record as `viewer` may download it once the game is over: the fields an action keeps for
   * its team for good (`keptByTeam`, team notes) replaced, outside that team, by a placeholder
   * that the action still accepts, so the file replays and verifies. The referee gets it whole.
   */
  recordFor(viewer: Viewer): GameRecord {
    const teamOf = (seat: string) => this.module.teamOf(this.state, seat);
    const log = this.record.log.map((entry) => {
      const kept = actionDef(this.module, this.state, entry.type)?.keptByTeam;
      const team = kept && teamOf(entry.seat);
      if (!kept || !team || canSee(viewer, { team }, teamOf)) return entry;
      return { ...entry, ...Object.fromEntries(kept.map((field) => [field, `(kept by the ${team} team)`])) };
    });
    return { ...this.record, log };
  }

  /** The record without its seed (what a player may download while the game runs). */
  withoutSeed(): GameRecord {
    const { seed: _seed, ...rest } = this.record;
    return { ...rest, log: [...this.record.log] };
  }
}

/** An event as `viewer` may see it (its secret face if the viewer may see that), or null. */
export function eventAs<E extends EventInput>(e: E, viewer: Viewer, teamOf: (seat: string) => string | null): E | null {
  if (!canSee(viewer, e.to, teamOf)) return null;
  const { secret, ...face } = e;
  if (!secret || !canSee(viewer, secret.to, teamOf)) return face as E;
  const { to, ...more } = secret;
  return { ...face, ...more, to } as E;
}

/**
 * Check a record offline against a revealed seed: the seed against its commitment, and every
 * seeded roll in the log re-derived from it.
 */
export function verifyRecord<S>(module: RulesModule<S, any>, record: GameRecord, seed: string): { ok: boolean; rolls: number; problems: string[] } {
  const session = Session.open(module, { ...record, seed: null }, { seed, verifyDice: true });
  if (isRuleError(session)) return { ok: false, rolls: 0, problems: [`the record does not replay: ${session.index !== undefined && session.index >= 0 ? `action #${session.index}: ` : ''}${session.message}`] };
  const rolls = session.events.filter((e) => e.type === 'roll') as unknown as RollEvent[];
  const check = verifyRolls(seed, record.seedCommitment, rolls);
  return { ...check, rolls: rolls.filter((r) => !r.physical).length };
}
