/**
 * `wardroom play` at one table sharing one screen, driven in this process through a scripted
 * terminal: `screen` is what the whole table sees (every prompt, every line typed except a hidden
 * one, every line printed). A team's order, hand and commitment reach the screen only when its
 * player asks on purpose, after a look-away warning ("why", "?", "log mine").
 */
import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { playSession, promptRows, wrap, type Terminal } from '../../src/adapters/cli/play.ts';
import { isRuleError } from '../../src/engine/errors.ts';
import { newGameRecord, Session } from '../../src/engine/session.ts';
import { MODULES } from '../../src/modules/index.ts';

const ONE_ZONE = { zones: ['mediterranean'], turns: 1, dice: 'physical', roster: 'demo', startingPoints: { mediterranean: { allied: 40, soviet: 40 } }, players: { 'allied:mediterranean': 'Alice', 'soviet:mediterranean': 'Sam' } };
const TWO_ZONES = { ...ONE_ZONE, zones: ['mediterranean', 'north-atlantic'], startingPoints: 'demo' };

function newSession(options: Record<string, unknown>): Session<unknown> {
  const s = Session.open(MODULES['cwnb-campaign'], newGameRecord('cwnb-campaign', options, 'table-test'), { seed: 'table-test' });
  if (isRuleError(s)) throw new Error(s.message);
  return s;
}

/** A two-zone, two-turn game played at a table (Ann and Sam in the Mediterranean), up to its log entry `upTo`. */
function playedUpTo(upTo: number): Session<unknown> {
  const record = JSON.parse(readFileSync(new URL('./fixtures/two-turns.json', import.meta.url), 'utf8'));
  const s = Session.open(MODULES['cwnb-campaign'], { ...record, log: record.log.slice(0, upTo) });
  if (isRuleError(s)) throw new Error(s.message);
  return s;
}
const lastEntry = (s: Session<unknown>) => s.record.log.at(-1)!;

/** What the screen shows where the play driver cleared it. */
const CLEARED = '[screen cleared]';

/** Play `lines` at a terminal; the screen, and for each line typed the screen that followed it. */
async function table(session: Session<unknown>, lines: string[], o: { interactive?: boolean; as?: string; columns?: number } = {}) {
  const screen: string[] = [];
  const after: { line: string; screen: string[] }[] = [];
  const input = [...lines];
  const term: Terminal = {
    interactive: o.interactive ?? true,
    columns: () => o.columns ?? 0,
    say: (s) => void screen.push(...s.split('\n')),
    async ask(prompt, hidden) {
      const line = input.shift();
      if (line === undefined) return null;
      screen.push(`${prompt}${(typeof hidden === 'function' ? hidden(line) : hidden) ? '(typing hidden)' : line}`);
      after.push({ line, screen: [] });
      return line;
    },
    clear: () => void screen.push(CLEARED),
    close() {},
  };
  const push = screen.push.bind(screen);
  screen.push = (...items: string[]) => {
    after.at(-1)?.screen.push(...items);
    return push(...items);
  };
  await playSession(session, term, { as: o.as });
  return { screen: screen.join('\n'), after, left: input };
}

/** The screen after each line of `probe`, typed after the (secret) `order`. */
async function probeAfter(order: string[], probe: string[], setup = ['roll 1', 'as a', '']) {
  const r = await table(newSession(ONE_ZONE), [...setup, ...order, ...probe, 'quit']);
  return r.after.slice(setup.length + order.length, setup.length + order.length + probe.length).map((a) => a.screen.join('\n'));
}

describe('play at a shared screen: what the table sees does not depend on a secret order (6.C.2)', () => {
  // 40 points: USS Nimitz (30) and USS Kidd (10) leave nothing to buy a ship with.
  const FULL = ['buy nimitz', 'buy kidd'];

  it('6.C.2 "buy" and "card" alone list no choices filtered by the order: the same screen with an empty order and a full one', async ({ expect }) => {
    const probe = ['buy', '', 'card', ''];
    const [empty, full] = [await probeAfter([], probe), await probeAfter(FULL, probe)];
    expect(full).toEqual(empty);
    expect(empty.join('\n')).not.toMatch(/USS Nimitz|Gun Attack/);
  });

  it('6.C.2 "?" at a secret question lists the choices the order leaves, behind the look-away warning', async ({ expect }) => {
    const [asked, shown] = await probeAfter(['buy nimitz'], ['buy', '?', '']);
    expect(asked).toContain('"?" lists your choices');
    expect(asked).toContain('the other team looks away');
    expect(shown).toContain('USS Kidd');
    expect(shown).not.toContain('USS Nimitz');
  });

  it('6.C.2 "help buy", "help card", "help" and "actions" are the same with an empty order and a full one, and name no points left', async ({ expect }) => {
    const probe = ['help buy', 'help card', 'help', 'actions'];
    const [empty, full] = [await probeAfter([], probe), await probeAfter(FULL, probe)];
    expect(full).toEqual(empty);
    expect(empty.join('\n')).not.toMatch(/points left|bought \d/);
    expect(empty[0]).toContain('buy SHIP');
  });

  it('6.C.2 a refused command lists the same commands whatever the order: "buy" stays in the list when no ship can be paid for', async ({ expect }) => {
    const probe = ['frobnicate', 'buy', ''];
    const [empty, full] = [await probeAfter([], probe), await probeAfter(FULL, probe)];
    expect(full).toEqual(empty);
    expect(full[0]).toMatch(/Type one of: buy SHIP · card ACTION_CARD · done/);
  });

  it('6.C.2 the offers shown when the prompt comes back to the seat list "buy" though no ship can be paid for', async ({ expect }) => {
    const back = (await probeAfter(FULL, ['as s', '', 'as a', ''])).at(-1);
    expect(back).toMatch(/buy SHIP\s+Buy a ship/);
  });

  it('6.C.2 a ship typed when none can be paid for is refused as a secret ("why"), not as a public "cannot buy now"', async ({ expect }) => {
    const [refused, why] = await probeAfter(FULL, ['buy ticonderoga', 'why']);
    expect(refused).toContain('that secret order was not recorded (mistyped, or not allowed now)');
    expect(refused).not.toMatch(/points|Ticonderoga/i);
    expect(why).toMatch(/costs 16/);
    expect(why, 'headed like "log mine" (h16)').toContain('Why your secret order was refused (the other team looks away):');
  });
});

describe('play at a shared screen: "log" is the table\'s unless a player asks for the team\'s own', () => {
  it('6.C.2 "log" shows the public events only and says whose view it is; "log mine" adds the team\'s secrets behind the look-away warning', async ({ expect }) => {
    const [pub, mine] = await probeAfter(['buy kidd', 'note meet at dawn'], ['log', 'log mine']);
    expect(pub).not.toMatch(/Kidd|meet at dawn/);
    expect(pub).toMatch(/as the whole table may see it/);
    expect(pub).toContain('"log mine"');
    expect(mine).toMatch(/Allied orders USS Kidd for 10/);
    expect(mine).toMatch(/Allied, Mediterranean's team/);
  });

  it('"log N" shows the last N lines the table may see, however many of the team\'s secret lines came after them', async ({ expect }) => {
    const [last] = await probeAfter(['buy kidd', 'note meet at dawn', 'note and again'], ['log 1']);
    expect(last).toMatch(/Allied Military Escort vs\. Soviet Raid/); // the last public line, though three secret ones followed it
    const [none] = await probeAfter(['buy kidd'], ['log mine 0']);
    expect(none).not.toMatch(/Kidd|Mission roll/); // 0 lines, not the whole log
  });
});

describe('play at a shared screen: a team note is an option, not the step', () => {
  it('6.C.1 with only options open (a team note, starting the finished order again), Enter starts no note; a public command, typed hidden, is shown once entered; a note typed on the line stays hidden', async ({ expect }) => {
    const r = await table(newSession(TWO_ZONES), ['roll 1', 'as a:med', '', 'done', 'y', '', 'as a:med', '', 'status', 'log mine', 'quit']);
    expect(r.screen).toMatch(/allied:mediterranean may:\n\s+reorder .*\n\s+note NOTE/);
    expect(r.screen).not.toContain('Note:');
    expect(r.screen).toContain('allied:mediterranean> (typing hidden)'); // a team note is open: what is typed could be one
    expect(r.screen).toContain('allied:mediterranean> status'); // shown once entered: a public command
    expect(r.after.at(-2)!.screen.join('\n')).not.toMatch(/team note/i);
    const hidden = await table(newSession(TWO_ZONES), ['roll 1', 'as a:med', '', 'note', 'meet at dawn', 'log mine', 'quit']);
    expect(hidden.screen).toContain('Note: typed hidden'); // "note" alone asks with the typing hidden
    expect(hidden.screen).toContain('Allied team note (Allied, Mediterranean): meet at dawn');
    const inline = await table(newSession(TWO_ZONES), ['roll 1', 'as a:med', '', 'done', 'y', '', 'as a:med', 'note we strike at dawn', 'quit']);
    expect(inline.screen).not.toContain('strike at dawn');
  });

  it('7, 6.C.1 in the Battle Turns, where only a team note is secret, a command shows as it is typed (once) and a note does not', async ({ expect }) => {
    const r = await table(playedUpTo(53), ['status', 'note attack at dawn', 'json {"type": "teamNote", "text": "JSONSECRET"}', 'quit']);
    expect(r.screen.match(/soviet:mediterranean> status/g)).toHaveLength(1); // the prompt as typed, not echoed again
    expect(r.screen.match(/soviet:mediterranean> \(typing hidden\)/g)).toHaveLength(2); // the notes alone, typed or as JSON; "status" and "quit" were seen as typed
    expect(r.screen).not.toContain('attack at dawn');
    expect(r.screen).not.toContain('JSONSECRET');
  });

  it('6.C.2 "why" tells a refused secret order only to its own seat: after the keyboard goes to the other team, it tells nothing', async ({ expect }) => {
    const r = await table(newSession(ONE_ZONE), ['roll 1', 'as a', '', 'buy nimitz', 'buy nimitz', 'as s', '', 'why', 'quit']);
    expect(r.screen).toContain('that secret order was not recorded (mistyped, or not allowed now)');
    const [why] = r.after.filter((a) => a.line === 'why').map((a) => a.screen.join('\n'));
    expect(why).toContain('No secret order of yours has been refused.');
    expect(why).not.toMatch(/nimitz/i);
  });
});

describe('play at a shared screen: a team\'s secrets are cleared before the other team takes the keyboard', () => {
  it('6.C.2 an order shown by "view" is cleared from the screen (and its scrollback) before the keyboard goes to the other team; what the table was told meanwhile is shown again', async ({ expect }) => {
    const r = await table(newSession(ONE_ZONE), ['roll 1', 'as a', '', 'buy kidd', 'view', 'done', 'y', '', 'quit']);
    const [before, after] = [r.screen.slice(0, r.screen.lastIndexOf(CLEARED)), r.screen.slice(r.screen.lastIndexOf(CLEARED))];
    expect(before).toContain('USS Kidd'); // "view" showed Alice her order
    expect(after).not.toContain('USS Kidd');
    expect(after).toMatch(/^\[screen cleared\]\n\(Screen cleared: it showed a team's secrets\. "log" shows the table's log\.\)\n {2}Mediterranean: Allied has finished ordering\.\n/);
    expect(after).toContain('Pass the keyboard to Sam (Soviet, Mediterranean) — press Enter');
    expect(after, 'Sam is shown what he may type once he has the keyboard').toMatch(/soviet:mediterranean may:\n\s+buy SHIP/);
  });

  it('6.C.4 "actions" lists every field of a commitment, the Disadvantaged Player\'s Area Defense cards too, each behind "?" as the form is secret', async ({ expect }) => {
    const r = await table(playedUpTo(48), ['', 'actions', 'quit']);
    const listed = r.after[1].screen.join('\n');
    expect(listed).toMatch(/ {2}commit SHIPS \[areaDefense=N\] +Commit ships to battle.*\n {4}Ships committed:\n.*secret.*\n {4}Area Defense cards pre-positioned:\n.*secret, as they may tell your hand, ships or order/);
  });

  it('6.C.4 after one player commits in secret, the other is shown what they may type once the keyboard is theirs', async ({ expect }) => {
    const r = await table(playedUpTo(48), ['', 'as s:med', '', 'commit oscar-ii akula alfa', 'y', '', 'quit']);
    const handed = r.screen.slice(r.screen.lastIndexOf('Pass the keyboard to Ann')); // once the keyboard is Ann's
    expect(handed).toMatch(/allied:mediterranean may:\n(.*\n)*\s+commit SHIPS/);
  });

  it('"as allied" with two War Zones names both Allied seats to choose from', async ({ expect }) => {
    const r = await table(newSession(TWO_ZONES), ['as allied', 'quit']);
    expect(r.screen).toContain('Refused: Say which War Zone: allied:mediterranean, allied:north-atlantic.');
  });

  it('7 "?" at a question lists its choices again, as it does at a secret order\'s (h16: it was refused as "not one of the choices")', async ({ expect }) => {
    const r = await table(playedUpTo(53), ['sink', '?', 'cancel', 'quit']);
    const asked = r.after[0].screen.join('\n');
    const again = r.after[1].screen.join('\n');
    expect(again).not.toContain('not one of the choices');
    expect(again).toContain(asked.slice(asked.indexOf('1. '), asked.indexOf('\n', asked.indexOf('1. '))));
  });

  it('6.C.2 "?" at a yes-or-no question says what the answers do and asks again, rather than leaving it; "?" at the prompt is "help" (h18)', async ({ expect }) => {
    const r = await table(newSession(ONE_ZONE), ['roll 1', 'as a', '', '?', 'done', '?', 'y', 'quit']);
    const [help, explained] = r.after.filter((a) => a.line === '?').map((a) => a.screen.join('\n'));
    expect(help).toMatch(/allied:mediterranean may:\n\s+buy SHIP/);
    expect(explained).toContain('"y" does it; "n" or Enter leaves it, and nothing is done.');
    expect(explained).toMatch(/Finish purchasing.*\[y\/N\]/);
    expect(explained).not.toContain('Not done.');
    expect(r.screen).toContain('Allied has finished ordering');
  });

  it('help on a terminal narrower than 90 columns puts each description on a line of its own, not in a narrow column beside its command (h18)', async ({ expect }) => {
    const help = async (columns: number) => (await table(newSession(ONE_ZONE), ['help', 'quit'], { columns })).after[0].screen.join('\n');
    expect(await help(60)).toMatch(/\n {2}roll[^\n]*\n {6}Roll the mission die/);
    expect(await help(100)).toMatch(/\n {2}roll[^\n]* {3,}Roll the mission die/);
  });

  it('7 every line the table was told while one team had the keyboard is shown again on the cleared screen, not only the last action\'s', async ({ expect }) => {
    // Battle Turn 1 in the Mediterranean: the Soviet player looks at their hand, records a sinking, ends the turn.
    const r = await table(playedUpTo(53), ['hand', 'sink kidd', 'end', 'quit']);
    const after = r.screen.slice(r.screen.lastIndexOf(CLEARED));
    expect(after).toMatch(/USS Kidd .*sunk/i);
    expect(after).toMatch(/Soviet Battle Turn 1 of \d+ ends/);
  });

  it('§4 a rewind that would take back a reveal (6.C.4 the second commitment) is refused before the players are asked to agree, saying why and how many could go', async ({ expect }) => {
    const r = await table(playedUpTo(50), ['rewind', 'y', 'quit']);
    expect(r.screen).not.toContain('agree?');
    expect(r.screen).toMatch(/Refused: .*commitments revealed.* can never be taken back by a rewind \(a die rolled from the seed, a secret revealed, or a part of the game shared with other War Zones\); nothing of the Mediterranean came after it\./);
  });

  it('6.C.1 "?" at a team note\'s question shows its help and asks again, never saved as the note; a note recorded points to "log mine" (h21)', async ({ expect }) => {
    const s = playedUpTo(53);
    const r = await table(s, ['note', '?', 'meet at dawn', 'quit']);
    expect(r.screen).toContain('  any text, on one line');
    expect(s.record.log.slice(53).map((a) => a.text)).toEqual(['meet at dawn']);
    expect(r.screen).toContain('Recorded, and kept secret ("log mine" shows it to ');
  });

  it('6.C.2 the player whose ship went to a teammate is told, when the keyboard comes to their seat, that they may order again and where the ship is named (h21: the table\'s line does not name it)', async ({ expect }) => {
    const s = newSession(TWO_ZONES);
    for (const a of [
      { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] },
      { type: 'rollMission', seat: 'soviet:north-atlantic', values: [1] },
      { type: 'buyShip', seat: 'allied:mediterranean', ship: 'uss-kidd' },
      { type: 'donePurchasing', seat: 'allied:mediterranean' },
      { type: 'buyShip', seat: 'allied:north-atlantic', ship: 'uss-kidd' },
      { type: 'donePurchasing', seat: 'allied:north-atlantic' },
      { type: 'donePurchasing', seat: 'soviet:mediterranean' },
    ]) expect(isRuleError(s.submit(a))).toBe(false);
    const r = await table(s, ['', 'done', 'y', '', 'quit'], { as: 's:na' });
    const told = '(A ship of your order went to another player, and you may order again: "log mine" names it, the other team looks away.)';
    expect(r.screen.split(told)).toHaveLength(2);
    expect(r.screen.indexOf(told)).toBeGreaterThan(r.screen.indexOf('Pass the keyboard to Allied, North Atlantic'));
    expect(r.screen).not.toContain('USS Kidd went to');
  });

  it('6.C.1 a team note is announced to the teammate when the keyboard comes to their seat, once, by whom and how to read it; not to its writer', async ({ expect }) => {
    const r = await table(playedUpTo(53), ['as s:na', 'note we strike at dawn', 'as s:med', 'status', 'as s:na', 'quit']);
    const news = '(New team note from Soviet, North Atlantic: "log mine" shows it, the other team looks away.)';
    expect(r.screen.split(news)).toHaveLength(2);
    expect(r.screen.indexOf(news)).toBeGreaterThan(r.screen.indexOf('> as s:med'));
    expect(r.screen).not.toContain('we strike at dawn');
  });

  it('7 "help sink" names each field as its usage line does, with the KEY it may be typed with; "help" keeps the 14.1 and table words in its "Also:" line (h21)', async ({ expect }) => {
    const r = await table(playedUpTo(53), ['help sink', 'help', 'quit']);
    const sink = r.after.find((a) => a.line === 'help sink')!.screen.join('\n');
    expect(sink).toMatch(/^sink UNIT \[SUNK_BY\]/m);
    expect(sink).toMatch(/^ {2}UNIT \(ship=\): /m);
    expect(sink).toMatch(/^ {2}SUNK_BY \(\w+=\): .*\(optional\)/m);
    expect(r.after.find((a) => a.line === 'help')!.screen.join('\n')).toMatch(/\S · fleet · hand/); // on the Also: line, not at column 0 below it
  });

  it('7 a number asked alone says what it is and its range in words: damage, "negative for repairs"', async ({ expect }) => {
    const r = await table(playedUpTo(53), ['damage kidd', '2', 'quit']);
    expect(r.screen).toContain('  Points of damage added, or negative for repairs.\nDamage (-99 to 99)? ');
  });

  it('11 at the end of the campaign, a team\'s secrets on the screen are cleared before the result, which stays', async ({ expect }) => {
    const r = await table(playedUpTo(148), ['', 'view', 'keep', 'y', 'quit']);
    const after = r.screen.slice(r.screen.lastIndexOf(CLEARED));
    expect(after).toMatch(/Victory/);
  });

  it('a team\'s secrets left on the screen at "quit" are cleared', async ({ expect }) => {
    const r = await table(newSession(ONE_ZONE), ['roll 1', 'as a', '', 'buy kidd', 'view', 'quit']);
    expect(r.screen.endsWith(CLEARED)).toBe(true);
  });

  it('6.C.4, 7 a commitment that reveals both and starts the Battle Turns with its player at the keyboard is followed by what they may type now', async ({ expect }) => {
    const r = await table(playedUpTo(48), ['', 'commit uss-nimitz, uss-ticonderoga, uss-kidd, uss-los-angeles', 'y', '', 'commit oscar-ii, akula, alfa', 'y', 'quit']);
    const revealed = r.screen.slice(r.screen.lastIndexOf('commitments revealed'));
    expect(revealed).toMatch(/soviet:mediterranean may:\n(.*\n)*\s+end\s/);
  });

  it('13.4 a commitment the rules would refuse (a Command Ship not committed) is refused before the read-back asks, not after a "yes"; a read-back names "Command Ship: none"', async ({ expect }) => {
    const s = newSession({ ...ONE_ZONE, startingPoints: { mediterranean: { allied: 60, soviet: 40 } }, optional: { flagOfficers: true } });
    const r = await table(s, ['roll 1', 'as a', '', 'buy kidd', 'buy ticonderoga', 'done', 'y', '', 'done', 'y', 'as a', '', 'commit kidd flag=ticonderoga', 'commit kidd', 'n', 'quit']);
    const refused = r.after.find((a) => a.line === 'commit kidd flag=ticonderoga')!.screen.join('\n');
    expect(refused).toContain('that secret order was not recorded');
    expect(refused).not.toContain('[y/N]');
    expect(r.after.find((a) => a.line === 'commit kidd')!.screen.join('\n')).toContain('Ships committed: USS Kidd; Command Ship: none. Commit these ships?');
  });

  it('13.4 the Command Ship question lists only the ships just committed (h16: an uncommitted ship was offered, then refused)', async ({ expect }) => {
    const s = newSession({ ...ONE_ZONE, startingPoints: { mediterranean: { allied: 60, soviet: 40 } }, optional: { flagOfficers: true } });
    const r = await table(s, ['roll 1', 'as a', '', 'buy kidd', 'buy ticonderoga', 'done', 'y', '', 'done', 'y', 'as a', '', 'commit', 'kidd', '', '?', 'quit']);
    const listed = r.after.find((a) => a.line === '?')!.screen.join('\n');
    expect(listed).toContain('1. USS Kidd');
    expect(listed).not.toContain('Ticonderoga');
  });

  it('13.4, 6.C.4 a submarine named as Command Ship is refused with the reason; a number after the list of ships, read as one of it, says so (h21)', async ({ expect }) => {
    const s = newSession({ ...ONE_ZONE, startingPoints: { mediterranean: { allied: 60, soviet: 40 } }, optional: { flagOfficers: true } });
    const r = await table(s, ['roll 1', 'as a', '', 'buy kidd', 'buy churchill', 'done', 'y', '', 'done', 'y', 'as a', '', 'commit kidd,churchill flag=churchill', 'why', 'commit kidd,churchill 2', 'why', 'quit']);
    expect(r.screen).toContain('a submarine cannot carry the Flag Officer: it sails in a surface ship (13.4)');
    expect(r.screen).toContain('is typed twice ("2" is number 2 of the list: a list takes every word after it, so type other fields as KEY=VALUE)');
    expect(s.record.log.some((a) => a.type === 'commit')).toBe(false);
  });

  it('6.C.4 "view" names a committed ship sunk since by its name, not its id (h21)', async ({ expect }) => {
    const r = await table(playedUpTo(53), ['sink 1', 'as a:med', '', 'view', 'quit']);
    const view = r.after.find((a) => a.line === 'view')!.screen.join('\n');
    expect(view).toMatch(/Your commitment: USS Nimitz, /);
    expect(view).not.toContain('uss-nimitz');
  });

  it('6.C.4 "view" after committing shows the Area Defense cards pre-positioned with the ships (h18: only the ships)', async ({ expect }) => {
    const r = await table(playedUpTo(48), ['', 'commit uss-nimitz, uss-kidd ad=1', 'y', '', 'as a:med', '', 'view', 'quit']);
    expect(r.after.find((a) => a.line === 'view')!.screen.join('\n')).toContain('Your commitment: USS Nimitz, USS Kidd; 1 Area Defense card pre-positioned');
  });

  it('6.C.4 a hand shown before the second commitment is cleared before the reveal, which the whole table reads', async ({ expect }) => {
    const r = await table(playedUpTo(48), ['', 'commit uss-nimitz, uss-ticonderoga, uss-kidd, uss-los-angeles', 'y', '', 'hand', 'commit oscar-ii, akula, alfa', 'y', 'quit']);
    expect(r.after.find((a) => a.line === 'hand')!.screen.join('\n')).toContain('Crash Dive');
    const after = r.screen.slice(r.screen.lastIndexOf(CLEARED));
    expect(after).toContain('commitments revealed');
    expect(after).not.toContain('Crash Dive');
  });

  it('6.C.4 a commitment is read back before it is taken, the other team looking away; "no" takes nothing, and the screen is cleared before the keyboard goes to the other team', async ({ expect }) => {
    const r = await table(playedUpTo(48), ['', 'commit uss-nimitz, uss-kidd', 'n', 'commit uss-nimitz, uss-kidd, uss-ticonderoga', 'y', '', 'quit']);
    const [no, yes] = r.after.filter((a) => a.line.startsWith('commit')).map((a) => a.screen.join('\n'));
    expect(no).toContain('(the other team looks away) Ships committed: USS Nimitz, USS Kidd. Commit these ships? Once the Soviet player commits too, both are revealed, and neither can be taken back. [y/N] ');
    expect(r.after.find((a) => a.line === 'n')!.screen.join('\n')).toContain('Not done.');
    expect(yes).toContain('Ships committed: USS Nimitz, USS Kidd, USS Ticonderoga. Commit these ships?');
    // Recorded on "y", and the read-back is gone from the screen before the Soviet player takes the keyboard.
    expect(r.after.find((a) => a.line === 'n')!.screen.join('\n')).not.toContain('has committed');
    expect(r.after.find((a) => a.line === 'y')!.screen.join('\n')).toContain('Mediterranean: Allied has committed');
    const handed = r.screen.slice(r.screen.lastIndexOf(CLEARED));
    expect(handed).not.toContain('USS Kidd');
  });

  it('nothing secret shown, nothing cleared: the prompt going to the other team alone does not clear the screen', async ({ expect }) => {
    const r = await table(newSession(ONE_ZONE), ['roll 1', 'as a', '', 'status', 'as s', '', 'quit']);
    expect(r.screen).toContain('Pass the keyboard to'); // to the Soviet player, with nothing of the Allied's shown
    expect(r.screen).not.toContain(CLEARED);
  });

  it('"as" a seat of the other team hands the keyboard over first, even where that seat has no secret order to give', async ({ expect }) => {
    const r = await table(newSession(ONE_ZONE), ['roll 1', 'as a', '', 'done', 'y', '', 'as a', 'view', '', 'quit']);
    const [first] = r.after.filter((a) => a.line === 'view').map((a) => a.screen.join('\n'));
    expect(first).toContain('Not taken: the keyboard goes to Alice first.');
  });

  it('long lines are wrapped at spaces to the terminal\'s width, each continuation indented under its line', ({ expect }) => {
    expect(wrap('  buy SHIP      Buy a ship for your order (6.C.2)', 24)).toBe('  buy SHIP      Buy a\n    ship for your order\n    (6.C.2)');
    expect(wrap('short   ', 24)).toBe('short');
    expect(wrap(`${'y'.repeat(20)}        `, 24)).toBe('y'.repeat(20)); // no row of spaces
    expect(wrap('x'.repeat(30), 24)).toBe(`${'x'.repeat(24)}\n  ${'x'.repeat(6)}`);
    expect(wrap('Also: view · log [N] · undo [N] · quit', 28)).toBe('Also: view · log [N] ·\n  undo [N] · quit'); // not "undo" and "[N]" on two rows
  });

  it('a question leaves the cursor room on its last row at the terminal\'s width (h18: 81 characters at 80 columns)', ({ expect }) => {
    const question = 'Finish? The points left are banked as Victory Points, never spent (6.C.2). [y/N]'; // 80 characters
    expect(question).toHaveLength(80);
    const rows = promptRows(question, 80);
    expect(rows.every((r) => r.length < 80)).toBe(true);
    expect(rows.at(-1)).toMatch(/\[y\/N\] $/);
    expect(rows.join('').replace(/ +/g, ' ')).toBe(`${question} `);
    expect(promptRows(question, 0)).toEqual([`${question} `]); // piped: no width
  });
});

describe('play at a shared screen: the keyboard is handed over before another seat\'s secret step', () => {
  it('6.C.2 after "done" the next seat with a secret step is named and waited for; a line typed meanwhile is not taken as that seat\'s order', async ({ expect }) => {
    const r = await table(newSession(ONE_ZONE), ['roll 1', 'as a', '', 'done', 'y', 'buy kidd', '', 'quit']);
    expect(r.screen).toContain('Pass the keyboard to Sam (Soviet, Mediterranean) — press Enter');
    expect(r.screen).not.toMatch(/orders USS Kidd|Recorded, and kept secret/);
  });

  it('6.C.2 a person who holds two seats of a team goes from one to the other without a hand-over: the keyboard stays with them', async ({ expect }) => {
    const both = { ...TWO_ZONES, players: { 'allied:mediterranean': 'Alice', 'allied:north-atlantic': 'Alice', 'soviet:mediterranean': 'Sam', 'soviet:north-atlantic': 'Sam' } };
    const r = await table(newSession(both), ['roll 1', 'as s:na', 'roll 1', 'as a:med', '', 'as a:na', 'buy kidd', 'quit']);
    expect(r.screen.match(/Pass the keyboard to Alice/g)).toHaveLength(1); // once, from Sam's rolls; not again between her own seats
    expect(r.screen).toContain('Recorded, and kept secret');
  });

  it('7 a resumed game goes on in the War Zone of its last action, as play did (the North Atlantic after its commitment), not in the first zone waited on', async ({ expect }) => {
    const s = playedUpTo(52); // the last action: Allied, North Atlantic commits; Soviet, Mediterranean is waited on too
    const r = await table(s, ['quit']);
    expect(r.screen).toContain('— allied:north-atlantic (Al) now —');
    expect(r.screen).not.toContain('soviet:mediterranean>');
  });

  it('undo N where fewer of the seat\'s actions may go says how many may, and takes nothing back', async ({ expect }) => {
    const s = playedUpTo(56); // Sam's last four actions are his Battle Turn's records; the one before, his commitment
    const r = await table(s, ['undo 9', 'undo 99', 'quit']);
    expect(r.screen).toMatch(/Refused: .* may depend on it; ask for a rewind instead\. Your last 4 actions can be taken back now\./);
    expect(r.screen).toContain('Refused: You have made only 16 actions that still stand. Your last 4 actions can be taken back now.');
    expect(s.version).toBe(56);
  });

  it('6.C.2 a seat switch to a secret step and a resumed game pause for the hand-over too; piped input goes on at an empty line or at the next command', async ({ expect }) => {
    const s = newSession(ONE_ZONE);
    await table(s, ['roll 1', 'quit']);
    const resumed = await table(s, ['', 'as s', '', 'quit']);
    expect(resumed.screen.match(/Pass the keyboard to/g)).toHaveLength(2);
    expect(resumed.screen).toContain('Pass the keyboard to Sam (Soviet, Mediterranean)');
    expect(resumed.screen).toContain('Pass the keyboard to Alice (Allied, Mediterranean)');
    const p = newSession(ONE_ZONE);
    const piped = await table(p, ['roll 1', 'as a', 'buy kidd', 'done', '', 'buy kirov', 'quit'], { interactive: false });
    expect(piped.left).toEqual([]);
    expect(piped.screen).toContain('Pass the keyboard to Sam (Soviet, Mediterranean)');
    expect(p.record.log.map((a) => [a.type, a.seat])).toEqual([
      ['rollMission', 'soviet:mediterranean'],
      ['buyShip', 'allied:mediterranean'],
      ['donePurchasing', 'allied:mediterranean'],
      ['buyShip', 'soviet:mediterranean'],
    ]);
  });
});

describe('play at a shared screen: a number typed names the choice shown beside it', () => {
  it('6.C.2 "buy 7" after "?" listed USS Kidd as 7 buys USS Kidd, though the order has renumbered the list since; a number whose ship can no longer be bought is refused naming it and why', async ({ expect }) => {
    const s = newSession(ONE_ZONE);
    const r = await table(s, ['roll 1', 'as a', '', 'buy', '?', 'cancel', 'buy 1', 'buy 7', 'buy 2', 'why', 'quit']);
    expect(r.screen).toContain('   7. USS Kidd (surface, 10 points, costs 10)'); // the list shown, before USS Nimitz (1) was ordered
    expect(s.record.log.filter((a) => a.type === 'buyShip').map((a) => a.ship)).toEqual(['uss-nimitz', 'uss-kidd']);
    const [refused, why] = r.after.filter((a) => a.line === 'buy 2' || a.line === 'why').map((a) => a.screen.join('\n'));
    expect(refused).toContain('that secret order was not recorded');
    expect(refused).not.toContain('Midway');
    expect(why).toMatch(/^"2" was USS Midway in the list you were shown, and you cannot choose it now: it costs 22 and you have 0 points left to spend/m);
  });

  it('7 "sink 1" typed twice after the list showed USS Nimitz as 1 does not sink the ship listed second: the second is refused, USS Nimitz being sunk', async ({ expect }) => {
    const s = playedUpTo(53);
    const r = await table(s, ['sink', 'cancel', 'sink 1', 'sink 1', 'quit']);
    expect(r.screen).toContain('Refused: "1" was Allied USS Nimitz in the list you were shown, and you cannot choose it now: ');
    expect(s.record.log.slice(53).map((a) => a.ship)).toEqual(['uss-nimitz']);
  });

  it('7 a refusal that lists the choices again renumbers them: a number typed after it names the choice it showed', async ({ expect }) => {
    const s = playedUpTo(53);
    await table(s, ['sink', 'cancel', 'sink 1', 'sink frobnicate', 'sink 1', 'quit']); // the refusal lists USS Ticonderoga as 1
    expect(s.record.log.slice(53).map((a) => a.ship)).toEqual(['uss-nimitz', 'uss-ticonderoga']);
  });

  it('6.C.3 "give card 2" after "hand" gives the card "hand" numbered 2, not the one an earlier list numbered 2', async ({ expect }) => {
    const s = playedUpTo(114); // Ann holds Missile (8), ECM and Missile (6), and may transfer
    const r = await table(s, ['', 'give card', '?', 'cancel', 'give card 1 to na', 'hand', 'give card 2 to na', 'quit'], { as: 'a:med' });
    expect(r.screen).toContain('   2. ECM  [allied:mediterranean#5]'); // the list "?" showed
    expect(r.screen).toMatch(/ {3}1\. ECM\n {3}2\. Missile \(6\)/); // the hand shown after the first card left it
    expect(s.record.log.slice(114).map((a) => a.card)).toEqual(['allied:mediterranean#4', 'allied:mediterranean#6']);
  });

  it('14.1 an Overall Commander\'s number names the ship shown with it for the seat the order is for, not in the list shown for the other seat', async ({ expect }) => {
    const s = newSession({ ...TWO_ZONES, optional: { overallCommanders: true } });
    const r = await table(s, ['as s:med', 'roll 1', 'as s:na', 'roll 2', 'as c:a', '', 'for a:med buy', '?', 'cancel', 'for a:na buy 1', 'for a:na buy', '?', 'cancel', 'for a:med buy 7', 'quit']);
    expect(r.screen).toMatch(/ {3}7\. USS Spruance/); // 7 in North Atlantic's list, USS Nimitz ordered
    expect(s.record.log.filter((a) => a.type === 'buyShip').map((a) => [a.for, a.ship])).toEqual([
      ['allied:north-atlantic', 'uss-nimitz'],
      ['allied:mediterranean', 'uss-kidd'], // 7 in the Mediterranean's list
    ]);
  });

  it('7 a number typed while another question\'s numbered list is on screen ("help damage" after "help sink") is refused with the list it would count in; typed again, it counts there', async ({ expect }) => {
    const s = playedUpTo(53);
    const r = await table(s, ['help sink', 'help damage', 'sink 2', 'sink 2', 'quit']);
    expect(r.screen).toContain('Refused: "2": the numbered list on screen is another question\'s. The ship or non-combatant sunk to choose from:\n   1. Allied USS Nimitz');
    expect(s.record.log.slice(53).map((a) => a.ship)).toEqual(['uss-ticonderoga']); // the second "sink 2", as the refusal numbered it
  });

  it('7 a list shown before the screen was cleared is forgotten: a number typed after it counts in the list as it is now', async ({ expect }) => {
    const s = playedUpTo(53);
    await table(s, ['help sink', 'sink nimitz', 'view', 'as a:med', '', 'as s:med', '', 'sink 2', 'quit']);
    // "help sink" numbered USS Ticonderoga 2; after USS Nimitz sank and the screen was cleared, 2 is USS Kidd.
    expect(s.record.log.slice(53).map((a) => a.ship)).toEqual(['uss-nimitz', 'uss-kidd']);
  });

  it('7 with no list shown, a number counts in the list as it is now', async ({ expect }) => {
    const s = playedUpTo(53);
    await table(s, ['sink 1', 'sink 1', 'quit']);
    expect(s.record.log.slice(53).map((a) => a.ship)).toEqual(['uss-nimitz', 'uss-ticonderoga']);
  });
});

describe('play at a shared screen: setting a card aside (7.2.1)', () => {
  it('7.2.1 "keep" alone asks which card, typed hidden, and "no card kept?" naming the seat before it records none; a "no" records nothing', async ({ expect }) => {
    const s = playedUpTo(73); // turn 1 of 2: the Mediterranean sets aside
    const r = await table(s, ['', 'keep', '', 'n', 'keep', '', 'y', 'quit'], { as: 'a:med' });
    expect(r.screen).toContain('Card kept: typed hidden');
    expect(r.screen).toContain('Card kept (Enter: none)?'); // h18: an optional choice says what Enter does
    expect(r.screen).toContain('allied:mediterranean (Ann): no card kept? [y/N] n');
    expect(r.screen).toContain('Not done.');
    expect(lastEntry(s)).toEqual({ type: 'setAside', seat: 'allied:mediterranean' });
    expect(s.record.log).toHaveLength(74);
  });

  it('7.2.1 "keep" alone then a card typed at the hidden question keeps that card', async ({ expect }) => {
    const s = playedUpTo(73);
    const r = await table(s, ['', 'keep', 'missile', '8', 'quit'], { as: 'a:med' });
    expect(lastEntry(s)).toEqual({ type: 'setAside', seat: 'allied:mediterranean', card: 'Missile', value: 8 });
    expect(r.screen).not.toMatch(/missile/i);
  });

  it('7.2.1 "keep none" keeps no card at once; at the hidden question "none" is no card and "why" tells why a card typed was refused', async ({ expect }) => {
    const s = playedUpTo(73);
    await table(s, ['', 'keep none', 'quit'], { as: 'a:med' });
    expect(lastEntry(s)).toEqual({ type: 'setAside', seat: 'allied:mediterranean' });
    const u = playedUpTo(73);
    const r = await table(u, ['', 'keep', 'frobnicate', 'why', 'none', 'y', 'quit'], { as: 'a:med' });
    const [why] = r.after.filter((a) => a.line === 'why').map((a) => a.screen.join('\n'));
    expect(why).toMatch(/frobnicate/);
    expect(r.screen).toContain('allied:mediterranean (Ann): no card kept? [y/N] y');
    expect(lastEntry(u)).toEqual({ type: 'setAside', seat: 'allied:mediterranean' });
    expect(u.record.log).toHaveLength(74);
  });

  it('7.2.1 on the last turn, where "keep" keeps nothing, the keyboard is not handed over for it', async ({ expect }) => {
    const s = playedUpTo(145); // turn 2 of 2
    const r = await table(s, ['keep', 'quit'], { as: 'a:med' });
    expect(r.screen).not.toContain('Pass the keyboard');
    expect(lastEntry(s)).toEqual({ type: 'setAside', seat: 'allied:mediterranean' });
  });

  it('7.2.1 on the last turn "keep none" ends the turn like "keep"; "keep ecm" is refused in the open (no card is kept after the last turn), not as a secret', async ({ expect }) => {
    const s = playedUpTo(145); // turn 2 of 2
    const r = await table(s, ['', 'keep ecm', 'keep none', 'quit'], { as: 'a:med' });
    const [refused] = r.after.filter((a) => a.line === 'keep ecm').map((a) => a.screen.join('\n'));
    expect(refused).toMatch(/last Campaign Game Turn/);
    expect(refused).not.toMatch(/secret|ecm/i);
    expect(lastEntry(s)).toEqual({ type: 'setAside', seat: 'allied:mediterranean' });
  });
});

describe('play at a shared screen: 14.1 an Overall Commander', () => {
  it('14.1 "for a:med done" asks to confirm naming the one seat it is for, with its figures, the other team looking away', async ({ expect }) => {
    const s = newSession({ ...TWO_ZONES, optional: { overallCommanders: true } });
    const r = await table(s, ['as s:med', 'roll 1', 'as s:na', 'roll 2', 'as c:a', '', 'for a:med done', 'n', 'quit']);
    expect(r.screen).toMatch(/\(the other team looks away\) Allied, Mediterranean has ordered nothing: all \d+ points on its Point Track are banked as Victory Points, .* Finish purchasing for Allied, Mediterranean\? \[y\/N\] n/);
  });

  it('6.C.2 "done" asks the seat\'s own question, with its order\'s figures, the other team looking away; they are cleared before the keyboard goes to the other team', async ({ expect }) => {
    const r = await table(newSession(ONE_ZONE), ['roll 1', 'as a', '', 'buy kidd', 'done', 'y', '', 'quit']);
    const asked = r.after.find((a) => a.line === 'done')!.screen.join('\n');
    expect(asked).toMatch(/\(the other team looks away\) Finish purchasing\? Your order costs \d+; the \d+ points left are banked as Victory Points, which are never spent \(6\.C\.2\)\. \[y\/N\] /);
    expect(r.screen.slice(r.screen.lastIndexOf(CLEARED))).not.toContain('Your order costs');
  });
});

describe('play at a shared screen: battle records and the rest', () => {
  it('7 "damage kidd 2" of a sunk ship names the ship typed, not the ship and the amount', async ({ expect }) => {
    const s = playedUpTo(54); // USS Kidd sunk by the Soviet player's torpedo
    const r = await table(s, ['damage kidd 2', 'quit'], { as: 's:med' });
    expect(r.screen).toMatch(/"kidd" is not a Ship/);
    expect(r.screen).not.toContain('"kidd 2"');
  });

  it('7 a question asked on its own line says "cancel" leaves; "cancel" leaves it, and "quit" there stops, as at the prompt', async ({ expect }) => {
    const s = playedUpTo(54);
    const r = await table(s, ['sink', 'cancel', 'sink', 'quit', 'roll'], { as: 's:med' });
    expect(r.screen).toContain('("cancel" leaves.)');
    expect(r.screen.match(/Not done\./g)).toHaveLength(1);
    expect(r.screen).not.toContain('cannot "roll"'); // nothing read after "quit"
    expect(s.record.log).toHaveLength(54);
  });

  it('§4 "undo" says what was taken back as the table may read it', async ({ expect }) => {
    const s = playedUpTo(54);
    const r = await table(s, ['sink los angeles', 'undo', 'quit'], { as: 's:med' });
    expect(r.screen).toMatch(/Took back: .*USS Los Angeles/);
  });

  it('14.1 "help" offers "for SEAT COMMAND" only with Overall Commanders; 11 the banked VP at the end are told as before the End Game bonuses', async ({ expect }) => {
    const plain = await table(playedUpTo(54), ['help', 'quit'], { as: 's:med' });
    expect(plain.screen).not.toContain('for SEAT COMMAND');
    const over = await table(playedUpTo(149), []);
    expect(over.screen).toMatch(/Campaign over — banked VP before the End Game bonuses \(11\): Allied \d+, Soviet \d+/);
  });

  it('13.1 "status" says under the turn what the end-game die needs at the end of this one: +1 on turn 3, agreed turn 2', async ({ expect }) => {
    // The 13.1 example game (agreed turn 2) up to the end-game die of turn 2, which went on: turn 3 begins.
    const record = JSON.parse(readFileSync(new URL('../../examples/cwnb/optional/13-1-variable-end-turn.json', import.meta.url), 'utf8'));
    const s = Session.open(MODULES['cwnb-campaign'], { ...record, log: record.log.slice(0, 49) });
    if (isRuleError(s)) throw new Error(s.message);
    const r = await table(s, ['status', 'quit']);
    expect(r.after[0].screen.join('\n')).toMatch(/^Campaign Game Turn 3 \(variable end from turn 2\) — .*\nAt the end of this turn the end-game die is rolled: \+1, the war ends on a 5 or 6 \(13\.1\)\.\n/);
  });
});

describe('play at a shared screen: the SMP keeps no secrets', () => {
  it('#1 "view" and "log" of a nation clear nothing when the next nation answers (its nations hide nothing), and help names no "why" nor "log mine"', async ({ expect }) => {
    const demo = JSON.parse(readFileSync(new URL('../../examples/smp/demo-1940.json', import.meta.url), 'utf8'));
    const s = Session.open(MODULES.smp, newGameRecord('smp', { scenario: demo, dice: 'seeded' }, 'tty'), { seed: 'tty' }) as Session<unknown>;
    const r = await table(s, ['view', 'log', 'help', 'n', 's0=3 s1=0 s2=0', 'quit']); // Germany declines Hendaye (1.4), removes 3 infantry (1.5); Russia answers next
    expect(r.screen).toContain('1.4 Hendaye: Germany declines');
    expect(r.screen).toContain('russia> quit');
    expect(r.screen).not.toContain(CLEARED);
    expect(r.screen).not.toMatch(/why \(a secret order refused\)|log mine/);
  });
});
