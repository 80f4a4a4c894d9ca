/**
 * Answering the Strategic Missions Phase at a terminal (docs/cli.md, docs/smp.md), driven in this
 * process through a scripted terminal that shows every prompt as a person sees it: a bare answer
 * to the seat's one decision, the prompt's example, a partial answer completed field by field,
 * and undo when the last action is another nation's.
 */
import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { playSession, type Terminal } from '../../src/adapters/cli/play.ts';
import { isRuleError } from '../../src/engine/errors.ts';
import { newGameRecord, Session } from '../../src/engine/session.ts';
import { autoAction, derive, type SmpState } from '../../src/modules/smp/index.ts';
import { afterPhase, describeRequest } from '../../src/modules/smp/play.ts';
import { MODULES } from '../../src/modules/index.ts';

const DEMO = JSON.parse(readFileSync(new URL('../../examples/smp/demo-1940.json', import.meta.url), 'utf8'));

/** The demo phase (seed 1), its auto answers taken until `until` holds of the pending request's prompt. */
function phase(until: (prompt: string) => boolean = () => true): Session<unknown> {
  const s = Session.open(MODULES.smp, newGameRecord('smp', { scenario: DEMO, dice: 'seeded' }, '1'), { seed: '1' });
  if (isRuleError(s)) throw new Error(s.message);
  for (let p = derive(s.state as SmpState).pending; p && !until(p.prompt); p = derive(s.state as SmpState).pending) s.submit(autoAction(s.state as SmpState)!);
  return s;
}

/** Play `lines` at an interactive terminal: the screen as the table sees it (prompts with what was typed). */
async function table(session: Session<unknown>, lines: string[]): Promise<string> {
  const screen: string[] = [];
  const input = [...lines];
  const term: Terminal = {
    interactive: true,
    say: (s) => void screen.push(s),
    async ask(prompt) {
      const line = input.shift();
      if (line === undefined) return null;
      screen.push(`${prompt}${line}`);
      return line;
    },
    clear() {},
    close() {},
  };
  await playSession(session, term);
  return screen.join('\n');
}

const answers = (s: Session<unknown>) => s.record.log.filter((a) => a.type === 'choose').map(({ type: _t, ...a }) => a);

describe('an SMP decision answered at the terminal', () => {
  it('"status" names the phase by the board\'s own numbers before its label, which a next board copies unchanged (h22)', async ({ expect }) => {
    const screen = await table(phase(), ['status', 'quit']);
    expect(screen).toMatch(/^Strategic Missions Phase 1 \(round 1, winter\) — DEMO board \(1940, Europe and beyond\)/m);
  });

  it('#1 a bare answer to the seat\'s one decision is taken as its answer: y/n to a yes/no question, a number to a numbered list, values to a form', async ({ expect }) => {
    const s = phase();
    const screen = await table(s, ['n', 's0=2 s1=1 s2=0', '2', 'quit']);
    expect(screen).not.toContain('Refused');
    expect(answers(s)).toEqual([
      { seat: 'germany', yes: false },
      { seat: 'germany', s0: 2, s1: 1, s2: 0 },
      { seat: 'russia', choice: 'Smolensk#0' }, // [2] in the list shown
    ]);
  });

  it('#1 "y" and "yes" answer a Vichy roll; a bare line that is no answer is refused naming the field, and nothing is recorded', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('Vichy France (Japan)'));
    const screen = await table(s, ['maybe', 'yes', 'quit']);
    expect(screen).toContain('Refused: yes (Yes): type yes or no.');
    expect(answers(s).at(-1)).toEqual({ seat: 'japan', yes: true });
  });

  it('#2 the prompt\'s example is the decision\'s own first field with its auto answer, not "p0=2"', async ({ expect }) => {
    const screen = await table(phase(), ['n', 'quit']);
    expect(screen).not.toContain('p0');
    expect(screen).toMatch(/Take the deal\?\n.*\n.*e\.g\. "no"/);
    expect(screen).toMatch(/Russian Winter[^]*e\.g\. "s0=3"/);
  });

  it('#2 asked field by field, a yes/no default reads "no" and an empty list "none", not [false] or [[]]', async ({ expect }) => {
    const screen = await table(phase(), ['', '', 'quit']);
    expect(screen).toContain('Yes [no]? ');
    const london = await table(phase((prompt) => prompt.includes('Scorched Earth in London')), ['', '', '', 'quit']);
    expect(london).toContain('Chosen (0 to 2 of them, by number or name, comma-separated) [none]? '); // how many, and how to type them
  });

  it('#1.9 a number that is not one of a list\'s choices is refused naming the list, not taken for the next field ("3" at London is not "every tactical facility in each")', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('Scorched Earth in London'));
    const before = s.record.log.length;
    const screen = await table(s, ['3', 'quit']);
    expect(screen).toMatch(/Refused: chosen \(Chosen\): "3" is not one of the choices \("none" for none\):\n {2}London air base/);
    expect(s.record.log.length).toBe(before);
  });

  it('#1 a question\'s choices: a short list on one line, a long one a choice per line; a list to pick from with its values; the auto answer as spaced JSON', async ({ expect }) => {
    const hendaye = await table(phase(), ['quit']);
    expect(hendaye).toContain('  auto answer: { "yes": false }');
    const engineers = await table(phase((prompt) => prompt.includes('Engineer Tokens')), ['quit']);
    expect(engineers).toMatch(/\n {2}choice:\n {4}\[1\] move nothing \(none\)\n {4}\[2\] Smolensk minor factory \(0\/6 damage\) \(Smolensk#0\)\n/);
    const london = await table(phase((prompt) => prompt.includes('Scorched Earth in London')), ['quit']);
    expect(london).toContain('  chosen (comma-separated, "none" for none):\n    1=London air base (0/6 damage)\n    2=London naval base (0/6 damage)\n  rest:\n    [1] ask for each (ask)\n');
    const short = describeRequest({ kind: 'decide', step: 3, seat: 'uk', prompt: 'Which?', action: { type: 'choose', label: 'Choose', fields: { c: { kind: 'choice', label: 'C', options: [{ value: 'a', label: 'A' }, { value: 5, label: 'Five' }] }, s: { kind: 'subset', label: 'S', min: 0, max: 2, options: [{ value: '0', label: 'Zero' }, { value: '3', label: 'Three' }] } } }, auto: { c: 'a', s: [] } } as never);
    expect(short).toBe('[Step 3] uk: Which?\n  c: [1] A (a)  [5] Five\n  s (comma-separated, "none" for none): 0=Zero; 3=Three\n  auto answer: { "c": "a", "s": [] }');
  });

  it('#10 the end of the phase says where it left each nation\'s IPCs, the tokens and Vichy France, against where it began, as the next board holds them', async ({ expect }) => {
    const s = phase(() => false); // the demo's auto answers to the end
    const board = derive(s.state as SmpState).board;
    const text = afterPhase(s.state as SmpState);
    const was = (a: number, b: number) => (a === b ? `${b}` : `${a} → ${b}`);
    expect(text.split('\n')).toEqual([
      'After the phase:',
      `  IPCs on hand: ${board.nations.filter((n) => board.cash[n.id] !== undefined).map((n) => `${n.name ?? n.id} ${was(DEMO.cash[n.id] ?? 0, board.cash[n.id])}`).join(', ')}.`,
      `  Tokens left: ${(['engineer', 'kamikaze', 'partisan'] as const).map((k) => `${k} ${was(DEMO.tokens[k], board.tokens[k])}`).join(', ')}.`,
      `  Vichy France: ${board.vichy.status}${board.vichy.status === DEMO.vichy.status ? '' : ` (was ${DEMO.vichy.status})`}; turned to the Axis ${board.vichy.turned.axis}, to the Free French ${board.vichy.turned.freeFrench}.`,
    ]);
    expect(text).toMatch(/ → /); // the demo phase moves some of them
    expect(text).toContain('Vichy France: in-effect (was pending)');
  });

  it('#1.9 a nation that answers for its other territories is told so in the log: none, or every tactical facility', async ({ expect }) => {
    const screen = await table(phase((prompt) => prompt.includes('Scorched Earth in London')), ['chosen=none rest=all', 'quit']);
    expect(screen).toContain('1.9 Scorched Earth: United Kingdom chooses every tactical facility in its other territories.');
    // Typed in the form's order, "none none" is no list and none in the others (the choice named "none"), not a "none" left out.
    const inOrder = await table(phase((prompt) => prompt.includes('Scorched Earth in London')), ['none none', 'quit']);
    expect(inOrder).toContain('1.9 Scorched Earth: United Kingdom chooses none in its other territories.');
  });

  it('#3 after a partial answer, each count asked next offers what keeps the auto answer\'s total: Russian Winter s1=1, then Enter, Enter', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('Russian Winter'));
    const screen = await table(s, ['s1=1', '', '', 'quit']);
    expect(screen).toContain('infantry in Belarus (0 to 3) [2]? ');
    expect(screen).not.toContain('Refused');
    expect(answers(s).at(-1)).toEqual({ seat: 'germany', s0: 2, s1: 1, s2: 0 });
  });

  it('#3 the same field by field: s0 typed lower, the next count offers the rest', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('Russian Winter'));
    const screen = await table(s, ['', '2', '', '', 'quit']);
    expect(screen).toContain('elite infantry in Belarus (0 to 1) [1]? ');
    expect(answers(s).at(-1)).toEqual({ seat: 'germany', s0: 2, s1: 1, s2: 0 });
  });

  it('#17 a wrong total ("2", "1", "1" for exactly 3 infantry) keeps the answers: Enter asks each field again with them as defaults, and only the wrong one is typed again', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('Russian Winter'));
    const screen = await table(s, ['', '2', '1', '1', '', '', '', '0', 'quit']);
    expect(screen).toContain('Refused: Choose exactly 3 infantry in all, not 4.\n  (Your answers are kept: Enter asks each field again, yours as the defaults.)');
    expect(screen).toContain('infantry in Belarus (0 to 3) [2]? \nelite infantry in Belarus (0 to 1) [1]? \ninfantry in Eastern Ukraine (0 to 1) [1]? 0');
    expect(answers(s).at(-1)).toEqual({ seat: 'germany', s0: 2, s1: 1, s2: 0 });
  });

  it('#17 after a wrong total typed on one line, "s2=0" changes that answer and offers the others as they were typed', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('Russian Winter'));
    const screen = await table(s, ['2 1 1', 's2=0', '', '', 'quit']);
    expect(screen).toContain('infantry in Belarus (0 to 3) [2]? \nelite infantry in Belarus (0 to 1) [1]? ');
    expect(answers(s).at(-1)).toEqual({ seat: 'germany', s0: 2, s1: 1, s2: 0 });
  });

  it('#3 a bombing assignment given in part: the strategic bombers asked next keep every surviving bomber assigned', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('assign each surviving unit to a facility in Moscow'));
    const screen = await table(s, ['choose strategic_bomber>1=1', '', '', 'quit']);
    expect(screen).not.toContain('Refused');
    expect(answers(s).at(-1)).toEqual({ seat: 'germany', 'strategic_bomber>0': 2, 'strategic_bomber>1': 1, 'strategic_bomber>2': 0 });
  });

  it('#17 "as russia" while the United Kingdom\'s question is open says Russia has nothing to do and whom the phase waits for, not the UK\'s question under the russia> prompt', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('Oil Tankers'));
    const screen = await table(s, ['as russia', '', 'no', 'as uk', 'quit']);
    const russia = screen.slice(screen.indexOf('uk> as russia'), screen.indexOf('russia> as uk'));
    expect(russia).not.toMatch(/\[Step 1\] uk|Enter answers/);
    expect(russia).toContain('russia has nothing to do now: the phase waits for uk (step 1; "as uk" to answer).');
    expect(russia).toMatch(/russia cannot "no" now\. Nothing to do now: the game waits for United Kingdom\./); // a command typed there says it too
    expect(screen.slice(screen.indexOf('russia> as uk'))).toContain('[Step 1] uk: 1.8 Oil Tankers'); // back at the UK, its question again
  });

  it('#4 undo at another nation\'s prompt names whose last action it is and how to take it back', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('Russian Winter'));
    const screen = await table(s, ['s0=3 s1=0 s2=0', 'undo', 'as germany', 'undo', 'quit']);
    expect(screen).toContain('russia> undo\nRefused: Nothing to undo: you have not acted (or your actions were taken back). The last action is germany\'s (1.5 Russian Winter: Germany removes 3 infantry from Belarus; 1.6 Russia may never purchase new production facilities (a purchase rule; Wardroom notes it only)): "as germany", then "undo", takes it back.');
    expect(screen).toContain('Took back: 1.5 Russian Winter: Germany removes 3 infantry from Belarus; 1.6 Russia may never purchase');
  });

  it('#4 when that last action is a roll from the seed, undo at the next prompt says it cannot be taken back', async ({ expect }) => {
    const s = phase((prompt) => prompt.includes('Vichy France (Japan)'));
    const screen = await table(s, ['y', 'undo', 'quit']);
    expect(screen).toMatch(/uk> undo\nRefused: .* The last action is japan's \(Vichy: Japan attempts French Indo-China[^\n]*\); undo cannot take it back\.\n/);
  });
});
