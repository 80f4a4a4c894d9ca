/**
 * `npm run rules-coverage`: every rule section of the CWNB Campaign rules with the tests that
 * cover it and the rulings that address it; exits 1 if a section has neither.
 *
 * - Tests: a static scan of `test/**\/*.test.ts` (except other documents' tests, test/smp) for `describe` / `it` / `test` titles (including
 *   `.fails`, `.skip`, `.todo` …) that START with a rule number: `it('7.2.4 in-port cap …')`.
 *   Several numbers may lead a title: `'9.2, 9.3 …'` or `'6.C.2/10 …'`. Forms like `6A` or `6C2` are
 *   read as `6.A`, `6.C.2`. A test covers exactly the sections it names (a 7.2.4 test does not
 *   cover 7.2); the listing shows how many tests the subsections have.
 * - Rulings: `docs/rulings.md` (may be missing). A heading covers the rule numbers it starts with;
 *   any line citing a rule as "rule 9.5" / "Rule 9.5" or "(9.5)" adds that rule to the ruling it
 *   stands under. A ruling is listed by its heading.
 *
 * Options: `--summary` (one line per section), `--json`, `--markdown [FILE]` (also write the
 * report as Markdown, default docs/rules-coverage.md).
 *
 * The sections are one list, SECTIONS, grouped by `part`; add entries there to cover more rules.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface RuleSection {
  /** Rule number as the rulebook (and Wardroom's tests) write it: "6.C.2", "7.2.4". */
  id: string;
  title: string;
  /** Which part of the rules it belongs to, for the report's headings. */
  part: string;
}

const BASE = 'CWNB Campaign rules 3–11';
const OPTIONAL = 'CWNB Optional Rules 13 and Larger Campaigns 14';

/** Every rule section that must have a test or a ruling, in rulebook order. To cover more rules, add entries here. */
export const SECTIONS: RuleSection[] = [
  { id: '3', title: 'Definition of Terms (Advantaged Player)', part: BASE },
  { id: '4', title: 'Outline of Play & How to Win (Point Track)', part: BASE },
  { id: '5', title: 'Prepare for Play', part: BASE },
  { id: '5.1', title: 'Procedure', part: BASE },
  { id: '5.2', title: 'Game Length', part: BASE },
  { id: '6', title: 'Campaign Game Sequence of Play', part: BASE },
  { id: '6.A', title: 'Determine Player Missions', part: BASE },
  { id: '6.B', title: 'Determine Special Conditions (Optional)', part: BASE },
  { id: '6.C.1', title: 'Team Summits', part: BASE },
  { id: '6.C.2', title: "Purchase Cards & 'Bank' Victory Points", part: BASE },
  { id: '6.C.3', title: 'Hand adjustment, Draw and transfers', part: BASE },
  { id: '6.C.4', title: 'Battle Commitment', part: BASE },
  { id: '6.D', title: 'Conduct Battle Turns', part: BASE },
  { id: '7', title: 'Battle Turns', part: BASE },
  { id: '7.1', title: 'First Battle Turn Preparations', part: BASE },
  { id: '7.2', title: 'Concluding the Battle Turns', part: BASE },
  { id: '7.2.1', title: 'Set aside one card', part: BASE },
  { id: '7.2.2', title: 'Score Final Mission Points', part: BASE },
  { id: '7.2.3', title: 'Adjust the War Zone Status Marker', part: BASE },
  { id: '7.2.4', title: 'Score ships in port, then repair them', part: BASE },
  { id: '7.2.5', title: 'Reset the Battle Turn Marker', part: BASE },
  { id: '7.2.6', title: 'Next Campaign Game Turn, or Rule 11', part: BASE },
  { id: '8', title: 'Non-Combatant Ship Types', part: BASE },
  { id: '9', title: 'Naval Missions (Mission Terminology)', part: BASE },
  { id: '9.1', title: 'General Mission Rules', part: BASE },
  { id: '9.2', title: 'Military Escort vs. Raid', part: BASE },
  { id: '9.3', title: 'Civilian Escort vs. Raid', part: BASE },
  { id: '9.4', title: 'Sea Superiority vs. Sea Superiority', part: BASE },
  { id: '9.5', title: 'Sea Superiority vs. Holding Action (and Strike requirements)', part: BASE },
  { id: '9.6', title: 'Invasion vs. Holding Action', part: BASE },
  { id: '9.7', title: 'Carrier Strike vs. Engage', part: BASE },
  { id: '9.8', title: 'Submarine Strike vs. Engage', part: BASE },
  { id: '10', title: 'Using the Victory Point Track', part: BASE },
  { id: '11', title: 'Campaign Game Victory', part: BASE },
  { id: '13.1', title: 'Variable End Turn', part: OPTIONAL },
  { id: '13.2', title: 'Special Conditions', part: OPTIONAL },
  { id: '13.2.1', title: 'Bad Weather', part: OPTIONAL },
  { id: '13.2.2', title: 'Close Range Battle', part: OPTIONAL },
  { id: '13.2.3', title: 'Long Battle', part: OPTIONAL },
  { id: '13.2.4', title: 'Long Range Battle', part: OPTIONAL },
  { id: '13.2.5', title: 'Nearby Air Bases', part: OPTIONAL },
  { id: '13.2.6', title: 'Prepared', part: OPTIONAL },
  { id: '13.2.7', title: 'Port Strike!', part: OPTIONAL },
  { id: '13.2.8', title: 'Priority', part: OPTIONAL },
  { id: '13.2.9', title: 'Rushed', part: OPTIONAL },
  { id: '13.2.10', title: 'Short Battle', part: OPTIONAL },
  { id: '13.3', title: 'Transfer Limitations', part: OPTIONAL },
  { id: '13.4', title: 'Flag Officers', part: OPTIONAL },
  { id: '13.5', title: 'Friction of War', part: OPTIONAL },
  { id: '14', title: 'Larger Campaigns', part: OPTIONAL },
  { id: '14.1', title: 'Overall Commanders', part: OPTIONAL },
];

export interface TestRef {
  file: string;
  line: number;
  kind: 'describe' | 'test';
  title: string;
  /** it.fails / it.skip / it.todo … */
  modifier: string | null;
}

export interface RulingRef {
  heading: string;
  line: number;
}

export interface SectionCoverage extends RuleSection {
  tests: TestRef[];
  rulings: RulingRef[];
  /** Tests naming a subsection of this one (7.2.x for 7.2). */
  subsectionTests: number;
  covered: boolean;
}

const NUMBER = String.raw`\d{1,2}(?:\.?[A-Za-z](?![a-z])|\.\d{1,2})*`;

/** "6A" → "6.A", "6c2" → "6.C.2", "7.2.4" unchanged. */
export function normalizeRule(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/(\d)([A-Z])/g, '$1.$2')
    .replace(/([A-Z])(\d)/g, '$1.$2')
    .replace(/\.+/g, '.')
    .replace(/\.$/, '');
}

/** The rule numbers a title starts with: "9.2, 9.3 Raid points" → ["9.2", "9.3"]. */
export function leadingRules(title: string): string[] {
  const lead = new RegExp(String.raw`^\s*(${NUMBER}(?:\s*(?:,|/|&|\band\b)\s*${NUMBER})*)(?=[\s:;,)]|$)`);
  const m = lead.exec(title);
  if (!m) return [];
  return m[1]
    .split(/\s*(?:,|\/|&|\band\b)\s*/)
    .filter(Boolean)
    .map(normalizeRule);
}

/** The rule numbers a ruling line cites: "rule 9.5", "Rule 7.2.4", "(6.C.2)". */
export function citedRules(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(new RegExp(String.raw`\b[Rr]ules?\s+(${NUMBER})`, 'g'))) out.push(normalizeRule(m[1]));
  for (const m of line.matchAll(new RegExp(String.raw`\((${NUMBER}(?:\.${NUMBER})?)\)`, 'g'))) {
    if (m[1].includes('.')) out.push(normalizeRule(m[1]));
  }
  return out;
}

const CALL = /\b(describe|it|test)((?:\.(?:fails|skip|only|todo|concurrent|sequential|each\([^)]*\)|skipIf\([^)]*\)|runIf\([^)]*\)))*)\s*\(\s*(['"`])((?:\\.|(?!\3)[^\\])*)\3/g;

/** Every describe/it/test title in a test file's source. */
export function scanTitles(source: string, file: string): TestRef[] {
  const refs: TestRef[] = [];
  for (const m of source.matchAll(CALL)) {
    const line = source.slice(0, m.index).split('\n').length;
    const mods = m[2].split('.').filter(Boolean);
    refs.push({
      file,
      line,
      kind: m[1] === 'describe' ? 'describe' : 'test',
      title: m[4].replace(/\\(['"`\\])/g, '$1'),
      modifier: mods.find((x) => ['fails', 'skip', 'todo', 'only'].includes(x)) ?? null,
    });
  }
  return refs;
}

/**
 * Test folders whose titles number rules of another document (the Strategic Missions Phase has its
 * own section numbers), so that "3 IPCs per raided zone" is not read as CWNB rule 3.
 */
export const OTHER_DOCUMENTS = [/^test\/smp\//];

function testFiles(root: string): string[] {
  const dir = join(root, 'test');
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: false }) as string[])
    .map((f) => join(dir, f))
    .filter((f) => f.endsWith('.test.ts') && !OTHER_DOCUMENTS.some((re) => re.test(relative(root, f).split('\\').join('/'))))
    .sort();
}

/** Ruling headings and the rules each addresses. */
export function scanRulings(markdown: string): { ruling: RulingRef; rules: Set<string> }[] {
  const out: { ruling: RulingRef; rules: Set<string> }[] = [];
  let current: { ruling: RulingRef; rules: Set<string> } | null = null;
  markdown.split('\n').forEach((text, i) => {
    const h = /^#{1,6}\s+(.*)$/.exec(text);
    if (h) {
      current = { ruling: { heading: h[1].trim(), line: i + 1 }, rules: new Set([...leadingRules(h[1]), ...citedRules(h[1])]) };
      out.push(current);
      return;
    }
    if (current) for (const r of citedRules(text)) current.rules.add(r);
  });
  return out.filter((r) => r.rules.size > 0);
}

export function coverage(root: string, sections: readonly RuleSection[] = SECTIONS): SectionCoverage[] {
  const refs = testFiles(root).flatMap((f) => scanTitles(readFileSync(f, 'utf8'), relative(root, f)));
  const rulingsFile = join(root, 'docs', 'rulings.md');
  const rulings = existsSync(rulingsFile) ? scanRulings(readFileSync(rulingsFile, 'utf8')) : [];
  const byRule = new Map<string, TestRef[]>();
  for (const ref of refs) for (const r of new Set(leadingRules(ref.title))) byRule.set(r, [...(byRule.get(r) ?? []), ref]);
  return sections.map((s) => {
    const tests = byRule.get(s.id) ?? [];
    const sub = [...byRule.entries()].filter(([id]) => id.startsWith(`${s.id}.`)).reduce((n, [, list]) => n + list.filter((t) => t.kind === 'test').length, 0);
    const rs = rulings.filter((r) => r.rules.has(s.id)).map((r) => r.ruling);
    return { ...s, tests, rulings: rs, subsectionTests: sub, covered: tests.length > 0 || rs.length > 0 };
  });
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function sectionLine(c: SectionCoverage): string {
  const n = c.tests.filter((t) => t.kind === 'test').length;
  const parts = [plural(n, 'test'), plural(c.rulings.length, 'ruling')];
  if (c.subsectionTests) parts.push(`+${c.subsectionTests} in subsections`);
  return `${c.covered ? ' ' : '!'} ${c.id.padEnd(7)} ${c.title.padEnd(62)} ${parts.join(', ')}${c.covered ? '' : '   <-- NOT COVERED'}`;
}

export function textReport(cov: SectionCoverage[], summary = false): string {
  const lines: string[] = [];
  let part = '';
  for (const c of cov) {
    if (c.part !== part) {
      part = c.part;
      lines.push('', `== ${part}`);
    }
    lines.push(sectionLine(c));
    if (summary) continue;
    for (const t of c.tests) lines.push(`           ${t.kind === 'describe' ? 'group ' : 'test  '}${t.modifier ? `[${t.modifier}] ` : ''}${t.title}  (${t.file}:${t.line})`);
    for (const r of c.rulings) lines.push(`           ruling ${r.heading}  (docs/rulings.md:${r.line})`);
  }
  const missing = cov.filter((c) => !c.covered);
  const byTests = cov.filter((c) => c.tests.length > 0).length;
  lines.push(
    '',
    `${cov.length} sections: ${cov.length - missing.length} covered (${byTests} by tests, ${cov.length - missing.length - byTests} by rulings only), ${missing.length} without a test or a ruling${missing.length ? `: ${missing.map((c) => c.id).join(', ')}` : ''}.`,
  );
  return lines.join('\n').replace(/^\n/, '');
}

export function markdownReport(cov: SectionCoverage[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '# Rules coverage',
    '',
    'Generated by `npm run rules-coverage -- --markdown` (scripts/rules-coverage.ts): every rule section with the tests whose',
    'titles start with its number and the rulings in [rulings.md](rulings.md) that address it. Do not edit by hand.',
  ];
  let part = '';
  for (const c of cov) {
    if (c.part !== part) {
      part = c.part;
      lines.push('', `## ${part}`, '', '| Rule | Section | Tests | Rulings |', '|---|---|---|---|');
    }
    const tests = c.tests.filter((t) => t.kind === 'test');
    const cell = [
      tests.length ? `${tests.length}` : '—',
      ...tests.filter((t) => t.modifier === 'fails').map((t) => `fails: ${esc(t.title)}`),
    ].join('<br>');
    lines.push(`| ${c.id} | ${esc(c.title)}${c.covered ? '' : ' **(not covered)**'} | ${cell}${c.subsectionTests ? ` (+${c.subsectionTests} in subsections)` : ''} | ${c.rulings.map((r) => esc(r.heading)).join('<br>') || '—'} |`);
  }
  const missing = cov.filter((c) => !c.covered);
  lines.push('', `${cov.length} sections, ${missing.length} without a test or a ruling.`, '');
  return lines.join('\n');
}

function main(argv: string[]): number {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const cov = coverage(root);
  if (argv.includes('--json')) {
    console.log(JSON.stringify(cov, null, 2));
  } else {
    console.log(`Rules coverage (tests: test/**/*.test.ts titles starting with the rule number; rulings: docs/rulings.md)\n`);
    console.log(textReport(cov, argv.includes('--summary')));
  }
  const md = argv.indexOf('--markdown');
  if (md >= 0) {
    const target = argv[md + 1] && !argv[md + 1].startsWith('--') ? argv[md + 1] : join(root, 'docs', 'rules-coverage.md');
    writeFileSync(target, markdownReport(cov));
    console.log(`\nWrote ${relative(process.cwd(), target)}.`);
  }
  return cov.every((c) => c.covered) ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
