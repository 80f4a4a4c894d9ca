import { defineConfig } from 'vitest/config';
import { MISSING_POSTGRES, postgresBin, postgresRequired } from './test/support/postgres.ts';

/**
 * Two projects (issue 11): every test on SQLite, and the storage and server suites (test/storage, test/server) a second time
 * on PostgreSQL, on a throwaway cluster (test/global-setup-postgres.ts). Without PostgreSQL's
 * programs the second project is left out with a notice, unless it is required (CI or
 * WARDROOM_TEST_PG=required), when the run fails instead. WARDROOM_TEST_PG=off leaves it out.
 */
const withPostgres = process.env.WARDROOM_TEST_PG !== 'off' && (postgresBin() !== null || postgresRequired());
if (!withPostgres && process.env.WARDROOM_TEST_PG !== 'off') console.log(`\nThe PostgreSQL tests are NOT run: ${MISSING_POSTGRES}\n`);

export default defineConfig({
  test: {
    testTimeout: 120_000,
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    projects: [
      // test/nodes: several `wardroom serve` processes on one PostgreSQL, so only in that project.
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: ['test/nodes/**'] } },
      ...(withPostgres
        ? [
            {
              extends: true,
              test: {
                name: 'postgres',
                include: ['test/server/**/*.test.ts', 'test/storage/**/*.test.ts', 'test/nodes/**/*.test.ts'],
                env: { WARDROOM_TEST_DB: 'postgres' },
                globalSetup: ['test/global-setup-postgres.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
