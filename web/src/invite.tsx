import { useEffect, useState } from 'preact/hooks';
import type { Seat } from './api.ts';
import { api, ApiError, errorText } from './api.ts';
import { Link, navigate, useTitle } from './router.tsx';
import { ErrorBox, teamName } from './ui.tsx';

interface Invitation {
  game: { id: string; title: string };
  kind: 'seat' | 'team' | 'table' | 'spectator';
  seats: Seat[];
  /** The team of the seats the person signed in on this browser holds in this campaign already. */
  yourTeam: string | null;
  /** That person is this campaign's referee. */
  youReferee: boolean;
}

/** `/invite/:token`: claim one or more seats of a campaign (or watch it). */
export function Invite({ token }: { token: string }) {
  const [inv, setInv] = useState<Invitation | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The name of whoever is signed in on this browser already: the seats go to them. */
  const [me, setMe] = useState<string | null>(null);
  useEffect(() => {
    api<{ person: { name: string } }>('GET', '/api/me')
      .then((r) => setMe(r.person.name))
      .catch(() => setMe(null)); // signed out: a name is asked
  }, []);
  const path = `/api/invitations/${encodeURIComponent(token)}`;
  const load = () =>
    api<Invitation>('GET', path)
      .then((i) => {
        setInv(i);
        const open = i.seats.filter((s) => !s.holder && (!i.yourTeam || s.team === i.yourTeam)).map((s) => s.seat);
        // A team link's free seats are all ticked (its player usually plays them all); a table link's person picks.
        setChosen((c) => (c.length ? c.filter((s) => open.includes(s)) : open.length === 1 || i.kind === 'team' ? open : []));
      })
      .catch((e) => setError(errorText(e)));
  useEffect(() => {
    load();
  }, [token]);
  useTitle(inv ? `Join ${inv.game.title} — Wardroom` : 'Invitation — Wardroom');

  const claim = async (seats: string[]) => {
    if (!me && !name.trim()) return setError('Give your name: the other players will see it.');
    setBusy(true);
    setError(null);
    try {
      // A blank name is left out: someone already signed in keeps theirs (the server refuses an empty one).
      const r = await api<{ id: string }>('POST', `${path}/claim`, { seats, ...(name.trim() ? { name: name.trim() } : {}) });
      navigate(`/g/${encodeURIComponent(r.id)}${seats.length === 1 ? `?as=${encodeURIComponent(seats[0])}` : ''}`);
    } catch (e) {
      setError(errorText(e));
      if (e instanceof ApiError && e.status === 409) load();
    } finally {
      setBusy(false);
    }
  };

  if (!inv) {
    return (
      <main>
        <h1>Invitation</h1>
        <ErrorBox message={error} />
        {!error && <p aria-busy="true">Loading…</p>}
      </main>
    );
  }
  const nameField = me ? (
    <p data-testid="signed-in-as">
      You are signed in as <strong>{me}</strong> on this browser.
    </p>
  ) : (
    <div class="field">
      <label for="claim-name">Your name</label>
      <input id="claim-name" type="text" maxLength={80} autocomplete="nickname" value={name} onInput={(e) => setName(e.currentTarget.value)} />
    </div>
  );
  if (inv.kind === 'spectator' && (inv.yourTeam || inv.youReferee)) {
    return (
      <main>
        <h1>Watch {inv.game.title}</h1>
        <p data-testid="plays-already">
          You {inv.youReferee ? 'referee' : 'play in'} this campaign already: <Link href={`/g/${encodeURIComponent(inv.game.id)}`}>open it</Link>. This link is for someone who
          only watches.
        </p>
      </main>
    );
  }
  if (inv.kind === 'spectator') {
    return (
      <main>
        <h1>Watch {inv.game.title}</h1>
        <p>You will see only what is public, and cannot act.</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            claim([]);
          }}
        >
          {nameField}
          <ErrorBox message={error} />
          <button type="submit" class="primary big" disabled={busy} data-testid="watch-button">
            Watch
          </button>
        </form>
      </main>
    );
  }
  // One person plays for one team: the team of the seats held already, or of the first seat ticked.
  const team = inv.yourTeam ?? inv.seats.find((s) => chosen.includes(s.seat))?.team ?? null;
  const otherTeam = (s: Seat) => team !== null && s.team !== team;
  if (inv.seats.every((s) => s.holder)) {
    return (
      <main>
        <h1>Join {inv.game.title}</h1>
        <p data-testid="all-taken">
          Every seat this link offers is taken ({inv.seats.map((s) => `${s.label}: ${s.holder}`).join('; ')}). Ask the referee for a link to a free seat.
        </p>
      </main>
    );
  }
  if (inv.yourTeam && inv.seats.every((s) => s.holder || otherTeam(s))) {
    return (
      <main>
        <h1>Join {inv.game.title}</h1>
        <p data-testid="other-team-only">
          You play for the {teamName(inv.yourTeam)} team in this campaign, and one person plays for one team: this link offers only the other team's
          seats ({inv.seats.map((s) => s.label).join('; ')}). Ask the referee for a link to a seat of your team, or{' '}
          <Link href={`/g/${encodeURIComponent(inv.game.id)}`}>open the campaign</Link>.
        </p>
      </main>
    );
  }
  return (
    <main>
      <h1>Join {inv.game.title}</h1>
      <form
        data-testid="claim-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!chosen.length) return setError('Choose at least one seat.');
          claim(chosen);
        }}
      >
        <fieldset class="field">
          <legend>
            Seats on offer: tick the ones you will play
            {inv.kind === 'team' && inv.seats.filter((s) => !s.holder).length > 1 ? ' (all are ticked: untick those a teammate will play, who claims them by this same link)' : ''}
          </legend>
          <div class="choices">
            {inv.seats.map((s) => (
              <label key={s.seat} class="choice">
                <input
                  type="checkbox"
                  disabled={!!s.holder || otherTeam(s)}
                  checked={chosen.includes(s.seat)}
                  data-testid={`claim-seat-${s.seat}`}
                  onChange={(e) => setChosen(e.currentTarget.checked ? [...chosen, s.seat] : chosen.filter((x) => x !== s.seat))}
                />
                {s.label}
                {s.holder ? ` — held by ${s.holder}` : otherTeam(s) ? " — the other team's (one person plays for one team)" : ' — open'}
              </label>
            ))}
          </div>
        </fieldset>
        {inv.youReferee && (
          <p class="notice" data-testid="referee-claims">
            You are this campaign's referee: this link is for a player. Send it to them rather than claiming here; a seat you claim is yours, and a
            one-seat link is then used up.
          </p>
        )}
        {nameField}
        <ErrorBox message={error} />
        <button type="submit" class="primary big" disabled={busy} data-testid="claim-button">
          Claim {chosen.length > 1 ? `${chosen.length} seats` : chosen.length ? 'the seat' : 'a seat'}
        </button>
      </form>
    </main>
  );
}

/** `/magic/:token`: a sign-in link opens this page; only the button's POST signs in (mail scanners open links). */
export function Magic({ token }: { token: string }) {
  useTitle('Sign in — Wardroom');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <main>
      <h1>Sign in on this device</h1>
      <p>This takes you to your campaigns and seats. The link works once.</p>
      <ErrorBox message={error} />
      <button
        type="button"
        class="primary big"
        disabled={busy}
        data-testid="magic-consume"
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await api('POST', '/api/magic-links/consume', { token });
            navigate('/', true);
          } catch (e) {
            setError(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        Sign in
      </button>
    </main>
  );
}
