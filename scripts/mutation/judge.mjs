#!/usr/bin/env node
// Stryker's command for each mutant. A sample run (MUTATION_SAMPLE=N) judges every N-th mutant
// only: the others end here, before anything loads (Stryker counts them killed; the sample's
// report knows them unsampled). Then, as bin/petstore-conformance.mjs does: vitest is loaded
// before tsx's hooks (it is plain JavaScript; half the start-up), then the TypeScript judge.
const every = Number(process.env.MUTATION_SAMPLE);
const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
if (every > 1 && mutant !== undefined && Number(mutant) % every !== 0) {
  process.stdout.write('not in the sample\n');
  process.exit(3);
}
await import('vitest/node');
const { register } = await import('tsx/esm/api');
register();
// With MUTATION_JUDGES_OF, the mutants are of a judge in src/checks/, judged by the fault matrix.
await import(process.env.MUTATION_JUDGES_OF ? './judge-checks.ts' : './judge.ts');
