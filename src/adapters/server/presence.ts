import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import type { LiveHub } from './live.ts';
import type { Clock, Presence } from './notifications.ts';

/**
 * "Is this person connected to this game?" (issue 11): notifications go only to people who are
 * not. One node answers from its own WebSockets (the LiveHub). Several nodes on one database
 * answer from the `presence` table: each node keeps a row per (game, person) it has a live socket
 * for, refreshes `seen_at` every `heartbeatMs`, and deletes its rows on a clean stop. A row older
 * than `expiryMs` (three heartbeats) belongs to a node that died: it counts for nothing, and the
 * next heartbeat of another node deletes it and hands it to `lost` (the game is told its person is
 * away). A node that stalls that long is taken for dead too: its next heartbeat writes its rows
 * again and hands each of its people to `back` (their games are told they are here again).
 * A node answers for itself from its hub (exact, no lag) and asks the table only about the others.
 */
export interface PresenceTracker extends Presence {
  isConnected(game: string, personId: string): Promise<boolean>;
  /** Which of `personIds` are connected to the game (one question for all, the game page's). */
  connected(game: string, personIds: readonly string[]): Promise<Set<string>>;
  /** A WebSocket of `personId` on `game` opened on this node. */
  join(game: string, personId: string): void;
  /** … and closed. */
  leave(game: string, personId: string): void;
  /** Stop the heartbeat and delete this node's rows (app close). */
  close(): Promise<void>;
}

/** One node (SQLite): the hub's answer, nothing written. */
export function localPresence(hub: LiveHub): PresenceTracker {
  return {
    isConnected: async (game, personId) => hub.isConnected(game, personId),
    connected: async (game, personIds) => new Set(personIds.filter((p) => hub.isConnected(game, p))),
    join() {},
    leave() {},
    close: async () => {},
  };
}

export interface SharedPresenceOptions {
  /** How often this node refreshes its rows (default 10 s). */
  heartbeatMs?: number;
  /** A row not refreshed for this long is a dead node's (default three heartbeats). */
  expiryMs?: number;
  /** Where a failed write is reported (it is retried at the next heartbeat). */
  onError?: (e: unknown) => void;
}

const key = (game: string, personId: string) => JSON.stringify([game, personId]);

export class SharedPresence implements PresenceTracker {
  readonly heartbeatMs: number;
  readonly expiryMs: number;
  /** This node's open sockets per (game, person). */
  private readonly counts = new Map<string, number>();
  /** Keys whose row must be written again. */
  private readonly dirty = new Set<string>();
  /** Writes one after the other, so a join and the leave that follows cannot land in the wrong order. */
  private writes: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private readonly onError: (e: unknown) => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: LiveHub,
    readonly nodeId: string,
    private readonly clock: Clock,
    opts: SharedPresenceOptions = {},
  ) {
    this.heartbeatMs = opts.heartbeatMs ?? 10_000;
    this.expiryMs = opts.expiryMs ?? 3 * this.heartbeatMs;
    this.onError = opts.onError ?? (() => {});
  }

  /** Start the heartbeat (unref'd: it never keeps the process alive). */
  start(): this {
    this.timer ??= setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.timer.unref();
    return this;
  }

  /** Stop heartbeating without deleting anything: what a node that dies looks like (tests). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  join(game: string, personId: string): void {
    const k = key(game, personId);
    this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    this.mark(k);
  }

  leave(game: string, personId: string): void {
    const k = key(game, personId);
    const n = (this.counts.get(k) ?? 1) - 1;
    if (n > 0) this.counts.set(k, n);
    else this.counts.delete(k);
    this.mark(k);
  }

  async isConnected(game: string, personId: string): Promise<boolean> {
    return (await this.connected(game, [personId])).has(personId);
  }

  async connected(game: string, personIds: readonly string[]): Promise<Set<string>> {
    const here = new Set(personIds.filter((p) => this.hub.isConnected(game, p)));
    const ask = personIds.filter((p) => !here.has(p));
    if (!ask.length) return here;
    const fresh = new Date(this.clock.now().getTime() - this.expiryMs).toISOString();
    const rows = await this.db
      .selectFrom('presence')
      .select('person_id')
      .where('game_id', '=', game)
      .where('person_id', 'in', ask)
      .where('node_id', '!=', this.nodeId)
      .where('connections', '>', 0)
      .where('seen_at', '>=', fresh)
      .execute();
    for (const r of rows) here.add(r.person_id);
    return here;
  }

  /** Called for each (game, person) of a dead node's rows, once, on the node that deleted them. */
  lost: (game: string, personId: string) => void = () => {};

  /** Called for each (game, person) of this node's sockets when its rows were written again after more than the expiry: other nodes may have taken it for dead and told their games. */
  back: (game: string, personId: string) => void = () => {};

  /** When this node's rows were last written in full (its own heartbeat), by its clock; null: not yet. */
  private lastBeat: number | null = null;

  /**
   * Write this node's rows again with the time now, and delete the expired rows of other nodes:
   * the node whose delete returns them (one, even when several beat at once) passes each to `lost`.
   * Only after two heartbeats of its own in a row: a node that could not write its rows for a
   * while (the database was out of reach) would take every other node, cut off alike, for dead.
   */
  heartbeat(): Promise<void> {
    for (const k of this.counts.keys()) this.dirty.add(k);
    return this.queue(async () => {
      await this.flush();
      const now = this.clock.now().getTime();
      const steady = this.lastBeat !== null && now - this.lastBeat <= 1.5 * this.heartbeatMs;
      const stalled = this.lastBeat !== null && now - this.lastBeat > this.expiryMs;
      this.lastBeat = now;
      if (stalled) for (const k of this.counts.keys()) this.back(...(JSON.parse(k) as [string, string]));
      if (!steady) return;
      const expired = new Date(now - this.expiryMs).toISOString();
      const gone = await this.db.deleteFrom('presence').where('seen_at', '<', expired).where('node_id', '!=', this.nodeId).returning(['game_id', 'person_id']).execute();
      for (const r of gone) this.lost(r.game_id, r.person_id);
    });
  }

  async close(): Promise<void> {
    this.stop();
    this.closed = true;
    await this.writes;
    await this.db.deleteFrom('presence').where('node_id', '=', this.nodeId).execute().catch(this.onError);
  }

  private mark(k: string): void {
    if (this.closed) return;
    this.dirty.add(k);
    void this.queue(() => this.flush());
  }

  private queue(work: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(() => (this.closed ? undefined : work())).catch(this.onError);
    return this.writes;
  }

  /** Write the rows of the dirty keys as they are now (a count, or no row). */
  private async flush(): Promise<void> {
    const keys = [...this.dirty];
    this.dirty.clear();
    if (!keys.length) return;
    const seen_at = this.clock.now().toISOString();
    const rows: Database['presence'][] = [];
    for (const k of keys) {
      const [game_id, person_id] = JSON.parse(k) as [string, string];
      const connections = this.counts.get(k) ?? 0;
      if (connections > 0) rows.push({ node_id: this.nodeId, game_id, person_id, connections, seen_at });
      else await this.db.deleteFrom('presence').where('node_id', '=', this.nodeId).where('game_id', '=', game_id).where('person_id', '=', person_id).execute();
    }
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insertInto('presence')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['node_id', 'game_id', 'person_id']).doUpdateSet((eb) => ({ connections: eb.ref('excluded.connections'), seen_at: eb.ref('excluded.seen_at') })))
        .execute();
    }
  }
}

/**
 * "Who is here now" for the game page (players ask "is my opponent here?"): a person's seats are
 * announced to everyone on the game as here when their first socket on it opens on this node, and
 * as away when their last one closes and, `graceMs` later, they have none on any node, so a page
 * reloaded or a phone's short drop is not told at all (on one node; a reload that lands on another
 * node is told as here again, never as away). When a node dies, its people are told away by the
 * node that finds its rows expired (`lost`), 30–40 s later by default. The seats are those the person holds when the frame
 * is sent. Who holds a seat is no secret (every member's game page shows it), and neither is
 * whether they are looking.
 */
export class PresenceNews {
  /** The away announcements waiting out their grace, by (game, person). */
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private stopped = false;

  constructor(
    private readonly hub: LiveHub,
    private readonly presence: PresenceTracker,
    /** The seats the person holds in the game now. */
    private readonly seatsOf: (game: string, personId: string) => Promise<string[]>,
    private readonly publish: (game: string, frame: { type: 'presence'; seats: string[]; here: boolean }) => void,
    private readonly graceMs: number,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** A socket of `personId` opened on `game` (and is already counted by the hub). */
  opened(game: string, personId: string): void {
    const k = key(game, personId);
    const away = this.pending.get(k);
    if (away) {
      clearTimeout(away); // back within the grace: they were never told away
      this.pending.delete(k);
      return;
    }
    if (this.hub.socketsOf(game, personId) === 1) void this.announce(game, personId, true);
  }

  /** A socket of `personId` on `game` closed (and is no longer counted by the hub). */
  closed(game: string, personId: string): void {
    const k = key(game, personId);
    if (this.stopped || this.hub.isConnected(game, personId) || this.pending.has(k)) return;
    const timer = setTimeout(() => {
      this.pending.delete(k);
      void this.announce(game, personId, false);
    }, this.graceMs);
    timer.unref();
    this.pending.set(k, timer);
  }

  /** The node that held the person's socket(s) died (SharedPresence.lost): told away, unless they are on another node. */
  lost(game: string, personId: string): void {
    if (this.stopped || this.hub.isConnected(game, personId) || this.pending.has(key(game, personId))) return;
    void this.announce(game, personId, false);
  }

  /** This node's rows were written again after a stall that other nodes may have taken for its death (SharedPresence.back): told here. */
  back(game: string, personId: string): void {
    if (!this.stopped && this.hub.isConnected(game, personId)) void this.announce(game, personId, true);
  }

  /** Whom of `personIds` the game page calls here: connected, or gone for less than the grace (not yet told away). */
  async here(game: string, personIds: readonly string[]): Promise<Set<string>> {
    const here = await this.presence.connected(game, personIds.filter((p) => !this.pending.has(key(game, p))));
    for (const p of personIds) if (this.pending.has(key(game, p))) here.add(p);
    return here;
  }

  /** The app closes: nothing more is announced. */
  close(): void {
    this.stopped = true;
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
  }

  /** Tell the game the person's seats, unless the news is stale by the time they are read (back, or gone, meanwhile). */
  private async announce(game: string, personId: string, here: boolean): Promise<void> {
    try {
      const [seats, connected] = await Promise.all([this.seatsOf(game, personId), here ? true : this.presence.isConnected(game, personId)]);
      const now = this.hub.isConnected(game, personId) || this.pending.has(key(game, personId)) || connected;
      if (!this.stopped && seats.length && now === here) this.publish(game, { type: 'presence', seats, here });
    } catch (e) {
      this.onError(e);
    }
  }
}
