import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from './api.ts';
import { ErrorBox } from './ui.tsx';

/** A campaign's deadline (GET /api/games/:id/deadline); times in UTC, shown in local time. */
export interface Deadline {
  dueAt: string | null;
  remindAt: string | null;
  hours: number | null;
  remindHours: number;
  onExpiry: 'referee' | 'pause';
  paused: boolean;
  pausedAt: string | null;
  /** The referee moved the campaign to the table: it is not played online again. */
  movedAt: string | null;
}

/** "Thu, 3 Dec 2026, 13:00" in the reader's own time zone (the browser's Intl). */
export const localTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The deadline, fetched again whenever `version` (the game's, or a live frame count) changes. */
export function useDeadline(base: string, version: unknown): [Deadline | null, () => void] {
  const [d, setD] = useState<Deadline | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    api<{ deadline: Deadline | null }>('GET', `${base}/deadline`)
      .then((r) => setD(r.deadline))
      .catch(() => setD(null));
  }, [base, version, n]);
  return [d, () => setN((x) => x + 1)];
}

/** For every seat on the game page: the deadline in local time, or that the campaign is paused. */
export function DeadlineBanner({ deadline }: { deadline: Deadline | null }) {
  if (!deadline || (!deadline.paused && !deadline.dueAt)) return null;
  return (
    <p class="notice" role="status" data-testid="deadline">
      {deadline.movedAt ? (
        <strong>The referee moved this campaign to the table ({localTime(deadline.movedAt)}): it goes on there with <code>wardroom play</code>, not online.</strong>
      ) : deadline.paused ? (
        <strong>This campaign is paused{deadline.pausedAt ? ` (since ${localTime(deadline.pausedAt)})` : ''}: nothing can be played until the referee resumes it.</strong>
      ) : (
        <>
          Deadline for the current decision: <time dateTime={deadline.dueAt!}>{localTime(deadline.dueAt!)}</time>
          {deadline.hours ? ` (${deadline.hours} h per decision)` : ''}
          {deadline.onExpiry === 'pause' ? '; then the campaign pauses.' : '; then the referee decides.'}
        </>
      )}
    </p>
  );
}

/** The referee's panel: set a deadline (hours per decision or a time), extend, clear, pause, resume. */
export function DeadlinePanel({ base, deadline, reload }: { base: string; deadline: Deadline | null; reload: () => void }) {
  const [mode, setMode] = useState<'hours' | 'at'>('hours');
  const [hours, setHours] = useState('24');
  const [at, setAt] = useState('');
  const [remind, setRemind] = useState('2');
  const [onExpiry, setOnExpiry] = useState<'referee' | 'pause'>('referee');
  const [extendBy, setExtendBy] = useState('12');
  const [error, setError] = useState<string | null>(null);
  const run = async (what: () => Promise<unknown>) => {
    setError(null);
    try {
      await what();
      reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div data-testid="deadline-panel">
      <h3>Deadline</h3>
      <p>
        {deadline?.paused ? 'Paused.' : deadline?.dueAt ? <>Deadline: {localTime(deadline.dueAt)}.</> : 'No deadline.'}{' '}
        {deadline?.remindAt && !deadline.paused ? <>Reminder at {localTime(deadline.remindAt)}.</> : null}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // A local date and time from the picker, sent in UTC.
          const body = mode === 'hours' ? { hours: Number(hours) } : { at: at ? new Date(at).toISOString() : '' };
          run(() => api('PUT', `${base}/deadline`, { ...body, remindHours: Number(remind), onExpiry }));
        }}
      >
        <fieldset class="field">
          <legend>Time for each decision</legend>
          <div class="choices">
            <label class="choice">
              <input type="radio" name="deadline-mode" checked={mode === 'hours'} onChange={() => setMode('hours')} />
              hours per decision
            </label>
            <label class="choice">
              <input type="radio" name="deadline-mode" checked={mode === 'at'} onChange={() => setMode('at')} />
              until a date and time
            </label>
          </div>
          {mode === 'hours' ? (
            <input aria-label="Hours per decision" type="number" min="1" step="1" value={hours} onInput={(e) => setHours(e.currentTarget.value)} />
          ) : (
            <input aria-label="Deadline (your local time)" type="datetime-local" value={at} onInput={(e) => setAt(e.currentTarget.value)} />
          )}
        </fieldset>
        <div class="field">
          <label for="deadline-remind">Reminder, hours before</label>
          <input id="deadline-remind" type="number" min="0" step="0.5" value={remind} onInput={(e) => setRemind(e.currentTarget.value)} />
        </div>
        <fieldset class="field">
          <legend>At the deadline</legend>
          <div class="choices">
            <label class="choice">
              <input type="radio" name="deadline-expiry" checked={onExpiry === 'referee'} onChange={() => setOnExpiry('referee')} />
              ask me to decide
            </label>
            <label class="choice">
              <input type="radio" name="deadline-expiry" checked={onExpiry === 'pause'} onChange={() => setOnExpiry('pause')} />
              pause the campaign
            </label>
          </div>
        </fieldset>
        <button type="submit" class="primary" data-testid="set-deadline">
          Set the deadline
        </button>
      </form>
      <div class="row">
        {deadline?.dueAt && !deadline.paused && (
          <>
            <input aria-label="Extend by hours" type="number" min="1" value={extendBy} onInput={(e) => setExtendBy(e.currentTarget.value)} />
            <button type="button" onClick={() => run(() => api('POST', `${base}/deadline/extend`, { hours: Number(extendBy) }))}>
              Extend
            </button>
            <button type="button" class="secondary" onClick={() => run(() => api('DELETE', `${base}/deadline`))}>
              Remove the deadline
            </button>
          </>
        )}
        {deadline?.movedAt ? null : deadline?.paused ? (
          <button type="button" data-testid="resume" onClick={() => run(() => api('POST', `${base}/resume`, {}))}>
            Resume the campaign
          </button>
        ) : (
          <button type="button" class="secondary" data-testid="pause" onClick={() => run(() => api('POST', `${base}/pause`, {}))}>
            Pause the campaign
          </button>
        )}
      </div>
      <ErrorBox message={error} />
    </div>
  );
}
