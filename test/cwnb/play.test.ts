/**
 * `wardroom play` at one table (issue 8 §1–2): commands read from the action descriptors, names as
 * people type them, the prompt staying with the War Zone being played, secrets kept off the shared
 * screen, one process per game file.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'vitest';
import { BIN, log, newGame, ROOT, wardroom } from '../support/cli.ts';

const ONE_ZONE = { zones: ['mediterranean'], turns: 1, dice: 'physical', roster: 'demo', startingPoints: 'demo' };
const TWO_ZONES = { ...ONE_ZONE, zones: ['mediterranean', 'north-atlantic'] };

describe('wardroom play: commands as people type them (6.C.2, 6.C.4, 7)', () => {
  it('6.C.2 ships are named as typed: full names, quoted or not, a unique part; an ambiguous name lists the candidates with their points (on "why": the order is secret)', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'as a', 'buy USS Kidd', 'buy "uss oliver hazard perry"', 'buy uss', 'why', 'buy los angeles', 'quit'].join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(log(file).slice(1).map((a) => a.ship)).toEqual(['uss-kidd', 'uss-oliver-hazard-perry', 'uss-los-angeles']);
    const [table, why] = r.stdout.split('> why\n');
    expect(table).not.toContain('"uss"');
    expect(table).toContain('Refused: that secret order was not recorded (mistyped, or not allowed now); "why" shows the reason');
    expect(why).toContain('"uss" could be more than one Ship:');
    expect(why).toMatch(/USS Nimitz \(carrier, 30 points, costs 30\)/);
  });

  it('6.C.2 a ship that cannot be bought now is refused with why ("why": the order is secret): already ordered, or more than the points left', async ({ expect }) => {
    const file = newGame({ ...ONE_ZONE, startingPoints: { mediterranean: { allied: 40, soviet: 40 } } });
    const r = await wardroom(['play', file], ['roll 1', 'as a', 'buy nimitz', 'buy USS Nimitz', 'why', 'buy ticonderoga', 'why', 'quit'].join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(log(file).slice(1).map((a) => a.ship)).toEqual(['uss-nimitz']);
    const [, again, dear] = r.stdout.split('> why\n');
    expect(again).toMatch(/^Why your secret order was refused \(the other team looks away\):\n"USS Nimitz" is not a Ship you can choose now: USS Nimitz: it is already in your order\./);
    expect(dear).toMatch(/^Why your secret order was refused \(the other team looks away\):\n"ticonderoga" is not a Ship you can choose now: USS Ticonderoga: it costs 16 and you have 10 points left to spend/);
  });

  it('6.C.4 a commitment names several ships by name; the typed line is not shown to the table', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'as a', 'buy kidd', 'buy los angeles', 'done', 'as s', 'buy kirov', 'done', 'as a', 'commit kidd, los angeles', 'quit'].join('\n') + '\n');
    expect(r.code).toBe(0);
    const commit = log(file).find((a) => a.type === 'commit')!;
    expect(commit.ships).toEqual(['uss-kidd', 'uss-los-angeles']);
    expect(r.stdout).toContain('allied:mediterranean> (hidden)');
    expect(r.stdout).not.toContain('commit kidd');
    expect(r.stdout).not.toMatch(/orders USS Kidd/); // an order is not echoed to the table either
  });

  it('6.C.2 the table\'s screen never shows a player\'s running order: when the prompt comes back to the seat, its offers name no points left, cards bought or points unspent', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'as a', 'buy kidd', 'card ECM', 'as s', 'as a', 'quit'].join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(log(file).slice(1).map((a) => a.type)).toEqual(['buyShip', 'buyCard']);
    const back = r.stdout.slice(r.stdout.lastIndexOf('> as a'));
    expect(back).toMatch(/buy SHIP\s+Buy a ship/); // the offers are shown again
    expect(back).not.toMatch(/points left|bought this turn|unspent so far|\b1[01]\d\b/); // 130 demo points less the order
  });

  it('6.C.2 "view" shows a seat its own order; another team\'s seat only what the acting team may see', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'as a', 'buy kidd', 'as s', 'view a', 'as a', 'view', 'quit'].join('\n') + '\n');
    const asSoviet = r.stdout.slice(r.stdout.indexOf('soviet:mediterranean> view a'), r.stdout.lastIndexOf('soviet:mediterranean> as a'));
    const asAllied = r.stdout.slice(r.stdout.indexOf('allied:mediterranean> view\n'));
    expect(asSoviet).not.toMatch(/uss-kidd|USS Kidd/);
    expect(asSoviet).toContain('(as the whole table may see it)');
    expect(asAllied).toContain('Your order (10 points): USS Kidd');
  });

  it('6.C.2 at a shared screen, "view" of the other team\'s seat shows none of the acting seat\'s secrets; its own view and "hand" warn the other team to look away first', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'as a', 'buy kidd', 'card ecm', 'view s', 'view', 'done', 'as s', 'done', 'as a', 'hand', 'quit'].join('\n') + '\n');
    const ofSoviet = r.stdout.slice(r.stdout.indexOf('allied:mediterranean> view s'), r.stdout.indexOf('allied:mediterranean> view\n'));
    expect(ofSoviet).not.toMatch(/USS Kidd|look away|looks away/);
    expect(ofSoviet).toContain('(as the whole table may see it)');
    const own = r.stdout.slice(r.stdout.indexOf('allied:mediterranean> view\n'), r.stdout.indexOf('allied:mediterranean> done'));
    expect(own.indexOf('the other team looks away')).toBeGreaterThan(-1);
    expect(own.indexOf('the other team looks away')).toBeLessThan(own.indexOf('USS Kidd'));
    expect(r.stdout.slice(r.stdout.indexOf('allied:mediterranean> hand'))).toMatch(/^allied:mediterranean> hand\n\(the other team looks away[^\n]*\nAction cards Wardroom knows of \(bought, kept or received; the rest of your hand is dealt at the table\):\n\s+1\. ECM/);
  });

  it('14.1 "view" shows an Overall Commander the orders it gave, War Zone by War Zone; the other team\'s Commander sees none of them', async ({ expect }) => {
    const file = newGame({ ...ONE_ZONE, zones: ['mediterranean', 'north-atlantic'], startingPoints: 'demo', optional: { overallCommanders: true } });
    const r = await wardroom(['play', file], ['roll 1', 'as na', 'roll 1', 'as c:a', '', 'for a:med buy nimitz', 'view', 'as c:s', '', 'view', 'quit'].join('\n') + '\n');
    const asAllied = r.stdout.slice(r.stdout.indexOf('commander:allied> view'), r.stdout.indexOf('commander:allied> as c:s'));
    expect(asAllied).toMatch(/Mediterranean: order \(\d+ points\): USS Nimitz/);
    expect(r.stdout.slice(r.stdout.indexOf('commander:soviet> view'))).not.toContain('Nimitz');
  });

  it('a command that fits no action offered says what may be typed now', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['buy kidd', 'quit'].join('\n') + '\n');
    expect(r.stdout).toContain('Refused: soviet:mediterranean cannot "buy" now: Mediterranean: purchases are made in Battle Preparations, once the mission is rolled; it is not rolled yet (6.C.2). Type one of: roll DICE');
    expect(log(file)).toEqual([]);
  });

  it('6.C.2 a secret command refused is hidden from the table like an accepted one, and so is the reason: "why" shows it (the sixth Action card)', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'as s', 'card ecm', 'card jink', 'card bounce', 'card asw', 'card air cover', 'card surprise', 'why', 'quit'].join('\n') + '\n');
    // Refused in the same words as any secret order (a sixth card's own words would tell the table the team has five).
    const refusal = r.stdout.indexOf('Refused: that secret order was not recorded (mistyped, or not allowed now); "why" shows the reason (the other team looks away).');
    const why = r.stdout.indexOf('At most 5 Action cards may be purchased per turn; you have 5. (rule 6.C.2)');
    expect(refusal).toBeGreaterThan(0);
    expect(why, 'only after "why"').toBeGreaterThan(r.stdout.indexOf('soviet:mediterranean> why'));
    expect(r.stdout).not.toMatch(/card (surprise|ecm)/);
    expect(r.stdout.match(/soviet:mediterranean> \(hidden\)/g)).toHaveLength(6);
    expect(log(file).filter((a) => a.type === 'buyCard')).toHaveLength(5);
  });

  it('8 with physical dice "deal" says how many Non-Combatant cards to name, and a wrong count is told as such', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const setup = ['roll 2', 'as a', 'buy kidd', 'done', 'as s', 'buy kirov', 'done', 'as a', 'commit kidd', 'as s', 'commit kirov', 'deal'];
    const r = await wardroom(['play', file], [...setup, '1,2', '1,2,3,4', 'quit'].join('\n') + '\n');
    expect(r.stdout).toContain('The numbers of the 4 Non-Combatant cards dealt at the table: number your 18 Non-Combatant cards 1–18 once, in any order, and keep to it for the whole campaign (8).');
    expect(r.stdout).toContain('"cards" (Cards dealt) must hold exactly 4 values, not [1,2].');
    expect(r.stdout).toContain('Non-Combatant cards dealt at the table: 1, 2, 3, 4.');
  });

  it('6.C.2 "status" lists the ships sunk so far, which never come back to be bought, once they leave the fleets', async ({ expect }) => {
    const file = newGame({ ...ONE_ZONE, dice: 'seeded' });
    const setup = ['roll', 'as a', 'buy kidd', 'done', 'as s', 'buy kirov', 'done', 'as a', 'commit kidd', 'as s', 'commit kirov', 'deal'];
    const r = await wardroom(['play', file], [...setup, 'status', 'as a', 'sink kirov', 'status', 'quit'].join('\n') + '\n');
    const [before, after] = r.stdout.split('> status').slice(1);
    expect(before).not.toContain('Sunk so far');
    expect(after).toContain('Sunk so far (never bought again, 6.C.2): Kirov');
  });

  it('§4 a sinking recorded by mistake and found two actions later: undo is refused, "rewind 3" takes back the War Zone\'s last three actions, agreed by both its players', async ({ expect }) => {
    const file = newGame({ ...ONE_ZONE, dice: 'seeded' });
    const setup = ['roll', 'as a', 'buy kidd', 'done', 'as s', 'buy kirov', 'done', 'as a', 'commit kidd', 'as s', 'commit kirov', 'deal'];
    const r = await wardroom(['play', file], [...setup, 'as a', 'sink kirov', 'as s', 'damage kidd 1', 'end', 'as a', 'undo', 'rewind 3', 'quit'].join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ask for a rewind instead');
    // Before the players agree, the table reads what it takes back, in the log's words.
    expect(r.stdout).toMatch(/It takes back: Mediterranean: Soviet Kirov sunk[^\n]*; [^\n]*USS Kidd[^\n]*\./);
    expect(r.stdout).toContain('The Mediterranean War Zone rewound to after action #');
    expect(r.stdout).toContain('3 actions taken back.');
    const entries = log(file);
    expect(entries.at(-1)).toMatchObject({ type: '@rewind', scope: 'zone:mediterranean', agreed: ['allied:mediterranean', 'soviet:mediterranean'] });
    expect(entries.at(-1)!.voids).toEqual([entries.length - 4, entries.length - 3, entries.length - 2]);
  });

  it('§4 rewind refusals: more actions than the War Zone has since the game began, a number that is not one', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'as a', 'rewind 5', 'rewind x', 'quit'].join('\n') + '\n');
    expect(r.stdout).toContain('Refused: The Mediterranean has only 1 action to take back.');
    expect(r.stdout).toContain('Refused: rewind [N]: N is how many of the last actions of your War Zone to take back.');
    expect(log(file)).toHaveLength(1);
  });

  it('9 when a mission is rolled its terms are shown: each side\'s summary, hand size and Fog of War', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'quit'].join('\n') + '\n');
    expect(r.stdout).toContain('Mediterranean mission terms — Military Escort vs. Raid (9.2):');
    expect(r.stdout).toContain('Allied Military Escort: hand 6, Fog of War -1');
    expect(r.stdout).toContain('Retreat allowed once.');
  });

  it('help COMMAND shows the rule and the fields; a secret order\'s choices (they tell the order) only on "?", every one of them (no cut at 12)', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'as s', 'help card', 'card', '?', 'cancel', 'quit'].join('\n') + '\n');
    expect(r.stdout).toContain('Buy an Action card');
    expect(r.stdout).toContain('(rule 6.C.2)');
    const asked = r.stdout.indexOf('"?" lists your choices');
    expect(asked).toBeGreaterThan(0);
    expect(r.stdout.indexOf('24. Bomber Strike* (20)')).toBeGreaterThan(asked);
  });
});

describe('wardroom play: optional rules at the table (13.2)', () => {
  it('13.2 with physical dice a Special Conditions roll of 1–4 is typed as one die, a 5 or 6 with its table die; "portstrike air" is the air strike', async ({ expect }) => {
    const file = newGame({ ...ONE_ZONE, optional: { specialConditions: {} } });
    const r = await wardroom(['play', file], ['roll 3', 'as s', 'conditions 1', 'as a', 'conditions 5 1', 'portstrike air', 'quit'].join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(log(file).slice(1).map(({ type, values, choice }) => ({ type, ...(values ? { values } : {}), ...(choice ? { choice } : {}) }))).toEqual([
      { type: 'rollSpecialConditions', values: [1] },
      { type: 'rollSpecialConditions', values: [5, 1] },
      { type: 'portStrike', choice: 'air-strike' }, // no enemy ship in the zone yet: no die to roll, none asked
    ]);
    expect(r.stdout).not.toContain('Refused');
  });
});

describe('wardroom play: 13.4 Flag Officers at the table', () => {
  it('13.4 the Command Ship is named by KEY=VALUE (flag=, a name of several words) and the status names it, not its id, also once it sank with the Flag Officer', async ({ expect }) => {
    const file = newGame({ ...ONE_ZONE, optional: { flagOfficers: true } });
    const script = ['roll 3', 'as a', 'buy nimitz', 'buy oliver hazard perry', 'done', 'as s', 'done', 'as a', 'commit nimitz, perry flag=oliver hazard perry', 'as s', 'commit none', 'status', 'sink perry', 'status', 'quit'];
    const r = await wardroom(['play', file], script.join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(log(file).find((a) => a.type === 'commit' && a.seat.startsWith('allied'))).toMatchObject({ ships: ['uss-nimitz', 'uss-oliver-hazard-perry'], flagOfficer: 'uss-oliver-hazard-perry' });
    expect(r.stdout).toContain('Flag Officer: aboard USS Oliver Hazard Perry');
    // Sunk with it: the Flag Officer is out of the game, and the status says so by the ship's name.
    expect(r.stdout).toContain('Flag Officer: lost with USS Oliver Hazard Perry, out of the game (13.4)');
  });
});

describe('wardroom play: whose turn it is', () => {
  it('the prompt stays with the War Zone being played: after a seat finishes, the same zone\'s other seat, announced', async ({ expect }) => {
    const file = newGame(TWO_ZONES);
    const r = await wardroom(['play', file], ['as s:na', 'roll 1', 'done', 'quit'].join('\n') + '\n');
    expect(r.code).toBe(0);
    const after = r.stdout.slice(r.stdout.lastIndexOf('soviet:north-atlantic> done'));
    expect(after).toMatch(/— allied:north-atlantic now —/);
  });
});

describe('wardroom play: 14.1 an Overall Commander at the table', () => {
  it('14.1 "for SEAT COMMAND" gives the order for a team seat, and the prompt stays with the Commander', async ({ expect }) => {
    const file = newGame({ ...TWO_ZONES, optional: { overallCommanders: true } });
    const r = await wardroom(['play', file], ['as s:med', 'roll 1', 'as s:na', 'roll 2', 'as c:a', 'for a:med buy kidd', 'for a:med done', 'quit'].join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(log(file).slice(2)).toEqual([
      { type: 'buyShip', seat: 'commander:allied', for: 'allied:mediterranean', ship: 'uss-kidd' },
      { type: 'donePurchasing', seat: 'commander:allied', for: 'allied:mediterranean' },
    ]);
  });

  it('14.1 an order the rules close for the seat it is for (the 6.C.2 card limit) is refused with that reason, kept for "why", not as a word not understood', async ({ expect }) => {
    for (const zones of [['mediterranean'], ['mediterranean', 'north-atlantic']]) {
      const file = newGame({ ...ONE_ZONE, zones, startingPoints: 'demo', optional: { overallCommanders: true } });
      const rolls = zones.flatMap((z) => [`as s:${z}`, 'roll 3']);
      const cards = ['ecm', 'evasive', 'air cover', 'asw', 'jink'].map((c) => `for a:med card ${c}`);
      const r = await wardroom(['play', file], [...rolls, 'as c:a', '', ...cards, 'for a:med card bounce', 'why', 'quit'].join('\n') + '\n');
      const after = r.stdout.slice(r.stdout.lastIndexOf('Recorded, and kept secret'));
      expect(after, zones.join()).toContain('Refused: that secret order was not recorded (mistyped, or not allowed now); "why" shows the reason');
      expect(after, zones.join()).toContain('At most 5 Action cards may be purchased per turn');
      expect(after, zones.join()).not.toContain('Not understood');
    }
  });

  it('14.1 an Overall Commander naming a seat of the other team learns nothing of its order: refused as not a seat of their team, not with that seat\'s card limit', async ({ expect }) => {
    const file = newGame({ ...ONE_ZONE, startingPoints: 'demo', optional: { overallCommanders: true } });
    const cards = ['ecm', 'evasive', 'air cover', 'asw', 'jink'];
    const script = ['as s:med', 'roll 3', ...cards.map((c) => `card ${c}`), 'as c:a', '', 'for s:med card bounce', 'why', 'quit'];
    const r = await wardroom(['play', file], script.join('\n') + '\n');
    const after = r.stdout.slice(r.stdout.indexOf('commander:allied> (hidden)'));
    expect(after).not.toMatch(/At most 5 Action cards|you have 5/);
    expect(after).toContain('Refused: for soviet:mediterranean: Soviet, Mediterranean is not a seat of your team.');
  });

  it('14.1 a seat is named for "assign" as for "as" (a:med); 6.C.3 "give card" with no card in hand is refused as a card transfer, not read as a ship', async ({ expect }) => {
    const file = newGame({ ...TWO_ZONES, optional: { overallCommanders: true } });
    const script = ['as c:a', 'assign a:med Carol', 'as s:med', 'roll 3', 'as s:na', 'roll 3', 'as a:med', 'buy kidd', 'done', 'as s:med', 'done', 'as a:na', 'done', 'as s:na', 'done', 'as a:med', 'give card 1 to na', 'why', 'quit'];
    const r = await wardroom(['play', file], script.join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(log(file)[0]).toMatchObject({ type: 'assignSeat', seat: 'commander:allied', target: 'allied:mediterranean', player: 'Carol' });
    expect(r.stdout).toContain('allied:mediterranean cannot "give" now');
    expect(r.stdout).not.toMatch(/is not a Ship/);
  });
});

describe('wardroom play: one process per game file', () => {
  it('a second process is refused with who holds the file; after the first quits, the file opens', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const first = spawn(process.execPath, [BIN, 'play', file], { cwd: ROOT });
    let out = '';
    first.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    try {
      for (let i = 0; i < 600 && !out.includes('Type "help"'); i++) await new Promise((r) => setTimeout(r, 25));
      const second = await wardroom(['play', file], 'roll 1\nquit\n');
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`${file} is open in another Wardroom (wardroom play, process ${first.pid}`);
      first.stdin.end('quit\n');
      await new Promise((r) => first.on('exit', r));
      const third = await wardroom(['play', file], 'roll 1\nquit\n');
      expect(third.code).toBe(0);
      expect(log(file)).toHaveLength(1);
    } finally {
      first.kill();
    }
  });

  it('a temporary file left by a crashed save is removed when the game is opened', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const stale = join(dirname(file), `.${basename(file)}.4194305.tmp`); // above Linux's largest process id: no such process
    writeFileSync(stale, '{"torn": ');
    await wardroom(['play', file], 'quit\n');
    expect(existsSync(stale)).toBe(false);
  });

  it('a file changed on disk while it is played is not saved over', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const child = spawn(process.execPath, [BIN, 'play', file], { cwd: ROOT });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    try {
      for (let i = 0; i < 600 && !out.includes('Type "help"'); i++) await new Promise((r) => setTimeout(r, 25));
      writeFileSync(file, readFileSync(file, 'utf8') + '\n'); // another program saves the file
      child.stdin.end('roll 1\n');
      const code = await new Promise((r) => child.on('exit', r));
      expect(code).toBe(1);
      expect(out).toContain('changed on disk after Wardroom read it');
    } finally {
      child.kill();
    }
  });
});
