import { describe, expect, it } from 'vitest';
import { suitesOfShard } from '../../src/bridge/shard.ts';

describe('suitesOfShard', () => {
  const suites = ['a', 'b', 'c', 'd', 'e'];

  it('gives the shards of one N disjoint suites that together are all of them, in order', () => {
    for (const count of [1, 2, 3, 5, 7]) {
      const shards = Array.from({ length: count }, (_, i) =>
        suitesOfShard(suites, `${i + 1}/${count}`),
      );
      expect(shards.flat().sort()).toEqual(suites);
      for (const shard of shards) expect(shard).toEqual(suites.filter((s) => shard.includes(s)));
    }
    expect(suitesOfShard(suites, '2/2')).toEqual(['b', 'd']);
  });

  it('gives every suite without a shard', () => {
    expect(suitesOfShard(suites, undefined)).toEqual(suites);
  });
});
