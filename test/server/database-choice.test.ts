/**
 * Issue 11: the server suite runs twice, on SQLite and on PostgreSQL (vitest.config.ts). This
 * proves the second run really is on PostgreSQL, and that a store there does not trust its open
 * sessions (several nodes may write the same games).
 */
import { PostgresAdapter, SqliteAdapter, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { startServer, TEST_DB, type TestServer } from '../support/server.ts';

let server: TestServer;
afterAll(() => server?.close());

it(`the server stores its games in ${TEST_DB} (issue 11: the same storage code on SQLite and PostgreSQL)`, async () => {
  server = await startServer();
  const adapter = server.ctx.store.db.getExecutor().adapter;
  if (TEST_DB === 'postgres') {
    expect(adapter).toBeInstanceOf(PostgresAdapter);
    expect(server.ctx.store.soleWriter).toBe(false);
    const r = await sql<{ v: string }>`select version() as v`.execute(server.ctx.store.db);
    expect(r.rows[0].v).toMatch(/^PostgreSQL/);
  } else {
    expect(adapter).toBeInstanceOf(SqliteAdapter);
    expect(server.ctx.store.soleWriter).toBe(true);
  }
  const rita = server.person('Rita');
  const r = await rita.post('/api/games', { name: 'Rita', zones: ['mediterranean'], turns: 1, dice: 'physical', roster: 'demo', startingPoints: 'demo' });
  expect(r.status).toBe(201);
  const stored = await server.ctx.store.db.selectFrom('games').select(['id']).where('id', '=', r.body.id).executeTakeFirst();
  expect(stored?.id).toBe(r.body.id);
});
