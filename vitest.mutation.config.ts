import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The tests Stryker runs against each mutant (`npm run mutation`, stryker.config.mjs): the
 * deterministic rule, data and example tests. Left out: the random-game tests (fuzz, views,
 * undo-replay, the points oracle), which cover every line and would run for every mutant, and the
 * CLI tests, which start child processes Stryker cannot instrument.
 */
export default defineConfig({
  test: {
    ...base.test,
    // One module graph for all test files: each file's own imports cost more than its tests.
    isolate: true,
    include: [
      'test/cwnb/rules/**/*.test.ts',
      'test/cwnb/optional/**/*.test.ts',
      'test/cwnb/data/**/*.test.ts',
      'test/cwnb/examples.test.ts',
      'test/smp/steps.test.ts',
      'test/smp/scenario.test.ts',
    ],
  },
});
