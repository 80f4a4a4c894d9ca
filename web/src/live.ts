import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatMessage, GameEvent } from './api.ts';

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'refused';

export interface LiveHandlers {
  frame(events: GameEvent[]): void;
  chat?(message: ChatMessage): void;
  resync?(): void;
  presence?(seats: string[], here: boolean): void;
}

/**
 * The game's WebSocket (`/api/games/:id/live`): frames of new events (and rewind news). It
 * reconnects with a growing pause (1 s, 2 s, 4 s … 30 s), and at once when the browser is back
 * online or when the server says it is restarting (close code 1012, issue 11), and asks for
 * what follows the last event seen, so nothing is missed while away. When the viewer's seats
 * change (close 4403 "seats-changed") it opens again at once; a socket the server refuses (close
 * codes 4400–4499 otherwise: a seat freed, a link revoked) is not opened again. Either way
 * `on.frame` is called with no events, so that the page asks again (and shows why).
 * `on.frame` gets the new events (maybe none); `on.chat` a chat message (issue 10); `on.resync`
 * that the server's node may have missed notices (issue 11): look again at what is not the log;
 * `on.presence` that the person holding `seats` opened the game or left it (nothing to fetch).
 */
export function useLive(id: string, as: string | null, start: number | null, on: LiveHandlers): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const last = useRef(-1);
  const handlers = useRef(on);
  handlers.current = on;
  useEffect(() => {
    if (start === null) return;
    last.current = start;
    let ws: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    let closed = false;
    let refused = false;
    const retry = () => {
      setState('reconnecting');
      clearTimeout(timer);
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
    /** Forget the socket without waiting for its close (offline, a close may take long to come). */
    const drop = () => {
      if (!ws) return;
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
      ws = null;
    };
    const connect = () => {
      drop();
      const q = new URLSearchParams({ after: String(last.current) });
      if (as) q.set('as', as);
      ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/games/${encodeURIComponent(id)}/live?${q}`);
      ws.onopen = () => {
        delay = 1000;
        setState('live');
      };
      ws.onmessage = (m) => {
        let frame: { type?: string; events?: GameEvent[]; message?: ChatMessage; seats?: string[]; here?: boolean };
        try {
          frame = JSON.parse(String(m.data));
        } catch {
          return;
        }
        if (frame.type === 'error') return; // the close that follows says what to do
        // Neither changes the game itself: nothing to fetch.
        if (frame.type === 'chat') {
          if (frame.message) handlers.current.chat?.(frame.message);
          return;
        }
        if (frame.type === 'presence') {
          if (frame.seats) handlers.current.presence?.(frame.seats, !!frame.here);
          return;
        }
        if (frame.type === 'resync') handlers.current.resync?.();
        const fresh = (frame.events ?? []).filter((e) => e.seq > last.current);
        for (const e of fresh) last.current = Math.max(last.current, e.seq);
        handlers.current.frame(fresh);
      };
      ws.onclose = (e) => {
        ws = null;
        if (closed) return;
        if (e.code >= 4400 && e.code < 4500) {
          handlers.current.frame([]);
          if (e.reason === 'seats-changed') {
            clearTimeout(timer);
            timer = setTimeout(connect, 0); // asked again as the viewer now is: refused below if the seat was theirs alone
            return;
          }
          refused = true;
          setState('refused');
          return;
        }
        if (e.code === 1012) {
          // 1012 "service restart": this server is going away (issue 11). Reconnect at once, to
          // another node behind the balancer; a random pause under half a second so a node's
          // browsers do not all arrive in the same instant. Further failures back off as usual.
          setState('reconnecting');
          delay = 1000;
          clearTimeout(timer);
          timer = setTimeout(connect, Math.random() * 500);
          return;
        }
        retry();
      };
    };
    // The browser knows when the network goes: say so at once, and reconnect as soon as it is back.
    const offline = () => {
      if (refused) return;
      drop();
      retry();
    };
    const online = () => {
      if (refused) return;
      delay = 1000;
      clearTimeout(timer);
      connect();
    };
    addEventListener('offline', offline);
    addEventListener('online', online);
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      removeEventListener('offline', offline);
      removeEventListener('online', online);
      drop();
    };
  }, [id, as, start]);
  return state;
}
