/**
 * The Strategic Missions Phase rules module ("smp"): the engine contract over the phase script.
 * State = validated scenario + dice + action log; everything else is derived by replay (cached).
 */
import { RecordingDice, type DiceSource, type DiceState } from '../../engine/dice.ts';
import { isRuleError, ruleError, type RuleError } from '../../engine/errors.ts';
import { NOT_NOW } from '../../engine/kernel.ts';
import type { Action, ActionDef, Outcome, RulesModule } from '../../engine/module.ts';
import { PhaseRunner, runPhase, STEPS, type Run } from './phase.ts';
import { nextPhase, nextPhaseOptions } from './next-phase.ts';
import { validateScenario, type Scenario } from './scenario.ts';
import type { DecideRequest } from './script.ts';

export interface SmpOptions {
  scenario: Scenario;
  dice: 'seeded' | 'physical';
  /** Run only these steps (tests, `smp run --steps`); default all ten. */
  steps?: number[];
  /** "0.1": set on a record of Wardroom 0.1 when it is read; it replays with the readings it was played under. */
  rulings?: '0.1';
}

export interface SmpState {
  options: SmpOptions;
  dice: DiceState;
  log: Action[];
}

interface Cached {
  run: Run;
  /** The live runner positioned exactly after this state's log (handed on to the next state once). */
  runner?: PhaseRunner;
}
const cache = new WeakMap<SmpState, Cached>();

export function derive(state: SmpState): Run {
  let c = cache.get(state);
  if (!c) {
    const r = runPhase(state.options.scenario, state.dice, state.log, state.options.steps, state.options.rulings);
    const { runner, ...rest } = r;
    // Runs handed out are copies: the live runner keeps changing its own objects.
    c = { run: r.error ? rest : { ...runner.snapshot(true) }, runner: r.error ? undefined : runner };
    cache.set(state, c);
  }
  return c.run;
}

/**
 * Derive `next` (= `prev` + one action) by continuing prev's live runner instead of replaying the
 * whole log; prev keeps a copy of its run. Falls back to a full replay.
 */
function advance(prev: SmpState, next: SmpState, source: DiceSource): Run {
  const c = cache.get(prev);
  let runner = c?.runner;
  let before: Run;
  if (!c || !runner || runner.dead || runner.fed !== prev.log.length) {
    // Replay the state before the action, then feed the action with the dice source.
    const r = runPhase(prev.options.scenario, prev.dice, prev.log, prev.options.steps, prev.options.rulings);
    if (r.error) return r;
    runner = r.runner;
    before = r;
  } else {
    cache.set(prev, { run: c.run });
    before = c.run;
  }
  const e = runner.feed(next.log[next.log.length - 1], source);
  if (e) return { ...before, error: { index: next.log.length - 1, refusal: e } };
  const run = runner.snapshot(true);
  cache.set(next, { run, runner });
  return run;
}

/** Validate raw options `{ scenario, dice? }` (or a bare scenario). */
export function parseSmpOptions(raw: unknown): SmpOptions | RuleError {
  const obj = (raw ?? {}) as Record<string, unknown>;
  const rawScenario = obj.format === 'wardroom-smp-scenario' ? obj : obj.scenario;
  const steps = Array.isArray(obj.steps) ? (obj.steps as number[]) : undefined;
  if (steps && steps.some((n) => !Number.isInteger(n) || n < 1 || n > 10)) return ruleError('bad-steps', 'steps must be numbers from 1 to 10');
  // Only the places the steps that run need must be on the board (ruling R0-8). Opening a record, its
  // board keeps the defaults it was played with (a new board is checked in full where it comes in: smp run, the server's form).
  const v = validateScenario(rawScenario, steps, true);
  if (!v.ok) return ruleError('invalid-scenario', `The scenario is not valid:\n${v.errors.map((e) => `  ${e.path}: ${e.message}`).join('\n')}`);
  const dice = obj.dice === 'physical' ? 'physical' : 'seeded';
  return { scenario: v.scenario, dice, ...(steps ? { steps } : {}), ...(obj.rulings === '0.1' ? { rulings: '0.1' as const } : {}) };
}

const SPECTATORS_SEE_ALL = 'Everything in the Strategic Missions Phase is public.';

function pendingFor(state: SmpState, seat: string, kind: 'roll' | 'decide', explain: boolean): RuleError | null {
  const p = derive(state).pending;
  if (!p) return explain ? ruleError('phase-over', 'The Strategic Missions Phase is over; nothing more to do.') : NOT_NOW;
  if (p.seat !== seat) return explain ? ruleError('not-your-turn', `Wardroom is waiting for ${p.seat}: ${p.prompt.split('\n')[0]}`) : NOT_NOW;
  if (p.kind !== kind) return explain ? ruleError(kind === 'roll' ? 'decision-expected' : 'roll-expected', `${seat} must ${p.kind === 'roll' ? 'roll' : 'answer'} now: ${p.prompt.split('\n')[0]}`) : NOT_NOW;
  return null;
}

/** Answer the pending request with this action; seeded dice come from `dice` and are logged with it. */
function answer(state: SmpState, action: Action, dice: DiceSource): Outcome<SmpState> | RuleError {
  const before = derive(state);
  const { rolled: _logged, ...entry } = action;
  const rec = new RecordingDice(dice);
  const next: SmpState = { ...state, log: [...state.log, entry] };
  const after = advance(state, next, rec);
  if (after.error) return after.error.refusal;
  if (rec.produced.length) entry.rolled = rec.produced;
  // Fresh objects: the derived run keeps its own (a session numbers the outcome's events in place).
  return { state: next, events: after.events.slice(before.events.length).map((e) => ({ ...e })) };
}

const ACTIONS: ActionDef<SmpState>[] = [
  {
    type: 'roll',
    decision: true,
    when: (state, seat, explain) => pendingFor(state, seat, 'roll', explain),
    label: (state) => `Roll (${derive(state).pending!.prompt})`,
    fields: (state) => {
      const p = derive(state).pending;
      return state.dice.physical && p?.kind === 'roll' ? { values: { kind: 'dice', label: 'Dice', sides: p.dice.map((d) => d.sides), labels: p.dice.map((d) => d.purpose) } } : undefined;
    },
    run: answer,
  },
  {
    type: 'choose',
    decision: true,
    when: (state, seat, explain) => pendingFor(state, seat, 'decide', explain),
    // The question as a form asks it, without the lines that list its fields for typing.
    label: (state) => (derive(state).pending as DecideRequest).action.label,
    fields: (state) => {
      const p = derive(state).pending;
      if (p?.kind !== 'decide') return undefined;
      // The documented simple policy's answer is each field's default.
      return Object.fromEntries(Object.entries(p.action.fields ?? {}).map(([k, f]) => [k, k in p.auto ? { ...f, default: p.auto[k] } : f]));
    },
    run: answer,
  },
];

export const smpModule: RulesModule<SmpState, SmpOptions> = {
  id: 'smp',
  parseOptions: parseSmpOptions,
  // A record of Wardroom 0.1 keeps the readings it was played under (docs/rulings.md, "SMP records of Wardroom 0.1").
  migrateOptions(raw) {
    const obj = (raw ?? {}) as Record<string, unknown>;
    return obj.format === 'wardroom-smp-scenario' ? { scenario: obj, rulings: '0.1' } : { ...obj, rulings: '0.1' };
  },
  setup(options) {
    return { options, dice: { counter: 0, physical: options.dice === 'physical' }, log: [] };
  },
  seats(state) {
    return state.options.scenario.nations.map((n) => n.id);
  },
  // Each nation decides for itself; nothing is secret, so teams only name the nations.
  teams(state) {
    return state.options.scenario.nations.map((n) => n.id);
  },
  teamOf(state, seat) {
    return state.options.scenario.nations.some((n) => n.id === seat) ? seat : null;
  },
  /** "United Kingdom" for the seat "uk". */
  seatLabel(state, seat) {
    return state.options.scenario.nations.find((n) => n.id === seat)?.name ?? seat;
  },
  /** A team is a nation. */
  teamLabel(state, team) {
    return smpModule.seatLabel!(state, team);
  },
  /** "Step 6: Conduct Partisan Raids" while the phase waits on the seat. */
  decision(state, seat) {
    const pending = derive(state).pending;
    const step = pending?.seat === seat ? STEPS.find((s) => s.n === pending.step) : undefined;
    return step ? `Step ${step.n}: ${step.name}` : 'a decision';
  },
  actions: () => ACTIONS,
  /** The replay's moments: where each step of the phase begins, and its end. */
  phaseMark(e) {
    if (e.type === 'step') return e.text.replace(/ \(document section .*\)$/, '');
    return e.type === 'end' ? 'The end of the phase' : null;
  },
  view: (state) => smpView(state),
  rollsFromSeed: (state) => !state.dice.physical,
  isOver(state) {
    return derive(state).pending === null;
  },
};

/**
 * What everyone sees (nothing in the phase is secret): the steps this phase runs, the request
 * waiting and its odds, the board now and the cash each nation had when the phase began.
 */
export function smpView(state: SmpState) {
  const r = derive(state);
  const only = state.options.steps;
  return {
    label: state.options.scenario.label,
    note: SPECTATORS_SEE_ALL,
    step: r.pending?.step ?? 11,
    steps: STEPS.filter((s) => !only || only.includes(s.n)).map(({ n, name }) => ({ n, name })),
    // A question as its form asks it: the fields by their labels, not by the keys a terminal types.
    pending: r.pending ? { seat: r.pending.seat, kind: r.pending.kind, prompt: r.pending.kind === 'decide' ? r.pending.action.label : r.pending.prompt, odds: r.pending.kind === 'decide' ? r.pending.odds : undefined } : null,
    board: r.board,
    startCash: state.options.scenario.cash,
    // Once the whole phase has run: the board to start the next one from (`smp run --out`, ruling R0-7).
    next: r.pending || isRuleError(nextPhaseOptions(r.board, {}, only)) ? null : nextPhase(r.board),
    events: r.events,
  };
}

/** The auto policy's answer to the current request (a ready-to-apply action), or null when over. */
export function autoAction(state: SmpState): Action | null {
  const p = derive(state).pending;
  if (!p) return null;
  if (p.kind === 'roll') return { type: 'roll', seat: p.seat };
  return { type: 'choose', seat: p.seat, ...p.auto };
}

export { validateScenario, scenarioJsonSchema, type Scenario } from './scenario.ts';
export { STEPS } from './phase.ts';
export * as odds from './odds/index.ts';
