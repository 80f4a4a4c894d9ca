/**
 * Fixtures for the tests of the CWNB Campaign Optional Rules 13.1–13.5 and Larger Campaigns 14,
 * 14.1 (test/cwnb/optional/).
 *
 * `OTable` is the rules-test `Table` (test/support/cwnb-fixtures.ts) with the game's `optional`
 * rules switched on, physical dice by default (so a test chooses every die), and a roster whose
 * ships say whether they are Large or have a Crippled side (13.2.7 Port Strike needs it). Every
 * helper acts through the kernel (test/support/kernel.ts); a refusal throws with its code, so a test fails where the
 * script went wrong.
 */
import { readFileSync } from 'node:fs';
import { isRuleError, type RuleError } from '../../src/engine/errors.ts';
import type { EventInput as GameEvent } from '../../src/engine/module.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import { zoneById } from '../../src/modules/cwnb/data/index.ts';
import { ROW_KEYS, ZONE_IDS, type Roster, type ShipCard, type Side, type SpecialCondition, type ZoneId } from '../../src/modules/cwnb/data/types.ts';
import type { RawOptions } from '../../src/modules/cwnb/options.ts';
import type { TransferLimit } from '../../src/modules/cwnb/state.ts';
import { SHIPS, SIDES, Table, type TableSpec, type Want } from './cwnb-fixtures.ts';

export type Optional = NonNullable<RawOptions['optional']>;

/** Large ships (sunk by a Port Strike hit) and ships with a Crippled side (crippled by a hit) in OPT_ROSTER. */
export const LARGE = new Set(['a-cv', 'a-cv2', 's-cv', 's-cv2', 'a-lph']);
export const CRIPPLED_SIDE = new Set(['a-cv', 'a-cv2', 's-cv', 's-cv2', 'a-cg', 's-cg', 'a-dd', 's-dd']);

/** The fixture roster with the Port Strike flags (test values, not the cards). */
export const OPT_ROSTER: Roster = {
  demo: false,
  source: 'test/support/cwnb-optional-fixtures.ts (test values, not the cards)',
  ships: Object.values(SHIPS).map((s): ShipCard => ({ ...s, large: LARGE.has(s.id), crippledSide: CRIPPLED_SIDE.has(s.id) })),
};

/** A 13.2 table for a zone: die 1..6 → the Allied and Soviet conditions given. */
export function conditionsTable(allied: SpecialCondition[], soviet: SpecialCondition[] = allied) {
  if (allied.length !== 6 || soviet.length !== 6) throw new Error('a Special Conditions table has six rows');
  return { source: 'test table', rows: allied.map((a, i) => ({ die: i + 1, allied: a, soviet: soviet[i] })) };
}

/** A zone table with every condition the seed's table lacks: Long Battle, Long Range Battle, Short Battle, Priority, Rushed, Prepared. */
export const MENU: SpecialCondition[] = ['Long Battle', 'Long Range Battle', 'Short Battle', 'Priority', 'Rushed', 'Prepared'];

/** Three 13.3 charts whose every cell is `cell` (then change single cells with `setCell`). */
export function uniformCharts(cell: TransferLimit = 'U', names = ['T1', 'T2', 'T3']) {
  return names.map((name) => {
    const limits: Record<string, Record<string, TransferLimit>> = {};
    for (const a of ZONE_IDS) {
      limits[a] = {};
      for (const b of ZONE_IDS) if (a !== b) limits[a][b] = cell;
    }
    return { name, limits };
  });
}

/** Set one cell of a chart, both directions (13.3: a limit works in both directions). */
export function setCell(chart: { limits: Record<string, Record<string, TransferLimit>> }, a: ZoneId, b: ZoneId, v: TransferLimit): void {
  chart.limits[a][b] = v;
  chart.limits[b][a] = v;
}

/** The DEMO 13.3 charts shipped with Wardroom (made up; examples/cwnb/data/demo-transfer-charts.json). */
export function demoCharts(): { name: string; limits: Record<string, Record<string, TransferLimit>> }[] {
  const url = new URL('../../examples/cwnb/data/demo-transfer-charts.json', import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')).charts;
}

/** A mission with no commitment requirement (no Carrier or Submarine Strike) on this column. */
export function quietMission(id: ZoneId, column: number): Want {
  const table = zoneById(id).missionTable;
  for (const row of ROW_KEYS) {
    const c = table[row][column];
    const strike = ['Carrier Strike', 'Submarine Strike'];
    if (!strike.includes(c.allied) && !strike.includes(c.soviet)) return { allied: c.allied, soviet: c.soviet, urgent: c.urgent };
  }
  throw new Error(`${id}: every mission of column ${column} is a Strike`);
}

export interface OTableSpec extends TableSpec {
  optional?: Optional;
  roster?: Roster;
}

/** The options an OTable would use, for tests of `parseOptions` itself. */
export function rawOptions(spec: OTableSpec): RawOptions {
  return {
    zones: spec.zones,
    turns: spec.turns ?? 9,
    dice: spec.dice ?? 'physical',
    roster: spec.roster ?? OPT_ROSTER,
    startingPoints: Object.fromEntries(spec.zones.map((z) => [z, spec.start?.[z] ?? { allied: 150, soviet: 150 }])),
    optional: spec.optional ?? {},
    ...(spec.rulings ? { rulings: spec.rulings } : {}),
  };
}

/** The refusal `parseOptions` gives for these options (throws if they are accepted). */
export function optionsRefusal(spec: OTableSpec): RuleError {
  const r = cwnb.parseOptions(rawOptions(spec));
  if (!isRuleError(r)) throw new Error('options accepted, expected a refusal');
  return r;
}

export class OTable extends Table {
  constructor(spec: OTableSpec) {
    super({ ...spec, status: undefined });
    const options = cwnb.parseOptions(rawOptions(spec));
    if (isRuleError(options)) throw new Error(`fixture options refused: ${options.code}: ${options.message}`);
    let state = cwnb.setup(options);
    if (spec.status) {
      const zones = { ...state.zones };
      for (const [id, column] of Object.entries(spec.status) as [ZoneId, number][]) zones[id] = { ...zones[id]!, status: column };
      state = { ...state, zones };
    }
    this.state = state;
  }

  /** 6.B / 13.2: one player's Special Conditions roll (physical dice). */
  conditions(id: ZoneId, side: Side, ...values: number[]): GameEvent[] {
    return this.act({ type: 'rollSpecialConditions', seat: this.seat(side, id), values });
  }

  /** 13.2: the die pair that gives `side` the condition on the zone's table. */
  dieFor(id: ZoneId, side: Side, condition: SpecialCondition): number {
    const table = this.state.options.optional.specialConditions?.tables[id];
    const rows = table?.rows ?? [
      { die: 1, allied: 'Port Strike', soviet: 'Bad Weather' },
      { die: 2, allied: 'Bad Weather', soviet: 'Nearby Air Bases' },
      { die: 3, allied: 'Prepared', soviet: 'Port Strike' },
      { die: 4, allied: 'Nearby Air Bases', soviet: 'Bad Weather' },
      { die: 5, allied: 'Short Battle', soviet: 'Rushed' },
      { die: 6, allied: 'Bad Weather', soviet: 'Close Range Battle' },
    ];
    const row = rows.find((r) => r[side] === condition);
    if (!row) throw new Error(`${id}: no ${side} row gives ${condition}`);
    return row.die;
  }

  /** 13.2: roll 5 then the table die that gives this condition (or 1 for none when null). */
  give(id: ZoneId, side: Side, condition: SpecialCondition | null): GameEvent[] {
    return condition ? this.conditions(id, side, 5, this.dieFor(id, side, condition)) : this.conditions(id, side, 1);
  }

  /** 6.A then 6.B: roll the mission and (when Special Conditions are in use) the conditions given (none by default). */
  start(id: ZoneId, mission: Want = {}, conds: Partial<Record<Side, SpecialCondition | null>> = {}): this {
    this.roll(id, mission);
    if (this.zone(id).step === 'conditions') for (const side of SIDES) this.give(id, side, conds[side] ?? null);
    return this;
  }

  /** 13.3: the game's roller rolls the Transfer Limitations chart die. */
  chart(die: number): GameEvent[] {
    const z = this.state.zones[this.state.options.zones[0]]!;
    const side = z.status >= 4 ? 'allied' : 'soviet';
    return this.act({ type: 'rollTransferChart', seat: this.seat(side, z.id), values: [die] });
  }

  /** 13.1: the game's roller rolls the end-game die. */
  endRoll(die: number): GameEvent[] {
    const z = this.state.zones[this.state.options.zones[0]]!;
    const side = z.status >= 4 ? 'allied' : 'soviet';
    return this.act({ type: 'rollEndTurn', seat: this.seat(side, z.id), values: [die] });
  }

  /** Finish every zone's Battle Turns and 7.2 (zones must be in battle). */
  finishAll(): GameEvent[] {
    const from = this.events.length;
    for (const id of this.state.options.zones) if (this.zone(id).step === 'battle') this.finish(id);
    return this.events.slice(from);
  }

  /**
   * A quiet Campaign Game Turn in every zone: mission (die 1 unless given), no Special
   * Conditions, no purchases, nothing committed, Battle Turns ended, nothing kept (or in every
   * zone the cards given, 7.2.1).
   */
  quietTurn(missions: Partial<Record<ZoneId, Want>> = {}, keep: Partial<Record<Side, { card: string }>> = {}): GameEvent[] {
    const from = this.events.length;
    for (const id of this.state.options.zones) this.start(id, missions[id] ?? quietMission(id, this.zone(id).status));
    for (const id of this.state.options.zones) for (const side of SIDES) this.done(id, side);
    for (const id of this.state.options.zones) {
      for (const side of SIDES) this.commit(id, side, []);
      if (this.zone(id).battle!.toDeal > 0) this.deal(id);
    }
    for (const id of this.state.options.zones) {
      this.endAll(id);
      this.setAside(id, keep);
    }
    return this.events.slice(from);
  }

  /** All text of a seat's view, for "never contains" checks. */
  viewText(seat: string): string {
    return JSON.stringify(this.view(seat));
  }
}
