import { describe, expect, it } from 'vitest';
import { Table } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;

/** North Sea, Military Escort (Soviet Raid, Soviet first): a ship left in port on each side. */
function escort(): Table {
  const t = new Table({ zones: [NS] });
  t.prepare({ [NS]: { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd', 'a-ss', 'a-ff'], commit: ['a-dd', 'a-ss'] }, soviet: { buy: ['s-cv', 's-ssgn', 's-dd'], commit: ['s-cv', 's-ssgn'] } } });
  return t;
}

const ALLIED_SHIPS = [
  { value: 'a-dd', label: 'Allied USS Spruance (12 points)' },
  { value: 'a-ss', label: 'Allied USS Sturgeon (7 points)' },
];
const SOVIET_SHIPS = [
  { value: 's-cv', label: 'Soviet Kiev (20 points)' },
  { value: 's-ssgn', label: 'Soviet Charlie (9 points)' },
];
const NON_COMBATANTS = [1, 2, 3].map((n) => ({ value: `NC-${n}`, label: `Allied Non-Combatant NC-${n}` }));

describe('7 the battle recorder: forms a phone can render, for each outcome of the card game', () => {
  it('7 the forms list only the committed ships (not those in port) and the Non-Combatants afloat, with their points', () => {
    const t = escort();
    const forms = Object.fromEntries(t.actions('soviet:north-sea').map((a) => [a.type, a.fields]));
    const ships = [...ALLIED_SHIPS, ...SOVIET_SHIPS];
    const toggle = { kind: 'bool', label: 'Yes (no: no longer)', term: 'yes|no', help: 'Yes records the ship in that condition; no records that it no longer is (7).', optional: true, default: true };
    expect(forms.sink).toEqual({
      ship: { kind: 'choice', label: 'Ship or Non-Combatant sunk', term: 'UNIT', help: "The ship or Non-Combatant that went down; the points for sinking it go onto the opponent's Point Track at once (7).", options: [...ships, ...NON_COMBATANTS] },
      cause: { kind: 'text', label: 'Sunk by', help: 'e.g. "torpedo", for the log', optional: true, maxLength: 200 },
    });
    expect(forms.damage).toEqual({
      ship: { kind: 'choice', label: 'Ship or Non-Combatant', term: 'UNIT', help: 'The ship or Non-Combatant whose Damage cards changed (7).', options: [...ships, ...NON_COMBATANTS] },
      amount: { kind: 'int', label: 'Damage', help: 'Points of damage added, or negative for repairs.', min: -99, max: 99 },
    });
    expect(forms.cripple).toEqual({ ship: { kind: 'choice', label: 'Ship', help: 'The ship in the battle that is now crippled, or no longer is (7).', options: ships }, value: toggle });
    expect(forms.criticalDamage).toEqual({ ship: { kind: 'choice', label: 'Ship', help: 'The ship in the battle that is now critically damaged, or no longer is (7).', options: ships }, value: toggle });
    expect(forms.submarine).toEqual({
      ship: { kind: 'choice', label: 'Submarine', help: 'The submarine in the battle that changed mode at the table (7).', options: [ALLIED_SHIPS[1], SOVIET_SHIPS[1]] },
      mode: { kind: 'choice', label: 'Mode', help: "The submarine's mode now; on some missions a Passive submarine counts as eliminated (9.5, 9.6).", options: [{ value: 'active', label: 'Active' }, { value: 'passive', label: 'Passive' }] },
    });
    const damageValue = { damage: { kind: 'int', label: 'Damage Value', help: "The attack card's Damage Value against the Land Targets; 0 for an attack stopped by a Point Defense card (ECM or Early Warning Systems, 9.8).", min: 0, max: 20 } };
    expect(forms.landAttack).toEqual({
      attack: {
        kind: 'choice',
        label: 'Attack',
        help: 'The attack card played against the Land Targets.',
        options: [
          { value: 'carrier-air-strike', label: 'Carrier Air Strike', fields: { success: { kind: 'bool', label: 'Successful', term: 'hit|miss', help: "Whether the air strike on the Land Targets succeeded; each success scores the Carrier Strike mission's points from the Point Pool (9.7)." } } },
          { value: 'submarine-missile', label: 'Submarine Missile Attack', fields: damageValue },
          { value: 'gun', label: 'Gun Attack', fields: damageValue },
        ],
      },
      surprise: { kind: 'bool', label: 'Surprise Attack', help: 'Played with a Surprise Attack card: a successful Carrier Strike air strike or Submarine Strike missile attack scores double points (9.7, 9.8).', optional: true, default: false },
    });
    // 9, Land Targets: the Fog of War reminder is the form's help, said once.
    expect(t.actions('soviet:north-sea').find((a) => a.type === 'landAttack')!.help).toBe('Each attack on Land Targets counts against your Fog of War allotment (9, Land Targets).');
  });

  it('7 a ship or Non-Combatant sunk leaves the forms; the log keeps what sank it', () => {
    const t = escort();
    expect(t.act({ type: 'sink', seat: 'soviet:north-sea', ship: 'NC-2', cause: 'torpedo' })).toContainEqual(expect.objectContaining({ type: 'sunk', unit: 'NC-2', cause: 'torpedo' }));
    t.sink(NS, 'a-ss', 'soviet');
    const sink = t.actions('soviet:north-sea').find((a) => a.type === 'sink')!.fields!.ship;
    expect(sink.kind === 'choice' && sink.options.map((o) => o.value)).toEqual(['a-dd', 's-cv', 's-ssgn', 'NC-1', 'NC-3']);
    // Named again (a damage typed late), it is answered with why.
    const gone = [{ value: 'a-ss', label: 'Allied USS Sturgeon (7 points)', why: 'it was sunk (7)' }, { value: 'NC-2', label: 'Allied Non-Combatant NC-2', why: 'it was sunk (7)' }];
    expect(sink.kind === 'choice' && sink.unavailable).toEqual(gone);
    const damage = t.actions('soviet:north-sea').find((a) => a.type === 'damage')!.fields!.ship;
    expect(damage.kind === 'choice' && damage.unavailable).toEqual(gone);
    // A form for ships alone names the sunk ship, never the sunk Non-Combatant; the submarine form its submarines.
    const crippled = t.actions('soviet:north-sea').find((a) => a.type === 'cripple')!.fields!.ship;
    expect(crippled.kind === 'choice' && crippled.unavailable).toEqual([gone[0]]);
    const submarine = t.actions('soviet:north-sea').find((a) => a.type === 'submarine')!.fields!.ship;
    expect(submarine.kind === 'choice' && submarine.options.map((o) => o.value)).toEqual(['s-ssgn']);
    expect(submarine.kind === 'choice' && submarine.unavailable).toEqual([gone[0]]);
  });

  it('7 damage is 1 to 99 points at a time, added or repaired', () => {
    const t = escort();
    expect(t.refuse({ type: 'damage', seat: 'soviet:north-sea', ship: 'a-dd', amount: 100 })).toMatchObject({ code: 'bad-damage', rule: '7' });
    t.damage(NS, 'a-dd', 99);
    t.damage(NS, 'a-dd', -99);
  });

  it('7 only a submarine is recorded Active or Passive', () => {
    const t = escort();
    expect(t.refuse({ type: 'submarine', seat: 'soviet:north-sea', ship: 'a-dd', mode: 'passive' })).toMatchObject({ code: 'not-a-submarine', rule: '7' });
  });

  it('7 attacks on Land Targets are recorded in the attacker\'s own Battle Turn of the battle', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    expect(t.refuse({ type: 'landAttack', seat: 'soviet:north-sea', attack: 'gun', damage: 3 })).toMatchObject({ code: 'not-battle-step', rule: '7' });
    const u = escort();
    expect(u.refuse({ type: 'landAttack', seat: 'allied:north-sea', attack: 'gun', damage: 3 })).toMatchObject({ code: 'not-your-battle-turn', rule: '7' });
  });

  it('9.1 an attack on Land Targets names its result: success for a Carrier Air Strike, a Damage Value otherwise', () => {
    const t = escort();
    const seat = 'soviet:north-sea';
    expect(t.refuse({ type: 'landAttack', seat, attack: 'carrier-air-strike' })).toMatchObject({ code: 'success-required', rule: '9.7' });
    expect(t.refuse({ type: 'landAttack', seat, attack: 'gun' })).toMatchObject({ code: 'damage-required', rule: '9.1' });
    const strike = t.act({ type: 'landAttack', seat, attack: 'carrier-air-strike', success: true });
    expect(strike[0]).toEqual(expect.objectContaining({ type: 'land-attack', side: 'soviet', attack: 'carrier-air-strike', success: true, surprise: false }));
    expect(strike[0]).not.toHaveProperty('damage');
    const missile = t.act({ type: 'landAttack', seat, attack: 'submarine-missile', damage: 6, surprise: true });
    expect(missile[0]).toEqual(expect.objectContaining({ type: 'land-attack', attack: 'submarine-missile', damage: 6, surprise: true }));
    expect(missile[0]).not.toHaveProperty('success');
    const gun = t.act({ type: 'landAttack', seat, attack: 'gun', damage: 4 });
    // A Raid scores nothing for attacks on Land Targets; each note cites the rule that says so.
    expect([strike, missile, gun].map((events) => events.filter((e) => e.type === 'note').map((e) => e.rule))).toEqual([['9.7'], ['9.8'], ['9.1']]);
  });

  it('7 recording a Retreat card asks "are you sure?" first: one tap from ending the Battle Turn, and in some missions the opponent scores for it', () => {
    const t = new Table({ zones: ['persian-gulf'] });
    t.prepare({ 'persian-gulf': { mission: { allied: 'Sea Superiority' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    const seat = `${t.state.zones['persian-gulf']!.battle!.first}:persian-gulf`; // the Advantaged Player's Battle Turn 1
    const offers = t.actions(seat);
    expect(offers.find((a) => a.type === 'retreat')).toMatchObject({ label: 'Record a Retreat card played (Task Force retreats)', confirm: true });
    expect(offers.find((a) => a.type === 'endBattleTurn')?.confirm).toBeUndefined();
  });

  it('7 a retreat begun in a player\'s last Battle Turn does not end: there is no Clear the Decks after the last Battle Turn', () => {
    const t = new Table({ zones: ['persian-gulf'] });
    t.prepare({ 'persian-gulf': { mission: { allied: 'Sea Superiority' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    t.end('persian-gulf', 6); // Soviet 1 … Allied 3
    t.act({ type: 'retreat', seat: 'soviet:persian-gulf' }); // Soviet 4, the last
    t.end('persian-gulf');
    const events = t.end('persian-gulf'); // Allied 4, the last
    expect(events.map((e) => e.type)).not.toContain('retreat-ends');
    expect(events.find((e) => e.type === 'battle-over')).toMatchObject({ poolLeft: 45, text: 'Persian Gulf: all Battle Turns played; Point Pool left: 45.' });
    expect(t.zoneView('persian-gulf').players.soviet.retreating).toBe(true);
  });
});
