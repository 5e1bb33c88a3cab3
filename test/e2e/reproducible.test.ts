import { afterAll, describe, expect, it } from 'vitest';
import { findFault, startFault } from '../faults/catalog.ts';
import { type CliResult, readArtifacts, readReport, runCli } from '../support/cli.ts';

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
    expect(again?.counterexample).toEqual(check?.counterexample);
    const junit = readArtifacts(first)['junit.xml'];
    expect(junit).toContain('Minimal counterexample');
    expect(junit).toContain('Replay the run: --seed 5');
  });
});

describe('the same seed sends the same requests', () => {
  interface HarEntry {
    request: { method: string; url: string; postData?: { text: string } };
    response: { status: number; content: { text: string } };
  }
  const entriesOf = (result: CliResult): HarEntry[] =>
    (JSON.parse(readArtifacts(result)['exchanges.har'] ?? '{}') as { log: { entries: HarEntry[] } })
      .log.entries;
  const createdIn = (entries: HarEntry[]) =>
    entries.filter((e) => e.request.method === 'POST' && e.response.status === 201);

  /**
   * Every request of a run, sorted: checks run together, so the order they go out in may differ.
   * The id of a pet the run created is assigned by the server in the order the creations arrive:
   * a getPet of one reads `{created}`; every other part of every request must be the same.
   */
  const createdIds = (entries: HarEntry[]) =>
    new Set(
      createdIn(entries).map((e) =>
        String((JSON.parse(e.response.content.text) as { id: number }).id),
      ),
    );

  function requestsOf(result: CliResult): string[] {
    const entries = entriesOf(result);
    const created = createdIds(entries);
    return entries
      .map(({ request }) => {
        const url = new URL(request.url);
        const id = /\/pets\/(-?\d+)$/.exec(url.pathname)?.[1];
        const path =
          request.method === 'GET' && id !== undefined && created.has(id)
            ? url.pathname.replace(/\d+$/, '{created}')
            : url.pathname;
        return `${request.method} ${path}${url.search} ${request.postData?.text ?? ''}`;
      })
      .sort();
  }

  it('two runs against fresh servers that answer in a random order: the same requests, the same verdicts', async () => {
    const apiKey = 'jitter-key-0123456789';
    // Each request waits 0-4 ms before the server handles it: the checks that run together
    // interleave differently in each run, and pets are assigned ids in a different order.
    const jittery = () =>
      startFault(
        {
          name: 'jittery',
          description: 'The reference, handling each request after a random 0-4 ms.',
          wrap: (app) => async (req) => {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
            return app(req);
          },
        },
        apiKey,
      );
    const run = async () => {
      const server = await jittery();
      try {
        const args = ['--base-url', server.baseUrl, '--api-key', apiKey];
        return await runCli(['run', ...args, '--profile', 'ci', '--seed', '7']);
      } finally {
        await server.close();
      }
    };
    const [first, second] = [await run(), await run()];
    expect([first.code, second.code]).toEqual([0, 0]);
    const requests = requestsOf(first);
    expect(requests.length).toBeGreaterThan(300);
    expect(requestsOf(second)).toEqual(requests);
    // In the catalog's order; messages may name the server's origin, whose port differs, and
    // the id the server gave a pet (in the order the creations arrived).
    const verdicts = (r: typeof first) => {
      const created = createdIds(entriesOf(r));
      return readReport(r).checks.map((c) => {
        const message = c.message
          .replace(/127\.0\.0\.1:\d+/g, 'origin')
          .replace(/\bid (\d+)/g, (all, id) => (created.has(id) ? 'id {created}' : all));
        return `${c.id} ${c.verdict} ${message}`;
      });
    };
    expect(verdicts(second)).toEqual(verdicts(first));
    // The whole-run checks start after every other: they count every pet the run created.
    const runIds = readReport(first).checks.find((c) => c.id === 'RUN-ID-UNIQUE');
    const creations = createdIn(entriesOf(first)).length;
    expect(runIds?.message).toBe(`${creations} creations, ${creations} distinct ids`);
  });
});
