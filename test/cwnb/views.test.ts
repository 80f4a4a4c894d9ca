/**
 * Issue 2 §5: `view(state, seat)` shows a seat what it may see and no more. The other team's
 * commitment before the reveal, team-private planning (purchase orders, known Action cards) and the
 * dice seed appear in no other seat's view. Checked on every state of many fuzzed games, for every
 * seat, both teams, the referee and a spectator; and step by step in a hand-made game.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ZONE_IDS, type Side } from '../../src/modules/cwnb/data/index.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';
import type { CwnbState, PlayerState, ZoneState } from '../../src/modules/cwnb/state.ts';
import { parseSeat } from '../../src/modules/cwnb/state.ts';
import { FuzzFailure, playRandomGame } from '../support/cwnb-random-game.ts';
import { table } from '../support/cwnb-scenario.ts';
import { asViewer } from '../support/cwnb-fixtures.ts';
import { waitingFor } from '../../src/engine/kernel.ts';

type View = ReturnType<typeof cwnb.view> & Record<string, any>;

const HAND_MADE_SEED = 'hand-made-secret-seed-7f3a9c';

const REVEALED_STEPS = new Set(['battle', 'set-aside', 'turn-done']);

/** Which team's private information a viewer may see. */
function teamOf(viewer: string): Side | 'both' | 'none' {
  if (viewer === 'referee') return 'both';
  if (viewer === 'allied' || viewer === 'soviet') return viewer;
  if (viewer === 'commander:allied' || viewer === 'commander:soviet') return viewer === 'commander:allied' ? 'allied' : 'soviet'; // 14.1
  return parseSeat(viewer)?.side ?? 'none';
}

function viewersOf(state: CwnbState): string[] {
  return [...cwnb.seats(state), 'allied', 'soviet', 'referee', 'spectator'];
}

/** Every secrecy problem of one view of `state`. */
function viewProblems(state: CwnbState, viewer: string, ui = false): string[] {
  const problems: string[] = [];
  const bad = (s: string) => problems.push(`${viewer}: ${s}`);
  const v = cwnb.view(state, asViewer(viewer)) as View;
  const json = JSON.stringify(v);
  if (json.includes('fuzz-') || json.includes(HAND_MADE_SEED)) bad('the dice seed appears in the view');
  const team = teamOf(viewer);
  const sees = (side: Side) => team === 'both' || team === side;
  // Team notes (Team Summit): private to the team.
  const notes = (state as { notes?: Record<Side, { text: string }[]> }).notes;
  if (notes) {
    for (const side of ['allied', 'soviet'] as const) {
      const nv = v.notes?.[side];
      if (sees(side)) {
        if (!isDeepStrictEqual(nv, notes[side])) bad(`own team's notes missing or wrong`);
      } else {
        if (nv !== undefined) bad(`the ${side} team's notes are visible`);
        // (The driver's notes have distinctive texts; the plain Chooser's "fuzz" may be on both teams.)
        for (const n of notes[side]) if (n.text.startsWith('team-note ') && json.includes(n.text)) bad(`the ${side} team's note "${n.text}" appears in the view`);
      }
    }
  }
  for (const z of Object.values(state.zones) as ZoneState[]) {
    const zv = (v.zones as any[]).find((x) => x.id === z.id);
    if (!zv) {
      bad(`no view of ${z.id}`);
      continue;
    }
    const revealed = REVEALED_STEPS.has(z.step);
    for (const side of ['allied', 'soviet'] as const) {
      const p: PlayerState = z.players[side];
      const pv = zv.players[side];
      const where = `${z.id} ${side} (step ${z.step})`;
      // The view's commitment is the state's with the ships' names beside their ids.
      const commitment = pv.commitment && (({ shipNames, ...c }) => (shipNames.length === c.ships.length ? c : 'names do not match the ships'))(pv.commitment);
      if (sees(side)) {
        if (!isDeepStrictEqual(commitment, p.commitment)) bad(`${where}: own team's commitment ${JSON.stringify(pv.commitment)} ≠ ${JSON.stringify(p.commitment)}`);
        if (!isDeepStrictEqual(pv.cards, p.cards)) bad(`${where}: own team's cards missing or wrong`);
        if (!pv.order || !isDeepStrictEqual(pv.order.ships, p.order.ships) || !isDeepStrictEqual(pv.order.cards, p.order.cards) || pv.order.done !== p.order.done) {
          bad(`${where}: own team's purchase order missing or wrong`);
        }
      } else {
        if ('cards' in pv && pv.cards !== undefined) bad(`${where}: the other team's Action cards are visible`);
        if ('order' in pv && pv.order !== undefined) bad(`${where}: the other team's purchase order is visible`);
        if (!revealed && pv.commitment !== undefined) bad(`${where}: the other team's commitment is visible before the reveal`);
      }
      if (revealed && !isDeepStrictEqual(commitment, p.commitment)) bad(`${where}: commitment not shown after the reveal`);
      if (revealed && p.commitment === null) bad(`${where}: revealed without a commitment`);
      if (!revealed) {
        for (const s of pv.fleet as any[]) if (s.committed !== undefined) bad(`${where}: fleet shows "committed" before the reveal`);
      }
      if (pv.hasCommitted !== (p.commitment !== null)) bad(`${where}: hasCommitted wrong`);
    }
  }
  // Enough to drive a UI: who is waiting (the seat's actions come from the kernel).
  if (ui && !isDeepStrictEqual(v.waitingFor, waitingFor(cwnb, state))) bad('waitingFor differs');
  return problems;
}

function allViewProblems(state: CwnbState, ui = true): string[] {
  return viewersOf(state).flatMap((viewer) => viewProblems(state, viewer, ui));
}

describe('views and secrets on every state of 200 fuzzed games of 1–3 zones and 1–3 turns (issue 2 §5)', () => {
  const GAMES = 200;
  const FIRST = 900_001; // other seeds than the fuzz suite's
  for (let from = FIRST; from < FIRST + GAMES; from += 50) {
    it(`games ${from}–${from + 49}: every seat's view hides the other team's secrets and the dice seed`, () => {
      const failures: string[] = [];
      let states = 0;
      let beforeReveal = 0;
      for (let seed = from; seed < from + 50; seed++) {
        try {
          playRandomGame(seed, {
            limits: { zones: 3, turns: 3 },
            probeChance: 0,
            checkInvariants: false,
            checkReplay: false,
            onState: (state) => {
              states++;
              if (Object.values(state.zones).some((z) => z!.step === 'preparation' && (z!.players.allied.commitment || z!.players.soviet.commitment))) beforeReveal++;
              const problems = allViewProblems(state, states % 16 === 0);
              if (problems.length) throw new Error(`game seed ${seed}, state after ${state.dice.counter} rolls: ${problems.slice(0, 5).join('; ')}`);
            },
          });
        } catch (e) {
          failures.push(e instanceof FuzzFailure ? e.message : String((e as Error).message ?? e));
        }
      }
      expect(failures.slice(0, 3)).toEqual([]);
      expect(states).toBeGreaterThan(1000);
      // The interesting window (one side committed, not yet revealed) was visited.
      expect(beforeReveal).toBeGreaterThan(20);
    });
  }
});

describe('views step by step in a hand-made game', () => {
  const SEED = HAND_MADE_SEED;

  function noSeed(state: CwnbState) {
    for (const viewer of viewersOf(state)) expect(JSON.stringify(cwnb.view(state, asViewer(viewer)))).not.toContain(SEED);
  }
  const player = (state: CwnbState, viewer: string, zone: string, side: Side) => (cwnb.view(state, asViewer(viewer)) as View).zones.find((z: any) => z.id === zone).players[side];

  it('purchase orders and Action cards stay within the team; commitments are secret until both are in', () => {
    const t = table(['south-pacific', 'mediterranean'], { dice: 'physical', seed: SEED });
    noSeed(t.state);
    expect(allViewProblems(t.state)).toEqual([]);
    t.act('soviet:south-pacific', 'rollMission', { values: [3] }); // Allied Raid vs Soviet Military Escort
    t.act('soviet:mediterranean', 'rollMission', { values: [1] }); // Allied Military Escort vs Soviet Raid

    // A purchase order: the Allied team sees it, the Soviet team does not.
    t.act('allied:south-pacific', 'buyShip', { ship: 'uss-knox' });
    t.act('allied:south-pacific', 'buyCard', { card: 'ECM' });
    for (const viewer of ['allied:south-pacific', 'allied:mediterranean', 'allied', 'referee']) {
      expect(player(t.state, viewer, 'south-pacific', 'allied').order).toMatchObject({ ships: ['uss-knox'], cards: [{ type: 'ECM' }], done: false });
    }
    for (const viewer of ['soviet:south-pacific', 'soviet:mediterranean', 'soviet', 'spectator']) {
      expect(player(t.state, viewer, 'south-pacific', 'allied').order).toBeUndefined();
      expect(JSON.stringify(cwnb.view(t.state, asViewer(viewer)))).not.toContain('uss-knox');
    }
    t.act('soviet:south-pacific', 'buyShip', { ship: 'kirov' });
    expect(player(t.state, 'allied:south-pacific', 'south-pacific', 'soviet').order).toBeUndefined();
    expect(JSON.stringify(cwnb.view(t.state, asViewer('allied:south-pacific')))).not.toContain('kirov');
    expect(allViewProblems(t.state)).toEqual([]);

    for (const seat of ['allied:south-pacific', 'soviet:south-pacific', 'allied:mediterranean', 'soviet:mediterranean']) t.act(seat, 'donePurchasing');
    // Bought: the ships are public (Task Forces on the table), the Action cards are not.
    expect(player(t.state, 'soviet:south-pacific', 'south-pacific', 'allied').fleet.map((s: any) => s.id)).toEqual(['uss-knox']);
    expect(player(t.state, 'allied:mediterranean', 'south-pacific', 'allied').cards).toMatchObject([{ type: 'ECM' }]);
    expect(player(t.state, 'soviet:south-pacific', 'south-pacific', 'allied').cards).toBeUndefined();
    expect(JSON.stringify(cwnb.view(t.state, asViewer('soviet:south-pacific')))).not.toContain('ECM');
    noSeed(t.state);

    // One commitment in: secret from the other team, known to the own team, "has committed" public.
    t.act('allied:south-pacific', 'commit', { ships: ['uss-knox'] });
    for (const viewer of ['allied:south-pacific', 'allied:mediterranean', 'allied', 'referee']) {
      expect(player(t.state, viewer, 'south-pacific', 'allied').commitment).toMatchObject({ ships: ['uss-knox'], areaDefense: 0 });
    }
    for (const viewer of ['soviet:south-pacific', 'soviet:mediterranean', 'soviet', 'spectator']) {
      const pv = player(t.state, viewer, 'south-pacific', 'allied');
      expect(pv.commitment).toBeUndefined();
      expect(pv.hasCommitted).toBe(true);
      expect(pv.fleet[0].committed).toBeUndefined();
    }
    expect(allViewProblems(t.state)).toEqual([]);

    // The Soviet player commits (no ships): both commitments are revealed together.
    t.act('soviet:south-pacific', 'commit', { ships: [] });
    expect(t.state.zones['south-pacific']!.step).toBe('battle');
    for (const viewer of viewersOf(t.state)) {
      expect(player(t.state, viewer, 'south-pacific', 'allied').commitment).toMatchObject({ ships: ['uss-knox'], areaDefense: 0 });
      expect(player(t.state, viewer, 'south-pacific', 'soviet').commitment).toMatchObject({ ships: [], areaDefense: 0 });
      expect(player(t.state, viewer, 'south-pacific', 'allied').fleet[0].committed).toBe(true);
    }
    // The Mediterranean is still before its reveal.
    t.act('soviet:mediterranean', 'commit', { ships: [] });
    expect(player(t.state, 'allied:south-pacific', 'mediterranean', 'soviet').commitment).toBeUndefined();
    expect(player(t.state, 'soviet:south-pacific', 'mediterranean', 'soviet').commitment).toMatchObject({ ships: [], areaDefense: 0 });
    expect(allViewProblems(t.state)).toEqual([]);
    noSeed(t.state);
  });

  it('team notes are seen by the team only', () => {
    const t = table(['south-pacific', 'mediterranean'], { dice: 'physical', seed: SEED });
    t.act('allied:mediterranean', 'teamNote', { text: 'Allied plan: Nimitz to the Med' });
    t.act('soviet:south-pacific', 'teamNote', { text: 'Soviet plan: subs only' });
    for (const viewer of viewersOf(t.state)) {
      const json = JSON.stringify(cwnb.view(t.state, asViewer(viewer)));
      const team = teamOf(viewer);
      expect(json.includes('Allied plan'), viewer).toBe(team === 'allied' || team === 'both');
      expect(json.includes('Soviet plan'), viewer).toBe(team === 'soviet' || team === 'both');
    }
    expect(allViewProblems(t.state)).toEqual([]);
  });

  it('a seeded game: the seed is in the game record but in no view, before or after rolls', () => {
    const t = table(['north-sea'], { dice: 'seeded', seed: SEED });
    expect(t.session.record.seed).toBe(SEED);
    expect(JSON.stringify(t.state)).not.toContain(SEED); // the seed is in no state at all
    noSeed(t.state);
    t.act('soviet:north-sea', 'rollMission');
    noSeed(t.state);
    const v = cwnb.view(t.state, asViewer('referee')) as View;
    expect(v.dice).toEqual({ physical: false, rolled: 1 });
    expect(allViewProblems(t.state)).toEqual([]);
  });
});

describe('views on every state of two large fuzzed games', () => {
  for (const [seed, zones, turns] of [
    [910_001, 7, 2],
    [910_002, 5, 4],
  ] as const) {
    it(`${zones} zones, ${turns} turns (seed ${seed})`, () => {
      let states = 0;
      playRandomGame(seed, {
        options: { zones: ZONE_IDS.slice(0, zones), turns },
        probeChance: 0,
        checkInvariants: false,
        checkReplay: false,
        onState: (state) => {
          states++;
          const problems = allViewProblems(state, states % 32 === 0);
          if (problems.length) throw new Error(`game seed ${seed}: ${problems.slice(0, 5).join('; ')}`);
        },
      });
      expect(states).toBeGreaterThan(200);
    });
  }
});

describe('views on every state of 40 fuzzed games with random optional rules (13, 14)', () => {
  it('the same secrets stay hidden with Flag Officers, Special Conditions, Friction of War, Overall Commanders…', () => {
    const failures: string[] = [];
    for (let seed = 920_001; seed <= 920_040; seed++) {
      try {
        playRandomGame(seed, {
          optionalRules: 'random',
          limits: { zones: 3, turns: 3 },
          probeChance: 0,
          checkInvariants: false,
          checkReplay: false,
          onState: (state) => {
            const problems = allViewProblems(state, false);
            if (problems.length) throw new Error(`game seed ${seed} (optional rules ${Object.keys((state.options as { optional?: object }).optional ?? {}).join(', ')}): ${problems.slice(0, 3).join('; ')}`);
          },
        });
      } catch (e) {
        failures.push(e instanceof FuzzFailure ? e.message : String((e as Error).message ?? e));
      }
    }
    expect(failures.slice(0, 3)).toEqual([]);
  });
});
