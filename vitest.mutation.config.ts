import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The tests Stryker runs against each mutant (`npm run mutation`, stryker.config.mjs): the
 * deterministic rule, data and example tests. Left out: the random-game tests (fuzz, views,
 * undo-fuzz, the points oracle), which cover every line and would run for every mutant, and the
 * CLI tests that start child processes, which Stryker cannot instrument.
 */
// Not the base config's projects: a project's own `include` wins over the one below, and since the
// PostgreSQL project came (2026-12-02) Stryker was running the whole suite, twice, for each mutant.
const { projects: _projects, ...shared } = base.test!;

export default defineConfig({
  test: {
    ...shared,
    // Each test file imports the rules afresh: the mission-terms cache must not keep terms computed
    // before a mutant was switched on (docs/testing.md).
    isolate: true,
    include: [
      'test/cwnb/rules/**/*.test.ts',
      'test/cwnb/optional/**/*.test.ts',
      'test/cwnb/data/**/*.test.ts',
      'test/cwnb/examples.test.ts',
      'test/cwnb/undo-replay.test.ts',
      'test/smp/steps.test.ts',
      'test/smp/special-situations.test.ts',
      'test/smp/missions.test.ts',
      'test/smp/phase.test.ts',
      'test/smp/bombing-raids.test.ts',
      'test/smp/shore-bombardments.test.ts',
      'test/smp/coastal-defences.test.ts',
      'test/smp/convoy-raids.test.ts',
      'test/smp/partisan-raids.test.ts',
      'test/smp/kamikaze-raids.test.ts',
      'test/smp/transport-reassignment.test.ts',
      'test/smp/vichy-france.test.ts',
      'test/smp/scenario.test.ts',
      'test/smp/board.test.ts',
      'test/smp/odds-cli.test.ts',
      'test/smp/odds-queries.test.ts',
      // The play driver in this process (a scripted terminal, no child process): the SMP's questions as a player reads them.
      'test/cli/smp-answers.test.ts',
    ],
  },
});
