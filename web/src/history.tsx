import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { HistoryPage } from './api.ts';
import { api, errorText } from './api.ts';
import { Link, navigate, useTitle } from './router.tsx';
import { ErrorBox } from './ui.tsx';

/**
 * `/g/:id/history?as=SEAT&turn=&zone=&kind=` (issue 10): the campaign's log as the viewer may see
 * it, filtered by Campaign Game Turn, War Zone and kind, with a divider where the events new since
 * the person's last visit begin. Opening it marks the log read.
 */
export function History({ id, as, filters }: { id: string; as: string | null; filters: { turn: string; zone: string; kind: string } }) {
  const [data, setData] = useState<HistoryPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Where the person had read to before this visit (kept while the filters change). */
  const [readBefore, setReadBefore] = useState<number | null>(null);
  const base = `/api/games/${encodeURIComponent(id)}`;
  const query = (f: typeof filters) => {
    const q = new URLSearchParams();
    if (as) q.set('as', as);
    for (const k of ['turn', 'zone', 'kind'] as const) if (f[k]) q.set(k, f[k]);
    const s = q.toString();
    return s ? `?${s}` : '';
  };

  useEffect(() => {
    let gone = false;
    api<HistoryPage>('GET', `${base}/history${query(filters)}`)
      .then(async (r) => {
        if (gone) return;
        setData(r);
        setError(null);
        setReadBefore((old) => old ?? r.lastRead);
        if (r.unread > 0) await api('POST', `${base}/history/read`, {});
      })
      .catch((e) => !gone && setError(errorText(e)));
    return () => {
      gone = true;
    };
  }, [base, as, filters.turn, filters.zone, filters.kind]);

  useTitle(data ? `History — ${data.game.title} — Wardroom` : 'History — Wardroom');
  const set = (k: 'turn' | 'zone' | 'kind', v: string) => navigate(`/g/${encodeURIComponent(id)}/history${query({ ...filters, [k]: v })}`, true);
  const asQ = as ? `?as=${encodeURIComponent(as)}` : '';
  const replayHref = (step: number) => `/g/${encodeURIComponent(id)}/replay?${as ? `as=${encodeURIComponent(as)}&` : ''}step=${step}`;
  const lastRead = readBefore ?? -1;
  const voided = new Set(data?.takenBack ?? []);
  const firstNew = data?.events.find((e) => e.seq > lastRead)?.seq;
  const newCount = data ? data.events.filter((e) => e.seq > lastRead).length : 0;

  return (
    <main class="history">
      <header class="game-head">
        <h1>History{data ? `: ${data.game.title}` : ''}</h1>
        <p class="meta">
          <Link href={`/g/${encodeURIComponent(id)}${asQ}`}>Back to the campaign</Link> · <Link href={replayHref(0)}>Replay</Link>
        </p>
      </header>
      <ErrorBox message={error} />
      {!data ? (
        !error && <p aria-busy="true">Loading the history…</p>
      ) : (
        <>
          <section class="card" aria-labelledby="filters-h">
            <h2 id="filters-h">Show</h2>
            <div class="filters">
              {/* Turns and War Zones where the game has them (not a Strategic Missions Phase). */}
              {(data.choices.turns.length > 0 || filters.turn) && (
                <div class="field">
                  <label for="filter-turn">Campaign Game Turn</label>
                  <select id="filter-turn" data-testid="filter-turn" value={filters.turn} onChange={(e) => set('turn', e.currentTarget.value)}>
                    <option value="">Every turn</option>
                    {data.choices.turns.map((t) => (
                      <option key={t} value={String(t)}>
                        Turn {t}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              {(data.choices.zones.length > 0 || filters.zone) && (
                <div class="field">
                  <label for="filter-zone">War Zone</label>
                  <select id="filter-zone" data-testid="filter-zone" value={filters.zone} onChange={(e) => set('zone', e.currentTarget.value)}>
                    <option value="">Every War Zone</option>
                    {data.choices.zones.map((z) => (
                      <option key={z.id} value={z.id}>
                        {z.name}
                      </option>
                    ))}
                    <option value="none">The whole campaign (no War Zone)</option>
                  </select>
                </div>
              )}
              <div class="field">
                <label for="filter-kind">Kind</label>
                <select id="filter-kind" data-testid="filter-kind" value={filters.kind} onChange={(e) => set('kind', e.currentTarget.value)}>
                  <option value="">Every kind</option>
                  {data.choices.kinds.map((k) => (
                    <option key={k} value={k}>
                      {k.replace(/-/g, ' ')}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <p role="status" data-testid="history-count">
              {data.events.length} of {data.total} event(s){newCount ? ` · ${newCount} new since your last visit` : ''}
              {firstNew !== undefined && (
                <>
                  {' '}
                  · <a href="#new-since">jump to the new ones</a>
                </>
              )}
            </p>
          </section>
          <section class="card" aria-labelledby="history-h">
            <h2 id="history-h">The log</h2>
            {data.events.length === 0 ? (
              <p>No event matches.</p>
            ) : (
              <ol class="history-log" data-testid="history-log">
                {data.events.map((e) => (
                  <Fragment key={e.seq}>
                    {e.seq === firstNew && (
                      <li id="new-since" class="divider" data-testid="new-divider" tabIndex={-1}>
                        <strong>New since your last visit</strong>
                      </li>
                    )}
                    <li value={e.seq + 1} data-seq={e.seq} class={[e.seq > lastRead && 'new', voided.has(e.entry) && 'taken-back'].filter(Boolean).join(' ')}>
                      <small>
                        {e.turn !== undefined ? `Turn ${e.turn}` : ''}
                        {e.zone ? ` · ${data.choices.zones.find((z) => z.id === e.zone)?.name ?? e.zone}` : ''} · {e.type.replace(/-/g, ' ')}
                      </small>{' '}
                      {e.text}
                      {voided.has(e.entry) && <em> (taken back)</em>} <Link href={replayHref(e.entry + 1)} aria-label={`Replay event ${e.seq + 1} at step ${e.entry + 1}`}>replay</Link>
                    </li>
                  </Fragment>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </main>
  );
}

/**
 * The game page's read marker (docs/online.md, History): the page in sight counts as read, as an
 * open chat does, so events watched there live are not "new" later; those that were new when it
 * came into sight (`readBefore`: the last event read before) stay marked in its log. A hidden tab
 * only counts them. `tick`: the log's length, which grows with every event.
 */
export function useLogRead(id: string, tick: number): { unread: number | null; readBefore: number | null } {
  const [unread, setUnread] = useState<number | null>(null);
  const [readBefore, setReadBefore] = useState<number | null>(null);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const seen = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);
  /** In sight at the last look: events arriving since are watched, not news to mark. */
  const inSight = useRef(false);
  useEffect(() => {
    let gone = false;
    const url = `/api/games/${encodeURIComponent(id)}/history`;
    (async () => {
      const r = await api<{ lastRead: number; unread: number }>('GET', `${url}/unread`);
      if (gone) return;
      const cameIntoSight = visible && !inSight.current;
      inSight.current = visible;
      if (!visible || r.unread === 0) return setUnread(r.unread);
      if (cameIntoSight) setReadBefore(r.lastRead);
      const marked = await api<{ unread: number }>('POST', `${url}/read`, {});
      if (!gone) setUnread(marked.unread);
    })().catch(() => !gone && setUnread(null));
    return () => {
      gone = true;
    };
  }, [id, tick, visible]);
  return { unread, readBefore };
}

/** On the game page: links to the history (with the unread count) and the replay. */
export function HistoryLinks({ id, as, unread }: { id: string; as: string | null; unread: number | null }) {
  const asQ = as ? `as=${encodeURIComponent(as)}` : '';
  return (
    <>
      <Link href={`/g/${encodeURIComponent(id)}/history${asQ ? `?${asQ}` : ''}`} data-testid="history-link">
        History{unread ? ` (${unread} new)` : ''}
      </Link>{' '}
      ·{' '}
      <Link href={`/g/${encodeURIComponent(id)}/replay?${asQ ? `${asQ}&` : ''}step=0`} data-testid="replay-link">
        Replay
      </Link>
    </>
  );
}
