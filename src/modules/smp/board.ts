/**
 * Queries and changes on a (mutable, cloned) scenario: who controls what, who is at war, which
 * facilities are operational, how units move. Every change goes through here so the report can
 * say exactly what changed.
 */
import type { FacilityType, PlaceKey, UnitType } from './data.ts';
import { usNeutral, type Catalog, type Facility, type Scenario, type SeaZone, type Territory, type UnitStack } from './scenario.ts';

export type Side = 'axis' | 'allies' | 'neutral' | 'vichy';

export class Board {
  readonly terr = new Map<string, Territory>();
  readonly sea = new Map<string, SeaZone>();
  readonly adj = new Map<string, Set<string>>();

  constructor(
    readonly s: Scenario,
    readonly cat: Catalog,
  ) {
    for (const t of s.territories) this.terr.set(t.name, t);
    for (const z of s.seaZones) this.sea.set(z.name, z);
    const link = (a: string, b: string) => {
      if (!this.adj.has(a)) this.adj.set(a, new Set());
      this.adj.get(a)!.add(b);
    };
    for (const sp of [...s.territories, ...s.seaZones]) {
      // A nation's units of one type in a space are one stack (every change below finds it by
      // owner and type); a board written by hand may list them in several entries.
      const listed = sp.units;
      sp.units = [];
      for (const u of listed) this.addUnits(sp.name, u.owner, u.type, u.count, u);
      link(sp.name, sp.name);
      this.adj.get(sp.name)!.delete(sp.name);
      for (const a of sp.adjacent) {
        link(sp.name, a);
        link(a, sp.name);
      }
    }
  }

  get roles() {
    return this.cat.roles;
  }
  /** The board's name of a place the rules name: the only way the rules code names a place. */
  place(key: PlaceKey): string {
    return this.cat.places[key];
  }
  nation(id: string) {
    return this.s.nations.find((n) => n.id === id);
  }
  nationName(id: string): string {
    if (id === 'vichy') return 'Vichy France';
    const n = this.nation(id);
    return n?.name ?? id;
  }
  hasNation(id: string): boolean {
    return this.s.nations.some((n) => n.id === id);
  }
  side(id: string): Side {
    if (id === 'vichy') return 'vichy';
    return this.nation(id)?.side ?? 'neutral';
  }
  /** Nations of the two fighting sides, in turn order (scenario order). */
  sideNations(side: 'axis' | 'allies'): string[] {
    return this.s.nations.filter((n) => n.side === side).map((n) => n.id);
  }
  friendly(a: string, b: string): boolean {
    if (a === b) return true;
    const sa = this.side(a);
    return (sa === 'axis' || sa === 'allies') && sa === this.side(b);
  }
  /** Two nations at war with each other (#3 "a nation at war with that warship", #5 and #6 "enemy", #7 "at war with Japan"). */
  atWarWith(a: string, b: string): boolean {
    return this.s.wars.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  }
  isEuropeanAxis(id: string): boolean {
    const n = this.nation(id);
    if (!n || n.side !== 'axis') return false;
    if (n.europeanAxis !== undefined) return n.europeanAxis;
    return id === this.roles.germany || id === this.roles.italy;
  }
  /**
   * "Only nations at war" (#4, #8, #9): a nation at war with anyone; Russia only when at war with
   * a European Axis power.
   */
  atWar(id: string): boolean {
    if (id === this.roles.russia) return this.s.nations.some((n) => this.isEuropeanAxis(n.id) && this.atWarWith(id, n.id));
    return this.s.wars.some(([x, y]) => x === id || y === id);
  }
  /** Two nations at war where the document adds the Russian condition (#4 coastal defences, #8 partisans): applied to Russia's side of it. */
  warBetween(a: string, b: string): boolean {
    if (!this.atWarWith(a, b)) return false;
    if (a === this.roles.russia || b === this.roles.russia) return this.atWar(this.roles.russia);
    return true;
  }
  neutralUS(): boolean {
    return usNeutral(this.s, this.roles.usa);
  }
  adjacent(a: string, b: string): boolean {
    return this.adj.get(a)?.has(b) ?? false;
  }
  neighbours(a: string): string[] {
    return [...(this.adj.get(a) ?? [])];
  }
  space(name: string): Territory | SeaZone | undefined {
    return this.terr.get(name) ?? this.sea.get(name);
  }
  unitType(t: string): UnitType {
    return this.cat.units[t];
  }
  facilityType(t: string): FacilityType {
    return this.cat.facilities[t];
  }
  maxDamage(f: Facility): number {
    return f.maxDamage ?? this.facilityType(f.type).maxDamage!;
  }
  /** Operational: below the type's out-of-action threshold (A&A G40 bases: 3); otherwise below maximum damage (ruling R1-4). */
  operational(f: Facility): boolean {
    const ft = this.facilityType(f.type);
    return f.damage < (ft.inoperableAt ?? this.maxDamage(f));
  }
  isTactical(f: Facility): boolean {
    return this.facilityType(f.type).kind === 'tactical';
  }
  isProduction(f: Facility): boolean {
    return this.facilityType(f.type).kind === 'production';
  }
  facilityLabel(t: Territory, i: number): string {
    const f = t.facilities[i];
    return `${t.name} ${words(f.type)}${t.facilities.filter((g) => g.type === f.type).length > 1 ? ` #${i + 1}` : ''} (${f.damage}/${this.maxDamage(f)} damage)`;
  }
  /** Add damage, never past the maximum. Returns the damage actually added. */
  damage(f: Facility, amount: number): number {
    const add = Math.max(0, Math.min(amount, this.maxDamage(f) - f.damage));
    f.damage += add;
    return add;
  }
  cash(id: string): number {
    return this.s.cash[id] ?? 0;
  }
  /** Pay to the bank, never below zero (ruling R5-3). Returns what was paid. */
  pay(id: string, amount: number): number {
    const paid = Math.min(this.cash(id), amount);
    this.s.cash[id] = this.cash(id) - paid;
    return paid;
  }
  earn(id: string, amount: number): void {
    this.s.cash[id] = this.cash(id) + amount;
  }

  // ---- units ----
  units(space: string): UnitStack[] {
    return this.space(space)?.units ?? [];
  }
  count(space: string, pred: (u: UnitStack) => boolean): number {
    return this.units(space).filter(pred).reduce((n, u) => n + u.count, 0);
  }
  /** Add units, merging with an identical stack. */
  addUnits(space: string, owner: string, type: string, n: number, extra: { damaged?: number; designated?: number } = {}): void {
    if (n <= 0) return;
    const sp = this.space(space)!;
    const same = sp.units.find((u) => u.owner === owner && u.type === type);
    if (same) {
      same.count += n;
      if (extra.damaged) same.damaged = (same.damaged ?? 0) + extra.damaged;
      if (extra.designated) same.designated = (same.designated ?? 0) + extra.designated;
    } else {
      sp.units.push({ owner, type, count: n, ...(extra.damaged ? { damaged: extra.damaged } : {}), ...(extra.designated ? { designated: extra.designated } : {}) });
    }
  }
  /**
   * Remove `n` units of owner/type from a space. `prefer` picks which first: designated or not,
   * damaged or not. Returns how many were removed.
   */
  removeUnits(space: string, owner: string, type: string, n: number, prefer: { designated?: boolean; damaged?: boolean } = {}): number {
    const sp = this.space(space)!;
    let left = n;
    for (const u of sp.units.filter((x) => x.owner === owner && x.type === type)) {
      if (left <= 0) break;
      const k = Math.min(left, u.count);
      const designated = u.designated ?? 0;
      const damaged = u.damaged ?? 0;
      u.count -= k;
      if (prefer.designated) u.designated = Math.max(0, designated - k);
      else u.designated = Math.min(designated, u.count);
      if (prefer.damaged) u.damaged = Math.max(0, damaged - k);
      else u.damaged = Math.min(damaged, u.count);
      if (!u.designated) delete u.designated;
      if (!u.damaged) delete u.damaged;
      left -= k;
    }
    sp.units = sp.units.filter((u) => u.count > 0);
    return n - left;
  }
  /** Move all units matching `pred` between spaces. */
  moveAll(from: string, to: string, pred: (u: UnitStack) => boolean): UnitStack[] {
    const src = this.space(from)!;
    const moving = src.units.filter(pred);
    src.units = src.units.filter((u) => !pred(u));
    for (const u of moving) this.addUnits(to, u.owner, u.type, u.count, { damaged: u.damaged, designated: u.designated });
    return moving;
  }
  /** Change the owner of all units matching `pred` in a space. */
  convert(space: string, pred: (u: UnitStack) => boolean, owner: string): UnitStack[] {
    const sp = this.space(space)!;
    const moving = sp.units.filter(pred);
    sp.units = sp.units.filter((u) => !pred(u));
    for (const u of moving) this.addUnits(space, owner, u.type, u.count, { damaged: u.damaged, designated: u.designated });
    return moving;
  }
  /**
   * One hit on a ship of owner/type in a space. `onDamaged`: the hit goes to an already damaged
   * ship (which sinks); otherwise to an undamaged one (a 2-hit ship becomes damaged, others sink).
   * `designated`: the ship hit is a designated one (it sailed on a mission).
   */
  hitShip(space: string, owner: string, type: string, onDamaged: boolean, designated = false): 'damaged' | 'sunk' | 'none' {
    const u = this.units(space).find((x) => x.owner === owner && x.type === type);
    if (!u) return 'none';
    const hits = this.unitType(type).hits ?? 1;
    const damaged = u.damaged ?? 0;
    if (onDamaged) {
      if (damaged === 0) return 'none';
      this.removeUnits(space, owner, type, 1, { damaged: true, designated });
      return 'sunk';
    }
    if (damaged >= u.count) return 'none';
    if (hits >= 2) {
      u.damaged = damaged + 1;
      return 'damaged';
    }
    this.removeUnits(space, owner, type, 1, { designated });
    return 'sunk';
  }
}

/** A unit or facility type as players say it: "super_battleship" is "super battleship". */
export function words(type: string): string {
  return type.replace(/_/g, ' ');
}

export function plural(n: number, word: string): string {
  const w = words(word);
  const invariable = /(infantry|artillery|aaa|s)$/.test(w);
  return `${n} ${w}${n === 1 || invariable ? '' : 's'}`;
}
