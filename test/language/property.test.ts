import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fail, pass, skip, warn } from '../../src/checks/types.ts';
import {
  checkEach,
  checkProperty,
  DEFAULT_SHRINK_BUDGET,
  propertySeed,
} from '../../src/language/property.ts';
import { exchange } from '../support/exchanges.ts';

const base = { runSeed: 42, checkId: 'TEST-PROP', numRuns: 50 };

describe('property runner', () => {
  it('derives a stable per-check seed from the run seed', () => {
    expect(propertySeed(42, 'A')).toBe(propertySeed(42, 'A'));
    expect(propertySeed(42, 'A')).not.toBe(propertySeed(42, 'B'));
    expect(propertySeed(42, 'A')).not.toBe(propertySeed(43, 'A'));
  });

  it('generates the same inputs for the same seed', async () => {
    const seen: number[][] = [[], []];
    for (const run of [0, 1]) {
      await checkProperty(
        fc.integer(),
        async (n) => {
          seen[run]?.push(n);
          return pass('ok');
        },
        base,
      );
    }
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]).toHaveLength(50);
  });

  it('shrinks a failure to the minimal input and reports how to replay it, with its evidence', async () => {
    const ex = exchange({ status: 500 });
    const judgement = await checkProperty(
      fc.integer({ min: 0, max: 1_000_000 }),
      async (n) => (n >= 1000 ? fail(`too big: ${n}`, [ex]) : pass('ok')),
      base,
    );
    expect(judgement.verdict).toBe('fail');
    expect(judgement.message).toContain('too big: 1000');
    expect(judgement.counterexample).toMatchObject({
      input: '1000',
      seed: 42,
      propertySeed: propertySeed(42, 'TEST-PROP'),
    });
    expect(judgement.counterexample?.path).toMatch(/^\d+(:\d+)*$/);
    expect(judgement.evidence).toEqual([ex]);
  });

  it('shows a counterexample as the JSON it was sent as, bigints as exact integers', async () => {
    const judgement = await checkProperty(
      fc.constant({ name: 'a', categoryId: 2n ** 63n - 1n }),
      async () => fail('no'),
      base,
    );
    expect(judgement.counterexample?.input).toBe('{"name":"a","categoryId":9223372036854775807}');
    const other = await checkProperty(fc.constant(-0), async () => fail('no'), base);
    expect(other.counterexample?.input).toBe('-0');
  });

  it('always tries the examples first', async () => {
    const tried: number[] = [];
    await checkProperty(
      fc.integer({ min: 2, max: 99 }),
      async (n) => {
        tried.push(n);
        return pass('ok');
      },
      { ...base, numRuns: 5, examples: [1, 100] },
    );
    expect(tried.slice(0, 2)).toEqual([1, 100]);
    expect(tried).toHaveLength(7);
  });

  it('gathers warnings without failing, and skips when nothing could be judged', async () => {
    const warned = await checkProperty(
      fc.integer(),
      async (n) => (n % 2 ? warn('odd') : pass('even')),
      base,
    );
    expect(warned).toMatchObject({ verdict: 'warn', message: 'odd' });
    const skipped = await checkProperty(fc.integer(), async () => skip('no data'), base);
    expect(skipped).toMatchObject({ verdict: 'skip', message: 'no data' });
  });

  it('lets a harness bug surface instead of calling it a verdict', async () => {
    await expect(
      checkProperty(
        fc.integer(),
        async () => {
          throw new TypeError('bug');
        },
        base,
      ),
    ).rejects.toThrow('bug');
  });

  it('judges independent inputs together: the same inputs, in the same order, at once', async () => {
    const sequential: number[] = [];
    const record = async (n: number) => {
      sequential.push(n);
      return pass('ok');
    };
    await checkProperty(fc.integer(), record, base);
    const started: number[] = [];
    let inFlight = 0;
    let peak = 0;
    const together = await checkProperty(
      fc.integer(),
      async (n) => {
        started.push(n);
        peak = Math.max(peak, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return pass('ok');
      },
      { ...base, independent: true },
    );
    expect(together).toEqual(pass('50 generated inputs kept the promise'));
    expect(started).toEqual(sequential);
    expect(peak).toBeGreaterThan(1);
  });

  it('shrinks a failure of independent inputs just as one by one', async () => {
    const judge = async (n: number) => (n >= 1000 ? fail(`too big: ${n}`) : pass('ok'));
    const arb = fc.integer({ min: 0, max: 1_000_000 });
    const together = await checkProperty(arb, judge, { ...base, independent: true });
    expect(together).toEqual(await checkProperty(arb, judge, base));
    expect(together.counterexample?.input).toBe('1000');
  });

  it('keeps a failure of independent inputs that does not happen again one by one', async () => {
    let calls = 0;
    const flaky = async () => (++calls === 3 ? fail('a one-off 500') : pass('ok'));
    const judgement = await checkProperty(fc.integer(), flaky, { ...base, independent: true });
    expect(judgement).toEqual(fail('a one-off 500'));
  });

  describe('the shrink budget', () => {
    // Fails from the first input on; unbounded, shrinking a KiB-long string takes hundreds of steps.
    const longStrings = fc.string({ minLength: 2000, maxLength: 3000 });
    const failing = (log: number[]) => async (s: string) => {
      log.push(s.length);
      return s.length > 10 ? fail(`too long: ${s.length}`) : pass('ok');
    };

    it('stops after its requests once a failure is found, and reports the smallest input so far', async () => {
      const lengths: number[] = [];
      const judgement = await checkProperty(longStrings, failing(lengths), {
        ...base,
        shrinkBudget: { requests: 20 },
      });
      expect(lengths.length).toBe(21); // the first failure, then 20 shrink attempts
      expect(judgement.verdict).toBe('fail');
      expect(judgement.message).toContain('shrinking cut short: 20 requests spent on shrinking');
      expect(judgement.counterexample?.shrinkCutShort).toBe('20 requests spent on shrinking');
      const reported = JSON.parse(judgement.counterexample?.input ?? '""') as string;
      expect(reported.length).toBe(Math.min(...lengths.filter((n) => n > 10)));
      expect(reported.length).toBeLessThan(lengths[0] ?? 0);
    });

    it('counts the requests the check sent, not the inputs, when it is told them', async () => {
      let requests = 0;
      const inputs: number[] = [];
      await checkProperty(
        longStrings,
        async (s) => {
          requests += 3; // e.g. a create, a get and a list per input
          return failing(inputs)(s);
        },
        { ...base, shrinkBudget: { requests: 30 }, requestsSent: () => requests },
      );
      expect(inputs.length).toBe(11);
    });

    it('stops once its time is spent', async () => {
      const lengths: number[] = [];
      const judgement = await checkProperty(longStrings, failing(lengths), {
        ...base,
        shrinkBudget: { timeMs: 0 },
      });
      expect(lengths).toHaveLength(1);
      expect(judgement.message).toContain('shrinking cut short: 0 ms spent on shrinking');
    });

    it('by default, caps a long shrink at a few hundred requests', async () => {
      const lengths: number[] = [];
      const unbounded = fc.array(fc.integer(), { minLength: 3000, maxLength: 3000 });
      await checkProperty(
        unbounded.map((a) => 'x'.repeat(a.length + 11)),
        failing(lengths),
        base,
      );
      expect(lengths.length).toBeLessThanOrEqual(DEFAULT_SHRINK_BUDGET.requests + 1);
    });

    it('says nothing of a budget when shrinking ends within it', async () => {
      const judgement = await checkProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        async (n) => (n >= 1000 ? fail(`too big: ${n}`) : pass('ok')),
        base,
      );
      expect(judgement.message).not.toContain('cut short');
      expect(judgement.counterexample?.shrinkCutShort).toBeUndefined();
    });
  });

  it('checkEach: first failure wins, warnings gathered', async () => {
    expect(
      await checkEach([1, 2, 3], async (n) => (n === 2 ? fail('two') : pass('ok')), 'all ok'),
    ).toMatchObject({ verdict: 'fail', message: 'two' });
    expect(
      await checkEach([1, 2], async (n) => (n === 2 ? warn('w') : pass('ok')), 'all ok'),
    ).toMatchObject({ verdict: 'warn' });
    expect(await checkEach([1], async () => pass('ok'), 'all ok')).toMatchObject({
      verdict: 'pass',
      message: 'all ok',
    });
  });

  it('checkEach: skipped when every input skipped, passed when some were judged', async () => {
    expect(await checkEach([1, 2], async () => skip('no pet to fetch'), 'all ok')).toEqual(
      skip('no pet to fetch'),
    );
    expect(
      await checkEach([1, 2], async (n) => (n === 1 ? skip('no pet') : pass('ok')), 'all ok'),
    ).toMatchObject({ verdict: 'pass', message: 'all ok' });
  });

  it('checkEach: sends every input at once; the first failure in list order wins, not the first answer', async () => {
    let started = 0;
    let peak = 0;
    const judge = async (n: number) => {
      peak = Math.max(peak, ++started);
      // Later inputs answer first.
      await new Promise((resolve) => setTimeout(resolve, 30 - 10 * n));
      return n >= 1 ? fail(`input ${n}`) : pass('ok');
    };
    expect(await checkEach([0, 1, 2], judge, 'all ok')).toEqual(fail('input 1'));
    expect(peak).toBe(3);
  });
});
