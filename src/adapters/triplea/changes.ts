/**
 * After the phase: the board before it and after it (two scenarios imported from TripleA, or the
 * imported one and `smp run --out`'s next one) → the edits to make in TripleA's edit mode, and the
 * group's next overlay. Pure: no I/O.
 *
 * Both boards are seen as TripleA sees them: a Vichy owner is the overlay's vichy.player, else the
 * Free French player (TripleA shows Vichy as French); Wardroom types become TripleA unit types; the
 * facilities TripleA has units for are units owned with their territory. The edits use the names of
 * TripleA's edit-mode actions, in an order that works there: owners first (TripleA hands a
 * territory's factories, airfields and harbours to its new owner), then units removed, added,
 * damaged, then PUs. What TripleA does not hold (rail stations, bunkers, tokens, Vichy, SMP
 * number and season, oil tankers, designations, and the damage TripleA's export leaves out) goes
 * into the next overlay.
 */
import { catalogOf, type Scenario } from '../../modules/smp/scenario.ts';
import { typeMap, type Overlay, type OverlayInput } from './scenario.ts';

export type Edit =
  | { action: 'Change Territory Owner'; territory: string; from: string; to: string }
  | { action: 'Remove Selected Units'; space: string; owner: string; unitType: string; count: number; damaged: number }
  | { action: 'Add Units'; space: string; owner: string; unitType: string; count: number }
  | { action: 'Change Unit Hit Damage'; space: string; owner: string; unitType: string; count: number; hits: number }
  | { action: 'Change Unit Bombing Damage'; territory: string; owner: string; unitType: string; from: number; to: number }
  | { action: 'Change Resources'; player: string; resource: 'PUs'; from: number; to: number };

interface Changes {
  edits: Edit[];
  /** What changed that TripleA does not hold (written into the next overlay). */
  overlay: string[];
  /** Things the edits cannot say exactly: a type with no TripleA unit type, Vichy and Free French mixed. */
  problems: string[];
  nextOverlay: OverlayInput;
}

interface Stack {
  count: number;
  damaged: number;
  designated: number;
}
const emptyStack = (): Stack => ({ count: 0, damaged: 0, designated: 0 });

interface View {
  owners: Map<string, string>;
  /** space → TripleA owner → TripleA unit type → stack */
  units: Map<string, Map<string, Map<string, Stack>>>;
  /** territory → TripleA facility unit type → damage of each */
  facilities: Map<string, Map<string, number[]>>;
  /** territory → the overlay's facilities */
  overlayFacilities: Map<string, { type: string; damage: number; maxDamage?: number }[]>;
  cash: Map<string, number>;
}

export function editText(e: Edit): string {
  const units = (n: number, t: string, owner: string) => `${n} ${t} (${owner})`;
  switch (e.action) {
    case 'Change Territory Owner':
      return `${e.action}: ${e.territory}, ${e.from} → ${e.to}`;
    case 'Remove Selected Units':
      return `${e.action}: ${units(e.count, e.unitType, e.owner)} from ${e.space}${e.damaged ? `, ${e.damaged === e.count ? (e.count > 1 ? 'all damaged' : 'the damaged one') : `${e.damaged} of them damaged`}` : ''}`;
    case 'Add Units':
      return `${e.action}: ${units(e.count, e.unitType, e.owner)} to ${e.space}`;
    case 'Change Unit Hit Damage':
      return `${e.action}: ${units(e.count, e.unitType, e.owner)} in ${e.space} to ${e.hits} hit${e.hits === 1 ? '' : 's'}`;
    case 'Change Unit Bombing Damage':
      return `${e.action}: ${e.unitType} (${e.owner}) in ${e.territory}, ${e.from} → ${e.to}`;
    case 'Change Resources':
      return `${e.action}: ${e.player} ${e.resource} ${e.from} → ${e.to}`;
  }
}

/** The edits that turn TripleA's board `before` into `after`, and the next overlay. */
export function tripleaChanges(before: Scenario, after: Scenario, o: Overlay): Changes {
  const types = typeMap(o);
  const problems: string[] = [];
  const tripleaType = (t: string) => {
    const tt = types.tripleaOf(t);
    if (!tt) problems.push(`no TripleA unit type maps to Wardroom's ${t}: the edits name it by Wardroom's name; map it in the overlay's tripleaTypes`);
    return tt ?? t;
  };
  const vichyAs = o.vichy.player ?? catalogOf(before).roles.freeFrench;
  const who = (owner: string) => (owner === 'vichy' ? vichyAs : owner);
  const view = (s: Scenario): View => {
    const v: View = { owners: new Map(), units: new Map(), facilities: new Map(), overlayFacilities: new Map(), cash: new Map() };
    for (const sp of [...s.territories, ...s.seaZones]) {
      const bySpace = new Map<string, Map<string, Stack>>();
      for (const u of sp.units) {
        const byOwner = bySpace.get(who(u.owner)) ?? new Map<string, Stack>();
        bySpace.set(who(u.owner), byOwner);
        const tt = tripleaType(u.type);
        const st = byOwner.get(tt) ?? emptyStack();
        byOwner.set(tt, st);
        st.count += u.count;
        st.damaged += u.damaged ?? 0;
        st.designated += u.designated ?? 0;
      }
      v.units.set(sp.name, bySpace);
    }
    for (const t of s.territories) {
      v.owners.set(t.name, who(t.owner));
      const fs = new Map<string, number[]>();
      for (const f of t.facilities) {
        const tt = types.tripleaOf(f.type);
        if (tt) fs.set(tt, [...(fs.get(tt) ?? []), f.damage]);
        else v.overlayFacilities.set(t.name, [...(v.overlayFacilities.get(t.name) ?? []), f]);
      }
      v.facilities.set(t.name, fs);
    }
    for (const [n, c] of Object.entries(s.cash)) if (n !== 'vichy') v.cash.set(n, c);
    return v;
  };
  const b = view(before);
  const a = view(after);
  const owners: Edit[] = [];
  const removed: Edit[] = [];
  const added: Edit[] = [];
  const damage: Edit[] = [];
  const resources: Edit[] = [];

  for (const [t, to] of a.owners) {
    const from = b.owners.get(t);
    if (from !== undefined && from !== to) owners.push({ action: 'Change Territory Owner', territory: t, from, to });
  }
  for (const space of new Set([...b.units.keys(), ...a.units.keys()])) {
    const bs = b.units.get(space) ?? new Map();
    const as = a.units.get(space) ?? new Map();
    for (const owner of new Set([...bs.keys(), ...as.keys()])) {
      const bo: Map<string, Stack> = bs.get(owner) ?? new Map();
      const ao: Map<string, Stack> = as.get(owner) ?? new Map();
      for (const unitType of new Set([...bo.keys(), ...ao.keys()])) {
        const x = bo.get(unitType) ?? emptyStack();
        const y = ao.get(unitType) ?? emptyStack();
        const out = Math.max(0, x.count - y.count);
        // Of the units removed, as many damaged ones as leave the right number damaged.
        const k = Math.min(Math.min(out, x.damaged), Math.max(out - (x.count - x.damaged), x.damaged - y.damaged, 0));
        const hit = y.damaged - (x.damaged - k);
        const id = { space, owner, unitType };
        if (out) removed.push({ action: 'Remove Selected Units', ...id, count: out, damaged: k });
        if (y.count > x.count) added.push({ action: 'Add Units', ...id, count: y.count - x.count });
        if (hit) damage.push({ action: 'Change Unit Hit Damage', ...id, count: Math.abs(hit), hits: hit > 0 ? 1 : 0 });
      }
    }
  }
  for (const [t, af] of a.facilities) {
    const bf = b.facilities.get(t) ?? new Map<string, number[]>();
    const owner = a.owners.get(t)!;
    for (const unitType of new Set([...bf.keys(), ...af.keys()])) {
      // Damage values kept stay; the others pair up as damage changes, the rest are removed or added.
      const was = [...(bf.get(unitType) ?? [])].sort((p, q) => p - q);
      const now = [...(af.get(unitType) ?? [])].sort((p, q) => p - q);
      for (let i = was.length - 1; i >= 0; i--) {
        const j = now.indexOf(was[i]);
        if (j >= 0) was.splice(i, 1), now.splice(j, 1);
      }
      const pairs = Math.min(was.length, now.length);
      for (let i = 0; i < pairs; i++) damage.push({ action: 'Change Unit Bombing Damage', territory: t, owner, unitType, from: was[i], to: now[i] });
      if (was.length > pairs) removed.push({ action: 'Remove Selected Units', space: t, owner, unitType, count: was.length - pairs, damaged: 0 });
      if (now.length > pairs) added.push({ action: 'Add Units', space: t, owner, unitType, count: now.length - pairs });
      for (const d of now.slice(pairs)) if (d) damage.push({ action: 'Change Unit Bombing Damage', territory: t, owner, unitType, from: 0, to: d });
    }
  }
  for (const [p, to] of a.cash) {
    const from = b.cash.get(p) ?? 0;
    if (from !== to) resources.push({ action: 'Change Resources', player: p, resource: 'PUs', from, to });
  }

  const next = nextOverlay(before, after, o, a, who, problems);
  return { edits: [...owners, ...removed, ...added, ...damage, ...resources], overlay: next.lines, problems: [...new Set(problems)], nextOverlay: next.overlay };
}

/** The overlay of the next phase: what TripleA does not hold, as the phase left it. */
function nextOverlay(before: Scenario, after: Scenario, o: Overlay, a: View, who: (owner: string) => string, problems: string[]): { overlay: OverlayInput; lines: string[] } {
  const lines: string[] = [];
  const types = typeMap(o);
  const said = (what: string, x: unknown, y: unknown) => {
    if (JSON.stringify(x) !== JSON.stringify(y)) lines.push(`${what}: ${show(x)} → ${show(y)}`);
  };
  said('smpNumber', before.smpNumber, after.smpNumber);
  said('season', before.season, after.season);
  if (o.round !== undefined) said('round', before.round, after.round);
  for (const k of ['engineer', 'kamikaze', 'partisan'] as const) said(`${k} tokens`, before.tokens[k], after.tokens[k]);
  for (const q of after.buildQueues) said(`oil tankers in build queue ${q.id}`, before.buildQueues.find((x) => x.id === q.id)?.oilTankers ?? 0, q.oilTankers);

  const territories: NonNullable<OverlayInput['territories']> = {};
  const seaZones: NonNullable<OverlayInput['seaZones']> = {};
  const beforeFacilities = new Map(before.territories.map((t) => [t.name, t.facilities]));
  const ownerBefore = new Map(before.territories.map((t) => [t.name, t.owner]));
  for (const t of after.territories) {
    const e = { ...(o.territories[t.name] ?? {}) } as NonNullable<OverlayInput['territories']>[string];
    // TripleA's export does not say who held a territory first: keep it for one that changed hands.
    const original = t.originalOwner && who(t.originalOwner);
    if (e.originalOwner === undefined && original && original !== who(t.owner) && who(t.owner) !== who(ownerBefore.get(t.name) ?? t.owner)) {
      e.originalOwner = original;
      lines.push(`${t.name}: originalOwner ${original} (it changed hands; TripleA's export does not say who held it first)`);
    }
    const mine = a.overlayFacilities.get(t.name) ?? [];
    const had = (beforeFacilities.get(t.name) ?? []).filter((f) => !types.tripleaOf(f.type));
    said(`${t.name}, facilities not in TripleA`, had.map(facility), mine.map(facility));
    if (mine.length) e.facilities = mine;
    else delete e.facilities;
    // Bombing damage of TripleA's facilities: TripleA's export leaves it out, so the overlay keeps it.
    const dmg: Record<string, number> = {};
    for (const [tt, ds] of a.facilities.get(t.name) ?? []) {
      if (new Set(ds).size > 1) problems.push(`${t.name} has ${ds.length} ${tt} with different damage (${ds.join(', ')}): the overlay holds one number per type; write unitDamage into the XML instead`);
      if (Math.max(...ds) > 0) dmg[tt] = Math.max(...ds);
    }
    if (Object.keys(dmg).length) e.facilityDamage = dmg;
    else delete e.facilityDamage;
    shipState(e, a.units.get(t.name));
    if (Object.keys(e).length) territories[t.name] = e;
  }
  for (const z of after.seaZones) {
    const e = { ...(o.seaZones[z.name] ?? {}) } as NonNullable<OverlayInput['seaZones']>[string];
    shipState(e, a.units.get(z.name));
    if (Object.keys(e).length) seaZones[z.name] = e;
  }

  // Vichy: the spaces where what TripleA shows as French is Vichy.
  const ff = catalogOf(before).roles.freeFrench;
  const spaces = o.vichy.player
    ? []
    : [...after.territories, ...after.seaZones]
        .filter((sp) => ('owner' in sp && sp.owner === 'vichy') || sp.units.some((u) => u.owner === 'vichy'))
        .map((sp) => {
          if (sp.units.some((u) => u.owner === ff) || ('owner' in sp && sp.owner === ff))
            problems.push(`${sp.name} holds both Vichy and Free French: TripleA shows both as ${ff}, so the overlay's vichy.spaces cannot tell them apart`);
          return sp.name;
        });
  const { status, southernFranceOrIndoChinaAttacked, attackedBy, turned, hendaye } = after.vichy;
  const vichy = { ...o.vichy, status, southernFranceOrIndoChinaAttacked, attackedBy, turned, hendaye, spaces };
  for (const k of Object.keys(vichy) as (keyof typeof vichy)[]) said(`vichy.${k}`, o.vichy[k], vichy[k]);

  const overlay: OverlayInput = {
    ...o,
    smpNumber: after.smpNumber,
    season: after.season,
    ...(o.round !== undefined ? { round: after.round } : {}),
    tokens: after.tokens,
    buildQueues: after.buildQueues,
    territories,
    seaZones,
    vichy,
  };
  return { overlay, lines };
}

/** The overlay's damaged and designated counts of a space, as TripleA names them. */
function shipState(e: { damaged?: Record<string, Record<string, number>>; designated?: Record<string, Record<string, number>> }, units: Map<string, Map<string, Stack>> | undefined): void {
  for (const field of ['damaged', 'designated'] as const) {
    const out: Record<string, Record<string, number>> = {};
    for (const [owner, byType] of units ?? [])
      for (const [tt, s] of byType) if (s[field]) (out[owner] ??= {})[tt] = s[field];
    if (Object.keys(out).length) e[field] = out;
    else delete e[field];
  }
}

function facility(f: { type: string; damage: number }): string {
  return `${f.type} ${f.damage} damage`;
}

function show(x: unknown): string {
  if (Array.isArray(x)) return x.length ? x.join(', ') : 'none';
  if (x === null) return 'none';
  return typeof x === 'object' ? JSON.stringify(x) : String(x);
}
