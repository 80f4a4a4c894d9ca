import type { Action, Fields } from '../../engine/module.ts';
import type { GameEvent } from '../../engine/module.ts';
import type { Session } from '../../engine/session.ts';
import { SPECTATOR, seatViewer } from '../../engine/viewer.ts';
import { cardText } from '../../modules/cwnb/rules/common.ts';
import { parseSeat, type CwnbState } from '../../modules/cwnb/state.ts';
import { view as cwnbView } from '../../modules/cwnb/view.ts';
import { derive, type SmpState } from '../../modules/smp/index.ts';
import { afterPhase, describeRequest, spacedJson } from '../../modules/smp/play.ts';
import { CommandError, typedValue } from './command-line.ts';
import { resolveSeat as resolveCwnbSeat } from './cwnb-commands.ts';
import { renderStatus } from './cwnb-render.ts';

/**
 * How the play driver shows one module's game at a terminal: its board, its seat names, the
 * few commands that only show things. No rules here: what may be done comes from the session.
 */
export interface Presenter {
  /** What the seat is asked now, instead of the list of its actions. */
  prompt?(session: Session<unknown>, seat: string): string;
  /** The board as the whole table may see it. */
  status(session: Session<unknown>, seat: string): string;
  /** The game as `seat` may see it, about `target` (another team's seat shows only what `seat`'s team may see). */
  view(session: Session<unknown>, seat: string, target: string): string;
  resolveSeat(text: string, session: Session<unknown>): string;
  seatName(seat: string, session: Session<unknown>): string;
  /** The name of the person who holds the seat, when the game knows it. */
  playerName?(seat: string, session: Session<unknown>): string | undefined;
  /** A command that only shows something: its text, or undefined when `cmd` is not one. */
  command?(cmd: string, args: string[], session: Session<unknown>, seat: string): string | undefined;
  /** A command whose numbered list is an action's field's choices, in their order: a number typed after it names what it showed. */
  numbers?: Record<string, { type: string; key: string }>;
  /** "for SEAT COMMAND": an action given for another seat (14.1). */
  proxy?(line: string, session: Session<unknown>, seat: string): { line: string; target: string } | undefined;
  /** More to show the table after these (public) events: a mission's terms when it is rolled. */
  afterEvents?(session: Session<unknown>, events: readonly GameEvent[]): string[];
  /** The part of the game a seat's players may rewind together (CWNB: its War Zone), or null. */
  rewindScope?(session: Session<unknown>, seat: string): { scope: string; name: string } | null;
  /** What a new game's set-up played before its first decision (the SMP steps that ask nothing), a line each. */
  opening?(session: Session<unknown>): string[];
  /** An action taken without asking (a seeded SMP roll), or null. */
  autoAction?(session: Session<unknown>, seat: string): Action | null;
  /** More commands for "help" (those of the optional rules in play). */
  extraHelp?(session: Session<unknown>): string;
  /** What the seat should hear of among its team's events since it last had the keyboard (6.C.1 a teammate's notes): a line, or nothing. */
  news?(session: Session<unknown>, seat: string, events: readonly GameEvent[]): string | undefined;
}

const cwnb: Presenter = {
  status: (session) => renderStatus(cwnbView(session.state as CwnbState, SPECTATOR), (s) => session.seatLabel(s)),
  view(session, seat, target) {
    const state = session.state as CwnbState;
    const team = session.module.teamOf(state, seat);
    // Another team's seat: what the table may see of it, none of the acting seat's own secrets.
    const own = session.module.teamOf(state, target) === team;
    const v = cwnbView(state, own ? seatViewer(seat) : SPECTATOR);
    const zone = parseSeat(target)?.zone; // a War Zone seat's zone; a Commander sees them all
    const board = (w: typeof v) => renderStatus({ ...w, zones: w.zones.filter((z) => !zone || z.id === zone) }, (s) => session.seatLabel(s));
    const text = board(v);
    const secrets = own ? ownSecrets(v, seat, team) : [];
    return [...lookAway(secrets.length > 0 || text !== board(cwnbView(state, SPECTATOR)), session.seatLabel(seat)), text, ...secrets, own ? `(as ${seat} may see it)` : '(as the whole table may see it)'].join('\n');
  },
  resolveSeat: (text, session) => resolveCwnbSeat(text, session.state as CwnbState),
  rewindScope(session, seat) {
    const zone = parseSeat(seat)?.zone;
    return zone ? { scope: `zone:${zone}`, name: session.module.placeName?.(zone) ?? zone } : null;
  },
  seatName(seat, session) {
    const name = cwnb.playerName!(seat, session);
    return name ? `${seat} (${name})` : seat;
  },
  playerName: (seat, session) => (session.state as CwnbState).holders[seat],
  command(cmd, _args, session, seat) {
    if (cmd !== 'fleet' && cmd !== 'hand') return undefined;
    const p = ownPlayer(cwnbView(session.state as CwnbState, seatViewer(seat)), seat)?.player;
    if (!p) throw new CommandError(`${cmd}: act as a War Zone seat first ("as allied:${(session.state as CwnbState).options.zones[0]}").`);
    // Not the whole hand: the cards are dealt at the table; Wardroom knows those bought, kept or received.
    if (cmd === 'hand') return p.cards?.length ? [...lookAway(true, session.seatLabel(seat)), 'Action cards Wardroom knows of (bought, kept or received; the rest of your hand is dealt at the table):', ...p.cards.map((c, i) => `  ${String(i + 1).padStart(2)}. ${cardText(c)}`)].join('\n') : 'No Action card Wardroom knows of (bought, kept or received); your hand is dealt at the table.';
    return p.fleet.length
      ? p.fleet.map((s) => `  ${s.name} (${s.kind}, ${s.points} points)${s.committed === false ? ' in port' : s.committed ? ' committed' : ''}${s.damage ? `, damage ${s.damage}` : ''}${s.crippled ? ', crippled' : ''}${s.critical ? ', critical' : ''}${s.passive ? ', passive' : ''}`).join('\n')
      : 'No ships.';
  },
  numbers: { hand: { type: 'transferCard', key: 'card' } }, // "give card N"
  proxy(line, session) {
    const m = /^\s*for\s+(\S+)\s+(.+)$/i.exec(line);
    return m ? { target: resolveCwnbSeat(m[1], session.state as CwnbState), line: m[2] } : undefined;
  },
  afterEvents(session, events) {
    const zones = new Set(events.filter((e) => e.type === 'mission' && e.zone).map((e) => e.zone));
    if (!zones.size) return [];
    const v = cwnbView(session.state as CwnbState, SPECTATOR);
    return v.zones.filter((z) => zones.has(z.id) && z.mission).flatMap((z) => missionTermsText(z));
  },
  news(session, seat, events) {
    // 6.C.1 Team Summit: a note is for the teammates, who would not know it was written (its text is the team's, shown by "log mine").
    const by = [...new Set(events.filter((e) => e.type === 'team-note' && e.by !== seat).map((e) => session.seatLabel(String(e.by))))];
    // 6.C.2: the seat whose ship went to another player orders again; which ship is the team's (h21: the table's line does not name it).
    const own = parseSeat(seat);
    const lost = !!own && events.some((e) => e.type === 'purchase-refused' && e.side === own.side && e.zone === own.zone);
    const lines = [
      ...(lost ? [`(A ship of your order went to another player, and you may order again: "log mine" names it, ${LOOK_AWAY}.)`] : []),
      ...(by.length ? [`(New team note from ${by.join(' and ')}: "log mine" shows it, ${LOOK_AWAY}.)`] : []),
    ];
    return lines.length ? lines.join('\n') : undefined;
  },
  extraHelp: (session) => `fleet · hand (the acting seat's own)${(session.state as CwnbState).options.optional.overallCommanders ? ' · for SEAT COMMAND (14.1 Overall Commander)' : ''}`,
};

const smp: Presenter = {
  opening(session) {
    const state = session.state as SmpState;
    return state.log.length ? [] : derive(state).events.map((e) => `  ${e.text}`);
  },
  status(session) {
    const state = session.state as SmpState;
    const pending = derive(state).pending;
    const { label: said, smpNumber, round, season } = state.options.scenario;
    const label = said?.replace(/\.$/, ''); // "… numbers: step 1 of 10", not "numbers.: step"
    // The board's own numbers first: a label copied onto the next board may be a phase behind (h22).
    const name = `Strategic Missions Phase ${smpNumber} (round ${round}, ${season})${label ? ` — ${label}` : ''}`;
    return pending ? `${name}: step ${pending.step} of 10, waiting for ${pending.seat}.` : `${name}: over.\n${afterPhase(state)}`;
  },
  view(session) {
    const pending = derive(session.state as SmpState).pending;
    return pending ? describeRequest(pending) : smp.status(session, '');
  },
  prompt(session, seat) {
    const pending = derive(session.state as SmpState).pending;
    const spec = session.legalActions(seat)[0];
    if (!pending) return smp.status(session, seat);
    // A nation chosen by "as" while another's question is open: that question is not its to answer.
    if (!spec) return `${seat} has nothing to do now: the phase waits for ${pending.seat} (step ${pending.step}; "as ${pending.seat}" to answer).`;
    return `${describeRequest(pending)}\n  ${howToAnswer(spec.fields ?? {})}`;
  },
  resolveSeat(text, session) {
    const seats = session.module.seats(session.state);
    const hits = seats.filter((s) => s === text.toLowerCase() || s.startsWith(text.toLowerCase()));
    if (hits.length !== 1) throw new CommandError(`No single nation "${text}" (${seats.join(', ')}).`);
    return hits[0];
  },
  seatName: (seat) => seat,
  autoAction(session) {
    const state = session.state as SmpState;
    const p = derive(state).pending;
    return p?.kind === 'roll' && !state.dice.physical ? { type: 'roll', seat: p.seat } : null; // seeded dice roll themselves
  },
};

/**
 * How to answer an SMP request, its example made of its own first field and the auto answer's
 * value (its default): "no" for a yes/no question, "s0=3" for a form (the fields left out are asked).
 */
function howToAnswer(fields: Fields): string {
  const all = Object.entries(fields);
  if (!all.length) return '(Enter answers.)';
  const [key, f] = all[0];
  const value = f.default ?? (f.kind === 'dice' ? f.sides : '…'); // physical dice: their highest faces
  if (all.length > 1) return `(Type the answer, e.g. "${key}=${typedValue(f, value)}": the fields left out are asked; Enter asks each field; or as JSON, like the auto answer)`;
  return `(Type the answer, e.g. "${typedValue(f, value)}"; Enter asks for it; or as JSON ${spacedJson({ [key]: value })})`;
}

type ZoneView = ReturnType<typeof cwnbView>['zones'][number];

/** The warning before a team's secret is shown on the shared screen ("view", "hand", "why", "?", "log mine"). */
export const LOOK_AWAY = 'the other team looks away';

/** The warning line, where what follows holds `whose` secrets. */
function lookAway(secret: boolean, whose: string): string[] {
  return secret ? [`(${LOOK_AWAY}: ${whose}'s secrets follow)`] : [];
}

/** A War Zone seat's own player in a view (none for a Commander). */
function ownPlayer(v: ReturnType<typeof cwnbView>, seat: string): { zone: ZoneView; player: ZoneView['players']['allied'] } | undefined {
  const s = parseSeat(seat);
  const zone = s && v.zones.find((z) => z.id === s.zone);
  return zone && s ? { zone, player: zone.players[s.side] } : undefined;
}

/**
 * What only the seat's team knows of its own War Zone: the order being written, the hand, the
 * commitment; for an Overall Commander (14.1), those of each of the team's War Zones.
 */
function ownSecrets(v: ReturnType<typeof cwnbView>, seat: string, team: string | null): string[] {
  const own = ownPlayer(v, seat);
  if (own) return playerSecrets(own.player, 'Your');
  return team === 'allied' || team === 'soviet' ? v.zones.flatMap((z) => playerSecrets(z.players[team], `${z.name}:`)) : [];
}

function playerSecrets(p: ZoneView['players']['allied'], whose: string): string[] {
  const lines: string[] = [];
  if (p.order && (p.order.ships.length || p.order.cards.length)) {
    lines.push(`  ${whose} order (${p.order.cost} points): ${[...p.order.shipNames, ...p.order.cards.map(cardText)].join(', ')}`);
  }
  if (p.cards?.length) lines.push(`  ${whose} Action cards: ${p.cards.map((c, i) => `${i + 1}. ${cardText(c)}`).join(', ')}`);
  const c = p.commitment;
  if (c) {
    const ad = c.areaDefense ? `; ${c.areaDefense} Area Defense card${c.areaDefense === 1 ? '' : 's'} pre-positioned` : '';
    lines.push(`  ${whose} commitment: ${c.shipNames.join(', ') || 'no ships'}${ad}${c.flagOfficer ? `; Command Ship ${c.shipNames[c.ships.indexOf(c.flagOfficer)]} (13.4)` : ''}`);
  }
  return lines;
}

/** 9: a mission's terms as the players need them when it is rolled: each side's summary, hand size and Fog of War, the Pool. */
function missionTermsText(z: ZoneView): string[] {
  const m = z.mission!;
  const lines = [`  ${z.name} mission terms — ${m.title} (${m.rule})${m.urgent ? ', URGENT' : ''}${m.pool !== null ? `; Point Pool ${m.pool}` : ''}:`];
  for (const side of ['allied', 'soviet'] as const) {
    const p = z.players[side];
    const mod = p.fogOfWarModifier ?? 0;
    lines.push(`    ${side === 'allied' ? 'Allied' : 'Soviet'} ${m[side].mission}: hand ${p.handSize}, Fog of War ${mod >= 0 ? '+' : ''}${mod}`);
    for (const sentence of m[side].summary) lines.push(`      ${sentence}`);
  }
  for (const r of z.reminders) lines.push(`    Reminder: ${r}`);
  return lines;
}

export function presenterFor(session: Session<unknown>): Presenter {
  const p = ({ 'cwnb-campaign': cwnb, smp } as Record<string, Presenter>)[session.module.id];
  if (!p) throw new Error(`no terminal presenter for module "${session.module.id}"`);
  return p;
}
