import type { GameEvent } from '../../engine/module.ts';
import type { Session } from '../../engine/session.ts';
import type { Viewer } from '../../engine/viewer.ts';

/**
 * Live updates (issue 9): every connected browser gets, after each change of its game, the
 * events its viewer may see since the last one it was sent. The broadcast that tells a node
 * "game G moved to version V" is an interface: in process here (SQLite, one node); PostgreSQL's
 * NOTIFY across nodes later (issue 11). Frames are computed per viewer, never shared.
 */
export interface Broadcast {
  publish(game: string, version: number): void;
  subscribe(listener: (game: string, version: number) => void): () => void;
}

/** One node: a plain list of listeners. */
export function inProcessBroadcast(): Broadcast {
  const listeners = new Set<(game: string, version: number) => void>();
  return {
    publish: (game, version) => {
      for (const l of listeners) l(game, version);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A connected browser. */
export interface Subscriber {
  viewer: Viewer;
  /** The signed-in person: chat frames are decided per person, and presence (no notification to someone looking). */
  personId?: string;
  /** The last event seq it was sent (-1: none). */
  last: number;
  send(frame: string): void;
}

export type Frame = { type: 'events'; version: number; events: GameEvent[]; waitingFor: string[] } | { type: 'rewind' } | { type: 'seats' } | { type: 'chat'; message: unknown } | { type: 'rematch'; id: string } | { type: 'deadline' };

/** The subscribers of each game on this node, and the frame each one gets. */
export class LiveHub {
  private readonly games = new Map<string, Set<Subscriber>>();

  constructor(private readonly sessionOf: (game: string) => Promise<Session<unknown> | null>) {}

  add(game: string, sub: Subscriber): () => void {
    let set = this.games.get(game);
    if (!set) this.games.set(game, (set = new Set()));
    set.add(sub);
    return () => {
      set.delete(sub);
      if (!set.size && this.games.get(game) === set) this.games.delete(game);
    };
  }

  /** Send `sub` the events after its last one (also on connect: a reconnect catches up). */
  catchUp(session: Session<unknown>, sub: Subscriber, waitingFor = session.waitingFor()): void {
    const events = session.eventsFor(sub.viewer, sub.last);
    if (events.length) sub.last = events[events.length - 1].seq;
    sub.send(JSON.stringify({ type: 'events', version: session.version, events, waitingFor } satisfies Frame));
  }

  /** The game changed: each of its subscribers gets its own frame. */
  async changed(game: string): Promise<void> {
    const set = this.games.get(game);
    if (!set?.size) return;
    const session = await this.sessionOf(game);
    if (!session) return;
    const waitingFor = session.waitingFor();
    for (const sub of set) this.catchUp(session, sub, waitingFor);
  }

  /** Something other than the log changed (a rewind asked or answered, a seat claimed): tell every subscriber to look again. */
  notify(game: string, frame: Frame): void {
    const text = JSON.stringify(frame);
    for (const sub of this.games.get(game) ?? []) sub.send(text);
  }

  /**
   * A chat message (issue 10): each subscriber of the game gets the frame `frameFor` makes for
   * it, or nothing when it answers null (a person who may not read the channel; a spectator).
   * Returns how many were sent.
   */
  sendChat(game: string, frameFor: (sub: Subscriber) => Extract<Frame, { type: 'chat' }> | null): number {
    let sent = 0;
    for (const sub of this.games.get(game) ?? []) {
      const frame = frameFor(sub);
      if (frame) {
        sub.send(JSON.stringify(frame));
        sent++;
      }
    }
    return sent;
  }

  /** Whether the person has a live WebSocket open on the game on this node (the Presence of notifications.ts). */
  isConnected(game: string, personId: string): boolean {
    for (const sub of this.games.get(game) ?? []) if (sub.personId === personId) return true;
    return false;
  }

  get connections(): number {
    let n = 0;
    for (const set of this.games.values()) n += set.size;
    return n;
  }
}
