import type { RuleError } from './errors.ts';

/** An action as a seat submits it: `type` plus its fields. */
export interface Action {
  type: string;
  seat: string;
  [field: string]: unknown;
}

/**
 * Something that happened, for the log and the players. `text` is a sentence for people. An event
 * with `private` (a team or seat) is shown only to it: adapters must filter events per viewer.
 */
export interface GameEvent {
  type: string;
  text: string;
  private?: string;
  [field: string]: unknown;
}

export interface Outcome<S> {
  state: S;
  events: GameEvent[];
}

/**
 * One field of an action a seat may take, described well enough for a UI to render a form,
 * the CLI to parse a command, and the fuzzer to pick a random legal value.
 */
export type FieldSpec =
  | { kind: 'choice'; options: readonly { value: string | number; label: string }[]; optional?: boolean }
  | { kind: 'subset'; options: readonly { value: string | number; label: string }[]; min: number; max: number }
  | { kind: 'int'; min: number; max: number; optional?: boolean }
  | { kind: 'dice'; sides: readonly number[]; labels?: readonly string[] }
  | { kind: 'bool' }
  | { kind: 'text'; optional?: boolean };

export interface ActionSpec {
  type: string;
  /** What the action does, for a prompt: "Roll the mission die (d6)". */
  label: string;
  fields?: Record<string, FieldSpec>;
}

/**
 * The contract every rules module fulfils. Pure: no I/O, no clock, no Math.random; dice come
 * from `state`'s seeded source (engine/dice.ts) or from the acting player (physical dice).
 */
export interface RulesModule<S = unknown, O = unknown> {
  id: string;
  /** Validate raw options (from a game file or a form); refuse with a RuleError naming what is wrong. */
  parseOptions(raw: unknown): O | RuleError;
  setup(options: O, seed: string | null): S;
  /** Every seat of this game. */
  seats(state: S): string[];
  /** The seats that have a decision to make now. */
  waitingFor(state: S): string[];
  legalActions(state: S, seat: string): ActionSpec[];
  apply(state: S, action: Action): Outcome<S> | RuleError;
  /** What `seat` may see ("referee" sees everything but the dice seed). */
  view(state: S, seat: string): unknown;
  isOver(state: S): boolean;
}
