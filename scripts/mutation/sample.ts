import { type Classification, classOf } from './classify.ts';
import { type Mutant, sameMutant } from './mutants.ts';

/** The mutants a sample run judges: every `every`-th by Stryker's id (0, every, 2 x every...). */
export const inSample = (id: string, every: number) => Number(id) % every === 0;

/**
 * Why a sample run fails: a judged mutant that survived unclassified or is classified a miss,
 * or one whose fate moved between survived, not judged and crashed since the last full run
 * (docs/mutation.json): the counts the README states would drift.
 */
export function sampleProblems(
  sample: readonly Mutant[],
  classes: readonly Classification[],
  lastRun: readonly Mutant[],
): string[] {
  const problems: string[] = [];
  const apart = new Set(['survived', 'not-judged', 'crashed']);
  for (const m of sample.filter((x) => x.status !== 'unsampled')) {
    const at = `${m.file}:${m.line} ${m.mutator} ${m.original} -> ${m.replacement}`;
    const c = classOf(m, classes);
    if (m.status === 'survived' && !c) problems.push(`${at}: survived, and is not classified`);
    if (m.status === 'survived' && c?.class === 'a miss') problems.push(`${at}: survived: a miss`);
    const before = lastRun.find((x) => sameMutant(x, m));
    if (before && before.status !== m.status && (apart.has(before.status) || apart.has(m.status)))
      problems.push(`${at}: ${before.status} in docs/mutation.json, ${m.status} now`);
  }
  return problems;
}
