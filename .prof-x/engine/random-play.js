import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
/**
 * Seeded random choices for fuzzing and benchmarks (never used by the rules themselves): a
 * random concrete action from a seat's ActionSpecs.
 */
export class Chooser {
    rng;
    constructor(seed) {
        // Mix the seed first (splitmix32 finaliser): xoroshiro's first draws from nearby small seeds
        // are almost the same, so games 1, 2, 3… would start alike.
        let h = (seed | 0) + 0x9e3779b9;
        h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
        h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
        this.rng = xoroshiro128plus((h ^ (h >>> 16)) | 0);
    }
    int(min, max) {
        return uniformInt(this.rng, min, max);
    }
    chance(p) {
        return this.int(0, 999) < p * 1000;
    }
    pick(xs) {
        return xs[this.int(0, xs.length - 1)];
    }
    weighted(xs, weight) {
        const total = xs.reduce((s, x) => s + weight(x), 0);
        let r = this.int(0, Math.max(0, Math.ceil(total * 100) - 1)) / 100;
        for (const x of xs) {
            r -= weight(x);
            if (r < 0)
                return x;
        }
        return xs[xs.length - 1];
    }
    shuffle(xs) {
        const a = [...xs];
        for (let i = a.length - 1; i > 0; i--) {
            const j = this.int(0, i);
            [a[i], a[j]] = [a[j], a[i]];
        }
        return a;
    }
    field(f) {
        if (f.optional && f.kind !== 'subset' && this.chance(0.3))
            return undefined;
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
            case 'dice':
                return f.sides.map((s) => this.int(1, s));
            case 'bool':
                return this.chance(0.5);
            case 'text':
                return `random text ${this.int(0, 1e6)}`;
        }
    }
    /** Random values for a form's fields, and for the fields of the options chosen (variants). */
    fill(fields, into) {
        for (const [name, f] of Object.entries(fields ?? {})) {
            const v = this.field(f);
            if (v === undefined)
                continue;
            into[name] = v;
            if (f.kind === 'choice')
                this.fill(f.options.find((o) => o.value === v)?.fields, into);
        }
    }
    /** A concrete action for `seat` from one of `specs`, picked with the given weights (default 1). */
    action(seat, specs, weight = () => 1) {
        const spec = this.weighted(specs, (s) => weight(s.type));
        const action = { type: spec.type, seat };
        this.fill(spec.fields, action);
        return action;
    }
}
