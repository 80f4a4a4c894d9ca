import { useEffect, useState } from 'preact/hooks';
import type { GameSummary, Person } from './api.ts';
import { api, errorText } from './api.ts';
import { localTime } from './deadline.tsx';
import { Link, navigate, useTitle } from './router.tsx';
import { ErrorBox } from './ui.tsx';

interface Me {
  person: Person | null;
  games: GameSummary[];
}

/** `/`: the person's campaigns and seats, waiting-on-you first; start, create or import a game. */
export function Home() {
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The list could not be fetched: shown until a later fetch works. */
  const [listError, setListError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = () =>
    api<Me>('GET', '/api/me')
      .then((m) => (setMe(m), setListError(null)))
      .catch((e) => setListError(errorText(e)));
  // The tab's title counts the decisions waiting on you: kept current while the page stays open
  // (every half minute; browsers slow timers in background tabs) and at once when you come back to it.
  useEffect(() => {
    load();
    const again = () => document.visibilityState === 'visible' && load();
    const timer = setInterval(load, 30_000);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, []);
  const waiting = me ? me.games.reduce((n, g) => n + waitsOnYou(g), 0) : 0;
  useTitle(waiting ? `(${waiting}) Wardroom` : 'Wardroom');

  const start = async (what: () => Promise<{ id: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const { id } = await what();
      navigate(`/g/${encodeURIComponent(id)}`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  // Someone with campaigns comes back for them: they come first, with the notification settings; the demo is no longer the main button.
  const returning = !!me?.games.length;
  const games = (
    <section class="card" aria-labelledby="games-h" data-testid="games">
      <h2 id="games-h">Your campaigns{waiting ? ` (${waiting === 1 ? 'a decision' : `${waiting} decisions`} waiting on you)` : ''}</h2>
      {!me ? <p aria-busy="true">Loading…</p> : me.games.length === 0 ? <p>None yet.</p> : <GameList games={me.games} />}
      {me?.person && (
        <p>
          <Link href="/settings" data-testid="settings-link">
            Notifications: be told by e-mail or webhook when a campaign waits on you
          </Link>
        </p>
      )}
    </section>
  );
  return (
    <main>
      <h1>Wardroom</h1>
      <p>A referee for Cold War Naval Battles campaigns and the Strategic Missions Phase of Axis &amp; Allies: every seat on its own device.</p>
      <ErrorBox message={error ?? listError} />
      {me?.person && <p>Signed in as {me.person.name || 'a person without a name'}.</p>}
      {returning && games}
      <div class="start">
        <button type="button" class={returning ? 'big' : 'primary big'} disabled={busy} data-testid="demo-button" onClick={() => start(() => api('POST', '/api/demo', {}))}>
          Start a demo campaign
        </button>
        <Link href="/new" class="button" data-testid="create-link">
          Create a campaign
        </Link>
        <Link href="/odds" class="button" data-testid="odds-link">
          Exact odds (SMP)
        </Link>
      </div>
      {!returning && games}
      <Import busy={busy} />
      {me && <Account person={me.person} reload={load} />}
    </main>
  );
}

/** How many decisions and rewind requests of the campaign wait on the person. */
const waitsOnYou = (g: GameSummary) => g.waitingOnYou.length + g.rewindAsked.length;

function GameList({ games }: { games: GameSummary[] }) {
  return (
    <ul class="games">
      {games.map((g) => (
        <li key={g.id} data-testid={`game-${g.id}`} class={waitsOnYou(g) ? 'waiting' : ''}>
          <Link href={`/g/${encodeURIComponent(g.id)}`}>{g.title}</Link>
          <div>
            {(g.unread ?? 0) > 0 && (
              <Link class="badge" href={`/g/${encodeURIComponent(g.id)}/history`} data-testid={`unread-${g.id}`}>
                {g.unread} new in the log
              </Link>
            )}
            {g.waitingOnYou.length > 0 && <strong class="badge">Waiting on you: {g.waitingOnYou.map((s) => g.seatLabels[s] ?? s).join('; ')}</strong>}
            {g.rewindAsked.length > 0 && <strong class="badge">A rewind asked of you: {g.rewindAsked.map((s) => g.seatLabels[s] ?? s).join('; ')}</strong>}
            {g.problem && <strong class="badge">{g.problem}</strong>}
            <small>
              {' '}
              {[g.over ? 'over' : g.turn === null ? '' : `turn ${g.turn}`, g.moved ? 'moved to the table' : g.paused && !g.over ? 'paused' : '', g.dueAt ? `deadline ${localTime(g.dueAt)}` : ''].filter(Boolean).join(', ')}
              {g.referee ? ' · you referee' : ''}
              {g.seats.length ? ` · your seats: ${g.seats.map((s) => g.seatLabels[s] ?? s).join('; ')}` : ''}
            </small>
          </div>
          {g.seats.length > 1 && (
            <div class="seat-links">
              {g.seats.map((s) => (
                <Link key={s} href={`/g/${encodeURIComponent(g.id)}?as=${encodeURIComponent(s)}`}>
                  as {g.seatLabels[s] ?? s}
                </Link>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function Import({ busy }: { busy: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [seed, setSeed] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <section class="card" aria-labelledby="import-h">
      <h2 id="import-h">Continue a game from the table</h2>
      <form
        data-testid="import-form"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!file) return;
          // A refusal is shown here, beside the form (on a phone the top of the page is out of sight).
          setSending(true);
          setError(null);
          try {
            const text = await file.text();
            // No title typed: the one a Wardroom export holds, else the file's name.
            let inFile: unknown;
            try {
              inFile = (JSON.parse(text) as { title?: unknown }).title;
            } catch {
              /* the server says what is wrong with the file */
            }
            const named = title.trim() || (typeof inFile === 'string' && inFile.trim()) || file.name.replace(/\.json$/i, '');
            const { id } = await api<{ id: string }>('POST', '/api/import', { file: text, title: named.slice(0, 120), ...(seed.trim() ? { seed: seed.trim() } : {}) });
            navigate(`/g/${encodeURIComponent(id)}`);
          } catch (err) {
            setError(errorText(err));
          } finally {
            setSending(false);
          }
        }}
      >
        <div class="field">
          <label for="import-file">Game file (from wardroom new / play, or a campaign's Export)</label>
          <input id="import-file" type="file" accept=".json,application/json" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        </div>
        <div class="field">
          <label for="import-title">Title (optional: else the file's own, or its name)</label>
          <input id="import-title" type="text" maxLength={120} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="import-seed">Dice seed (optional: the FILE.seed the referee kept)</label>
          <input id="import-seed" type="text" autocomplete="off" value={seed} onInput={(e) => setSeed(e.currentTarget.value)} />
        </div>
        <ErrorBox message={error} />
        <button type="submit" class="primary" disabled={busy || sending || !file} data-testid="submit-import">
          Import
        </button>
      </form>
    </section>
  );
}

function Account({ person, reload }: { person: Person | null; reload: () => void }) {
  const [name, setName] = useState(person?.name ?? '');
  const [email, setEmail] = useState(person?.email ?? '');
  const [msg, setMsg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (what: () => Promise<unknown>, done: string) => {
    setError(null);
    setMsg(null);
    try {
      await what();
      setMsg(done);
      reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <section class="card" aria-labelledby="account-h" data-testid="account">
      <h2 id="account-h">You</h2>
      <ErrorBox message={error} />
      <p role="status">{msg}</p>
      {person && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run(() => api('POST', '/api/me', { name }), 'Name saved.');
          }}
        >
          <div class="field">
            <label for="me-name">Your name</label>
            <input id="me-name" type="text" maxLength={80} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </div>
          <button type="submit">Save name</button>
        </form>
      )}
      <h3>Use on another device</h3>
      <p>Give an e-mail address, then ask for a sign-in link there. No password.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run(async () => {
            if (person && email !== (person.email ?? '')) await api('POST', '/api/me', { email });
            await api('POST', '/api/magic-links', { email });
          }, `If ${email} is known here, a sign-in link is on its way (valid 15 minutes, once).`);
        }}
      >
        <div class="field">
          <label for="me-email">E-mail</label>
          <input id="me-email" type="email" autocomplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </div>
        <button type="submit" data-testid="magic-link-button">
          {person ? 'Save and send me a sign-in link' : 'Send me a sign-in link'}
        </button>
      </form>
      {person && (
        <button type="button" class="secondary" onClick={() => run(() => api('POST', '/api/sign-out', {}), 'Signed out on this device.')}>
          Sign out on this device
        </button>
      )}
    </section>
  );
}
