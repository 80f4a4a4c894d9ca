import { describe, expect, it } from 'vitest';
import { COL, Table, type ShipId } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;
const PG = 'persian-gulf' as const;

/** Persian Gulf, Sea Superiority vs. Sea Superiority (Pool 45), with the given ships committed. */
function battle(allied: ShipId[] = ['a-dd'], soviet: ShipId[] = ['s-dd'], status?: number): Table {
  const t = new Table({ zones: [PG], ...(status !== undefined ? { status: { [PG]: status } } : {}) });
  t.prepare({ [PG]: { mission: { allied: 'Sea Superiority' }, allied: { buy: allied, commit: allied }, soviet: { buy: soviet, commit: soviet } } });
  return t;
}

describe('7 Battle Turns', () => {
  it('7 four alternating Battle Turns per player, the Advantaged Player (Soviet on Even) first', () => {
    const t = battle();
    const order: string[] = [];
    while (t.zone(PG).step === 'battle') {
      const b = t.zoneView(PG).battle!;
      order.push(`${b.active} ${b.battleTurn}`);
      t.end(PG);
    }
    expect(order).toEqual(['soviet 1', 'allied 1', 'soviet 2', 'allied 2', 'soviet 3', 'allied 3', 'soviet 4', 'allied 4']);
    expect(t.zone(PG).step).toBe('set-aside');
    expect(t.refuse({ type: 'endBattleTurn', seat: 'allied:persian-gulf' }).code).toBe('not-battle-step');
  });

  it('7 with the Allies advantaged the Allied player takes Battle Turn 1', () => {
    const t = new Table({ zones: [NS], status: { [NS]: COL.alliedEdge } });
    t.prepare({ [NS]: { mission: { allied: 'Civilian Escort' } } });
    const order: string[] = [];
    while (t.zone(NS).step === 'battle') {
      order.push(t.active(NS));
      t.end(NS);
    }
    expect(order).toEqual(['allied', 'soviet', 'allied', 'soviet', 'allied', 'soviet', 'allied', 'soviet']);
  });

  it('7 a player acts in their own Battle Turn: ending the opponent\'s turn is refused', () => {
    const t = battle();
    const r = t.refuse({ type: 'endBattleTurn', seat: 'allied:persian-gulf' });
    expect(r.code).toBe('not-your-battle-turn');
    expect(r.message).toContain("it is Soviet's Battle Turn 1");
  });

  it('7 all Battle Turns must be resolved even if a Task Force is eliminated', () => {
    const t = battle(['a-dd'], ['s-ff']);
    t.sink(PG, 's-ff', 'allied');
    const events = t.end(PG);
    expect(events.map((e) => e.text)).toContain('Persian Gulf: the Soviet Task Force is eliminated.');
    expect(t.zone(PG).step).toBe('battle');
    t.end(PG, 6);
    expect(t.zone(PG).step).toBe('battle');
    expect(t.view('referee').waitingFor).toEqual(['allied:persian-gulf']);
    t.end(PG);
    expect(t.zone(PG).step).toBe('set-aside');
  });

  it('7 points for sinking an enemy ship go onto the Point Track at once', () => {
    const t = battle(['a-dd'], ['s-dd', 's-ff']);
    expect(t.track(PG, 'allied')).toBe(0);
    const events = t.sink(PG, 's-dd', 'soviet');
    expect(t.track(PG, 'allied')).toBe(10);
    expect(events.map((e) => e.text)).toEqual(['Persian Gulf: Soviet Sovremenny sunk.', 'Persian Gulf: Allied scores 10 (sank Sovremenny, 10 points); Point Track 10.']);
  });

  it('7 a Task Force is "eliminated" at the end of a Battle Turn, not at the moment of the sinking', () => {
    const t = battle(['a-dd'], ['s-ff']);
    const sinking = t.sink(PG, 's-ff', 'soviet');
    expect(sinking.some((e) => e.type === 'eliminated')).toBe(false);
    const end = t.end(PG);
    expect(end.filter((e) => e.type === 'eliminated').map((e) => e.side)).toEqual(['soviet']);
    expect(t.zoneView(PG).players.soviet.eliminated).toBe(true);
  });

  it('7, 9.1 a Passive submarine afloat is a ship afloat: a Task Force of only Passive submarines is not eliminated in Sea Superiority (9.5 and 9.6 count them as eliminated "for this purpose")', () => {
    const t = battle(['a-dd'], ['s-ss']);
    t.act({ type: 'submarine', seat: 'soviet:persian-gulf', ship: 's-ss', mode: 'passive' });
    expect(t.end(PG).filter((e) => e.type === 'eliminated')).toEqual([]);
    expect(t.zoneView(PG).players.soviet.eliminated).toBe(false);
    t.sink(PG, 's-ss', 'allied');
    expect(t.end(PG).filter((e) => e.type === 'eliminated').map((e) => e.text)).toEqual(['Persian Gulf: the Soviet Task Force is eliminated.']);
  });

  it('7 a submarine\'s mode belongs to the battle: once the turn is over its board no longer shows it Passive', () => {
    const t = battle(['a-dd'], ['s-ss']);
    t.act({ type: 'submarine', seat: 'soviet:persian-gulf', ship: 's-ss', mode: 'passive' });
    expect(t.zoneView(PG).players.soviet.fleet.find((s) => s.id === 's-ss')!.passive).toBe(true);
    t.finish(PG);
    expect(t.zone(PG).step).toBe('mission');
    expect(t.zoneView(PG).players.soviet.fleet.find((s) => s.id === 's-ss')!.passive).toBe(false);
  });

  it('7 damage added and repaired, crippled and critical damage are recorded on the ship', () => {
    const t = battle(['a-dd'], ['s-dd', 's-ss']);
    t.damage(PG, 's-dd', 4);
    t.damage(PG, 's-dd', -1);
    t.act({ type: 'cripple', seat: 'allied:persian-gulf', ship: 's-dd' });
    t.act({ type: 'criticalDamage', seat: 'allied:persian-gulf', ship: 's-dd' });
    expect(t.player(PG, 'soviet').fleet['s-dd']).toMatchObject({ damage: 3, crippled: true, critical: true });
    expect(t.refuse({ type: 'damage', seat: 'soviet:persian-gulf', ship: 's-dd', amount: -4 }).code).toBe('repair-too-much');
    expect(t.refuse({ type: 'submarine', seat: 'soviet:persian-gulf', ship: 's-dd', mode: 'passive' }).code).toBe('not-a-submarine');
  });

  it('7 a Retreat lasts from the Retreat card to that player\'s next Clear the Decks', () => {
    const t = battle(['a-dd'], ['s-dd']);
    t.end(PG); // Soviet 1
    t.act({ type: 'retreat', seat: 'allied:persian-gulf' });
    expect(t.zoneView(PG).players.allied.retreating).toBe(true);
    t.end(PG); // Allied 1
    expect(t.zoneView(PG).players.allied.retreating).toBe(true); // through the Soviet turn
    const events = t.end(PG); // Soviet 2 ends: Allied 2 begins with Clear the Decks
    expect(events.map((e) => e.text)).toContain('Persian Gulf: Clear the Decks — the Allied retreat ends.');
    expect(t.zoneView(PG).players.allied.retreating).toBe(false);
  });

  it('7 a Retreat is played in the player\'s own Battle Turn, and a retreating Task Force makes no attacks', () => {
    const t = new Table({ zones: ['south-pacific'] });
    t.prepare({ 'south-pacific': { mission: { allied: 'Carrier Strike' }, allied: { buy: ['a-cv'], commit: ['a-cv'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    expect(t.refuse({ type: 'retreat', seat: 'allied:south-pacific' }).code).toBe('not-your-battle-turn');
    t.end('south-pacific');
    t.act({ type: 'retreat', seat: 'allied:south-pacific' });
    expect(t.refuse({ type: 'retreat', seat: 'allied:south-pacific' })).toMatchObject({ code: 'already-retreating', rule: '7' });
    const r = t.refuse({ type: 'landAttack', seat: 'allied:south-pacific', attack: 'carrier-air-strike', success: true });
    // 7 (A.6): a Retreat card skips General Quarters, the step of attacks: the retreat's rule, not the attack's.
    expect(r).toMatchObject({ code: 'retreating-no-attacks', rule: '7' });
  });

  it('7 players may not aid each other during the Battle Turns: no transfers while the battles are under way', () => {
    const t = new Table({ zones: [NS, PG] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd', 'a-cv'], commit: ['a-dd'] } }, [PG]: { mission: { allied: 'Sea Superiority' } } });
    expect(t.refuse({ type: 'transferShip', seat: 'allied:north-sea', ship: 'a-cv', to: PG }).code).toBe('not-transfer-step');
  });
});

describe('7.1 First Battle Turn Preparations', () => {
  it('7.1 Non-Combatants join the Task Force after the reveal, before the first Battle Turn', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' } } }, { deal: false });
    expect(t.zoneView(NS).battle).toMatchObject({ toDeal: 3, nonCombatantSide: 'allied', battleTurn: 1 });
    expect(t.view('referee').waitingFor).toEqual(['allied:north-sea']);
    expect(t.refuse({ type: 'endBattleTurn', seat: 'soviet:north-sea' }).code).toBe('deal-first');
    t.deal(NS);
    expect(t.zoneView(NS).battle!.nonCombatants.map((n) => n.id)).toEqual(['NC-1', 'NC-2', 'NC-3']);
  });

  it('7.1 submarines may be set up Active or Passive at the start of the Mission', () => {
    const t = battle(['a-dd', 'a-ss'], ['s-dd']);
    t.act({ type: 'submarine', seat: 'allied:persian-gulf', ship: 'a-ss', mode: 'passive' });
    expect(t.player(PG, 'allied').fleet['a-ss'].passive).toBe(true);
  });

  it('7.1 submarines are set up as desired at the start of each Mission: they start Active and the player records any set up Passive (ruling)', () => {
    const t = battle(['a-dd'], ['s-ss', 's-dd']);
    t.act({ type: 'submarine', seat: 'soviet:persian-gulf', ship: 's-ss', mode: 'passive' });
    t.finish(PG);
    t.prepare({ [PG]: { mission: { allied: 'Sea Superiority', urgent: false }, allied: { commit: ['a-dd'] }, soviet: { commit: ['s-ss'] } } });
    expect(t.player(PG, 'soviet').fleet['s-ss'].passive).toBe(false);
    expect(t.end(PG).filter((e) => e.type === 'eliminated')).toEqual([]);
  });

  it('7.1 hand sizes with the Mission modifiers are shown to both players for the battle', () => {
    const t = battle();
    const p = t.zoneView(PG, 'allied:persian-gulf').players;
    expect([p.allied.handSize, p.soviet.handSize]).toEqual([8, 9]);
  });
});

describe('7 recording the battle', () => {
  it('7 each outcome recorded shows in the log as its own event, and a retreat ends at the retreating player\'s next Clear the Decks', () => {
    const t = battle(['a-dd', 'a-ss'], ['s-dd', 's-cg']);
    const types = (events: { type: string }[]) => events.map((e) => e.type);
    expect(types(t.damage(PG, 's-cg', 3))).toEqual(['damage']);
    expect(types(t.act({ type: 'cripple', seat: 'soviet:persian-gulf', ship: 's-cg' }))).toEqual(['crippled']);
    expect(types(t.act({ type: 'criticalDamage', seat: 'soviet:persian-gulf', ship: 's-cg' }))).toEqual(['critical']);
    expect(types(t.act({ type: 'submarine', seat: 'allied:persian-gulf', ship: 'a-ss', mode: 'passive' }))).toEqual(['passive']);
    expect(types(t.act({ type: 'retreat', seat: 'soviet:persian-gulf' }))).toEqual(['retreat', 'points']);
    expect(types(t.end(PG))).toEqual(['battle-turn']); // Soviet 1
    expect(types(t.act({ type: 'landAttack', seat: 'allied:persian-gulf', attack: 'gun', damage: 3 }))).toEqual(['land-attack', 'note']);
    expect(types(t.sink(PG, 's-dd', 'allied'))).toEqual(['sunk', 'points']);
    expect(types(t.end(PG))).toEqual(['battle-turn', 'retreat-ends']); // Allied 1; the Soviet retreat ends at Soviet 2's Clear the Decks
    expect(t.zoneView(PG).players.soviet.retreating).toBe(false);
    expect(types(t.end(PG))).toEqual(['battle-turn']); // Soviet 2: no retreat to end
    expect(types(t.end(PG, 5)).filter((x) => x !== 'battle-turn')).toEqual(['battle-over']);
  });

  it('7 recording refusals: an unknown or already sunk unit, no damage, more repair than damage, a negative Damage Value', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    expect(t.refuse({ type: 'sink', seat: 'soviet:north-sea', ship: 'NC-99' })).toMatchObject({ code: 'unknown-unit', rule: '7' });
    t.sink(NS, 'NC-1', 'soviet');
    expect(t.refuse({ type: 'sink', seat: 'soviet:north-sea', ship: 'NC-1' })).toMatchObject({ code: 'already-sunk', rule: '8' });
    expect(t.refuse({ type: 'damage', seat: 'soviet:north-sea', ship: 'a-dd', amount: 0 })).toMatchObject({ code: 'bad-damage', rule: '7' });
    t.damage(NS, 'a-dd', 3);
    expect(t.refuse({ type: 'damage', seat: 'soviet:north-sea', ship: 'a-dd', amount: -4 })).toMatchObject({ code: 'repair-too-much', rule: '7' });
    t.damage(NS, 'a-dd', -3); // all of it repaired
    expect(t.zoneView(NS).players.allied.fleet[0]).toMatchObject({ id: 'a-dd', damage: 0 });
    expect(t.refuse({ type: 'cripple', seat: 'soviet:north-sea', ship: 'NC-2' })).toMatchObject({ code: 'not-a-ship', rule: '8' });
    // No submarine afloat in this battle: the action is not open at all.
    expect(t.refuse({ type: 'submarine', seat: 'soviet:north-sea', ship: 's-dd', mode: 'passive' })).toMatchObject({ code: 'nothing-afloat', rule: '7' });
    expect(t.refuse({ type: 'landAttack', seat: 'soviet:north-sea', attack: 'gun', damage: -1 })).toMatchObject({ code: 'bad-damage', rule: '9.1' });
    expect(t.refuse({ type: 'endBattleTurn', seat: 'allied:north-sea' })).toMatchObject({ code: 'not-your-battle-turn', rule: '7' });
  });

  it('7 a ship in port cannot attack or be attacked; nothing is recorded before the Battle Turns', () => {
    const t = new Table({ zones: [NS] });
    t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd', 'a-ff'], commit: ['a-dd'] } } }, { deal: false });
    expect(t.refuse({ type: 'endBattleTurn', seat: 'soviet:north-sea' })).toMatchObject({ code: 'deal-first', rule: '8' });
    t.deal(NS);
    expect(t.refuse({ type: 'sink', seat: 'soviet:north-sea', ship: 'a-ff' })).toMatchObject({ code: 'ship-in-port', rule: '6.C.4' });
    const u = new Table({ zones: [NS] });
    u.roll(NS, { allied: 'Military Escort' });
    expect(u.refuse({ type: 'endBattleTurn', seat: 'soviet:north-sea' })).toMatchObject({ code: 'not-battle-step', rule: '7' });
  });
});
