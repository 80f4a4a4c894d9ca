import { useEffect, useRef, useState } from 'preact/hooks';
import type { Bookmark, GamePage, ReplayStep } from './api.ts';
import { api, errorText } from './api.ts';
import { Overview, ZoneBoard } from './board.tsx';
import { SmpBoard, SmpNow } from './smp-board.tsx';
import { Link, navigate, useTitle } from './router.tsx';
import { ErrorBox } from './ui.tsx';

/**
 * `/g/:id/replay?as=SEAT&step=N` (issue 10): the campaign as the viewer saw it after each step of
 * its log, step by step. Every step is computed on the server for the viewer; the page holds no
 * log. First / Previous / Next / Last buttons, the keyboard (Home, End, ←, →; PageUp / PageDown
 * or [ and ] for the turns, or the moments of a game without turns), turn bookmarks, and the step
 * in the address so a step can be shared.
 */
export function Replay({ id, as, step }: { id: string; as: string | null; step: number }) {
  const [data, setData] = useState<ReplayStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = `/api/games/${encodeURIComponent(id)}`;
  const asQ = as ? `as=${encodeURIComponent(as)}` : '';
  const pageUrl = (n: number) => `/g/${encodeURIComponent(id)}/replay?${asQ ? `${asQ}&` : ''}step=${n}`;

  // Steps asked quickly one after another (a key held down): the step is fetched once it rests a
  // moment, and only the last asked is shown.
  const asked = useRef(0);
  const shown = useRef(false);
  useEffect(() => {
    const mine = ++asked.current;
    const timer = setTimeout(
      () =>
        api<ReplayStep>('GET', `${base}/replay/${step}${asQ ? `?${asQ}` : ''}`)
          .then((r) => {
            if (mine !== asked.current) return;
            shown.current = true;
            setData(r);
            setError(null);
          })
          .catch((e) => mine === asked.current && setError(errorText(e))),
      shown.current ? 60 : 0,
    );
    return () => clearTimeout(timer);
  }, [base, asQ, step]);

  const last = data?.game.version ?? 0;
  const go = (n: number) => {
    const to = Math.max(0, Math.min(last, n));
    if (to !== step) navigate(pageUrl(to), true);
  };
  const turns = (data?.bookmarks ?? []).filter((b) => b.kind === 'turn');
  // PageUp and PageDown go a turn; in a game without turns (a Strategic Missions Phase), a moment.
  const marks = turns.length ? turns : (data?.bookmarks ?? []);
  const prevMark = () => [...marks].reverse().find((b) => b.step < step)?.step ?? 0;
  const nextMark = () => marks.find((b) => b.step > step)?.step ?? last;

  // The keyboard, anywhere on the page but in a field.
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    if (!data || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    const to: Record<string, () => number> = {
      Home: () => 0,
      End: () => last,
      ArrowLeft: () => step - 1,
      ArrowRight: () => step + 1,
      PageUp: prevMark,
      '[': prevMark,
      PageDown: nextMark,
      ']': nextMark,
    };
    const f = to[e.key];
    if (!f) return;
    e.preventDefault();
    go(f());
  };
  useEffect(() => {
    const on = (e: KeyboardEvent) => keys.current(e);
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, []);

  useTitle(data ? `Replay, step ${data.step} — ${data.game.title} — Wardroom` : 'Replay — Wardroom');

  if (!data) {
    return (
      <main>
        <ErrorBox message={error} />
        {!error && <p aria-busy="true">Loading the replay…</p>}
        <p>
          <Link href={`/g/${encodeURIComponent(id)}${asQ ? `?${asQ}` : ''}`}>Back to the campaign</Link>
        </p>
      </main>
    );
  }
  // What is shown is the step fetched (the address may already name the next one, on its way).
  const at = data.step;
  const current = [...turns].reverse().find((b) => b.step <= at);
  // The board components read a game page: the step's view dressed as one (nothing to act on).
  const page: GamePage = {
    game: { id, title: data.game.title, module: data.game.module, version: at, over: data.over, seedCommitment: data.game.seedCommitment, seed: null, seedImported: false },
    me: { person: null, referee: data.viewer === 'referee', spectator: data.viewer === 'spectator', seats: [], viewer: data.viewer, muted: false },
    seats: data.seats,
    view: data.view,
    actions: {},
    undoable: {},
    waitingFor: data.waitingFor,
    lastEvent: -1,
    rewinds: [],
  };
  const stepText = `Step ${at} of ${last}${current?.turn ? `, Campaign Game Turn ${current.turn}` : ''}${data.by ? ` — ${data.by.label} acted` : ''}`;
  return (
    <main class="replay" data-step={at} aria-busy={at !== step}>
      <header class="game-head">
        <h1>Replay: {data.game.title}</h1>
        <p class="meta">
          As {data.viewer === 'referee' ? 'the referee' : data.viewer === 'spectator' ? 'a spectator' : (data.seats.find((s) => s.seat === data.viewer)?.label ?? data.viewer)} sees it ·{' '}
          <Link href={`/g/${encodeURIComponent(id)}${asQ ? `?${asQ}` : ''}`}>Back to the campaign</Link> ·{' '}
          <Link href={`/g/${encodeURIComponent(id)}/history${asQ ? `?${asQ}` : ''}`}>History</Link>
        </p>
      </header>
      <ErrorBox message={error} />
      <section class="card replay-controls" aria-labelledby="replay-h">
        <h2 id="replay-h" class="sr-only">
          Step controls
        </h2>
        <p role="status" aria-live="polite" aria-atomic="true" data-testid="replay-status">
          {stepText}
        </p>
        <div class="row" role="group" aria-label="Step through the campaign">
          <button type="button" onClick={() => go(0)} disabled={step === 0} aria-keyshortcuts="Home" data-testid="replay-first">
            « First
          </button>
          <button type="button" onClick={() => go(step - 1)} disabled={step === 0} aria-keyshortcuts="ArrowLeft" data-testid="replay-previous">
            ◀ Previous
          </button>
          <button type="button" onClick={() => go(step + 1)} disabled={step >= last} aria-keyshortcuts="ArrowRight" data-testid="replay-next">
            Next ▶
          </button>
          <button type="button" onClick={() => go(last)} disabled={step >= last} aria-keyshortcuts="End" data-testid="replay-last">
            Last »
          </button>
        </div>
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            const v = Number(new FormData(e.currentTarget).get('step'));
            if (Number.isInteger(v)) go(v);
          }}
        >
          <label for="replay-step">Go to step</label>
          <input id="replay-step" name="step" type="number" min={0} max={last} value={step} key={step} style={{ width: '7rem' }} />
          <button type="submit">Go</button>
        </form>
        <p class="help">Keys: Home and End, ← and → one step{turns.length ? ', PageUp and PageDown (or [ and ]) a Campaign Game Turn' : marks.length ? ', PageUp and PageDown (or [ and ]) a moment to jump to' : ''}.</p>
        <Bookmarks bookmarks={data.bookmarks} step={at} go={go} />
      </section>
      <section class="card" aria-labelledby="step-events-h" data-testid="step-events">
        <h2 id="step-events-h">What happened at this step</h2>
        {data.events.length === 0 ? (
          <p>{at === 0 ? 'The campaign is set up.' : 'Nothing in the log for this step (an answer that only led to the next question, or nothing you may see).'}</p>
        ) : (
          <ul>
            {data.events.map((e) => (
              <li key={e.seq}>{e.text}</li>
            ))}
          </ul>
        )}
      </section>
      {Array.isArray(page.view?.zones) ? (
        <>
          <Overview page={page} />
          {page.view.zones.map((z) => (
            <ZoneBoard key={z.id} zone={z} />
          ))}
        </>
      ) : page.game.module === 'smp' ? (
        <>
          <SmpNow page={page} />
          <SmpBoard page={page} />
        </>
      ) : (
        <section class="card" aria-labelledby="view-h">
          <h2 id="view-h">The game at this step</h2>
          <pre class="view-json">{JSON.stringify(data.view, null, 2)}</pre>
        </section>
      )}
      <section class="card" aria-labelledby="recent-h">
        <h2 id="recent-h">The log up to this step</h2>
        <ol class="log" reversed tabIndex={0} aria-labelledby="recent-h" data-testid="replay-log">
          {[...data.recent].reverse().map((e) => (
            <li key={e.seq} value={e.seq + 1}>
              {e.turn !== undefined && <small>T{e.turn} </small>}
              {e.text}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

function Bookmarks({ bookmarks, step, go }: { bookmarks: Bookmark[]; step: number; go: (n: number) => void }) {
  if (!bookmarks.length) return null;
  const turns = bookmarks.filter((b) => b.kind === 'turn');
  const phases = bookmarks.filter((b) => b.kind === 'phase');
  const here = [...turns].reverse().find((b) => b.step <= step);
  const moment = (b: Bookmark) => (
    <option key={`${b.step}-${b.label}`} value={String(b.step)}>
      {b.label} (step {b.step})
    </option>
  );
  const byTurn = new Map<string, Bookmark[]>();
  for (const b of phases) byTurn.set(b.turn === null ? 'Other' : `Turn ${b.turn}`, [...(byTurn.get(b.turn === null ? 'Other' : `Turn ${b.turn}`) ?? []), b]);
  return (
    <nav aria-label="Bookmarks" data-testid="replay-bookmarks">
      <h3>Bookmarks</h3>
      {turns.length > 0 && (
        <ul class="bookmarks">
          {turns.map((b) => (
            <li key={b.step}>
              <button type="button" aria-current={b === here ? 'step' : undefined} onClick={() => go(b.step)} data-testid={`bookmark-turn-${b.step}`}>
                {b.label}
                <span class="sr-only"> (step {b.step})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {phases.length > 0 && (
        <div class="field">
          <label for="replay-phase">Jump to a moment</label>
          <select
            id="replay-phase"
            data-testid="replay-phase"
            value={phases.some((b) => b.step === step) ? String(step) : ''}
            onChange={(e) => {
              const v = e.currentTarget.value;
              if (v) go(Number(v));
            }}
          >
            <option value="">Choose…</option>
            {/* Grouped by turn where the game has turns (CWNB); a Strategic Missions Phase has none. */}
            {turns.length
              ? [...byTurn].map(([group, list]) => (
                  <optgroup key={group} label={group}>
                    {list.map(moment)}
                  </optgroup>
                ))
              : phases.map(moment)}
          </select>
        </div>
      )}
    </nav>
  );
}
