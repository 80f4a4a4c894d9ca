import type { RuleError } from '../../engine/errors.ts';
import type { DiceSource } from '../../engine/dice.ts';
import type { ActionDef, EventInput, Fields } from '../../engine/module.ts';
import type { Side } from './data/types.ts';
import type { CwnbOptions, CwnbState, HeldCard, PlayerState, ZoneState, ZoneStep } from './state.ts';

/** What a rule needs while an action is carried out: the events it reports, the dice, the hooks in play. */
export interface Ctx {
  events: EventInput[];
  dice: DiceSource;
  hooks: Hooks;
}

/**
 * The named points where the optional rules (13, 14) change the base rules. The base rules call
 * these and never import an optional rule; each optional rule registers its hooks when the game's
 * options switch it on (see ./optional-rules.ts). A hook left out does what the base rules say.
 */
export interface Hooks {
  /** 5.1: the state at setup, before turn 1 (13.4 gives each team its Flag Officers). */
  setup(state: CwnbState): void;
  /** 5.1: seats beside the War Zone seats, with their team (14.1 Overall Commanders). */
  otherSeats(options: CwnbOptions): readonly { seat: string; team: Side }[];
  /** A die was rolled in a zone: the mission die, or a player's Special Conditions (13.5 may re-roll it). */
  rolled(zone: ZoneState, what: NonNullable<ZoneState['lastRoll']>): void;
  /** 6.B: a step between the mission and the purchases still has a decision open (13.2). */
  stepBPending(zone: ZoneState): boolean;
  /** 6.B done: true when the mission must be rolled again (13.2.1 double Bad Weather vs a Carrier Strike). */
  rerollAfterStepB(state: CwnbState, zone: ZoneState, ctx: Ctx): boolean;
  /** Before any action in a War Zone (13.5: a die can be re-rolled only before anything else happens). */
  zoneAction(zone: ZoneState, type: string): void;
  /** 6.C.2 order cost: ship and card prices of this order, dearest first; a hook may lower them (13.2.8, 13.5). */
  orderPrices(state: CwnbState, zone: ZoneState, side: Side, ships: number[], cards: number[]): void;
  /** 6.C.2: the words for ship or card prices lowered by `orderPrices` (13.5 a ship, 13.2.8 cards): after a lowered price in the list, and in the form's help; null when none is. */
  priceNote(state: CwnbState, zone: ZoneState, side: Side, kind: 'ship' | 'card'): { label: string; help: string } | null;
  /** 6.C.2 carried out (13.2.8 Priority discounts used, 13.5 kept card spent). */
  purchased(zone: ZoneState, side: Side, ships: readonly string[], cards: readonly HeldCard[]): void;
  /** 6.C.2: at most this many Action cards a turn (5; 13.2.6 Prepared 7, 13.2.9 Rushed 3). */
  actionCardLimit(zone: ZoneState, side: Side): number;
  /** 6.C.2: at most this many Ship cards a turn (no limit; 13.2.9 Rushed 1). */
  shipLimit(state: CwnbState, zone: ZoneState, side: Side): number;
  /** 6.C.3: refuse a transfer the optional rules forbid (13.2.8, 13.2.9, 13.3). */
  checkTransfer(state: CwnbState, from: ZoneState, to: ZoneState, side: Side, what: 'ship' | 'card'): void;
  /** 6.C.3: may cards still move between these zones this turn (13.3, 13.5)? For the offered targets. */
  transferOpen(state: CwnbState, from: ZoneState, to: ZoneState, side: Side): boolean;
  /** 6.C.3: a ship or card is about to move (13.3 counts it). */
  transferred(state: CwnbState, from: ZoneState, to: ZoneState, side: Side, ctx: Ctx): void;
  /** 6.C.3: an Action card has moved to a teammate (13.5: the kept Additional Ship card goes with it). */
  cardTransferred(from: ZoneState, to: ZoneState, side: Side, card: HeldCard): void;
  /** 6.C.4: more fields of the commitment form (13.4 Command Ship). */
  commitFields(state: CwnbState, zone: ZoneState, side: Side, eligible: readonly string[]): Fields;
  /** 6.C.4: sentences the commitment form adds to its help (13.4: why there is no Command Ship to name). */
  commitNotes(zone: ZoneState, side: Side): string[];
  /** 6.C.4: refuse a commitment the optional rules forbid (13.2.2 Area Defense, 13.4 Command Ship). */
  checkCommitment(state: CwnbState, zone: ZoneState, side: Side, ships: readonly string[], areaDefense: number, flagOfficer: string | undefined): void;
  /** 6.C.4 revealed (13.4: the Command Ship takes station). */
  revealed(zone: ZoneState, side: Side, flagOfficer: string | null): void;
  /** 7: Battle Turns per player (4; 13.2.3, 13.2.4, 13.2.10). */
  battleTurns(zone: ZoneState): number;
  /** 9: what the conditions add to both Task Forces' Fog of War die rolls, beyond the mission's own (13.2.1 Bad Weather −1, both −2). */
  fogOfWar(zone: ZoneState): number;
  /** 9.7: refuse a Carrier Air Strike the optional rules forbid (13.2.1). */
  checkAirStrike(zone: ZoneState): void;
  /** 7: a ship was sunk (13.4: its Flag Officer goes down with it). */
  shipSunk(zone: ZoneState, side: Side, id: string, ctx: Ctx): void;
  /** 7.2.1: the card kept may be this non-Action card (13.5 Additional Ship); null when not. */
  keepableCard(state: CwnbState, type: string): string | null;
  /** 7.2.1: the card kept this turn (13.5 remembers an Additional Ship card). */
  kept(p: PlayerState, card: HeldCard | null): void;
  /** 7.2.4: extra halvings of in-port scores and whether ships in port are repaired (13.2.7 Port Strike). */
  inPort(zone: ZoneState, side: Side): { halvings: number; repairs: boolean };
  /** 7.2.6: at the end of a Campaign Game Turn, does the game go on (13.1 rolls for it)? */
  endOfTurn(state: CwnbState, ctx: Ctx): 'continue' | 'roll' | 'end';
  /** 11: the campaign ends after this turn for certain (5.2 the agreed length; under 13.1 only a roll or turn 9 ends it). */
  lastTurnCertain(state: CwnbState): boolean;
  /** 6.C.4: a commitment may name a Command Ship (13.4 Flag Officers). */
  commandShips(): boolean;
  /** 7.2.6: a new Campaign Game Turn begins in this zone. */
  newTurn(state: CwnbState, zone: ZoneState): void;
  /** Reminders of effects played out with the cards at the table. */
  reminders(state: CwnbState, zone: ZoneState): string[];
  /** 14.1: the team seats `seat` may give orders to (an Overall Commander), or null when it is not such a seat. */
  proxy(state: CwnbState, seat: string): string[] | null;
  /** 14.1: why `seat` may not act for `target` now (an action it may take for others, or not), or null. */
  proxyRefusal(state: CwnbState, seat: string, target: string, allowed: boolean): RuleError | null;
}

/** An optional rule: when it is on, the hooks it changes and the actions it adds. */
export interface OptionalRule {
  rule: string;
  name: string;
  on(options: CwnbOptions): boolean;
  hooks?: Partial<Hooks>;
  actions?: readonly (ActionDef<CwnbState> & { schema: unknown })[];
}

/** The base rules' answer for every hook. */
export const BASE_HOOKS: Hooks = {
  setup: () => {},
  otherSeats: () => [],
  rolled: () => {},
  stepBPending: () => false,
  rerollAfterStepB: () => false,
  zoneAction: () => {},
  orderPrices: () => {},
  priceNote: () => null,
  purchased: () => {},
  actionCardLimit: () => 5,
  shipLimit: () => Infinity,
  checkTransfer: () => {},
  transferOpen: () => true,
  transferred: () => {},
  cardTransferred: () => {},
  commitFields: () => ({}),
  commitNotes: () => [],
  checkCommitment: () => {},
  revealed: () => {},
  battleTurns: () => 4,
  fogOfWar: () => 0,
  checkAirStrike: () => {},
  shipSunk: () => {},
  keepableCard: () => null,
  kept: () => {},
  inPort: () => ({ halvings: 0, repairs: true }),
  endOfTurn: (state) => (state.turn >= state.options.turns ? 'end' : 'continue'), // 5.2 the agreed length
  lastTurnCertain: (state) => state.turn >= state.options.turns,
  commandShips: () => false,
  newTurn: () => {},
  reminders: () => [],
  proxy: () => null,
  proxyRefusal: () => null,
};

/**
 * Combine the hooks of the rules in play: checks and notifications run one after the other;
 * values come from the last rule that changes them (no two rules change the same value).
 */
export function combineHooks(rules: readonly OptionalRule[]): Hooks {
  const out: Record<string, unknown> = { ...BASE_HOOKS };
  for (const name of Object.keys(BASE_HOOKS) as (keyof Hooks)[]) {
    const fns = rules.map((r) => r.hooks?.[name]).filter((f): f is NonNullable<typeof f> => !!f) as ((...a: unknown[]) => unknown)[];
    if (fns.length === 1) out[name] = fns[0];
    else if (fns.length > 1) out[name] = COMBINE[name](fns);
  }
  return out as unknown as Hooks;
}

type Fn = (...a: unknown[]) => unknown;
const all = (fns: Fn[]) => (...a: unknown[]) => {
  for (const f of fns) f(...a);
};
const every = (fns: Fn[]) => (...a: unknown[]) => fns.every((f) => f(...a));
const some = (fns: Fn[]) => (...a: unknown[]) => fns.some((f) => f(...a));
const fields = (fns: Fn[]) => (...a: unknown[]) => Object.assign({}, ...fns.map((f) => f(...a)));
const first = (fns: Fn[]) => (...a: unknown[]) => {
  for (const f of fns) {
    const r = f(...a);
    if (r) return r;
  }
  return null;
};
const concat = (fns: Fn[]) => (...a: unknown[]) => fns.flatMap((f) => f(...a) as unknown[]);
const only = (name: string) => () => {
  throw new Error(`two optional rules both change ${name}`);
};

const COMBINE: Record<keyof Hooks, (fns: Fn[]) => Fn> = {
  setup: all,
  otherSeats: concat,
  rolled: all,
  stepBPending: some,
  rerollAfterStepB: some,
  zoneAction: all,
  orderPrices: all,
  priceNote: first,
  purchased: all,
  actionCardLimit: only('actionCardLimit'),
  shipLimit: only('shipLimit'),
  checkTransfer: all,
  transferOpen: every,
  transferred: all,
  cardTransferred: all,
  commitFields: fields,
  commitNotes: concat,
  checkCommitment: all,
  revealed: all,
  battleTurns: only('battleTurns'),
  fogOfWar: only('fogOfWar'),
  checkAirStrike: all,
  shipSunk: all,
  keepableCard: (fns) => (...a) => fns.map((f) => f(...a)).find((x) => x !== null) ?? null,
  kept: all,
  inPort: only('inPort'),
  endOfTurn: only('endOfTurn'),
  lastTurnCertain: only('lastTurnCertain'),
  commandShips: some,
  newTurn: all,
  reminders: concat,
  proxy: only('proxy'),
  proxyRefusal: only('proxyRefusal'),
};

/** Per options object, the hooks and action definitions of the rules in play. */
export interface Rulebook {
  hooks: Hooks;
  actions: readonly ActionDef<CwnbState>[];
  /**
   * The actions that can be open to a War Zone seat in each step of its zone (`steps` of a zone
   * action; actions of the whole game in every step; those of rules not in use in none).
   */
  byStep: Readonly<Record<ZoneStep, readonly ActionDef<CwnbState>[]>>;
  /** 6: move every War Zone (and the game) on after an action (rules/sequence-of-play.ts). */
  advance(state: CwnbState, ctx: Ctx): void;
}

let compile: ((options: CwnbOptions) => Rulebook) | null = null;
const compiled = new WeakMap<CwnbOptions, Rulebook>();

/** Set once by the module (index.ts), which knows every optional rule. */
export function setRulebookCompiler(f: (options: CwnbOptions) => Rulebook): void {
  compile = f;
}

let last: { options: CwnbOptions; book: Rulebook } | null = null;

export function rulebookOf(options: CwnbOptions): Rulebook {
  if (last?.options === options) return last.book; // asked for many times per action, nearly always of one game
  let book = compiled.get(options);
  if (!book) {
    if (!compile) throw new Error('the CWNB rulebook is not set up (import the module from src/modules/cwnb/index.ts)');
    book = compile(options);
    compiled.set(options, book);
  }
  last = { options, book };
  return book;
}

export function hooksOf(state: { options: CwnbOptions }): Hooks {
  return rulebookOf(state.options).hooks;
}
