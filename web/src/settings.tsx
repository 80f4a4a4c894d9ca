import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from './api.ts';
import { Link, useTitle } from './router.tsx';
import { ErrorBox } from './ui.tsx';

/** The notification settings as the server keeps them (GET/PUT /api/me/notifications). */
export interface NotificationSettings {
  email: { on: boolean; address: string | null };
  webhook: string | null;
  kinds: { turn: boolean; chat: boolean; deadline: boolean };
  /** Times in the messages in this IANA time zone; null: UTC. */
  timeZone: string | null;
}

/** This browser's time zone, offered when none was chosen yet. */
const HERE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const ZONES: string[] = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [HERE];

const KINDS: { key: keyof NotificationSettings['kinds']; label: string }[] = [
  { key: 'turn', label: 'a decision waits on me (when I do not have the game open)' },
  { key: 'chat', label: 'a new chat message' },
  { key: 'deadline', label: 'deadline reminders, extensions, pauses' },
];

/** `/settings`: how (e-mail, webhook) and about what Wardroom tells me while I am away. Opt-in. */
export function Settings() {
  useTitle('Notifications — Wardroom');
  const [s, setS] = useState<NotificationSettings | null>(null);
  const [accountEmail, setAccountEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [msg, setMsg] = useState<string | null>(null);
  useEffect(() => {
    api<{ settings: NotificationSettings; accountEmail: string | null }>('GET', '/api/me/notifications')
      .then((r) => {
        setS({ ...r.settings, timeZone: r.settings.timeZone ?? HERE });
        setAccountEmail(r.accountEmail);
      })
      .catch((e) => setError(errorText(e)));
  }, []);
  const save = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setMsg(null);
    try {
      const r = await api<{ settings: NotificationSettings }>('PUT', '/api/me/notifications', { ...s, email: { on: s!.email.on, address: s!.email.address?.trim() || null }, webhook: s!.webhook?.trim() || null });
      setS(r.settings);
      setMsg('Saved.');
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <main>
      <h1>Notifications</h1>
      <p>
        Wardroom can tell you when a campaign waits on you and you are not looking: one message per change, never a
        secret (no cards, orders or commitments), and several at once go as one. <Link href="/">Home</Link>
      </p>
      <ErrorBox message={error} />
      {!s ? (
        !error && <p aria-busy="true">Loading…</p>
      ) : (
        <form class="card" onSubmit={save} data-testid="notification-settings">
          <fieldset class="field">
            <legend>By e-mail</legend>
            <label class="choice">
              <input type="checkbox" checked={s.email.on} data-testid="notify-email-on" onChange={(e) => setS({ ...s, email: { ...s.email, on: e.currentTarget.checked } })} />
              Send me e-mails
            </label>
            <label for="notify-email">Address {accountEmail ? `(empty: ${accountEmail})` : ''}</label>
            <input id="notify-email" type="email" autocomplete="email" value={s.email.address ?? ''} onInput={(e) => setS({ ...s, email: { ...s.email, address: e.currentTarget.value } })} />
          </fieldset>
          <div class="field">
            <label for="notify-webhook">Webhook URL (a JSON POST, e.g. a group chat's incoming webhook; empty: none)</label>
            <input id="notify-webhook" type="url" value={s.webhook ?? ''} data-testid="notify-webhook" onInput={(e) => setS({ ...s, webhook: e.currentTarget.value })} />
          </div>
          <div class="field">
            <label for="notify-time-zone">Times in the messages (deadlines) in the time zone</label>
            <select id="notify-time-zone" data-testid="notify-time-zone" value={s.timeZone ?? ''} onChange={(e) => setS({ ...s, timeZone: e.currentTarget.value || null })}>
              <option value="">UTC</option>
              {ZONES.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </div>
          <fieldset class="field">
            <legend>Tell me about</legend>
            {KINDS.map((k) => (
              <label key={k.key} class="choice">
                <input type="checkbox" checked={s.kinds[k.key]} onChange={(e) => setS({ ...s, kinds: { ...s.kinds, [k.key]: e.currentTarget.checked } })} />
                {k.label}
              </label>
            ))}
          </fieldset>
          <p role="status">{msg}</p>
          <button type="submit" class="primary" data-testid="save-notifications">
            Save
          </button>
        </form>
      )}
    </main>
  );
}
