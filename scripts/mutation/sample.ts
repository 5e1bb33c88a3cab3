import { type Classification, classOf } from './classify.ts';
import { type Mutant, sameMutant } from './mutants.ts';

/** The mutants a sample run judges: every `every`-th by Stryker's id (0, every, 2 x every...). */
export const inSample = (id: string, every: number) => Number(id) % every === 0;

/**
 * Why a sample run fails: a judged mutant that survived unclassified or is classified a miss, or
 * one the last full run (docs/mutation.json) let survive that is caught now, so the counts the
 * README states drifted. Moves between killed, timed out, not judged and crashed do not fail it:
 * a hung server is stopped by Stryker or ends in the harness's own timeout, as the load decides.
 */
export function sampleProblems(
  sample: readonly Mutant[],
  classes: readonly Classification[],
  lastRun: readonly Mutant[],
): string[] {
  const problems: string[] = [];
  for (const m of sample.filter((x) => x.status !== 'unsampled')) {
    const at = `${m.file}:${m.line} ${m.mutator} ${m.original} -> ${m.replacement}`;
    const c = classOf(m, classes);
    if (m.status === 'survived' && !c) problems.push(`${at}: survived, and is not classified`);
    if (m.status === 'survived' && c?.class === 'a miss') problems.push(`${at}: survived: a miss`);
    const before = lastRun.find((x) => sameMutant(x, m));
    if (before?.status === 'survived' && m.status !== 'survived')
      problems.push(`${at}: survived in docs/mutation.json, ${m.status} now (npm run mutation)`);
  }
  return problems;
}
