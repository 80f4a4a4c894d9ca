import { Fragment } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ActionSpec, ChatMessage, ClosedAction, GameEvent, GamePage, Side } from './api.ts';
import { api, ApiError, errorText, seatLabel, waitingNames } from './api.ts';
import { BattleRecorder, gridActions } from './battle.tsx';
import { Chat } from './chat.tsx';
import { DeadlineBanner, useDeadline } from './deadline.tsx';
import { EndScreen, OrderLine, Overview, ZoneBoard } from './board.tsx';
import { takenBack } from '../../src/engine/log.ts';
import type { Values } from './form-values.ts';
import { ActionForm } from './forms.tsx';
import { GenericView } from './generic-view.tsx';
import { SmpBoard, SmpNow } from './smp-board.tsx';
import { useLive } from './live.ts';
import { Referee } from './referee.tsx';
import { HistoryLinks, useLogRead } from './history.tsx';
import { Rewinds } from './rewinds.tsx';
import { Link, navigate, useTitle } from './router.tsx';
import { ErrorBox } from './ui.tsx';

/** `/g/:id`: one campaign as the viewer may see it, the seats' actions, the log, live. */
export function Game({ id, as }: { id: string; as: string | null }) {
  const [page, setPage] = useState<GamePage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The log length when the notice was given: a later entry (anyone's action, a rewind) makes it old news. */
  const noticeFrom = useRef(Infinity);
  const [log, setLog] = useState<GameEvent[]>([]);
  const [fresh, setFresh] = useState<GameEvent[]>([]);
  const [start, setStart] = useState<number | null>(null);
  /** Live frames received: the deadline is read again after each (a 'deadline' frame carries no events). */
  const [frames, setFrames] = useState(0);
  const q = as ? `?as=${encodeURIComponent(as)}` : '';
  const base = `/api/games/${encodeURIComponent(id)}`;

  // Loads overlap (a live frame and an action's answer): only the latest asked is shown, so that an
  // older answer arriving last cannot put back a board (and forms) the game has left.
  const asked = useRef(0);
  const load = useCallback(async () => {
    const mine = ++asked.current;
    try {
      const fresh = await api<GamePage>('GET', `${base}${q}`);
      if (mine !== asked.current) return;
      setPage(fresh);
      setError(null);
    } catch (e) {
      if (mine !== asked.current) return;
      setError(errorText(e));
      if (e instanceof ApiError && (e.status === 403 || e.status === 404)) setPage(null); // a seat freed, a campaign gone: no board or form left to act on
    }
  }, [base, q]);

  useEffect(() => {
    setPage(null);
    setStart(null);
    setLog([]);
    load();
    api<{ events: GameEvent[] }>('GET', `${base}/log${q}`)
      .then((r) => {
        setLog(r.events);
        setStart(r.events.length ? r.events[r.events.length - 1].seq : -1);
      })
      .catch((e) => setError(errorText(e)));
  }, [base, q, load]);

  // After a frame, fetch the new view and actions once things settle (several frames, one fetch).
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onFrame = useCallback(
    (events: GameEvent[]) => {
      if (events.length) {
        setLog((old) => [...old, ...events]);
        setFresh(events);
        if (events.some((e) => e.entry >= noticeFrom.current)) setNotice(null);
      }
      setFrames((n) => n + 1);
      clearTimeout(timer.current);
      timer.current = setTimeout(load, 150);
    },
    [load],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  const [chatIn, setChatIn] = useState<ChatMessage[]>([]);
  const onChat = useCallback((m: ChatMessage) => setChatIn((old) => [...old, m]), []);
  const [chatUnread, setChatUnread] = useState(0);
  const [resync, setResync] = useState(0);
  const onResync = useCallback(() => setResync((n) => n + 1), []);
  // Who is here now changes only the players line: no fetch.
  const onPresence = (seats: string[], here: boolean) => setPage((p) => p && { ...p, seats: p.seats.map((s) => (seats.includes(s.seat) ? { ...s, here } : s)) });
  const live = useLive(id, as, start, { frame: onFrame, chat: onChat, resync: onResync, presence: onPresence });
  const [deadline, reloadDeadline] = useDeadline(base, `${page?.game.version}/${frames}`);
  const { unread, readBefore } = useLogRead(id, log.length);

  // Decisions and rewind requests waiting on the person's seats; none while the referee has paused the campaign (h20).
  const paused = !!deadline?.paused && !page?.game.over;
  const myDecisions = page && !paused ? page.waitingFor.filter((s) => page.me.seats.includes(s)) : [];
  const myRewinds = page ? page.rewinds.filter((r) => r.needed.some((s) => page.me.seats.includes(s))) : [];
  const mine = myDecisions.length + myRewinds.length;
  useTitle(page ? `${mine ? `(${mine}) ` : ''}${page.game.title} — Wardroom` : 'Wardroom');
  useBrowserAlert(
    `${id}|${as ?? ''}`,
    page ? [...myDecisions, ...myRewinds.map((r) => `rewind:${r.id}`)] : null,
    page ? `Wardroom: ${page.game.title}` : '',
    page ? [myDecisions.length ? `Waits on you: ${myDecisions.map((s) => seatLabel(s, page.seats)).join('; ')}.` : '', myRewinds.length ? 'A rewind is asked of you.' : ''].join(' ').trim() : '',
  );

  /**
   * What was sent and got no answer (the connection dropped, a proxy gave up, the server could not
   * answer for its database), by what it was: it may have been stored all the same. Sent again, it
   * names the version it was first sent at, so that a first try stored after all makes the second a
   * conflict, not a second purchase.
   */
  const unanswered = useRef(new Map<string, number>());
  /**
   * Sends something that names the version seen; a stale one reloads and says so, and throws so
   * that the form keeps what was entered, to submit again on the fresh board.
   */
  const post = async (path: string, body: Values, done: ((answer: Values) => string) | null = null) => {
    const what = `${path} ${JSON.stringify(body)}`;
    const firstSent = unanswered.current.get(what);
    const seen = firstSent ?? page!.game.version;
    let answer: Values;
    try {
      answer = await api<Values>('POST', `${base}${path}`, { ...body, seen });
    } catch (e) {
      const status = e instanceof ApiError ? e.status : -1;
      if (status === 0 || status === 502 || status === 503 || status === 504) unanswered.current.set(what, seen);
      else unanswered.current.delete(what);
      if (status === 409) {
        setNotice(
          firstSent !== undefined
            ? 'The game moved on since you first sent this, and that first try got no answer: it may have been stored. Here is the board as it is now: look at the log before you send it again.'
            : 'The game moved on before your action arrived: here is the board as it is now.',
        );
        await load();
        throw new Error('Not sent: the game moved on (see above). If this is still yours to do, submit it again.');
      }
      throw new Error(errorText(e));
    }
    unanswered.current.delete(what);
    setNotice(done && done(answer));
    noticeFrom.current = typeof answer.version === 'number' ? answer.version : Infinity;
    await load();
  };
  const submit = (action: Values) => post('/actions', { action });
  // A seat of this person's gone while the page is open, and not given up here: the referee freed it. Said, not dropped without a word.
  const held = useRef<string[] | null>(null);
  const left = useRef<string | null>(null);
  useEffect(() => {
    if (!page) return;
    const lost = (held.current ?? []).filter((s) => !page.me.seats.includes(s) && s !== left.current);
    if (lost.length) setNotice(`You no longer hold ${lost.map((s) => seatLabel(s, page.seats)).join('; ')}: the referee freed it. If you should still play it, ask them for a new invitation link.`);
    held.current = page.me.seats;
  }, [page]);
  /** Give up a seat: the referee invites someone else to it; with no seat left the campaign is no longer this person's. */
  const leave = async (seat: string) => {
    left.current = seat;
    await api('DELETE', `${base}/seats/${encodeURIComponent(seat)}`);
    if (page!.me.seats.length > 1) await load();
    else navigate('/');
  };

  if (!page) {
    return (
      <main>
        <ErrorBox message={error} />
        {error ? (
          <p>
            <Link href="/">Home</Link>
          </p>
        ) : (
          <p aria-busy="true">Loading the campaign…</p>
        )}
      </main>
    );
  }
  // The chat is the players' and the referee's: not shown to spectators, nor in a spectator's view.
  const chats = (page.me.referee || page.me.seats.length > 0) && page.me.viewer !== 'spectator';
  // CWNB and SMP have boards of their own; any other module's view is drawn generically (generic-view.tsx).
  const cwnbBoard = page.game.module === 'cwnb-campaign';
  const smp = page.game.module === 'smp';
  // The seats that are asked something first: their forms follow the board's "is asked".
  const seats = Object.keys(page.actions)
    .filter((s) => !as || as === 'referee' || as === s || !page.me.seats.includes(as))
    .sort((a, b) => Number(page.waitingFor.includes(b)) - Number(page.waitingFor.includes(a)));
  // Seats with nothing to do, to take back or to be told: one card for them all when there are several.
  const idle = seats.filter((s) => !page.actions[s].length && !page.closed?.[s]?.length && !page.undoable?.[s] && !page.waitingFor.includes(s));
  const grouped = idle.length > 1 ? new Set(idle) : new Set<string>();
  const decisionSeats = seats.filter((s) => myDecisions.includes(s));
  // An open rewind asked of one of this person's seats (needed, not agreed yet), or any, for the referee, who may answer every one: far down the page on a phone.
  const askedOfMe = page.rewinds.some((r) => r.needed.some((s) => page.me.seats.includes(s) && !r.agreed.includes(s)));
  const rewindAsked = askedOfMe || (page.me.referee && page.rewinds.length > 0);
  return (
    <main class="game" data-version={page.game.version}>
      <header class="game-head">
        <h1>{page.game.title}</h1>
        <p class="meta">
          Viewing as <strong>{page.me.spectator ? 'a spectator' : page.me.viewer === 'referee' ? 'the referee' : seatLabel(page.me.viewer, page.seats)}</strong> ·{' '}
          <span role="status" data-testid="live-status">
            {live === 'live' ? 'live' : live === 'connecting' ? 'connecting…' : live === 'refused' ? 'not live' : 'reconnecting…'}
          </span>{' '}
          · <HistoryLinks id={id} as={as} unread={unread} /> · <Link href="/">Home</Link>
          {cwnbBoard && (
            <>
              {' '}
              · <Link href={`/g/${encodeURIComponent(id)}/record`} data-testid="record-sheet-link">Record sheet</Link> ·{' '}
              <Link href={`/g/${encodeURIComponent(id)}/end`} data-testid="plots-link">
                {page.game.over ? 'End of the campaign' : 'Plots'}
              </Link>
            </>
          )}
          {decisionSeats.length > 0 && (
            <>
              {' '}
              · {decisionSeats.length > 1 ? 'Your decisions: ' : ''}
              {/* On a phone the forms are screens below the board: straight to each decision (a person may hold several seats). */}
              {decisionSeats.map((s, i) => (
                <Fragment key={s}>
                  {i > 0 && ' '}
                  <a href={`#actions-h-${s}`} data-testid={i ? `to-decision-${s}` : 'to-decision'} class="badge">
                    {decisionSeats.length > 1 ? '' : 'Your decision: '}
                    {seatLabel(s, page.seats)} ↓
                  </a>
                </Fragment>
              ))}
            </>
          )}
          {rewindAsked && (
            <>
              {' '}
              ·{' '}
              <a href="#rewinds-h" data-testid="to-rewind" class="badge">
                {askedOfMe ? 'A rewind asked of you ↓' : 'A rewind asked: the referee may answer ↓'}
              </a>
            </>
          )}
          {chats && chatUnread > 0 && (
            <>
              {' '}
              ·{' '}
              <a href="#chat" data-testid="chat-unread-link">
                Chat: {chatUnread} unread
              </a>
            </>
          )}
        </p>
        <Players page={page} />
        {/* Nothing more comes from a campaign over or moved to the table: nothing to be told of. */}
        {page.me.seats.length > 0 && !page.game.over && !deadline?.movedAt && <BrowserAlertOffer />}
        {!page.me.spectator && !page.game.over && !deadline?.movedAt && <MuteToggle muted={page.me.muted} base={base} reload={load} />}
        <SeatPicker page={page} as={as} id={id} />
      </header>
      <ErrorBox message={error} />
      <DeadlineBanner deadline={page.game.over ? null : deadline} />
      <p class="notice" role="status" data-testid="notice" hidden={!notice}>
        {notice}
      </p>
      {/* Over, or rematched: the rematch at the top. A rematch under way names its origin there; its own rematch button is at the bottom. */}
      {page.game.over || page.links?.rematch ? <RematchLinks page={page} base={base} /> : page.links?.rematchOf && <RematchLinks page={page} base={base} only="origin" />}
      {cwnbBoard && page.game.over && <EndScreen page={page} />}
      {cwnbBoard && page.game.over && (
        <p>
          <Link href={`/g/${encodeURIComponent(id)}/end`} data-testid="end-link" class="button primary">
            The end of the campaign: each zone's contribution and the plots
          </Link>
        </p>
      )}
      {cwnbBoard ? <Overview page={page} /> : smp ? <SmpNow page={page} /> : <GenericView page={page} />}
      {seats.filter((seat) => !grouped.has(seat)).map((seat) => (
        <SeatActions key={seat} seat={seat} page={page} paused={paused} specs={page.actions[seat]} log={log} submit={submit} undo={() => post('/undo', { seat }, () => `Taken back: the last action of ${seatLabel(seat, page.seats)}, and all it did; the log marks it.`)} leave={leave} />
      ))}
      {grouped.size > 0 && <IdleSeats seats={[...grouped]} page={page} leave={leave} />}
      {smp && <SmpBoard page={page} />}
      {cwnbBoard && <Rewinds page={page} base={base} log={log} reload={load} />}
      {cwnbBoard &&
        page.view.zones.map((z) => (
          // A player of War Zone seats only (not an Overall Commander, not the referee) sees the zones they play in full.
          <ZoneBoard key={z.id} zone={z} folded={!page.me.referee && page.me.seats.length > 0 && page.me.seats.every((s) => /^(allied|soviet):/.test(s) && !s.endsWith(`:${z.id}`))} />
        ))}
      {page.me.referee && <Referee page={page} base={base} deadline={deadline} reloadDeadline={reloadDeadline} />}
      <Downloads page={page} base={base} />
      {chats && <Chat base={base} incoming={chatIn} live={live} resync={resync} onUnread={setChatUnread} />}
      {!(page.game.over || page.links?.rematch) && page.me.referee && <RematchLinks page={page} base={base} only="start" />}
      <Log log={log} fresh={fresh} readBefore={readBefore} />
    </main>
  );
}

function SeatPicker({ page, as, id }: { page: GamePage; as: string | null; id: string }) {
  const choices = [...(page.me.referee ? ['referee'] : []), ...page.me.seats];
  if (choices.length < 2) return null;
  const current = as ?? page.me.viewer;
  return (
    <div class="field seat-picker">
      <label for="seat-picker">See the game as</label>
      <select id="seat-picker" data-testid="seat-picker" value={current} onChange={(e) => navigate(`/g/${encodeURIComponent(id)}?as=${encodeURIComponent(e.currentTarget.value)}`, true)}>
        {choices.map((s) => (
          <option key={s} value={s}>
            {s === 'referee' ? 'Referee (everything)' : `${seatLabel(s, page.seats)}${page.waitingFor.includes(s) ? ' — waiting on you' : ''}`}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A notice from the browser (once the person allowed it here) when the tab is hidden and a new
 * decision or rewind request waits on them: `keys` names what waits (null: the page is loading), so
 * what waited when the page of `game` was first shown, or was told already, is not told again.
 */
function useBrowserAlert(game: string, keys: string[] | null, title: string, body: string) {
  const told = useRef<{ game: string; keys: Set<string> } | null>(null);
  const joined = keys?.join('|');
  useEffect(() => {
    if (!keys) return;
    const before = told.current?.game === game ? told.current.keys : null;
    told.current = { game, keys: new Set(keys) };
    if (!before || !('Notification' in window) || Notification.permission !== 'granted' || !document.hidden) return;
    if (keys.some((k) => !before.has(k))) new Notification(title, { body, tag: title });
  }, [game, joined]);
}

/** Asks the browser's leave to notify, until the person has answered it here. */
function BrowserAlertOffer() {
  const [permission, setPermission] = useState(() => ('Notification' in window ? Notification.permission : 'denied'));
  if (permission !== 'default') return null;
  return (
    <p class="browser-alerts">
      <button type="button" data-testid="browser-alerts-button" onClick={() => void Notification.requestPermission().then(setPermission)}>
        Tell me in this browser when it waits on me
      </button>{' '}
      (while this page is open in another tab; e-mail and webhooks are under Notifications on the home page)
    </p>
  );
}

/** No e-mail or webhook of this campaign for this person (a slow one, a second device): the others' settings stay. */
function MuteToggle({ muted, base, reload }: { muted: boolean; base: string; reload: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setError(null);
    try {
      await api('PUT', `${base}/muted`, { muted: !muted });
      await reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <p class="mute">
      <button type="button" aria-pressed={muted} data-testid="mute-button" onClick={() => void toggle()}>
        {muted ? 'Muted: no e-mail or webhook of this campaign' : 'Mute this campaign'}
      </button>{' '}
      {muted ? '(press to hear of it again)' : '(no e-mail or webhook of it for you; your settings for the others stay)'}
      <ErrorBox message={error} />
    </p>
  );
}

/**
 * What this person may download here: the log as the viewer the page shows sees it (docs/online.md:
 * "Each player may download the log as their seat sees it"; another seat's through "See the game
 * as"), and after the end the game file (the referee's is in the Referee panel at any time).
 */
function Downloads({ page, base }: { page: GamePage; base: string }) {
  const viewer = page.me.viewer;
  const who = viewer === 'spectator' ? 'a spectator' : viewer === 'referee' ? 'the referee' : seatLabel(viewer, page.seats);
  return (
    <p class="downloads" data-testid="downloads">
      <a href={`${base}/log?as=${encodeURIComponent(viewer)}`} download data-testid="log-download-link">
        Download my log
      </a>{' '}
      (the game log as {who} sees it, a JSON file)
      {!page.me.referee && page.game.over && (
        <>
          {' '}
          ·{' '}
          <a href={`${base}/export`} download data-testid="export-link">
            Download the game file
          </a>
        </>
      )}
    </p>
  );
}

/** Which answer's focus is being restored: only the latest's (see keepFocus). */
let focusTurn = 0;

function SeatActions({ seat, page, paused, specs, log, submit: send, undo: sendUndo, leave }: { seat: string; page: GamePage; paused: boolean; specs: ActionSpec[]; log: GameEvent[]; submit: (a: Values) => Promise<void>; undo: () => Promise<void>; leave: (seat: string) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  /**
   * A button that sends is disabled while it does, which drops the keyboard's focus: once the
   * answer is in, focus goes back to it (the battle recorder's next tap is often on the same ship)
   * without scrolling; if it is gone, to the battle recorder's row that took its place (a ship
   * sunk leaves the list), else to this seat's heading, or the next seat's asked when this one is
   * no longer asked; not back to the top of the page.
   */
  const keepFocus = async (sending: () => Promise<void>) => {
    const mine = ++focusTurn;
    const was = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const id = was?.dataset.testid;
    const row = was?.closest('li.ship-row');
    const rowAt = row?.parentElement ? [...row.parentElement.children].indexOf(row) : -1;
    // Asked again a few times: the page may draw the answer after the first try (a live frame's
    // reload), taking away what was just focused; it is put back while the focus is lost, until
    // the next answer is sent (its own focus then).
    const restore = (tries: number) => {
      if (mine !== focusTurn) return;
      if (tries > 0) setTimeout(() => restore(tries - 1), 100);
      if (document.activeElement && document.activeElement !== document.body) return;
      const again = was?.isConnected ? was : id ? section.current?.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`) : null;
      const rows = rowAt >= 0 ? section.current?.querySelectorAll('li.ship-row') : undefined;
      const sameRow = rows?.length ? rows[Math.min(rowAt, rows.length - 1)].querySelector<HTMLElement>('button:not(:disabled)') : null;
      if (again && !again.matches(':disabled')) again.focus({ preventScroll: true });
      else if (sameRow) sameRow.focus({ preventScroll: true });
      else {
        // This seat's heading while it is still asked; else the next seat asked (first on the page).
        const own = heading.current?.isConnected ? heading.current : null;
        const nextAsked = document.querySelector('section.actions h2[tabindex] .badge')?.closest<HTMLElement>('h2');
        // Or, with nothing left to do, the card of the seats with nothing to do.
        (own?.querySelector('.badge') ? own : (nextAsked ?? own ?? document.getElementById('idle-seats-h')))?.focus();
      }
    };
    try {
      await sending();
    } finally {
      setTimeout(() => restore(5));
    }
  };
  const submit = (a: Values) => keepFocus(() => send(a));
  const undo = () => keepFocus(sendUndo);
  /** A button's request: its refusal shown in the seat's box. */
  const tried = async (request: () => Promise<void>) => {
    setError(null);
    try {
      await request();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const grid = page.game.module === 'cwnb-campaign' ? gridActions(specs) : new Map<string, ActionSpec>();
  const forms = specs.filter((s) => !grid.has(s.type));
  const waiting = page.waitingFor.includes(seat);
  // The seat's only form opens by itself; the team note (6.C.1), offered all along beside it, is not counted.
  const decisions = forms.filter((s) => s.type !== 'teamNote');
  const openAlone = waiting && grid.size === 0 && decisions.length === 1 ? decisions[0] : null;
  // What Undo would take back, in the log's words (as this person was told it).
  const lastSaid = log
    .filter((e) => e.entry === page.undoEntry?.[seat])
    .map((e) => e.text.replace(/\.$/, ''))
    .join('; ');
  const [side, zoneId] = seat.split(':');
  const zone = page.game.module === 'cwnb-campaign' ? page.view.zones.find((z) => z.id === zoneId && z.step === 'purchase') : undefined;
  const orderOf = zone && (side === 'allied' || side === 'soviet') ? { zone, side: side as Side } : null;
  // 6.C.2: why the seat orders again this turn (a ship of its order went to another player), as its team was told.
  const orderAgain = orderOf && [...log].reverse().find((e) => e.type === 'purchase-refused' && e.zone === zoneId && e.side === side && e.turn === page.view.turn);
  return (
    <section class="card actions" ref={section} data-testid={`seat-actions-${seat}`} aria-labelledby={`actions-h-${seat}`}>
      <h2 id={`actions-h-${seat}`} ref={heading} tabIndex={-1}>
        {seatLabel(seat, page.seats)}
        {waiting && <>{' '}<span class="badge">{paused ? 'your decision, once resumed' : 'your decision'}</span></>}
      </h2>
      {!waiting && (
        // Options open (a note, starting an order again, the recorder) or none: who the game waits for, either way.
        <p data-testid="waits-for">
          {forms.length || grid.size ? 'No decision waits on this seat now (what it may still do is below)' : 'Nothing to do for this seat now'}
          {page.waitingFor.length > 0 && !page.game.over ? `: the game waits for ${waitingNames(page)}` : ''}.
        </p>
      )}
      {orderAgain && (
        <p class="notice" data-testid={`order-again-${seat}`}>
          {orderAgain.text}
        </p>
      )}
      {grid.size > 0 && <BattleRecorder seat={seat} specs={grid} view={page.view} submit={submit} />}
      {forms.map((spec) => (
        // Keyed by the type and the fields it asks (and in SMP, which asks "choose" again and again,
        // often with the same fields, by the question): a new question gets a fresh form with its
        // own defaults, while a form whose options or label moved on (an order after a refresh, a
        // note as the zone's step moves) keeps what was entered.
        <ActionForm key={`${spec.type}|${page.game.module === 'smp' ? spec.label : ''}|${Object.keys(spec.fields ?? {}).join(',')}`} spec={spec} seat={seat} submit={submit} open={spec === openAlone} />
      ))}
      {/* What the seat has ordered so far, beside the forms that order it (the board is screens below on a phone). */}
      {orderOf && <OrderLine zone={orderOf.zone} side={orderOf.side} />}
      <ClosedActions list={page.closed?.[seat] ?? []} seat={seat} />
      <ErrorBox message={error} />
      {(page.undoable?.[seat] ?? 0) > 0 && (
        <button
          type="button"
          class="secondary"
          data-testid={`undo-${seat}`}
          // One tap on a phone must not take back a commitment or a sinking by mistake: asked first, as "Finish purchasing" is.
          onClick={() => confirm(`Take back your last action as ${seatLabel(seat, page.seats)}${lastSaid ? ` (#${page.undoEntry![seat]}: ${lastSaid})` : ''}, and all it did? The log will mark it taken back.`) && tried(undo)}
        >
          Undo my last action
        </button>
      )}
      <LeaveSeats seats={[seat]} page={page} leave={leave} />
    </section>
  );
}

/** Who holds the seats, and whether each is looking at the game now (kept current by the live frames). */
function Players({ page }: { page: GamePage }) {
  const people = new Map<number, { name: string; seats: string[]; here: boolean; you: boolean }>();
  for (const s of page.seats) {
    if (!s.holder || s.person === null) continue;
    const p = people.get(s.person) ?? { name: s.holder, seats: [], here: s.here, you: page.me.seats.includes(s.seat) };
    p.seats.push(s.label);
    people.set(s.person, p);
  }
  if (!people.size) return null;
  return (
    <p class="players" data-testid="players">
      Players:{' '}
      {[...people].map(([n, p], i) => (
        <span key={n} class={p.you || p.here ? 'here' : 'away'}>
          {i > 0 && ' · '}
          <strong>{p.name}</strong> ({p.seats.length > 3 ? `${p.seats.length} seats` : p.seats.join('; ')}): {p.you ? 'you' : p.here ? 'here now' : 'away'}
        </span>
      ))}
    </p>
  );
}

/** Several seats with nothing to do now, in one card: each named, and each may be left. */
function IdleSeats({ seats, page, leave }: { seats: string[]; page: GamePage; leave: (seat: string) => Promise<void> }) {
  return (
    <section class="card actions" data-testid="idle-seats" aria-labelledby="idle-seats-h">
      <h2 id="idle-seats-h" tabIndex={-1}>
        Nothing to do now
      </h2>
      <p>
        {seats.map((s) => seatLabel(s, page.seats)).join(', ')}
        {page.waitingFor.length > 0 && !page.game.over ? `: the game waits for ${waitingNames(page)}.` : '.'}
      </p>
      <LeaveSeats seats={seats} page={page} leave={leave} />
    </section>
  );
}

/** Give up seats this person holds: each goes back to the referee, who can invite someone else to it. */
function LeaveSeats({ seats, page, leave }: { seats: string[]; page: GamePage; leave: (seat: string) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const held = seats.filter((s) => page.me.seats.includes(s));
  if (page.game.over || !held.length) return null;
  const tried = async (seat: string) => {
    setError(null);
    try {
      await leave(seat);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <details class="leave">
      <summary>{held.length === 1 ? 'Leave this seat' : 'Leave a seat'}</summary>
      <p>The seat goes back to the referee, who can invite someone else to it. The campaign goes on.</p>
      {held.map((s) => (
        <button key={s} type="button" class="secondary" data-testid={`leave-${s}`} onClick={() => tried(s)}>
          Leave {seatLabel(s, page.seats)}
        </button>
      ))}
      <ErrorBox message={error} />
    </details>
  );
}

/** What this seat may not do now that it might look for, and why ("No ship you may order costs 3 or less"). */
function ClosedActions({ list, seat }: { list: ClosedAction[]; seat: string }) {
  if (!list.length) return null;
  return (
    <ul class="closed" data-testid={`closed-${seat}`}>
      {list.map((c) => (
        <li key={c.type}>
          <strong>{c.label}</strong>: not open now. {c.why}
        </li>
      ))}
    </ul>
  );
}

/** `readBefore`: the last event read before the page came into sight; the later ones are marked new. */
function Log({ log, fresh, readBefore }: { log: GameEvent[]; fresh: GameEvent[]; readBefore: number | null }) {
  const voided = takenBack(log);
  return (
    <section class="card" aria-labelledby="log-h">
      <h2 id="log-h">Game log</h2>
      <div class="sr-only" aria-live="polite" data-testid="log-live">
        {fresh.map((e) => (
          <p key={e.seq}>{e.text}</p>
        ))}
      </div>
      {/* It scrolls: focusable so that a keyboard can scroll it too. */}
      <ol class="log" data-testid="log" reversed tabIndex={0} aria-labelledby="log-h">
        {[...log].reverse().map((e) => (
          <li key={e.seq} data-seq={e.seq} class={[readBefore !== null && e.seq > readBefore && 'new', voided.has(e.entry) && 'taken-back'].filter(Boolean).join(' ') || undefined}>
            {readBefore !== null && e.seq > readBefore && <span class="sr-only">New: </span>}
            {/* Numbered by action, as the undo and rewind questions and the log's own texts name them ("#14"). */}
            {e.entry >= 0 && <small class="entry-no">#{e.entry} </small>}
            {e.turn !== undefined && <small>T{e.turn} </small>}
            {e.text}
            {voided.has(e.entry) && <em> (taken back)</em>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Issue 10: the rematch of this game (a link; every member sees it) or, for the referee, a button
 * that starts one with the same people, seats and options; and the game this one is a rematch of.
 */
function RematchLinks({ page, base, only }: { page: GamePage; base: string; only?: 'origin' | 'start' }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const links = (only !== 'start' && page.links) || { rematch: null, rematchOf: null };
  const start = async (swap: boolean) => {
    if (!page.game.over && !confirm('The campaign is not over. Start a rematch with the same people and options anyway?')) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ id: string }>('POST', `${base}/rematch`, { swap });
      navigate(`/g/${encodeURIComponent(r.id)}`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  if (!links.rematch && !links.rematchOf && !page.me.referee) return null;
  const seated = page.seats.some((s) => s.holder);
  return (
    <section class="card rematch" aria-label="Rematch" data-testid="rematch">
      {links.rematchOf && (
        <p>
          This is a rematch of <Link href={`/g/${encodeURIComponent(links.rematchOf)}`}>an earlier campaign</Link>.
        </p>
      )}
      {links.rematch ? (
        <p role="status">
          A rematch has started with the same people and options:{' '}
          <Link href={`/g/${encodeURIComponent(links.rematch)}`} data-testid="rematch-link">
            open the rematch
          </Link>
          .
        </p>
      ) : (
        page.me.referee &&
        only !== 'origin' && (
          <>
            <p>
              {!seated
                ? // An imported game, or one whose players all left: a rematch has no one to seat.
                  'Play again with the same options (new dice). No one holds a seat of this campaign: the rematch starts with every seat open, to invite the players to.'
                : page.game.over
                  ? 'Play again with the same people in the same seats and the same options (new dice).'
                  : 'A rematch starts a new campaign with the same people in the same seats and the same options (new dice).'}
            </p>
            <button type="button" class={page.game.over ? 'primary' : 'secondary'} disabled={busy} data-testid="rematch-button" onClick={() => void start(false)}>
              Rematch
            </button>
            {page.game.sidesSwappable && seated && (
              <>
                {' '}
                <button type="button" class="secondary" disabled={busy} data-testid="rematch-swap-button" onClick={() => void start(true)}>
                  Rematch with sides swapped
                </button>
              </>
            )}
          </>
        )
      )}
      <ErrorBox message={error} />
    </section>
  );
}
