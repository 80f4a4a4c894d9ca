/**
 * A small scripted-game helper for hand-made CWNB scenarios (views, undo, bug reproductions):
 * a Session on the demo data whose `act` throws on a refusal, so a test fails at the step that
 * went wrong.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isRuleError, type RuleError } from '../../src/engine/errors.ts';
import type { Action, GameEvent } from '../../src/engine/module.ts';
import { Replay } from '../../src/engine/replay.ts';
import { newGameRecord, Session } from '../../src/engine/session.ts';
import type { ZoneId } from '../../src/modules/cwnb/data/index.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import type { CwnbState } from '../../src/modules/cwnb/state.ts';
import { apply, codeOf } from './kernel.ts';

export interface Table {
  session: Session<CwnbState>;
  readonly state: CwnbState;
  /** Apply an action through the session; throws with the refusal if it is refused. */
  act(seat: string, type: string, fields?: Record<string, unknown>): GameEvent[];
  /** Try an action that must be refused; returns the refusal with the rule's own code (throws if it was accepted). */
  refused(seat: string, type: string, fields?: Record<string, unknown>): RuleError;
}

export function openSession(record: Parameters<typeof Session.open>[1], opts?: Parameters<typeof Session.open>[2]): Session<CwnbState> {
  const s = Session.open(cwnb, record, opts);
  if (isRuleError(s)) throw new Error(`the record does not open: ${s.index !== undefined ? `#${s.index} ` : ''}${s.code}: ${s.message}`);
  return s;
}

export function table(zones: ZoneId[], opts: { turns?: number; dice?: 'seeded' | 'physical'; seed?: string; optional?: Record<string, unknown> } = {}): Table {
  const seed = opts.seed ?? 'scenario-seed-0123456789abcdef';
  const session = openSession(newGameRecord(cwnb.id, { zones, turns: opts.turns ?? 1, dice: opts.dice ?? 'physical', roster: 'demo', startingPoints: 'demo', ...(opts.optional ? { optional: opts.optional } : {}) }, seed));
  return {
    session,
    get state() {
      return session.state;
    },
    act(seat, type, fields = {}) {
      const action: Action = { type, seat, ...fields };
      const r = session.submit(action);
      if (isRuleError(r)) throw new Error(`${JSON.stringify(action)} refused: ${r.code}: ${r.message}`);
      return r;
    },
    refused(seat, type, fields = {}) {
      const action: Action = { type, seat, ...fields };
      const r = apply(cwnb, session.state, action, seed);
      if (!isRuleError(r)) throw new Error(`${JSON.stringify(action)} was accepted`);
      return { ...r, code: codeOf(r) };
    },
  };
}

/**
 * Every state of every example campaign (examples/cwnb and examples/cwnb/optional), in order: they
 * reach what the fuzzer rarely does (a Port Strike, a kept Additional Ship card).
 */
export function* exampleStates(): Generator<{ file: string; step: number; state: CwnbState }> {
  for (const dir of ['../../examples/cwnb/', '../../examples/cwnb/optional/']) {
    const url = new URL(dir, import.meta.url);
    for (const file of readdirSync(url).filter((f) => f.endsWith('.json')).sort()) {
      const record = JSON.parse(readFileSync(new URL(file, url), 'utf8'));
      const replay = new Replay<CwnbState>(cwnb, record);
      for (let step = 0; step <= record.log.length; step++) {
        const state = replay.stateAt(record.log, step);
        if (isRuleError(state)) throw new Error(`${file}: step ${step} does not replay: ${state.message}`);
        yield { file, step, state };
      }
    }
  }
}
