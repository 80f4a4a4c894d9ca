/**
 * Issue 7 §2 and §4, the kernel's side of the contract: one definition per action (the legal
 * actions are derived from it, and an action not offered to its seat is refused before the module
 * runs), forms a web page can render without module knowledge, events with sequence numbers, turns
 * and audiences, and the dice seed kept outside every state.
 */
import { describe, expect, it } from 'vitest';
import { isRuleError, ruleError } from '../../src/engine/errors.ts';
import { applyAction, legalActions, NOT_NOW, unknownField, waitingFor } from '../../src/engine/kernel.ts';
import type { ActionDef, ActionSpec, Fields, RulesModule } from '../../src/engine/module.ts';
import { newGameRecord, Session } from '../../src/engine/session.ts';
import { teamViewer } from '../../src/engine/viewer.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import type { CwnbState } from '../../src/modules/cwnb/state.ts';
import { playRandomGame } from '../support/cwnb-random-game.ts';
import { exampleStates, openSession, table } from '../support/cwnb-scenario.ts';

/** A counter game: seat "a" adds while the count is below 3. */
function counterModule(runs: { n: number }): RulesModule<{ count: number }, null> {
  const add: ActionDef<{ count: number }> = {
    type: 'add',
    decision: true,
    when: (s, seat, explain) => (seat === 'a' && s.count < 3 ? null : explain ? ruleError('full', 'The counter is full, or this is not your counter.') : NOT_NOW),
    label: () => 'Add one',
    run(s) {
      runs.n++;
      return { state: { count: s.count + 1 }, events: [{ type: 'added', text: 'Added one.', to: 'all' }] };
    },
  };
  return {
    id: 'counter',
    parseOptions: () => null,
    setup: () => ({ count: 0 }),
    seats: () => ['a', 'b'],
    teams: () => ['a', 'b'],
    teamOf: (_s, seat) => seat,
    actions: () => [add],
    view: (s) => s,
    isOver: (s) => s.count >= 3,
  };
}

describe('§2 one definition per action', () => {
  it('the legal actions and the seats waited on are derived from the definitions', () => {
    const m = counterModule({ n: 0 });
    expect(legalActions(m, { count: 0 }, 'a')).toEqual([{ type: 'add', label: 'Add one' }]);
    expect(legalActions(m, { count: 0 }, 'b')).toEqual([]);
    expect(waitingFor(m, { count: 0 })).toEqual(['a']);
    expect(waitingFor(m, { count: 3 })).toEqual([]);
  });

  it('an action not offered to its seat is refused as "not your decision", with the reason, before the module runs', () => {
    const runs = { n: 0 };
    const m = counterModule(runs);
    const dice = { seeded: () => [] };
    expect(applyAction(m, { count: 0 }, { type: 'add', seat: 'b' }, dice)).toMatchObject({ code: 'not-your-decision', reason: 'full', message: 'The counter is full, or this is not your counter.' });
    expect(applyAction(m, { count: 3 }, { type: 'add', seat: 'a' }, dice)).toMatchObject({ code: 'not-your-decision' });
    expect(applyAction(m, { count: 0 }, { type: 'subtract', seat: 'a' }, dice)).toMatchObject({ code: 'unknown-action' });
    expect(applyAction(m, { count: 0 }, { type: 'add' } as never, dice)).toMatchObject({ code: 'bad-action' });
    expect(runs.n).toBe(0);
    expect(isRuleError(applyAction(m, { count: 0 }, { type: 'add', seat: 'a' }, dice))).toBe(false);
    expect(runs.n).toBe(1);
  });

  it('actionsFor narrows what the kernel asks: an action it leaves out is not offered, not waited on and not accepted, before the module runs', () => {
    const runs = { n: 0 };
    const base = counterModule(runs);
    const m = { ...base, actionsFor: (s: { count: number }) => (s.count === 1 ? [] : base.actions(s)) };
    const dice = { seeded: () => [] };
    expect(legalActions(m, { count: 0 }, 'a').map((a) => a.type)).toEqual(['add']);
    expect(waitingFor(m, { count: 0 })).toEqual(['a']);
    expect(isRuleError(applyAction(m, { count: 0 }, { type: 'add', seat: 'a' }, dice))).toBe(false);
    runs.n = 0;
    // With count 1, add's `when` says yes, but actionsFor leaves it out.
    expect(legalActions(m, { count: 1 }, 'a')).toEqual([]);
    expect(waitingFor(m, { count: 1 })).toEqual([]);
    expect(applyAction(m, { count: 1 }, { type: 'add', seat: 'a' }, dice)).toMatchObject({ code: 'not-your-decision' });
    expect(runs.n).toBe(0);
  });

  it('every form offered in fuzzed games, base and optional rules, has a label for each field and each variant field, and choices with values', () => {
    const problems: string[] = [];
    let forms = 0;
    const checkFields = (where: string, fields: Fields | undefined) => {
      for (const [name, f] of Object.entries(fields ?? {})) {
        if (typeof f.label !== 'string' || !f.label) problems.push(`${where}: field ${name} has no label`);
        if (f.kind === 'choice' || f.kind === 'subset') {
          for (const o of f.options) {
            if (typeof o.label !== 'string' || o.value === undefined) problems.push(`${where}: an option of ${name} has no value or label`);
            checkFields(`${where} ${name}=${String(o.value)}`, o.fields);
          }
        }
      }
    };
    for (let seed = 980_001; seed <= 980_012; seed++) {
      playRandomGame(seed, {
        limits: { zones: 3, turns: 2 },
        optionalRules: seed % 2 ? 'random' : 'none',
        probeChance: 0,
        undoChance: 0,
        checkInvariants: false,
        checkReplay: false,
        onState: (state) => {
          for (const seat of cwnb.seats(state)) {
            for (const spec of legalActions(cwnb, state, seat) as ActionSpec[]) {
              forms++;
              if (!spec.label) problems.push(`${seat} ${spec.type}: no label`);
              checkFields(`${seat} ${spec.type}`, spec.fields);
            }
          }
        },
      });
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(forms).toBeGreaterThan(2000);
  });

  it('every field of every offered form has a label and help text (docs/actions.md), variant fields too, in fuzzed games and every example game', () => {
    const problems = new Set<string>();
    const offered = new Set<string>();
    // A choice's options may carry fields of their own (variants); a seat option ("for", 14.1) is named SEAT.
    const checkFields = (type: string, fields: Fields | undefined, path = '') => {
      for (const [name, f] of Object.entries(fields ?? {})) {
        const where = `${type}.${path}${name}`;
        if (typeof f.label !== 'string' || !f.label.trim()) problems.add(`${where}: no label`);
        if (typeof f.help !== 'string' || !f.help.trim()) problems.add(`${where}: no help`);
        if (f.kind === 'choice' || f.kind === 'subset') {
          for (const o of f.options) checkFields(type, o.fields, `${path}${name}=${String(o.value).replace(/^(allied|soviet|commander):.*/, 'SEAT')}.`);
        }
      }
    };
    const checkState = (state: CwnbState) => {
      for (const seat of cwnb.seats(state)) {
        for (const spec of legalActions(cwnb, state, seat) as ActionSpec[]) {
          offered.add(spec.type);
          checkFields(spec.type, spec.fields);
        }
      }
    };
    for (let seed = 980_001; seed <= 980_012; seed++) {
      playRandomGame(seed, { limits: { zones: 3, turns: 2 }, optionalRules: seed % 2 ? 'random' : 'none', probeChance: 0, undoChance: 0, checkInvariants: false, checkReplay: false, onState: checkState });
    }
    let allOptions: CwnbState | undefined;
    for (const { file, step, state } of exampleStates()) {
      if (file === 'seven-zone-all-options.json' && step === 0) allOptions = state;
      checkState(state);
    }
    expect([...problems].sort()).toEqual([]);
    // Every action type of the rules with every optional rule was offered at least once.
    expect(allOptions, 'examples/cwnb/optional/seven-zone-all-options.json').toBeDefined();
    const types = cwnb.actions(allOptions!).map((d) => d.type);
    expect(types.filter((type) => !offered.has(type))).toEqual([]);
  });

  it('variants: a Carrier Air Strike asks whether it succeeded, a Gun or Missile attack its Damage Value, an attack card its printed value', () => {
    const t = table(['north-sea']);
    t.act('soviet:north-sea', 'rollMission', { values: [1] });
    const buyCard = t.session.legalActions('allied:north-sea').find((a) => a.type === 'buyCard')!;
    const card = buyCard.fields!.card as Extract<Fields[string], { kind: 'choice' }>;
    expect(card.options.find((o) => o.value === 'Gun')!.fields).toMatchObject({ value: { kind: 'int', label: 'Printed value', min: 1 } });
    expect(card.options.find((o) => o.value === 'ECM')!.fields).toBeUndefined();
  });
});

/**
 * Two seats, each counting in its own part ("zone:a", "zone:b"). Seat b's count while a's is still 0
 * is a step of the whole game (scope null): b's action reads a's part without saying so, the kind
 * of slip the session must not let an undo turn into a silent change of history.
 */
function twoCounters(): RulesModule<{ a: number; b: number; bonus: number }, null> {
  const inc: ActionDef<{ a: number; b: number; bonus: number }> = {
    type: 'inc',
    decision: true,
    when: (_s, seat) => (seat === 'a' || seat === 'b' ? null : NOT_NOW),
    label: () => 'Count one',
    run(s, action) {
      if (action.seat === 'a') return { state: { ...s, a: s.a + 1 }, events: [{ type: 'inc', text: 'a counts.', to: 'all' }], scope: ['zone:a'] };
      const bonus = s.a === 0;
      return { state: { ...s, b: s.b + 1, bonus: s.bonus + (bonus ? 1 : 0) }, events: [{ type: 'inc', text: bonus ? 'b counts first: a bonus for everyone.' : 'b counts.', to: 'all' }], scope: bonus ? undefined : ['zone:b'] };
    },
  };
  return { id: 'two-counters', parseOptions: () => null, setup: () => ({ a: 0, b: 0, bonus: 0 }), seats: () => ['a', 'b'], teams: () => ['a', 'b'], teamOf: (_s, seat) => seat, actions: () => [inc], view: (s) => s, isOver: () => false };
}

describe('§4 a take-back never changes what the actions after it did', () => {
  it('an undo or rewind the scopes allow, but after which a later action would have done something else, is refused; nothing changes', () => {
    const opened = Session.open(twoCounters(), newGameRecord('two-counters', null, 'seed'));
    if (isRuleError(opened)) throw new Error(opened.message);
    const s = opened;
    s.submit({ type: 'inc', seat: 'a' });
    s.submit({ type: 'inc', seat: 'b' }); // a is 1: no bonus, only b's part
    const { state, version } = s;
    expect(s.undoableCount('a')).toBe(0); // not offered either
    const r = s.undo('a');
    expect(isRuleError(r) && r.code).toBe('undo-not-allowed');
    expect(isRuleError(r) && r.message).toBe('Taking this back would change what action #1 of b (“b counts”) did.');
    const rewound = s.rewind('zone:a', -1, ['referee']);
    expect(isRuleError(rewound) && [rewound.code, rewound.message]).toEqual(['rewind-not-allowed', 'Taking this back would change what action #1 of b (“b counts”) did.']);
    expect(s.state).toBe(state);
    expect(s.version).toBe(version);
    // b, who acted last, may take its count back; then a may.
    expect(isRuleError(s.undo('b'))).toBe(false);
    expect(isRuleError(s.undo('a'))).toBe(false);
    expect(s.state).toEqual({ a: 0, b: 0, bonus: 0 });
  });
});

describe('§4 with §1: a take-back tells each team only what it may see', () => {
  it("the team taking back an action that dealt both teams a secret card is told its own card, never the other team's", () => {
    const deal: ActionDef<{ dealt: number }> = {
      type: 'deal',
      decision: true,
      when: (_s, seat) => (seat === 'a' ? null : NOT_NOW),
      label: () => 'Deal',
      run: (s) => ({
        state: { dealt: s.dealt + 1 },
        events: [
          { type: 'card', text: 'a gets a card.', to: 'all', secret: { text: 'a gets the Ace.', to: { team: 'a' } } },
          { type: 'card', text: 'b gets a card.', to: 'all', secret: { text: 'b gets the Queen.', to: { team: 'b' } } },
        ],
        scope: ['table'],
      }),
    };
    const module: RulesModule<{ dealt: number }, null> = { id: 'deal', parseOptions: () => null, setup: () => ({ dealt: 0 }), seats: () => ['a', 'b'], teams: () => ['a', 'b'], teamOf: (_s, seat) => seat, actions: () => [deal], view: (s) => s, isOver: () => false };
    const s = Session.open(module, newGameRecord('deal', null, 'seed'));
    if (isRuleError(s)) throw new Error(s.message);
    s.submit({ type: 'deal', seat: 'a' });
    expect(isRuleError(s.undo('a'))).toBe(false);
    const told = s.eventsFor(teamViewer('a')).find((e) => e.type === 'taken-back');
    expect(told?.text).toBe("Your team's 1 action taken back: #0 a gets the Ace; b gets a card.");
    expect(JSON.stringify(s.eventsFor(teamViewer('a')))).not.toContain('Queen');
  });
});

describe('§1 events: sequence numbers, turns, zones, audiences', () => {
  it('in fuzzed games every event has its sequence number, its log entry, its turn and who may see it; zone events name their zone', () => {
    const ZONE_TYPES = new Set(['mission', 'points', 'order', 'order-done', 'purchase', 'bank', 'commit', 'reveal', 'cards-dealt', 'sunk', 'damage', 'status', 'set-aside', 'turn-done', 'non-combatants', 'retreat', 'land-attack', 'battle-turn']);
    for (const seed of [990_001, 990_002, 990_003]) {
      const r = playRandomGame(seed, { limits: { zones: 3, turns: 2 }, probeChance: 0, checkInvariants: false, checkReplay: false });
      const s = openSession(r.record);
      s.events.forEach((e, i) => {
        expect(e.seq).toBe(i);
        expect(s.record.log[e.entry]).toBeDefined();
        expect(Number.isInteger(e.turn)).toBe(true);
        expect(e.to === 'all' || e.to === 'referee' || typeof e.to === 'object').toBe(true);
        if (ZONE_TYPES.has(e.type) && !(e.type === 'reveal' && e.text.startsWith('Purchases'))) expect(e.zone, `${e.type}: ${e.text}`).toBeTruthy();
      });
      // The later events of a viewer are those after the last one it saw.
      const mid = Math.floor(s.events.length / 2);
      expect(s.eventsFor({ kind: 'referee' }, mid - 1).map((e) => e.seq)).toEqual(s.events.slice(mid).map((e) => e.seq));
    }
  });
});

describe('§4 the dice seed lives outside the state', () => {
  it('a record opened without its seed replays (its rolls are logged), refuses a new roll with a clear error, and rolls once the seed is revealed', () => {
    const t = table(['north-sea'], { dice: 'seeded', seed: 'the-secret-seed' });
    t.act('soviet:north-sea', 'rollMission');
    for (const seat of ['allied:north-sea', 'soviet:north-sea']) t.act(seat, 'donePurchasing');
    const withheld = t.session.withoutSeed();
    expect(withheld.seed).toBeUndefined();
    expect(JSON.stringify(withheld)).not.toContain('the-secret-seed');
    const s = openSession(withheld);
    expect(s.state).toEqual(t.state);
    // A new roll needs the seed: refused, nothing changed.
    const r = openSession({ ...withheld, log: withheld.log.slice(0, 0) }).submit({ type: 'rollMission', seat: 'soviet:north-sea' });
    expect(r).toMatchObject({ code: 'dice-seed-withheld' });
    expect(isRuleError(s.revealSeed('wrong'))).toBe(true);
    expect(s.revealSeed('the-secret-seed')).toBeNull();
    expect(s.record.seed).toBe('the-secret-seed');
  });
});

describe('what a submitted action may hold', () => {
  it('a key that is not a field of the form, or of the option chosen, is refused naming it (13.5: the dice of a re-roll not chosen)', () => {
    const fields: Fields = {
      use: { kind: 'choice', label: 'Use', options: [{ value: 'points', label: '+2 points' }, { value: 'reroll', label: 'Re-roll', fields: { values: { kind: 'dice', label: 'Dice', sides: [6] } } }] },
    };
    expect(unknownField({ type: 'joker', seat: 's', use: 'reroll', values: [3] }, fields)).toBeNull();
    expect(unknownField({ type: 'joker', seat: 's', use: 'points', values: [3] }, fields)).toMatchObject({ code: 'bad-field', message: '"values" is not a field of joker now (its fields: use).' });
    expect(unknownField({ type: 'joker', seat: 's', die: 6 }, undefined, 'Roll the die.\nmore')).toMatchObject({ message: '"die" is not a field of joker now (Roll the die; it has none).' });
  });
});
