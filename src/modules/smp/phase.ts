/**
 * The Strategic Missions Phase as one script: the ten steps in the order of the list at the top
 * of the document (ruling R0-1), and the driver that replays it from a scenario and an action log.
 */
import { rollDice, type DiceState } from '../../engine/dice.ts';
import { RuleError } from '../../engine/errors.ts';
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
    ctx.events.push({ type: 'step', step: s.n, text: `Step ${s.n}: ${s.name} (document section ${s.section})` });
    yield* s.run(ctx);
  }
  ctx.step = 11;
  ctx.events.push({ type: 'end', step: 11, text: 'The Strategic Missions Phase is over.' });
}

export interface Run {
  board: Scenario;
  events: SmpEvent[];
  pending: Request | null;
  dice: DiceState;
  /** A refusal of log[errorIndex], if any. */
  error?: { index: number; refusal: RuleError };
}

export function newCtx(scenario: Scenario, dice: DiceState): Ctx {
  const board = new Board(structuredClone(scenario), catalogOf(scenario));
  return { board, dice, events: [], step: 0, used: new Map() };
}

/** Replay the phase over `log`. Deterministic: same scenario, seed and log give the same run. */
export function runPhase(scenario: Scenario, dice: DiceState, log: readonly Action[], only?: number[]): Run {
  const ctx = newCtx(scenario, dice);
  const gen = phase(ctx, only);
  let i = 0;
  const fail = (e: unknown): Run => {
    if (e instanceof RuleError) return { board: ctx.board.s, events: ctx.events, pending: null, dice: ctx.dice, error: { index: i, refusal: e } };
    throw e;
  };
  let r: IteratorResult<Request, void>;
  try {
    r = gen.next();
  } catch (e) {
    return fail(e);
  }
  while (!r.done) {
    const req = r.value;
    if (i >= log.length) return { board: ctx.board.s, events: ctx.events, pending: req, dice: ctx.dice };
    const a = log[i];
    try {
      if (a.seat !== req.seat)
        throw new RuleError('not-your-turn', `Wardroom is waiting for ${ctx.board.nationName(req.seat)} (${req.seat}): ${req.kind === 'roll' ? `roll ${req.prompt}` : req.prompt.split('\n')[0]}`);
      let answer: unknown;
      if (req.kind === 'roll') {
        if (a.type !== 'roll') throw new RuleError('roll-expected', `${ctx.board.nationName(req.seat)} must roll now: ${req.prompt}`);
        const values = a.values as number[] | undefined;
        const out = rollDice(ctx.dice, req.seat, req.dice, values);
        ctx.dice = out.dice;
        for (const ev of out.events) ctx.events.push({ ...ev, step: req.step });
        answer = out.values;
      } else {
        if (a.type === 'roll') throw new RuleError('decision-expected', `No dice now: ${ctx.board.nationName(req.seat)} must answer: ${req.prompt.split('\n')[0]}`);
        answer = a;
      }
      r = gen.next(answer);
      i++;
    } catch (e) {
      return fail(e);
    }
  }
  return { board: ctx.board.s, events: ctx.events, pending: null, dice: ctx.dice };
}
