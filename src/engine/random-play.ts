import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { Action, ActionSpec, Fields, FieldSpec } from './module.ts';

/**
 * Seeded random choices for fuzzing and benchmarks (never used by the rules themselves): a
 * random concrete action from a seat's ActionSpecs.
 */
export class Chooser {
  private rng;
  constructor(seed: number) {
    // Mix the seed first (splitmix32 finaliser): xoroshiro's first draws from nearby small seeds
    // are almost the same, so games 1, 2, 3… would start alike.
    let h = (seed | 0) + 0x9e3779b9;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    this.rng = xoroshiro128plus((h ^ (h >>> 16)) | 0);
  }
  int(min: number, max: number): number {
    return uniformInt(this.rng, min, max);
  }
  chance(p: number): boolean {
    return this.int(0, 999) < p * 1000;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(0, xs.length - 1)];
  }
  weighted<T>(xs: readonly T[], weight: (x: T) => number): T {
    const weights = xs.map(weight);
    let total = 0;
    for (const w of weights) total += w;
    let r = this.int(0, Math.max(0, Math.ceil(total * 100) - 1)) / 100;
    for (let i = 0; i < xs.length; i++) {
      r -= weights[i];
      if (r < 0) return xs[i];
    }
    return xs[xs.length - 1];
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }

  field(f: FieldSpec): unknown {
    if (f.optional && f.kind !== 'subset' && this.chance(0.3)) return undefined;
    switch (f.kind) {
      case 'choice':
        return f.options.length ? this.pick(f.options).value : undefined;
      case 'subset': {
        const n = this.int(f.min, Math.max(f.min, f.max));
        return this.shuffle(f.options)
          .slice(0, n)
          .map((o) => o.value);
      }
      case 'int':
        return this.int(f.min, f.max);
      case 'dice': {
        const dice = f.sides.map((s) => this.int(1, s));
        return f.min !== undefined && this.chance(0.5) ? dice.slice(0, f.min) : dice;
      }
      case 'bool':
        return this.chance(0.5);
      case 'text':
        return `random text ${this.int(0, 1e6)}`;
    }
  }

  /** Random values for a form's fields, and for the fields of the options chosen (variants). */
  fill(fields: Fields | undefined, into: Record<string, unknown>): void {
    for (const [name, f] of Object.entries(fields ?? {})) {
      const v = this.field(f);
      if (v === undefined) continue;
      into[name] = v;
      if (f.kind === 'choice') this.fill(f.options.find((o) => o.value === v)?.fields, into);
    }
  }

  /** A concrete action for `seat` from one of `specs`, picked with the given weights (default 1). */
  action(seat: string, specs: readonly ActionSpec[], weight: (type: string) => number = () => 1): Action {
    const spec = this.weighted(specs, (s) => weight(s.type));
    const action: Action = { type: spec.type, seat };
    this.fill(spec.fields, action);
    return action;
  }
}
