import fc from 'fast-check';

/**
 * The arbitrary `make` builds, built when it is first drawn from: the same values, draws and
 * shrinks. For arbitraries costly to build (fast-check's grapheme unit builds a table of every
 * grapheme, ~16 ms) in a thread that only lists the checks and never generates.
 */
class Lazy<T> extends fc.Arbitrary<T> {
  #built: fc.Arbitrary<T> | undefined;

  constructor(private readonly make: () => fc.Arbitrary<T>) {
    super();
  }

  private get built(): fc.Arbitrary<T> {
    this.#built ??= this.make();
    return this.#built;
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.built.generate(mrng, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.built.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.built.shrink(value, context);
  }
}

export const lazy = <T>(make: () => fc.Arbitrary<T>): fc.Arbitrary<T> => new Lazy(make);
