/**
 * The `wardroom` command line, run as a user runs it: `node bin/wardroom.js …` in a child
 * process, which runs the compiled CLI in dist/ (test/global-setup.ts builds it when it is older
 * than src/). Every test does as much as it can per spawn, and the tests run concurrently.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { BIN, log, newGame, ROOT, TMP, wardroom } from '../support/cli.ts';
import { MISSION_NAMES, ZONE_IDS } from '../../src/modules/cwnb/data/types.ts';

const ONE_ZONE = { zones: ['mediterranean'], turns: 1, dice: 'physical', roster: 'demo', startingPoints: 'demo' };

describe('wardroom CLI', () => {
describe('wardroom tables', () => {
  it('--json keeps the documented shape for all seven zones', async ({ expect }) => {
    const r = await wardroom(['tables', '--json']);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.zones.map((z: { id: string }) => z.id)).toEqual([...ZONE_IDS]);
    for (const z of data.zones) {
      expect(typeof z.name).toBe('string');
      expect(Object.keys(z.missionTable).sort()).toEqual(['1-2', '3-5', '6']);
      for (const row of Object.values(z.missionTable) as unknown[][]) {
        expect(row).toHaveLength(7);
        for (const cell of row as Record<string, unknown>[]) {
          expect(MISSION_NAMES).toContain(cell.allied);
          expect(MISSION_NAMES).toContain(cell.soviet);
          expect(typeof cell.urgent).toBe('boolean');
        }
      }
      expect(z.endGame).toHaveLength(7);
      for (const e of z.endGame) {
        expect(['allied', 'soviet']).toContain(e.side);
        expect(Number.isInteger(e.vp) && e.vp > 0).toBe(true);
      }
    }
    const med = data.zones.find((z: { id: string }) => z.id === 'mediterranean');
    // Columns run from Soviet Dominance (0) to Allied Dominance (6).
    expect(med.missionTable['1-2'][3]).toEqual({ allied: 'Military Escort', soviet: 'Raid', urgent: false });
    expect(med.missionTable['3-5'][3]).toEqual({ allied: 'Sea Superiority', soviet: 'Sea Superiority', urgent: true });
    expect(med.endGame[0]).toEqual({ side: 'soviet', vp: 48 });
    expect(med.endGame[6]).toEqual({ side: 'allied', vp: 50 });
  });

  it('--zone prints one zone as text; an unknown zone is refused', async ({ expect }) => {
    const r = await wardroom(['tables', '--zone', 'mediterranean']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Mediterranean War Zone');
    expect(r.stdout).toContain('Soviet Dominance');
    expect(r.stdout).toContain('Military Escort');
    expect(r.stdout).not.toContain('North Atlantic War Zone');
    const bad = await wardroom(['tables', '--zone', 'atlantis']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('No War Zone "atlantis" (');
    expect(bad.stderr).not.toContain('in this game'); // there is no game here, only the rulebook's zones
  });
});

describe('wardroom new', () => {
  it('13.1 with the Variable End Turn the campaign\'s length is told as rolled from its start turn, not the agreed length', async ({ expect }) => {
    const r = await wardroom(['new', join(TMP, 'variable-end.json'), '--zones', 'med', '--demo', '--force', '--variable-end', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Created');
    expect(r.stdout).toContain('mediterranean, the end rolled from turn 2 (13.1), seeded dice');
    expect(r.stdout).not.toContain('--turns');
    // A length typed as well is told to have no effect, not silently dropped.
    const both = await wardroom(['new', join(TMP, 'variable-end.json'), '--zones', 'med', '--demo', '--force', '--variable-end', '2', '--turns', '3']);
    expect(both.stdout).toContain('the end rolled from turn 2 (13.1; --turns 3 is not used: only the end roll, or turn 9, ends the campaign), seeded dice');
  });

  it('a one-turn campaign is "1 turn"; verified before any die, it says the log holds no seeded roll to check', async ({ expect }) => {
    const file = join(TMP, 'one-turn.json');
    expect((await wardroom(['new', file, '--zones', 'med', '--demo', '--force', '--turns', '1'])).stdout).toContain('Created ' + file + ': mediterranean, 1 turn, seeded dice.');
    expect((await wardroom(['verify', file])).stdout).toMatch(/^Verified: the seed matches its commitment [0-9a-f]{64}, and the log holds no seeded roll to check\.\n$/);
  });

  it('set-up mistakes are one line naming the file, zone, side or field, never a stack trace', async ({ expect }) => {
    const file = join(TMP, 'setup.json');
    const bad = (name: string, text: string) => {
      const path = join(TMP, name);
      writeFileSync(path, text);
      return path;
    };
    const cases: [string[], string][] = [
      [['--roster', join(TMP, 'nope.csv')], `${join(TMP, 'nope.csv')}: cannot read the ship roster (no such file).`],
      [['--demo', '--starting-points', bad('malformed.json', '{"med": ')], `${join(TMP, 'malformed.json')}: the starting points are not valid JSON`],
      [['--demo', '--starting-points', bad('negative.json', '{"med": {"allied": -5, "soviet": 10}}')], 'startingPoints.mediterranean.allied: -5 is not a whole number of points from 0 to 9999.'],
      [['--demo', '--starting-points', bad('fraction.json', '{"med": {"allied": 5, "soviet": 2.5}}')], 'startingPoints.mediterranean.soviet: 2.5 is not a whole number'],
      [['--demo', '--starting-points', bad('absurd.json', '{"med": {"allied": 1e12, "soviet": 10}}')], 'startingPoints.mediterranean.allied: 1000000000000 is not a whole number'],
      [['--demo', '--starting-points', bad('zone.json', '{"atlantis": {"allied": 5, "soviet": 5}}')], `${join(TMP, 'zone.json')}: No War Zone "atlantis"`],
      [['--demo', '--seed', ''], '--seed must not be empty'],
      [['--demo', '--turns', 'abc'], 'turns: a campaign is 1 to 9 Campaign Game Turns, a whole number (5.2), not abc'],
      [['--demo', '--turns', '2.5'], 'turns: a campaign is 1 to 9 Campaign Game Turns, a whole number (5.2), not 2.5'],
      [['--demo', '--variable-end', '5'], 'optional.variableEndTurn.startTurn: the end-game die is first rolled at the end of turn 2, 3 or 4 (13.1), not 5'],
    ];
    for (const [args, message] of cases) {
      const r = await wardroom(['new', file, '--zones', 'med', '--force', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toContain(message);
      expect(existsSync(file)).toBe(false);
    }
    const folder = await wardroom(['new', join(TMP, 'no-such-folder', 'g.json'), '--zones', 'med', '--demo']);
    expect(folder.stderr.trim()).toBe(`${join(TMP, 'no-such-folder')}: no such folder for ${join(TMP, 'no-such-folder', 'g.json')}.`);
    // The demo too, not Node's stack trace of the seed file it could not write.
    const demo = await wardroom(['demo', join(TMP, 'no-such-folder', 'd.json')]);
    expect([demo.code, demo.stderr.trim()]).toEqual([2, `${join(TMP, 'no-such-folder')}: no such folder for ${join(TMP, 'no-such-folder', 'd.json')}.`]);
    // Zones are named in files as on the command line.
    const aliased = await wardroom(['new', file, '--zones', 'med', '--demo', '--starting-points', bad('alias.json', '{"med": {"allied": 50, "soviet": 60}}')]);
    expect(aliased.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).options.startingPoints).toEqual({ mediterranean: { allied: 50, soviet: 60 } });
    const nobody = await wardroom(['play', file, '--as', 'nobody'], 'quit\n');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr.trim()).toBe('A seat is side:zone, e.g. allied:mediterranean or s:na; got "nobody".');
  });

  it('refuses without a roster or --demo, naming both ways out', async ({ expect }) => {
    const file = join(TMP, 'no-roster.json');
    const r = await wardroom(['new', file, '--zones', 'med']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--roster');
    expect(r.stderr).toContain('--demo');
    expect(existsSync(file)).toBe(false);
  });

  it('refuses missing starting points, naming the zones', async ({ expect }) => {
    const file = join(TMP, 'no-points.json');
    const r = await wardroom(['new', file, '--zones', 'med,na', '--roster', join(ROOT, 'examples/rosters/demo-roster.csv')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/missing for mediterranean, north-atlantic/);
    expect(existsSync(file)).toBe(false);
  });

  it('5 --player names a seat as play does (abbreviated), and refuses one that is not a seat of the game', async ({ expect }) => {
    const file = join(TMP, 'players.json');
    const r = await wardroom(['new', file, '--zones', 'med,na', '--demo', '--player', 'a:med=Cy', '--player', 's:north-atlantic=Dee']);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).options.players).toEqual({ 'allied:mediterranean': 'Cy', 'soviet:north-atlantic': 'Dee' });
    const commanders = await wardroom(['new', file, '--force', '--zones', 'med,na', '--demo', '--overall-commanders', '--player', 'c:allied=Flo']);
    expect(commanders.code, '14.1: an Overall Commander\'s seat, with the rule on').toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).options.players).toEqual({ 'commander:allied': 'Flo' });
    for (const [player, why] of [
      ['bogus=Ann', 'A seat is side:zone, e.g. allied:mediterranean or s:na; got "bogus".'],
      ['allied:sea-of-japan=Ann', 'No War Zone "sea-of-japan" in this game (mediterranean, north-atlantic).'],
      ['allied:mediterranean', '--player SEAT=NAME, e.g. allied:mediterranean=Ann; got "allied:mediterranean".'],
      ['commander:allied=Ann', '--player: "commander:allied" is not a seat of this game (allied:mediterranean, soviet:mediterranean, allied:north-atlantic, soviet:north-atlantic).'],
      ['allied:mediterranean=', '--player SEAT=NAME, e.g. allied:mediterranean=Ann; got "allied:mediterranean=".'],
    ]) {
      const bad = join(TMP, 'players-bad.json');
      const refused = await wardroom(['new', bad, '--zones', 'med,na', '--demo', '--player', player]);
      expect(refused.code, player).toBe(2);
      expect(refused.stderr.trim(), player).toBe(why);
      expect(existsSync(bad)).toBe(false);
    }
  });

  it('creates a game file with the seed commitment, and will not overwrite it', async ({ expect }) => {
    const file = join(TMP, 'created.json');
    const r = await wardroom(['new', file, '--zones', 'med,na', '--turns', '2', '--demo', '--seed', 's3cret', '--player', 'allied:mediterranean=Ann']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('DEMO');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    expect(record).toMatchObject({
      format: 'wardroom-game',
      version: 2,
      module: 'cwnb-campaign',
      options: { zones: ['mediterranean', 'north-atlantic'], turns: 2, dice: 'seeded', roster: 'demo', startingPoints: 'demo', players: { 'allied:mediterranean': 'Ann' } },
      seed: null, // no player can predict a seeded roll from the game file
      log: [],
    });
    expect(readFileSync(`${file}.seed`, 'utf8')).toBe('s3cret\n'); // the referee's copy
    expect(record.seedCommitment).toBe(createHash('sha256').update('s3cret').digest('hex'));
    const again = await wardroom(['new', file, '--zones', 'med', '--demo']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already exists');
    expect(JSON.parse(readFileSync(file, 'utf8')).options.zones).toHaveLength(2);
  });
});

describe('wardroom play', () => {
  it('applies piped commands, refuses bad ones with "Refused:", undoes, and resumes from the file', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const first = await wardroom(['play', file], ['roll 9', 'roll 1', 'as a', 'buy kidd', 'buy nimitz', 'undo', 'as s', 'undo', 'status', 'quit'].join('\n') + '\n');
    expect(first.code).toBe(0);
    expect(first.stdout.trimEnd().split('\n').at(-1)).toBe(`Saved in ${file}: "wardroom play ${file}" goes on from here.`); // said on "quit"
    expect(first.stdout).toContain('Refused: Mission roll, Mediterranean, turn 1: a d6 shows 1 to 6, not 9.');
    expect(first.stdout).toContain('Allied Military Escort vs. Soviet Raid');
    // The Allied order can be taken back; the mission roll no longer, since the Allied player acted after it.
    expect(first.stdout).toContain('Took back: a secret action.'); // not "buyShip": the table learns no order's kind
    // The Allied order is secret: the Soviet seat is told only that the other team acted.
    expect(first.stdout).toMatch(/Refused: An action of the Allied team \(action #1\) came after action #0 of Soviet, Mediterranean \(“Mission roll, Mediterranean, turn 1: \d”\)/);
    // The log is append-only: the undo is logged and voids the order it took back.
    expect(log(file)).toEqual([
      { type: 'rollMission', seat: 'soviet:mediterranean', values: [1] },
      { type: 'buyShip', seat: 'allied:mediterranean', ship: 'uss-kidd' },
      { type: 'buyShip', seat: 'allied:mediterranean', ship: 'uss-nimitz' },
      { type: '@undo', seat: 'allied:mediterranean', voids: [2] },
    ]);
    // Resume: the log on disk is replayed, and new actions are appended.
    const second = await wardroom(['play', file, '--as', 'allied'], ['done', 'as s', 'buy kirov', 'done', 'quit'].join('\n') + '\n');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Mediterranean: Allied buys USS Kidd for 10; Point Track 120.');
    expect(second.stdout).toContain('Mediterranean: Soviet buys Kirov for 26; Point Track 104.');
    expect(log(file).map((a) => a.type)).toEqual(['rollMission', 'buyShip', 'buyShip', '@undo', 'donePurchasing', 'buyShip', 'donePurchasing']);
  });

  it('undo with a non-numeric count is refused and takes nothing back', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const r = await wardroom(['play', file], ['roll 1', 'as a', 'buy kidd', 'undo abc', 'quit'].join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(log(file)).toHaveLength(2);
  });

  it('saves the file after every action (atomic write), and a refused command changes nothing', async ({ expect }) => {
    const file = newGame(ONE_ZONE);
    const before = readFileSync(file, 'utf8');
    const child = spawn(process.execPath, [BIN, 'play', file], { cwd: ROOT });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const waitFor = async (text: string, from: number) => {
      for (let i = 0; i < 600 && !stdout.slice(from).includes(text); i++) await new Promise((r) => setTimeout(r, 25));
      expect(stdout.slice(from)).toContain(text);
    };
    try {
      await waitFor('Type "help" for commands.', 0);
      let mark = stdout.length;
      child.stdin.write('roll 7\n');
      await waitFor('Refused:', mark);
      expect(readFileSync(file, 'utf8')).toBe(before);
      mark = stdout.length;
      child.stdin.write('roll 1\n');
      await waitFor('Allied Military Escort vs. Soviet Raid', mark);
      expect(log(file)).toEqual([{ type: 'rollMission', seat: 'soviet:mediterranean', values: [1] }]); // saved while still running
      mark = stdout.length;
      child.stdin.write('as a\nbuy kidd\n');
      await waitFor('Recorded, and kept secret ("view" shows it to Allied, Mediterranean)', mark); // an order is not echoed to the table
      expect(stdout.slice(mark)).not.toContain('Kidd');
      expect(stdout.slice(mark)).not.toContain('buyShip'); // nor what kind of order it was
      expect(log(file)).toHaveLength(2);
      const saved = readFileSync(file, 'utf8');
      mark = stdout.length;
      child.stdin.write('buy kidd\n');
      await waitFor('Refused:', mark);
      expect(readFileSync(file, 'utf8')).toBe(saved);
      child.stdin.end('quit\n');
      expect(await exited).toBe(0);
    } finally {
      child.kill();
    }
  });
});

describe('wardroom replay --log --as VIEWER (issue 7 §1)', () => {
  it('prints the log as that viewer may see it: each team its own Action cards, the other team only how many; by default a spectator\'s (the table\'s) log', async ({ expect }) => {
    const example = join(ROOT, 'examples/cwnb/two-zone.json');
    const [referee, soviet, allied, spectator, nobody, byDefault] = await Promise.all([
      wardroom(['replay', example, '--log', '--as', 'referee']),
      wardroom(['replay', example, '--log', '--as', 'soviet']),
      wardroom(['replay', example, '--log', '--as', 'allied:mediterranean']),
      wardroom(['replay', example, '--log', '--as', 'spectator']),
      wardroom(['replay', example, '--log', '--as', 'nobody']),
      wardroom(['replay', example, '--log']),
    ]);
    // At a shared table the plain command shows no team's secrets; "--as referee" shows them all.
    expect(byDefault.stdout, 'the log, then the status').toBe(spectator.stdout);
    expect(allied.stdout).toMatch(/\n\d+ actions replayed\.\n$/); // the status too, as that viewer sees it (h21: it stopped at the log)
    expect(byDefault.stdout).not.toContain('Torpedo (8)');
    // A seat typed as play reads it.
    expect((await wardroom(['replay', example, '--log', '--as', 'a:med'])).stdout).toBe(allied.stdout);
    const buys = (out: string) => out.split('\n').find((l) => l.startsWith('Mediterranean: Allied buys'))!;
    expect(buys(referee.stdout)).toContain('Retreat, ECM, Damage Control for 101');
    expect(buys(allied.stdout)).toContain('Retreat, ECM, Damage Control for 101');
    expect(buys(soviet.stdout)).toContain('HMS Invincible, 3 Action cards for 101');
    expect(buys(spectator.stdout)).toBe(buys(soviet.stdout));
    // The Soviet team sees its own cards.
    expect(soviet.stdout).toContain('Mediterranean: Soviet buys Kirov, Sovremenny, Udaloy, Akula, Alfa, Kiev, Torpedo (8), Missile (10), Surprise for 102');
    expect(spectator.stdout).not.toContain('Torpedo (8)');
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toMatch(/--as nobody: not a viewer of this game; choose a seat \(allied:mediterranean, .*\), a team \(allied, soviet\), referee or spectator/);
  });

  it('a seat may be named by the player the game file names on it ("--as cy"), in replay and play; a name on two seats is refused, naming them', async ({ expect }) => {
    const file = join(TMP, 'named.json');
    expect((await wardroom(['new', file, '--zones', 'med', '--demo', '--player', 'a:med=Cy', '--player', 's:med=Dee'])).code).toBe(0);
    const [byName, bySeat] = await Promise.all([wardroom(['replay', file, '--log', '--as', 'cy']), wardroom(['replay', file, '--log', '--as', 'allied:mediterranean'])]);
    expect(byName.code).toBe(0);
    expect(byName.stdout).toBe(bySeat.stdout);
    const play = await wardroom(['play', file, '--as', 'Dee'], 'quit\n');
    expect(play.stdout).toContain('soviet:mediterranean>');
    const twice = join(TMP, 'named-twice.json');
    expect((await wardroom(['new', twice, '--zones', 'med', '--demo', '--player', 'a:med=Cy', '--player', 's:med=Cy'])).code).toBe(0);
    const refused = await wardroom(['play', twice, '--as', 'cy'], 'quit\n');
    expect(refused.code).toBe(1); // as a seat that is none
    expect(refused.stderr.trim()).toBe('cy holds more than one seat (allied:mediterranean, soviet:mediterranean): name the seat.');
    const replayed = await wardroom(['replay', twice, '--log', '--as', 'cy']); // h21: "not a viewer of this game"
    expect(replayed.code).toBe(2);
    expect(replayed.stderr.trim()).toBe('--as cy: cy holds more than one seat (allied:mediterranean, soviet:mediterranean): name the seat.');
  });
});

describe('wardroom verify (issue 7 §4)', () => {
  it('checks a revealed seed against the commitment and re-derives every logged roll, offline; a doctored roll or a wrong seed fails', async ({ expect }) => {
    const example = join(ROOT, 'examples/cwnb/seven-zone-nine-turn.json');
    const ok = await wardroom(['verify', example]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^Verified: the seed matches its commitment [0-9a-f]{64}, and all \d{3,} seeded roll\(s\) in the log re-derive from it\./);
    const record = JSON.parse(readFileSync(example, 'utf8'));
    // A file without its seed: the seed is given apart.
    const { seed, ...withheld } = record;
    const noSeed = join(TMP, 'withheld.json');
    writeFileSync(noSeed, JSON.stringify(withheld));
    const ask = await wardroom(['verify', noSeed]);
    expect(ask.code).toBe(2);
    expect(ask.stderr).toContain('holds no dice seed: give the revealed seed with --seed');
    expect((await wardroom(['verify', noSeed, '--seed', seed])).code).toBe(0);
    const wrongSeed = await wardroom(['verify', noSeed, '--seed', 'not-the-seed']);
    expect(wrongSeed.code).toBe(1);
    expect(wrongSeed.stdout).toContain('NOT verified');
    // One logged die changed.
    const i = record.log.findIndex((a: { rolled?: number[] }) => a.rolled);
    record.log[i].rolled[0] = (record.log[i].rolled[0] % 6) + 1;
    const doctored = join(TMP, 'doctored.json');
    writeFileSync(doctored, JSON.stringify(record));
    const bad = await wardroom(['verify', doctored]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/NOT verified: the record does not replay: action #\d+: The log says die #\d+ .* the seed gives \d/);
  });
});

describe('wardroom replay', () => {
  it('--json prints the documented summary; without --json a readable summary', async ({ expect }) => {
    const r = await wardroom(['replay', join(ROOT, 'examples/cwnb/mission-invasion.json'), '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(Object.keys(s)).toEqual(expect.arrayContaining(['turn', 'finished', 'zones', 'vp', 'victory']));
    expect(s).toMatchObject({
      turn: 2,
      finished: true,
      zones: [{ id: 'north-sea', status: 'Allied Edge', points: { allied: 0, soviet: 0 } }],
      vp: { allied: 201, soviet: 183 },
      victory: { winner: 'allied', margin: 18, level: 'Pyrrhic' },
    });
    const unfinished = newGame({ ...ONE_ZONE, zones: ['north-atlantic', 'south-pacific'], dice: 'seeded' });
    const text = await wardroom(['replay', unfinished]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('0 actions replayed.');
    const u = JSON.parse((await wardroom(['replay', unfinished, '--json'])).stdout);
    expect(u).toMatchObject({
      turn: 1,
      finished: false,
      zones: [
        { id: 'north-atlantic', status: 'Even', points: { allied: 130, soviet: 140 } },
        { id: 'south-pacific', status: 'Even', points: { allied: 80, soviet: 100 } },
      ],
      vp: { allied: 0, soviet: 0 },
      victory: null,
    });
  });

  it('a corrupted file exits non-zero with a message', async ({ expect }) => {
    const notJson = join(TMP, 'corrupt.json');
    writeFileSync(notJson, '{"format": "wardroom-game", "log": [');
    const r = await wardroom(['replay', notJson, '--json']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('not a readable JSON game file');
    const notGame = join(TMP, 'not-a-game.json');
    writeFileSync(notGame, JSON.stringify({ format: 'wardroom-game', version: 1, module: 'cwnb-campaign', options: {}, seedCommitment: 'abc', log: [] }));
    const r2 = await wardroom(['replay', notGame]);
    expect(r2.code).not.toBe(0);
    expect(r2.stderr).toContain('seedCommitment');
  });

  it('an illegal action in the log exits non-zero naming its index', async ({ expect }) => {
    const record = JSON.parse(readFileSync(join(ROOT, 'examples/cwnb/mission-military-escort.json'), 'utf8'));
    record.log[5] = { type: 'rollMission', seat: 'soviet:mediterranean', values: [2] }; // the mission is already rolled
    const file = join(TMP, 'illegal.json');
    writeFileSync(file, JSON.stringify(record));
    const r = await wardroom(['replay', file, '--json']);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('action #5:');
    expect(r.stderr).toContain('already determined');
    record.log[5] = { type: 'teleport', seat: 'soviet:mediterranean' };
    writeFileSync(file, JSON.stringify(record));
    const r2 = await wardroom(['replay', file]);
    expect(r2.code).not.toBe(0);
    expect(r2.stderr).toContain('action #5: Unknown action type "teleport"');
  });
});
});
