/**
 * SMP benchmark: every `smp odds` query at 10, 100 and 400 units, timed (`oddsSizes`); then the
 * exact odds of the largest bombing raid in the demo board, timed, beside a 100,000-run Monte
 * Carlo of the same raid through the real resolver (Step 3 of the phase script, auto policy,
 * seeded dice values). `npm run bench` calls `run()`.
 * Set SMP_BENCH_RUNS to change the number of Monte Carlo runs.
 */
import { readFileSync } from 'node:fs';
import type { Action } from '../src/engine/module.ts';
import { PhaseRunner } from '../src/modules/smp/phase.ts';
import { raidOdds, type RaidGroup } from '../src/modules/smp/odds/index.ts';
import { oddsFor, type OddsKind } from '../src/modules/smp/play.ts';
import { catalogOf, validateScenario, type Scenario } from '../src/modules/smp/scenario.ts';
import { rng } from '../test/smp/helpers.ts';


/** The largest raid on the demo board: every designated bomber and fighter of one nation against the enemy territory with the most interceptors. */
function largestRaid(demo: Scenario) {
  const cat = catalogOf(demo);
  let best: { attacker: string; from: string[]; target: string; size: number } | null = null;
  for (const n of demo.nations) {
    const from = demo.territories.filter((t) => t.units.some((u) => u.owner === n.id && (u.designated ?? 0) > 0 && cat.units[u.type].bomber)).map((t) => t.name);
    if (!from.length) continue;
    const size = demo.territories.filter((t) => from.includes(t.name)).flatMap((t) => t.units).filter((u) => u.owner === n.id && (cat.units[u.type].bomber || cat.units[u.type].fighter)).reduce((k, u) => k + (u.designated ?? 0), 0);
    const targets = demo.territories.filter((t) => demo.wars.some(([a, b]) => (a === n.id && b === t.owner) || (b === n.id && a === t.owner)) && t.facilities.length);
    for (const t of targets) {
      const ints = t.units.filter((u) => cat.units[u.type].fighter).reduce((k, u) => k + u.count, 0);
      if (!best || size + ints > best.size) best = { attacker: n.id, from, target: t.name, size: size + ints };
    }
  }
  return best!;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** The `smp odds` queries of `n` units: every count of the query at n (bombers and ships split over their types). */
function oddsQueries(n: number): { label: string; kind: OddsKind; o: Record<string, number | string> }[] {
  const third = Math.floor(n / 3);
  return [
    { label: `bombing: ${n} strategic bombers, ${n} interceptors, no escort, AA @1`, kind: 'bombing', o: { strategicBombers: n, interceptors: n } },
    { label: `bombing: ${n} bombers of the 3 types, ${n} interceptors, ${Math.floor(n / 2)} escorts, capacity 20`, kind: 'bombing', o: { tacticalBombers: n - 2 * third, strategicBombers: third, superFortresses: third, interceptors: n, escorts: Math.floor(n / 2), capacity: 20 } },
    { label: `shore: ${n} ships of the 3 types, ${n} interceptors`, kind: 'shore', o: { cruisers: n - 2 * third, battleships: third, superBattleships: third, interceptors: n } },
    { label: `kamikaze: ${n} tokens, ${n} fighters, ${n} tactical bombers`, kind: 'kamikaze', o: { tokens: n, fighters: n, tacticalBombers: n } },
    { label: `partisan: ${n} tokens, ${n} elite infantry`, kind: 'partisan', o: { tokens: n, elite: n } },
    { label: `partisan: ${n} tokens, ${n} elite infantry, capacity 20`, kind: 'partisan', o: { tokens: n, elite: n, capacity: 20 } },
    { label: `vichy: ${n} attempts @3`, kind: 'vichy', o: { attempts: n, hitOn: 3 } },
    { label: 'coastal: major bunker (6 dice, no size to vary)', kind: 'coastal', o: { bunker: 'major' } },
  ];
}

/**
 * Time every `smp odds` query (oddsFor, what the command computes and prints) at each size:
 * 5 warm-up calls (fewer past a quarter of `budgetMs`), then up to 200 calls or `budgetMs` per
 * query, at least one; median and 95th percentile of the wall time, and the process's CPU time
 * per call (what the query costs when other work shares the cores).
 * `odds` is a parameter so that the same table can be made of an older oddsFor.
 */
export function oddsSizes(odds: typeof oddsFor = oddsFor, sizes = [10, 100, 400], budgetMs = 2000): string {
  const rows: string[] = [];
  for (const n of sizes)
    for (const q of oddsQueries(n)) {
      if (q.kind === 'coastal' && n !== sizes[0]) continue;
      const warm = performance.now() + budgetMs / 4;
      for (let i = 0; i < 5 && (i === 0 || performance.now() < warm); i++) odds(q.kind, q.o);
      const times: number[] = [];
      const end = performance.now() + budgetMs;
      const cpu0 = process.cpuUsage();
      while (times.length < 200 && (times.length === 0 || performance.now() < end)) {
        const t0 = performance.now();
        odds(q.kind, q.o);
        times.push(performance.now() - t0);
      }
      const cpu = process.cpuUsage(cpu0);
      times.sort((a, b) => a - b);
      const at = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))].toFixed(3);
      rows.push(`| ${q.label} | ${at(0.5)} ms | ${at(0.95)} ms | ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(3)} ms | ${times.length} |`);
    }
  return ['| `smp odds` query | median | 95th percentile | CPU per call (mean) | calls |', '|---|---|---|---|---|', ...rows].join('\n');
}

export async function run(): Promise<string> {
  const sizes = oddsSizes();
  const raw = JSON.parse(readFileSync(new URL('../examples/smp/demo-1940.json', import.meta.url), 'utf8'));
  const v = validateScenario(raw);
  if (!v.ok) throw new Error('demo scenario invalid');
  const demo = v.scenario;
  const raid = largestRaid(demo);
  // The same raid on its own board: the attacker's bomber bases and the target, nothing else designated.
  const keep = new Set([...raid.from, raid.target]);
  // Step 3 only: the sub-board holds none of the places other steps need (ruling R0-8).
  const sub = validateScenario({
    ...raw,
    territories: raw.territories
      .filter((t: any) => keep.has(t.name))
      .map((t: any) => ({ ...t, adjacent: [], units: t.units.map((u: any) => (u.owner === raid.attacker || t.name === raid.target ? u : { ...u, designated: 0 })) })),
    seaZones: [],
  }, [3]);
  if (!sub.ok) throw new Error(sub.errors.map((e) => e.message).join('; '));
  const s = sub.scenario;
  const cat = catalogOf(s);
  const target = s.territories.find((t) => t.name === raid.target)!;
  const units = s.territories.filter((t) => raid.from.includes(t.name)).flatMap((t) => t.units).filter((u) => u.owner === raid.attacker);
  const bombers = units.filter((u) => cat.units[u.type].bomber && (u.designated ?? 0) > 0).sort((a, b) => cat.units[a.type].bomber!.damage - cat.units[b.type].bomber!.damage);
  const escorts = units.filter((u) => cat.units[u.type].fighter).reduce((k, u) => k + (u.designated ?? 0), 0);
  const interceptors = target.units.filter((u) => cat.units[u.type].fighter).map((u) => ({ n: u.count, hitOn: cat.units[u.type].dogfightDefence ?? 0 }));
  // Auto targeting (as the resolver): each bomber type on the eligible facility with the most room.
  const room = (i: number) => (target.facilities[i].maxDamage ?? cat.facilities[target.facilities[i].type].maxDamage!) - target.facilities[i].damage;
  const may = (type: string, i: number) => cat.units[type].bomber!.targets === 'any' || cat.facilities[target.facilities[i].type].kind === 'tactical' || !!cat.facilities[target.facilities[i].type].minorFactory;
  const groups: RaidGroup[] = bombers.map((u) => {
    let bi = -1;
    target.facilities.forEach((_f, i) => {
      if (may(u.type, i) && room(i) > 0 && (bi < 0 || room(i) > room(bi))) bi = i;
    });
    return { type: u.type, n: u.designated ?? 0, damage: cat.units[u.type].bomber!.damage, target: bi };
  });
  const input = { escorts, groups, interceptors, aaHitOn: cat.rules.aaBarrage.hitOn, capacity: target.facilities.map((_f, i) => room(i)) };

  // Exact odds, timed.
  let exact = raidOdds(input);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    exact = raidOdds(input);
    times.push(performance.now() - t0);
  }
  const exactMs = median(times);

  // Monte Carlo of the real resolver.
  const runs = Number(process.env.SMP_BENCH_RUNS ?? 100_000);
  const die = rng(2026);
  const counts: number[] = [];
  const t1 = performance.now();
  for (let i = 0; i < runs; i++) {
    const p = new PhaseRunner(s, { counter: 0, physical: true }, [3]);
    for (let req = p.pending; req; req = p.pending) {
      let a: Action;
      if (req.kind === 'roll') a = { type: 'roll', seat: req.seat, values: req.dice.map((d) => die(d.sides)) };
      else if (req.seat !== raid.attacker && /Raid which/.test(req.prompt)) a = { type: 'choose', seat: req.seat, choice: 'done' };
      else if (/Raid which/.test(req.prompt) && req.auto.choice !== 'done') a = { type: 'choose', seat: req.seat, choice: raid.target };
      else a = { type: 'choose', seat: req.seat, ...req.auto };
      const e = p.feed(a);
      if (e) throw new Error(e.message);
    }
    const t = p.ctx.board.s.territories.find((x) => x.name === raid.target)!;
    const dmg = t.facilities.reduce((k, f) => k + f.damage, 0) - target.facilities.reduce((k, f) => k + f.damage, 0);
    while (counts.length <= dmg) counts.push(0);
    counts[dmg]++;
  }
  const mcMs = performance.now() - t1;
  const rows = exact.total
    .map((p, k) => ({ k, p, q: (counts[k] ?? 0) / runs }))
    .filter((r) => r.p > 0 || r.q > 0)
    .map((r) => `| ${r.k} | ${(r.p * 100).toFixed(3)}% | ${(r.q * 100).toFixed(3)}% |`);
  const maxDiff = Math.max(...exact.total.map((p, k) => Math.abs(p - (counts[k] ?? 0) / runs)));
  return [
    '## SMP: `smp odds` at 10, 100 and 400 units',
    '',
    sizes,
    '',
    '## SMP: exact odds vs Monte Carlo',
    '',
    `Largest raid in the demo board: ${raid.attacker} raids ${raid.target} with ${groups.map((g) => `${g.n} ${g.type}`).join(', ')} and ${escorts} escort(s) against ${interceptors.reduce((k, x) => k + x.n, 0)} interceptor(s); AA @${input.aaHitOn}; facilities ${target.facilities.map((f, i) => `${f.type} (room ${room(i)})`).join(', ')}.`,
    '',
    `| method | time |`,
    `|---|---|`,
    `| exact odds (convolution/DP), median of 200 | ${exactMs.toFixed(3)} ms |`,
    `| Monte Carlo, ${runs.toLocaleString('en')} runs of the real resolver | ${mcMs.toFixed(0)} ms |`,
    '',
    `| total damage | exact | Monte Carlo |`,
    `|---|---|---|`,
    ...rows,
    '',
    `Largest absolute difference: ${(maxDiff * 100).toFixed(3)} percentage points.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) run().then((r) => console.log(r));
