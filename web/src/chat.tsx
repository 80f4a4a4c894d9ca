import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ChatChannel, ChatMessage, ChatPage } from './api.ts';
import { api, ApiError, errorText } from './api.ts';
import type { LiveState } from './live.ts';
import { ErrorBox } from './ui.tsx';

/**
 * The campaign's chat (issue 10): a tab per channel the person may read (everyone, their team,
 * their private line with the referee), with unread counts; the channel's messages with author
 * and local time; a form. New messages come over the game's WebSocket (`incoming`); after a
 * reconnect the panel asks for what it missed. Not shown to spectators (the server sends them none).
 */
/** How long after a failed read of the chat it is tried again. */
const CHAT_RETRY_MS = 5000;

export function Chat({ base, incoming, live, resync, onUnread }: { base: string; incoming: ChatMessage[]; live: LiveState; resync: number; onUnread: (n: number) => void }) {
  const [channels, setChannels] = useState<ChatChannel[]>([]);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [active, setActive] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [maxLength, setMaxLength] = useState(1000);
  const url = `${base}/chat`;
  /** Per channel, the number of the last message shown (each channel numbers its own). */
  const lastSeq = useRef(new Map<string, number>());
  const activeRef = useRef<string | null>(null);
  activeRef.current = active;

  /** Add messages not yet shown (a message may come both live and in an answer). */
  const merge = useCallback((more: ChatMessage[]) => {
    if (!more.length) return;
    for (const m of more) lastSeq.current.set(m.channel, Math.max(lastSeq.current.get(m.channel) ?? 0, m.seq));
    setMessages((old) => {
      const seen = new Set(old.map((m) => m.id));
      const fresh = more.filter((m) => !seen.has(m.id));
      return fresh.length ? [...old, ...fresh].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.seq - b.seq)) : old;
    });
  }, []);

  const markRead = useCallback(
    async (channel: string, seq: number) => {
      if (seq <= 0 || document.visibilityState === 'hidden') return;
      try {
        const r = await api<{ channels: ChatChannel[] }>('POST', `${url}/read`, { channel, seq });
        setChannels(r.channels);
      } catch {
        /* the count stays as it was; the next read tries again */
      }
    },
    [url],
  );

  /**
   * A read that failed for want of the network or the server (issue 11: its database away a moment)
   * is tried again, for the same messages, while the panel shows this game's chat.
   */
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showing = useRef<string | null>(url);
  useEffect(() => {
    showing.current = url;
    return () => {
      showing.current = null;
      clearTimeout(retry.current);
    };
  }, [url]);

  /**
   * Everything (first) or, after a reconnect, what followed the last message shown in each channel
   * (`after`: fixed at the first try, so that messages come live meanwhile do not skip the ones missed).
   */
  const fetchChat = useCallback(
    async (catchUp = false, after = [...lastSeq.current].map(([channel, seq]) => `${channel}:${seq}`).join(',')): Promise<void> => {
      clearTimeout(retry.current);
      try {
        const r = await api<ChatPage>('GET', catchUp && after ? `${url}?after=${encodeURIComponent(after)}` : url);
        setChannels(r.channels);
        setMaxLength(r.maxLength);
        merge(r.messages);
        setActive((a) => a ?? r.channels.find((c) => c.unread > 0)?.id ?? r.channels[0]?.id ?? null);
        setError(null);
      } catch (e) {
        if (showing.current !== url) return; // the page moved on
        setError(errorText(e));
        if (!(e instanceof ApiError) || e.status >= 500) retry.current = setTimeout(() => void fetchChat(catchUp, after), CHAT_RETRY_MS);
      }
    },
    [url, merge],
  );

  useEffect(() => {
    lastSeq.current = new Map();
    setMessages([]);
    setActive(null);
    void fetchChat();
  }, [fetchChat]);

  // Connected (first, or back from a lost connection), or the server's node may have missed
  // messages (issue 11): fetch what came since the last message shown, as messages posted
  // before the socket was open come on no socket.
  const wasLive = useRef(false);
  useEffect(() => {
    if (live === 'live' && !wasLive.current) void fetchChat(true);
    wasLive.current = live === 'live';
  }, [live, fetchChat]);
  useEffect(() => {
    if (resync) void fetchChat(true);
  }, [resync, fetchChat]);

  // Live messages: shown, announced, counted unread unless they are in the tab being read.
  const handled = useRef(0);
  useEffect(() => {
    const fresh = incoming.slice(handled.current);
    handled.current = incoming.length;
    if (!fresh.length) return;
    merge(fresh);
    const others = fresh.filter((m) => !m.mine);
    if (!others.length) return;
    setChannels((old) =>
      old.map((c) => {
        const mine = others.filter((m) => m.channel === c.id);
        if (!mine.length) return c;
        const last = Math.max(c.last, ...mine.map((m) => m.seq));
        return c.id === activeRef.current && document.visibilityState !== 'hidden' ? { ...c, last } : { ...c, last, unread: c.unread + mine.length };
      }),
    );
    const read = others.filter((m) => m.channel === activeRef.current);
    if (read.length) void markRead(read[read.length - 1].channel, read[read.length - 1].seq);
    // A private channel (the referee and one person) is named by the other person, not by where the line is: "privately to you".
    const where = (channel: string) => (channel.startsWith('referee:') ? ', privately to you' : ` in ${channelName(channel)}`);
    setAnnounce(others.map((m) => `${m.author} (${m.label})${where(m.channel)}: ${m.text}`).join(' — '));
  }, [incoming, merge, markRead]);

  // The tab being read is read: when chosen, and when the page comes back into view.
  const current = channels.find((c) => c.id === active);
  useEffect(() => {
    if (current && current.last > current.lastRead && current.unread > 0) void markRead(current.id, current.last);
  }, [current?.id, current?.last, current?.unread, markRead]);
  useEffect(() => {
    const visible = () => {
      const c = channels.find((x) => x.id === activeRef.current);
      if (c && document.visibilityState === 'visible' && c.unread > 0) void markRead(c.id, c.last);
    };
    document.addEventListener('visibilitychange', visible);
    return () => document.removeEventListener('visibilitychange', visible);
  }, [channels, markRead]);

  const total = channels.reduce((n, c) => n + c.unread, 0);
  useEffect(() => onUnread(total), [total, onUnread]);

  function channelName(id: string): string {
    return channels.find((c) => c.id === id)?.label ?? id;
  }

  const send = async (e: Event) => {
    e.preventDefault();
    if (!active || sending) return;
    setSending(true);
    setError(null);
    try {
      const r = await api<{ message: ChatMessage }>('POST', url, { channel: active, text });
      merge([r.message]);
      setText('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSending(false);
    }
  };

  // Tabs: arrow keys move between them (the WAI-ARIA tabs pattern), Tab goes on to the messages.
  const tabKey = (e: KeyboardEvent) => {
    const i = channels.findIndex((c) => c.id === active);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? channels.length - 1 : step ? (i + step + channels.length) % channels.length : -1;
    if (to < 0) return;
    e.preventDefault();
    setActive(channels[to].id);
    document.getElementById(`chat-tab-${to}`)?.focus();
  };

  const shown = messages.filter((m) => m.channel === active);
  const tabIndex = channels.findIndex((c) => c.id === active);
  return (
    <section class="card chat" id="chat" data-testid="chat" aria-labelledby="chat-h">
      <h2 id="chat-h">
        Chat
        {total > 0 && (
          <span class="badge" data-testid="chat-unread">
            {total} unread
          </span>
        )}
      </h2>
      <div class="sr-only" aria-live="polite" data-testid="chat-live">
        {announce}
      </div>
      <ErrorBox message={error} />
      <div class="chat-tabs" role="tablist" aria-label="Chat channels" onKeyDown={tabKey}>
        {channels.map((c, i) => (
          <button
            key={c.id}
            type="button"
            role="tab"
            id={`chat-tab-${i}`}
            aria-selected={c.id === active}
            aria-controls="chat-panel"
            tabIndex={c.id === active ? 0 : -1}
            data-testid={`chat-tab-${c.id.startsWith('referee:') ? 'referee' : c.id}`}
            data-channel={c.id}
            onClick={() => setActive(c.id)}
          >
            {c.label}
            {c.unread > 0 && (
              <span class="badge" data-testid="chat-tab-unread">
                {c.unread}
                <span class="sr-only"> unread</span>
              </span>
            )}
          </button>
        ))}
      </div>
      <div id="chat-panel" role="tabpanel" aria-labelledby={tabIndex >= 0 ? `chat-tab-${tabIndex}` : undefined}>
        {current?.id.startsWith('team:') && <p class="help">Only the people holding this team's seats read this channel.</p>}
        {current?.id.startsWith('referee:') && <p class="help">Only you and {current.label.startsWith('Referee') ? 'the referee' : current.label.replace(/ \(private\)$/, '')} read this channel.</p>}
        {/* It scrolls: focusable so that a keyboard can scroll it too. */}
        <ol class="chat-list" data-testid="chat-messages" tabIndex={0} aria-label={`Messages in ${current?.label ?? 'the chat'}`}>
          {shown.length === 0 && <li class="help">No messages yet.</li>}
          {shown.map((m) => (
            <li key={m.id} data-seq={m.seq} class={m.mine ? 'mine' : undefined}>
              <div class="chat-by">
                <strong>{m.mine ? 'You' : m.author}</strong> <span>{m.label}</span> · <time dateTime={m.at}>{localTime(m.at)}</time>
              </div>
              <p class="chat-text">{m.text}</p>
            </li>
          ))}
        </ol>
        <form class="chat-form" onSubmit={send}>
          <label for="chat-text">Message to {current?.label ?? '…'}</label>
          <textarea
            id="chat-text"
            data-testid="chat-text"
            rows={2}
            maxLength={maxLength}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send(e);
            }}
            aria-describedby="chat-help"
          />
          <small id="chat-help" class="help">
            At most {maxLength} characters. Ctrl+Enter sends.
          </small>
          <button type="submit" class="primary" data-testid="chat-send" disabled={sending || !active || !text.trim()}>
            Send
          </button>
        </form>
      </div>
    </section>
  );
}

/** The time in the reader's own time zone: "14:05" today, "2 Dec, 14:05" before. */
function localTime(at: string): string {
  const d = new Date(at);
  const today = new Date().toDateString() === d.toDateString();
  return today ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : d.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
