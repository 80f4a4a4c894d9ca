import { sql, type Kysely } from 'kysely';
import { isUniqueViolation, type Database } from './database.ts';
import { newId } from './people.ts';

/**
 * Chat messages and read markers (issue 10). Storage only: who may read which channel is decided
 * by the chat routes (src/adapters/server/chat-routes.ts), which ask only for the channels the
 * person may read.
 */

/** A message as the routes hand it on: the author's name is read with it (a person may rename). */
export interface ChatMessage {
  id: string;
  /** Its number in its channel (1, 2, …): a channel's numbers say nothing of the other channels. */
  seq: number;
  channel: string;
  authorId: string;
  author: string;
  label: string;
  text: string;
  /** UTC, ISO 8601. */
  at: string;
}

/** Someone in a game as chat sees them: a referee, the seats they hold (none and not the referee: a spectator). */
export interface ChatPerson {
  id: string;
  name: string;
  referee: boolean;
  seats: string[];
}

/** The most messages one read returns. */
export const CHAT_PAGE = 500;

export class ChatStore {
  constructor(readonly db: Kysely<Database>) {}

  /** Store a message with its channel's next seq (another writer taking it first: try the next). */
  async post(game: string, channel: string, authorId: string, label: string, text: string): Promise<ChatMessage> {
    for (let attempt = 0; ; attempt++) {
      const id = newId();
      const at = new Date().toISOString();
      try {
        const seq = await this.db.transaction().execute(async (tx) => {
          const r = await tx.selectFrom('chat_messages').select(sql<number | null>`max(seq)`.as('last')).where('game_id', '=', game).where('channel', '=', channel).executeTakeFirstOrThrow();
          const next = Number(r.last ?? 0) + 1;
          await tx.insertInto('chat_messages').values({ id, game_id: game, seq: next, channel, author_id: authorId, author_label: label, text, created_at: at }).execute();
          return next;
        });
        const person = await this.db.selectFrom('people').select(['name']).where('id', '=', authorId).executeTakeFirst();
        return { id, seq, channel, authorId, author: person?.name ?? '', label, text, at };
      } catch (e) {
        if (!isUniqueViolation(e) || attempt >= 5) throw e;
      }
    }
  }

  /**
   * The messages of these channels: with `after`, those after its seq in each channel it names
   * (every message of a channel it does not name), channel by channel; without, the latest
   * CHAT_PAGE, oldest first.
   */
  async read(game: string, channels: readonly string[], after?: ReadonlyMap<string, number>): Promise<ChatMessage[]> {
    if (!channels.length) return [];
    let q = this.db
      .selectFrom('chat_messages')
      .innerJoin('people', 'people.id', 'chat_messages.author_id')
      .select(['chat_messages.id', 'chat_messages.seq', 'chat_messages.channel', 'chat_messages.author_id', 'people.name', 'chat_messages.author_label', 'chat_messages.text', 'chat_messages.created_at'])
      .where('chat_messages.game_id', '=', game)
      .where('chat_messages.channel', 'in', channels);
    // A catch-up page holds an unbroken run of each channel (by its numbers, not the clock), however it is cut.
    if (after) q = q.where((eb) => eb.or(channels.map((c) => eb.and([eb('chat_messages.channel', '=', c), eb('chat_messages.seq', '>', after.get(c) ?? 0)])))).orderBy('chat_messages.channel').orderBy('chat_messages.seq', 'asc');
    else q = q.orderBy('chat_messages.created_at', 'desc').orderBy('chat_messages.seq', 'desc');
    const rows = await q.limit(CHAT_PAGE).execute();
    if (!after) rows.reverse();
    return rows.map((r) => ({ id: r.id, seq: r.seq, channel: r.channel, authorId: r.author_id, author: r.name, label: r.author_label, text: r.text, at: r.created_at }));
  }

  /** Message `seq` of a channel of the game, or null. */
  async get(game: string, channel: string, seq: number): Promise<ChatMessage | null> {
    const r = await this.db
      .selectFrom('chat_messages')
      .innerJoin('people', 'people.id', 'chat_messages.author_id')
      .select(['chat_messages.id', 'chat_messages.channel', 'chat_messages.author_id', 'people.name', 'chat_messages.author_label', 'chat_messages.text', 'chat_messages.created_at'])
      .where('chat_messages.game_id', '=', game)
      .where('chat_messages.channel', '=', channel)
      .where('chat_messages.seq', '=', seq)
      .executeTakeFirst();
    return r ? { id: r.id, seq, channel: r.channel, authorId: r.author_id, author: r.name, label: r.author_label, text: r.text, at: r.created_at } : null;
  }

  /** The seq of the last message in each of these channels. */
  async latest(game: string, channels: readonly string[]): Promise<Map<string, number>> {
    if (!channels.length) return new Map();
    const rows = await this.db.selectFrom('chat_messages').select(['channel', sql<number>`max(seq)`.as('last')]).where('game_id', '=', game).where('channel', 'in', channels).groupBy('channel').execute();
    return new Map(rows.map((r) => [r.channel, Number(r.last)]));
  }

  /** Per channel: the person's read marker (0: nothing read) and how many messages by others came after it. */
  async unread(game: string, person: string, channels: readonly string[]): Promise<Map<string, { lastRead: number; unread: number }>> {
    const out = new Map(channels.map((c) => [c, { lastRead: 0, unread: 0 }]));
    if (!channels.length) return out;
    const marks = await this.db.selectFrom('chat_reads').select(['channel', 'last_read']).where('game_id', '=', game).where('person_id', '=', person).where('channel', 'in', channels).execute();
    for (const m of marks) out.get(m.channel)!.lastRead = m.last_read;
    const rows = await this.db
      .selectFrom('chat_messages')
      .leftJoin('chat_reads', (j) => j.onRef('chat_reads.game_id', '=', 'chat_messages.game_id').onRef('chat_reads.channel', '=', 'chat_messages.channel').on('chat_reads.person_id', '=', person))
      .select(['chat_messages.channel', sql<number>`count(*)`.as('n')])
      .where('chat_messages.game_id', '=', game)
      .where('chat_messages.channel', 'in', channels)
      .where('chat_messages.author_id', '!=', person)
      .where(sql<boolean>`chat_messages.seq > coalesce(chat_reads.last_read, 0)`)
      .groupBy('chat_messages.channel')
      .execute();
    for (const r of rows) out.get(r.channel)!.unread = Number(r.n);
    return out;
  }

  /** Move the person's read marker of a channel forward to `seq` (never back). */
  async markRead(game: string, person: string, channel: string, seq: number): Promise<void> {
    await this.db
      .insertInto('chat_reads')
      .values({ game_id: game, person_id: person, channel, last_read: seq })
      .onConflict((oc) => oc.columns(['game_id', 'person_id', 'channel']).doUpdateSet({ last_read: sql<number>`case when excluded.last_read > chat_reads.last_read then excluded.last_read else chat_reads.last_read end` }))
      .execute();
  }

  /** Everyone in the game, one entry per person, in the order they joined. */
  async people(game: string): Promise<ChatPerson[]> {
    const rows = await this.db
      .selectFrom('members')
      .innerJoin('people', 'people.id', 'members.person_id')
      .select(['members.person_id', 'members.role', 'members.seat', 'people.name'])
      .where('members.game_id', '=', game)
      .orderBy('members.created_at')
      .execute();
    const byId = new Map<string, ChatPerson>();
    for (const r of rows) {
      let p = byId.get(r.person_id);
      if (!p) byId.set(r.person_id, (p = { id: r.person_id, name: r.name, referee: false, seats: [] }));
      if (r.role === 'referee') p.referee = true;
      if (r.seat) p.seats.push(r.seat);
    }
    return [...byId.values()];
  }
}
