import { cwnb } from '../../../src/modules/cwnb/index.ts';
import { closedActions } from '../../../src/engine/kernel.ts';
import { describe, expect, it } from 'vitest';
import { OTable } from '../../support/cwnb-optional-fixtures.ts';

const PG = 'persian-gulf' as const;
const NS = 'north-sea' as const;
const MED = 'mediterranean' as const;

/** Persian Gulf (and North Sea), Flag Officers in use, purchases made: Allied a-cg, a-dd, a-ss; Soviet s-cg, s-ss. */
function ready(zones: ('persian-gulf' | 'north-sea')[] = [PG]): OTable {
  const t = new OTable({ zones, optional: { flagOfficers: true } });
  for (const z of zones) t.start(z, {});
  t.order(PG, 'allied', { buy: ['a-cg', 'a-dd', 'a-ss'] });
  t.order(PG, 'soviet', { buy: ['s-cg', 's-ss'] });
  if (zones.includes(NS)) {
    t.order(NS, 'allied', { buy: ['a-ff'] });
    t.order(NS, 'soviet', {});
  }
  return t;
}

const commit = (t: OTable, seat: string, ships: string[], flagOfficer?: string) => t.act({ type: 'commit', seat, ships, ...(flagOfficer ? { flagOfficer } : {}) });

describe('13.4 Flag Officers', () => {
  it('13.4 each team starts with one Flag Officer in each War Zone in play', () => {
    const t = new OTable({ zones: [PG, NS], optional: { flagOfficers: true } });
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) expect(t.zoneView(z).players[s].flagOfficer).toMatchObject({ available: true });
    const off = new OTable({ zones: [PG] });
    expect(off.zoneView(PG).players.allied.flagOfficer).toBeUndefined();
    off.start(PG, {});
    off.order(PG, 'allied', { buy: ['a-cg'] });
    off.order(PG, 'soviet', {});
    expect(off.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-cg'], flagOfficer: 'a-cg' })).toMatchObject({ code: 'no-flag-officers', rule: '13.4' });
  });

  it('13.4 Command Ship: committed surface ship only, one per Task Force', () => {
    const t = ready();
    const spec = t.actions('allied:persian-gulf').find((a) => a.type === 'commit')!;
    // Only among the ships ticked; a submarine is shown with why it cannot be chosen (h21: "not one of the choices", an empty list).
    expect(spec.fields!.flagOfficer).toMatchObject({ kind: 'choice', optional: true, within: 'ships', options: [{ value: 'a-cg' }, { value: 'a-dd' }] });
    expect((spec.fields!.flagOfficer as { unavailable: unknown }).unavailable).toEqual([{ value: 'a-ss', label: expect.any(String), why: 'a submarine cannot carry the Flag Officer: it sails in a surface ship (13.4)' }]);
    expect(spec.fields!.ships.help).toBe('The ships that sail into the battle; the others stay in port. Secret until both players have committed.'); // no word of a missing Flag Officer
    expect(t.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-cg', 'a-ss'], flagOfficer: 'a-ss' })).toMatchObject({ code: 'command-ship-submarine', rule: '13.4' });
    expect(t.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-cg'], flagOfficer: 'a-dd' })).toMatchObject({ code: 'command-ship-not-committed', rule: '13.4' });
    // One Flag Officer per Task Force: the commitment names one Command Ship, and a zone that has one cannot receive another.
    expect(t.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-cg', 'a-dd'], flagOfficer: ['a-cg', 'a-dd'] })).toMatchObject({ code: 'bad-action' });
    commit(t, 'allied:persian-gulf', ['a-cg', 'a-dd', 'a-ss'], 'a-cg');
    // Secret until both have committed.
    expect(t.zoneView(PG, 'soviet:persian-gulf').players.allied.commitment).toBeUndefined();
    expect(t.zoneView(PG, 'soviet:persian-gulf').players.allied.flagOfficer).toEqual({ available: true });
    expect(t.zoneView(PG, 'allied:persian-gulf').players.allied.commitment).toMatchObject({ flagOfficer: 'a-cg' });
    const ev = commit(t, 'soviet:persian-gulf', ['s-cg']);
    expect(ev.find((e) => e.type === 'reveal')!.text).toContain('Flag Officer aboard USS Belknap');
    expect(t.zoneView(PG, 'soviet:persian-gulf').players.allied.flagOfficer).toEqual({ available: true, commandShip: 'a-cg', commandShipName: 'USS Belknap', functioning: true, lost: false });
  });

  it('13.4 a teammate who has a Flag Officer cannot receive another', () => {
    const t = ready([PG, NS]);
    expect(t.refuse({ type: 'transferFlagOfficer', seat: 'allied:persian-gulf', to: NS })).toMatchObject({ code: 'already-has-flag-officer', rule: '13.4', message: 'No teammate can receive your Flag Officer now. North Sea: It already has an Allied Flag Officer, and a Task Force cannot have more than one (13.4).' });
  });

  it('13.4 a Flag Officer given to a teammate whose own went down: the transfer is filed under both War Zones', () => {
    const t = ready([PG, NS]);
    commit(t, 'allied:north-sea', ['a-ff'], 'a-ff');
    for (const [z, side] of [[PG, 'allied'], [PG, 'soviet'], [NS, 'soviet']] as const) t.commit(z, side, []);
    t.sink(NS, 'a-ff', 'soviet');
    // The board names the sunk Command Ship and says the Flag Officer is out of the game (it still costs its Task Force this turn).
    expect(t.zoneView(NS, 'soviet:north-sea').players.allied.flagOfficer).toEqual({ available: false, commandShip: 'a-ff', commandShipName: 'USS Knox', functioning: false, lost: true });
    t.finishAll();
    expect(t.player(NS, 'allied').flagOfficer).toBe(false);
    for (const z of [PG, NS]) t.start(z, {});
    for (const z of [PG, NS]) for (const side of ['allied', 'soviet'] as const) t.done(z, side);
    const ev = t.act({ type: 'transferFlagOfficer', seat: 'allied:persian-gulf', to: NS }).find((e) => e.type === 'transfer')!;
    expect(ev).toMatchObject({ flagOfficer: true, zones: [PG, NS], text: 'Allied: Flag Officer transferred from Persian Gulf to North Sea (13.4).' });
    expect([t.player(PG, 'allied').flagOfficer, t.player(NS, 'allied').flagOfficer]).toEqual([false, true]);
  });

  it('13.4 functioning vs not: crippled or critically damaged, the benefits give way to the penalties (reminders)', () => {
    const t = ready();
    // No Command Ship before the battle, so no reminder.
    expect(t.zoneView(PG).reminders).toEqual([]);
    commit(t, 'allied:persian-gulf', ['a-cg', 'a-dd'], 'a-cg');
    commit(t, 'soviet:persian-gulf', ['s-cg']);
    const reminder = () => t.zoneView(PG).reminders.find((r) => r.startsWith('Allied Command Ship'))!;
    expect(reminder()).toBe(
      'Allied Command Ship USS Belknap functioning: one extra ship move in Adjust Formation (A.3); after Adjust Ordnance (C.2) one non-Bad Luck card just drawn may be discarded and replaced (13.4).',
    );
    t.act({ type: 'cripple', seat: 'soviet:persian-gulf', ship: 'a-cg' });
    expect(t.zoneView(PG).players.allied.flagOfficer!.functioning).toBe(false);
    expect(reminder()).toBe(
      'Allied Command Ship USS Belknap no longer functioning: no ship moves in Adjust Formation; placing an Area Defense costs one Fog of War allotment and all Area Defenses go face-up (13.4).',
    );
    t.act({ type: 'cripple', seat: 'soviet:persian-gulf', ship: 'a-cg', value: false });
    expect(t.zoneView(PG).players.allied.flagOfficer!.functioning).toBe(true);
    t.act({ type: 'criticalDamage', seat: 'soviet:persian-gulf', ship: 'a-cg' });
    expect(t.zoneView(PG).players.allied.flagOfficer!.functioning).toBe(false);
    // A Task Force without a Command Ship gets no reminder.
    expect(t.zoneView(PG).reminders).toEqual([
      'Allied Command Ship USS Belknap no longer functioning: no ship moves in Adjust Formation; placing an Area Defense costs one Fog of War allotment and all Area Defenses go face-up (13.4).',
    ]);
    // Not sunk: the Flag Officer stays for the next turn.
    t.finish(PG);
    expect(t.player(PG, 'allied').flagOfficer).toBe(true);
    expect(t.player(PG, 'allied').commandShip).toBeNull();
  });

  it('13.4 sunk → Flag Officer gone for the game', () => {
    const t = ready();
    commit(t, 'allied:persian-gulf', ['a-cg', 'a-dd'], 'a-cg');
    commit(t, 'soviet:persian-gulf', ['s-cg']);
    const ev = t.sink(PG, 'a-cg', 'soviet');
    expect(ev.map((e) => [e.type, e.text])).toContainEqual(['flag-officer-lost', 'Persian Gulf: the Allied Flag Officer went down with the Command Ship and is removed for the rest of the game (13.4).']);
    expect(t.zoneView(PG).players.allied.flagOfficer!.available).toBe(false);
    t.finish(PG);
    t.start(PG, {});
    t.done(PG, 'allied');
    t.done(PG, 'soviet');
    const form = t.actions('allied:persian-gulf').find((a) => a.type === 'commit')!.fields!;
    expect(form.flagOfficer).toBeUndefined();
    expect(form.ships.help).toMatch(/ You have no Flag Officer in this War Zone this turn: yours went to a teammate, or down with its Command Ship \(13\.4\); a teammate may give you theirs\. No Command Ship\.$/); // the form says why it asks for none
    expect(t.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-dd'], flagOfficer: 'a-dd' })).toMatchObject({ code: 'no-flag-officer', rule: '13.4', message: 'You have no Flag Officer in this War Zone this turn: yours went to a teammate, or down with its Command Ship (13.4); a teammate may give you theirs. No Command Ship.' });
    // The Soviet Flag Officer is unaffected.
    commit(t, 'soviet:persian-gulf', ['s-cg'], 's-cg');
  });

  it('13.4 a Flag Officer is not offered to a teammate who has one: a Task Force cannot have more than one', () => {
    const t = ready([PG, NS]);
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('transferFlagOfficer');
    expect(closedActions(cwnb, t.state, 'allied:persian-gulf')).toContainEqual(expect.objectContaining({ type: 'transferFlagOfficer', label: 'Give your Flag Officer to a teammate', rule: '13.4', why: 'No teammate can receive your Flag Officer now. North Sea: It already has an Allied Flag Officer, and a Task Force cannot have more than one (13.4).' }));
    expect(t.refuse({ type: 'transferFlagOfficer', seat: 'allied:persian-gulf', to: NS }).code).toBe('already-has-flag-officer');
  });

  it('13.4 with one teammate lacking a Flag Officer and another having one: offered to the first only, refused to the second', () => {
    const t = new OTable({ zones: [PG, NS, MED], optional: { flagOfficers: true } });
    for (const z of [PG, NS, MED]) t.start(z, {});
    t.order(NS, 'allied', { buy: ['a-ff'] });
    for (const [z, s] of [[PG, 'allied'], [PG, 'soviet'], [NS, 'soviet'], [MED, 'allied'], [MED, 'soviet']] as const) t.done(z, s);
    // Turn 1: the North Sea Command Ship is sunk, its Flag Officer with it.
    commit(t, 'allied:north-sea', ['a-ff'], 'a-ff');
    for (const [z, s] of [[NS, 'soviet'], [PG, 'allied'], [PG, 'soviet'], [MED, 'allied'], [MED, 'soviet']] as const) t.commit(z, s, []);
    t.sink(NS, 'a-ff', 'soviet');
    for (const z of [PG, NS, MED]) if (t.zone(z).battle!.toDeal > 0) t.deal(z);
    t.finishAll();
    // Turn 2: the Persian Gulf player may give theirs to the North Sea, not to the Mediterranean, which has one.
    for (const z of [PG, NS, MED]) t.start(z, {});
    for (const z of [PG, NS, MED]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    const spec = t.actions('allied:persian-gulf').find((a) => a.type === 'transferFlagOfficer');
    expect(spec?.fields).toEqual({
      to: {
        kind: 'choice',
        label: 'To the War Zone',
        term: 'zone',
        help: 'The War Zone of the teammate who receives it; only a teammate in Battle Preparations who has not yet committed can receive (6.C.3).',
        options: [{ value: NS, label: 'North Sea' }],
        unavailable: [{ value: MED, label: 'Mediterranean', why: 'It already has an Allied Flag Officer, and a Task Force cannot have more than one (13.4).' }],
      },
    });
    expect(t.refuse({ type: 'transferFlagOfficer', seat: 'allied:persian-gulf', to: MED })).toMatchObject({
      code: 'already-has-flag-officer',
      rule: '13.4',
      message: 'Mediterranean: It already has an Allied Flag Officer, and a Task Force cannot have more than one (13.4).',
    });
    expect([t.player(PG, 'allied').flagOfficer, t.player(MED, 'allied').flagOfficer]).toEqual([true, true]);
  });

  it('13.4 transfer: a teammate gives their Flag Officer; the giver then has none', () => {
    const t = ready([PG, NS]);
    // Turn 1: the North Sea Command Ship is sunk.
    commit(t, 'allied:north-sea', ['a-ff'], 'a-ff');
    commit(t, 'soviet:north-sea', []);
    commit(t, 'allied:persian-gulf', []);
    commit(t, 'soviet:persian-gulf', []);
    t.sink(NS, 'a-ff', 'soviet');
    t.finishAll();
    // Turn 2: the Persian Gulf player gives theirs to the North Sea.
    t.start(PG, {});
    t.start(NS, {});
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    expect(t.actions('allied:persian-gulf').find((a) => a.type === 'transferFlagOfficer')!.fields).toEqual({
      to: { kind: 'choice', label: 'To the War Zone', term: 'zone', help: 'The War Zone of the teammate who receives it; only a teammate in Battle Preparations who has not yet committed can receive (6.C.3).', options: [{ value: NS, label: 'North Sea' }], unavailable: [] },
    });
    expect(t.refuse({ type: 'transferFlagOfficer', seat: 'allied:north-sea', to: PG })).toMatchObject({ code: 'no-flag-officer', rule: '13.4', message: 'You have no Flag Officer to give.' });
    const ev = t.act({ type: 'transferFlagOfficer', seat: 'allied:persian-gulf', to: NS });
    expect(ev.map((e) => [e.type, e.text])).toEqual([['transfer', 'Allied: Flag Officer transferred from Persian Gulf to North Sea (13.4).']]);
    expect(t.zoneView(NS).players.allied.flagOfficer!.available).toBe(true);
    expect(t.zoneView(PG).players.allied.flagOfficer!.available).toBe(false);
    expect(t.actions('allied:persian-gulf').map((a) => a.type)).not.toContain('transferFlagOfficer');
    expect(t.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: ['a-cg'], flagOfficer: 'a-cg' }).code).toBe('no-flag-officer');
    t.act({ type: 'commit', seat: 'allied:north-sea', ships: [], flagOfficer: undefined });
  });
});

describe('13.4 Flag Officers only with the option', () => {
  it('13.4 without the Flag Officers rule there is no Flag Officer to give or to put aboard, and no reminder', () => {
    const t = new OTable({ zones: [PG, NS] });
    t.quietTurn();
    t.start(PG, {});
    t.start(NS, {});
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.done(z, s);
    expect(t.refuse({ type: 'transferFlagOfficer', seat: 'allied:persian-gulf', to: NS })).toMatchObject({ code: 'optional-rule-off', rule: '13.4' });
    expect(t.refuse({ type: 'commit', seat: 'allied:persian-gulf', ships: [], flagOfficer: 'a-cg' })).toMatchObject({ code: 'no-flag-officers', rule: '13.4' });
    for (const z of [PG, NS]) for (const s of ['allied', 'soviet'] as const) t.commit(z, s, []);
    expect(t.zoneView(PG).reminders).toEqual([]);
  });
});
