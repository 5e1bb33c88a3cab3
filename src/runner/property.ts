import fc from 'fast-check';
import { type Judgement, pass, warn } from '../checks/types.ts';
import type { Exchange } from '../http/exchange.ts';
import { timed } from '../stopwatch.ts';

/** Carries a failing judgement out of a property run, so fast-check shrinks the input. */
class PropertyFailure extends Error {
  constructor(readonly judgement: Judgement) {
    super(judgement.message);
  }
}

/** An arbitrary that times its generation (not its shrinking: that happens only on failure). */
class TimedArbitrary<T> extends fc.Arbitrary<T> {
  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return timed('generation', () => this.inner.generate(mrng, biasFactor));
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}

/**
 * A seed per check, derived from the run seed: the same --seed replays every check request for
 * request, and adding a check does not change the inputs of the others. (FNV-1a, 32 bits.)
 */
export function propertySeed(runSeed: number, checkId: string): number {
  let hash = 0x811c9dc5;
  for (const ch of `${runSeed}:${checkId}`) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export interface PropertyOptions<T> {
  runSeed: number;
  checkId: string;
  numRuns: number;
  /** Inputs always tried first (e.g. the bounds 1 and 100). */
  examples?: T[];
  /** The pass message, given how many inputs were tried. */
  passMessage?: (numRuns: number) => string;
}

/**
 * Runs `judgeInput` on generated inputs. A failing judgement is shrunk to the minimal input and
 * reported with that input's exchanges; warnings are collected without stopping the run.
 */
export async function checkProperty<T>(
  arb: fc.Arbitrary<T>,
  judgeInput: (input: T) => Promise<Judgement>,
  options: PropertyOptions<T>,
): Promise<Judgement> {
  const warnings: Judgement[] = [];
  const skips: Judgement[] = [];
  const seed = propertySeed(options.runSeed, options.checkId);
  const property = fc.asyncProperty(new TimedArbitrary(arb), async (input) => {
    const judgement = await judgeInput(input);
    if (judgement.verdict === 'fail') throw new PropertyFailure(judgement);
    if (judgement.verdict === 'warn') warnings.push(judgement);
    if (judgement.verdict === 'skip') skips.push(judgement);
  });
  const examples = options.examples?.length ?? 0;
  const details = await fc.check(property, {
    seed,
    // fast-check counts examples within numRuns: add them, so every edge is tried at any --runs.
    numRuns: options.numRuns + examples,
    ...(options.examples ? { examples: options.examples.map((e) => [e] as [T]) } : {}),
  });
  if (details.failed) {
    const error = details.errorInstance;
    // Anything but a verdict is a bug in the harness: let the test crash and say so.
    if (!(error instanceof PropertyFailure)) throw error;
    const input = fc.stringify(details.counterexample?.[0]);
    const shrinks = details.numShrinks ? ` after ${details.numShrinks} shrinks` : '';
    return {
      ...error.judgement,
      message: `${error.judgement.message} (minimal input${shrinks}: ${truncate(input)})`,
      counterexample: {
        input,
        seed: options.runSeed,
        propertySeed: seed,
        path: details.counterexamplePath ?? '',
        numRuns: details.numRuns,
      },
    };
  }
  if (warnings.length) return summarizeWarnings(warnings);
  // Nothing could be judged (every input hit a failed precondition): say so, do not pass.
  if (skips.length === details.numRuns && skips[0]) return skips[0];
  return pass(
    options.passMessage?.(details.numRuns) ??
      `${details.numRuns} generated inputs kept the promise`,
  );
}

function truncate(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function summarizeWarnings(warnings: Judgement[]): Judgement {
  const distinct = [...new Set(warnings.map((w) => w.message))];
  const evidence: Exchange[] = warnings.flatMap((w) => w.evidence ?? []).slice(0, 3);
  const more = distinct.length > 3 ? ` (+${distinct.length - 3} more)` : '';
  return warn(`${distinct.slice(0, 3).join('; ')}${more}`, evidence);
}

/** Judges a fixed list of inputs: the first failure wins; warnings are gathered. */
export async function checkEach<T>(
  inputs: readonly T[],
  judgeInput: (input: T) => Promise<Judgement>,
  passMessage: string,
): Promise<Judgement> {
  const warnings: Judgement[] = [];
  for (const input of inputs) {
    const judgement = await judgeInput(input);
    if (judgement.verdict === 'fail') return judgement;
    if (judgement.verdict === 'warn') warnings.push(judgement);
  }
  return warnings.length ? summarizeWarnings(warnings) : pass(passMessage);
}
