import { afterAll, describe, expect, it } from 'vitest';
import { findFault, startFault } from '../faults/catalog.ts';
import { readArtifacts, readReport, runCli } from '../support/cli.ts';

describe('a failure is reproducible', async () => {
  const apiKey = 'repro-key-2718';
  const server = await startFault(findFault('create-category-int32'), apiKey);
  afterAll(() => server.close());
  const run = () =>
    runCli(['run', '--base-url', server.baseUrl, '--api-key', apiKey, '--seed', '5']);

  it('shows the minimal counterexample, seed, path, exchange and curl; the same seed finds the same one', async () => {
    const first = await run();
    const second = await run();
    expect(first.code).toBe(1);
    expect(second.code).toBe(1);
    const check = readReport(first).checks.find((c) => c.id === 'CREATE-201-PROPERTY');
    expect(check?.verdict).toBe('fail');
    expect(check?.message).toMatch(/categoryId: expected -?\d+, got -?\d+/);
    expect(check?.counterexample).toMatchObject({ seed: 5 });
    expect(check?.counterexample?.input).toContain('categoryId');
    // The smallest magnitude that no longer fits in 32 bits, with a short name: a small input.
    expect(check?.counterexample?.input.length).toBeLessThan(200);
    expect(check?.counterexample?.input).toMatch(/"categoryId":(2147483648|-2147483649)[,}]/);
    const ex = check?.exchanges[0];
    expect(ex?.curl).toContain('--data-raw');
    expect(ex?.curl).toContain('$' + '{PETSTORE_API_KEY}');
    const again = readReport(second).checks.find((c) => c.id === 'CREATE-201-PROPERTY');
    // The same input but for the run's own tag in the pet's name (pc-<runId>-), drawn per run.
    const untagged = (c: typeof check) =>
      c?.counterexample && {
        ...c.counterexample,
        input: c.counterexample.input.replace(/pc-[0-9a-f]{8}-/g, 'pc-RUN-'),
      };
    expect(untagged(again)).toEqual(untagged(check));
    const junit = readArtifacts(first)['junit.xml'];
    expect(junit).toContain('Minimal counterexample');
    expect(junit).toContain('Replay the run: --seed 5');
  });
});

describe('the same seed sends the same requests', () => {
  interface HarEntry {
    _check?: string;
    request: { method: string; url: string; postData?: { text: string } };
  }
  type Result = Awaited<ReturnType<typeof runCli>>;
  /** The run's pet-name tag in `text` masked: it is drawn anew for every run. */
  const masked = (result: Result, text: string) =>
    text.replaceAll(`pc-${readReport(result).runId}-`, 'pc-<runId>-');
  /** Every request of a run, in the order sent, with the embedded server's origin left out. */
  function requestsOf(result: Result): string[] {
    const har = JSON.parse(readArtifacts(result)['exchanges.har'] ?? '{}') as {
      log: { entries: HarEntry[] };
    };
    return har.log.entries.map(({ _check, request }) => {
      const url = new URL(request.url);
      const text = `${_check} ${request.method} ${url.pathname}${url.search} ${request.postData?.text ?? ''}`;
      return masked(result, text);
    });
  }

  it('two runs against fresh servers: the same requests in the same order, the same verdicts', async () => {
    const run = () => runCli(['run', '--profile', 'ci', '--seed', '7']);
    const [first, second] = [await run(), await run()];
    expect([first.code, second.code]).toEqual([0, 0]);
    // Each run tags its pets with its own id, so two runs' pets can be told apart.
    expect(readReport(first).runId).toMatch(/^[0-9a-f]{8}$/);
    expect(readReport(second).runId).not.toBe(readReport(first).runId);
    const requests = requestsOf(first);
    expect(requests.some((r) => r.includes('pc-<runId>-'))).toBe(true);
    // Every request names its sender: the preflight, the seeding, or a check of the catalog.
    expect(requests[0]).toMatch(/^preflight GET /);
    expect(requests.some((r) => /^seed POST \S*\/pets /.test(r))).toBe(true);
    const senders = new Set(requests.map((r) => r.split(' ')[0]));
    const ids = new Set(readReport(first).checks.map((c) => c.id));
    for (const sender of senders)
      expect(
        ['preflight', 'seed'].includes(sender as string) || ids.has(sender as string),
        `${sender}`,
      ).toBe(true);
    expect(requests.length).toBeGreaterThan(300);
    expect(requestsOf(second)).toEqual(requests);
    // Messages may name the embedded server's origin, whose port differs between runs.
    const verdicts = (r: typeof first) =>
      readReport(r).checks.map((c) =>
        masked(r, `${c.id} ${c.verdict} ${c.message.replace(/127\.0\.0\.1:\d+/g, 'origin')}`),
      );
    expect(verdicts(second)).toEqual(verdicts(first));
  });
});
