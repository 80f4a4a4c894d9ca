import { refuse } from '../../../engine/errors.ts';
import type { Side } from '../data/types.ts';
import type { CwnbState, PlayerState, ZoneState } from '../state.ts';
import { other } from '../state.ts';
import { isSubmarine, shipCard, sideName, zoneName, type Events } from '../rules/common.ts';

/**
 * 13.4 Flag Officers: one per team in each zone in play. At Battle Commitment a player may put it
 * on one committed surface ship, the Command Ship, which functions while not sunk, crippled or
 * critically damaged. If the Command Ship is sunk the Flag Officer is gone for the game. Its
 * benefits and penalties act inside the card battle and are shown as reminders.
 */

/** May this player designate a Command Ship this turn (13.5 orders included)? */
export function canDesignate(zone: ZoneState, side: Side): boolean {
  if (zone.players[other(side)].flagOrder.absent) return false;
  const p = zone.players[side];
  return p.flagOfficer || p.flagOrder.present;
}

export function checkCommandShip(state: CwnbState, zone: ZoneState, side: Side, ships: readonly string[], flagOfficer: string | undefined): void {
  if (flagOfficer === undefined) return;
  if (!state.options.optional.flagOfficers) refuse('no-flag-officers', 'Flag Officers are an optional rule not in use in this game.', '13.4');
  if (!canDesignate(zone, side)) refuse('no-flag-officer', 'You have no Flag Officer in this War Zone this turn.', '13.4');
  if (!ships.includes(flagOfficer)) refuse('command-ship-not-committed', 'The Command Ship must be one of the ships you commit.', '13.4');
  if (isSubmarine(shipCard(state, flagOfficer)!)) refuse('command-ship-submarine', 'Submarines may not be designated as a Command Ship.', '13.4');
}

/** Is the Command Ship functioning (not sunk, crippled or critically damaged)? */
export function commandShipFunctioning(p: PlayerState): boolean {
  const ship = p.commandShip ? p.fleet[p.commandShip] : undefined;
  return !!ship && !ship.crippled && !ship.critical;
}

/** 13.4: a sunk Command Ship takes its Flag Officer out of the game. */
export function onShipSunk(zone: ZoneState, side: Side, id: string, events: Events): void {
  const p = zone.players[side];
  if (p.commandShip !== id) return;
  p.flagOfficer = false;
  events.push({ type: 'flag-officer-lost', zone: zone.id, side, text: `${zoneName(zone.id)}: the ${sideName(side)} Flag Officer went down with the Command Ship and is removed for the rest of the game (13.4).` });
}

/** 13.4 / 13.3: a teammate gives their Flag Officer card (a card transfer). */
export function transferFlagOfficer(state: CwnbState, from: ZoneState, to: ZoneState, side: Side, events: Events): void {
  if (!state.options.optional.flagOfficers) refuse('no-flag-officers', 'Flag Officers are an optional rule not in use in this game.', '13.4');
  if (!from.players[side].flagOfficer) refuse('no-flag-officer', 'You have no Flag Officer to give.', '13.4');
  if (to.players[side].flagOfficer) refuse('already-has-flag-officer', `${zoneName(to.id)} already has a ${sideName(side)} Flag Officer; a Task Force cannot have more than one.`, '13.4');
  from.players[side].flagOfficer = false;
  to.players[side].flagOfficer = true;
  events.push({ type: 'transfer', text: `${sideName(side)}: Flag Officer transferred from ${zoneName(from.id)} to ${zoneName(to.id)} (13.4).` });
}

export function reminders(state: CwnbState, zone: ZoneState): string[] {
  if (!state.options.optional.flagOfficers || !zone.battle) return [];
  const out: string[] = [];
  for (const side of ['allied', 'soviet'] as const) {
    const p = zone.players[side];
    if (!p.commandShip) continue;
    const name = shipCard(state, p.commandShip)!.name;
    out.push(
      commandShipFunctioning(p)
        ? `${sideName(side)} Command Ship ${name} functioning: one extra ship move in Adjust Formation (A.3); after Adjust Ordnance (C.2) one non-Bad Luck card just drawn may be discarded and replaced (13.4).`
        : `${sideName(side)} Command Ship ${name} no longer functioning: no ship moves in Adjust Formation; placing an Area Defense costs one Fog of War allotment and all Area Defenses go face-up (13.4).`,
    );
  }
  return out;
}

