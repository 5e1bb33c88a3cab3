import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/http/json-body.ts';
import type { Handler } from '../../src/reference/index.ts';
import { ITEM, intercept, LIST } from '../faults/wrap.ts';
import { readArtifacts, readReport, runCli } from '../support/cli.ts';
import { expectNoKey } from '../support/key-forms.ts';
import { serveWrappedForFile } from '../support/servers.ts';

const KEY = 'deep-json-key-0123456789';

/** A few KB of JSON nested `depth` deep, with a backslash inside its string or not. */
const nested = (depth: number, backslash: boolean) =>
  `${'['.repeat(depth)}${backslash ? '"a\\\\b\\"c"' : '1'}${']'.repeat(depth)}`;

const deep = (depth: number, listBackslash: boolean) => (app: Handler) =>
  intercept(
    intercept(app, 'GET', LIST, () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      raw: nested(depth, listBackslash),
    })),
    'GET',
    ITEM,
    () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      raw: nested(depth, !listBackslash),
    }),
  );

// Before: 3,000 levels ended the run with exit 2 (stack overflow), 5,000 hung it.
describe('deeply nested JSON bodies', async () => {
  const servers = {
    3000: await serveWrappedForFile('deep-3000', deep(3000, false), KEY),
    5000: await serveWrappedForFile('deep-5000', deep(5000, true), KEY),
  };

  for (const depth of [3000, 5000] as const) {
    it(`${depth} levels: judged not valid JSON, the run ends normally with exit 1`, async () => {
      // The checks that read a list and a pet, and the judge of every answer: each meets the
      // nesting in the parser, the judges, the records and every report (a whole run's other
      // checks fail on the same bodies again, and shrink, at twice a run's CPU).
      const only = 'LIST-200-PETS,LIST-LIMIT-STATUS,GET-200-PET,EVERY-ANSWER';
      const result = await runCli(
        ['run', '--base-url', servers[depth].baseUrl, '--api-key', KEY, '--profile', 'ci'].concat([
          '--only',
          only,
        ]),
        { timeoutMs: 240_000 },
      );
      expect(result.stderr).not.toContain('Maximum call stack');
      expect(result.code).toBe(1);
      // Generous for a loaded 2-core machine; the hang this guards against never ends.
      expect(result.durationMs).toBeLessThan(200_000);
      const report = readReport(result);
      const verdict = (id: string) => report.checks.find((c) => c.id === id);
      const notJson = `not valid JSON: nested deeper than ${MAX_JSON_DEPTH}`;
      expect(verdict('LIST-200-PETS')).toMatchObject({
        verdict: 'fail',
        message: expect.stringContaining(notJson),
      });
      expect(verdict('GET-200-PET')).toMatchObject({
        verdict: 'fail',
        message: expect.stringContaining(notJson),
      });
      for (const c of report.checks) expect(c.message).not.toContain('Maximum call stack');
      const artifacts = readArtifacts(result);
      JSON.parse(artifacts['exchanges.har'] as string);
      expect(artifacts['junit.xml']).toContain('<testsuites');
      expectNoKey(result, KEY);
    }, 260_000);
  }
});
