import { z } from 'zod';
import { refuse } from '../../../engine/errors.ts';
import type { Fields } from '../../../engine/module.ts';
import type { Side } from '../data/types.ts';
import { hooksOf } from '../hooks.ts';
import { other, type CwnbState, type ZoneState } from '../state.ts';
import { advantagedSide, isSubmarine, no, requireTerms, say, shipCard, sideName, terms, updateShip, writablePlayer, zoneAction, zoneName, type Ctx } from './common.ts';
import type { MissionTerms } from './mission-terms.ts';

/** 6.C.3 / 7.1: hand size is seven, plus or minus the mission's modifier. */
export const BASE_HAND_SIZE = 7;

export function handSize(t: MissionTerms, side: Side): number {
  return BASE_HAND_SIZE + t.sides[side].modifier;
}

/** 7: four Battle Turns per player in the base game. */
export const BATTLE_TURNS = 4;

/** The mission constraints on a commitment (9.5, 9.8, Holding Action summaries). */
export function checkCommitment(state: CwnbState, zone: ZoneState, side: Side, ships: readonly string[], areaDefense: number): void {
  const t = requireTerms(zone);
  const mine = t.sides[side];
  const p = zone.players[side];
  if (new Set(ships).size !== ships.length) refuse('duplicate-ship', 'A ship can be committed only once.', '6.C.4');
  for (const id of ships) {
    if (!p.fleet[id]) refuse('not-your-ship', `"${id}" is not in your ${zoneName(zone.id)} Task Force.`, '6.C.4');
  }
  const cards = ships.map((id) => shipCard(state, id)!);
  if (mine.maxShips !== null && ships.length > mine.maxShips) {
    refuse(
      'holding-action-ship-limit',
      `Holding Action: at most 3 ships may be committed (Urgent: 4)${t.urgent ? '; this mission is Urgent, so 4' : ''}; you committed ${ships.length}.`,
      t.rule,
    );
  }
  if (mine.submarinesOnly) {
    const surface = cards.filter((c) => !isSubmarine(c));
    if (surface.length) {
      refuse('submarines-only', `Submarine Strike: submarines only, no surface ships (${surface.map((c) => c.name).join(', ')}).`, '9.8');
    }
  }
  if (mine.requires === 'carrier' && !cards.some((c) => c.kind === 'carrier')) {
    refuse(
      'carrier-required',
      'Carrier Strike: commit at least one Aircraft Carrier, or decline the mission (the status shifts one column against you and the mission is re-rolled).',
      '9.5',
    );
  }
  if (mine.requires === 'missile-submarine' && !cards.some((c) => c.kind === 'missile-submarine')) {
    refuse(
      'missile-submarine-required',
      'Submarine Strike: commit at least one missile-capable submarine, or decline the mission (the status shifts one column against you and the mission is re-rolled).',
      '9.5',
    );
  }
  if (!Number.isInteger(areaDefense) || areaDefense < 0) refuse('bad-area-defense', 'The number of pre-positioned Area Defense cards is a whole number ≥ 0.', '6.C.4');
  if (areaDefense > 0) {
    if (side === advantagedSide(zone.status)) {
      refuse('area-defense-advantaged', 'Only the Disadvantaged Player may pre-position Area Defense cards.', '6.C.4');
    }
    const hand = handSize(t, side);
    if (areaDefense > hand) refuse('area-defense-hand', `Area Defense cards come from your hand of ${hand}; you cannot pre-position ${areaDefense}.`, '6.C.4');
  }
}

/**
 * 6.C.4 Battle Commitment: each player secretly splits the Task Force into committed ships and
 * ships in port; both piles are revealed together when both players have committed.
 */
export const commit = zoneAction({
  type: 'commit',
  steps: ['preparation'],
  commands: [{ word: 'commit' }],
  secret: true,
  rule: '6.C.4',
  // Asked first: revealed once both have committed, a commitment is never taken back (a terminal reads it back).
  confirm: true,
  schema: z.object({ ships: z.array(z.string().min(1)), areaDefense: z.number().int().default(0), flagOfficer: z.string().min(1).optional() }),
  question(_state, zone, side) {
    const them = sideName(other(side));
    return zone.players[other(side)].commitment
      ? `Commit these ships? The ${them} player has committed: yours reveals both at once, and neither can be taken back.`
      : `Commit these ships? Once the ${them} player commits too, both are revealed, and neither can be taken back.`;
  },
  label: (_state, zone, side) => {
    const max = terms(zone)?.sides[side].maxShips;
    return `Commit ships to battle (secret); the rest stay in port${max ? ` (at most ${max})` : ''}`;
  },
  when(_state, zone, side, explain) {
    if (zone.step !== 'preparation') return no(explain, 'not-commitment-step', () => `${zoneName(zone.id)}: Battle Commitment comes at the end of Battle Preparations, after purchases.`);
    if (zone.players[side].commitment) return no(explain, 'already-committed', () => 'You have already committed your Task Force this turn.');
    return null;
  },
  fields(state, zone, side) {
    const t = terms(zone)!;
    const mine = t.sides[side];
    const fleet = Object.keys(zone.players[side].fleet);
    const eligible = fleet.filter((id) => !mine.submarinesOnly || isSubmarine(shipCard(state, id)!));
    const notes = hooksOf(state).commitNotes(zone, side); // 13.4 why no Command Ship
    const fields: Record<string, Fields[string]> = {
      ships: {
        kind: 'subset',
        label: 'Ships committed',
        term: 'ships',
        help: ['The ships that sail into the battle; the others stay in port. Secret until both players have committed.', ...notes].join(' '),
        options: eligible.map((id) => ({ value: id, label: shipCard(state, id)!.name })),
        unavailable: fleet.filter((id) => !eligible.includes(id)).map((id) => ({ value: id, label: shipCard(state, id)!.name, why: 'Submarine Strike: submarines only, no surface ships (9.8)' })),
        min: 0,
        max: Math.min(eligible.length, mine.maxShips ?? eligible.length),
      },
    };
    if (advantagedSide(zone.status) !== side) {
      fields.areaDefense = { kind: 'int', label: 'Area Defense cards pre-positioned', help: 'From your hand, face up before the battle (Disadvantaged Player only).', min: 0, max: handSize(t, side), optional: true, default: 0 };
    }
    return { ...fields, ...hooksOf(state).commitFields(state, zone, side, eligible) }; // 13.4 Command Ship
  },
  apply(state, zone, side, a, ctx) {
    if (a.flagOfficer !== undefined && !ctx.hooks.commandShips()) refuse('no-flag-officers', 'Flag Officers are an optional rule not in use in this game.', '13.4');
    checkCommitment(state, zone, side, a.ships, a.areaDefense);
    ctx.hooks.checkCommitment(state, zone, side, a.ships, a.areaDefense, a.flagOfficer); // 13.2.2, 13.4
    writablePlayer(zone, side).commitment = { ships: [...a.ships], areaDefense: a.areaDefense, flagOfficer: a.flagOfficer ?? null };
    say(ctx, { type: 'commit', zone: zone.id, side, text: `${zoneName(zone.id)}: ${sideName(side)} has committed (secret until both have).` });
  },
});

/** 6.C.4: both have committed: the commitments are revealed together and the battle is set up (7). */
export function reveal(state: CwnbState, zone: ZoneState, ctx: Ctx): void {
  const t = requireTerms(zone);
  const parts: string[] = [];
  const commitments: Record<string, unknown> = {};
  for (const side of ['allied', 'soviet'] as const) {
    const p = writablePlayer(zone, side);
    const c = p.commitment!;
    // 7.1: submarines are set up as desired at the start of a Mission: Active unless recorded Passive.
    for (const id in p.fleet) updateShip(p, id, { committed: c.ships.includes(id), passive: false });
    ctx.hooks.revealed(zone, side, c.flagOfficer); // 13.4
    const names = c.ships.map((id) => shipCard(state, id)!.name);
    const inPort = Object.keys(p.fleet).filter((id) => !c.ships.includes(id));
    commitments[side] = { ships: c.ships, inPort, areaDefense: c.areaDefense, flagOfficer: c.flagOfficer };
    parts.push(
      `${sideName(side)} commits ${names.length ? names.join(', ') : 'no ships'}; ${inPort.length} in port${c.areaDefense ? `; ${c.areaDefense} Area Defense card(s) pre-positioned face-up` : ''}${c.flagOfficer ? `; Flag Officer aboard ${shipCard(state, c.flagOfficer)!.name}` : ''}`,
    );
  }
  say(ctx, { type: 'reveal', zone: zone.id, commitments, text: `${zoneName(zone.id)}: commitments revealed. ${parts.join('. ')}.` });
  const nc = t.nonCombatants;
  zone.battle = {
    turnsPerPlayer: ctx.hooks.battleTurns(zone), // 7; 13.2.3, 13.2.4, 13.2.10
    index: 0,
    first: advantagedSide(zone.status),
    pool: t.pool,
    poolAwarded: { allied: 0, soviet: 0 },
    shoreBombardment: 0,
    nonCombatants: [],
    nonCombatantSide: nc ? nc.side : null,
    nonCombatantKind: nc ? nc.kind : null,
    toDeal: nc ? nc.count : 0,
    eliminated: { allied: false, soviet: false },
  };
  zone.step = 'battle';
}
