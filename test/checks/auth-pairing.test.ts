import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_STATES,
  coveringPairs,
  INVALID_INPUTS,
  invalidInputPairs,
} from '../../src/checks/auth-table.ts';

const KEY = 'Pairing-Key-0123456789';
const RUN = 'run1';

describe('credential faults with invalid input', () => {
  it('pair every variant with a request and every request with a variant, no more', () => {
    expect(coveringPairs(['a', 'b', 'c'], [1, 2])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 1],
    ]);
    expect(coveringPairs(['a'], [1, 2, 3])).toEqual([
      ['a', 1],
      ['a', 2],
      ['a', 3],
    ]);
    expect(coveringPairs([], [1])).toEqual([]);
  });

  // Issue 13: every operation x every credential fault x every kind of invalid input gets 401.
  it('send every credential fault with every kind of invalid input, but the keys sent unpaired', () => {
    for (const input of INVALID_INPUTS) {
      const pairs = invalidInputPairs(input, KEY, RUN);
      const sent = new Set(pairs.map(([variant]) => variant.label));
      for (const state of CREDENTIAL_STATES.filter((s) => !s.keptAlive))
        for (const variant of state.variants(KEY))
          expect(sent.has(variant.label), `${input.id}: ${variant.label}`).toBe(!variant.unpaired);
    }
  });

  it('send every invalid request with every credential state', () => {
    for (const input of INVALID_INPUTS) {
      const pairs = invalidInputPairs(input, KEY, RUN);
      for (const state of CREDENTIAL_STATES.filter((s) => !s.keptAlive)) {
        const labels = new Set(state.variants(KEY).map((v) => v.label));
        const requests = new Set(
          pairs.filter(([v]) => labels.has(v.label)).map(([, r]) => r.label),
        );
        for (const request of input.requests(RUN, KEY))
          expect(requests, `${input.id} ${state.id}`).toContain(request.label);
      }
    }
  });

  it('stay about as cheap as two variants of each state with every request', () => {
    const total = INVALID_INPUTS.reduce((n, i) => n + invalidInputPairs(i, KEY, RUN).length, 0);
    const twoEach = CREDENTIAL_STATES.filter((s) => !s.keptAlive).reduce(
      (n, s) => n + Math.min(2, s.variants(KEY).length),
      0,
    );
    const requests = INVALID_INPUTS.reduce((n, i) => n + i.requests(RUN, KEY).length, 0);
    // The slack: the near-key state has 10 tokens and the other-scheme state 7 (the key inside
    // Basic, the same-length near keys), more than any kind of input has requests, and each
    // beyond them is sent once more (max(variants, requests) pairs, coveringPairs): 156 pairs
    // for this key, 30 more than before those 6 variants; every variant with every request
    // (their product) would be 270.
    expect(total).toBeLessThanOrEqual(twoEach * requests + 40);
    const product = INVALID_INPUTS.reduce(
      (n, i) =>
        n +
        CREDENTIAL_STATES.filter((s) => !s.keptAlive).reduce(
          (m, s) => m + s.variants(KEY).length * i.requests(RUN, KEY).length,
          0,
        ),
      0,
    );
    expect(total).toBeLessThan(product * 0.6);
  });
});
