/** Step 2 — Conduct Vichy France (document section "#2. VICHY FRANCE"). */
import { plural, words } from './board.ts';
import { PLACES, type PlaceKey } from './data.ts';
import { vichyAttempt } from './odds/index.ts';
import { askYesNo, change, note, rollHits, type Ctx, type Script } from './script.ts';

export function* vichyFrance(ctx: Ctx): Script {
  const b = ctx.board;
  const v = b.s.vichy;
  const ff = b.roles.freeFrench;

  // Attacks on Vichy territory since the last SMP, before Southern France is resolved (#2, last part).
  if (v.status === 'in-effect' && v.attackedBy) {
    const by = v.attackedBy;
    v.attackedBy = null;
    if (by === 'allies') {
      for (const sp of vichySpaces(ctx)) {
        const to = sp === b.place('frenchIndoChina') ? b.roles.japan : b.roles.germany;
        turnOver(ctx, sp, to, `an Allied power attacked Vichy territory: ${sp} becomes ${b.nationName(to)}`);
      }
    } else {
      for (const sp of vichySpaces(ctx)) turnOver(ctx, sp, ff, `an Axis power attacked Vichy territory: ${sp} becomes Free French`);
    }
    v.status = 'resolved';
    change(ctx, `2 Vichy France: after the ${by === 'allies' ? 'Allied' : 'Axis'} attack no Vichy territory or unit remains; the Vichy rules end (ruling R2-6).`, { rule: '2' });
    return;
  } else if (v.attackedBy) {
    note(ctx, `2 Vichy France: the attack reported in the scenario came ${v.status === 'resolved' ? `after ${b.place('southernFrance')} was resolved` : 'while Vichy was not in effect'}: no effect.`, { rule: '2' });
    v.attackedBy = null;
  }

  // When the Vichy rules come into effect (#2, first two paragraphs): by the first SMP or never (ruling R2-1).
  if (v.status === 'pending' && b.s.smpNumber > 1 && ctx.rulings !== '0.1') {
    v.status = 'free-french';
    change(ctx, `2 Vichy France: the Vichy rules can only come into effect by the first Strategic Missions Phase, and this scenario (SMP ${b.s.smpNumber}) has them still pending: all French territories and units are Free French; no Vichy rules (ruling R2-1). If they are in effect on your board, set vichy.status to "in-effect".`, { rule: '2' });
    return;
  }
  if (v.status === 'pending') {
    const paris = b.terr.get(b.place('paris'))!; // on the board while Vichy is pending: validation (ruling R0-8)
    const fallen = b.side(paris.owner) === 'axis';
    if (fallen && !v.southernFranceOrIndoChinaAttacked) {
      comeIntoEffect(ctx);
      v.status = 'in-effect';
    } else {
      v.status = 'free-french';
      change(ctx, `2 Vichy France: ${fallen ? `${b.place('southernFrance')} or ${b.place('frenchIndoChina')} was attacked` : `${b.place('paris')} has not fallen`} before this Strategic Missions Phase: all French territories and units are Free French; no Vichy rules (ruling R2-1).`, { rule: '2' });
      return;
    }
  }
  if (v.status === 'free-french') return note(ctx, '2 Vichy France: all French territories and units are Free French; nothing to roll.', { rule: '2' });
  if (vichySpaces(ctx).length === 0) return note(ctx, '2 Vichy France: no Vichy territory or unit remains.', { rule: '2' });

  // Resolve Vichy: Japan, United Kingdom, Italy, Free French, Germany.
  const R = b.cat.vichyRolls;
  const P = (keys: PlaceKey[]) => keys.map((k) => b.place(k));
  yield* attempts(ctx, b.roles.japan, 'Japan', P(R.japan.targets), R.japan.hitOn, 0, 'claim');
  yield* attempts(ctx, b.roles.uk, 'United Kingdom', P(R.uk.targets), R.uk.hitOn, 0, 'destroy');
  yield* attempts(ctx, b.roles.italy, 'Italy', P(R.italy.targets), R.italy.hitOn, 0, 'claim');
  yield* attempts(ctx, ff, 'Free French', P(R.freeFrench.targets), R.freeFrench.hitOn, 0, 'claim');
  yield* attempts(ctx, b.roles.germany, 'Germany', P(R.germany.targets), R.germany.hitOn, v.hendaye ? 1 : 0, 'claim');

  // The 3rd SMP, or the first one after it whose board still has Southern France unresolved (ruling R2-4; Wardroom 0.1: the 3rd only).
  if ((ctx.rulings === '0.1' ? b.s.smpNumber === 3 : b.s.smpNumber >= 3) && v.status === 'in-effect') resolveSouthernFrance(ctx);
}

/** Names of spaces holding a Vichy territory or Vichy units. */
function vichySpaces(ctx: Ctx): string[] {
  const b = ctx.board;
  return [...b.s.territories, ...b.s.seaZones].filter((sp) => ('owner' in sp && sp.owner === 'vichy') || sp.units.some((u) => u.owner === 'vichy')).map((sp) => sp.name);
}

function turnOver(ctx: Ctx, space: string, to: string, why: string): void {
  const b = ctx.board;
  const t = b.terr.get(space);
  if (t && t.owner === 'vichy') t.owner = to;
  const conv = b.convert(space, (u) => u.owner === 'vichy', to);
  change(ctx, `2 Vichy France: ${why}${conv.length ? ` (units: ${conv.map((u) => plural(u.count, u.type)).join(', ')})` : ''}.`, { rule: '2' });
}

function comeIntoEffect(ctx: Ctx): void {
  const b = ctx.board;
  const ff = b.roles.freeFrench;
  const except = new Set(b.cat.vichyRolls.freeFrenchExceptions.map((k) => b.place(k)));
  const sf = b.place('southernFrance');
  change(ctx, `2 Vichy France: ${b.place('paris')} is held by the Axis and neither ${sf} nor ${b.place('frenchIndoChina')} was attacked: the Vichy rules are in effect.`, { rule: '2' });
  for (const t of b.s.territories) {
    if (t.owner === ff && !except.has(t.name)) {
      t.owner = 'vichy';
      // A board with its own name for Southern France is told which territory plays that part.
      const role = t.name === sf && sf !== PLACES.southernFrance.name ? ` (${PLACES.southernFrance.name})` : '';
      change(ctx, `2 Vichy France: ${t.name} becomes Vichy${role}.`, { rule: '2' });
    }
  }
  for (const sp of [...b.s.territories, ...b.s.seaZones]) {
    if (except.has(sp.name)) continue;
    const conv = b.convert(sp.name, (u) => u.owner === ff, 'vichy');
    if (conv.length) change(ctx, `2 Vichy France: French units in ${sp.name} become Vichy: ${conv.map((u) => plural(u.count, u.type)).join(', ')}.`, { rule: '2' });
  }
  const stay = [...except].filter((n) => b.units(n).some((u) => u.owner === ff));
  if (stay.length) note(ctx, `2 Vichy France: French units in ${stay.join(', ')} remain Free French.`, { rule: '2' });
}

function* attempts(ctx: Ctx, nation: string, who: string, targets: string[], hitOn: number, bonus: number, mode: 'claim' | 'destroy'): Script {
  const b = ctx.board;
  if (!b.hasNation(nation)) return note(ctx, `2 Vichy France: ${who} is not in this scenario: no rolls.`, { rule: '2' });
  // A target not Vichy when the nation's turn comes (never Vichy, or turned by an earlier roll) is skipped (ruling R2-2).
  const eligible = [...new Set(targets)].filter((sp) => {
    const t = b.terr.get(sp);
    if (t) return t.owner === 'vichy';
    return b.units(sp).some((u) => u.owner === 'vichy');
  });
  if (!eligible.length) return note(ctx, `2 Vichy France: ${who} has no Vichy target left on its list.`, { rule: '2' });
  const at = hitOn + bonus;
  for (const sp of eligible) {
    const t = b.terr.get(sp);
    const what = mode === 'destroy' ? `destroy the Vichy ships in ${sp}` : `claim Vichy ${sp}${t ? ' and its units' : ' ships'}`;
    const p = vichyAttempt(hitOn, bonus);
    const go = yield* askYesNo(ctx, nation, `2 Vichy France (${who}): attempt to ${what}? Roll @${at}${bonus ? ` (@${hitOn} +${bonus} Hendaye)` : ''}.`, true, [`success ${(p * 100).toFixed(1)}%`]);
    if (!go) {
      note(ctx, `2 Vichy France: ${who} does not attempt ${sp}.`, { rule: '2' });
      continue;
    }
    const { hits } = yield* rollHits(ctx, nation, 1, at, `Vichy: ${who} attempts ${sp} @${at}`);
    if (!hits) {
      note(ctx, `2 Vichy France: ${who} fails at ${sp}.`, { rule: '2' });
      continue;
    }
    if (mode === 'destroy') {
      const gone = b.units(sp).filter((u) => u.owner === 'vichy');
      b.space(sp)!.units = b.units(sp).filter((u) => u.owner !== 'vichy');
      change(ctx, `2 Vichy France: ${who} destroys the Vichy ships in ${sp}: ${gone.map((u) => plural(u.count, u.type)).join(', ')}.`, { rule: '2' });
      continue;
    }
    turnOver(ctx, sp, nation, `${who} claims ${sp}`);
    if (t) {
      if (b.side(nation) === 'axis') b.s.vichy.turned.axis++;
      else b.s.vichy.turned.freeFrench++;
    }
  }
}

/** "Resolving the fate of Vichy Southern France" at the 3rd SMP (or the first later one where it is still unresolved, R2-4), after the rolls. */
function resolveSouthernFrance(ctx: Ctx): void {
  const b = ctx.board;
  if (b.s.smpNumber > 3) note(ctx, `2 Vichy France: Southern France was not resolved at the 3rd SMP; it is resolved now, at SMP ${b.s.smpNumber} (ruling R2-4).`, { rule: '2' });
  const v = b.s.vichy;
  const sfName = b.place('southernFrance');
  const sf = b.terr.get(sfName)!; // on the board while Vichy is in effect: validation (ruling R0-8)
  const remaining = b.s.territories.filter((t) => t.owner === 'vichy' && t.name !== sfName).length;
  const axis = v.turned.axis;
  const ffCount = v.turned.freeFrench + remaining;
  v.status = 'resolved';
  if (sf.owner !== 'vichy') {
    note(ctx, `2 Vichy France: ${sfName} is not Vichy at SMP ${b.s.smpNumber}; nothing to resolve.`, { rule: '2' });
    return;
  }
  if (axis > ffCount) {
    const gone = sf.units.map((u) => plural(u.count, u.type));
    sf.units = [];
    const goneF = sf.facilities.filter((f) => f.type !== 'minor_factory' && f.type !== 'naval_base').map((f) => words(f.type));
    sf.facilities = sf.facilities.filter((f) => f.type === 'minor_factory' || f.type === 'naval_base');
    change(ctx, `2 ${sfName}: the Axis turned ${axis} Vichy territories, the Free French ${v.turned.freeFrench} (+${remaining} still Vichy) = ${ffCount}: everything in ${sfName} except the minor factory and the naval base comes off the board (${[...gone, ...goneF].join(', ') || 'nothing'}); the territory is left empty (ruling R2-5).`, { rule: '2' });
  } else {
    change(ctx, `2 ${sfName}: the Free French count ${ffCount} (${v.turned.freeFrench} turned + ${remaining} still Vichy) against the Axis ${axis}: ${sfName} and its units become Free French${axis === ffCount ? ' (a tie goes to the Free French)' : ''}; the other Vichy territories stay Vichy (ruling R2-4).`, { rule: '2' });
    // Wardroom 0.1 turned every Vichy territory and unit Free French.
    for (const sp of ctx.rulings === '0.1' ? vichySpaces(ctx) : [sfName]) turnOver(ctx, sp, b.roles.freeFrench, `${sp} becomes Free French`);
  }
}
