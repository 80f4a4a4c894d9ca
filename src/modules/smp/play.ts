/**
 * What an adapter (CLI, server) needs beyond the module contract: the prompt's text, answers
 * files, the phase report, the next board, and the odds commands. Adapters only read input and
 * print.
 */
import { isRuleError, ruleError, type RuleError } from '../../engine/errors.ts';
import type { Action } from '../../engine/module.ts';
import { autoAction, derive, type SmpState } from './index.ts';
import { UNIT_TYPES, VICHY_ROLLS } from './data.ts';
import { MAX_COUNT } from './odds/limits.ts';
import { BUNKER_DICE, coastalOdds, kamikazeOdds, mean, partisanOdds, raidOdds, vichySequence, type Dist, type RaidGroup } from './odds/index.ts';
import { nextPhase, type NextPhase } from './next-phase.ts';
import type { Scenario } from './scenario.ts';
import type { Request, SmpEvent } from './script.ts';

/** The pending request as text for a prompt. */
export function describeRequest(req: Request): string {
  const lines = [`[Step ${req.step}] ${req.seat}: ${req.prompt}`];
  if (req.kind === 'decide') {
    if (req.odds?.length) lines.push(...req.odds.map((o) => `  odds: ${o}`));
    for (const [k, f] of Object.entries(req.action.fields ?? {})) {
      // A short list on one line; a long one a choice per line, so that a number never ends a line apart from its name.
      const list = (head: string, items: string[], sep: string) => {
        const one = `  ${head}: ${items.join(sep)}`;
        lines.push(one.length <= 80 ? one : [`  ${head}:`, ...items.map((i) => `    ${i}`)].join('\n'));
      };
      if (f.kind === 'choice') list(k, f.options.map((o, i) => `[${typeof o.value === 'number' ? o.value : i + 1}] ${o.label}${typeof o.value === 'number' ? '' : ` (${o.value})`}`), '  ');
      if (f.kind === 'subset') list(`${k} (comma-separated, "none" for none)`, f.options.map((o) => `${o.value}=${o.label}`), '; ');
      // A number the prompt's text does not list already ("s0: infantry in Belarus (0-3)"): its label and range.
      if (f.kind === 'int' && !req.prompt.includes(`${k}:`)) lines.push(`  ${k}: ${f.label} (${f.min}-${f.max})`);
    }
    lines.push(`  auto answer: ${spacedJson(req.auto)}`);
  }
  return lines.join('\n');
}

/** JSON on one line with a space after each comma and colon: a terminal can wrap it between fields, and it still reads as JSON. */
export function spacedJson(value: unknown): string {
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
}

/** Fill a decision from an answers-file entry: an object of fields, or "auto". */
export function actionFromAnswer(state: SmpState, entry: unknown): Action | RuleError {
  const p = derive(state).pending;
  if (!p) return ruleError('phase-over', 'The phase is over; there is nothing to answer.');
  if (entry === 'auto' || entry === null) return autoAction(state)!;
  if (typeof entry !== 'object' || Array.isArray(entry)) return ruleError('bad-answer', `An answer must be an object of fields or "auto", not ${JSON.stringify(entry)}.`);
  const e = entry as Record<string, unknown>;
  if (p.kind === 'roll') return { type: 'roll', seat: p.seat, ...(e.values ? { values: e.values } : {}) };
  return { type: 'choose', seat: p.seat, ...p.auto, ...e };
}

/** The phase report, step by step. */
export function reportText(events: readonly SmpEvent[]): string {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'step') out.push('', `== ${e.text} ==`);
    else if (e.type === 'roll') out.push(`    🎲 ${e.text} (${String(e.seat)})`);
    else if (e.type === 'change') out.push(`  * ${e.text}`);
    else out.push(`  - ${e.text}`);
  }
  return out.join('\n').trim() + '\n';
}

/**
 * Where the phase left what the players keep on paper, against where it began: each nation's IPCs,
 * the tokens left, and Vichy France, a line each.
 */
export function afterPhase(state: SmpState): string {
  const before = state.options.scenario;
  const after = derive(state).board;
  const was = (a: number, b: number) => (a === b ? `${b}` : `${a} → ${b}`);
  const name = (id: string) => after.nations.find((n) => n.id === id)?.name ?? id;
  const ipcs = Object.keys(after.cash).map((id) => `${name(id)} ${was(before.cash[id] ?? 0, after.cash[id])}`);
  const tokens = (['engineer', 'kamikaze', 'partisan'] as const).map((k) => `${k} ${was(before.tokens[k], after.tokens[k])}`);
  const v = after.vichy;
  return [
    'After the phase:',
    `  IPCs on hand: ${ipcs.join(', ')}.`,
    `  Tokens left: ${tokens.join(', ')}.`,
    `  Vichy France: ${v.status}${v.status === before.vichy.status ? '' : ` (was ${before.vichy.status})`}; turned to the Axis ${v.turned.axis}, to the Free French ${v.turned.freeFrench}.`,
  ].join('\n');
}

/**
 * The scenario of the next SMP: the board after this phase with the SMP number, the round and the
 * season moved on (ruling R0-7), or the round and season from `nextPhaseOptions`.
 */
export function nextBoard(state: SmpState, next: NextPhase = {}): Scenario {
  return nextPhase(derive(state).board, next);
}

export { nextPhaseOptions, type NextPhase } from './next-phase.ts';

// ------------------------------------------------------------------ odds commands
export type OddsKind = 'kamikaze' | 'coastal' | 'partisan' | 'bombing' | 'shore' | 'vichy';

function rows(d: Dist, key: string): Record<string, number>[] {
  return d.map((p, k) => ({ [key]: k, p })).filter((r) => (r.p as number) > 0);
}

export interface OddsResult {
  json: Record<string, unknown>;
  text: string;
}

function asText(title: string, d: Dist, key: string): string {
  return [title, ...d.map((p, k) => (p > 0 ? `  ${key} ${String(k).padStart(3)}: ${(p * 100).toFixed(3).padStart(8)}%` : '')).filter(Boolean), `  mean: ${mean(d).toFixed(3)}`].join('\n');
}

/** The most Vichy rolls one nation makes in a phase: 1 die per place on its roll list (#2, ruling R0-9). */
export const VICHY_MOST_ATTEMPTS = Math.max(...(['japan', 'uk', 'italy', 'freeFrench', 'germany'] as const).map((n) => VICHY_ROLLS[n].targets.length));

/** A d6 roll needed ("hits on N or less"): 1 to 6. */
const D6 = (what: string, rule: string) => ({ min: 1, max: 6, why: `${what} on a d6 (${rule})` });
/**
 * The values the rules allow in an odds query, beyond the counts' limits (odds/limits.ts): the
 * kind's option (camel-cased, as `oddsFor` reads it) → its range and where the rules give it.
 */
export const ODDS_RANGES: Partial<Record<OddsKind, Record<string, { min: number; max: number; why: string }>>> = {
  kamikaze: { tokens: { min: 0, max: 3, why: 'kamikaze tokens, up to 3 per kamikaze zone (#7)' } },
  partisan: { tokens: { min: 0, max: 3, why: 'partisan tokens, up to 3 per occupied territory (#8)' } },
  bombing: { aa: D6("the AA barrage's roll needed", '#5'), interceptorHit: D6("the interceptors' dog-fight roll needed", '#5') },
  shore: { interceptorHit: D6("the interceptors' dog-fight roll needed", '#6') },
  vichy: {
    hitOn: D6('the roll needed', '#2'),
    bonus: { min: 0, max: 1, why: "Germany's Vichy rolls are increased by 1 after Hendaye (#1.4)" },
    attempts: { min: 0, max: VICHY_MOST_ATTEMPTS, why: `Vichy rolls of one nation in one phase, 1 die per place on its roll list; the longest list, the Free French one, has ${VICHY_MOST_ATTEMPTS} places (#2)` },
  },
};

/**
 * One number of an odds query, as typed (decimal digits only: Number() would read "0x10" as 16 and
 * "" as 0) or as a number: held to what the rules allow (`ODDS_RANGES`), else to the size limit
 * of the exact odds (odds/limits.ts). The number, or a refusal naming the option and the range.
 */
export function oddsValue(kind: OddsKind, key: string, v: string | number): number | RuleError {
  const r = ODDS_RANGES[kind]?.[key] ?? { min: 0, max: MAX_COUNT, why: '' };
  const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : NaN;
  if (Number.isInteger(n) && n >= r.min && n <= r.max) return n;
  return ruleError('bad-option', `--${key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} must be a whole number from ${r.min} to ${r.max}, not ${v === '' ? '""' : v}${r.why ? `: ${r.why}` : ''}`);
}

/** Compute odds for the CLI. `o` holds numbers already parsed; a value the rules do not allow (`ODDS_RANGES`) is refused naming its option. */
export function oddsFor(kind: OddsKind, o: Record<string, number | string | undefined>): OddsResult | RuleError {
  for (const k of Object.keys(ODDS_RANGES[kind] ?? {})) {
    const v = o[k];
    const checked = v === undefined ? undefined : oddsValue(kind, k, v);
    if (isRuleError(checked)) return checked;
  }
  const n = (k: string, def = 0): number => (o[k] === undefined ? def : Number(o[k]));
  switch (kind) {
    case 'kamikaze': {
      const d = kamikazeOdds({ tokens: n('tokens'), fighters: n('fighters'), tacticalBombers: n('tacticalBombers') });
      return { json: { distribution: rows(d, 'hits') }, text: asText(`Kamikaze: ${n('tokens')} token(s) @3 vs ${n('fighters')} fighter(s) 1@2 and ${n('tacticalBombers')} tactical bomber(s) 1@1 — hits on ships`, d, 'hits') };
    }
    case 'coastal': {
      const b = String(o.bunker ?? 'minor');
      if (b !== 'minor' && b !== 'major') return ruleError('bad-option', '--bunker must be minor or major');
      const d = coastalOdds(BUNKER_DICE[b], 1);
      return { json: { distribution: rows(d, 'hits') }, text: asText(`Coastal defence: ${b} bunker ${BUNKER_DICE[b]}@1 — hits`, d, 'hits') };
    }
    case 'partisan': {
      const cap = o.capacity === undefined ? undefined : [n('capacity')];
      const r = partisanOdds({ tokens: [n('tokens')], capacity: cap, eliteInfantry: n('elite') });
      return { json: { distribution: rows(r.total, 'damage') }, text: asText(`Partisans: ${n('tokens')} token(s) on one facility, security 1@1, ${n('elite')} elite infantry 1@2, token @3 for 3 damage`, r.total, 'damage') };
    }
    case 'bombing':
    case 'shore': {
      const groups: RaidGroup[] =
        kind === 'bombing'
          ? [
              { type: 'tactical_bomber', n: n('tacticalBombers'), damage: 2, target: 0 },
              { type: 'strategic_bomber', n: n('strategicBombers'), damage: 4, target: 0 },
              { type: 'super_fortress', n: n('superFortresses'), damage: 6, target: 0 },
            ]
          : [
              { type: 'cruiser', n: n('cruisers'), damage: 2, target: 0 },
              { type: 'battleship', n: n('battleships'), damage: 4, target: 0 },
              { type: 'super_battleship', n: n('superBattleships'), damage: 5, target: 0 },
            ];
      // A battleship's first dog-fight hit only damages it; it still bombards (ruling R4-2): such hits are taken first, like escorts.
      const free = kind === 'shore' ? groups.reduce((k, g) => k + ((UNIT_TYPES[g.type].hits ?? 1) >= 2 ? g.n : 0), 0) : 0;
      const r = raidOdds({
        escorts: n('escorts') + free,
        groups: groups.filter((g) => g.n > 0),
        interceptors: [{ n: n('interceptors'), hitOn: n('interceptorHit', 2) }],
        aaHitOn: kind === 'bombing' ? n('aa', 1) : 0,
        capacity: [n('capacity', 1e9)],
      });
      const plural = (type: string) => `${type.replaceAll('_', ' ')}${type.endsWith('s') ? '(es)' : '(s)'}`; // as the player reads them, not their ids
      const what = groups.filter((g) => g.n > 0).map((g) => `${g.n} ${plural(g.type)}`).join(', ') || (kind === 'bombing' ? 'no bombers' : 'no ships');
      return {
        json: { distribution: rows(r.total, 'damage'), survivors: rows(r.survivors, 'units') },
        text: asText(`${kind === 'bombing' ? 'Bombing raid' : 'Shore bombardment'}: ${what}; ${n('escorts')} escort(s); ${n('interceptors')} interceptor(s) @${n('interceptorHit', 2)}${kind === 'bombing' ? `; AA @${n('aa', 1)}` : ''}${o.capacity !== undefined ? `; facility can take ${n('capacity')} more` : ''} — damage (casualties: ${kind === 'shore' ? 'first a hit on each battleship, which only damages it, then escorts' : 'escorts first'}, then cheapest${n('superBattleships') && UNIT_TYPES.super_battleship.hits === undefined ? '; a super battleship counted as one hit (the document states none; a scenario gives its own)' : ''})`, r.total, 'damage'),
      };
    }
    case 'vichy': {
      const hitOn = n('hitOn', 3);
      // R0-9: each value within its range, and together a roll the game can ask for (not 7 on a d6). Said in words a form's labels and the CLI's options both match (h22).
      if (hitOn + n('bonus') > 6) return ruleError('bad-option', `A bonus of ${n('bonus')} on a roll needed of ${hitOn} would need a roll of ${hitOn + n('bonus')} on a d6: the Hendaye bonus goes on Germany's rolls @3 (#1.4, #2)`);
      const d = vichySequence(n('attempts', 1), hitOn, n('bonus'));
      return {
        json: { success: (hitOn + n('bonus')) / 6, distribution: rows(d, 'successes') },
        text: asText(`Vichy: ${n('attempts', 1)} attempt(s) @${hitOn}${n('bonus') ? ` +${n('bonus')}` : ''}`, d, 'successes'),
      };
    }
  }
}
