/**
 * Issue 7 §4, undo and rewinds for concurrent War Zones. A seat may take back its own last
 * actions while nothing after them depends on them (a later action in the same War Zone, a
 * transfer between zones, a step of the whole game) and no seeded die was rolled and no secret
 * revealed by them. The log is append-only: an undo or a rewind is logged, the file grows by one
 * entry, and the state always equals a fresh replay of the log. A rewind by agreement (the
 * referee, or both seats of a War Zone) takes a zone back to an earlier point.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readGameFile, writeGameFile } from '../../src/adapters/storage/game-file.ts';
import { isRuleError, type RuleError } from '../../src/engine/errors.ts';
import type { GameRecord, Session } from '../../src/engine/session.ts';
import { seatViewer, SPECTATOR } from '../../src/engine/viewer.ts';
import type { CwnbState } from '../../src/modules/cwnb/state.ts';
import { uniformCharts } from '../support/cwnb-optional-fixtures.ts';
import { openSession, table, type Table } from '../support/cwnb-scenario.ts';

const dir = mkdtempSync(join(tmpdir(), 'wardroom-undo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Save the session's record as a game file, read it back and replay it. */
function throughFile(session: Session<CwnbState>, name: string): { record: GameRecord; state: CwnbState } {
  const path = join(dir, `${name}.json`);
  writeGameFile(path, session.record);
  const record = readGameFile(path);
  return { record, state: openSession(record).state };
}

function refused(r: unknown, code = 'undo-not-allowed'): RuleError {
  expect(isRuleError(r)).toBe(true);
  expect((r as RuleError).code).toBe(code);
  return r as RuleError;
}

const SP = 'south-pacific';
const MED = 'mediterranean';

/** South Pacific alone, physical dice; Soviet (Advantaged on Even) rolls 3: Allied Raid vs Soviet Military Escort. */
function southPacific(dice: 'physical' | 'seeded' = 'physical'): Table {
  const t = table([SP], { dice });
  t.act('soviet:south-pacific', 'rollMission', dice === 'physical' ? { values: [3] } : {});
  return t;
}

/** The four seats of a South Pacific and Mediterranean game. */
const SP_MED_SEATS = ['allied:south-pacific', 'soviet:south-pacific', 'allied:mediterranean', 'soviet:mediterranean'];

/** Each seat finishes its order (6.C.2). */
function done(t: Table, seats: readonly string[]): void {
  for (const seat of seats) t.act(seat, 'donePurchasing');
}

/** The Mediterranean (listed first) and the South Pacific, physical dice: the Mediterranean rolls 6, Allied Engage vs Soviet Submarine Strike; the South Pacific 3. */
function mediterraneanStrike(optional?: Record<string, unknown>): Table {
  const t = table([MED, SP], optional ? { optional } : {});
  t.act('soviet:mediterranean', 'rollMission', { values: [6] });
  t.act('soviet:south-pacific', 'rollMission', { values: [3] });
  return t;
}

/** Two zones (physical dice), both missions rolled, purchases open. */
function twoZones(): Table {
  const t = table([SP, MED]);
  t.act('soviet:south-pacific', 'rollMission', { values: [3] });
  t.act('soviet:mediterranean', 'rollMission', { values: [3] });
  return t;
}

/** 6.C.2 both players of the South Pacific order a ship; the Allied player's undo takes back only the Allied order. */
function undoOwnOrder(t: Table) {
  const s = t.session;
  t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
  t.act('soviet:south-pacific', 'buyShip', { ship: 'kirov' });
  expect(s.undoableCount('allied:south-pacific')).toBe(1);
  expect(isRuleError(s.undo('allied:south-pacific'))).toBe(false);
  expect(s.state.zones[SP]!.players.allied.order.ships).toEqual([]);
  expect(s.state.zones[SP]!.players.soviet.order.ships).toEqual(['kirov']);
}

describe('§4 undo: a seat takes back its own last actions', () => {
  it('consecutive own purchase orders, one or several: the undo is logged, the state is the one before them and a fresh replay of the file', () => {
    const t = southPacific();
    const s = t.session;
    const before = s.state;
    const length = s.version;
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    const afterFirst = s.state;
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-kidd' });
    t.act('allied:south-pacific', 'buyCard', { card: 'ECM' });
    expect(s.undoableCount('allied:south-pacific')).toBe(3);

    const undone = s.undo('allied:south-pacific', 2);
    expect((undone as { type: string }[]).map((a) => a.type)).toEqual(['buyShip', 'buyCard']);
    expect(s.version).toBe(length + 4); // three orders and the undo
    expect(s.record.log.at(-1)).toMatchObject({ type: '@undo', seat: 'allied:south-pacific', voids: [length + 1, length + 2] });
    expect(s.state).toEqual(afterFirst);
    expect(throughFile(s, 'after-undo-2').state).toEqual(s.state);

    expect(s.undoableCount('allied:south-pacific')).toBe(1);
    expect(isRuleError(s.undo('allied:south-pacific'))).toBe(false);
    expect(s.state).toEqual(before);
    expect(throughFile(s, 'after-undo-all').state).toEqual(s.state);
    expect(s.undoableCount('allied:south-pacific')).toBe(0);
    refused(s.undo('allied:south-pacific'));
  });

  it('the history shows an undo: the team sees what was taken back, the other team only that something was', () => {
    const t = southPacific();
    const s = t.session;
    t.act('allied:south-pacific', 'buyCard', { card: 'ECM' });
    const seq = s.events.length - 1;
    s.undo('allied:south-pacific');
    const allied = s.eventsFor({ kind: 'team', team: 'allied' }, seq).map((e) => e.text);
    const soviet = s.eventsFor({ kind: 'seat', seat: 'soviet:south-pacific' }, seq).map((e) => e.text);
    expect(allied).toEqual(['Allied, South Pacific takes back 1 action.', expect.stringContaining('South Pacific: Allied orders ECM')]);
    expect(soviet).toEqual(['Allied, South Pacific takes back 1 action.']);
    // Its turn and War Zone, as every zone event has them, so a history filtered by turn or zone shows it.
    for (const e of s.events.slice(seq + 1)) expect(e, e.text).toMatchObject({ turn: 1, zone: SP });
  });

  it('14.1 an Overall Commander takes back a secret order: the other team is not told in which War Zone', () => {
    const t = table([SP, MED], { optional: { overallCommanders: true } });
    t.act('soviet:south-pacific', 'rollMission', { values: [3] });
    t.act('soviet:mediterranean', 'rollMission', { values: [3] });
    const s = t.session;
    t.act('commander:allied', 'buyCard', { for: 'allied:mediterranean', card: 'ECM' });
    const seq = s.events.length - 1;
    expect(isRuleError(s.undo('commander:allied'))).toBe(false);
    const soviet = s.eventsFor({ kind: 'team', team: 'soviet' }, seq);
    expect(soviet.map((e) => e.text)).toEqual(['Allied Overall Commander takes back 1 action.']);
    expect(JSON.stringify(soviet)).not.toContain(MED);
    // The Allied team's own record of it keeps the War Zone, for its history filter.
    const allied = s.eventsFor({ kind: 'team', team: 'allied' }, seq);
    expect(allied.find((e) => e.type === 'taken-back')).toMatchObject({ zone: MED, turn: 1 });
  });

  it('6.C.2 orders are made at the same time: the other player\'s secret order in the same War Zone does not stop an undo', () => {
    const t = southPacific();
    const s = t.session;
    undoOwnOrder(t);
    expect(throughFile(s, 'same-zone-orders').state).toEqual(s.state);
  });

  it('6.C.4 in the same War Zone: refused once the other seat acted on the whole zone since (the second commitment reveals both)', () => {
    const t = southPacific();
    const s = t.session;
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    done(t, ['allied:south-pacific', 'soviet:south-pacific']);
    t.act('allied:south-pacific', 'commit', { ships: ['uss-knox'] });
    expect(s.undoableCount('allied:south-pacific')).toBe(1); // alone, a commitment may be changed
    t.act('soviet:south-pacific', 'commit', { ships: [] });
    const state = s.state;
    const length = s.version;
    expect(s.undoableCount('allied:south-pacific')).toBe(0);
    // The Soviet commitment is secret (6.C.4): the refusal says only that the other team acted.
    expect(refused(s.undo('allied:south-pacific')).message).toBe(`An action of the Soviet team (action #${length - 1}) came after action #${length - 2} of Allied, South Pacific (“South Pacific: Allied has committed (secret until both have)”) and may depend on it; ask for a rewind instead.`);
    expect(s.state).toBe(state);
    expect(s.version).toBe(length);
  });

  it('concurrent War Zones: a seat takes back its own last order although the other zone played on since', () => {
    const t = twoZones();
    const s = t.session;
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    t.act('allied:mediterranean', 'buyShip', { ship: 'uss-kidd' });
    t.act('soviet:mediterranean', 'buyShip', { ship: 'kirov' });
    expect(s.undoableCount('allied:south-pacific')).toBe(1);
    s.undo('allied:south-pacific');
    expect(s.state.zones[SP]!.players.allied.order.ships).toEqual([]);
    expect(s.state.zones[MED]!.players.allied.order.ships).toEqual(['uss-kidd']); // the Mediterranean keeps its orders
    expect(s.state.zones[MED]!.players.soviet.order.ships).toEqual(['kirov']);
    expect(throughFile(s, 'concurrent').state).toEqual(s.state);
  });

  it('refused past a step of the whole game: the last order that carries out every purchase (6.C.2)', () => {
    const t = southPacific();
    const s = t.session;
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    t.act('allied:south-pacific', 'donePurchasing');
    t.act('soviet:south-pacific', 'donePurchasing');
    // The orders are carried out and the Soviet player now sees the Allied purchase: a reveal.
    expect(s.state.purchasesResolved).toBe(true);
    expect(s.undoableCount('soviet:south-pacific')).toBe(0);
    expect(s.undoableCount('allied:south-pacific')).toBe(0);
  });

  it('6.C.1 a team note is taken back until a teammate writes another; the other team\'s notes do not hold it up', () => {
    const t = twoZones();
    const s = t.session;
    t.act('allied:south-pacific', 'teamNote', { text: 'Knox goes north' });
    t.act('soviet:mediterranean', 'teamNote', { text: 'hold the strait' });
    expect(s.undoableCount('allied:south-pacific')).toBe(1);
    t.act('allied:mediterranean', 'teamNote', { text: 'agreed' }); // may answer the first
    expect(s.undoableCount('allied:south-pacific')).toBe(0);
    expect(refused(s.undo('allied:south-pacific')).message).toContain('of Allied, Mediterranean (“Allied team note (Allied, Mediterranean)');
  });

  it('6.C.2 a team note stands once the purchases are carried out: a step of the whole game came after it', () => {
    const t = twoZones();
    const s = t.session;
    done(t, SP_MED_SEATS.slice(0, 3));
    t.act('allied:south-pacific', 'teamNote', { text: 'nothing bought' });
    expect(s.undoableCount('allied:south-pacific')).toBe(2); // the note, and the order finished before it: the others' orders did not rely on it
    t.act('soviet:mediterranean', 'donePurchasing'); // the last order: every purchase is carried out
    expect(s.undoableCount('allied:south-pacific')).toBe(0);
    expect(refused(s.undo('allied:south-pacific')).message).toContain('of Soviet, Mediterranean (“Mediterranean: Soviet has finished ordering”)');
  });

  it('11 a team note stands once the campaign is over: the end of the game is a step of the whole game', () => {
    // examples/cwnb/two-zone.json (physical dice): its last entry, the Soviet North Atlantic 7.2.1 set-aside, ends the campaign.
    const record = JSON.parse(readFileSync(new URL('../../examples/cwnb/two-zone.json', import.meta.url), 'utf8')) as GameRecord;
    const last = record.log.at(-1)!;
    const s = openSession({ ...record, log: record.log.slice(0, -1) });
    expect(isRuleError(s.submit({ type: 'teamNote', seat: 'allied:mediterranean', text: 'well played' }))).toBe(false);
    expect(s.undoableCount('allied:mediterranean')).toBe(1);
    expect(isRuleError(s.submit(last))).toBe(false);
    expect(s.isOver()).toBe(true);
    expect(s.undoableCount('allied:mediterranean')).toBe(0);
    expect(refused(s.undo('allied:mediterranean'), 'game-over').message).toBe('The game is over: its result (and its dice seed) are out, so nothing is taken back.');
  });

  it('11 nothing is taken back once the campaign is over: its result and dice seed are out (the action that ended it, by its own seat, or a rewind by the referee)', () => {
    const record = JSON.parse(readFileSync(new URL('../../examples/cwnb/two-zone.json', import.meta.url), 'utf8')) as GameRecord;
    const s = openSession(record);
    expect(s.isOver()).toBe(true);
    const ender = record.log.at(-1)!.seat;
    expect(s.undoableCount(ender)).toBe(0);
    expect(refused(s.undo(ender), 'game-over').message).toBe('The game is over: its result (and its dice seed) are out, so nothing is taken back.');
    refused(s.rewind('zone:north-atlantic', s.version - 2, ['referee']), 'game-over');
    expect(s.isOver()).toBe(true);
  });

  it('8 Non-Combatant cards dealt at the table in one War Zone stand once another War Zone dealt from the same deck', () => {
    const t = table([SP, MED]);
    const s = t.session;
    t.act('soviet:south-pacific', 'rollMission', { values: [3] }); // Soviet Military Escort: the Soviet player receives Non-Combatants
    t.act('soviet:mediterranean', 'rollMission', { values: [1] }); // the Allied player receives them
    done(t, SP_MED_SEATS);
    for (const seat of SP_MED_SEATS) t.act(seat, 'commit', { ships: [] });
    const deal = (seat: string, zone: typeof SP | typeof MED) => t.act(seat, 'dealNonCombatants', { cards: t.state.nonCombatantDeck.slice(0, t.state.zones[zone]!.battle!.toDeal) });
    const beforeDeal = s.version - 1;
    deal('soviet:south-pacific', SP);
    expect(s.undoableCount('soviet:south-pacific')).toBe(1);
    deal('allied:mediterranean', MED);
    expect(s.undoableCount('soviet:south-pacific')).toBe(0);
    expect(refused(s.undo('soviet:south-pacific')).message).toContain('of Allied, Mediterranean (“Mediterranean: Non-Combatant cards dealt at the table');
    // Nor may a rewind of the South Pacific take the deal back: the deck is shared, and the refusal says so.
    expect(refused(s.rewind('zone:south-pacific', beforeDeal, ['referee']), 'rewind-not-allowed').message).toContain('also changed or relied on the Non-Combatant cards (8): a rewind of the South Pacific War Zone');
  });

  it('refused past a transfer between zones: it changed both (6.C.3)', () => {
    const t = twoZones();
    const s = t.session;
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    done(t, SP_MED_SEATS);
    t.act('allied:mediterranean', 'teamNote', { text: 'send the Knox' });
    t.act('soviet:mediterranean', 'commit', { ships: [] }); // Mediterranean play goes on
    t.act('allied:south-pacific', 'transferShip', { ship: 'uss-knox', to: MED });
    t.act('allied:mediterranean', 'commit', { ships: ['uss-knox'] }); // reveals the Mediterranean
    expect(s.undoableCount('allied:south-pacific')).toBe(0);
    expect(refused(s.undo('allied:south-pacific')).message).toContain('of Allied, Mediterranean (“Mediterranean: Allied has committed');
  });

  // Found by `scripts/fuzz.ts --optional` (game seed 52000356): the chart die was offered for
  // undo, then the undo was refused because the transfer after it no longer replayed.
  it('13.3 a physical chart die stands once a transfer relied on it, even an unlimited transfer that counted nothing', () => {
    const t = table([SP, MED], { optional: { transferLimitations: { charts: uniformCharts('U') } } });
    const s = t.session;
    t.act('soviet:south-pacific', 'rollMission', { values: [3] });
    t.act('soviet:mediterranean', 'rollMission', { values: [3] });
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    done(t, SP_MED_SEATS);
    t.act('soviet:south-pacific', 'rollTransferChart', { values: [2] }); // the game roller: the Advantaged Player of the first zone
    expect(s.undoableCount('soviet:south-pacific')).toBe(1); // nothing relied on it yet: a mistyped die may be corrected
    t.act('allied:south-pacific', 'transferShip', { ship: 'uss-knox', to: MED });
    expect(s.undoableCount('soviet:south-pacific')).toBe(0);
    expect(refused(s.undo('soviet:south-pacific')).message).toContain('of Allied, South Pacific (“Allied: USS Knox transferred from South Pacific to Mediterranean”)');
  });

  it('13.3 a physical chart die stands once a transfer between two other War Zones relied on it', () => {
    const NA = 'north-atlantic';
    const t = table([SP, MED, NA], { optional: { transferLimitations: { charts: uniformCharts(2) } } });
    const s = t.session;
    for (const zone of [SP, MED, NA]) t.act(`soviet:${zone}`, 'rollMission', { values: [3] });
    t.act('allied:mediterranean', 'buyShip', { ship: 'uss-knox' });
    done(t, [...SP_MED_SEATS, `allied:${NA}`, `soviet:${NA}`]);
    t.act('soviet:south-pacific', 'rollTransferChart', { values: [2] }); // the Advantaged Player of the first zone
    expect(s.undoableCount('soviet:south-pacific')).toBe(1);
    const beforeTransfer = s.version - 1;
    t.act('allied:mediterranean', 'transferShip', { ship: 'uss-knox', to: NA }); // the South Pacific plays no part in it
    expect(s.undoableCount('soviet:south-pacific')).toBe(0);
    expect(refused(s.undo('soviet:south-pacific')).message).toMatch(/^Action #\d+ of Allied, Mediterranean \(“/);
    // A rewind of the Mediterranean cannot take the transfer back either; the refusal names each shared part once.
    expect(refused(s.rewind('zone:mediterranean', beforeTransfer, ['referee']), 'rewind-not-allowed').message).toContain('also changed or relied on the Allied part of the North Atlantic War Zone, the Transfer Limitations chart (13.3): a rewind');
  });

  // Found by `scripts/fuzz.ts --optional --undo 0.1` (game seed 53000054).
  it('13.3 the chart die relies on no War Zone (any player may roll it): a 9.5 decline before it, which changed who is advantaged, may still be taken back', () => {
    const t = mediterraneanStrike({ transferLimitations: { charts: uniformCharts('U') } });
    const s = t.session;
    done(t, SP_MED_SEATS);
    t.act('soviet:mediterranean', 'declineStrike'); // 9.5: the status shifts one column toward the Allies, who become the Advantaged Player
    t.act('allied:mediterranean', 'rollTransferChart', { values: [2] });
    expect(s.undoableCount('soviet:mediterranean')).toBe(1);
    expect(isRuleError(s.undo('soviet:mediterranean'))).toBe(false);
    expect(s.state.transferChart).not.toBeNull(); // the chart die stands
  });

  it('14.1 a seat assigned by the Overall Commander does not hold up the undo of a mission re-roll in its War Zone: the zone is in Battle Preparations either way', () => {
    const t = mediterraneanStrike({ overallCommanders: true });
    const s = t.session;
    done(t, SP_MED_SEATS);
    t.act('soviet:mediterranean', 'declineStrike'); // 9.5: the mission is re-rolled, by the Allies now Advantaged
    t.act('allied:mediterranean', 'rollMission', { values: [1] });
    t.act('commander:soviet', 'assignSeat', { target: 'soviet:mediterranean', player: 'Olga' });
    expect(s.undoableCount('allied:mediterranean')).toBe(1);
    expect(isRuleError(s.undo('allied:mediterranean'))).toBe(false); // the mistyped die is taken back
    expect(s.state.zones[MED]!.step).toBe('mission');
    expect(s.state.holders['soviet:mediterranean']).toBe('Olga');
    expect(throughFile(s, 'assigned').state).toEqual(s.state);
  });

  it('14.1 each Overall Commander moves only their own team\'s players: an assignment by one does not hold up the other\'s undo', () => {
    const t = mediterraneanStrike({ overallCommanders: true });
    const s = t.session;
    done(t, SP_MED_SEATS); // both War Zones in Battle Preparations
    t.act('commander:soviet', 'assignSeat', { target: 'soviet:mediterranean', player: 'Olga' });
    t.act('commander:allied', 'assignSeat', { target: 'allied:south-pacific', player: 'Ann' });
    expect(s.undoableCount('commander:soviet')).toBe(1);
    expect(isRuleError(s.undo('commander:soviet'))).toBe(false);
    expect(s.state.holders).toEqual({ 'allied:south-pacific': 'Ann' });
    expect(throughFile(s, 'assigned').state).toEqual(s.state);
  });

  it('6.C.2 an undo never carries out the purchases behind the players\' backs: a Strike declined during the purchases stands, and is not offered for undo, once another zone has finished its orders', () => {
    const t = mediterraneanStrike();
    const s = t.session;
    done(t, ['allied:mediterranean', 'soviet:mediterranean', 'allied:south-pacific']);
    t.act('soviet:mediterranean', 'declineStrike'); // 9.5 during the purchases: the Mediterranean is back at its mission roll
    expect(s.undoableCount('soviet:mediterranean')).toBe(2); // its finished order and the decline
    expect(s.undoableCount('soviet:mediterranean', 1)).toBe(1); // what a page offering one Undo asks
    t.act('soviet:south-pacific', 'donePurchasing'); // every order is done but the Mediterranean's mission: nothing is carried out yet
    expect(s.state.purchasesResolved).toBe(false);
    // Taking the decline back would make that last order carry out every purchase (a reveal) as the
    // state is re-derived: refused (the session checks every later action as it replays), nothing changes.
    const { state, version } = s;
    expect(s.undoableCount('soviet:mediterranean')).toBe(0); // so no Undo button is offered for it
    expect(refused(s.undo('soviet:mediterranean')).message).toBe(`Taking this back would change what action #${version - 1} of Soviet, South Pacific (“South Pacific: Soviet has finished ordering (0 points)”) did.`);
    expect(s.state).toBe(state);
    expect(s.version).toBe(version);
    t.act('allied:mediterranean', 'rollMission', { values: [1] }); // the re-roll, by the Allies now Advantaged
    expect(s.state.purchasesResolved).toBe(true);
  });

  it('6.C.2 a zone that finished its orders first does not hold up the undo of another zone\'s orders', () => {
    const t = twoZones();
    const s = t.session;
    t.act('allied:mediterranean', 'buyShip', { ship: 'uss-kidd' });
    t.act('allied:south-pacific', 'donePurchasing');
    t.act('soviet:south-pacific', 'donePurchasing'); // the South Pacific is ready; the Mediterranean is not
    expect(s.undoableCount('allied:mediterranean')).toBe(1);
    expect(isRuleError(s.undo('allied:mediterranean'))).toBe(false);
    expect(throughFile(s, 'first-ready').state).toEqual(s.state);
  });

  it('6.C.2 two zones finish their orders in turn while a third orders on: the first may still reopen its order', () => {
    const t = table([SP, MED, 'north-sea']);
    const s = t.session;
    for (const z of [SP, MED, 'north-sea']) t.act(`soviet:${z}`, 'rollMission', { values: [3] });
    t.act('allied:south-pacific', 'donePurchasing');
    t.act('soviet:south-pacific', 'donePurchasing'); // the South Pacific is done
    t.act('allied:mediterranean', 'donePurchasing');
    t.act('soviet:mediterranean', 'donePurchasing'); // the Mediterranean is done; the North Sea orders on
    expect(s.undoableCount('soviet:south-pacific')).toBe(1);
    expect(isRuleError(s.undo('soviet:south-pacific'))).toBe(false);
    expect(s.state.zones[SP]!.players.soviet.order.done).toBe(false);
    expect(throughFile(s, 'reopened').state).toEqual(s.state);
  });

  it('6.C.2 orders carried out stand even when a ship went to another player and that player orders again: both teams have seen the purchases', () => {
    const t = twoZones();
    const s = t.session;
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    t.act('allied:mediterranean', 'buyShip', { ship: 'uss-knox' }); // the same ship: the South Pacific, listed first, gets it
    done(t, SP_MED_SEATS);
    expect(t.state.purchasesResolved).toBe(false); // the Mediterranean Allied player orders again
    expect(t.state.zones[SP]!.players.allied.fleet['uss-knox']).toBeDefined();
    expect(s.undoableCount('soviet:mediterranean')).toBe(0);
    expect(refused(s.undo('soviet:mediterranean')).message).toContain('revealed what was secret until then');
    // Carrying out the orders revealed them (6.C.2): a rewind of either player's part stops there.
    expect(s.rewindFloor(`zone:${SP}/soviet`)).toBe(s.version - 1);
    expect(s.rewindFloor(`zone:${SP}/allied`)).toBe(s.version - 1);
  });

  it('seeded dice are never rolled again: a seeded roll is not taken back, and redoing an order after an undo does not move the dice', () => {
    const t = southPacific('seeded');
    const s = t.session;
    expect(s.undoableCount('soviet:south-pacific')).toBe(0);
    refused(s.undo('soviet:south-pacific'));
    const counter = s.state.dice.counter;
    t.act('soviet:south-pacific', 'buyShip', { ship: 'kirov' });
    s.undo('soviet:south-pacific');
    t.act('soviet:south-pacific', 'buyShip', { ship: 'kirov' });
    expect(s.state.dice.counter).toBe(counter);
  });

  it('a physical die typed wrongly is corrected before anything else happens in its War Zone, not after; everyone is told which die was taken back', () => {
    const t = twoZones();
    const s = t.session;
    // The Mediterranean roll was a 3; the player meant 1. Nothing has happened there since.
    expect(s.undoableCount('soviet:mediterranean')).toBe(1);
    s.undo('soviet:mediterranean');
    // Everyone is told which die was taken back (the roller alone may take it back: no fishing unseen).
    const said = s.eventsFor(SPECTATOR).at(-1)!.text;
    expect(said).toMatch(/^Soviet, Mediterranean takes back 1 action: #\d+ Mission roll, Mediterranean, turn 1: 3; Mediterranean, turn 1: .*\.$/);
    expect(said).toContain(s.eventsFor(SPECTATOR).find((e) => e.type === 'mission' && e.zone === MED)!.text.replace(/\.$/, ''));
    t.act('soviet:mediterranean', 'rollMission', { values: [1] });
    expect(s.state.zones[MED]!.mission!.roll).toBe(1);
    // Once someone acts in that zone, the roll stands.
    t.act('allied:mediterranean', 'buyShip', { ship: 'uss-kidd' });
    expect(s.undoableCount('soviet:mediterranean')).toBe(0);
    expect(throughFile(s, 'corrected').state).toEqual(s.state);
  });

  it('8 Non-Combatant cards dealt at the table and typed wrongly are corrected like a physical die: taken back before anything else happens in the zone or to the deck', () => {
    // examples/cwnb/two-zone.json (physical dice), just after action #52: the Allied Mediterranean seat named the cards dealt, 1 2 3 4.
    const record = JSON.parse(readFileSync(new URL('../../examples/cwnb/two-zone.json', import.meta.url), 'utf8')) as GameRecord;
    const s = openSession({ ...record, log: record.log.slice(0, 53) });
    const seat = 'allied:mediterranean';
    expect(record.log[52]).toMatchObject({ type: 'dealNonCombatants', seat, cards: [1, 2, 3, 4] });
    const deck = s.state.nonCombatantDeck;
    expect(s.undoableCount(seat)).toBe(1);
    expect(isRuleError(s.undo(seat))).toBe(false);
    expect(s.state.nonCombatantDeck).toEqual([...deck, 1, 2, 3, 4].sort((a, b) => a - b));
    expect(isRuleError(s.submit({ type: 'dealNonCombatants', seat, cards: [5, 6, 7, 8] }))).toBe(false);
    expect(s.state.zones[MED]!.battle!.nonCombatants.map((n) => n.id)).toEqual(['NC-5', 'NC-6', 'NC-7', 'NC-8']);
    expect(throughFile(s, 'deal-corrected').state).toEqual(s.state);
  });

  it('refused across a reveal: both commitments in; the first commitment alone may be taken back', () => {
    const t = southPacific();
    const s = t.session;
    done(t, ['allied:south-pacific', 'soviet:south-pacific']);
    t.act('allied:south-pacific', 'commit', { ships: [] });
    expect(s.undoableCount('allied:south-pacific')).toBe(1);
    s.undo('allied:south-pacific');
    expect(s.state.zones[SP]!.players.allied.commitment).toBeNull();
    t.act('allied:south-pacific', 'commit', { ships: [] });
    t.act('soviet:south-pacific', 'commit', { ships: [] });
    expect(s.state.zones[SP]!.step).toBe('battle');
    refused(s.undo('soviet:south-pacific'));
    refused(s.undo('allied:south-pacific'));
  });

  it('bad counts and seats that never acted are refused and change nothing', () => {
    const t = southPacific();
    const s = t.session;
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-kidd' });
    const state = s.state;
    for (const n of [0, -1, 1.5, Number.NaN, 3, Infinity]) {
      refused(s.undo('allied:south-pacific', n));
      expect(s.state).toBe(state);
      expect(s.version).toBe(3);
    }
    refused(s.undo('referee'));
    refused(s.undo('nobody'));
  });
});

describe('§4 corrections by agreement: a rewind of a War Zone', () => {
  /** South Pacific in battle: Allied Knox committed, Non-Combatants dealt at the table. */
  function inBattle(): Table {
    const t = twoZones();
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    done(t, SP_MED_SEATS);
    t.act('allied:south-pacific', 'commit', { ships: ['uss-knox'] });
    t.act('soviet:south-pacific', 'commit', { ships: [] });
    t.act('soviet:south-pacific', 'dealNonCombatants', { cards: t.state.nonCombatantDeck.slice(0, t.state.zones[SP]!.battle!.toDeal) });
    return t;
  }

  it('a sinking recorded by mistake, found two actions later: both seats agree, the zone goes back; the other zone keeps its actions', () => {
    const t = inBattle();
    const s = t.session;
    const point = s.version - 1;
    const before = s.state.zones[SP];
    t.act('soviet:south-pacific', 'sink', { ship: 'uss-knox' }); // a mistake
    t.act('allied:mediterranean', 'commit', { ships: [] }); // the Mediterranean plays on
    t.act('soviet:south-pacific', 'damage', { ship: 'NC-1', amount: 1 });
    t.act('soviet:south-pacific', 'endBattleTurn');
    refused(s.rewind('zone:south-pacific', point, ['soviet:south-pacific']), 'rewind-not-agreed');
    const r = s.rewind('zone:south-pacific', point, ['soviet:south-pacific', 'allied:south-pacific']);
    expect((r as { type: string }[]).map((a) => a.type)).toEqual(['sink', 'damage', 'endBattleTurn']);
    expect(s.state.zones[SP]).toEqual(before);
    expect(s.state.sunk).toEqual([]);
    expect(s.state.zones[MED]!.players.allied.commitment).toEqual({ ships: [], areaDefense: 0, flagOfficer: null });
    expect(s.record.log.at(-1)).toMatchObject({ type: '@rewind', scope: 'zone:south-pacific', to: point, agreed: ['soviet:south-pacific', 'allied:south-pacific'] });
    // Replay and the history show it.
    expect(throughFile(s, 'rewind').state).toEqual(s.state);
    expect(s.eventsFor({ kind: 'spectator' }).at(-1)!).toMatchObject({ turn: 1, zone: SP, text: `The South Pacific War Zone rewound to after action #${point}, agreed by Soviet, South Pacific and Allied, South Pacific: 3 actions taken back.` });
  });

  it('the referee alone may rewind', () => {
    const t = inBattle();
    const s = t.session;
    const point = s.version - 1;
    t.act('soviet:south-pacific', 'sink', { ship: 'uss-knox' });
    expect(isRuleError(s.rewind('zone:south-pacific', point, ['referee']))).toBe(false);
    expect(s.record.log.at(-1)).toMatchObject({ type: '@rewind', seat: 'referee', agreed: ['referee'] });
  });

  it("a rewind by the referee alone of secret orders: everyone's history still files it under its War Zone, the orders stay secret", () => {
    const t = southPacific();
    const s = t.session;
    const point = s.version - 1;
    t.act('allied:south-pacific', 'buyCard', { card: 'ECM' });
    expect(isRuleError(s.rewind('zone:south-pacific', point, ['referee']))).toBe(false);
    const seen = s.eventsFor({ kind: 'spectator' }).at(-1)!;
    expect(seen).toMatchObject({ type: 'rewind', zone: SP, turn: 1 });
    expect(JSON.stringify(s.eventsFor({ kind: 'team', team: 'soviet' }))).not.toContain('ECM');
  });

  it("6.C.4 a refused undo never names the other team's secret commitment: only that the other team acted", () => {
    const t = twoZones();
    const s = t.session;
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    t.act('soviet:south-pacific', 'buyShip', { ship: 'kirov' });
    done(t, SP_MED_SEATS);
    t.act('allied:south-pacific', 'commit', { ships: ['uss-knox'] });
    t.act('soviet:south-pacific', 'commit', { ships: ['kirov'] });
    const allied = refused(s.undo('allied:south-pacific')).message;
    expect(allied).toMatch(/^An action of the Soviet team \(action #\d+\) came after action #\d+ of Allied, South Pacific \(“South Pacific: Allied has committed/);
    expect(allied).not.toMatch(/by Soviet|kirov/i);
  });

  it("6.C.3 a refused rewind never names the other team's secret card transfer to the seat told of it; its team and the referee are told", () => {
    const t = twoZones();
    const s = t.session;
    t.act('soviet:south-pacific', 'buyCard', { card: 'ECM' });
    done(t, SP_MED_SEATS);
    const card = s.state.zones[SP]!.players.soviet.cards[0].id;
    t.act('soviet:south-pacific', 'transferCard', { card, to: MED });
    const k = s.version - 1;
    const both = ['soviet:south-pacific', 'allied:south-pacific'];
    const byAllied = refused(s.rewind('zone:south-pacific', k - 1, both, undefined, seatViewer('allied:south-pacific')), 'rewind-not-allowed').message;
    // Without a viewer named, a refusal of seats' rewind is told as to anyone (a shared screen).
    expect(refused(s.rewind('zone:south-pacific', k - 1, both), 'rewind-not-allowed').message).toBe(byAllied);
    expect(byAllied).toBe(`An action of the Soviet team (action #${k}) also changed or relied on another part of the game: a rewind of the South Pacific War Zone cannot take it back.`);
    const told = `Action #${k} of Soviet, South Pacific (“Soviet: ECM card transferred from South Pacific to Mediterranean”) also changed or relied on the Soviet part of the Mediterranean War Zone: a rewind of the South Pacific War Zone cannot take it back.`;
    expect(refused(s.rewind('zone:south-pacific', k - 1, both, undefined, seatViewer('soviet:south-pacific')), 'rewind-not-allowed').message).toBe(told);
    expect(refused(s.rewind('zone:south-pacific', k - 1, ['referee']), 'rewind-not-allowed').message).toBe(told);
  });

  it('the rewind floor: the last entry a rewind of the zone cannot take back (here the Non-Combatants dealt from the deck all zones share); a rewind to it or later is allowed, one before it refused', () => {
    const t = inBattle();
    const s = t.session;
    const floor = s.rewindFloor('zone:south-pacific');
    expect(s.record.log[floor]).toMatchObject({ type: 'dealNonCombatants', seat: 'soviet:south-pacific' });
    expect(s.rewindFloor('zone:mediterranean')).toBeLessThan(floor); // the purchases carried out for every zone (a step of the whole game)
    t.act('soviet:south-pacific', 'sink', { ship: 'uss-knox' });
    expect(s.rewindFloor('zone:south-pacific')).toBe(floor);
    refused(s.rewind('zone:south-pacific', floor - 1, ['referee']), 'rewind-not-allowed');
    expect(isRuleError(s.rewind('zone:south-pacific', floor, ['referee']))).toBe(false);
    expect(table([SP]).session.rewindFloor('zone:south-pacific')).toBe(-1); // nothing yet: back to the start
  });

  it('never past a seeded roll, a reveal or a step of the whole game', () => {
    const t = inBattle();
    const s = t.session;
    const beforeReveal = s.version - 3;
    expect(refused(s.rewind('zone:south-pacific', beforeReveal, ['referee']), 'rewind-not-allowed').message).toMatch(/revealed what was secret until then|whole game/);
    const seeded = table([SP], { dice: 'seeded' });
    seeded.act('soviet:south-pacific', 'rollMission');
    expect(refused(seeded.session.rewind('zone:south-pacific', -1, ['referee']), 'rewind-not-allowed').message).toContain('rolled a die from the seed');
  });
});

describe('§4 what an action changed: one player\'s part of a War Zone, the whole zone, or who holds the seats', () => {
  it('6.C.2 with 13.2 Special Conditions in play, orders are still each player\'s own: the other player\'s order does not stop an undo', () => {
    const t = table([SP], { optional: { specialConditions: {} } });
    t.act('soviet:south-pacific', 'rollMission', { values: [3] });
    t.act('allied:south-pacific', 'rollSpecialConditions', { values: [1] });
    t.act('soviet:south-pacific', 'rollSpecialConditions', { values: [2] });
    undoOwnOrder(t);
  });

  it('13.2.6 a Special Conditions roll is the whole War Zone\'s, even a Prepared roll that changed only the roller\'s ships: a rewind of that player\'s part cannot take it back', () => {
    const t = table([SP], { optional: { specialConditions: {} } });
    const s = t.session;
    t.act('soviet:south-pacific', 'rollMission', { values: [3] });
    t.act('allied:south-pacific', 'rollSpecialConditions', { values: [5, 3] }); // 3 on the Allied column: Prepared
    expect(s.state.zones[SP]!.conditions!.allied.condition).toBe('Prepared');
    expect(s.rewindFloor(`zone:${SP}/allied`)).toBe(1);
    expect(refused(s.rewind(`zone:${SP}/allied`, 0, ['referee']), 'rewind-not-allowed').message).toBe(
      'Action #1 of Allied, South Pacific (“Special Conditions, South Pacific, Allied, turn 1: 5”) also changed or relied on the South Pacific War Zone: a rewind of the Allied part of the South Pacific War Zone cannot take it back.',
    );
    expect(isRuleError(s.rewind(`zone:${SP}`, 0, ['referee']))).toBe(false); // the whole zone may be rewound
    expect(s.state.zones[SP]!.conditions!.allied.rolled).toBe(false);
  });

  it('9.5 a declined Strike is the whole War Zone\'s, though it changed only the other player\'s commitment: a rewind of that player\'s part cannot take it back', () => {
    const t = mediterraneanStrike();
    const s = t.session;
    done(t, SP_MED_SEATS);
    t.act('allied:mediterranean', 'commit', { ships: [] });
    const commit = s.version - 1;
    t.act('soviet:mediterranean', 'declineStrike'); // the Allied commitment is taken back with the mission
    expect(s.state.zones[MED]!.players.allied.commitment).toBeNull();
    expect(s.rewindFloor(`zone:${MED}/allied`)).toBe(commit + 1);
    expect(refused(s.rewind(`zone:${MED}/allied`, commit - 1, ['referee']), 'rewind-not-allowed').message).toContain('also changed or relied on the Mediterranean War Zone: a rewind of the Allied part of the Mediterranean War Zone cannot take it back.');
  });

  it('14.1 the referee may rewind who holds a team\'s seats: the Overall Commander\'s assignments are taken back, the other team\'s stand', () => {
    const t = mediterraneanStrike({ overallCommanders: true });
    const s = t.session;
    done(t, SP_MED_SEATS);
    const before = s.version - 1;
    t.act('commander:soviet', 'assignSeat', { target: 'soviet:mediterranean', player: 'Olga' });
    t.act('commander:allied', 'assignSeat', { target: 'allied:south-pacific', player: 'Ann' });
    expect(s.scopeEntries('seats:soviet').filter((j) => j > before)).toEqual([before + 1]); // not the Allied assignment
    expect(isRuleError(s.rewind('seats:soviet', before, ['referee']))).toBe(false);
    expect(s.state.holders).toEqual({ 'allied:south-pacific': 'Ann' });
  });

  it('14.1 an assignment by one Overall Commander never holds up the other\'s undo, whoever already holds a seat of either team', () => {
    const t = mediterraneanStrike({ overallCommanders: true });
    const s = t.session;
    done(t, SP_MED_SEATS);
    t.act('commander:soviet', 'assignSeat', { target: 'soviet:mediterranean', player: 'Olga' });
    t.act('commander:allied', 'assignSeat', { target: 'allied:south-pacific', player: 'Ann' });
    t.act('commander:soviet', 'assignSeat', { target: 'soviet:south-pacific', player: 'Sam' }); // Olga and Ann keep their seats
    expect(s.undoableCount('commander:allied')).toBe(1);
    expect(isRuleError(s.undo('commander:allied'))).toBe(false);
    expect(s.state.holders).toEqual({ 'soviet:mediterranean': 'Olga', 'soviet:south-pacific': 'Sam' });
  });
});

describe('§4 versions: a submission names the version it was made against', () => {
  it('a stale submission is refused with the current version, and nothing changes', () => {
    const t = southPacific();
    const s = t.session;
    const seen = s.version;
    t.act('soviet:south-pacific', 'buyShip', { ship: 'kirov' });
    const state = s.state;
    const r = s.submit({ type: 'buyShip', seat: 'allied:south-pacific', ship: 'uss-knox' }, seen);
    expect(r).toMatchObject({ kind: 'RuleError', code: 'stale-version', current: seen + 1 });
    expect(s.state).toBe(state);
    expect(isRuleError(s.submit({ type: 'buyShip', seat: 'allied:south-pacific', ship: 'uss-knox' }, seen + 1))).toBe(false);
    expect(refused(s.undo('allied:south-pacific', 1, seen), 'stale-version')).toMatchObject({ current: seen + 2 });
  });

  it('errors are plain data: JSON in, JSON out, nothing lost', () => {
    const t = southPacific();
    const r = t.session.submit({ type: 'rollMission', seat: 'allied:south-pacific' });
    expect(isRuleError(r)).toBe(true);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    expect(isRuleError(JSON.parse(JSON.stringify(r)))).toBe(true);
    expect(r).toMatchObject({ code: 'not-your-decision', reason: 'not-mission-step', rule: '6.A' });
  });
});
