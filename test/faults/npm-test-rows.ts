import { FAULTS } from './catalog.ts';
import { type Composite, composites, standsFor } from './composites.ts';
import { LOAD_VARIANTS } from './load-variants.ts';
import type { Fault, ServerVariant } from './types.ts';
import { AFTER_SUNSET_DAY, VARIANTS } from './variants.ts';

/**
 * Which rows of the fault matrix `npm test` judges; `.ci/run` judges the rest right after it
 * (`scripts/matrix-rows.ts --ci-only`), and `npm run fault-matrix` all of them. A row is a run
 * of the harness (a fault's focused run about 1 s, a conformant server's whole run 6-10 s on
 * this 2-core machine, 27 November), and npm test has 5 minutes. npm test judges:
 * - for every check a fault names, a fault it alone is expected to catch (else the first that
 *   names it): every check is shown to fail against a broken server; the catalog's further
 *   servers for the same checks (other inputs of the same class, checks together) run in CI;
 * - the reference, before and after the getPet sunset, and the conformant servers that are
 *   serial, short of connections, close idle connections or refuse early (the transport variants
 *   every change to the client must pass), each alone.
 * CI judges the other conformant variants (one for each freedom the contract leaves, the wider
 * choices where it is silent, the path spellings) each alone, and together in composite servers
 * (composites.ts: one run judges several choices at once).
 */
function coverEveryCheck(faults: readonly Fault[]): Fault[] {
  const checks = [...new Set(faults.flatMap((f) => f.caughtBy))];
  const chosen = new Set<Fault>();
  const covered = new Set<string>();
  const choose = (fault: Fault | undefined) => {
    if (!fault) return;
    chosen.add(fault);
    for (const id of fault.caughtBy) covered.add(id);
  };
  for (const id of checks)
    choose(faults.find((f) => f.caughtBy.length === 1 && f.caughtBy[0] === id));
  for (const id of checks)
    if (!covered.has(id)) choose(faults.find((f) => f.caughtBy.includes(id)));
  return faults.filter((f) => chosen.has(f));
}

/**
 * Load variants left to CI: they wait on their own pace (33 s each) and test the load window's
 * reading of latency, not the transport (pieces, idle closes, one request at a time, the cap).
 */
const LOAD_IN_CI = new Set(['jittery-latency', 'slower-under-load']);

const IN_NPM_TEST = new Set([
  'reference',
  `reference@${AFTER_SUNSET_DAY}`,
  ...LOAD_VARIANTS.map((v) => v.name).filter((name) => !LOAD_IN_CI.has(name)),
]);

/** The rows npm test judges, in catalog order. */
export const NPM_TEST_FAULTS: readonly Fault[] = coverEveryCheck(FAULTS);
const othersBeforeSunset = VARIANTS.filter((v) => !IN_NPM_TEST.has(v.name) && !v.today);
/**
 * The other variants before the sunset, judged together in a few composite servers in CI (each
 * alone too), and in npm test alone those that cannot be composed (a transport of their own).
 */
export const COMPOSITES: readonly Composite[] = composites(othersBeforeSunset);
const composed = new Set(COMPOSITES.flatMap(standsFor));
const notComposed = othersBeforeSunset.filter((v) => !composed.has(v.name));
export const NPM_TEST_VARIANTS: readonly ServerVariant[] = [
  ...VARIANTS.filter((v) => IN_NPM_TEST.has(v.name)),
  ...notComposed,
];

/** The rows only CI and the whole matrix judge: the composites, and every other row alone. */
const judgedAlone = new Set([...NPM_TEST_FAULTS, ...NPM_TEST_VARIANTS].map((s) => s.name));
export const CI_ONLY_NAMES: readonly string[] = [
  ...[...FAULTS, ...VARIANTS].map((s) => s.name).filter((name) => !judgedAlone.has(name)),
  ...COMPOSITES.map((c) => c.name),
];
