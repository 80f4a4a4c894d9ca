/**
 * Commands typed at a terminal, read from action descriptors alone (src/adapters/cli/command-line.ts):
 * the forms below are shaped like the CWNB ones (issue 8 §2 "names as people type them").
 */
import { describe, expect, it } from 'vitest';
import type { ActionSpec } from '../../src/engine/module.ts';
import { CommandError, listOptions, parseAnswer, parseCommandLine, readValue, tokenize, usage } from '../../src/adapters/cli/command-line.ts';
import { Table } from '../support/cwnb-fixtures.ts';

const ships = [
  { value: 'uss-los-angeles', label: 'USS Los Angeles (submarine, 12 points)' },
  { value: 'uss-nimitz', label: 'USS Nimitz (carrier, 30 points)' },
  { value: 'uss-kidd', label: 'USS Kidd (surface, 10 points)' },
];
const zones = [
  { value: 'mediterranean', label: 'Mediterranean' },
  { value: 'north-atlantic', label: 'North Atlantic' },
];
const DAMAGE = { damage: { kind: 'int', label: 'Damage Value', min: 1, max: 99 } } as const;
const SPECS: ActionSpec[] = [
  { type: 'sink', label: 'Record a sinking', commands: [{ word: 'sink' }], fields: { ship: { kind: 'choice', label: 'Ship', options: ships }, cause: { kind: 'text', label: 'Sunk by', optional: true } } },
  { type: 'commit', label: 'Commit', commands: [{ word: 'commit' }], fields: { ships: { kind: 'subset', label: 'Ships committed', options: ships, min: 0, max: 3 }, areaDefense: { kind: 'int', label: 'Area Defense', min: 0, max: 3, optional: true } } },
  { type: 'transferShip', label: 'Transfer a ship', commands: [{ word: 'give' }], fields: { ship: { kind: 'choice', label: 'Ship', options: ships }, to: { kind: 'choice', label: 'War Zone', options: zones } } },
  {
    type: 'landAttack',
    label: 'Record an attack on Land Targets',
    commands: [{ word: 'air', fixed: { attack: 'carrier-air-strike' } }, { word: 'missile', fixed: { attack: 'submarine-missile' } }],
    fields: {
      attack: { kind: 'choice', label: 'Attack', options: [{ value: 'carrier-air-strike', label: 'Carrier Air Strike', fields: { success: { kind: 'bool', label: 'Successful' } } }, { value: 'submarine-missile', label: 'Submarine Missile Attack', fields: DAMAGE }] },
      surprise: { kind: 'bool', label: 'Surprise' },
    },
  },
];
const read = (line: string) => {
  const r = parseCommandLine(line, SPECS);
  return r && { type: r.spec.type, ...r.fields, ...(r.missing.length ? { missing: r.missing.map(([k]) => k) } : {}) };
};

describe('commands typed as people type them', () => {
  it('a ship by its full name, quoted or not, or a unique part; the rest of the line is the cause', () => {
    expect(read('sink los angeles by torpedo')).toEqual({ type: 'sink', ship: 'uss-los-angeles', cause: 'by torpedo' });
    expect(read('sink "USS Los Angeles"')).toEqual({ type: 'sink', ship: 'uss-los-angeles' });
    expect(read('sink uss-kidd')).toEqual({ type: 'sink', ship: 'uss-kidd' });
    expect(read('sink 2')).toEqual({ type: 'sink', ship: 'uss-nimitz' }); // its number in the list shown
  });

  it('an ambiguous name lists the candidates with their points; an unknown one lists the choices', () => {
    expect(() => read('sink uss')).toThrow(CommandError);
    expect(() => read('sink uss')).toThrow(/"uss" could be more than one Ship:\n {2}USS Los Angeles \(submarine, 12 points\)/);
    expect(() => read('sink kirov')).toThrow(/"kirov" is not a Ship you can choose now\. The choices:\n {3}1\. USS Los Angeles/);
  });

  it('6.C.4 a name in a list that is not a choice is named, with the choices; a KEY= that is not a field of the form names the fields', () => {
    expect(read('commit kidd, nimitz')).toEqual({ type: 'commit', ships: ['uss-kidd', 'uss-nimitz'] });
    // 8 a choice typed twice ("3, 7, 11, 3" for four cards dealt) is named, not dropped without a word.
    expect(() => read('commit kidd, nimitz, kidd')).toThrow(/^Ships committed: USS Kidd \(surface, 10 points\) is typed twice; each is chosen once\.$/);
    expect(() => read('commit kidd, kirov')).toThrow(/^"kirov" is not one of the ships committed you can choose now\. The choices:\n {3}1\. USS Los Angeles/);
    const ships = { kind: 'subset', label: 'Ships committed', options: [{ value: 'a', label: 'USS A (destroyer, 5 points)' }], unavailable: [{ value: 'b', label: 'USS B (frigate, 4 points)', why: 'it is in port' }], min: 0, max: 2 } as const;
    expect(() => readValue('ships', ships, 'a, USS B')).toThrow('"USS B" is not one of the ships committed you can choose now: USS B: it is in port.'); // a plural label: not "a Ships committed"
    expect(read('commit kidd ad=1')).toEqual({ type: 'commit', ships: ['uss-kidd'], areaDefense: 1 });
    expect(() => read('commit kidd flag=kidd')).toThrow('"flag" is not a field of this command now (its fields: ships, areaDefense).'); // no Flag Officer in this game
    expect(read('sink kidd with plan=b')).toEqual({ type: 'sink', ship: 'uss-kidd', cause: 'with plan=b' }); // a form with text: the words are the text
  });

  it('6.C.2 a ship the seat cannot buy now is named with why, whether typed in full or in part; a number counts only the ships offered', () => {
    const buy: ActionSpec = {
      type: 'buyShip',
      label: 'Buy a ship',
      commands: [{ word: 'buy' }],
      fields: { ship: { kind: 'choice', label: 'Ship', options: [ships[0], ships[2]], unavailable: [{ ...ships[1], why: 'it costs 60 and you have 40 points left to spend' }] } },
    };
    const buying = (line: string) => () => parseCommandLine(line, [buy]);
    expect(buying('buy USS Nimitz')).toThrow('"USS Nimitz" is not a Ship you can choose now: USS Nimitz: it costs 60 and you have 40 points left to spend.');
    expect(buying('buy nimitz')).toThrow('"nimitz" is not a Ship you can choose now: USS Nimitz: it costs 60');
    expect(buying('buy 3')).toThrow(/"3" is not a Ship you can choose now\. The choices:/);
    expect(parseCommandLine('buy kidd', [buy])?.fields).toEqual({ ship: 'uss-kidd' });
  });

  it('6.C.3, 13.3 a War Zone a transfer cannot go to is named with why, in words that read with the field\'s label ("To the War Zone")', () => {
    const give: ActionSpec = {
      type: 'transferCard',
      label: 'Transfer an Action card to a teammate',
      commands: [{ word: 'give' }],
      fields: { to: { kind: 'choice', label: 'To the War Zone', options: [{ value: 'mediterranean', label: 'Mediterranean' }], unavailable: [{ value: 'north-sea', label: 'North Sea', why: 'Transfer Limitations: no more Allied cards may move from Persian Gulf to North Sea this turn (chart 2).' }] } },
    };
    expect(() => parseCommandLine('give north sea', [give])).toThrow('"north sea" cannot be chosen now (To the War Zone): North Sea: Transfer Limitations: no more Allied cards may move from Persian Gulf to North Sea this turn (chart 2).');
    expect(() => parseCommandLine('give baltic', [give])).toThrow(/^"baltic" cannot be chosen now \(To the War Zone\)\. The choices:\n {3}1\. Mediterranean/);
    expect(() => parseCommandLine('give north sea', [give])).toThrow(/\(chart 2\)\.$/); // one full stop, not two
    const joker: ActionSpec = { type: 'playAdditionalShip', label: 'Play an Additional Ship card', commands: [{ word: 'joker' }], fields: { use: { kind: 'choice', label: 'Use', options: [{ value: 'points', label: '+2 points' }] } } };
    expect(() => parseCommandLine('joker sideways', [joker])).toThrow(/^"sideways" is not a Use you can choose now\./);
  });

  it('13.2.7 a part of a name that starts a word wins over one inside a word: "air" is the air strike, not "repairs"', () => {
    const effects = [
      { value: 'air-strike', label: 'Special air strike on every enemy ship in the zone (hit on 1)' },
      { value: 'port-facilities-damaged', label: 'Port facilities damaged: no enemy repairs in port this turn' },
    ];
    const spec: ActionSpec = { type: 'portStrike', label: 'Port Strike!', commands: [{ word: 'portstrike' }], fields: { choice: { kind: 'choice', label: 'Effect', options: effects } } };
    expect(parseCommandLine('portstrike air', [spec])?.fields).toEqual({ choice: 'air-strike' });
    expect(parseCommandLine('portstrike port', [spec])?.fields).toEqual({ choice: 'port-facilities-damaged' });
    expect(() => parseCommandLine('portstrike in', [spec])).toThrow(/"in" could be more than one Effect/); // "in" starts a word in both
  });

  it('13.2 dice the rules call for only sometimes may be left out: the table die after a 5 or 6', () => {
    const spec: ActionSpec = { type: 'rollSpecialConditions', label: 'Roll', commands: [{ word: 'conditions' }], fields: { values: { kind: 'dice', label: 'Dice', sides: [6, 6], min: 1 } } };
    expect(parseCommandLine('conditions 3', [spec])?.fields).toEqual({ values: [3] });
    expect(parseCommandLine('conditions 5 2', [spec])?.fields).toEqual({ values: [5, 2] });
    expect(() => parseCommandLine('conditions 5 2 4', [spec])).toThrow(/Not understood: "4"/);
    expect(() => parseCommandLine('conditions x', [spec])).toThrow(/type 1 to 2 die values/);
  });

  it('several ships separated by commas or spaces; KEY=VALUE by key or initials; "none"', () => {
    expect(read('commit nimitz, los angeles')).toEqual({ type: 'commit', ships: ['uss-nimitz', 'uss-los-angeles'] });
    expect(read('commit kidd nimitz ad=2')).toEqual({ type: 'commit', ships: ['uss-kidd', 'uss-nimitz'], areaDefense: 2 });
    expect(read('commit none')).toEqual({ type: 'commit', ships: [] });
  });

  it('13.4 KEY=VALUE by the start of the key, with a name of several words, quoted or not', () => {
    const commit: ActionSpec = {
      type: 'commit',
      label: 'Commit',
      commands: [{ word: 'commit' }],
      fields: { ships: { kind: 'subset', label: 'Ships committed', options: ships, min: 0, max: 3 }, flagOfficer: { kind: 'choice', label: 'Command Ship', optional: true, options: ships } },
    };
    const fields = (line: string) => parseCommandLine(line, [commit])?.fields;
    expect(fields('commit nimitz, los angeles flag=los angeles')).toEqual({ ships: ['uss-nimitz', 'uss-los-angeles'], flagOfficer: 'uss-los-angeles' });
    expect(fields('commit flagOfficer="uss los angeles" nimitz')).toEqual({ ships: ['uss-nimitz'], flagOfficer: 'uss-los-angeles' });
    expect(fields("commit nimitz fo='USS Nimitz'")).toEqual({ ships: ['uss-nimitz'], flagOfficer: 'uss-nimitz' });
    expect(() => fields('commit nimitz flag=kirov')).toThrow(/flagOfficer \(Command Ship\): "kirov" is not one of the choices/);
    // The start of a key names it only in KEY=VALUE: a bare word that starts a yes/no key is not that flag ("sur" is not surprise).
    expect(read('air hit surprise')).toMatchObject({ surprise: true });
    expect(() => read('air hit sur')).toThrow(/Not understood: "sur"/);
  });

  it('14.1 a seat by the start or initials of each part, as everywhere at the terminal: a:med, s:na', () => {
    const seats = ['allied:mediterranean', 'allied:north-atlantic', 'allied:north-sea', 'soviet:north-atlantic'].map((value) => ({ value, label: value }));
    const assign: ActionSpec = { type: 'assignSeat', label: 'Assign', commands: [{ word: 'assign' }], fields: { seat: { kind: 'choice', label: 'Seat', options: seats }, name: { kind: 'text', label: 'Name' } } };
    expect(parseCommandLine('assign a:med Carol', [assign])?.fields).toEqual({ seat: 'allied:mediterranean', name: 'Carol' });
    expect(parseCommandLine('assign s:na Dmitri', [assign])?.fields).toEqual({ seat: 'soviet:north-atlantic', name: 'Dmitri' });
    expect(() => parseCommandLine('assign a:n Carol', [assign])).toThrow(/"a:n" could be more than one Seat/);
  });

  it('"give SHIP to ZONE" with zones by name, prefix or initials', () => {
    expect(read('give kidd to na')).toEqual({ type: 'transferShip', ship: 'uss-kidd', to: 'north-atlantic' });
    expect(read('give kidd to med')).toEqual({ type: 'transferShip', ship: 'uss-kidd', to: 'mediterranean' });
    expect(read('give kidd')).toEqual({ type: 'transferShip', ship: 'uss-kidd', missing: ['to'] }); // asked for on its own line
  });

  it('a command word answers a field (air, missile) and the variant asks its own: success, or a Damage Value', () => {
    expect(read('air hit surprise')).toEqual({ type: 'landAttack', attack: 'carrier-air-strike', success: true, surprise: true });
    expect(read('air miss')).toEqual({ type: 'landAttack', attack: 'carrier-air-strike', success: false });
    expect(read('missile 6')).toEqual({ type: 'landAttack', attack: 'submarine-missile', damage: 6 });
  });

  it('a line naming no action offered is null; words left over are refused', () => {
    expect(read('buy kidd')).toBeNull();
    expect(() => read('missile 6 7')).toThrow(/Not understood: "7"/);
  });

  it('SMP #1.9 choices whose values are numbers written as text (a facility\'s index) are typed and listed by value, never by position', () => {
    const facilities = [
      { value: '0', label: 'Holland naval base (0/6 damage)' },
      { value: '1', label: 'Holland minor bunker (0/6 damage)' },
    ];
    const scorch: ActionSpec = { type: 'choose', label: 'Scorched Earth', commands: [{ word: 'choose' }], fields: { chosen: { kind: 'subset', label: 'Chosen', options: facilities, min: 0, max: 2 } } };
    expect(parseCommandLine('choose chosen=1', [scorch])!.fields).toEqual({ chosen: ['1'] });
    expect(parseCommandLine('choose 0', [scorch])!.fields).toEqual({ chosen: ['0'] });
    expect(listOptions(facilities)).toBe('  Holland naval base (0/6 damage)  [0]\n  Holland minor bunker (0/6 damage)  [1]');
  });

  it('a number past the end of a numbered list is refused, not read as a name that holds it (SMP #1.9: "4" is not Novgorod\'s "4 token(s)")', () => {
    const to = [
      { value: 'Volgograd', label: 'Volgograd: 1 space(s), 2 token(s), +6 damage' },
      { value: 'Novgorod', label: 'Novgorod: 2 space(s), 4 token(s), +12 damage' },
    ];
    const move: ActionSpec = { type: 'choose', label: 'Move the factory', fields: { to: { kind: 'choice', label: 'Destination', options: to } } };
    expect(parseAnswer('2', move)!.fields).toEqual({ to: 'Novgorod' });
    expect(() => parseAnswer('4', move)).toThrow('to (Destination): "4" is not one of the choices:\n');
    expect(parseAnswer('novg', move)!.fields).toEqual({ to: 'Novgorod' });
    // A place named by a number is still found by it, as a whole word of its name.
    const zones: ActionSpec = { type: 'choose', label: 'Sea zone', fields: { zone: { kind: 'choice', label: 'Sea zone', options: [{ value: 'A-24', label: 'A-24 (2 cruisers)' }, { value: 'A-2', label: 'A-2' }] } } };
    expect(parseAnswer('24', zones)!.fields).toEqual({ zone: 'A-24' });
  });

  it('SMP #1.9 a bare answer is the value of a decision\'s one field, or the fields of its form; a list value with words that name no choice is refused, not read as none', () => {
    const facilities = [
      { value: '0', label: 'Holland naval base (0/6 damage)' },
      { value: '1', label: 'Holland minor bunker (0/6 damage)' },
    ];
    const chosen = { kind: 'subset', label: 'Chosen', options: facilities, min: 0, max: 2 } as const;
    const scorch: ActionSpec = { type: 'choose', label: 'Scorched Earth', fields: { chosen } };
    expect(parseAnswer('0, 1', scorch)!.fields).toEqual({ chosen: ['0', '1'] });
    expect(() => parseAnswer('nothing', scorch)).toThrow('chosen (Chosen): "nothing" is not one of the choices:\n  Holland naval base (0/6 damage)  [0]');
    expect(() => readValue('chosen', chosen, '1 x')).toThrow('chosen (Chosen): "x" is not one of the choices');
    const winter: ActionSpec = { type: 'choose', label: 'Russian Winter', fields: { s0: { kind: 'int', label: 'infantry in Belarus', min: 0, max: 3 }, s1: { kind: 'int', label: 'elite infantry in Belarus', min: 0, max: 1 } } };
    expect(parseAnswer('s1=1', winter)).toMatchObject({ fields: { s1: 1 }, missing: [['s0', winter.fields!.s0]] });
    expect(parseAnswer('2 1', winter)!.fields).toEqual({ s0: 2, s1: 1 });
    expect(parseAnswer('a note', { type: 'note', label: 'Note', fields: { text: { kind: 'text', label: 'Note' } } })).toBeNull(); // free text: any line would fill it
  });

  it('usage shows what to type; a field after a list of choices as KEY=VALUE, since the list takes every word after it (h18: "commit kidd,churchill 2" committed a third ship)', () => {
    expect(SPECS.flatMap(usage)).toEqual(['sink SHIP [SUNK_BY]', 'commit SHIPS_COMMITTED [areaDefense=N]', 'give SHIP WAR_ZONE', 'air [success] [surprise]', 'missile DAMAGE_VALUE [surprise]']);
    expect(tokenize('commit "uss kidd",nimitz')).toEqual(['commit', 'uss kidd', ',', 'nimitz']);
  });

  it('7 usage of the battle recorder names a ship or Non-Combatant UNIT, as docs/cli.md does, not by its form label', () => {
    const t = new Table({ zones: ['north-sea'] });
    t.prepare({ 'north-sea': { mission: { allied: 'Military Escort' }, allied: { buy: ['a-dd'], commit: ['a-dd'] }, soviet: { buy: ['s-dd'], commit: ['s-dd'] } } });
    const specs = new Map(t.actions('soviet:north-sea').map((a) => [a.type, a]));
    expect([...usage(specs.get('sink')!), ...usage(specs.get('damage')!)]).toEqual(['sink UNIT [SUNK_BY]', 'damage UNIT DAMAGE']);
    // A yes/no by its own words: an air strike's hit or miss, which the rules need (9.7); a condition's yes or no (h18: "air [success]", "[value]").
    expect(usage(specs.get('cripple')!)).toEqual(['cripple SHIP [yes|no]']);
  });

  it('usage names a field by its key when its label is a description, not a name (an SMP "2 strategic bombers (United Kingdom, London)")', () => {
    const raid: ActionSpec = { type: 'choose', label: '3 Bombing Raids: which bombers raid Paris?', fields: { p0: { kind: 'int', label: '2 strategic bombers (United Kingdom, London)', min: 0, max: 2 }, s0: { kind: 'int', label: 'infantry in Belarus', min: 0, max: 3 } } };
    expect(usage(raid)).toEqual(['choose P0 INFANTRY_IN_BELARUS']);
    // 14.1: an Overall Commander's order is typed for a seat, with that seat's fields.
    const order: ActionSpec = { type: 'transferShip', label: 'For Soviet, Sea of Japan: Transfer a ship', commands: [{ word: 'give' }], fields: { for: { kind: 'choice', label: 'For the seat', options: [{ value: 'soviet:sea-of-japan', label: 'Soviet, Sea of Japan', fields: { ship: { kind: 'choice', label: 'Ship', options: [] }, to: { kind: 'choice', label: 'To the War Zone', options: [] } } }] } } };
    expect(usage(order)).toEqual(['for SEAT give SHIP TO_THE_WAR_ZONE']);
  });
});
