/**
 * The Strategic Missions Phase through the same play driver as a campaign (issue 8 §1): the record
 * is saved after every answer, `wardroom play` resumes it, and every roll is shown as it happens.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { atTerminal, ROOT, TMP, wardroom } from '../support/cli.ts';

const DEMO = join(ROOT, 'examples/smp/demo-1940.json');

describe('smp run and wardroom play share one driver', () => {
  it('#2 an interrupted phase is saved after every answer, resumes with wardroom play, and shows each roll as it happens', async ({ expect }) => {
    const record = join(TMP, 'smp-record.json');
    const answers = join(TMP, 'smp-answers.json');
    writeFileSync(answers, '["auto"]');
    const first = await wardroom(['smp', 'run', DEMO, '--steps', '2', '--seed', 'table', '--record', record, '--answers', answers], 'quit\n');
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(`Stopped: the phase is saved in ${record}; "wardroom play ${record}" resumes it.`);
    const saved = JSON.parse(readFileSync(record, 'utf8')).log.length;
    expect(saved).toBeGreaterThan(0);
    // While the phase is played its seed is beside the record, not in it: nobody reads the rolls to come there.
    expect(JSON.parse(readFileSync(record, 'utf8')).seed).toBeNull();
    expect(readFileSync(`${record}.seed`, 'utf8')).toBe('table\n');

    const second = await wardroom(['play', record], '\n'.repeat(200));
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Vichy: .+ attempts .+ @\d: \d\n {2}2 Vichy France: .+ (fails|succeeds|claims|destroys)/); // the die, then what it did
    expect(JSON.parse(readFileSync(record, 'utf8')).log.length).toBeGreaterThan(saved);
    expect(JSON.parse(readFileSync(record, 'utf8')).seed, 'the phase over, its seed is in the record').toBe('table');

    const replay = await wardroom(['smp', 'replay', record]);
    expect(replay.stdout).toMatch(/Verified: \d+ rolls? match the seed/);
    expect(replay.stdout).not.toContain('not finished');
    // "wardroom replay", the campaign's command, points to it rather than print the board's JSON (1,400 lines).
    const actions = JSON.parse(readFileSync(record, 'utf8')).log.length;
    expect((await wardroom(['replay', record])).stdout).toBe(`${record}: a Strategic Missions Phase record (${actions} actions replayed). "wardroom smp replay ${record}" prints its report; "--json" here, its board as JSON.\n`);
    expect(JSON.parse((await wardroom(['replay', record, '--json'])).stdout)).toHaveProperty('step');
  });

  it('a phase finished with wardroom play gives the next phase\'s board: smp replay --out writes it, as smp run --out would', async ({ expect }) => {
    const record = join(TMP, 'smp-finished.json');
    const next = join(TMP, 'smp-finished-next.json');
    expect((await wardroom(['smp', 'run', DEMO, '--auto', '--seed', 'next', '--record', record])).code).toBe(0);
    const replay = await wardroom(['smp', 'replay', record, '--out', next]);
    expect(replay.code).toBe(0);
    expect(replay.stderr).toMatch(/^Next phase \(SMP 2, round \d+, \w+\) written to /);
    expect((await wardroom(['smp', 'validate', next])).code).toBe(0);
    expect((await wardroom(['smp', 'replay', record, '--out', record])).stderr).toContain("the record being replayed: the next phase's board would replace it");
  });

  it('#1.5 a number typed on the answer line past its range is refused at once, before the other fields are asked; "quit" at a field\'s prompt stops, as at the prompt', async ({ expect }) => {
    const record = join(TMP, 'smp-winter.json');
    const r = await wardroom(['smp', 'run', DEMO, '--seed', '1', '--record', record], 'n\ns0=4\n\nquit\n');
    expect(r.code).toBe(0);
    const after = r.stdout.slice(r.stdout.indexOf('germany> s0=4'));
    expect(after.split('\n')[1]).toMatch(/^Refused: "s0" \(infantry in Belarus\) must be a whole number from 0 to 3, not 4\./);
    expect(r.stdout).not.toContain('input ended');
    expect(r.stderr).toContain(`Stopped: the phase is saved in ${record}`);
  });

  it('cli.md: with piped input a refused answer prints "Refused:" and changes nothing; the next line is read, as in wardroom play (#1.4 Hendaye)', async ({ expect }) => {
    const record = join(TMP, 'smp-refused.json');
    const r = await wardroom(['smp', 'run', DEMO, '--seed', '1', '--record', record], '{"yes":"maybe"}\nfrobnicate\n{"yes":false}\nquit\n');
    expect(r.stdout).toContain('Refused: "yes" (Yes) must be true or false, not "maybe".');
    expect(r.stdout).toMatch(/> \{"yes":false\}\n {2}.*1\.4 Hendaye: Germany declines/);
    const log = JSON.parse(readFileSync(record, 'utf8')).log;
    expect(log.map((a: { type: string; yes?: boolean }) => [a.type, a.yes])).toEqual([['choose', false]]);
    expect(r.code).toBe(0);
  });

  it('#1.4–1.6 a bare answer at the prompt is the answer to the seat\'s one decision: "n", the counts, a number from the list', async ({ expect }) => {
    const record = join(TMP, 'smp-bare.json');
    const r = await wardroom(['smp', 'run', DEMO, '--seed', '1', '--record', record], 'n\n3 0 0\n2\nquit\n');
    expect(r.stdout).not.toContain('Refused');
    const log = JSON.parse(readFileSync(record, 'utf8')).log;
    expect(log.map(({ type: _t, seat: _s, ...a }: Record<string, unknown>) => a)).toEqual([{ yes: false }, { s0: 3, s1: 0, s2: 0 }, { choice: 'Smolensk#0' }]);
  });

  it('#1.5 Russian Winter: an answer with a field its form does not have is refused naming it, and nothing is recorded', async ({ expect }) => {
    const record = join(TMP, 'smp-unknown-field.json');
    const r = await wardroom(['smp', 'run', DEMO, '--seed', '1', '--record', record], '{"yes":false}\n{"s0":3,"s1":0,"s2":0,"zz":4}\nquit\n');
    expect(r.stdout).toContain('Refused: "zz" is not a field of choose now (1.5 Russian Winter (winter): Germany must remove 3 regular/elite infantry from originally Russian territories; its fields: s0, s1, s2).');
    expect(JSON.parse(readFileSync(record, 'utf8')).log).toHaveLength(1); // the Hendaye answer alone
  });

  it('#1.1–1.3 the steps played before the first decision are shown as they happen, not only in the final report', async ({ expect }) => {
    const r = await wardroom(['smp', 'run', DEMO, '--seed', '1', '--record', join(TMP, 'smp-opening.json')], 'quit\n');
    const before = r.stdout.split('— germany now —')[0];
    expect(before).toContain('1.2 American Assistance: the United States is neutral: 1 free Canadian fighter (United Kingdom) placed in Ottawa.');
    expect(before).toContain('1.3 Operation Dynamo: evacuated from Normandy to London');
  });

  it('#2 (R2-4) smp run refuses a new board whose Vichy rules are in effect without vichy.turned, naming the field', async ({ expect }) => {
    const raw = JSON.parse(readFileSync(join(ROOT, 'examples/smp/demo-3rd-smp.json'), 'utf8'));
    delete raw.vichy.turned;
    const file = join(TMP, 'smp-no-turned.json');
    writeFileSync(file, JSON.stringify(raw));
    const r = await wardroom(['smp', 'run', file, '--auto', '--seed', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/The scenario is not valid:\n {2}vichy\.turned: the Vichy rules are in effect/);
  });

  it('quit stops smp run with exit 0, as in wardroom play, saying where the phase is saved; without --record nothing is saved, and it says so', async ({ expect }) => {
    const record = join(TMP, 'smp-quit.json');
    const r = await wardroom(['smp', 'run', DEMO, '--seed', '1', '--record', record], '{"yes":false}\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`Stopped: the phase is saved in ${record}; "wardroom play ${record}" resumes it.`);
    expect(r.stderr).not.toContain('not finished');
    const none = await wardroom(['smp', 'run', DEMO, '--seed', '1'], 'quit\n');
    expect(none.stderr).toContain('Stopped before the phase finished; nothing is saved (give --record FILE to resume it later with "wardroom play FILE").');
    expect(none.code).toBe(1);
  });

  it('--auto prints a seat\'s "now" header only when something follows it: no header with nothing under it', async ({ expect }) => {
    const r = await wardroom(['smp', 'run', DEMO, '--auto', '--seed', '42']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('— japan now —\n  Vichy: Japan attempts French Indo-China');
    const headers = r.stdout.split('\n').flatMap((line, i, lines) => (/^— .+ now —$/.test(line) ? [[line, lines[i + 1] ?? '']] : []));
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.filter(([, next]) => next.trim() === '')).toEqual([]);
  });

  it('#1.5 an answer asked field by field: a number out of its range is refused as it is typed, naming the field and the range, and asked again', async ({ expect }) => {
    const record = join(TMP, 'smp-field-range.json');
    // Hendaye declined; then Enter asks Russian Winter's fields one by one: s0 9 (0-3) is refused at once, then 1, 1, 1.
    const r = await wardroom(['smp', 'run', DEMO, '--seed', '1', '--record', record], '{"yes":false}\n\n9\n1\n1\n1\nquit\n');
    expect(r.stdout).toContain('\n"s0" (infantry in Belarus) must be a whole number from 0 to 3, not 9. ("cancel" leaves.)\n');
    expect(r.stdout).not.toContain('Refused:'); // not the whole answer refused at the end, its fields typed again as commands
    const log = JSON.parse(readFileSync(record, 'utf8')).log;
    expect(log.at(-1)).toMatchObject({ type: 'choose', s0: 1, s1: 1, s2: 1 });
  });

  it('#1 an answer is taken back with undo at the table, and the undo is logged', async ({ expect }) => {
    const record = join(TMP, 'smp-undo.json');
    const answers = join(TMP, 'smp-undo-answers.json');
    writeFileSync(answers, '["auto"]');
    await wardroom(['smp', 'run', DEMO, '--steps', '1', '--seed', 'undo', '--record', record, '--answers', answers], 'quit\n');
    const r = await wardroom(['play', record], 'undo\nquit\n');
    expect(r.stdout).toContain('Took back: 1.4 Hendaye: Germany declines.'); // in the log's words
    expect(JSON.parse(readFileSync(record, 'utf8')).log.at(-1)).toMatchObject({ type: '@undo', voids: [0] });
  });
});

describe('the end of a phase', () => {
  it('says where it left each nation\'s IPCs, the tokens and Vichy France (what the players keep on paper), the same as the next board; and how to write that board', async ({ expect }) => {
    const next = join(TMP, 'smp-after-next.json');
    const withOut = await wardroom(['smp', 'run', DEMO, '--auto', '--seed', 'after', '--out', next]);
    expect(withOut.code).toBe(0);
    const board = JSON.parse(readFileSync(next, 'utf8'));
    const start = JSON.parse(readFileSync(DEMO, 'utf8'));
    const ipcs = /\n {2}IPCs on hand: (.*)\.\n/.exec(withOut.stdout)![1];
    expect(ipcs).toContain(`Germany ${start.cash.germany === board.cash.germany ? board.cash.germany : `${start.cash.germany} → ${board.cash.germany}`}`);
    expect(withOut.stdout).toMatch(new RegExp(`\\n {2}Tokens left: engineer [^,]*${board.tokens.engineer}, kamikaze [^,]*${board.tokens.kamikaze}, partisan [^.]*${board.tokens.partisan}\\.\\n`));
    expect(withOut.stdout).toContain(`Vichy France: ${board.vichy.status}`);
    expect(withOut.stdout).not.toContain("The next phase's board:"); // written by --out
    const record = join(TMP, 'smp-after.json');
    const withRecord = await wardroom(['smp', 'run', DEMO, '--auto', '--seed', 'after', '--record', record]);
    expect(withRecord.stdout).toContain(`The next phase's board: "wardroom smp replay ${record} --out NEXT.json" writes it.`);
    expect((await wardroom(['smp', 'replay', record])).stdout).toContain(`IPCs on hand: ${ipcs}.`);
  });
});

describe('smp run at a terminal', () => {
  it('every line fits a terminal 60 columns wide, broken at spaces: the questions and their JSON auto answers, the report, where the phase is saved', async ({ expect }) => {
    const dir = mkdtempSync(join(TMP, 'smp-60-'));
    const r = await atTerminal(['smp', 'run', DEMO, '--seed', 'narrow', '--record', 'narrow.json', '--auto'], [], dir, 60);
    expect(r.code).toBe(0);
    expect(r.screen).toContain('After the phase:');
    const lines = r.screen.split('\n');
    expect(lines.filter((l) => l.length > 60)).toEqual([]);
    expect(lines.some((l) => l.length > 50), 'long lines were broken, not left out').toBe(true);
  });

  it('Ctrl-D at a question stops the phase as "quit" does, saved to resume; the rest is not played by the auto policy', async ({ expect }) => {
    const dir = mkdtempSync(join(TMP, 'smp-tty-'));
    const r = await atTerminal(['smp', 'run', DEMO, '--seed', 'tty'], [{ until: /germany> /, keys: 'n\r' }, { until: /germany> /, keys: '\x04' }], dir);
    expect(r.screen).toContain('Hendaye: Germany declines');
    expect(r.screen).not.toContain('auto policy');
    expect(r.screen).toContain('Stopped: the phase is saved in demo-1940.phase.json; "wardroom play demo-1940.phase.json" resumes it.');
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'demo-1940.phase.json'), 'utf8')).log).toHaveLength(1);
  });

  it('Ctrl-D at a question asked field by field (Enter, then Ctrl-D at "Yes [no]?") stops too, and the command ends: it waited on the terminal for good', async ({ expect }) => {
    const dir = mkdtempSync(join(TMP, 'smp-tty-field-'));
    const t0 = Date.now();
    const r = await atTerminal(['smp', 'run', DEMO, '--seed', 'tty'], [{ until: /germany> /, keys: '\r' }, { until: /Yes \[no\]\? /, keys: '\x04' }], dir);
    expect(r.screen).toContain('Stopped: the phase is saved in demo-1940.phase.json');
    expect(r.code).toBe(0);
    expect(Date.now() - t0).toBeLessThan(20_000);
  }, 70_000);
});
