/** Step 6 — Conduct Partisan Raids (document section "#8. PARTISAN RAIDS"). */
import { refuse } from '../../engine/errors.ts';
import type { FieldSpec } from '../../engine/module.ts';
import { words } from './board.ts';
import { describe, partisanOdds, removeFromLargest } from './odds/index.ts';
import type { Territory } from './scenario.ts';
import { ask, askCounts, change, note, rollHits, type Ctx, type Script } from './script.ts';

const RULE = '6 Partisan Raids:';

/**
 * Originally Allied, Axis-occupied, at least one facility, not an island, the two at war. Those
 * left out for the last two are said (h22: Borneo and Amur passed without a word).
 */
function partisanTerritories(ctx: Ctx): Territory[] {
  const b = ctx.board;
  const out: Territory[] = [];
  for (const t of b.s.territories) {
    const from = t.originalOwner;
    if (!from || b.side(from) !== 'allies' || b.side(t.owner) !== 'axis' || !t.facilities.length) continue;
    const why = t.island ? 'an island' : !b.atWarWith(from, t.owner) ? `${b.nationName(from)} is not at war with ${b.nationName(t.owner)}` : !b.warBetween(from, t.owner) ? `${b.nationName(from)} is not at war with a European Axis power` : null;
    if (!why) out.push(t);
    else if (ctx.rulings !== '0.1') note(ctx, `${RULE} no partisans in ${t.name}: ${why} (#8).`, { rule: '6' });
  }
  return out;
}

export function* partisanRaids(ctx: Ctx): Script {
  const b = ctx.board;
  const R = b.cat.rules.partisan;
  const terrs = partisanTerritories(ctx);
  if (!terrs.length) return note(ctx, `${RULE} no originally Allied, Axis-occupied, non-island territory with a facility (with the two at war).`, { rule: '6' });
  for (const t of terrs) {
    if (b.s.tokens.partisan === 0) return note(ctx, `${RULE} no partisan tokens left.`, { rule: '6' });
    const seat = t.originalOwner!; // ruling R6-1: the original owner directs its partisans
    const elite = b.count(t.name, (u) => b.unitType(u.type).infantry === 'elite' && b.side(u.owner) === 'axis');
    const max = Math.min(R.maxPerTerritory, b.s.tokens.partisan);
    const facs = t.facilities.map((f, i) => ({ f, i })).filter((x) => x.f.damage < b.maxDamage(x.f));
    if (!facs.length) {
      note(ctx, `${RULE} every facility in ${t.name} is at maximum damage.`, { rule: '6' });
      continue;
    }
    const items = facs.map((x) => ({ key: `f${x.i}`, label: b.facilityLabel(t, x.i), max }));
    const cap = facs.map((x) => b.maxDamage(x.f) - x.f.damage);
    // Auto policy: all the tokens allowed on the facility with the most damage still to take.
    const best = facs.reduce((a, x, k) => (cap[k] > cap[a] ? k : a), 0);
    const odds = () => partisanOdds({ tokens: facs.map((_x, k) => (k === best ? max : 0)), capacity: cap, eliteInfantry: elite, securityDice: R.securityDice, securityHitOn: R.securityHitOn, eliteHitOn: R.eliteHitOn, tokenHitOn: R.tokenHitOn, damage: R.damage });
    const pick = yield* askCounts(
      ctx,
      seat,
      `${RULE} ${t.name} (held by ${b.nationName(t.owner)}; ${elite} elite infantry): assign up to ${max} partisan tokens (${b.s.tokens.partisan} left) to facilities. Each facility attacked blocks 1@${R.securityHitOn}, each elite infantry 1@${R.eliteHitOn}; each surviving token @${R.tokenHitOn} deals ${R.damage} damage.`,
      items,
      { min: 0, max },
      { [`f${facs[best].i}`]: max },
      () => [`${max} token(s) on ${b.facilityLabel(t, facs[best].i)}: damage ${describe(odds().perFacility[best])}`],
      'tokens',
    );
    const tokens = facs.map((x) => pick[`f${x.i}`]);
    const used = tokens.reduce((a, c) => a + c, 0);
    if (!used) {
      note(ctx, `${RULE} no partisans in ${t.name}.`, { rule: '6' });
      continue;
    }
    b.s.tokens.partisan -= used; // ruling R6-3: every assigned token is spent
    change(ctx, `${RULE} ${used} partisan token(s) raid ${t.name} (${b.s.tokens.partisan} left): ${facs.map((x, k) => (tokens[k] ? `${tokens[k]} on ${words(x.f.type)}` : '')).filter(Boolean).join(', ')}.`, { rule: '6', tokens: used });
    // Block attempts: each facility under attack 1@1 (removes a token aimed at it, ruling R6-2), then elite infantry 1@2.
    let left = [...tokens];
    for (const [k, { f }] of facs.entries()) {
      if (!tokens[k]) continue;
      const { hits } = yield* rollHits(ctx, t.owner, R.securityDice, R.securityHitOn, `Partisans ${t.name}: ${words(f.type)} security @${R.securityHitOn}`);
      if (hits) {
        const k2 = Math.min(hits, left[k]);
        left[k] -= k2;
        change(ctx, `${RULE} the ${words(f.type)}'s security blocks ${k2} token(s).`, { rule: '6' });
      }
    }
    if (left.some((x) => x > 0)) {
      const { hits } = yield* rollHits(ctx, t.owner, elite, R.eliteHitOn, `Partisans ${t.name}: elite infantry @${R.eliteHitOn}`);
      const k = Math.min(hits, left.reduce((a, c) => a + c, 0));
      if (k > 0) {
        const live = facs.map((x, j) => ({ x, j })).filter((y) => left[y.j] > 0);
        let chosen: number[];
        if (live.length === 1 || k === left.reduce((a, c) => a + c, 0)) chosen = removeFromLargest(left, k);
        else {
          // The Allies remove their casualties.
          const fields: Record<string, FieldSpec> = {};
          const autoLeft = removeFromLargest(left, k);
          const auto: Record<string, number> = {};
          for (const y of live) {
            fields[`f${y.x.i}`] = { kind: 'int', label: `Tokens removed from the raid on ${words(y.x.f.type)}`, min: 0, max: left[y.j] };
            auto[`f${y.x.i}`] = left[y.j] - autoLeft[y.j];
          }
          const a = yield* ask(ctx, seat, `${RULE} elite infantry in ${t.name} score ${k} hit(s): remove ${k} partisan token(s) (how many from each facility's raid):\n${live.map((y) => `  f${y.x.i}: ${left[y.j]} token(s) on ${words(y.x.f.type)}`).join('\n')}`, fields, auto);
          const sum = live.reduce((s, y) => s + ((a[`f${y.x.i}`] as number) ?? 0), 0);
          if (sum !== k) refuse('bad-total', `Remove exactly ${k} token(s), not ${sum}.`, '6');
          chosen = left.map((v, j) => v - (((a[`f${facs[j].i}`] as number | undefined) ?? 0)));
        }
        change(ctx, `${RULE} elite infantry stop ${k} token(s).`, { rule: '6' });
        left = chosen;
      }
    }
    for (const [k, { f }] of facs.entries()) {
      if (!left[k]) continue;
      const { hits } = yield* rollHits(ctx, seat, left[k], R.tokenHitOn, `Partisans ${t.name}: token on ${words(f.type)} @${R.tokenHitOn}`);
      const added = b.damage(f, hits * R.damage);
      change(ctx, `${RULE} ${hits} of ${left[k]} token(s) succeed against ${t.name} ${words(f.type)}: +${added} damage (now ${f.damage}/${b.maxDamage(f)}).`, { rule: '6', damage: added });
    }
  }
}
