import type { GameEvent } from '../../engine/module.ts';
import type { Session } from '../../engine/session.ts';
import type { Viewer } from '../../engine/viewer.ts';

/**
 * Live updates (issue 9): every connected browser gets, after each change of its game, the
 * events its viewer may see since the last one it was sent. What changed is told to every node
 * by a Broadcast of notices that hold ids only (a version, a chat message's number, a frame
 * without secrets); each node reads what it needs from the database and computes every frame
 * per viewer, never shared. In process on SQLite (one node); PostgreSQL's LISTEN/NOTIFY across
 * nodes (pg-broadcast.ts, issue 11); Redis pub/sub could take its place behind this interface.
 */
export type Notice =
  /** The game's log reached `version`. */
  | { kind: 'log'; game: string; version: number }
  /** A frame that is the same for every subscriber and holds no secret (a rewind asked, a seat claimed…). */
  | { kind: 'frame'; game: string; frame: Extract<Frame, { type: 'rewind' | 'seats' | 'rematch' | 'deadline' | 'title' | 'presence' }> }
  /** Chat message number `seq` of the game was posted. */
  | { kind: 'chat'; game: string; channel: string; seq: number }
  /** This node may have missed notices (its listening connection was lost and is back): look again at everything. */
  | { kind: 'resync' };

export interface Broadcast {
  /** Tell every node, this one first (at once, before the other nodes hear of it). */
  publish(notice: Exclude<Notice, { kind: 'resync' }>): void;
  /** `local`: published by this node (the node that made a change does the work done once per change). */
  subscribe(listener: (notice: Notice, local: boolean) => void): () => void;
  close(): Promise<void>;
  /** Whether notices from other nodes reach this one now (absent: there are no other nodes). */
  listening?(): boolean;
}

/** One node: a plain list of listeners. */
export function inProcessBroadcast(): Broadcast {
  const listeners = new Set<(notice: Notice, local: boolean) => void>();
  return {
    publish: (notice) => {
      for (const l of listeners) l(notice, true);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => listeners.clear(),
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
  /** Who holds which seat changed: end the connection if its person may no longer see what it shows (a seat freed or left, membership gone). */
  recheck?(): void;
}

export type Frame =
  | { type: 'events'; version: number; events: GameEvent[]; waitingFor: string[] }
  | { type: 'rewind' }
  /** Who holds which seat changed (`freed`: a seat freed or left); connections that may no longer see what they show end. */
  | { type: 'seats'; freed?: string }
  | { type: 'chat'; message: unknown }
  | { type: 'rematch'; id: string }
  | { type: 'deadline' }
  /** The referee renamed the campaign. */
  | { type: 'title' }
  /** The person holding `seats` opened the game (`here`) or left it (presence.ts, PresenceNews): no secret, the same for everyone. */
  | { type: 'presence'; seats: string[]; here: boolean }
  /** Notices may have been missed (issue 11): the events were caught up; look again at the rest (chat, seats). */
  | { type: 'resync' };

/** The subscribers of each game on this node, and the frame each one gets. */
export class LiveHub {
  private readonly games = new Map<string, Set<Subscriber>>();

  /** `sessionOf(game, atLeast)`: the game, at least at version `atLeast` when given (a notice's: known to be stored). */
  constructor(private readonly sessionOf: (game: string, atLeast?: number) => Promise<Session<unknown> | null>) {}

  add(game: string, sub: Subscriber): () => void {
    let set = this.games.get(game);
    if (!set) this.games.set(game, (set = new Set()));
    set.add(sub);
    return () => {
      set.delete(sub);
      if (!set.size && this.games.get(game) === set) this.games.delete(game);
    };
  }

  /** Whether the game has subscribers on this node. */
  watching(game: string): boolean {
    return !!this.games.get(game)?.size;
  }

  /** Send `sub` the events after its last one (also on connect: a reconnect catches up). */
  catchUp(session: Session<unknown>, sub: Subscriber, waitingFor = session.waitingFor()): void {
    const events = session.eventsFor(sub.viewer, sub.last);
    if (events.length) sub.last = events[events.length - 1].seq;
    sub.send(JSON.stringify({ type: 'events', version: session.version, events, waitingFor } satisfies Frame));
  }

  /** The game changed: each of its subscribers gets its own frame. */
  async changed(game: string, version?: number): Promise<void> {
    const set = this.games.get(game);
    if (!set?.size) return;
    const session = await this.sessionOf(game, version);
    if (!session) return;
    const waitingFor = session.waitingFor();
    for (const sub of set) this.catchUp(session, sub, waitingFor);
  }

  /** Notices may have been missed: every game with subscribers here catches up, and they are told to look again. */
  async resync(): Promise<void> {
    for (const game of [...this.games.keys()]) {
      await this.changed(game);
      this.notify(game, { type: 'resync' });
    }
  }

  /** Something other than the log changed (a rewind asked or answered, a seat claimed): tell every subscriber to look again. */
  notify(game: string, frame: Frame): void {
    const text = JSON.stringify(frame);
    for (const sub of this.games.get(game) ?? []) {
      sub.send(text);
      if (frame.type === 'seats') sub.recheck?.();
    }
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
    return this.socketsOf(game, personId) > 0;
  }

  /** How many live WebSockets the person has open on the game on this node. */
  socketsOf(game: string, personId: string): number {
    let n = 0;
    for (const sub of this.games.get(game) ?? []) if (sub.personId === personId) n++;
    return n;
  }

  get connections(): number {
    let n = 0;
    for (const set of this.games.values()) n += set.size;
    return n;
  }
}
