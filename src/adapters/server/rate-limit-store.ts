import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';

/**
 * A store for @fastify/rate-limit whose counts live in the `rate_limits` table (issue 11), so
 * that several nodes count a person's requests together: N requests a minute means N in all,
 * whichever nodes they reach. Each request is one atomic upsert (a new key starts at 1; a key
 * whose window has passed starts again at 1; otherwise its count goes up by one), the same SQL
 * on SQLite and PostgreSQL. Windows are fixed, measured with each node's own clock in ms (nodes'
 * clocks a second apart change nothing that matters). Rows of windows long past are deleted now
 * and then. `continueExceeding` and `exponentialBackoff` are not supported (Wardroom uses
 * neither). If the database cannot be reached, or does not answer within `budgetMs`, requests
 * are let through (the plugin's `skipOnError`, set where the store is used) rather than refused.
 * One node keeps using the plugin's in-memory store (no database work per request).
 */
export function sharedRateLimitStore(db: Kysely<Database>, opts: { now?: () => number; budgetMs?: number } = {}): FastifyRateLimitStoreCtor {
  const now = opts.now ?? Date.now;
  // A database that hangs counts as one out of reach: after this long the request is let through.
  const budgetMs = opts.budgetMs ?? 1000;
  let lastCleanup = 0;
  let longestWindow = 60_000;

  class SharedStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    /** A route with its own limit counts apart from the others: its keys are prefixed. (The plugin makes the first store with its options object, which is no prefix.) */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`The rate limit's count took over ${budgetMs} ms.`)), budgetMs)));
      Promise.race([this.count(this.prefix + key, timeWindow), late])
        .finally(() => clearTimeout(timer))
        .then(
          (r) => callback(null, r),
          (e: Error) => callback(e),
        );
    }

    child(routeOptions: { path?: string; url?: string; method?: string | string[]; routeInfo?: { url?: string; method?: string | string[] } }): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? routeOptions;
      return new SharedStore(`${String(route.method ?? '')} ${route.url ?? routeOptions.path ?? ''}|`);
    }

    private async count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
      const t = now();
      const expired = sql<boolean>`rate_limits.window_start + ${timeWindow} <= ${t}`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: t, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_limits.count + 1 END`,
            window_start: sql<number>`CASE WHEN ${expired} THEN ${t} ELSE rate_limits.window_start END`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      longestWindow = Math.max(longestWindow, timeWindow);
      if (t - lastCleanup > longestWindow) {
        lastCleanup = t;
        void db.deleteFrom('rate_limits').where('window_start', '<', t - 2 * longestWindow).execute().catch(() => {});
      }
      // pg returns a bigint as text.
      const start = Number(row.window_start);
      return { current: Number(row.count), ttl: Math.max(0, start + timeWindow - t) };
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
