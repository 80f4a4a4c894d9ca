/**
 * `npm run mutation:score [-- REPORT…] [--survivors] [--json]`: the mutation scores of a Stryker
 * JSON report (default reports/mutation/mutation.json; several reports of runs over different
 * files are read as one), per file and in total, raw and "leaving out message text and equivalent
 * mutants" (docs/testing.md).
 *
 * - Raw score: Stryker's own, (killed + timeout) / (killed + timeout + survived + no coverage).
 * - Message text: a mutant whose whole range lies inside an expression whose value is only shown
 *   to people. Found on the TypeScript AST of the report's sources (so line shifts do not matter):
 *   the message argument of `refuse(code, message, rule)`, `ruleError(…)`, `new RuleError(code, message, …)`
 *   and `no(explain, code, () => message, rule)`,
 *   and of `new Error(message)`; the value of a `text`, `label`, `summary`, `purpose` (a die's
 *   purpose, logged with the roll), `title`, `help` or `why` (the reason given with a points or
 *   status event) property, or of an assignment to
 *   `.summary`; the `message` member of a returned `[code, message, rule]` tuple. Then, to a fixed
 *   point, with the type checker: a `const` whose every use is message text has a message-text
 *   initializer, and a function parameter whose every use is message text (`why` of `score`,
 *   `awardPool`, `shiftStatus`) makes the argument at that position message text at every call;
 *   a function called only inside message text (`unitName`) returns message text.
 *   String and template literal mutants there are counted as message text; any other mutant there
 *   (a condition inside a template, say) too, but it is listed with `--survivors` as
 *   "other mutant in message text", since it could also make the expression throw.
 * - Equivalent mutants: listed by hand in test/mutation-equivalents.json, each keyed by file,
 *   mutator, the original source text and the replacement (optionally a `context`: a piece of the
 *   mutant's first line that contains the original at the mutant's column), with a one-line reason. An entry that matches no mutant, or
 *   a killed one, is reported as stale.
 * Both kinds are left out of the adjusted score whatever their status (a killed text mutant earns
 * no credit either).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

interface Position {
  line: number;
  column: number;
}
interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
  status: string;
}
interface FileResult {
  source: string;
  mutants: Mutant[];
}
interface Report {
  files: Record<string, FileResult>;
}
export interface Equivalent {
  file: string;
  mutator: string;
  original: string;
  replacement: string;
  context?: string;
  reason: string;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const TEXT_PROPERTIES = new Set(['text', 'label', 'help', 'summary', 'purpose', 'title', 'why']);

/** Offsets of the start of each line (Stryker locations are 1-based lines and columns). */
function offsetOf(source: string): (p: Position) => number {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  return (p) => starts[p.line - 1] + p.column - 1;
}

/** The message-text ranges [start, end) of every file, found as described at the top. */
export function messageRanges(files: Record<string, string>): Record<string, [number, number][]> {
  const names = Object.keys(files).map((f) => resolve(f));
  const sources = new Map(Object.entries(files).map(([f, s]) => [resolve(f), s]));
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true, resolveJsonModule: true, noEmit: true, strict: true, skipLibCheck: true };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => sources.get(resolve(f)) ?? read(f);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, lang, onError, create) => {
    const s = sources.get(resolve(f));
    return s !== undefined ? ts.createSourceFile(f, s, lang, true) : getSourceFile(f, lang, onError, create);
  };
  const program = ts.createProgram(names, options, host);
  const checker = program.getTypeChecker();
  // Every source file of src/ the report's files reach, not only the reported ones: a parameter of
  // `score` (rules/common.ts) makes text of arguments in mission-scoring.ts, whichever files a run mutated.
  const src = resolve('src');
  const mine = program.getSourceFiles().filter((f) => !f.isDeclarationFile && resolve(f.fileName).startsWith(src));

  const message = new Set<ts.Node>();
  const symbolOf = (n: ts.Node): ts.Symbol | undefined => {
    let s = checker.getSymbolAtLocation(n);
    if (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
    return s;
  };
  const uses = new Map<ts.Symbol, ts.Identifier[]>();
  const calls: { callee: ts.Symbol; call: ts.CallExpression }[] = [];
  const fns: { symbol: ts.Symbol; fn: ts.SignatureDeclaration & { body?: ts.Node } }[] = [];
  const consts: { symbol: ts.Symbol; init: ts.Expression }[] = [];

  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
      const callee = n.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      if ((name === 'refuse' || name === 'RuleError' || name === 'ruleError') && n.arguments && n.arguments.length > 1) message.add(n.arguments[1]);
      if (name === 'no' && n.arguments && n.arguments.length > 2) message.add(n.arguments[2]); // no(explain, code, () => message, rule)
      if (name === 'Error' && ts.isNewExpression(n) && n.arguments?.length) message.add(n.arguments[0]);
      const s = ts.isCallExpression(n) ? symbolOf(ts.isPropertyAccessExpression(callee) ? callee.name : callee) : undefined;
      if (s && ts.isCallExpression(n)) calls.push({ callee: s, call: n });
    }
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && TEXT_PROPERTIES.has(n.name.text)) message.add(n.initializer);
    if (ts.isShorthandPropertyAssignment(n) && TEXT_PROPERTIES.has(n.name.text)) message.add(n.name);
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(n.left) && n.left.name.text === 'summary') message.add(n.right);
    const tuple = ts.isFunctionLike(n) && n.type ? [n.type, ...(ts.isUnionTypeNode(n.type) ? n.type.types : [])].find(ts.isTupleTypeNode) : undefined;
    if (tuple) {
      const at = tuple.elements.findIndex((e) => ts.isNamedTupleMember(e) && e.name.text === 'message');
      if (at >= 0) {
        const mark = (x: ts.Node): void => {
          if (ts.isReturnStatement(x) && x.expression && ts.isArrayLiteralExpression(x.expression) && x.expression.elements[at]) message.add(x.expression.elements[at]);
          if (!ts.isFunctionLike(x)) ts.forEachChild(x, mark);
        };
        ts.forEachChild(n, mark);
      }
    }
    if (ts.isFunctionDeclaration(n) && n.name) {
      const s = symbolOf(n.name);
      if (s) fns.push({ symbol: s, fn: n });
    }
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const s = symbolOf(n.name);
      const init = n.initializer;
      if (s && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) fns.push({ symbol: s, fn: init });
      else if (s && ts.getCombinedNodeFlags(n) & ts.NodeFlags.Const) consts.push({ symbol: s, init });
    }
    if (ts.isIdentifier(n) && !isDeclarationName(n)) {
      const s = symbolOf(n);
      if (s) uses.set(s, [...(uses.get(s) ?? []), n]);
    }
    ts.forEachChild(n, visit);
  };
  for (const f of mine) visit(f);

  const inside = (n: ts.Node): boolean => {
    for (let p: ts.Node | undefined = n; p; p = p.parent) if (message.has(p)) return true;
    return false;
  };
  const onlyInText = (s: ts.Symbol | undefined): boolean => {
    const u = s ? uses.get(s) : undefined;
    return !!u && u.length > 0 && u.every(inside);
  };
  for (let changed = true; changed; ) {
    changed = false;
    const add = (n: ts.Node) => {
      if (!message.has(n) && !inside(n)) {
        message.add(n);
        changed = true;
      }
    };
    for (const c of consts) if (onlyInText(c.symbol)) add(c.init);
    for (const f of fns) {
      f.fn.parameters.forEach((p, i) => {
        if (!ts.isIdentifier(p.name) || !onlyInText(symbolOf(p.name))) return;
        for (const c of calls) if (c.callee === f.symbol && c.call.arguments[i]) add(c.call.arguments[i]);
      });
      // A function whose result is only ever shown (every call inside message text): its returned values are text.
      const u = uses.get(f.symbol) ?? [];
      if (u.length && u.every((id) => ts.isCallExpression(id.parent) && id.parent.expression === id && inside(id.parent))) {
        const body = f.fn.body;
        if (body && !ts.isBlock(body)) add(body);
        const mark = (x: ts.Node): void => {
          if (ts.isReturnStatement(x) && x.expression) add(x.expression);
          if (!ts.isFunctionLike(x)) ts.forEachChild(x, mark);
        };
        if (body && ts.isBlock(body)) ts.forEachChild(body, mark);
      }
    }
  }

  const out: Record<string, [number, number][]> = {};
  for (const f of Object.keys(files)) out[f] = [];
  for (const n of message) {
    const sf = n.getSourceFile();
    const key = Object.keys(files).find((f) => resolve(f) === resolve(sf.fileName));
    if (key) out[key].push([n.getStart(sf), n.end]);
  }
  return out;
}

function isDeclarationName(n: ts.Identifier): boolean {
  const p = n.parent;
  return (
    ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isBindingElement(p)) && p.name === n) ||
    ts.isImportSpecifier(p) ||
    ts.isImportClause(p)
  );
}

/** Does `context` occur on the line with the mutant's original text at the mutant's column? */
function atContext(line: string, context: string, original: string, column: number): boolean {
  const within = context.indexOf(original.split('\n')[0]);
  for (let at = line.indexOf(context); at >= 0; at = line.indexOf(context, at + 1)) if (at + within === column) return true;
  return false;
}

export type Kind = 'detected' | 'survived' | 'text' | 'equivalent' | 'invalid';

export interface Classified {
  file: string;
  mutant: Mutant;
  original: string;
  kind: Kind;
  /** Message-text mutants that are not string or template literal mutants. */
  otherInText: boolean;
  equivalent?: Equivalent;
}

export function classify(report: Report, equivalents: Equivalent[]): { mutants: Classified[]; stale: string[] } {
  const sources = Object.fromEntries(Object.entries(report.files).map(([f, r]) => [f, r.source]));
  const ranges = messageRanges(sources);
  const used = new Set<Equivalent>();
  const stale: string[] = [];
  const mutants: Classified[] = [];
  for (const [file, r] of Object.entries(report.files)) {
    const at = offsetOf(r.source);
    const lines = r.source.split('\n');
    for (const m of r.mutants) {
      const start = at(m.location.start);
      const end = at(m.location.end);
      const original = r.source.slice(start, end);
      const line = lines[m.location.start.line - 1];
      const eq = equivalents.find(
        (e) => e.file === file && e.mutator === m.mutatorName && e.original === original && e.replacement === m.replacement && (!e.context || atContext(line, e.context, original, m.location.start.column - 1)),
      );
      const text = ranges[file].some(([s, e]) => s <= start && end <= e);
      let kind: Kind;
      if (!DETECTED.has(m.status) && !UNDETECTED.has(m.status)) kind = 'invalid';
      else if (eq) kind = 'equivalent';
      else if (text) kind = 'text';
      else kind = DETECTED.has(m.status) ? 'detected' : 'survived';
      if (eq) {
        used.add(eq);
        if (DETECTED.has(m.status)) stale.push(`${file}:${m.location.start.line} ${m.mutatorName} "${original}" → "${m.replacement}" is listed as equivalent but was killed`);
      }
      mutants.push({ file, mutant: m, original, kind, otherInText: text && m.mutatorName !== 'StringLiteral', equivalent: eq });
    }
  }
  const files = new Set(Object.keys(report.files));
  for (const e of equivalents) if (files.has(e.file) && !used.has(e)) stale.push(`${e.file}: equivalent entry ${e.mutator} "${e.original}" → "${e.replacement}" matches no mutant`);
  return { mutants, stale };
}

export interface Score {
  mutants: number;
  detected: number;
  undetected: number;
  text: number;
  equivalent: number;
  /** Not killed, and neither message text nor equivalent: what the adjusted score counts against. */
  survived: number;
  raw: number;
  adjusted: number;
}

export function score(list: Classified[]): Score {
  const valid = list.filter((c) => c.kind !== 'invalid');
  const detected = valid.filter((c) => DETECTED.has(c.mutant.status)).length;
  const text = valid.filter((c) => c.kind === 'text').length;
  const equivalent = valid.filter((c) => c.kind === 'equivalent').length;
  const adjDetected = valid.filter((c) => c.kind === 'detected').length;
  const adjValid = valid.filter((c) => c.kind === 'detected' || c.kind === 'survived').length;
  return {
    mutants: valid.length,
    detected,
    undetected: valid.length - detected,
    text,
    equivalent,
    survived: valid.filter((c) => c.kind === 'survived').length,
    raw: valid.length ? (100 * detected) / valid.length : 100,
    adjusted: adjValid ? (100 * adjDetected) / adjValid : 100,
  };
}

function pct(x: number): string {
  return `${x.toFixed(1)} %`;
}

/** One report, or several (runs over different files) read as one. */
function load(paths: string[], equivalents: Equivalent[]): ReturnType<typeof classify> & { files: string[] } {
  const report: Report = { files: {} };
  for (const path of paths) Object.assign(report.files, (JSON.parse(readFileSync(path, 'utf8')) as Report).files);
  return { ...classify(report, equivalents), files: Object.keys(report.files).sort() };
}

function main(argv: string[]): number {
  const compare = argv.indexOf('--compare');
  const beforePath = compare >= 0 ? argv[compare + 1] : undefined;
  const args = argv.filter((a, i) => !a.startsWith('--') && (compare < 0 || i !== compare + 1));
  const reportPaths = args.length ? args : ['reports/mutation/mutation.json'];
  const eqPath = 'test/mutation-equivalents.json';
  for (const p of [...reportPaths, beforePath]) {
    if (p && !existsSync(p)) {
      console.error(`No Stryker JSON report at ${p}: run \`npm run mutation\` first.`);
      return 2;
    }
  }
  const equivalents = existsSync(eqPath) ? (JSON.parse(readFileSync(eqPath, 'utf8')) as { equivalents: Equivalent[] }).equivalents : [];
  const { mutants, stale, files } = load(reportPaths, equivalents);
  const groups: [string, (f: string) => boolean][] = [
    ['CWNB rules/ + optional/', (f) => /src\/modules\/cwnb\/(rules|optional)\//.test(f)],
    ['SMP', (f) => f.includes('src/modules/smp/')],
    ['all', () => true],
  ];
  if (argv.includes('--json')) {
    const out = {
      files: Object.fromEntries(files.map((f) => [f, score(mutants.filter((c) => c.file === f))])),
      groups: Object.fromEntries(groups.map(([name, p]) => [name, score(mutants.filter((c) => p(c.file)))])),
      stale,
    };
    console.log(JSON.stringify(out, null, 2));
    return 0;
  }
  if (beforePath) {
    // Before/after: the same files in an earlier report (e.g. before new tests), raw and adjusted.
    const before = load([beforePath], equivalents);
    const both = (name: string, p: (f: string) => boolean) => {
      const a = score(before.mutants.filter((c) => p(c.file)));
      const b = score(mutants.filter((c) => p(c.file)));
      return `| ${name} | ${b.mutants} | ${pct(a.raw)} | ${pct(b.raw)} | ${pct(a.adjusted)} | ${pct(b.adjusted)} | ${a.survived} → ${b.survived} |`;
    };
    console.log('| file | mutants | raw before | raw after | adjusted before | adjusted after | survivors counted |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const f of files) console.log(both(f.replace(/^src\/modules\//, ''), (x) => x === f));
    for (const [name, p] of groups) if (mutants.some((c) => p(c.file))) console.log(both(`**${name}**`, p));
    return 0;
  }
  const row = (name: string, s: Score) =>
    `| ${name} | ${s.mutants} | ${s.undetected} | ${pct(s.raw)} | ${s.text} | ${s.equivalent} | ${pct(s.adjusted)} |`;
  console.log('| file | mutants | not killed | raw score | message text | equivalent | adjusted score |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const f of files) console.log(row(f.replace(/^src\/modules\//, ''), score(mutants.filter((c) => c.file === f))));
  for (const [name, p] of groups) {
    const list = mutants.filter((c) => p(c.file));
    if (list.length) console.log(row(`**${name}**`, score(list)));
  }
  if (argv.includes('--survivors')) {
    console.log('\nSurvivors left in the adjusted score:');
    for (const c of mutants.filter((x) => x.kind === 'survived')) {
      console.log(`  ${c.file}:${c.mutant.location.start.line}:${c.mutant.location.start.column} ${c.mutant.status} ${c.mutant.mutatorName}: ${oneLine(c.original)} → ${oneLine(c.mutant.replacement ?? '')}`);
    }
    const other = mutants.filter((x) => x.kind === 'text' && x.otherInText && !DETECTED.has(x.mutant.status));
    if (other.length) {
      console.log('\nOther mutants in message text (left out; check they only change the text):');
      for (const c of other) console.log(`  ${c.file}:${c.mutant.location.start.line}:${c.mutant.location.start.column} ${c.mutant.mutatorName}: ${oneLine(c.original)} → ${oneLine(c.mutant.replacement ?? '')}`);
    }
  }
  for (const s of stale) console.log(`warning: ${s}`);
  return 0;
}

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ');
  return t.length > 100 ? `${t.slice(0, 97)}…` : t;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('mutation-score.ts')) process.exit(main(process.argv.slice(2)));
