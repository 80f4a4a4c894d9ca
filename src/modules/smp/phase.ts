/**
 * The Strategic Missions Phase as one script: the ten steps in the order of the list at the top
 * of the document (ruling R0-1), and the driver that replays it from a scenario and an action log.
 */
import { NO_SEED, RecordingDice, rollDice, type DiceSource, type DiceState } from '../../engine/dice.ts';
import { isRuleError, ruleError, type RuleError } from '../../engine/errors.ts';
import type { Action } from '../../engine/module.ts';
import { Board } from './board.ts';
import { bombingRaids } from './bombing-raids.ts';
import { coastalDefences } from './coastal-defences.ts';
import { convoyRaids } from './convoy-raids.ts';
import { kamikazeRaids } from './kamikaze-raids.ts';
import { nationalAdvantages } from './national-advantages.ts';
import { partisanRaids } from './partisan-raids.ts';
import { catalogOf, type Scenario } from './scenario.ts';
import type { Ctx, Request, Script, SmpEvent } from './script.ts';
import { shoreBombardments } from './shore-bombardments.ts';
import { specialSituations } from './special-situations.ts';
import { transportReassignment } from './transport-reassignment.ts';
import { vichyFrance } from './vichy-france.ts';

export const STEPS: { n: number; name: string; section: string; run: (ctx: Ctx) => Script }[] = [
  { n: 1, name: 'Resolve Special Situations', section: '#1', run: specialSituations },
  { n: 2, name: 'Conduct Vichy France', section: '#2', run: vichyFrance },
  { n: 3, name: 'Conduct Bombing Raids', section: '#5', run: bombingRaids },
  { n: 4, name: 'Conduct Shore Bombardments', section: '#6', run: shoreBombardments },
  { n: 5, name: 'Conduct Convoy Raids', section: '#3', run: convoyRaids },
  { n: 6, name: 'Conduct Partisan Raids', section: '#8', run: partisanRaids },
  { n: 7, name: 'Conduct Kamikaze Raids', section: '#7', run: kamikazeRaids },
  { n: 8, name: 'Reassign Transport Units', section: '#9', run: transportReassignment },
  { n: 9, name: 'Resolve Coastal Defences', section: '#4', run: coastalDefences },
  { n: 10, name: 'Apply National Advantages', section: '#10', run: nationalAdvantages },
];

export function* phase(ctx: Ctx, only?: number[]): Script {
  for (const s of STEPS) {
    if (only && !only.includes(s.n)) continue;
    ctx.step = s.n;
    ctx.events.push({ type: 'step', to: 'all', step: s.n, text: `Step ${s.n}: ${s.name} (document section ${s.section})` });
    yield* s.run(ctx);
  }
  ctx.step = 11;
  ctx.events.push({ type: 'end', to: 'all', step: 11, text: 'The Strategic Missions Phase is over.' });
}

export interface Run {
  board: Scenario;
  events: SmpEvent[];
  pending: Request | null;
  dice: DiceState;
  /** A refusal of log[errorIndex], if any. */
  error?: { index: number; refusal: RuleError };
}

/** Deep copy of plain JSON data (about 10× faster than structuredClone for a board). */
export function cloneData<T>(x: T): T {
  if (Array.isArray(x)) return x.map(cloneData) as T;
  if (x !== null && typeof x === 'object') {
    const o: Record<string, unknown> = {};
    for (const k in x) o[k] = cloneData((x as Record<string, unknown>)[k]);
    return o as T;
  }
  return x;
}

export function newCtx(scenario: Scenario, dice: DiceState, rulings?: '0.1'): Ctx {
  const board = new Board(cloneData(scenario), catalogOf(scenario));
  return { board, dice, events: [], step: 0, used: new Map(), ...(rulings ? { rulings } : {}) };
}

/**
 * A phase in progress: the live script and its context. `feed` answers the pending request; a
 * refusal kills the runner (its context may be half-changed), so callers replay from scratch.
 */
export class PhaseRunner {
  readonly ctx: Ctx;
  private readonly gen: Script;
  private r: IteratorResult<Request, void> | null = null;
  dead: RuleError | null = null;
  fed = 0;

  constructor(scenario: Scenario, dice: DiceState, only?: number[], rulings?: '0.1') {
    this.ctx = newCtx(scenario, dice, rulings);
    this.gen = phase(this.ctx, only);
    try {
      this.r = this.gen.next();
    } catch (e) {
      if (!isRuleError(e)) throw e;
      this.dead = e;
    }
  }

  get pending(): Request | null {
    return this.r && !this.r.done ? this.r.value : null;
  }

  /**
   * Answer the pending request. Seeded dice come from `source` (by default the values logged with
   * the action, `rolled`); returns the refusal, if any.
   */
  feed(a: Action, source: DiceSource = new RecordingDice(NO_SEED, (a.rolled as number[] | undefined) ?? [])): RuleError | null {
    const ctx = this.ctx;
    const req = this.pending;
    if (this.dead) return this.dead;
    if (!req) return ruleError('phase-over', 'The Strategic Missions Phase is over; nothing more to do.');
    try {
      if (a.seat !== req.seat)
        throw ruleError('not-your-turn', `Wardroom is waiting for ${ctx.board.nationName(req.seat)} (${req.seat}): ${req.kind === 'roll' ? `roll ${req.prompt}` : req.prompt.split('\n')[0]}`);
      let answer: unknown;
      if (req.kind === 'roll') {
        if (a.type !== 'roll') throw ruleError('roll-expected', `${ctx.board.nationName(req.seat)} must roll now: ${req.prompt}`);
        const out = rollDice(ctx.dice, source, req.seat, req.dice, a.values as number[] | undefined);
        ctx.dice = out.dice;
        for (const ev of out.events) ctx.events.push({ ...ev, step: req.step });
        answer = out.values;
      } else {
        if (a.type === 'roll') throw ruleError('decision-expected', `No dice now: ${ctx.board.nationName(req.seat)} must answer: ${req.prompt.split('\n')[0]}`);
        answer = a;
      }
      this.r = this.gen.next(answer);
      this.fed++;
      return null;
    } catch (e) {
      if (!isRuleError(e)) throw e;
      this.dead = e;
      return e;
    }
  }

  /** The run as it stands (shares the runner's objects unless `copy`). */
  snapshot(copy = false): Run {
    const c = this.ctx;
    return {
      board: copy ? cloneData(c.board.s) : c.board.s,
      events: copy ? [...c.events] : c.events,
      pending: this.pending,
      dice: { ...c.dice },
    };
  }
}

/** Replay the phase over `log`. Deterministic: same scenario, seed and log give the same run. */
export function runPhase(scenario: Scenario, dice: DiceState, log: readonly Action[], only?: number[], rulings?: '0.1'): Run & { runner: PhaseRunner } {
  const p = new PhaseRunner(scenario, dice, only, rulings);
  if (p.dead) return { ...p.snapshot(), error: { index: 0, refusal: p.dead }, runner: p };
  for (let i = 0; i < log.length; i++) {
    const e = p.feed(log[i]);
    if (e) return { ...p.snapshot(), error: { index: i, refusal: e }, runner: p };
  }
  return { ...p.snapshot(), runner: p };
}
