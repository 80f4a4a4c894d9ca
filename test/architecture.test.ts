/**
 * Issue 7 §3: the base rules never depend on the optional rules (those plug in through named
 * hooks, src/modules/cwnb/hooks.ts), and no import circle exists anywhere in src/ (type-only
 * imports count too: a circle of types is a circle of ideas).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every relative import or re-export of a file, resolved to a path (type-only ones included). */
function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g)) out.push(resolve(dirname(file), m[1]));
  for (const m of text.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) out.push(resolve(dirname(file), m[1]));
  return out.filter((p) => p.endsWith('.ts'));
}

/** The import circles of a graph (strongly connected components of more than one file, or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.map((f) => relative(ROOT, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** Does a line read the options of an optional rule (`options.optional.…`)? */
const optionalOptionRead = (line: string) => /options\.optional\b/.test(line);

const graph = new Map(files(SRC).map((f) => [f, importsOf(f)]));

/** The server files that create games, print CWNB record sheets or answer SMP odds: the only ones that may import a module. */
const MODULE_SPECIFIC = ['app.ts', 'campaign-setup.ts', 'game-routes.ts', 'odds-routes.ts', 'record-routes.ts', 'smp-setup.ts'];
const SERVER = join(SRC, 'adapters/server');

/** Imports of a module by any other server file (seats, places and bookmarks come through the module contract). */
function serverModuleImports(g: Map<string, string[]>): string[] {
  return [...g]
    .filter(([f]) => f.startsWith(SERVER + '/') && !MODULE_SPECIFIC.includes(relative(SERVER, f)))
    .flatMap(([f, deps]) => deps.filter((d) => d.startsWith(join(SRC, 'modules') + '/')).map((d) => `${relative(ROOT, f)} → ${relative(ROOT, d)}`));
}

describe('issue 7 §3: the shape of the code', () => {
  it('no file under src/modules/*/rules imports from an optional/ folder', () => {
    const bad = [...graph].flatMap(([f, deps]) => (/\/rules\//.test(f) ? deps.filter((d) => /\/optional\//.test(d)).map((d) => `${relative(ROOT, f)} → ${relative(ROOT, d)}`) : []));
    expect(bad).toEqual([]);
  });

  it('no file under src/modules/cwnb/rules reads an optional rule\'s options: the base rules ask the hooks (13.1 variable end, 13.4 Command Ships…)', () => {
    const bad = files(join(SRC, 'modules/cwnb/rules')).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (optionalOptionRead(line) ? [`${relative(ROOT, f)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(bad).toEqual([]);
    expect(optionalOptionRead('if (!state.options.optional.flagOfficers) refuse()')).toBe(true); // the check bites
  });

  it('no import circle anywhere in src/', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('the server serves every module alike: only the files that create games, print CWNB record sheets or answer SMP odds import a module', () => {
    expect(serverModuleImports(graph)).toEqual([]);
  });

  it('the checks bite: a rules file importing an optional rule, a circle, and a generic server file importing a module are found', () => {
    const a = join(SRC, 'modules/cwnb/rules/x.ts');
    const b = join(SRC, 'modules/cwnb/optional/y.ts');
    expect(importsOf(a, "import { y } from '../optional/y.ts';\nimport type { Z } from './z.ts';")).toEqual([b, join(SRC, 'modules/cwnb/rules/z.ts')]);
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual([[relative(ROOT, b), relative(ROOT, a)].sort()]);
    const history = join(SERVER, 'history-routes.ts');
    expect(serverModuleImports(new Map([[history, [join(SRC, 'modules/cwnb/index.ts')]], [join(SERVER, 'record-routes.ts'), [join(SRC, 'modules/cwnb/index.ts')]]]))).toEqual(['src/adapters/server/history-routes.ts → src/modules/cwnb/index.ts']);
  });
});
