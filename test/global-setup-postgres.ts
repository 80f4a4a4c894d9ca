import type { TestProject } from 'vitest/node';
import { MISSING_POSTGRES, postgresBin, startCluster } from './support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's URL without a database name (test/support/postgres.ts). */
    postgresUrl: string;
  }
}

/**
 * The PostgreSQL project (vitest.config.ts, issue 11): one throwaway cluster for the whole run,
 * its URL handed to the test files (`inject('postgresUrl')`), stopped and removed at the end.
 * Never skipped silently: the config leaves this project out, saying so, only when PostgreSQL is
 * missing and not required; here a missing or broken PostgreSQL fails the run.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (!postgresBin()) throw new Error(MISSING_POSTGRES);
  const cluster = await startCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
