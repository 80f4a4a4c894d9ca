import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../src/engine/errors.ts';
import type { GameRecord } from '../../../src/engine/session.ts';
import { COL, Table, points, pointsOf } from '../../support/cwnb-fixtures.ts';
import { openSession } from '../../support/cwnb-scenario.ts';

const NS = 'north-sea' as const;
const PG = 'persian-gulf' as const;
const MED = 'mediterranean' as const;

describe('7.2 Concluding the Battle Turns', () => {
  it('7.2 the housekeeping steps run in strict order: set aside, final Mission Points, status, ships in port, then the next turn', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd', 'a-ff'], commit: ['a-dd'] }, soviet: { buy: ['s-dd', 's-ff'], commit: ['s-dd'] } } });
    t.endAll(NS);
    const events = t.setAside(NS);
    expect(events.map((e) => `${e.type}${e.kind ? ':' + e.kind : ''}`)).toEqual([
      'set-aside',
      'set-aside',
      'points:mission', // 7.2.2 Allied: 3 Non-Combatants survived
      'status', // 7.2.3
      'points:in-port', // 7.2.4 Allied
      'note', // 7.2.4 Soviet: Krivak (5) in port, but nothing scored this turn: cap 0
      'turn-done',
      'turn', // 7.2.6
    ]);
    expect(events.find((e) => e.type === 'note')).toMatchObject({ side: 'soviet', rule: '7.2.4', text: 'North Sea: Soviet ships in port would score 5, but Soviet scored no Mission or sinking points this turn: they score nothing (7.2.4).' });
  });

  it('7.2.4 a player who scored nothing and has no ship in port is told nothing about ships in port', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.endAll(NS);
    const events = t.setAside(NS);
    expect(pointsOf(events, 'soviet')).toEqual([]);
    expect(events.filter((e) => e.type === 'note')).toEqual([]);
  });
});

describe('7.2.1 Set aside one card', () => {
  it('7.2.1, 11 on the last Campaign Game Turn no card is offered to keep: there is no next turn', () => {
    const last = new Table({ zones: [NS], turns: 1 });
    last.prepare({ [NS]: { mission: { allied: 'Military Escort' } } });
    last.endAll(NS);
    const [offer] = last.actions('allied:north-sea').filter((a) => a.type === 'setAside');
    expect(offer.label).toMatch(/last Campaign Game Turn, so no card is kept/);
    expect(offer.fields).toBeUndefined();
    const before = new Table({ zones: [NS], turns: 2 });
    before.prepare({ [NS]: { mission: { allied: 'Military Escort' } } });
    before.endAll(NS);
    const offered = before.actions('allied:north-sea').find((a) => a.type === 'setAside')!;
    expect(offered.label).toBe('Set aside one card for the next turn (or none); the rest of the hand is discarded');
    expect(offered.fields).toHaveProperty('card');
  });

  it('7.2.1, 11 on the last Campaign Game Turn a card named anyway is refused at the table and online, naming why; a game file that kept one there still replays', () => {
    // examples/cwnb/two-zone.json: its last entry, the Soviet North Atlantic set-aside of the last turn, ends the campaign.
    const record = JSON.parse(readFileSync(new URL('../../../examples/cwnb/two-zone.json', import.meta.url), 'utf8')) as GameRecord;
    const s = openSession({ ...record, log: record.log.slice(0, -1) });
    const r = s.submit({ type: 'setAside', seat: 'soviet:north-atlantic', card: 'Retreat' });
    expect(isRuleError(r) && r.message).toBe('"card" is not a field of setAside now (End the turn: this is the last Campaign Game Turn, so no card is kept; it has none).');
    expect(isRuleError(s.submit({ type: 'setAside', seat: 'soviet:north-atlantic' }))).toBe(false);
    expect(s.isOver()).toBe(true);
  });

  it('7.2.1 each player may keep one card for the next turn; the rest of the hand is discarded', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], cards: [{ card: 'Retreat' }, { card: 'ECM' }], commit: ['a-dd'] }, soviet: { cards: [{ card: 'ASW' }] } } });
    t.endAll(NS);
    t.setAside(NS, { allied: { card: 'Retreat' } });
    expect(t.player(NS, 'allied').cards).toMatchObject([{ type: 'Retreat' }]);
    expect(t.player(NS, 'soviet').cards).toEqual([]);
    expect(t.zoneView(NS, 'allied:north-sea').players.allied.cards).toMatchObject([{ type: 'Retreat' }]);
  });

  it('7.2.1 a Gun, Missile, Torpedo or Minefield Attack card kept keeps its printed value; a fixed-cost card kept has none', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } });
    t.endAll(NS);
    t.setAside(NS, { allied: { card: 'Gun', value: 7 }, soviet: { card: 'ECM', value: 3 } });
    expect(t.zoneView(NS, 'allied:north-sea').players.allied.cards).toMatchObject([{ type: 'Gun', value: 7 }]);
    expect(t.zoneView(NS, 'soviet:north-sea').players.soviet.cards).toEqual([{ id: 'soviet:north-sea#1', type: 'ECM' }]);
  });

  it('7.2.1 without Friction of War (13.5) an Additional Ship card is not an Action card that can be kept', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } });
    t.endAll(NS);
    const r = t.refuse({ type: 'setAside', seat: 'allied:north-sea', card: 'Additional Ship' });
    expect(r).toMatchObject({ code: 'unknown-card', rule: '7.2.1' });
  });

  it('7.2.1 the set-aside form: any Action card type, or none; an attack card may give its printed value', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } });
    t.endAll(NS);
    const card = t.actions('allied:north-sea').find((a) => a.type === 'setAside')!.fields!.card;
    expect(card).toMatchObject({ kind: 'choice', label: 'Card kept', optional: true });
    const options = card.kind === 'choice' ? card.options : [];
    expect(options.find((o) => o.value === 'Gun')).toEqual({ value: 'Gun', label: 'Gun', fields: { value: { kind: 'int', label: 'Printed value', help: 'The printed value of the attack card you keep, recorded with it; may be left out (7.2.1).', min: 1, max: 20, optional: true } } });
    expect(options.find((o) => o.value === 'ECM')).toEqual({ value: 'ECM', label: 'ECM' });
    expect(options.map((o) => o.value)).not.toContain('Additional Ship');
  });

  it('7.2.1 which card is kept is the team\'s secret: the table hears only that a card was kept', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } });
    t.endAll(NS);
    t.act({ type: 'setAside', seat: 'allied:north-sea', card: 'Retreat' });
    t.act({ type: 'setAside', seat: 'soviet:north-sea' });
    const soviet = t.eventsFor('soviet').filter((e) => e.type === 'set-aside');
    const allied = t.eventsFor('allied').filter((e) => e.type === 'set-aside');
    expect(allied.map((e) => [e.side, e.kept, e.text])).toEqual([
      ['allied', true, 'North Sea: Allied keeps one card (Retreat); the rest of the hand is discarded.'],
      ['soviet', false, 'North Sea: Soviet keeps no card; the rest of the hand is discarded.'],
    ]);
    expect(soviet.map((e) => [e.side, e.kept, e.text])).toEqual([
      ['allied', true, 'North Sea: Allied keeps one card; the rest of the hand is discarded.'],
      ['soviet', false, 'North Sea: Soviet keeps no card; the rest of the hand is discarded.'],
    ]);
    expect(allied[0].card).toMatchObject({ type: 'Retreat' });
    expect(soviet[0].card).toBeUndefined();
  });

  it('7.2.1 cards are set aside once, after the last Battle Turn', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } });
    expect(t.refuse({ type: 'setAside', seat: 'allied:north-sea' })).toMatchObject({ code: 'not-set-aside-step', rule: '7.2.1' });
    t.endAll(NS);
    t.act({ type: 'setAside', seat: 'allied:north-sea' });
    expect(t.refuse({ type: 'setAside', seat: 'allied:north-sea' })).toMatchObject({ code: 'already-set-aside', rule: '7.2.1' });
  });
});

describe('7.2.2 Score Final Mission Points', () => {
  it('7.2.2 Point Pool and survivor points are scored once both players have set aside, not at the last Battle Turn', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.endAll(PG);
    expect([t.track(PG, 'allied'), t.track(PG, 'soviet')]).toEqual([0, 0]);
    t.act({ type: 'setAside', seat: 'allied:persian-gulf' });
    expect(t.track(PG, 'allied')).toBe(0);
    t.act({ type: 'setAside', seat: 'soviet:persian-gulf' });
    expect([t.track(PG, 'allied'), t.track(PG, 'soviet')]).toEqual([22, 22]);
  });

  it('7.2.2 players do not score points for their own ships that survived the mission', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: ['a-cv', 'a-cg'], commit: ['a-cv', 'a-cg'] }, soviet: { buy: ['s-cg'], commit: ['s-cg'] } } });
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied')).toEqual([22]); // the Pool share only, nothing for 48 points of survivors
  });
});

describe('7.2.3 Adjust the War Zone Status marker', () => {
  it('7.2.3 the marker moves one column toward the player who scored more this turn', () => {
    const t = new Table({ zones: [NS] });
    t.playTurn({ [NS]: { mission: { allied: 'Military Escort' } } });
    expect(t.texts('status')).toEqual(['North Sea: War Zone Status Even → Allied Edge (7.2.3: scored 30 to 0 this turn).']);
    expect(t.zone(NS).status).toBe(COL.alliedEdge);
  });

  it('7.2.3 the marker moves toward the Soviet player when the Soviets scored more: Even → Soviet Edge', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    for (const nc of t.zone(NS).battle!.nonCombatants) t.sink(NS, nc.id, 'soviet'); // 3 × 10 for the Raider
    const events = t.finish(NS);
    expect(t.texts('status', events)).toEqual(['North Sea: War Zone Status Even → Soviet Edge (7.2.3: scored 30 to 0 this turn).']);
    expect(t.zoneView(NS).status).toMatchObject({ column: COL.sovietEdge, advantaged: 'soviet' });
  });

  it('7.2.3 on a tied score the marker does not move', () => {
    const t = new Table({ zones: [PG] });
    t.playTurn({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false } } });
    expect(t.texts('status')).toEqual(['Persian Gulf: scores tied at 22; the War Zone Status marker does not move (7.2.3).']);
    expect(t.zone(PG).status).toBe(COL.even);
  });

  it('7.2.3 the marker never leaves the seven columns: at Allied Dominance an Allied win leaves it there', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedDominance } });
    t.playTurn({ [NS]: { mission: { allied: 'Military Escort' } } });
    expect(t.zone(NS).status).toBe(COL.alliedDominance);
  });

  it('7.2.3 the comparison uses this turn\'s Mission and sinking points, before ships in port score (ruling)', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-ff'], commit: ['a-ff'] }, soviet: { buy: ['s-cg', 's-dd'], commit: [] } } });
    const [nc] = t.zone(NS).battle!.nonCombatants;
    t.sink(NS, nc.id, 'soviet'); // Soviet 10
    t.sink(NS, 'a-ff', 'soviet'); // Soviet +6 = 16
    const events = t.finish(NS); // Allied 20 for two survivors
    expect(t.texts('status', events)).toEqual(['North Sea: War Zone Status Even → Allied Edge (7.2.3: scored 20 to 16 this turn).']);
    expect([t.track(NS, 'allied'), t.track(NS, 'soviet')]).toEqual([20, 32]); // Soviet ships in port add 16 afterwards
  });
});

describe('7.2.4 Score ships in port, then repair them', () => {
  it('7.2.4 a ship in port scores its Point Value less the value of its Damage cards', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: ['a-cg', 'a-dd'], commit: ['a-cg', 'a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.damage(PG, 'a-cg', 5);
    t.finish(PG);
    t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { commit: ['a-dd'] }, soviet: { commit: ['s-dd'] } } });
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied', 'in-port')).toEqual([18 - 5]);
  });

  it('7.2.4 worked example: a 10-point ship with 3 damage in port on a half-value Mission scores 4 (10 − 3 = 7, half rounded up)', () => {
    const t = new Table({ zones: [NS] });
    // Turn 1: Sea Superiority (Urgent, Pool 60), a tie; the Sovremenny (10) takes 3 damage in battle.
    t.prepare({ [NS]: { mission: { allied: 'Sea Superiority' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd', 's-ff'], commit: ['s-dd'] } } });
    t.damage(NS, 's-dd', 3);
    t.finish(NS);
    expect(t.zone(NS).status).toBe(COL.even);
    expect(t.player(NS, 'soviet').fleet['s-dd'].damage).toBe(3); // committed ships are not repaired
    // Turn 2: Sea Superiority vs. Holding Action: "Ships in port only score 1/2 their Point Value".
    t.prepare({ [NS]: { mission: { allied: 'Sea Superiority', soviet: 'Holding Action' }, allied: { commit: ['a-dd'] }, soviet: { commit: ['s-ff'] } } });
    const events = t.finish(NS);
    const inPort = events.filter((e) => e.type === 'points' && e.side === 'soviet' && e.kind === 'in-port');
    expect(inPort.map((e) => e.points)).toEqual([4]);
    expect(inPort[0].text).toContain('7.2.4: ships in port score 4');
    expect(t.player(NS, 'soviet').fleet['s-dd'].damage).toBe(0);
  });

  it('7.2.4 worked example: 25 Mission Points plus 13 for sinking caps 56 points of ships in port at 38', () => {
    const inPort = ['a-cv', 'a-cg', 'a-ff2'] as const;
    expect(points(...inPort)).toBe(56);
    const t = new Table({ zones: [MED] });
    // Mediterranean, Even, die 6: Allied Engage vs. Soviet Submarine Strike, Point Pool 30.
    t.prepare({ [MED]: { mission: { allied: 'Engage', soviet: 'Submarine Strike' }, allied: { buy: [...inPort, 'a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-ssgn', 's-ss'], commit: ['s-ssgn', 's-ss'] } } });
    t.act({ type: 'landAttack', seat: 'soviet:mediterranean', attack: 'submarine-missile', damage: 5 });
    t.end(MED);
    t.sink(MED, 's-ssgn', 'allied');
    t.sink(MED, 's-ss', 'allied'); // 9 + 4 = 13 for sinking
    const events = t.finish(MED); // the Engage player takes the unclaimed 25
    expect(pointsOf(events, 'allied')).toEqual([25, 38]);
    const capped = events.find((e) => e.type === 'points' && e.kind === 'in-port' && e.side === 'allied')!;
    expect(capped.text).toContain("ships in port score 56, at most this turn's 38 Mission and sinking points");
    expect(t.track(MED, 'allied')).toBe(25 + 13 + 38);
  });

  it('7.2.4 a crippled ship in port scores zero and is then repaired: damage discarded, flipped back from its Crippled side', () => {
    const t = new Table({ zones: [PG] });
    t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { buy: ['a-cg', 'a-dd'], commit: ['a-cg', 'a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.damage(PG, 'a-cg', 5);
    t.act({ type: 'cripple', seat: 'soviet:persian-gulf', ship: 'a-cg' });
    t.damage(PG, 'a-dd', 2);
    t.finish(PG);
    // Turn 2: the crippled Belknap stays in port, the Spruance goes out again.
    t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { commit: ['a-dd'] }, soviet: { commit: ['s-dd'] } } });
    const events = t.finish(PG);
    expect(pointsOf(events, 'allied', 'in-port')).toEqual([]); // 0 for the crippled ship
    expect(t.player(PG, 'allied').fleet['a-cg']).toMatchObject({ damage: 0, crippled: false, critical: false });
    expect(t.player(PG, 'allied').fleet['a-dd']).toMatchObject({ damage: 2 }); // committed: not repaired
  });
});

describe('7.2.4 what this turn earned', () => {
  it('7.2.4 a zone that has concluded shows what each player earned this turn: Mission, sinking and other points, not the ships in port', () => {
    const t = new Table({ zones: [NS, PG] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'] } }, [PG]: { mission: { allied: 'Sea Superiority', urgent: false } } });
    t.finish(NS); // the Persian Gulf is still in battle
    expect(t.zoneView(NS).players.allied.earnedThisTurn).toEqual({ mission: 30, sinking: 0, other: 0, portStrike: 0 });
    expect(t.track(NS, 'allied')).toBe(30 + 12);
  });
});

describe('7.2.5 Reset the Battle Turn marker', () => {
  it('7.2.5 the next turn\'s battle starts again at Battle Turn 1 with the (new) Advantaged Player', () => {
    const t = new Table({ zones: [NS] });
    t.playTurn({ [NS]: { mission: { allied: 'Military Escort' } } }); // Allied win: Allied Edge
    t.prepare({ [NS]: { mission: { allied: 'Civilian Escort' } } });
    expect(t.zoneView(NS).battle).toMatchObject({ battleTurn: 1, first: 'allied', active: 'allied' });
  });
});

describe('7.2.6 Next Campaign Game Turn or the end', () => {
  it('7.2.5 a zone that has concluded returns its Non-Combatants to the unused pile: its board shows none while another zone fights on', () => {
    const t = new Table({ zones: [NS, PG] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } }, [PG]: { mission: {} } });
    expect(t.zoneView(NS).battle!.nonCombatants).toHaveLength(3);
    t.finish(NS);
    expect(t.zone(NS).step).toBe('turn-done');
    expect(t.zoneView(NS).battle!.nonCombatants).toEqual([]);
  });

  it('7.2.6 if the game is not over a new Campaign Game Turn begins with a new mission roll; the history files its start under the new turn', () => {
    const t = new Table({ zones: [NS], turns: 3 });
    t.playTurn({ [NS]: { mission: { allied: 'Military Escort' } } });
    expect(t.texts('turn')).toEqual(['Campaign Game Turn 2 begins.']);
    // The last set-aside concludes turn 1 and begins turn 2: everything up to it is filed under 1, the new turn under 2.
    expect(t.events.map((e) => e.turn)).toEqual([...t.events.slice(1).map(() => 1), 2]);
    expect(t.events.at(-1)!.type).toBe('turn');
    expect(t.zone(NS)).toMatchObject({ step: 'mission', mission: null, battle: null });
  });

  it('7.2.6 a new turn forgets the last turn\'s declined Strikes', () => {
    const t = new Table({ zones: [MED], turns: 3 });
    t.roll(MED, { soviet: 'Submarine Strike' });
    t.act({ type: 'declineStrike', seat: 'soviet:mediterranean' });
    expect(t.zoneView(MED).declines).toHaveLength(1);
    t.playTurn({ [MED]: { mission: {} } });
    expect(t.zoneView(MED).declines).toEqual([]);
  });

  it('7.2.6 after the last agreed turn the game goes to Rule 11 instead', () => {
    const t = new Table({ zones: [NS], turns: 1 });
    t.playTurn({ [NS]: { mission: { allied: 'Military Escort' } } });
    expect(t.texts('turn')).toEqual([]);
    expect(t.state.result).not.toBeNull();
  });
});
