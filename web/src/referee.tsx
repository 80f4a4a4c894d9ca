import { useEffect, useState } from 'preact/hooks';
import type { GamePage } from './api.ts';
import { api, errorText, saveAnswer } from './api.ts';
import { DeadlinePanel, localTime, type Deadline } from './deadline.tsx';
import { ErrorBox, teamName } from './ui.tsx';

type Kind = 'seat' | 'team' | 'table' | 'spectator';


/** The referee's tools: invitation links (shown once: copy them now), the game file. */
export function Referee({ page, base, deadline = null, reloadDeadline = () => {} }: { page: GamePage; base: string; deadline?: Deadline | null; reloadDeadline?: () => void }) {
  const teams = [...new Set(page.seats.map((s) => s.team).filter((t): t is string => !!t))];
  const [kind, setKind] = useState<Kind>('seat');
  const [seat, setSeat] = useState((page.seats.find((s) => !s.holder) ?? page.seats[0])?.seat ?? '');
  const [team, setTeam] = useState(teams[0] ?? '');
  const [links, setLinks] = useState<{ what: string; url: string; seats: string[] }[]>([]);
  const [email, setEmail] = useState('');
  const [days, setDays] = useState('14');
  const [error, setError] = useState<string | null>(null);
  // A link offers only free seats: the seat picked, unless it was claimed meanwhile; none when every seat of the kind is held.
  const freeSeats = page.seats.filter((s) => !s.holder);
  const seatNow = freeSeats.some((s) => s.seat === seat) ? seat : (freeSeats[0]?.seat ?? seat);
  // The players the game file names (a CWNB view's, public: every view has them), for a seat nobody holds here: whom to invite.
  const named = page.view.holders as Partial<Record<string, string>> | undefined;
  const offersSeats = kind === 'spectator' || (kind === 'team' ? freeSeats.some((s) => s.team === team) : freeSeats.length > 0);
  const invite = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const body = { kind, ...(kind === 'seat' ? { seat: seatNow } : kind === 'team' ? { team } : {}), ...(email.trim() ? { email: email.trim() } : {}), days: days === 'revoked' ? null : Number(days) };
    try {
      const r = await api<{ token: string; url: string; seats: string[]; expiresAt: string | null }>('POST', `${base}/invitations`, body);
      const to = (email.trim() ? ` (e-mailed to ${email.trim()})` : '') + (r.expiresAt ? `, works until ${localTime(r.expiresAt)}` : ', works until revoked');
      setEmail('');
      const what0 = kind === 'seat' ? page.seats.find((s) => s.seat === seatNow)?.label ?? seatNow : kind === 'team' ? `the ${teamName(team)} team` : kind === 'table' ? 'the whole table' : 'a spectator';
      const what = what0 + to;
      setLinks((old) => [{ what, url: new URL(r.url, location.origin).href, seats: r.seats }, ...old]);
      setTimeout(() => document.querySelector<HTMLInputElement>('[data-testid="invitation-url"]')?.focus()); // the new link, selected to copy
    } catch (err) {
      setError(errorText(err));
    }
  };
  /** A player who lost their device gets the seat back by a new invitation link once it is free. */
  const free = async (seatId: string, label: string, holder: string) => {
    if (!confirm(`Free ${label}? ${holder} will no longer hold it; invite them again with a new link. Every link that offers this seat stops working, for the other seats it offers too: make new links for the seats still free.`)) return;
    setError(null);
    try {
      await api('DELETE', `${base}/seats/${encodeURIComponent(seatId)}`);
      setLinks((old) => old.filter((l) => !l.seats.includes(seatId))); // the server revoked every link that offered the seat
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <section class="card" data-testid="referee" aria-labelledby="referee-h">
      <h2 id="referee-h">Referee</h2>
      {/* Nobody can hand the referee's tools back: without an address, a browser that forgets its cookie loses the campaign. */}
      {!page.me.person?.email && (
        <p class="help" data-testid="referee-no-email">
          Only this browser knows you are the referee: no one can give the referee's tools back if it forgets you. Give your e-mail address under <a href="/#account-h">You</a> on the home page, to sign in again from another device.
        </p>
      )}
      <Rename page={page} base={base} />
      <h3>Seats</h3>
      <ul>
        {page.seats.map((s) => (
          <li key={s.seat}>
            <span>
              {s.label}: {s.holder ?? <em>unclaimed</em>}
              {!s.holder && named?.[s.seat] && ` (${named[s.seat]} in the game file)`}
            </span>{' '}
            {s.holder && (
              <button type="button" class="secondary" data-testid={`free-${s.seat}`} aria-label={`Free the seat ${s.label} (${s.holder})`} onClick={() => free(s.seat, s.label, s.holder!)}>
                Free the seat
              </button>
            )}
          </li>
        ))}
      </ul>
      <h3>Invite</h3>
      <form class="invite" onSubmit={invite} data-testid="invite-form">
        <fieldset class="field">
          <legend>Invitation for</legend>
          <div class="choices">
            {(['seat', 'team', 'table', 'spectator'] as const).map((k) => (
              <label key={k} class="choice">
                <input type="radio" name="invite-kind" checked={kind === k} onChange={() => setKind(k)} />
                {{ seat: 'one seat', team: 'a team', table: 'the whole table', spectator: 'a spectator' }[k]}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'seat' && (
          <div class="field">
            <label for="invite-seat">Seat</label>
            <select id="invite-seat" value={seatNow} onChange={(e) => setSeat(e.currentTarget.value)}>
              {page.seats.map((s) => (
                <option key={s.seat} value={s.seat} disabled={!!s.holder}>
                  {s.label}
                  {s.holder ? ` (held by ${s.holder}: free it first)` : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        {kind === 'team' && (
          <div class="field">
            <label for="invite-team">Team</label>
            <select id="invite-team" value={team} onChange={(e) => setTeam(e.currentTarget.value)}>
              {teams.map((t) => (
                <option key={t} value={t}>
                  {teamName(t)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div class="field">
          <label for="invite-days">The link works</label>
          <select id="invite-days" value={days} data-testid="invite-days" onChange={(e) => setDays(e.currentTarget.value)}>
            {['1', '7', '14', '30'].map((d) => (
              <option key={d} value={d}>
                for {d} day{d === '1' ? '' : 's'}
              </option>
            ))}
            <option value="revoked">until revoked</option>
          </select>
        </div>
        <div class="field">
          <label for="invite-email">Also send it by e-mail to (optional)</label>
          <input id="invite-email" type="email" autocomplete="off" value={email} data-testid="invite-email" onInput={(e) => setEmail(e.currentTarget.value)} />
        </div>
        {!offersSeats && (
          <p class="help" data-testid="invite-nothing-free">
            {kind === 'team' ? `Every seat of the ${teamName(team)} team is held` : 'Every seat is held'}: free one first, or invite a spectator.
          </p>
        )}
        <ErrorBox message={error} />
        <button type="submit" class="primary" data-testid="submit-invitation" disabled={!offersSeats}>
          Make an invitation link
        </button>
      </form>
      {links.length > 0 && (
        <ul class="links">
          {links.map((l, i) => (
            <li key={l.url}>
              <InviteLink what={l.what} url={l.url} n={links.length - i} />
            </li>
          ))}
        </ul>
      )}
      <Invitations base={base} tick={`${links.length}/${page.seats.map((s) => s.holder ?? '').join()}`} />
      <Spectators base={base} page={page} />
      {!page.game.over && <DeadlinePanel base={base} deadline={deadline} reload={reloadDeadline} />}
      <h3>Game file</h3>
      <p>
        <a href={`${base}/export`} download data-testid="export-link">
          Download the game file
        </a>{' '}
        {deadline?.movedAt
          ? '(with its seed: the campaign moved to the table)'
          : page.game.over || page.view?.dice?.physical
            ? "(the CLI's format)"
            : "(the CLI's format, without its seed until the end: a copy to keep; to play on elsewhere, Move to the table)"}
      </p>
      {!page.game.over && !deadline?.movedAt && !page.view?.dice?.physical && <ToTable base={base} reload={reloadDeadline} />}
    </section>
  );
}

/**
 * Back to the table before the end, in a game with server dice: the file comes with its seed for
 * `wardroom play`, and the campaign is not played online again (whoever holds the seed knows the
 * dice to come). A physical-dice game needs no seed: its ordinary file goes back to the table.
 */
function ToTable({ base, reload }: { base: string; reload: () => void }) {
  const [sure, setSure] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const move = async () => {
    setError(null);
    try {
      await saveAnswer(`${base}/to-table`, {});
      reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div data-testid="to-table">
      <label>
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.currentTarget.checked)} /> Move the campaign to the table: download its file with the dice
        seed for <code>wardroom play</code>, and end online play for good
      </label>{' '}
      <button type="button" class="secondary" disabled={!sure} data-testid="to-table-button" onClick={move}>
        Move to the table
      </button>
      <ErrorBox message={error} />
    </div>
  );
}

/** A list the referee keeps (links made, spectators): read again when `tick` changes; an entry deleted by its address. */
function useRefereeList<T>(url: string, key: string, tick: unknown) {
  const [list, setList] = useState<T[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [again, setAgain] = useState(0);
  useEffect(() => {
    let stale = false; // a later read started: this answer is old
    api<Record<string, T[]>>('GET', url).then(
      (r) => {
        if (stale) return;
        setList(r[key]);
        setError(null);
      },
      (err) => !stale && setError(errorText(err)),
    );
    return () => {
      stale = true;
    };
  }, [url, key, tick, again]);
  const remove = async (path: string) => {
    setError(null);
    try {
      await api('DELETE', path);
      setAgain((n) => n + 1);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return { list, error, remove };
}

type Invitation = { id: string; kind: Kind; labels: string[]; free: string[]; createdAt: string; expiresAt: string | null; expired: boolean };

/** The links made for this campaign (not the links themselves: shown once), with the seats still free by each; the referee revokes one that leaked. */
function Invitations({ base, tick }: { base: string; tick: string }) {
  const { list, error, remove } = useRefereeList<Invitation>(`${base}/invitations`, 'invitations', tick);
  const revoke = (inv: Invitation) => remove(`${base}/invitations/${encodeURIComponent(inv.id)}`);
  if (!list.length && !error) return null;
  const what = (i: Invitation) => (i.kind === 'spectator' ? 'a spectator' : i.kind === 'table' ? 'the whole table' : i.labels.join('; '));
  return (
    <>
      <h3>Links made</h3>
      <ul data-testid="invitations">
        {list.map((i) => (
          <li key={i.id}>
            <span>
              {what(i)}, made {localTime(i.createdAt)}
              {i.expiresAt ? (i.expired ? <strong>, expired {localTime(i.expiresAt)}</strong> : `, works until ${localTime(i.expiresAt)}`) : ', works until revoked'}
              {i.kind !== 'spectator' ? (i.free.length ? ` (${i.free.length} seat${i.free.length > 1 ? 's' : ''} still free)` : ' (every seat claimed)') : ''}
            </span>{' '}
            <button type="button" class="secondary" aria-label={`Revoke the link for ${what(i)}`} onClick={() => void revoke(i)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <ErrorBox message={error} />
    </>
  );
}

type Spectator = { id: string; name: string; since: string };

/** Who watches the campaign; the referee removes someone who should not (a link that leaked: revoke it too). */
function Spectators({ base, page }: { base: string; page: GamePage }) {
  // The page is loaded again on every change, someone starting to watch included.
  const { list, error, remove } = useRefereeList<Spectator>(`${base}/spectators`, 'spectators', page);
  const removeSpectator = async (s: Spectator) => {
    if (!confirm(`Remove ${s.name}? They stop seeing the campaign at once; a spectator link that still works would let them back in (revoke it under Links made).`)) return;
    await remove(`${base}/spectators/${encodeURIComponent(s.id)}`);
  };
  if (!list.length && !error) return null;
  return (
    <>
      <h3>Spectators</h3>
      <ul data-testid="spectators">
        {list.map((s) => (
          <li key={s.id}>
            <span>
              {s.name}, watching since {localTime(s.since)}
            </span>{' '}
            <button type="button" class="secondary" aria-label={`Remove the spectator ${s.name}`} onClick={() => void removeSpectator(s)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <ErrorBox message={error} />
    </>
  );
}

function InviteLink({ what, url, n }: { what: string; url: string; n: number }) {
  const [copied, setCopied] = useState(false);
  const id = `invitation-${n}`;
  return (
    <div class="field">
      <label for={id}>Link for {what} (shown once: copy it now)</label>
      <div class="row">
        <input id={id} type="text" readOnly value={url} data-testid="invitation-url" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopied(true);
            } catch {
              (document.getElementById(id) as HTMLInputElement | null)?.select();
            }
          }}
        >
          Copy
        </button>
      </div>
      <span role="status">{copied ? 'Copied.' : ''}</span>
    </div>
  );
}

/** The campaign's title, which every member sees on their home page (a new season, a typo). */
function Rename({ page, base }: { page: GamePage; base: string }) {
  const [title, setTitle] = useState(page.game.title);
  const [error, setError] = useState<string | null>(null);
  const rename = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      await api('PUT', `${base}/title`, { title }); // every member's page is told live
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form class="row" onSubmit={rename} data-testid="rename-form">
      <div class="field">
        <label for="rename-title">Title</label>
        <input id="rename-title" type="text" maxLength={120} required value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
      </div>
      <button type="submit" class="secondary" disabled={!title.trim() || title.trim() === page.game.title}>
        Rename
      </button>
      <ErrorBox message={error} />
    </form>
  );
}
