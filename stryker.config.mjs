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
  // Static mutants (module-level code, run once when a file is imported: the action definitions'
  // metadata, schemas compiled at load) would each run every test, and a run over the rules took
  // hours; Stryker's vitest runner also reports one that makes a module fail to load as survived.
  ignoreStatic: true,
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
