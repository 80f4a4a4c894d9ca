import { readFileSync } from 'node:fs';
import { isRuleError } from '../../src/engine/errors.ts';
import type { Action } from '../../src/engine/module.ts';
import { PLACES, type PlaceKey } from '../../src/modules/smp/data.ts';
import { autoAction, derive, smpModule, type SmpState } from '../../src/modules/smp/index.ts';
import { PhaseRunner } from '../../src/modules/smp/phase.ts';
import type { Scenario, ScenarioInput } from '../../src/modules/smp/scenario.ts';
import { validateScenario } from '../../src/modules/smp/scenario.ts';
import type { Request, SmpEvent } from '../../src/modules/smp/script.ts';
import { apply } from '../support/kernel.ts';
import { Session, type GameRecord } from '../../src/engine/session.ts';

export const DEMO_PATH = new URL('../../examples/smp/demo-1940.json', import.meta.url);
export function demoRaw(): any {
  return JSON.parse(readFileSync(DEMO_PATH, 'utf8'));
}

/** A small board: Germany, Italy, Japan vs UK, France, Russia; the US neutral. Extend per test. */
export function mini(extra: Partial<ScenarioInput> = {}): ScenarioInput {
  return {
    format: 'wardroom-smp-scenario',
    version: 1,
    round: 2,
    season: 'summer',
    smpNumber: 2,
    nations: [
      { id: 'germany', side: 'axis', europeanAxis: true },
      { id: 'uk', side: 'allies' },
      { id: 'japan', side: 'axis', europeanAxis: false },
      { id: 'russia', side: 'allies' },
      { id: 'italy', side: 'axis', europeanAxis: true },
      { id: 'france', side: 'allies' },
      { id: 'usa', side: 'allies' },
    ],
    wars: [
      ['germany', 'uk'],
      ['germany', 'france'],
      ['germany', 'russia'],
      ['italy', 'uk'],
      ['japan', 'uk'],
    ],
    cash: { germany: 20, uk: 20, japan: 20, russia: 20, italy: 20, france: 20, usa: 20 },
    tokens: { engineer: 15, kamikaze: 15, partisan: 15 },
    territories: [{ name: 'Nowhere', owner: 'usa', units: [] }],
    seaZones: [],
    vichy: { status: 'free-french' },
    ...extra,
  } as ScenarioInput;
}

/**
 * `raw` plus every place the rules name that it does not hold yet (under its `places` name), empty
 * and controlled by `owner`: the rest of the board a step may look at, so a test lists only what
 * it is about.
 */
export function withPlaces(raw: ScenarioInput, owner = 'usa'): ScenarioInput {
  const places = (raw.places ?? {}) as Partial<Record<PlaceKey, string>>;
  const have = new Set([...(raw.territories ?? []), ...(raw.seaZones ?? [])].map((sp) => sp.name));
  const add = (Object.keys(PLACES) as PlaceKey[]).map((k) => ({ name: places[k] ?? PLACES[k].name, kind: PLACES[k].kind })).filter((p) => !have.has(p.name));
  return {
    ...raw,
    territories: [...(raw.territories ?? []), ...add.filter((p) => p.kind === 'territory').map((p) => ({ name: p.name, owner }))],
    seaZones: [...(raw.seaZones ?? []), ...add.filter((p) => p.kind === 'seaZone').map((p) => ({ name: p.name }))],
  };
}

/** A validated scenario for a phase of these steps (default all ten). */
export function scenario(raw: unknown, steps?: number[]): Scenario {
  const v = validateScenario(raw, steps);
  if (!v.ok) throw new Error(v.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return v.scenario;
}

export interface PlayOpts {
  seed?: string;
  steps?: number[];
  /** Answers for decisions: return fields to override the auto answer, or undefined for auto. */
  decide?: (req: Extract<Request, { kind: 'decide' }>) => Record<string, unknown> | undefined;
  /** Physical dice: the values for a roll request (default: seeded dice). */
  dice?: (req: Extract<Request, { kind: 'roll' }>) => number[];
  /** "0.1": play with the readings of Wardroom 0.1 (as a record of 0.1 replays). */
  rulings?: '0.1';
}

/** Open an SMP record (throws if it does not replay). */
export function openSmp(record: GameRecord): Session<SmpState> {
  const s = Session.open(smpModule, record);
  if (isRuleError(s)) throw new Error(`the record does not open: ${s.message}`);
  return s;
}

/** Play a phase through the module contract. */
export function play(raw: unknown, o: PlayOpts = {}): { state: SmpState; events: SmpEvent[]; board: Scenario; prompts: Request[] } {
  const options = smpModule.parseOptions({ scenario: raw, dice: o.dice ? 'physical' : 'seeded', ...(o.steps ? { steps: o.steps } : {}), ...(o.rulings ? { rulings: o.rulings } : {}) });
  if (isRuleError(options)) throw new Error(options.message);
  let state = smpModule.setup(options);
  const prompts: Request[] = [];
  for (let guard = 0; !smpModule.isOver(state); guard++) {
    if (guard > 2000) throw new Error('phase did not end');
    const req = derive(state).pending!;
    prompts.push(req);
    let action: Action;
    if (req.kind === 'roll') action = { type: 'roll', seat: req.seat, ...(o.dice ? { values: o.dice(req) } : {}) };
    else action = { ...autoAction(state)!, ...(o.decide?.(req) ?? {}) };
    const r = apply(smpModule, state, action, o.seed ?? 'test-seed');
    if (isRuleError(r)) throw new Error(`refused: ${r.message} (${JSON.stringify(action)})`, { cause: r });
    state = r.state;
  }
  const run = derive(state);
  return { state, events: run.events, board: run.board, prompts };
}

/** A territory or a sea zone of a board, by name (for assertions). */
export const terr = (b: { territories: { name: string }[] }, n: string) => b.territories.find((t) => t.name === n) as any;
export const zone = (b: { seaZones: { name: string }[] }, n: string) => b.seaZones.find((t) => t.name === n) as any;
/** A stack of units as a scenario lists it. */
export const unit = (owner: string, type: string, count = 1, damaged = 0) => ({ owner, type, count, ...(damaged ? { damaged } : {}) });
/** A facility as a scenario lists it. */
export const fac = (type: string, damage = 0, maxDamage?: number) => ({ type, damage, ...(maxDamage ? { maxDamage } : {}) });
/** A step's report lines as `report` gives them: a change or a note, under the step's heading, citing its rule. */
export function reportLines(heading: string, rule: string) {
  return {
    changed: (text: string, extra: Record<string, unknown> = {}) => ({ type: 'change', text: `${heading} ${text}`, rule, ...extra }),
    noted: (text: string) => ({ type: 'note', text: `${heading} ${text}`, rule }),
  };
}
/** The questions a phase asked (those whose prompt matches `re`), and its rolls as [seat, prompt]. */
export const asked = (prompts: Request[], re?: RegExp) => prompts.filter((p) => p.kind === 'decide' && (!re || re.test(p.prompt))) as any[];
export const rolls = (prompts: Request[]) => prompts.filter((p) => p.kind === 'roll').map((p) => [p.seat, p.prompt]);

/** Each question a phase asked as [seat, its first line, its auto answer]. */
export const questions = (prompts: Request[]) => asked(prompts).map((p) => [p.seat, p.prompt.split('\n')[0], p.auto]);
/** What step `step` reported (its changes and notes), with every structured field a web log shows. */
export function report(events: SmpEvent[], step: number): Record<string, unknown>[] {
  return events.filter((e) => e.step === step && (e.type === 'change' || e.type === 'note')).map(({ to: _to, step: _step, ...rest }) => rest);
}

/**
 * Physical dice by purpose: each die takes the next value of the first row whose pattern matches its
 * purpose (a row's last value repeats); a die no row matches rolls `otherwise` (6: a miss).
 */
export function diceBy(rows: [RegExp, number[]][], otherwise = 6): (req: Extract<Request, { kind: 'roll' }>) => number[] {
  const left = rows.map(([re, values]) => ({ re, values: [...values] }));
  return (req) =>
    req.dice.map((d) => {
      const row = left.find((r) => r.re.test(d.purpose));
      if (!row) return otherwise;
      return row.values.length > 1 ? row.values.shift()! : row.values[0];
    });
}

/** Physical dice where the Axis win the initiative 8 to 1; other dice as `rows` say, or miss. */
export const axisFirst = (rows: [RegExp, number[]][] = []) => diceBy([[/Initiative.*Axis/, [8]], [/Initiative.*Allies/, [1]], ...rows]);

/** The refusal (code, message, rule) that stopped `play`, or undefined if it played to the end. */
export function refusalOf(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return (e as Error).cause;
  }
}

export function texts(events: SmpEvent[], step?: number): string[] {
  return events.filter((e) => step === undefined || e.step === step).map((e) => e.text);
}

/** Small fast seeded PRNG (sfc32) for Monte Carlo runs of the real resolver with physical dice values. */
export function rng(seed: number): (sides: number) => number {
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = seed >>> 0;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return (sides) => 1 + Math.floor(next() * sides);
}

/** Run one step of the phase `n` times with the auto policy and random dice; collect `measure(board)`. */
export function monteCarlo(
  s: Scenario,
  step: number,
  n: number,
  seed: number,
  measure: (board: Scenario, events: SmpEvent[]) => number,
  decide?: (req: Extract<Request, { kind: 'decide' }>) => Record<string, unknown> | undefined,
): number[] {
  const die = rng(seed);
  const counts: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = new PhaseRunner(s, { counter: 0, physical: true }, [step]);
    for (let req = p.pending; req; req = p.pending) {
      const a: Action =
        req.kind === 'roll' ? { type: 'roll', seat: req.seat, values: req.dice.map((d) => die(d.sides)) } : { type: 'choose', seat: req.seat, ...req.auto, ...(decide?.(req) ?? {}) };
      const e = p.feed(a);
      if (e) throw new Error(e.message);
    }
    const v = measure(p.ctx.board.s, p.ctx.events);
    while (counts.length <= v) counts.push(0);
    counts[v]++;
  }
  return counts.map((c) => c / n);
}

/** Every outcome within 5 standard errors (plus a small floor) of the exact probability. */
export function expectClose(exact: number[], sampled: number[], n: number): void {
  const len = Math.max(exact.length, sampled.length);
  for (let k = 0; k < len; k++) {
    const p = exact[k] ?? 0;
    const q = sampled[k] ?? 0;
    const tol = 5 * Math.sqrt(Math.max(p * (1 - p), 1 / n) / n) + 1e-3;
    if (Math.abs(p - q) > tol) throw new Error(`outcome ${k}: exact ${p.toFixed(5)} vs sampled ${q.toFixed(5)} (tolerance ${tol.toFixed(5)})`);
  }
}
