import type { RuleError } from './errors.ts';
import type { Audience, Viewer } from './viewer.ts';

/** One die asked for: its size and what it is for, shown in the log ("Mission roll, Mediterranean, turn 3"). */
export interface DieRequest {
  sides: number;
  purpose: string;
}

/** Where seeded dice come from: the kernel hands one to each action (the seed never enters a state). */
export interface DiceSource {
  /** The values of the seeded dice numbered `counter`, `counter + 1`, … (refuses when it cannot roll). */
  seeded(counter: number, requests: readonly DieRequest[]): number[];
}

/** An action as a seat submits it: `type` plus its fields. */
export interface Action {
  type: string;
  seat: string;
  [field: string]: unknown;
}

/**
 * Something that happened, as a rules module reports it. `to` says who may see it. An event with
 * secret parts has a public face (its own `text` and fields) and a `secret` face for its audience:
 * a viewer who may see the secret gets the secret's text and fields instead. Every field a text
 * names is also a structured field, so a log can be filtered and rendered without parsing text.
 */
export interface EventInput {
  type: string;
  text: string;
  to: Audience;
  secret?: { to: Audience; text: string; [field: string]: unknown };
  /** The Campaign Game Turn, round or step the event belongs to, where the module has one. */
  turn?: number;
  /** The part of the board (a CWNB War Zone) where there is one. */
  zone?: string;
  /** The parts of the board, where an event spans several (a transfer between War Zones). */
  zones?: string[];
  [field: string]: unknown;
}

/** An event as the kernel keeps and delivers it. */
export interface GameEvent extends EventInput {
  /** Position in the game's event log, from 0; never reused. */
  seq: number;
  /** The action-log entry that produced it. */
  entry: number;
}

export interface Outcome<S> {
  state: S;
  /** Fresh objects: the caller owns them (a session numbers them in place). */
  events: EventInput[];
  /**
   * The parts of the game the action changed ("zone:mediterranean"…), for undo and rewinds: a
   * later action in a disjoint scope does not depend on it. Parts nest with "/": "zone:med/allied"
   * (one player's part of a War Zone) is within "zone:med" and apart from "zone:med/soviet".
   * Missing: the whole game.
   */
  scope?: readonly string[];
}

/** A choice in a form; choosing it may ask for more fields (variants). */
export interface FieldOption {
  value: string | number;
  label: string;
  help?: string;
  /** Fields asked only when this option is chosen ("Gun Attack" asks its Damage Value). */
  fields?: Readonly<Record<string, FieldSpec>>;
  /** With this option chosen, the action's `ActionSpec.question` (CWNB 14.1: the seat an Overall Commander orders for, with its figures). */
  question?: string;
}

/** A choice the seat cannot make now, with why ("costs 60; 40 points left"), so a form or a typed name can say so. */
export interface UnavailableOption {
  value: string | number;
  label: string;
  why: string;
}

interface FieldBase {
  /** For a form: "Ship", "Damage Value". */
  label: string;
  /** The word a terminal's command list shows for it ("UNIT"), where the label is too long to be one. */
  term?: string;
  help?: string;
  /** May be left out (booleans left out are false; a default, if any, applies). */
  optional?: boolean;
  default?: unknown;
}

/**
 * One field of an action a seat may take, described well enough for a web form to render, the
 * CLI to parse a command, and the fuzzer to pick a random legal value, without module knowledge.
 */
export type FieldSpec = FieldBase &
  (
    | {
        kind: 'choice';
        options: readonly FieldOption[];
        unavailable?: readonly UnavailableOption[];
        /** The key of a subset field of the same form: only the options also chosen there may be chosen (a Command Ship among the ships committed, 13.4). */
        within?: string;
      }
    | { kind: 'subset'; options: readonly FieldOption[]; min: number; max: number; unavailable?: readonly UnavailableOption[] }
    | { kind: 'int'; min: number; max: number }
    /** Dice typed by a player; with `min`, only the first `min` are always rolled, the rest when the rules call for them (13.2: the table die after a 5 or 6). */
    | { kind: 'dice'; sides: readonly number[]; labels?: readonly string[]; min?: number }
    | { kind: 'bool' }
    | { kind: 'text'; maxLength?: number }
  );

export type Fields = Readonly<Record<string, FieldSpec>>;

/**
 * A word a player types for an action at a terminal ("buy" for buying a ship), with the fields
 * the word itself answers ("missile" is a land attack whose attack is a submarine missile). The
 * action's other fields follow the word in the order of its form.
 */
export interface CommandWord {
  word: string;
  fixed?: Readonly<Record<string, unknown>>;
}

/** An action offered to a seat now, with its form. */
export interface ActionSpec {
  type: string;
  /** What the action does, for a prompt: "Roll the mission die (d6)". */
  label: string;
  help?: string;
  /** The rule it carries out ("6.A"). */
  rule?: string;
  fields?: Fields;
  /** Words to type for it at a terminal (the type itself always works too). */
  commands?: readonly CommandWord[];
  /** Its fields are secret to the acting team (an order, a commitment): a shared screen hides them. */
  secret?: boolean;
  /** Ask "are you sure?" before it is taken at a terminal (it cannot be taken back lightly: banking points). */
  confirm?: boolean;
  /**
   * That question as this seat's own screen may ask it, naming what the action does for it (its
   * own secret figures: "You have ordered nothing: the 130 points … are banked"); a shared screen asks the label.
   */
  question?: string;
  /** Done another way where a server keeps who holds each seat: why, told online instead of the form (`ActionDef.notOnline`). */
  notOnline?: string;
}

/** An action of the seat's step that it may not take now, with why (see `ActionDef.toldWhenClosed`). */
export interface ClosedAction {
  type: string;
  label: string;
  rule?: string;
  why: string;
}

/**
 * One action type, defined once: when and to whom it is offered, its form, its checks and its
 * effect. The kernel derives the legal actions from these, refuses an action not offered to its
 * seat ("not your decision") before the module runs, then runs it.
 */
export interface ActionDef<S> {
  type: string;
  rule?: string;
  /**
   * Null when `seat` has this action now; otherwise why not. Called very often (to derive who
   * the game waits for), so with `explain` false it must not build a message: return `NOT_NOW`.
   * When the kernel explains why it refuses a submitted action, it passes that action, so the
   * reason can be about what was asked (CWNB: the seat an Overall Commander gives an order for).
   */
  when(state: S, seat: string, explain: boolean, action?: Action): RuleError | null;
  /** A decision the game waits on (as opposed to an option the seat may take, like a note). */
  decision: boolean | ((state: S, seat: string) => boolean);
  label(state: S, seat: string): string;
  help?: string;
  commands?: readonly CommandWord[];
  secret?: boolean;
  /**
   * Whether it is open tells a team's secret (CWNB 13.5: the seat kept an Additional Ship card):
   * like a secret order, it is listed for every seat of its step, closed for the `toldWhenClosed`
   * reasons too (listedActions), and a refusal of it is the seat's own.
   */
  openIsSecret?: boolean;
  /**
   * Text fields that stay the acting team's for good (team notes): in a game file shared after
   * the end they are replaced, for anyone outside that team, by a placeholder (`Session.recordFor`).
   */
  keptByTeam?: readonly string[];
  confirm?: boolean;
  /** The confirmation's question for `seat`'s own screen (ActionSpec.question). */
  question?(state: S, seat: string): string | undefined;
  /**
   * Done another way online (14.1 moving players: a server's own list of who holds each seat is
   * the one that counts there): a server neither offers nor accepts it, and says this instead.
   */
  notOnline?: string;
  /**
   * Codes of `when`'s refusals that a seat in this action's step is told beside its actions (a
   * ship purchase none of the ships can pay for, a Retreat a mission forbids), so a missing action
   * is not a puzzle. Other refusals (another step, done already) go unsaid.
   */
  toldWhenClosed?: readonly string[];
  fields?(state: S, seat: string): Fields | undefined;
  /** Check the action's fields and the rules, and carry it out; all or nothing. */
  run(state: S, action: Action, dice: DiceSource): Outcome<S> | RuleError;
}

/**
 * The contract every rules module fulfils. Pure: no I/O, no clock, no Math.random; dice come from
 * the DiceSource the kernel hands to `run` (the seed never enters the state), or from the acting
 * player (physical dice).
 */
export interface RulesModule<S = unknown, O = unknown> {
  id: string;
  /** Validate raw options (from a game file or a form); refuse with a RuleError naming what is wrong. */
  parseOptions(raw: unknown): O | RuleError;
  setup(options: O): S;
  /** Every seat of this game. */
  seats(state: S): readonly string[];
  /** The teams of this game (CWNB: "allied", "soviet"); secrets are kept per team. */
  teams(state: S): string[];
  teamOf(state: S, seat: string): string | null;
  /** The part of the board a seat plays in, which its name already tells everyone (CWNB: its War Zone). */
  placeOf?(seat: string): string | null;
  /** A seat as people read it (CWNB: "Allied, Mediterranean"). Omitted: the seat's id. */
  seatLabel?(state: S, seat: string): string;
  /** A team as people read it (CWNB: "Allied"). Omitted: its id. */
  teamLabel?(state: S, team: string): string;
  /**
   * What a seat is asked to do now, in words anyone may read (notifications, deadline reminders):
   * CWNB "turn 2, Mediterranean: purchases". Omitted: "a decision".
   */
  decision?(state: S, seat: string): string;
  /** A part of the game an action's scope names, as people read it (CWNB: "the Mediterranean War Zone"). Omitted: its id. */
  scopeName?(part: string): string;
  /** A place (an event's `zone`) as people read it (CWNB: "Mediterranean"). Omitted: its id. */
  placeName?(place: string): string;
  /**
   * A moment of play an event marks, for the history's bookmarks ("Turn 2: purchases carried out"),
   * or null. The replay viewer jumps to the step after the event's entry.
   */
  phaseMark?(event: EventInput): string | null;
  /** The action types of this game (optional rules add theirs). */
  actions(state: S): readonly ActionDef<S>[];
  /**
   * For speed: the part of `actions(state)` that can be open to `seat` now, the only definitions
   * the kernel asks `when` of and accepts from that seat (CWNB: those of the seat's War Zone step).
   * It narrows, never decides: a definition left out whose `when` would answer null is a bug (a
   * test walks fuzzed games for it). The same objects as in `actions(state)` (the kernel looks
   * them up by identity). Omitted: every action type, for every seat.
   */
  actionsFor?(state: S, seat: string): readonly ActionDef<S>[];
  /** What a viewer may see. */
  view(state: S, viewer: Viewer): unknown;
  isOver(state: S): boolean;
  /** Whether the game rolls its dice from the seed (false: the players type the dice they roll). Omitted: it does. */
  rollsFromSeed?(state: S): boolean;
  /** Seats that must agree to rewind a scope (CWNB: both seats of the War Zone). */
  scopeSeats?(state: S, scope: string): string[];
  /**
   * The raw options of a game file with these people's names for these seats (who holds a seat
   * online, for an export). Omitted: the game file keeps no names.
   */
  namePlayers?(raw: unknown, names: Readonly<Record<string, string>>): unknown;
  /**
   * The seat that plays the other side in the same place, for a rematch with sides swapped
   * (CWNB: Allied, Mediterranean ↔ Soviet, Mediterranean). Omitted: the sides cannot be swapped.
   */
  otherSide?(seat: string): string | null;
  /** Read the options of a record written by an older version (1: Wardroom 0.1). */
  migrateOptions?(raw: unknown, fromVersion: number): unknown;
  /** Read an action logged by an older version of the module, before it is applied. */
  migrateAction?(state: S, action: Action, fromVersion: number): Action;
}
