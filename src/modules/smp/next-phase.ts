/**
 * After the phase: the scenario of the next Strategic Missions Phase (ruling R0-7). The document
 * holds the first SMP "at the end of turn 1"; Wardroom holds one at the end of every game round,
 * each round one season, so the SMP number and the round go up by one and the season moves on,
 * unless the players give the next round and season themselves.
 */
import { ruleError, type RuleError } from '../../engine/errors.ts';
import { cloneData, STEPS } from './phase.ts';
import { SEASONS, type Scenario } from './scenario.ts';

type Season = Scenario['season'];

export interface NextPhase {
  round?: number;
  season?: Season;
}

/**
 * Check the next round and season the players typed (either may be left out). `steps`: the steps
 * this phase runs, when its next board is wanted: it needs every step, or the effects of those left
 * out would be lost (the next board starts from this phase's end).
 */
export function nextPhaseOptions(current: Scenario, raw: { round?: string; season?: string }, steps?: readonly number[]): NextPhase | RuleError {
  const left = steps ? STEPS.map((s) => s.n).filter((n) => !steps.includes(n)) : [];
  if (left.length)
    return ruleError('next-phase-steps', `the next phase's board needs every step of this phase; ${left.length === 1 ? 'step' : 'steps'} ${left.join(', ')} would not run and their effects would be lost.`);
  const out: NextPhase = {};
  if (raw.round !== undefined) {
    const n = Number(raw.round);
    if (!Number.isInteger(n) || n <= current.round)
      return ruleError('bad-next-round', `The next round must be a whole number after round ${current.round} (this phase's round), not "${raw.round}".`);
    out.round = n;
  }
  if (raw.season !== undefined) {
    const s = SEASONS.find((x) => x === raw.season);
    if (!s) return ruleError('bad-next-season', `The next season must be one of ${SEASONS.join(', ')}, not "${raw.season}".`);
    out.season = s;
  }
  return out;
}

/** The board after this phase as the scenario of the next one. */
export function nextPhase(board: Scenario, next: NextPhase = {}): Scenario {
  return {
    ...cloneData(board),
    smpNumber: board.smpNumber + 1,
    round: next.round ?? board.round + 1,
    season: next.season ?? SEASONS[(SEASONS.indexOf(board.season) + 1) % SEASONS.length],
  };
}
