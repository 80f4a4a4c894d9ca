/**
 * The Allied (or any team's) secrets a game file holds, and the steps of the replay at which each
 * is still secret, for the history and replay tests (issue 10). Step N is the game after its first
 * N log entries. Worked out from the log and the referee's events (a Session opened with every
 * viewer's eyes), independently of the server's replay code.
 */
import { isRuleError } from '../../src/engine/errors.ts';
import type { Action, GameEvent } from '../../src/engine/module.ts';
import { eventAs, Session, type GameRecord } from '../../src/engine/session.ts';
import { SPECTATOR, type Viewer } from '../../src/engine/viewer.ts';
import { cwnb } from '../../src/modules/cwnb/index.ts';

export interface Secret {
  /** What to search a JSON answer for. */
  json: string;
  /** What to search a page's text for (null: nothing a page prints). */
  text: string | null;
  /** Secret at steps from..to (inclusive); to = Infinity: for ever (from this viewer). */
  from: number;
  to: number;
  what: string;
}

/** `side`'s secrets as `viewer` (a seat of the other side, or a spectator) must not receive them. */
export function secretsOf(record: GameRecord, side: 'allied' | 'soviet', viewer: Viewer): { secrets: Secret[]; session: Session<any> } {
  const session = Session.open(cwnb, { ...record, seed: null });
  if (isRuleError(session)) throw new Error(session.message);
  const teamOf = (seat: string) => cwnb.teamOf(session.state as never, seat);
  const events = session.events;
  const seen = new Set(events.map((e) => eventAs(e, viewer, teamOf)).flatMap((e) => (e ? [e.text] : [])));
  const ships = new Map((cwnb.parseOptions(record.options) as { roster: { ships: { id: string; name: string }[] } }).roster.ships.map((s) => [s.id, s.name]));
  const log = session.record.log as Action[];
  const mine = (a: Action) => a.seat.startsWith(`${side}:`);
  const firstAfter = (i: number, pred: (e: GameEvent) => boolean) => events.find((e) => e.entry >= i && pred(e))?.entry;
  const out: Secret[] = [];
  // The faces of events the viewer never gets (orders, costs, commitments, cards kept): never.
  for (const e of events) {
    for (const text of [e.text, e.secret?.text]) {
      if (text && !seen.has(text) && (e.to !== 'all' || e.secret)) {
        const audience = text === e.text ? e.to : e.secret!.to;
        if (typeof audience === 'object' && 'team' in audience && audience.team !== side) continue;
        out.push({ json: JSON.stringify(text).slice(1, -1), text, from: e.entry + 1, to: Infinity, what: `event #${e.seq} (${e.type})` });
      }
    }
  }
  for (const [i, a] of log.entries()) {
    if (!mine(a)) continue;
    // 6.C.2: a ship ordered is secret until the purchases are carried out.
    if (a.type === 'buyShip') {
      const carried = firstAfter(i, (e) => e.type === 'purchase' || e.type === 'purchase-refused') ?? log.length;
      out.push({ json: `"${String(a.ship)}"`, text: ships.get(String(a.ship)) ?? null, from: i + 1, to: carried, what: `${a.type} #${i} ${String(a.ship)}` });
    }
    // 6.C.4: a commitment is secret until both are revealed together.
    // (An empty commitment has no needle to search for: "[]" is everywhere.)
    if (a.type === 'commit' && Array.isArray(a.ships) && a.ships.length) {
      const zone = a.seat.split(':')[1];
      const reveal = firstAfter(i, (e) => e.type === 'reveal' && e.zone === zone) ?? log.length;
      out.push({ json: JSON.stringify(a.ships), text: null, from: i + 1, to: reveal, what: `commit #${i} ${a.seat}` });
    }
  }
  // Action cards held: their ids never.
  for (const zone of (record.options as { zones: string[] }).zones) out.push({ json: `"${side}:${zone}#`, text: null, from: 0, to: Infinity, what: `${side} card ids in ${zone}` });
  return { secrets: out, session };
}

/** The secrets still kept at `step` found in `answer`. */
export function leaksAt(secrets: readonly Secret[], step: number, answer: string, as: 'json' | 'text' = 'json'): string[] {
  const out: string[] = [];
  for (const s of secrets) {
    const needle = as === 'json' ? s.json : s.text;
    if (needle && step >= s.from && step <= s.to && answer.includes(needle)) out.push(`step ${step}: ${s.what} (${needle.slice(0, 80)})`);
  }
  return out;
}

export { SPECTATOR };
