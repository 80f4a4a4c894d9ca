/** Step 1 — Resolve Special Situations (document section "#1. SPECIAL SITUATIONS", items 1–9, in order). */

import type { FieldSpec } from '../../engine/module.ts';
import { plural, words } from './board.ts';
import { ask, askChoice, askCounts, askYesNo, change, note, type Ctx, type Script } from './script.ts';

export function* specialSituations(ctx: Ctx): Script {
  victoryCondition(ctx);
  americanAssistance(ctx);
  operationDynamo(ctx);
  yield* spanishNegotiations(ctx);
  yield* russianWinter(ctx);
  yield* russianEngineers(ctx);
  conscripts(ctx);
  yield* oilTankers(ctx);
  yield* scorchedEarth(ctx);
}

/** #1.1 Victory Condition: a heading with no text. */
function victoryCondition(ctx: Ctx): void {
  note(ctx, '1.1 Victory Condition: the document gives this heading and no text; nothing to resolve (ruling R1-1).', { rule: '1.1' });
}

/** #1.2 American Assistance: a free Canadian fighter in Ottawa while the US is neutral. */
function americanAssistance(ctx: Ctx): void {
  const b = ctx.board;
  if (!b.neutralUS()) {
    note(ctx, '1.2 American Assistance: the United States is not neutral (or not in this scenario): no free fighter.', { rule: '1.2' });
    return;
  }
  const canada = b.roles.canada;
  const ottawa = b.terr.get(b.place('ottawa'))!; // on the board: validation (ruling R0-8)
  if (!b.friendly(ottawa.owner, canada)) {
    note(ctx, `1.2 American Assistance: ${ottawa.name} is not Allied-controlled: the fighter cannot be placed (ruling R1-2).`, { rule: '1.2' });
    return;
  }
  b.addUnits(ottawa.name, canada, 'fighter', 1);
  change(ctx, `1.2 American Assistance: the United States is neutral: 1 free Canadian fighter (${b.nationName(canada)}) placed in ${ottawa.name}.`, { rule: '1.2' });
}

/** #1.3 Operation Dynamo: first SMP, Allied units (not facilities) in Normandy evacuate to London. */
function operationDynamo(ctx: Ctx): void {
  const b = ctx.board;
  if (b.s.smpNumber !== 1) return note(ctx, '1.3 Operation Dynamo: only in the first Strategic Missions Phase.', { rule: '1.3' });
  const normandy = b.terr.get(b.place('normandy'))!; // on the board in the first SMP: validation (ruling R0-8)
  const london = b.terr.get(b.place('london'))!;
  const allied = (o: string) => b.side(o) === 'allies';
  if (!normandy.units.some((u) => allied(u.owner))) return note(ctx, `1.3 Operation Dynamo: no Allied units in ${normandy.name}.`, { rule: '1.3' });
  if (!allied(london.owner)) return note(ctx, `1.3 Operation Dynamo: ${london.name} is not Allied-controlled; the units cannot be evacuated there (ruling R1-3).`, { rule: '1.3' });
  const moved = b.moveAll(normandy.name, london.name, (u) => allied(u.owner));
  change(ctx, `1.3 Operation Dynamo: evacuated from ${normandy.name} to ${london.name}: ${moved.map((u) => `${plural(u.count, u.type)} (${b.nationName(u.owner)})`).join(', ')}. Facilities stay.`, { rule: '1.3' });
}

/** #1.4 Spanish Negotiations at Hendaye. */
function* spanishNegotiations(ctx: Ctx): Script {
  const b = ctx.board;
  const germany = b.roles.germany;
  if (b.s.smpNumber !== 1) return note(ctx, '1.4 Spanish Negotiations at Hendaye: only in the first Strategic Missions Phase.', { rule: '1.4' });
  const paris = b.terr.get(b.place('paris'))!; // on the board in the first SMP: validation (ruling R0-8)
  const spain = b.terr.get(b.place('spain'))!;
  const rio = b.terr.get(b.place('rioDeOro'))!;
  if (!b.hasNation(germany) || paris.owner !== germany)
    return note(ctx, `1.4 Spanish Negotiations at Hendaye: Germany does not occupy France (${paris.name}): no offer (ruling R1-4).`, { rule: '1.4' });
  const cash = b.cash(germany);
  const spanish = b.roles.spain;
  const military = b.s.territories.flatMap((t) => t.units.filter((u) => u.owner === spanish)).reduce((n, u) => n + u.count, 0);
  const take = yield* askYesNo(
    ctx,
    germany,
    `1.4 Hendaye: Germany may surrender all its cash (${cash} IPCs) to the bank to claim ${spain.name}, its standing military (${military} units) and ${rio.name}; then every German Vichy roll gets +1. Take the deal?`,
    false,
  );
  if (!take) return note(ctx, '1.4 Hendaye: Germany declines.', { rule: '1.4' });
  b.pay(germany, cash);
  change(ctx, `1.4 Hendaye: Germany surrenders ${cash} IPCs to the bank.`, { rule: '1.4', ipc: { [germany]: -cash } });
  for (const t of [spain, rio]) {
    t.owner = germany;
    change(ctx, `1.4 Hendaye: ${t.name} becomes German.`, { rule: '1.4' });
  }
  // "all its standing military": every Spanish unit on the board (ruling R1-5).
  for (const t of [...b.s.territories, ...b.s.seaZones]) {
    const conv = b.convert(t.name, (u) => u.owner === spanish, germany);
    if (conv.length) change(ctx, `1.4 Hendaye: in ${t.name}, ${conv.map((u) => plural(u.count, u.type)).join(', ')} become German.`, { rule: '1.4' });
  }
  b.s.vichy.hendaye = true;
  change(ctx, '1.4 Hendaye: German Vichy rolls are increased by 1 from now on.', { rule: '1.4' });
}

/** #1.5 Russian Winter: winter/spring rounds, Germany removes 3 regular/elite infantry from originally Russian territories. */
function* russianWinter(ctx: Ctx): Script {
  const b = ctx.board;
  const germany = b.roles.germany;
  const russia = b.roles.russia;
  if (b.s.season !== 'winter' && b.s.season !== 'spring') return note(ctx, `1.5 Russian Winter: a ${b.s.season} round: nothing to remove.`, { rule: '1.5' });
  const stacks = b.s.territories
    .filter((t) => t.originalOwner === russia)
    .flatMap((t) => t.units.filter((u) => u.owner === germany && b.unitType(u.type).infantry).map((u) => ({ t: t.name, u })));
  const available = stacks.reduce((n, x) => n + x.u.count, 0);
  if (available === 0) return note(ctx, '1.5 Russian Winter: no German infantry in originally Russian territories.', { rule: '1.5' });
  const need = Math.min(3, available);
  const items = stacks.map((x, i) => ({ key: `s${i}`, label: `${words(x.u.type)} in ${x.t}`, max: x.u.count }));
  // Auto policy: regular infantry first, then elite, in board order.
  const auto: Record<string, number> = {};
  let left = need;
  for (const pass of ['regular', 'elite']) {
    stacks.forEach((x, i) => {
      if (b.unitType(x.u.type).infantry !== pass) return;
      const k = Math.min(left, x.u.count);
      auto[`s${i}`] = k;
      left -= k;
    });
  }
  const pick = yield* askCounts(ctx, germany, `1.5 Russian Winter (${b.s.season}): Germany must remove ${need} regular/elite infantry from originally Russian territories${need < 3 ? ` (all there are: the document asks 3)` : ''}.`, items, { min: need, max: need }, auto, undefined, 'infantry');
  stacks.forEach((x, i) => {
    const n = pick[`s${i}`];
    if (!n) return;
    b.removeUnits(x.t, germany, x.u.type, n);
    change(ctx, `1.5 Russian Winter: Germany removes ${plural(n, x.u.type)} from ${x.t}.`, { rule: '1.5' });
  });
}

/** Shortest distances over land territories controlled by `owner`. */
function landDistances(ctx: Ctx, from: string, owner: string): Map<string, number> {
  const b = ctx.board;
  const dist = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const cur = queue.shift()!;
    for (const n of b.neighbours(cur)) {
      const t = b.terr.get(n);
      if (!t || t.owner !== owner || dist.has(n)) continue;
      dist.set(n, dist.get(cur)! + 1);
      queue.push(n);
    }
  }
  return dist;
}

/** #1.6 Russian Engineer Tokens: move one production facility per SMP. */
function* russianEngineers(ctx: Ctx): Script {
  const b = ctx.board;
  const russia = b.roles.russia;
  const per = b.cat.rules.engineerDamagePerToken;
  if (!b.hasNation(russia)) return;
  note(ctx, '1.6 Russia may never purchase new production facilities (a purchase rule; Wardroom notes it only).', { rule: '1.6' });
  if (!b.atWar(russia)) return note(ctx, '1.6 Russian Engineer Tokens: Russia is not at war with a European Axis power: tokens may not be used.', { rule: '1.6' });
  const tokens = b.s.tokens.engineer;
  if (tokens === 0) return note(ctx, '1.6 Russian Engineer Tokens: no engineer tokens left.', { rule: '1.6' });
  type Option = { value: string; label: string; t: string; i: number; dests: { name: string; spaces: number; cost: number; damage: number }[] };
  const options: Option[] = [];
  for (const t of b.s.territories) {
    if (t.owner !== russia) continue;
    t.facilities.forEach((f, i) => {
      const cost = b.facilityType(f.type).engineerCost;
      if (!b.isProduction(f) || !cost) return; // a board's own production type may not say what moving it costs
      const max = b.maxDamage(f);
      const dests: Option['dests'] = [];
      for (const [name, spaces] of landDistances(ctx, t.name, russia)) {
        const dest = b.terr.get(name)!;
        if (dest.facilities.some((g) => b.isProduction(g))) continue; // ruling R1-6 (its own territory among them)
        if (dest.island) continue;
        if (spaces * cost > tokens) continue;
        // "may no longer move once maximum damage has been sustained": each space is started below it (ruling R1-6)
        if (f.damage + per * cost * (spaces - 1) >= max) continue;
        dests.push({ name, spaces, cost: spaces * cost, damage: Math.min(max - f.damage, per * cost * spaces) });
      }
      if (dests.length) options.push({ value: `${t.name}#${i}`, label: b.facilityLabel(t, i), t: t.name, i, dests });
    });
  }
  if (!options.length) return note(ctx, `1.6 Russian Engineer Tokens (${tokens} left): no production facility can move.`, { rule: '1.6' });
  const choice = yield* askChoice(
    ctx,
    russia,
    `1.6 Russian Engineer Tokens (${tokens} left): move one production facility (1/2/5 tokens per space for minor/major/industrial complex; 3 damage per token used)?`,
    [{ value: 'none', label: 'move nothing' }, ...options.map((o) => ({ value: o.value, label: o.label }))],
    'none',
  );
  if (choice === 'none') return note(ctx, '1.6 Russian Engineer Tokens: Russia moves no facility.', { rule: '1.6' });
  const opt = options.find((o) => o.value === choice)!;
  const dest = yield* askChoice(
    ctx,
    russia,
    `1.6 Move ${opt.label} to:`,
    opt.dests.map((d) => ({ value: d.name, label: `${d.name}: ${d.spaces} space(s), ${d.cost} token(s), +${d.damage} damage` })),
    opt.dests[0].name,
  );
  const d = opt.dests.find((x) => x.name === dest)!;
  const src = b.terr.get(opt.t)!;
  const [fac] = src.facilities.splice(opt.i, 1);
  const added = Math.min(b.maxDamage(fac) - fac.damage, per * d.cost);
  fac.damage += added;
  b.terr.get(dest)!.facilities.push(fac);
  b.s.tokens.engineer -= d.cost;
  change(ctx, `1.6 Russian Engineers: ${words(fac.type)} moved from ${opt.t} to ${dest} (${d.spaces} space(s)): ${d.cost} engineer token(s) used (${b.s.tokens.engineer} left), +${added} damage (now ${fac.damage}/${b.maxDamage(fac)}).`, { rule: '1.6' });
}

/** #1.7 Conscripts and Volunteers. */
function conscripts(ctx: Ctx): void {
  const b = ctx.board;
  let any = false;
  for (const t of b.s.territories) {
    for (const f of t.facilities) {
      if (f.type !== 'rail_station' || !b.operational(f)) continue;
      if (t.owner === 'vichy' || b.side(t.owner) === 'neutral') continue; // ruling R1-7
      const n = 1 + (t.victoryCity ? 1 : 0) + (t.victoryCity && t.capital ? 1 : 0);
      b.addUnits(t.name, t.owner, 'infantry', n);
      any = true;
      change(ctx, `1.7 Conscripts and Volunteers: ${plural(n, 'regular infantry')} (${b.nationName(t.owner)}) placed in ${t.name} (operational rail station${t.victoryCity ? ', victory city' : ''}${t.victoryCity && t.capital ? ', capital' : ''}).`, { rule: '1.7' });
    }
  }
  if (!any) note(ctx, '1.7 Conscripts and Volunteers: no operational rail station.', { rule: '1.7' });
}

/** #1.8 Oil Tankers Arrive. */
function* oilTankers(ctx: Ctx): Script {
  const b = ctx.board;
  const queues = b.s.buildQueues;
  const moved = new Map<string, number>(); // tankers that used the move action, by destination queue
  if (!queues.some((q) => q.oilTankers > 0)) return note(ctx, '1.8 Oil Tankers: no oil tankers in any build queue.', { rule: '1.8' });
  for (const nation of b.s.nations.map((n) => n.id)) {
    // Each move uses up the tankers it moves (they may not move again): the questions end.
    for (;;) {
      const mine = queues.filter((q) => q.nation === nation && q.oilTankerEligible && q.oilTankers - (moved.get(q.id) ?? 0) > 0);
      const targets = (from: string) => queues.filter((q) => q.id !== from && q.oilTankerEligible && b.friendly(q.nation, nation));
      const sources = mine.filter((q) => targets(q.id).length > 0);
      if (!sources.length) break;
      const from = yield* askChoice(
        ctx,
        nation,
        `1.8 Oil Tankers (${b.nationName(nation)}): move tankers from one eligible build queue to another? Tankers that do not move earn ${b.cat.rules.oilTankerIncome} IPCs each.`,
        [{ value: 'done', label: 'no (more) moves' }, ...sources.map((q) => ({ value: q.id, label: `from queue ${q.id} (${q.oilTankers - (moved.get(q.id) ?? 0)} tanker(s) that have not moved)` }))],
        'done',
      );
      if (from === 'done') break;
      const q = queues.find((x) => x.id === from)!;
      const can = q.oilTankers - (moved.get(q.id) ?? 0);
      const fields: Record<string, FieldSpec> = {
        count: { kind: 'int', label: 'Tankers', min: 1, max: can },
        to: { kind: 'choice', label: 'To the build queue', options: targets(q.id).map((t) => ({ value: t.id, label: `queue ${t.id} (${b.nationName(t.nation)})` })) },
      };
      const a = yield* ask(ctx, nation, `1.8 How many tankers from queue ${q.id}, and to which queue?`, fields, { count: can, to: targets(q.id)[0].id });
      const n = a.count as number;
      const to = queues.find((x) => x.id === a.to)!;
      q.oilTankers -= n;
      to.oilTankers += n;
      moved.set(to.id, (moved.get(to.id) ?? 0) + n);
      change(ctx, `1.8 Oil Tankers: ${n} tanker(s) moved from queue ${q.id} to queue ${to.id}.`, { rule: '1.8' });
    }
  }
  for (const q of queues) {
    const stayed = q.oilTankers - (moved.get(q.id) ?? 0);
    if (stayed <= 0) continue;
    const ipc = stayed * b.cat.rules.oilTankerIncome;
    b.earn(q.nation, ipc);
    change(ctx, `1.8 Oil Tankers: ${b.nationName(q.nation)} collects ${ipc} IPCs for ${stayed} tanker(s) in queue ${q.id} that did not move.`, { rule: '1.8', ipc: { [q.nation]: ipc }, income: ipc });
  }
}

/**
 * #1.9 Scorched Earth. Each territory is asked about in turn; a nation may answer for all its
 * remaining territories at once (`rest`: none, or every tactical facility), so a full board does not
 * ask it 34 times. Records without `rest` (Wardroom 0.1, older answers files) ask as before.
 */
function* scorchedEarth(ctx: Ctx): Script {
  const b = ctx.board;
  let any = false;
  const rest = new Map<string, 'none' | 'all'>();
  for (const t of b.s.territories) {
    if (t.owner === 'vichy' || b.side(t.owner) === 'neutral') continue;
    const inf = t.units.some((u) => b.unitType(u.type).infantry && b.friendly(u.owner, t.owner));
    if (!inf) continue;
    const facs = t.facilities.map((f, i) => ({ f, i })).filter((x) => b.isTactical(x.f) && x.f.damage < b.maxDamage(x.f));
    if (!facs.length) continue;
    any = true;
    let chosen: string[];
    const answered = rest.get(t.owner);
    if (answered) chosen = answered === 'all' ? facs.map((x) => String(x.i)) : [];
    else {
      const a = yield* ask(
        ctx,
        t.owner,
        `1.9 Scorched Earth in ${t.name}: your infantry may put ${b.cat.rules.scorchDamage} damage on each tactical facility you choose (none is fine).`,
        {
          chosen: { kind: 'subset', label: 'Chosen', options: facs.map((x) => ({ value: String(x.i), label: b.facilityLabel(t, x.i) })), min: 0, max: facs.length },
          rest: {
            kind: 'choice',
            label: 'Your other territories',
            optional: true,
            options: [
              { value: 'ask', label: 'ask for each' },
              { value: 'none', label: 'no scorched earth in any of them' },
              { value: 'all', label: 'every tactical facility in each' },
            ],
          },
        },
        { chosen: [], rest: 'ask' },
      );
      chosen = (a.chosen as string[] | undefined) ?? [];
      if (a.rest === 'none' || a.rest === 'all') rest.set(t.owner, a.rest);
      // Said since 2026-12-05; a record of Wardroom 0.1 replays to its own events.
      if (ctx.rulings !== '0.1') {
        if (!chosen.length) note(ctx, `1.9 Scorched Earth in ${t.name}: ${b.nationName(t.owner)} chooses none.`, { rule: '1.9' });
        if (a.rest === 'none') note(ctx, `1.9 Scorched Earth: ${b.nationName(t.owner)} chooses none in its other territories.`, { rule: '1.9' });
        if (a.rest === 'all') note(ctx, `1.9 Scorched Earth: ${b.nationName(t.owner)} chooses every tactical facility in its other territories.`, { rule: '1.9' });
      }
    }
    for (const c of chosen) {
      const f = t.facilities[Number(c)];
      const added = b.damage(f, b.cat.rules.scorchDamage);
      change(ctx, `1.9 Scorched Earth: ${t.name} ${words(f.type)} +${added} damage (now ${f.damage}/${b.maxDamage(f)}).`, { rule: '1.9' });
    }
  }
  if (!any) note(ctx, '1.9 Scorched Earth: no territory has infantry beside a tactical facility that can take damage.', { rule: '1.9' });
}

