import { describe, expect, it } from 'vitest';
import { COL, Table } from '../../support/cwnb-fixtures.ts';

const NS = 'north-sea' as const;

function bought(over: Partial<Parameters<Table['roll']>[1]> = { allied: 'Military Escort' }, status?: number): Table {
  const t = new Table({ zones: [NS], ...(status !== undefined ? { status: { [NS]: status } } : {}) });
  t.roll(NS, over);
  t.order(NS, 'allied', { buy: ['a-cv', 'a-dd', 'a-ff', 'a-ff3', 'a-ss', 'a-ssgn'] });
  t.order(NS, 'soviet', { buy: ['s-dd', 's-ff', 's-ff2', 's-dd2', 's-ss', 's-ssgn'] });
  return t;
}

describe('6.C.4 Battle Commitment', () => {
  it('6.C.4 each player secretly divides the Task Force: the opponent sees only that a commitment was made', () => {
    const t = bought();
    const events = t.commit(NS, 'allied', ['a-dd', 'a-ff']);
    expect(events.map((e) => e.text)).toEqual(['North Sea: Allied has committed (secret until both have).']);
    const enemy = t.zoneView(NS, 'soviet:north-sea').players.allied;
    expect(enemy.hasCommitted).toBe(true);
    expect(enemy.commitment).toBeUndefined();
    expect(enemy.fleet.every((s) => s.committed === undefined)).toBe(true);
    expect(t.zoneView(NS, 'allied:north-sea').players.allied.commitment).toMatchObject({ ships: ['a-dd', 'a-ff'], areaDefense: 0 });
  });

  it('6.C.4 a commitment is confirmed first, the question saying when it is revealed and that it is never taken back', () => {
    const t = bought();
    const commitSpec = (seat: string) => t.actions(seat).find((a) => a.type === 'commit')!;
    expect(commitSpec('allied:north-sea')).toMatchObject({ confirm: true, question: 'Commit these ships? Once the Soviet player commits too, both are revealed, and neither can be taken back.' });
    t.commit(NS, 'allied', ['a-dd']);
    expect(commitSpec('soviet:north-sea').question).toBe('Commit these ships? The Allied player has committed: yours reveals both at once, and neither can be taken back.');
  });

  it('6.C.4 both piles are revealed simultaneously once both players have committed; the rest stay in port', () => {
    const t = bought();
    t.commit(NS, 'allied', ['a-dd', 'a-ff']);
    const events = t.commit(NS, 'soviet', ['s-dd']);
    const reveal = events.find((e) => e.type === 'reveal')!;
    expect(reveal.text).toBe('North Sea: commitments revealed. Allied commits USS Spruance, USS Knox; 4 in port. Soviet commits Sovremenny; 5 in port.');
    expect(reveal.commitments).toEqual({
      allied: { ships: ['a-dd', 'a-ff'], inPort: ['a-cv', 'a-ff3', 'a-ss', 'a-ssgn'], areaDefense: 0, flagOfficer: null },
      soviet: { ships: ['s-dd'], inPort: ['s-ff', 's-ff2', 's-dd2', 's-ss', 's-ssgn'], areaDefense: 0, flagOfficer: null },
    });
    const seen = t.zoneView(NS, 'soviet:north-sea').players.allied;
    expect(seen.commitment).toMatchObject({ ships: ['a-dd', 'a-ff'], areaDefense: 0 });
    expect(Object.fromEntries(seen.fleet.map((s) => [s.id, s.committed]))).toEqual({ 'a-cv': false, 'a-dd': true, 'a-ff': true, 'a-ff3': false, 'a-ss': false, 'a-ssgn': false });
    // Known to both teams until the turn is over: after the Battle Turns, and while other zones play on.
    t.deal(NS);
    const over = t.endAll(NS);
    expect(over.find((e) => e.type === 'battle-over')).toMatchObject({ poolLeft: null });
    expect(t.zone(NS).step).toBe('set-aside');
    expect(t.zoneView(NS, 'soviet:north-sea').players.allied.fleet.find((s) => s.id === 'a-dd')!.committed).toBe(true);
  });

  it('6.C.4 ships in port cannot perform or suffer attacks during the Battle Turns', () => {
    const t = bought();
    t.commit(NS, 'allied', ['a-dd']);
    t.commit(NS, 'soviet', ['s-dd']);
    t.deal(NS);
    const r = t.refuse({ type: 'sink', seat: 'soviet:north-sea', ship: 'a-cv' });
    expect(r.code).toBe('ship-in-port');
    expect(t.refuse({ type: 'damage', seat: 'soviet:north-sea', ship: 'a-cv', amount: 2 }).code).toBe('ship-in-port');
  });

  it('6.C.4 a player commits once, only ships of their own Task Force, each once', () => {
    const t = bought();
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['s-dd'] }).code).toBe('not-your-ship');
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['a-dd', 'a-dd'] }).code).toBe('duplicate-ship');
    t.commit(NS, 'allied', []);
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['a-dd'] }).code).toBe('already-committed');
  });

  it('6.C.4 commitment comes after the purchases', () => {
    const t = new Table({ zones: [NS] });
    t.roll(NS, { allied: 'Military Escort' });
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: [] }).code).toBe('not-commitment-step');
  });

  it('6.C.4 the Disadvantaged Player may pre-position face-up Area Defense cards, counted against the hand', () => {
    const t = bought();
    expect(t.actions('allied:north-sea').find((a) => a.type === 'commit')!.fields!.areaDefense).toMatchObject({ kind: 'int', min: 0, max: 6 });
    expect(t.actions('soviet:north-sea').find((a) => a.type === 'commit')!.fields!.areaDefense).toBeUndefined();
    const r = t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['a-dd'], areaDefense: 7 });
    expect(r.code).toBe('area-defense-hand');
    expect(r.message).toContain('hand of 6');
    t.commit(NS, 'allied', ['a-dd'], 2);
    const events = t.commit(NS, 'soviet', ['s-dd']);
    expect(events.find((e) => e.type === 'reveal')!.text).toContain('2 Area Defense card(s) pre-positioned face-up');
  });

  it('6.C.4 the Advantaged Player may not pre-position Area Defense cards', () => {
    const t = bought();
    const r = t.refuse({ type: 'commit', seat: 'soviet:north-sea', ships: ['s-dd'], areaDefense: 1 });
    expect(r.code).toBe('area-defense-advantaged');
    expect(r.message).toContain('Only the Disadvantaged Player');
  });
});

describe('6.C.4 refusals', () => {
  it('6.C.4 Area Defense: a whole number of cards, at most the hand; exactly the hand size is allowed', () => {
    const t = bought();
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['a-dd'], areaDefense: -1 })).toMatchObject({ code: 'bad-area-defense', rule: '6.C.4' });
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['a-dd'], areaDefense: 7 })).toMatchObject({ code: 'area-defense-hand', rule: '6.C.4' });
    expect(t.refuse({ type: 'commit', seat: 'soviet:north-sea', ships: [], areaDefense: 1 })).toMatchObject({ code: 'area-defense-advantaged', rule: '6.C.4' });
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['a-dd', 'a-dd'] })).toMatchObject({ code: 'duplicate-ship', rule: '6.C.4' });
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['s-dd'] })).toMatchObject({ code: 'not-your-ship', rule: '6.C.4' });
    const events = t.commit(NS, 'allied', ['a-dd'], 6); // the Escort player's hand is 6
    expect(events.map((e) => e.type)).toEqual(['commit']);
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: [] })).toMatchObject({ code: 'already-committed', rule: '6.C.4' });
    expect(t.commit(NS, 'soviet', []).find((e) => e.type === 'reveal')!.text).toBe(
      'North Sea: commitments revealed. Allied commits USS Spruance; 5 in port; 6 Area Defense card(s) pre-positioned face-up. Soviet commits no ships; 6 in port.',
    );
  });

  it('6.C.4 the Strike requirements cite rule 9.5 (decline) and 9.8 (submarines only)', () => {
    const t = bought({ allied: 'Carrier Strike' }, COL.alliedAdvantage);
    expect(t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['a-dd'] })).toMatchObject({ code: 'carrier-required', rule: '9.5' });
    const u = bought({ soviet: 'Submarine Strike' }, COL.sovietDominance);
    expect(u.refuse({ type: 'commit', seat: 'soviet:north-sea', ships: ['s-ss'] })).toMatchObject({ code: 'missile-submarine-required', rule: '9.5' });
    expect(u.refuse({ type: 'commit', seat: 'soviet:north-sea', ships: ['s-ssgn', 's-dd'] })).toMatchObject({ code: 'submarines-only', rule: '9.8' });
  });
});

describe('6.C.4 Mission constraints on the commitment', () => {
  it('6.C.4 Holding Action: at most 3 ships (the refusal names the limit)', () => {
    const t = bought({ soviet: 'Holding Action' });
    const r = t.refuse({ type: 'commit', seat: 'soviet:north-sea', ships: ['s-dd', 's-ff', 's-ff2', 's-ss'] });
    expect(r.code).toBe('holding-action-ship-limit');
    expect(r.message).toContain('at most 3 ships');
    expect(r.message).toContain('you committed 4');
    expect(t.actions('soviet:north-sea').find((a) => a.type === 'commit')!.fields!.ships).toMatchObject({ kind: 'subset', max: 3 });
    t.commit(NS, 'soviet', ['s-dd', 's-ff', 's-ss']);
  });

  it('6.C.4 Urgent Holding Action: at most 4 ships', () => {
    const t = bought({ allied: 'Holding Action', urgent: true }, COL.sovietAdvantage);
    const r = t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['a-cv', 'a-dd', 'a-ff', 'a-ff3', 'a-ss'] });
    expect(r.code).toBe('holding-action-ship-limit');
    expect(r.message).toContain('Urgent, so 4');
    t.commit(NS, 'allied', ['a-cv', 'a-dd', 'a-ff', 'a-ss']);
  });

  it('6.C.4 Submarine Strike: submarines only, at least one of them missile-capable', () => {
    const t = bought({ soviet: 'Submarine Strike' }, COL.sovietEdge);
    const surface = t.refuse({ type: 'commit', seat: 'soviet:north-sea', ships: ['s-ssgn', 's-dd'] });
    expect(surface.code).toBe('submarines-only');
    expect(surface.message).toContain('Sovremenny');
    const noMissile = t.refuse({ type: 'commit', seat: 'soviet:north-sea', ships: ['s-ss'] });
    expect(noMissile.code).toBe('missile-submarine-required');
    expect(noMissile.message).toContain('decline');
    const field = t.actions('soviet:north-sea').find((a) => a.type === 'commit')!.fields!.ships as unknown as { options: { value: string }[] };
    expect(field.options.map((o) => o.value)).toEqual(['s-ss', 's-ssgn']);
    t.commit(NS, 'soviet', ['s-ss', 's-ssgn']);
  });

  it('6.C.4 Carrier Strike: at least one Aircraft Carrier must be committed', () => {
    const t = bought({ allied: 'Carrier Strike' }, COL.alliedAdvantage);
    const r = t.refuse({ type: 'commit', seat: 'allied:north-sea', ships: ['a-dd', 'a-ss'] });
    expect(r.code).toBe('carrier-required');
    expect(r.message).toContain('Aircraft Carrier');
    t.commit(NS, 'allied', ['a-cv', 'a-dd']);
  });
});
