import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/report/model.ts';
import { checkShards } from '../../src/report/shards.ts';
import { report } from '../support/report-fixture.ts';

const shard = (dir: string, spec: string | undefined, change: Partial<RunReport> = {}) => {
  const { shard: _none, ...base } = report;
  return { dir, report: { ...base, ...(spec ? { shard: spec } : {}), ...change } as RunReport };
};

const refusal = (parts: ReturnType<typeof shard>[]) => {
  try {
    checkShards(parts);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe('merge refuses a shard set that cannot make one verdict', () => {
  it('accepts every shard 1..N exactly once, in any order', () => {
    expect(refusal([shard('b', '2/3'), shard('a', '1/3'), shard('c', '3/3')])).toBeUndefined();
  });

  it('names a missing shard and a duplicated one', () => {
    expect(refusal([shard('a', '1/3'), shard('b', '1/3'), shard('c', '3/3')])).toBe(
      'cannot merge: shard 1/3 is given twice (a, b); shard 2/3 is missing',
    );
  });

  it('refuses shards of different N, a whole run, a shard out of range', () => {
    expect(refusal([shard('a', '1/2'), shard('b', '2/3')])).toContain(
      'the shards were cut differently (a: of 2, b: of 3)',
    );
    expect(refusal([shard('a', '1/2'), shard('w', undefined)])).toBe(
      'cannot merge: w is a whole run, not a shard (no --shard I/N)',
    );
    expect(refusal([shard('a', '1/1'), shard('b', '2/1')])).toContain('b is shard 2/1');
  });

  it('refuses different seeds, harnesses, contracts or targets, naming each', () => {
    const two = (change: Partial<RunReport>) =>
      refusal([shard('a', '1/2'), shard('b', '2/2', change)]);
    expect(two({ seed: 99 })).toContain(`different seeds (a: ${report.seed}, b: 99)`);
    expect(two({ harness: { name: report.harness.name, version: '9.9.9' } })).toContain(
      'different harness versions',
    );
    expect(two({ schemasSha256: 'other' })).toContain('different contracts');
    expect(two({ contract: { version: '2.0.0' } })).toContain('different contracts');
    expect(two({ target: { baseUrl: 'http://elsewhere/v1', embedded: false } })).toContain(
      'different targets',
    );
  });
});
