/**
 * Mutation testing of the rules (docs/testing.md): `npm run mutation`, or one file with
 * `npm run mutation -- --mutate src/modules/cwnb/rules/purchases.ts`. Reports go to
 * reports/mutation/ (gitignored); `npm run mutation:score` summarises the JSON report.
 * Not part of `npm test`.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/modules/cwnb/rules/**/*.ts',
    'src/modules/cwnb/optional/**/*.ts',
    // SMP rule and step files; odds/ (the battle-odds calculator) is left out.
    'src/modules/smp/*.ts',
  ],
  // The machine has two cores shared with other work.
  concurrency: 1,
  timeoutMS: 10000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  clearTextReporter: { allowColor: false, logTests: false },
};
