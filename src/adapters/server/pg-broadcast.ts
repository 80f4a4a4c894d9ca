import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Database } from '../storage/database.ts';
import type { Broadcast, Notice } from './live.ts';

/** The PostgreSQL channel every node listens on. */
export const CHANNEL = 'wardroom';

export interface PostgresBroadcastOptions {
  /** The database's URL: the listening connection is one of its own, never a pooled one. */
  url: string;
  /** Notices are sent through the pool (a NOTIFY needs no dedicated connection). */
  db: Kysely<Database>;
  /** This node's name: a notice it sent itself comes back and is not delivered twice. */
  nodeId: string;
  /** Errors and reconnects, for the log. */
  log?: (level: 'info' | 'warn' | 'error', message: string, err?: unknown) => void;
  /** The first pause before connecting again after the listening connection is lost (then doubled, up to 5 s). */
  retryMs?: number;
}

/**
 * Live updates across nodes (issue 11): PostgreSQL's LISTEN/NOTIFY on one dedicated connection per
 * node. A notice holds ids only (a game, a version, a chat message's number), far under NOTIFY's
 * 8,000-byte limit; every node reads the rows from the tables. NOTIFY is sent after the change is
 * committed, so a node that hears of it finds it stored. Notices sent while the listening
 * connection is down are lost: once it is back (and listening again) the node's listeners get a
 * `resync` notice and catch up from the tables.
 */
export async function postgresBroadcast(opts: PostgresBroadcastOptions): Promise<Broadcast> {
  const { default: pgLib } = await import('pg');
  const listeners = new Set<(notice: Notice, local: boolean) => void>();
  const log = opts.log ?? (() => {});
  const deliver = (notice: Notice, local: boolean) => {
    for (const l of listeners) l(notice, local);
  };
  let client: pg.Client | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = opts.retryMs ?? 100;

  async function listen(): Promise<void> {
    const c = new pgLib.Client({ connectionString: opts.url, application_name: `wardroom-listen ${opts.nodeId}`, keepAlive: true, keepAliveInitialDelayMillis: 10_000 }); // a peer gone without a word is found
    c.on('notification', (m) => {
      if (m.channel !== CHANNEL || !m.payload) return;
      let notice: Notice & { node?: string };
      try {
        notice = JSON.parse(m.payload);
      } catch {
        return;
      }
      if (notice.node === opts.nodeId) return; // our own: delivered when published
      delete notice.node;
      deliver(notice, false);
    });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (closed) return;
      log('warn', 'the listening connection to PostgreSQL was lost; connecting again', err);
      reconnect();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  }

  function reconnect(): void {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        await listen();
        delay = opts.retryMs ?? 100;
        log('info', 'listening to PostgreSQL again; catching up');
        deliver({ kind: 'resync' }, false);
      } catch (e) {
        delay = Math.min(delay * 2, 5000);
        log('warn', `cannot listen to PostgreSQL; trying again in ${delay} ms`, e);
        reconnect();
      }
    }, delay);
    timer.unref?.();
  }

  await listen();
  return {
    publish(notice) {
      deliver(notice, true);
      const payload = JSON.stringify({ ...notice, node: opts.nodeId });
      sql`select pg_notify(${CHANNEL}, ${payload})`.execute(opts.db).catch((e) => log('error', 'NOTIFY failed: other nodes will see this change when they next look', e));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      listeners.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
    listening: () => client !== null,
  };
}
