import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, MembersTable } from './database.ts';

/**
 * People, their signed-in devices, who holds which seat, invitation links, magic links and
 * rewind requests (issue 9). No passwords: a person is reached through a session row that a
 * sealed cookie names. Tokens given out (invitations, magic links) are kept only as hashes.
 */

const now = () => new Date().toISOString();
/** A fresh id or token: 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
export const newId = () => randomBytes(12).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** How long a magic link works. */
export const MAGIC_LINK_MINUTES = 15;

export type Member = Pick<MembersTable, 'role' | 'seat'>;
export type Holder = { seat: string | null; person_id: string; name: string };

/**
 * What every action asks (issue 9's load benchmark: three lookups per action, ~0.15 ms): the
 * cookie's person, the person's roles in the game, the game's seat holders. Kept in memory only
 * when this process is the database's sole writer (SQLite), so every change goes through here and
 * drops what it changes. Only found rows are kept (a session or membership not found is asked
 * again next time); members are never removed, sessions only revoked (here).
 */
class Remembered {
  /** A session's person (a session not found or revoked is never kept). */
  readonly sessions = new Map<string, string | null>();
  readonly members = new Map<string, Member[]>();
  readonly holders = new Map<string, Holder[]>();
  /** Bumped by every change: a row read before one is not kept. */
  generation = 0;

  /** The remembered value, else `read()`'s, kept when `found` and no change came while it was read. */
  async recall<K, V>(map: Map<K, V>, key: K, read: () => Promise<V>, found: (value: V) => boolean = () => true): Promise<V> {
    const known = map.get(key);
    if (known !== undefined) return known;
    const readAt = this.generation;
    const value = await read();
    if (found(value) && readAt === this.generation) {
      if (map.size >= 50_000) map.clear();
      map.set(key, value);
    }
    return value;
  }

  /** After a change: drop what it changed (the game's holders and members; a session). */
  forget(change: { game?: string; session?: string; names?: true }): void {
    this.generation++;
    if (change.session) this.sessions.delete(change.session);
    if (change.names) this.holders.clear();
    if (change.game) {
      this.holders.delete(change.game);
      for (const k of this.members.keys()) if (k.startsWith(`${change.game}\n`)) this.members.delete(k);
    }
  }
}

export class People {
  private readonly remembered: Remembered | null;

  /** `soleWriter`: this process is the database's only writer (see Remembered). */
  constructor(
    readonly db: Kysely<Database>,
    opts: { soleWriter?: boolean } = {},
  ) {
    this.remembered = opts.soleWriter ? new Remembered() : null;
  }

  async createPerson(name: string): Promise<string> {
    const id = newId();
    await this.db.insertInto('people').values({ id, name, email: null, created_at: now() }).execute();
    return id;
  }

  person(id: string) {
    return this.db.selectFrom('people').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
  }

  async update(id: string, changes: { name?: string; email?: string | null }): Promise<void> {
    if (!Object.keys(changes).length) return;
    await this.db.updateTable('people').set(changes).where('id', '=', id).execute();
    this.remembered?.forget({ names: true });
  }

  /** A new signed-in device for the person: the session id the cookie will carry. */
  async openSession(personId: string): Promise<string> {
    const id = newToken();
    await this.db.insertInto('sessions').values({ id, person_id: personId, created_at: now(), revoked_at: null }).execute();
    return id;
  }

  /** The person a session belongs to, or null when it is unknown or signed out. */
  async sessionPerson(sessionId: string): Promise<string | null> {
    const read = async () => {
      const s = await this.db.selectFrom('sessions').select(['person_id', 'revoked_at']).where('id', '=', sessionId).executeTakeFirst();
      return s && !s.revoked_at ? s.person_id : null;
    };
    const r = this.remembered;
    return r ? r.recall(r.sessions, sessionId, read, (person) => person !== null) : read();
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).execute();
    this.remembered?.forget({ session: sessionId });
  }

  /** What the person is in one game: referee, seats held, spectator. */
  async members(gameId: string, personId: string): Promise<Member[]> {
    const read = () => this.db.selectFrom('members').select(['role', 'seat']).where('game_id', '=', gameId).where('person_id', '=', personId).execute();
    const r = this.remembered;
    return r ? r.recall(r.members, `${gameId}\n${personId}`, read, (rows) => rows.length > 0) : read();
  }

  /** Add members to a game (a rematch's, copied from the old one). */
  async addMembers(gameId: string, rows: readonly Omit<MembersTable, 'game_id' | 'created_at'>[]): Promise<void> {
    if (!rows.length) return;
    const created_at = now();
    await this.db
      .insertInto('members')
      .values(rows.map((m) => ({ ...m, game_id: gameId, created_at })))
      .execute();
    this.remembered?.forget({ game: gameId });
  }

  /** Every game the person is in, with their roles. */
  memberships(personId: string) {
    return this.db
      .selectFrom('members')
      .innerJoin('games', 'games.id', 'members.game_id')
      .leftJoin('deadlines', 'deadlines.game_id', 'members.game_id')
      .select(['members.game_id', 'members.role', 'members.seat', 'games.title', 'games.module', 'games.created_at', 'deadlines.moved_at', 'deadlines.paused_at'])
      .where('members.person_id', '=', personId)
      .orderBy('games.created_at', 'desc')
      .execute();
  }

  /** Each claimed seat of the game and the name of its holder. */
  async holders(gameId: string): Promise<Holder[]> {
    const read = () =>
      this.db
        .selectFrom('members')
        .innerJoin('people', 'people.id', 'members.person_id')
        .select(['members.seat', 'members.person_id', 'people.name'])
        .where('members.game_id', '=', gameId)
        .where('members.role', '=', 'player')
        .execute();
    const r = this.remembered;
    return r ? r.recall(r.holders, gameId, read) : read();
  }

  /** The referee's person ids. */
  async referees(gameId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('members').select(['person_id']).where('game_id', '=', gameId).where('role', '=', 'referee').execute();
    return rows.map((r) => r.person_id);
  }

  /**
   * Give the person these seats, all or none: a seat someone else holds makes the claim fail
   * ('taken', with the seat), a seat the person holds already is kept.
   */
  async claimSeats(gameId: string, personId: string, seats: readonly string[]): Promise<{ taken: string } | null> {
    const taken = await this.db.transaction().execute(async (tx) => {
      for (const seat of seats) {
        const holder = await tx.selectFrom('members').select(['person_id']).where('game_id', '=', gameId).where('seat', '=', seat).executeTakeFirst();
        if (holder && holder.person_id !== personId) return { taken: seat };
        if (!holder) await tx.insertInto('members').values({ game_id: gameId, person_id: personId, role: 'player', seat, created_at: now() }).execute();
      }
      return null;
    });
    this.remembered?.forget({ game: gameId });
    return taken;
  }

  /** The referee frees a seat (its holder lost their device): whoever held it no longer does; true when someone did. */
  async freeSeat(gameId: string, seat: string): Promise<boolean> {
    const freed = await this.db.transaction().execute(async (tx) => {
      const r = await tx.deleteFrom('members').where('game_id', '=', gameId).where('role', '=', 'player').where('seat', '=', seat).executeTakeFirst();
      // Every earlier link that offers the seat (the table's, the team's) is revoked: the new link alone gives it.
      const links = await tx.selectFrom('invitations').select(['token_hash', 'seats']).where('game_id', '=', gameId).execute();
      const stale = links.filter((l) => (JSON.parse(l.seats) as string[]).includes(seat)).map((l) => l.token_hash);
      if (stale.length) await tx.deleteFrom('invitations').where('token_hash', 'in', stale).execute();
      return Number(r.numDeletedRows) > 0;
    });
    this.remembered?.forget({ game: gameId });
    return freed;
  }

  async watch(gameId: string, personId: string): Promise<void> {
    const already = await this.db.selectFrom('members').select(['role']).where('game_id', '=', gameId).where('person_id', '=', personId).where('role', '=', 'spectator').executeTakeFirst();
    if (!already) await this.db.insertInto('members').values({ game_id: gameId, person_id: personId, role: 'spectator', seat: null, created_at: now() }).execute();
    this.remembered?.forget({ game: gameId });
  }

  /** Mute (or unmute) the game's notifications for the person: on every row of theirs, so a seat claimed later does not undo it. */
  async mute(gameId: string, personId: string, muted: boolean): Promise<void> {
    await this.db.updateTable('members').set({ muted_at: muted ? now() : null }).where('game_id', '=', gameId).where('person_id', '=', personId).execute();
  }

  /** Whether the person muted the game's notifications. */
  async muted(gameId: string, personId: string): Promise<boolean> {
    const row = await this.db.selectFrom('members').select(['muted_at']).where('game_id', '=', gameId).where('person_id', '=', personId).where('muted_at', 'is not', null).executeTakeFirst();
    return !!row;
  }

  /** The game's spectators (the referee's list), longest watching first. */
  async spectators(gameId: string): Promise<{ id: string; name: string; since: string }[]> {
    const rows = await this.db
      .selectFrom('members')
      .innerJoin('people', 'people.id', 'members.person_id')
      .select(['members.person_id', 'people.name', 'members.created_at'])
      .where('members.game_id', '=', gameId)
      .where('members.role', '=', 'spectator')
      .orderBy('members.created_at')
      .orderBy('members.person_id')
      .execute();
    return rows.map((r) => ({ id: r.person_id, name: r.name, since: r.created_at }));
  }

  /** The referee removes a spectator: true when they were one. */
  async unwatch(gameId: string, personId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('members').where('game_id', '=', gameId).where('person_id', '=', personId).where('role', '=', 'spectator').executeTakeFirst();
    this.remembered?.forget({ game: gameId });
    return Number(r.numDeletedRows) > 0;
  }

  /** `expiresAt`: after it the link admits nobody (null: until revoked). */
  async createInvitation(gameId: string, kind: 'seat' | 'team' | 'table' | 'spectator', seats: readonly string[], expiresAt: string | null): Promise<string> {
    const token = newToken();
    await this.db.insertInto('invitations').values({ token_hash: tokenHash(token), game_id: gameId, kind, seats: JSON.stringify(seats), created_at: now(), expires_at: expiresAt }).execute();
    return token;
  }

  /** The game's invitation links, oldest first, each named by its token's hash (the link itself is shown once, when made). */
  async invitations(gameId: string) {
    const rows = await this.db.selectFrom('invitations').select(['token_hash', 'kind', 'seats', 'created_at', 'expires_at']).where('game_id', '=', gameId).orderBy('created_at').orderBy('token_hash').execute();
    return rows.map((r) => ({ id: r.token_hash, kind: r.kind, seats: JSON.parse(r.seats) as string[], createdAt: r.created_at, expiresAt: r.expires_at }));
  }

  /** Revoke a link: nobody claims a seat or watches by it any more (seats claimed by it stay held); true when it was there. */
  async revokeInvitation(gameId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('invitations').where('game_id', '=', gameId).where('token_hash', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async invitation(token: string) {
    const row = await this.db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash(token)).executeTakeFirst();
    return row && { gameId: row.game_id, kind: row.kind, seats: JSON.parse(row.seats) as string[], expiresAt: row.expires_at };
  }

  /** The people with this e-mail address, whatever its capitals (addresses are kept in lower case; older ones may not be). */
  async peopleByEmail(email: string): Promise<string[]> {
    const rows = await this.db.selectFrom('people').select(['id']).where(sql<string>`lower(email)`, '=', email.toLowerCase()).execute();
    return rows.map((r) => r.id);
  }

  async createMagicLink(personId: string): Promise<string> {
    const token = newToken();
    const expires = new Date(Date.now() + MAGIC_LINK_MINUTES * 60_000).toISOString();
    await this.db.insertInto('magic_links').values({ token_hash: tokenHash(token), person_id: personId, expires_at: expires, used_at: null }).execute();
    return token;
  }

  /** Use a magic link once: the person it signs in, or null when it is unknown, used or expired. */
  async consumeMagicLink(token: string): Promise<string | null> {
    const at = now();
    const r = await this.db
      .updateTable('magic_links')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning(['person_id'])
      .executeTakeFirst();
    return r?.person_id ?? null;
  }

  async createRewind(gameId: string, seat: string, scope: string, to: number): Promise<string> {
    const id = newId();
    await this.db.insertInto('rewinds').values({ id, game_id: gameId, seat, scope, to_index: to, agreed: JSON.stringify([seat]), created_at: now(), outcome: null, answered_by: null, answered_at: null, reason: null }).execute();
    return id;
  }

  async openRewinds(gameId: string) {
    const rows = await this.db.selectFrom('rewinds').selectAll().where('game_id', '=', gameId).where('outcome', 'is', null).orderBy('created_at').execute();
    return rows.map((r) => ({ id: r.id, seat: r.seat, scope: r.scope, to: r.to_index, agreed: JSON.parse(r.agreed) as string[] }));
  }

  /**
   * The requests refused (by the seat or referee asked) or failed (agreed, and the rules refused
   * it then), newest first, with who closed them, when, and why (worded for the seat that asked).
   */
  async closedRewinds(gameId: string) {
    const rows = await this.db.selectFrom('rewinds').selectAll().where('game_id', '=', gameId).where('outcome', 'in', ['refused', 'failed']).where('answered_at', 'is not', null).orderBy('answered_at', 'desc').execute();
    return rows.map((r) => ({ id: r.id, seat: r.seat, scope: r.scope, to: r.to_index, outcome: r.outcome as 'refused' | 'failed', by: r.answered_by!, at: r.answered_at!, reason: r.reason }));
  }

  /**
   * Record who agreed, and the outcome with who answered last (`by`: a seat or 'referee') and, when
   * it failed, why; a request already closed (done, refused or failed) stays as it was, whatever answer comes after.
   */
  async setRewind(id: string, agreed: readonly string[], outcome: 'done' | 'refused' | 'failed' | null, answer: { by: string; reason?: string }): Promise<void> {
    const closed = outcome ? { answered_by: answer.by, answered_at: now(), reason: answer.reason ?? null } : {};
    await this.db.updateTable('rewinds').set({ agreed: JSON.stringify(agreed), outcome, ...closed }).where('id', '=', id).where('outcome', 'is', null).execute();
  }
}
