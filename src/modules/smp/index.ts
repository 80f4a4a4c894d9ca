/**
 * The Strategic Missions Phase rules module ("smp"): the engine contract over the phase script.
 * State = validated scenario + dice + action log; everything else is derived by replay (cached).
 */
import type { DiceState } from '../../engine/dice.ts';
import { RuleError } from '../../engine/errors.ts';
import type { Action, ActionSpec, GameEvent, Outcome, RulesModule } from '../../engine/module.ts';
import { PhaseRunner, runPhase, type Run } from './phase.ts';
import { validateScenario, type Scenario } from './scenario.ts';

export interface SmpOptions {
  scenario: Scenario;
  dice: 'seeded' | 'physical';
  /** Run only these steps (tests, `smp run --steps`); default all ten. */
  steps?: number[];
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
    const r = runPhase(state.options.scenario, state.dice, state.log, state.options.steps);
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
function advance(prev: SmpState, next: SmpState): Run {
  const c = cache.get(prev);
  const runner = c?.runner;
  if (!c || !runner || runner.dead || runner.fed !== prev.log.length) return derive(next);
  cache.set(prev, { run: c.run });
  const e = runner.feed(next.log[next.log.length - 1]);
  if (e) return { ...c.run, error: { index: next.log.length - 1, refusal: e } };
  const run = runner.snapshot(true);
  cache.set(next, { run, runner });
  return run;
}

/** Validate raw options `{ scenario, dice? }` (or a bare scenario). */
export function parseSmpOptions(raw: unknown): SmpOptions | RuleError {
  const obj = (raw ?? {}) as Record<string, unknown>;
  const rawScenario = obj.format === 'wardroom-smp-scenario' ? obj : obj.scenario;
  const v = validateScenario(rawScenario);
  if (!v.ok) return new RuleError('invalid-scenario', `The scenario is not valid:\n${v.errors.map((e) => `  ${e.path}: ${e.message}`).join('\n')}`);
  const dice = obj.dice === 'physical' ? 'physical' : 'seeded';
  const steps = Array.isArray(obj.steps) ? (obj.steps as number[]) : undefined;
  if (steps && steps.some((n) => !Number.isInteger(n) || n < 1 || n > 10)) return new RuleError('bad-steps', 'steps must be numbers from 1 to 10');
  return { scenario: v.scenario, dice, ...(steps ? { steps } : {}) };
}

export const smpModule: RulesModule<SmpState, SmpOptions> = {
  id: 'smp',
  parseOptions: parseSmpOptions,
  setup(options, seed) {
    return { options, dice: { seed, counter: 0, physical: options.dice === 'physical' }, log: [] };
  },
  seats(state) {
    return state.options.scenario.nations.map((n) => n.id);
  },
  waitingFor(state) {
    const p = derive(state).pending;
    return p ? [p.seat] : [];
  },
  legalActions(state, seat): ActionSpec[] {
    const p = derive(state).pending;
    if (!p || p.seat !== seat) return [];
    if (p.kind === 'decide') return [p.action];
    return [
      {
        type: 'roll',
        label: p.prompt,
        ...(state.dice.physical ? { fields: { values: { kind: 'dice' as const, sides: p.dice.map((d) => d.sides) } } } : {}),
      },
    ];
  },
  apply(state, action): Outcome<SmpState> | RuleError {
    const before = derive(state);
    if (!before.pending) return new RuleError('phase-over', 'The Strategic Missions Phase is over; nothing more to do.');
    const next: SmpState = { ...state, log: [...state.log, action] };
    const after = advance(state, next);
    if (after.error) return after.error.refusal;
    const events: GameEvent[] = after.events.slice(before.events.length);
    return { state: next, events };
  },
  view(state, _seat) {
    const r = derive(state);
    return {
      label: state.options.scenario.label,
      step: r.pending?.step ?? 11,
      pending: r.pending
        ? { seat: r.pending.seat, kind: r.pending.kind, prompt: r.pending.prompt, odds: r.pending.kind === 'decide' ? r.pending.odds : undefined }
        : null,
      board: r.board,
      events: r.events,
    };
  },
  isOver(state) {
    return derive(state).pending === null;
  },
};

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
