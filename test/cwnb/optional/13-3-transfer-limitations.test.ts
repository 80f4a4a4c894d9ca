import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU, OTable, conditionsTable, demoCharts, optionsRefusal, setCell, uniformCharts, type Optional } from '../../support/cwnb-optional-fixtures.ts';
import type { TransferLimit } from '../../../src/modules/cwnb/state.ts';

const PG = 'persian-gulf' as const;
const NS = 'north-sea' as const;
const MED = 'mediterranean' as const;

/** Three charts, unlimited everywhere except the Persian Gulf–North Sea cell of each. */
function charts(pgNs: [TransferLimit, TransferLimit, TransferLimit]) {
  const c = uniformCharts('U', ['Near', 'Far', 'Canals open']);
  c.forEach((chart, i) => setCell(chart, PG, NS, pgNs[i]));
  return c;
}

/**
 * Two zones, purchases made: in each zone each side has three ships and three Action cards
 * (Persian Gulf: a-dd, a-ff, a-ff2 / s-dd, s-ff, s-ff2; North Sea: a-cg, a-ff3, a-ss2 / s-cg, s-ss, s-ss2).
 */
function twoZones(pgNs: [TransferLimit, TransferLimit, TransferLimit], extra: Optional = {}): OTable {
  const t = new OTable({ zones: [PG, NS], optional: { transferLimitations: { charts: charts(pgNs) }, ...extra } });
  t.start(PG, {});
  t.start(NS, {});
  const cards = [{ card: 'ECM' }, { card: 'Air Cover' }, { card: 'Gun', value: 4 }];
  t.order(PG, 'allied', { buy: ['a-dd', 'a-ff', 'a-ff2'], cards });
  t.order(PG, 'soviet', { buy: ['s-dd', 's-ff', 's-ff2'], cards });
  t.order(NS, 'allied', { buy: ['a-cg', 'a-ff3', 'a-ss2'], cards });
  t.order(NS, 'soviet', { buy: ['s-cg', 's-ss', 's-ss2'], cards });
  return t;
}

const give = (t: OTable, seat: string, ship: string, to: string) => t.try({ type: 'transferShip', seat, ship, to });
const giveCard = (t: OTable, seat: string, to: string) => t.try({ type: 'transferCard', seat, card: 0, to });

describe('13.3 Transfer Limitations', () => {
  it('13.3 refuses setup without charts naming what is missing', () => {
    const none = optionsRefusal({ zones: [PG, NS], optional: { transferLimitations: {} } });
    expect(none.code).toBe('transfer-charts-invalid');
    expect(none.rule).toBe('13.3');
    expect(none.message).toContain('page 33 of the rulebook');
    expect(none.message).toContain('3 charts are needed (die 1–2, 3–5, 6), 0 given');

    // Every cell of all seven zones is needed, even with two zones in play.
    const holes = uniformCharts(2);
    delete holes[0].limits['sea-of-japan']['indian-ocean'];
    const missing = optionsRefusal({ zones: [PG, NS], optional: { transferLimitations: { charts: holes } } });
    expect(missing.message).toContain('chart 1 ("T1"): no limit from sea-of-japan to indian-ocean');
    // A whole zone's row missing is named cell by cell too.
    const noRow = uniformCharts(2);
    delete (noRow[1].limits as Record<string, unknown>)['south-pacific'];
    expect(optionsRefusal({ zones: [PG, NS], optional: { transferLimitations: { charts: noRow } } }).message).toContain('chart 2 ("T2"): no limit from south-pacific to indian-ocean');

    const lopsided = uniformCharts(2);
    lopsided[2].limits[PG][NS] = 3;
    expect(optionsRefusal({ zones: [PG, NS], optional: { transferLimitations: { charts: lopsided } } }).message).toContain(
      'chart 3: north-sea→persian-gulf and persian-gulf→north-sea differ (limits work in both directions)',
    );

    expect(optionsRefusal({ zones: [PG], optional: { transferLimitations: { charts: uniformCharts(2).slice(0, 2) } } }).message).toContain('2 given');
    // A cell is "U", a whole number ≥ 0, or {allied, soviet} of those.
    for (const bad of [-1, 1.5, 'X', { allied: 2 }]) {
      const c = uniformCharts(2);
      setCell(c[0], PG, NS, bad as TransferLimit);
      expect(optionsRefusal({ zones: [PG, NS], optional: { transferLimitations: { charts: c } } }).code, JSON.stringify(bad)).toBe('bad-options');
    }
  });

  it('13.3 the demo charts (made up, labelled) pass the checks', () => {
    expect(() => new OTable({ zones: [PG, NS], optional: { transferLimitations: { charts: demoCharts() } } })).not.toThrow();
  });

  it('13.3 wardroom new refuses --transfer-charts that are incomplete, saying what is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wardroom-13-3-'));
    const file = join(dir, 'charts.json');
    writeFileSync(file, JSON.stringify(uniformCharts(2).slice(0, 1)));
    const r = spawnSync(process.execPath, ['bin/wardroom.js', 'new', join(dir, 'g.json'), '--demo', '--zones', 'pg,ns', '--transfer-charts', file], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('13.3 Transfer Limitations needs the three War Zone distance charts from page 33');
    expect(r.stderr).toContain('1 given');
  });

  it('13.3 the chart die: 1–2 the first chart, 3–5 the second, 6 the third; rolled once per turn, after the purchases, by the game roller', () => {
    for (const [die, index, name] of [
      [1, 0, 'Near'],
      [2, 0, 'Near'],
      [3, 1, 'Far'],
      [5, 1, 'Far'],
      [6, 2, 'Canals open'],
    ] as const) {
      const t = twoZones([1, 2, 3]);
      expect(t.chart(die).map((e) => [e.type, e.text])).toContainEqual(['transfer-chart', `Transfer Limitations this turn: chart ${index + 1}, "${name}" (13.3).`]);
      expect(t.view('allied:north-sea').transferChart).toEqual({ index, name });
    }
    const t = new OTable({ zones: [PG, NS], optional: { transferLimitations: { charts: charts([1, 2, 3]) } } });
    t.start(PG, {});
    expect(t.refuse({ type: 'rollTransferChart', seat: 'soviet:persian-gulf', values: [1] })).toMatchObject({ code: 'no-chart-roll', rule: '13.3' });
    const u = twoZones([1, 2, 3]);
    expect(u.refuse({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS })).toMatchObject({ code: 'chart-not-rolled', rule: '13.3', message: "Roll for this turn's Transfer Limitations chart first: any player may (13.3)." });
    // No chart yet: the board says so, and who may roll it.
    const notYet = '13.3 Transfer Limitations: the chart is not rolled yet this turn; any player may roll it ("Roll for this turn\'s Transfer Limitations chart") before the first transfer to another War Zone.';
    expect(u.zoneView(PG).reminders).toEqual([notYet]);
    // Said while either side of the zone may still transfer; not once both have committed.
    const w = twoZones([1, 2, 3]);
    w.commit(PG, 'allied', []);
    expect(w.zoneView(PG).reminders).toEqual([notYet]);
    w.commit(PG, 'soviet', []);
    expect(w.zoneView(PG).reminders).toEqual([]);
    u.chart(4);
    expect(u.refuse({ type: 'rollTransferChart', seat: 'soviet:persian-gulf', values: [1] }).code).toBe('no-chart-roll');
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) u.commit(z, s, []);
    u.finishAll();
    expect(u.state.transferChart).toBeNull();
    expect(u.view('referee').transferChart).toBeNull();
  });

  it('13.3 a limit holds in each direction: 2 from the Persian Gulf to the North Sea, and 2 the other way', () => {
    const there = twoZones([2, 2, 2]);
    there.chart(1);
    expect(give(there, 'allied:persian-gulf', 'a-dd', NS)).not.toHaveProperty('code');
    expect(giveCard(there, 'allied:persian-gulf', NS)).not.toHaveProperty('code');
    const r = there.refuse({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-ff', to: NS });
    expect(r).toMatchObject({ code: 'transfer-limit', rule: '13.3' });
    expect(r.message).toBe('Transfer Limitations: no more Allied cards may move from Persian Gulf to North Sea this turn (chart 1).');

    const back = twoZones([2, 2, 2]);
    back.chart(1);
    const ev = back.act({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-ff3', to: PG });
    expect(ev.map((e) => [e.type, e.text])).toEqual([
      ['note', '13.3: 1 more Allied card(s) may move from North Sea to Persian Gulf this turn.'],
      ['transfer', 'Allied: USS Bronstein transferred from North Sea to Persian Gulf.'],
    ]);
    expect(ev[0]).toMatchObject({ rule: '13.3', side: 'allied', fromZone: NS, toZone: PG, left: 1 });
    back.act({ type: 'transferCard', seat: 'allied:north-sea', card: 0, to: PG });
    expect(back.refuse({ type: 'transferCard', seat: 'allied:north-sea', card: 0, to: PG }).code).toBe('transfer-limit');
  });

  it('13.3 once a side\'s allowance from a War Zone is used up, no transfer is offered from there; the other side\'s still is', () => {
    const t = twoZones([1, 1, 1]);
    t.chart(2);
    const offered = (seat: string) => t.actions(seat).map((a) => a.type);
    expect(offered('allied:persian-gulf')).toEqual(expect.arrayContaining(['transferShip', 'transferCard']));
    t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS });
    expect(offered('allied:persian-gulf')).not.toContain('transferShip');
    expect(offered('allied:persian-gulf')).not.toContain('transferCard');
    expect(offered('soviet:persian-gulf')).toEqual(expect.arrayContaining(['transferShip', 'transferCard']));
  });

  /** Three zones, purchases made; only the Persian Gulf–North Sea cell is limited (1 card). */
  function threeZones(): OTable {
    const c = uniformCharts('U', ['Near', 'Far', 'Canals open']);
    for (const chart of c) setCell(chart, PG, NS, 1);
    const t = new OTable({ zones: [PG, NS, MED], optional: { transferLimitations: { charts: c } } });
    for (const z of [PG, NS, MED]) t.start(z, {});
    t.order(PG, 'allied', { buy: ['a-dd', 'a-ff'], cards: [{ card: 'ECM' }] });
    for (const [z, s] of [[PG, 'soviet'], [NS, 'allied'], [NS, 'soviet'], [MED, 'allied'], [MED, 'soviet']] as const) t.done(z, s);
    t.chart(3);
    return t;
  }

  it('13.3 a War Zone whose allowance is used up stays in the transfer form as not available, with why', () => {
    const t = threeZones();
    const to = () => t.actions('allied:persian-gulf').find((a) => a.type === 'transferCard')!.fields!.to as unknown as { options: { value: string }[]; unavailable?: { value: string; why: string }[] };
    expect(to().options.map((o) => o.value)).toEqual([NS, MED]);
    t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS });
    expect(to().options.map((o) => o.value)).toEqual([MED]);
    expect(to().unavailable).toEqual([{ value: NS, label: 'North Sea', why: 'Transfer Limitations: no more Allied cards may move from Persian Gulf to North Sea this turn (chart 2).' }]);
    // A teammate who has committed cannot receive (6.C.3): said so, not left out.
    const u = threeZones();
    u.commit(MED, 'allied', []);
    expect(u.actions('allied:persian-gulf').find((a) => a.type === 'transferShip')!.fields!.to).toMatchObject({
      options: [{ value: NS }],
      unavailable: [{ value: MED, why: 'Its Allied player has committed, or the War Zone is not in Battle Preparations after the purchases (6.C.3).' }],
    });
  });

  it('13.3, 13.4 a Flag Officer no teammate can receive is refused with why for each War Zone: the allowance used up, a Flag Officer there already', () => {
    const c = uniformCharts('U', ['Near', 'Far', 'Canals open']);
    for (const chart of c) setCell(chart, PG, MED, 1);
    const t = new OTable({ zones: [PG, NS, MED], optional: { transferLimitations: { charts: c }, flagOfficers: true } });
    for (const z of [PG, NS, MED]) t.start(z, {});
    t.order(PG, 'allied', { buy: ['a-dd'] });
    for (const [z, s] of [[PG, 'soviet'], [NS, 'allied'], [NS, 'soviet'], [MED, 'allied'], [MED, 'soviet']] as const) t.done(z, s);
    t.chart(1);
    t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: MED });
    const r = t.refuse({ type: 'transferFlagOfficer', seat: 'allied:persian-gulf', to: MED });
    expect(r.message).toBe('No teammate can receive your Flag Officer now. North Sea: It already has an Allied Flag Officer, and a Task Force cannot have more than one (13.4). Mediterranean: Transfer Limitations: no more Allied cards may move from Persian Gulf to Mediterranean this turn (chart 1).');
  });

  it('6.C.3, 13.3 chart not yet rolled and the only teammate committed: the refusal is that no teammate can receive (6.C.3), not the chart', () => {
    const t = twoZones([1, 2, 3]);
    // While the North Sea teammate can still receive, the chart is what is missing.
    expect(t.refuse({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS })).toMatchObject({ code: 'chart-not-rolled', rule: '13.3' });
    t.commit(NS, 'allied', []);
    expect(t.refuse({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS })).toMatchObject({ code: 'no-transfer-target', rule: '6.C.3' });
    expect(t.refuse({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS })).toMatchObject({ code: 'no-transfer-target', rule: '6.C.3' });
  });

  it('13.3 the War Zone board shows what each side may still transfer from it this turn', () => {
    const t = threeZones();
    const reminders = () => t.view('spectator').zones.find((z) => z.id === PG)!.reminders;
    expect(reminders()).toContain('13.3 Transfer Limitations, chart 2 ("Far"): Allied cards may still move from here to the North Sea: 1; the Mediterranean: any number.');
    t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS });
    expect(reminders()).toContain('13.3 Transfer Limitations, chart 2 ("Far"): Allied cards may still move from here to the North Sea: none; the Mediterranean: any number.');
    expect(reminders()).toContain('13.3 Transfer Limitations, chart 2 ("Far"): Soviet cards may still move from here to the North Sea: 1; the Mediterranean: any number.');
    // 13.2.8 Priority closes the zone to that player's transfers whatever the chart allows.
    const c = uniformCharts('U');
    const p = new OTable({ zones: [PG, NS], optional: { transferLimitations: { charts: c }, specialConditions: { tables: { [PG]: conditionsTable(MENU) } } } });
    p.start(PG, {}, { allied: 'Priority' });
    p.start(NS, {});
    for (const [z, s] of [[PG, 'allied'], [PG, 'soviet'], [NS, 'allied'], [NS, 'soviet']] as const) p.done(z, s);
    p.chart(1);
    expect(p.view('spectator').zones.find((z) => z.id === PG)!.reminders).toContain('13.3 Transfer Limitations, chart 1 ("T1"): Allied cards may still move from here to the North Sea: none.');
    // Once a side has committed, it transfers no more: its line goes.
    t.commit(PG, 'allied', []);
    expect(reminders().filter((r) => r.startsWith('13.3'))).toEqual(['13.3 Transfer Limitations, chart 2 ("Far"): Soviet cards may still move from here to the North Sea: 1; the Mediterranean: any number.']);
  });

  it('13.3 limits count per side: the Soviet transfers do not use the Allied allowance', () => {
    const t = twoZones([1, 1, 1]);
    t.chart(2);
    t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS });
    t.act({ type: 'transferShip', seat: 'soviet:persian-gulf', ship: 's-dd', to: NS });
    expect(t.refuse({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS }).code).toBe('transfer-limit');
    expect(t.refuse({ type: 'transferCard', seat: 'soviet:persian-gulf', card: 0, to: NS }).code).toBe('transfer-limit');
  });

  // 13.3: "This transfer limit works in both directions, so if I can send you 3 cards, you can also
  // send me 3 cards during that same Campaign Game Turn" — each direction has the allowance.
  it('13.3 rulebook example: if I can send you 2 cards, you can also send me 2 in the same turn', () => {
    const t = twoZones([2, 2, 2]);
    t.chart(1);
    t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS });
    t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-ff', to: NS });
    const back = [...t.act({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-ff3', to: PG }), ...t.act({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-ss2', to: PG })];
    // Two went each way, and the allowance of each direction is used up.
    expect(back.map((e) => e.text)).toContain('13.3: 0 more Allied card(s) may move from North Sea to Persian Gulf this turn.');
    expect(Object.keys(t.player(PG, 'allied').fleet).sort()).toEqual(['a-ff2', 'a-ff3', 'a-ss2']);
    expect(Object.keys(t.player(NS, 'allied').fleet).sort()).toEqual(['a-cg', 'a-dd', 'a-ff']);
    expect(t.refuse({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-ff2', to: NS }).code).toBe('transfer-limit');
    expect(t.refuse({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cg', to: PG }).code).toBe('transfer-limit');
  });

  it('13.3 Allied/Soviet cells: each side has its own number (the Allies may use the Panama Canal)', () => {
    const t = twoZones([{ allied: 2, soviet: 1 }, 0, 0]);
    t.chart(3); // chart 2: nothing at all
    expect(t.refuse({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS }).code).toBe('transfer-limit');
    const u = twoZones([{ allied: 2, soviet: 1 }, 0, 0]);
    u.chart(1);
    u.act({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS });
    u.act({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS });
    expect(u.refuse({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS }).code).toBe('transfer-limit');
    u.act({ type: 'transferCard', seat: 'soviet:persian-gulf', card: 0, to: NS });
    expect(u.refuse({ type: 'transferCard', seat: 'soviet:persian-gulf', card: 0, to: NS }).code).toBe('transfer-limit');
    const v = twoZones([{ allied: 'U', soviet: 0 }, 0, 0]);
    v.chart(4); // chart 2 applies: 0 for both
    expect(v.refuse({ type: 'transferCard', seat: 'soviet:persian-gulf', card: 0, to: NS }).code).toBe('transfer-limit');
    const w = twoZones([{ allied: 'U', soviet: 0 }, 0, 0]);
    w.chart(2);
    for (let i = 0; i < 3; i++) w.act({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS });
    expect(w.refuse({ type: 'transferCard', seat: 'soviet:persian-gulf', card: 0, to: NS }).code).toBe('transfer-limit');
    expect(v.refuse({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS }).code).toBe('transfer-limit');
  });

  it('13.3 unlimited: "U" lets any number of cards move', () => {
    const t = twoZones(['U', 1, 1]);
    t.chart(1);
    for (const ship of ['a-dd', 'a-ff', 'a-ff2']) t.act({ type: 'transferShip', seat: 'allied:persian-gulf', ship, to: NS });
    for (let i = 0; i < 3; i++) {
      // Nothing to count down: no "n more may move" note, only the transfer itself.
      expect(t.act({ type: 'transferCard', seat: 'allied:persian-gulf', card: 0, to: NS }).map((e) => e.type)).toEqual(['transfer']);
    }
    expect(Object.keys(t.player(NS, 'allied').fleet)).toHaveLength(6);
    expect(t.player(NS, 'allied').cards).toHaveLength(6);
  });

  it('13.3 Flag Officer transfer counts', () => {
    const t = twoZones([1, 1, 1], { flagOfficers: true });
    // Turn 1: the North Sea Allied Flag Officer goes down with its Command Ship.
    t.chart(1);
    t.act({ type: 'commit', seat: 'allied:north-sea', ships: ['a-cg'], flagOfficer: 'a-cg' });
    for (const [z, s] of [[PG, 'allied'], [PG, 'soviet'], [NS, 'soviet']] as const) t.commit(z, s, []);
    t.sink(NS, 'a-cg', 'soviet');
    t.finishAll();
    expect(t.player(NS, 'allied').flagOfficer).toBe(false);
    // Turn 2: the Persian Gulf teammate gives theirs; that is the one card this chart allows.
    t.start(PG, {});
    t.start(NS, {});
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    t.chart(6);
    const ev = t.act({ type: 'transferFlagOfficer', seat: 'allied:persian-gulf', to: NS });
    expect(ev.map((e) => e.text)).toContain('13.3: 0 more Allied card(s) may move from Persian Gulf to North Sea this turn.');
    expect(t.refuse({ type: 'transferShip', seat: 'allied:persian-gulf', ship: 'a-dd', to: NS }).code).toBe('transfer-limit');
  });

  it('13.3 the demo charts are labelled as made up and use every kind of cell', () => {
    const url = new URL('../../../examples/cwnb/data/demo-transfer-charts.json', import.meta.url);
    const file = JSON.parse(readFileSync(url, 'utf8'));
    expect(file.demo).toBe(true);
    expect(file.source).toContain('NOT THE RULEBOOK');
    const charts = demoCharts();
    expect(charts[0].limits[MED]['sea-of-japan']).toEqual({ allied: 2, soviet: 1 });
    expect(charts[0].limits[MED]['north-atlantic']).toBe('U');
  });

  it('13.3 the chart roll asks for one die, and any player may roll it once the purchases are carried out: the Allies need not wait on the Soviet game roller to transfer', () => {
    const t = new OTable({ zones: [PG, NS], optional: { transferLimitations: { charts: uniformCharts() } } });
    t.roll(PG, {});
    t.roll(NS, {});
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.order(z, s, {});
    for (const seat of ['allied:persian-gulf', 'soviet:persian-gulf', 'allied:north-sea', 'soviet:north-sea']) expect(t.actions(seat).map((a) => a.type)).toContain('rollTransferChart');
    for (const seat of ['soviet:mediterranean', 'nobody']) expect(t.refuse({ type: 'rollTransferChart', seat, values: [1] })).toMatchObject({ code: 'unknown-seat' }); // a player of this game
    expect(t.actions('allied:north-sea').find((a) => a.type === 'rollTransferChart')).toEqual({
      type: 'rollTransferChart',
      label: "Roll for this turn's Transfer Limitations chart",
      rule: '13.3',
      fields: { values: { kind: 'dice', label: 'Dice', help: 'The value of each die rolled at the table.', sides: [6], labels: ['chart die'] } },
      commands: [{ word: 'chart' }],
    });
  });
});
