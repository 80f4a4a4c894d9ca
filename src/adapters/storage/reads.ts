import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/**
 * How far each person has read each game's log (issue 10, unread markers): the seq of the last
 * event they marked read. Event seqs are the game's own and never reused, so one number serves
 * every seat the person holds. It only moves forward.
 */
export class Reads {
  constructor(readonly db: Kysely<Database>) {}

  /** The last event seq the person read in the game (-1: none yet). */
  async lastRead(game: string, person: string): Promise<number> {
    const r = await this.db.selectFrom('reads').select('last_seq').where('game_id', '=', game).where('person_id', '=', person).executeTakeFirst();
    return r ? Number(r.last_seq) : -1;
  }

  /** The person has read up to `seq`; an older mark is kept when it is further on. */
  async markRead(game: string, person: string, seq: number): Promise<void> {
    await this.db
      .insertInto('reads')
      .values({ game_id: game, person_id: person, last_seq: seq, updated_at: new Date().toISOString() })
      .onConflict((oc) =>
        oc
          .columns(['game_id', 'person_id'])
          .doUpdateSet((eb) => ({ last_seq: eb.ref('excluded.last_seq'), updated_at: eb.ref('excluded.updated_at') }))
          .where('reads.last_seq', '<', (eb) => eb.ref('excluded.last_seq')),
      )
      .execute();
  }
}
