import { z } from 'zod';
import type { Fields } from '../../../engine/module.ts';
import { refuse } from '../../../engine/errors.ts';
import { ZONE_IDS, type Side } from '../data/types.ts';
import type { OptionalRule } from '../hooks.ts';
import { isSubmarine, no, say, shipCard, sideName, writablePlayer, zoneAction, zoneName } from '../rules/common.ts';
import { noneCanReceive, targetField, transferEndpoints, transferFrom, transferTargets } from '../rules/transfers.ts';
import { TRANSFER_STEPS } from '../rules/sequence-of-play.ts';
import type { CwnbState, PlayerState, ZoneState } from '../state.ts';
import { other } from '../state.ts';

/**
 * 13.4 Flag Officers: one per team in each zone in play. At Battle Commitment a player may put it
 * on one committed surface ship, the Command Ship, which functions while not sunk, crippled or
 * critically damaged. If the Command Ship is sunk the Flag Officer is gone for the game. Its
 * benefits and penalties act inside the card battle and are shown as reminders. 13.5 jokers may
 * order a Flag Officer present, or the enemy's absent, for a turn.
 */

/** May this player designate a Command Ship this turn (13.5 orders included)? */
export function canDesignate(zone: ZoneState, side: Side): boolean {
  return !whyNoFlagOfficer(zone, side);
}

/** Why this player has no Flag Officer to put on a Command Ship this turn, or null when they have one. */
function whyNoFlagOfficer(zone: ZoneState, side: Side): { text: string; rule: string } | null {
  if (zone.players[other(side)].flagOrder.absent) return { text: `Your Flag Officer is absent this turn, by ${aSide(other(side))} order (13.5): no Command Ship.`, rule: '13.5' };
  const p = zone.players[side];
  return p.flagOfficer || p.flagOrder.present ? null : { text: 'You have no Flag Officer in this War Zone this turn: yours went to a teammate, or down with its Command Ship (13.4); a teammate may give you theirs. No Command Ship.', rule: '13.4' };
}

/** Is the Command Ship functioning (not sunk, crippled or critically damaged)? */
export function commandShipFunctioning(p: PlayerState): boolean {
  const ship = p.commandShip ? p.fleet[p.commandShip] : undefined;
  return !!ship && !ship.crippled && !ship.critical;
}

/** 13.4 / 13.3: a teammate gives their Flag Officer card (a card transfer). */
export const transferFlagOfficer = zoneAction({
  type: 'transferFlagOfficer',
  steps: TRANSFER_STEPS,
  commands: [{ word: 'give flag' }],
  rule: '13.4',
  decision: false,
  proxy: true,
  schema: z.object({ to: z.enum(ZONE_IDS) }),
  label: () => 'Give your Flag Officer to a teammate',
  toldWhenClosed: ['already-has-flag-officer'],
  when(state, zone, side, explain) {
    if (!zone.players[side].flagOfficer) return no(explain, 'no-flag-officer', () => 'You have no Flag Officer to give.');
    const closed = transferFrom(state, zone, side, explain);
    if (closed) return closed;
    const targets = transferTargets(state, zone, side);
    if (targets.some((id) => !state.zones[id]!.players[side].flagOfficer)) return null;
    // Why each teammate's War Zone cannot receive it (a Flag Officer there, 13.3, Rushed…), as its form says.
    return no(explain, 'already-has-flag-officer', () => noneCanReceive('your Flag Officer', flagTarget(state, zone, side)));
  },
  fields: (state, zone, side) => ({ to: flagTarget(state, zone, side) }),
  apply(state, from, side, a, ctx) {
    const dest = transferEndpoints(state, from, side, a.to, 'card', ctx);
    if (dest.players[side].flagOfficer) refuse('already-has-flag-officer', `${zoneName(dest.id)}: ${hasOne(side)}`, '13.4');
    writablePlayer(from, side).flagOfficer = false;
    writablePlayer(dest, side).flagOfficer = true;
    say(ctx, { type: 'transfer', side, flagOfficer: true, fromZone: from.id, toZone: dest.id, zones: [from.id, dest.id], text: `${sideName(side)}: Flag Officer transferred from ${zoneName(from.id)} to ${zoneName(dest.id)} (13.4).` });
  },
});

/** Where a Flag Officer may go: a card transfer (13.3) to a War Zone that has none (13.4). */
const flagTarget = (state: CwnbState, from: ZoneState, side: Side) => targetField(state, from, side, 'card', (to) => (to.players[side].flagOfficer ? hasOne(side) : null));

/** 13.4: "a Task Force cannot have more than one Flag Officer" (said of a War Zone that has one). */
const hasOne = (side: Side) => `It already has ${aSide(side)} Flag Officer, and a Task Force cannot have more than one (13.4).`;

/** "an Allied", "a Soviet" (`a`: "A" to start a sentence). */
const aSide = (side: Side, a = 'a') => `${a}${side === 'allied' ? 'n' : ''} ${sideName(side)}`;

function reminders(state: CwnbState, zone: ZoneState): string[] {
  const out: string[] = [];
  // 13.5 orders given with a joker (played openly): why a Command Ship may be missing, or there.
  for (const side of ['allied', 'soviet'] as const) {
    const order = zone.players[side].flagOrder;
    if (order.present) out.push(`${aSide(side, 'A')} Flag Officer is present this turn, by its own order (13.5).`);
    if (order.absent) out.push(`The ${sideName(other(side))} Flag Officer is absent this turn, by ${aSide(side)} order (13.5): no Command Ship.`);
  }
  if (!zone.battle) return out;
  for (const side of ['allied', 'soviet'] as const) {
    const p = zone.players[side];
    if (!p.commandShip) continue;
    const name = shipCard(state, p.commandShip)?.name ?? p.commandShip;
    out.push(
      commandShipFunctioning(p)
        ? `${sideName(side)} Command Ship ${name} functioning: one extra ship move in Adjust Formation (A.3); after Adjust Ordnance (C.2) one non-Bad Luck card just drawn may be discarded and replaced (13.4).`
        : `${sideName(side)} Command Ship ${name} no longer functioning: no ship moves in Adjust Formation; placing an Area Defense costs one Fog of War allotment and all Area Defenses go face-up (13.4).`,
    );
  }
  return out;
}

export const flagOfficers: OptionalRule = {
  rule: '13.4',
  name: 'Flag Officers',
  on: (o) => !!o.optional.flagOfficers,
  actions: [transferFlagOfficer],
  hooks: {
    commandShips: () => true,
    setup(state) {
      for (const z of Object.values(state.zones)) for (const side of ['allied', 'soviet'] as const) z!.players[side] = { ...z!.players[side], flagOfficer: true };
    },
    newTurn(_state, zone) {
      for (const side of ['allied', 'soviet'] as const) writablePlayer(zone, side).commandShip = null;
    },
    commitFields(state, zone, side, eligible): Fields {
      if (!canDesignate(zone, side)) return {};
      const named = (id: string) => ({ value: id, label: shipCard(state, id)!.name });
      const surface = eligible.filter((id) => !isSubmarine(shipCard(state, id)!));
      const submarines = eligible.filter((id) => !surface.includes(id)).map((id) => ({ ...named(id), why: 'a submarine cannot carry the Flag Officer: it sails in a surface ship (13.4)' }));
      return {
        flagOfficer: { kind: 'choice', label: 'Command Ship', help: 'A committed surface ship carries your Flag Officer: any ship but a submarine, carriers included (13.4).', optional: true, within: 'ships', options: surface.map(named), unavailable: submarines },
      };
    },
    commitNotes(zone, side) {
      const why = whyNoFlagOfficer(zone, side);
      return why ? [why.text] : [];
    },
    checkCommitment(state, zone, side, ships, _areaDefense, flagOfficer) {
      if (flagOfficer === undefined) return;
      const why = whyNoFlagOfficer(zone, side);
      if (why) refuse('no-flag-officer', why.text, why.rule);
      if (!ships.includes(flagOfficer)) refuse('command-ship-not-committed', 'The Command Ship must be one of the ships you commit.', '13.4');
      if (isSubmarine(shipCard(state, flagOfficer)!)) refuse('command-ship-submarine', 'Submarines may not be designated as a Command Ship.', '13.4');
    },
    revealed(zone, side, flagOfficer) {
      if (zone.players[side].commandShip !== flagOfficer) writablePlayer(zone, side).commandShip = flagOfficer;
    },
    // A sunk Command Ship takes its Flag Officer out of the game.
    shipSunk(zone, side, id, ctx) {
      if (zone.players[side].commandShip !== id) return;
      writablePlayer(zone, side).flagOfficer = false;
      say(ctx, { type: 'flag-officer-lost', zone: zone.id, side, text: `${zoneName(zone.id)}: the ${sideName(side)} Flag Officer went down with the Command Ship and is removed for the rest of the game (13.4).` });
    },
    reminders,
  },
};
