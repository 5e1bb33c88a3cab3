// StrykerJS for `npm run mutation` (scripts/mutation/run.ts passes the mutants and the
// concurrency). The command runner: each mutant is one run of scripts/mutation/judge.mjs,
// which judges the mutated embedded reference with the harness's ci profile on two days.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'command',
  commandRunner: { command: 'node scripts/mutation/judge.mjs' },
  mutate: ['src/reference/**/*.ts', '!src/reference/types.ts', '!src/reference/index.ts'],
  // The command runner reports no coverage: every mutant is run.
  coverageAnalysis: 'off',
  // A run takes ~3 s; a mutant that hangs the server (and so the harness in its process) is
  // stopped after 1.5 times the dry run plus this.
  timeoutMS: 15_000,
  reporters: ['json', 'progress-append-only'],
  jsonReporter: { fileName: 'reports/mutation/stryker.json' },
  // The sandbox: .stryker-tmp/ (ignored by git).
  ignorePatterns: ['dist', 'reports', 'bench', '.vitest-cache', '*.log'],
  cleanTempDir: 'always',
  // Stryker's own plugins only: nothing else from node_modules is loaded.
  plugins: [],
  allowEmpty: false,
};
