import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameEvent, GamePage } from './api.ts';
import { api, errorText, seatLabel } from './api.ts';
import { takenBack } from '../../src/engine/log.ts';
import { localTime } from './deadline.tsx';
import { ErrorBox } from './ui.tsx';

/** "the Mediterranean" for the scope "zone:mediterranean". */
function scopeName(scope: string, page: GamePage): string {
  const id = scope.replace(/^zone:/, '');
  const zone = page.view.zones.find((z) => z.id === id);
  return zone ? `the ${zone.name}` : id;
}

/**
 * Rewinds by agreement: a seat asks to take a War Zone back to just after an earlier action; the
 * zone's other seat (or the referee) answers here. The engine says what may be rewound.
 */
export function Rewinds({ page, base, log, reload }: { page: GamePage; base: string; log: GameEvent[]; reload: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  // Said until the game moves on: shown at the version the page had once reloaded after the answer (a done rewind's own).
  const [notice, setNotice] = useState<{ text: string; version: number } | null>(null);
  const version = useRef(page.game.version);
  version.current = page.game.version;
  const call = async (path: string, body: unknown, told?: (answer: { done?: boolean }) => string) => {
    setError(null);
    setNotice(null);
    try {
      const answer = await api<{ done?: boolean }>('POST', `${base}${path}`, body);
      await reload();
      if (told) setNotice({ text: told(answer), version: version.current });
    } catch (e) {
      setError(errorText(e));
    }
  };
  const answered = (agree: boolean) => (a: { done?: boolean }) =>
    !agree ? 'Refused: nothing is taken back.' : a.done ? 'Agreed, and done: the game log marks what was taken back.' : 'Agreed: the rewind waits for the other seats it needs.';
  // Asked first, as the referee's own rewind is: one click takes back another seat's actions.
  const sure = (r: GamePage['rewinds'][number]) =>
    confirm(`Agree to rewind ${scopeName(r.scope, page)} to ${r.after}? It takes back ${r.takesBack.length === 1 ? '1 action' : `${r.takesBack.length} actions`}, as soon as every seat needed has agreed.`);
  // A rewind is asked by a seat of the zone and answered by the other (or the referee); the referee alone may rewind at once.
  const askers = page.me.referee ? ['referee'] : page.me.seats;
  const closed = page.closedRewinds ?? [];
  if (!askers.length && !page.rewinds.length && !closed.length) return null;
  return (
    <section class="card" data-testid="rewinds" aria-labelledby="rewinds-h">
      <h2 id="rewinds-h" tabIndex={-1}>
        Rewinds
      </h2>
      <ErrorBox message={error} />
      {notice?.version === page.game.version && (
        <p class="notice" role="status" data-testid="rewind-notice">
          {notice.text}
        </p>
      )}
      {page.rewinds.map((r) => {
        const answerAs = page.me.referee ? ['referee'] : r.needed.filter((s) => page.me.seats.includes(s) && !r.agreed.includes(s));
        return (
          <div key={r.id} class="rewind" data-testid={`rewind-${r.id}`}>
            <p>
              {seatLabel(r.seat, page.seats)} asks to rewind {scopeName(r.scope, page)} to {r.after}. Agreed: {r.agreed.map((s) => seatLabel(s, page.seats)).join(', ') || 'no one yet'}; needed:{' '}
              {r.needed.map((s) => seatLabel(s, page.seats)).join(', ')}.
            </p>
            <p>It takes back: {r.takesBack.map((t) => t.replace(/\.$/, '')).join('; ')}.</p>
            {answerAs.map((seat) => (
              <div key={seat} class="row">
                <button type="button" class="primary" data-testid={`rewind-agree-${r.id}`} onClick={() => sure(r) && call(`/rewinds/${encodeURIComponent(r.id)}`, { ...(seat === 'referee' ? {} : { seat }), agree: true }, answered(true))}>
                  Agree{answerAs.length > 1 ? ` as ${seatLabel(seat, page.seats)}` : ''}
                </button>
                <button type="button" class="secondary" data-testid={`rewind-refuse-${r.id}`} onClick={() => call(`/rewinds/${encodeURIComponent(r.id)}`, { ...(seat === 'referee' ? {} : { seat }), agree: false }, answered(false))}>
                  Refuse
                </button>
              </div>
            ))}
          </div>
        );
      })}
      {closed.length > 0 && (
        <>
          <h3>Answered</h3>
          <ul class="closed-rewinds" data-testid="closed-rewinds">
            {closed.map((r) => (
              <li key={r.id}>
                <small>{localTime(r.at)}</small> {r.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {askers.length > 0 && !page.game.over && <AskRewind page={page} base={base} log={log} askers={askers} call={call} />}
    </section>
  );
}

function AskRewind({ page, base, log, askers, call }: { page: GamePage; base: string; log: GameEvent[]; askers: string[]; call: (path: string, body: unknown) => Promise<void> }) {
  // Only a zone's own seats ask for its rewind (or the referee): the zones offered are those.
  const asksFor = (id: string) => askers.filter((s) => s === 'referee' || s.endsWith(`:${id}`));
  const zones = page.view.zones.filter((z) => asksFor(z.id).length);
  const [picked, setZone] = useState<string>(zones[0]?.id ?? '');
  const zone = zones.some((z) => z.id === picked) ? picked : (zones[0]?.id ?? '');
  const zoneAskers = asksFor(zone);
  const [to, setTo] = useState('-1');
  const [asked, setSeat] = useState(askers.includes(page.me.viewer) ? page.me.viewer : askers[0]);
  const seat = zoneAskers.includes(asked) ? asked : zoneAskers[0];
  // The last entry no rewind of the zone can take back (a die from the seed, a reveal, a step of the whole game): the engine's.
  const [floor, setFloor] = useState<number | null>(null);
  useEffect(() => {
    setFloor(null);
    api<{ floor: number }>('GET', `${base}/rewind-floor?scope=${encodeURIComponent(`zone:${zone}`)}`)
      .then((r) => setFloor(r.floor))
      .catch(() => setFloor(-1)); // unknown: every point is offered, and the rules answer
  }, [base, zone, page.game.version]);
  // "Take back from this action on": each action of the zone after the floor that still stands, named
  // by what it did first (h20: named by its last event, "keep up to" a sinking's points kept the
  // sinking); the point sent is the action before it. An undo or an earlier rewind (its events name
  // what they void) is no action of its own.
  const voided = takenBack(log);
  const entries = new Map<number, string>();
  for (const e of log) if (e.zone === zone && !voided.has(e.entry) && !e.voids && !entries.has(e.entry)) entries.set(e.entry, e.text);
  const f = floor ?? -1;
  const after = [...entries].filter(([entry]) => entry > f);
  const points = after.map(([entry, text], i): [number, string] => [i ? after[i - 1][0] : f, `#${entry}: ${text}`]);
  const chosen = points.some(([entry]) => String(entry) === to) ? to : String(points.at(-1)?.[0] ?? -1); // the last action alone unless another is picked
  if (!zones.length) return null;
  return (
    <details>
      <summary>{askers.includes('referee') ? 'Rewind a War Zone (the referee: at once)' : 'Ask for a rewind'}</summary>
      <form
        data-testid="action-rewind"
        onSubmit={(e) => {
          e.preventDefault();
          // The referee's rewind asks no one: it is done at once.
          if (seat === 'referee' && !confirm(`Rewind ${scopeName(`zone:${zone}`, page)} now, taking back "${points.find(([entry]) => String(entry) === chosen)?.[1]}" and what followed in it? No player is asked.`)) return;
          call('/rewinds', { ...(seat === 'referee' ? {} : { seat }), scope: `zone:${zone}`, to: Number(chosen) });
        }}
      >
        <div class="field">
          <label for="rw-zone">War Zone</label>
          <select id="rw-zone" value={zone} onChange={(e) => setZone(e.currentTarget.value)}>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="rw-to">Take back from this action on</label>
          {floor !== null && !points.length ? (
            <p id="rw-to" data-testid="rewind-nothing">
              Nothing in this War Zone can be rewound now: no action of it since a die rolled from the seed, a reveal, or a step of the whole game.
            </p>
          ) : (
            <select id="rw-to" value={chosen} onChange={(e) => setTo(e.currentTarget.value)}>
              {points.map(([entry, text]) => (
                <option key={entry} value={String(entry)}>
                  {text}
                </option>
              ))}
            </select>
          )}
        </div>
        {zoneAskers.length > 1 && (
          <div class="field">
            <label for="rw-seat">Ask as</label>
            <select id="rw-seat" value={seat} onChange={(e) => setSeat(e.currentTarget.value)}>
              {zoneAskers.map((s) => (
                <option key={s} value={s}>
                  {seatLabel(s, page.seats)}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" class="primary" data-testid="submit-rewind" disabled={floor === null || !points.length}>
          {seat === 'referee' ? 'Rewind' : 'Ask'}
        </button>
      </form>
    </details>
  );
}
