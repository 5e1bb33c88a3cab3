import { describe, expect, it } from 'vitest';
import { REQUEST_SPACE } from '../../src/checks/request-space.ts';
import { readReport, runCli } from '../support/cli.ts';

// Every cell of the request space (field x JSON type, boundary values, names of every kind of
// character, credential presentation per operation, store size around each limit) is covered
// by the ci profile against the embedded server whatever the seed: what covers each is sent by
// name (examples, fixed sequences, set-up), not left to the draw.
describe('report.json counts the request space the run covered, and ci covers all of it', () => {
  it.each([[1], [20260101], [4242]])(
    'seed %i: every dimension covered',
    async (seed) => {
      const result = await runCli(['run', '--profile', 'ci', '--seed', String(seed)], {
        timeoutMs: 120_000,
      });
      expect(result.code, result.stderr).toBe(0);
      const { coverage } = readReport(result);
      const cells = REQUEST_SPACE.flatMap(([dimension, list]) =>
        list.map((cell) => `${dimension}: ${cell}`),
      );
      expect(coverage.dimensions?.map((d) => `${d.dimension}: ${d.cell}`)).toEqual(cells);
      expect(coverage.uncovered).toEqual([]);
      const count = (dimension: string, cell: string) =>
        coverage.dimensions?.find((d) => d.dimension === dimension && d.cell === cell)?.requests ??
        0;
      expect(count('createPet name type', 'boolean')).toBeGreaterThan(0);
      expect(count('name characters', 'Cf')).toBeGreaterThan(0);
      expect(count('credential getPet', 'near-key')).toBeGreaterThan(0);
      expect(count('store size, limit 100', 'more-known')).toBeGreaterThan(0);
    },
    150_000,
  );
});
