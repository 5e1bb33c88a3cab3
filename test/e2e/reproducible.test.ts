import { afterAll, describe, expect, it } from 'vitest';
import { refusedCategoryId } from '../../src/arbitraries/pet-name.ts';
import { findFault, startFault } from '../faults/catalog.ts';
import { readArtifacts, readReport, runCli } from '../support/cli.ts';

describe('a failure is reproducible', async () => {
  const apiKey = 'repro-key-2718';
  const server = await startFault(findFault('create-category-int32'), apiKey);
  afterAll(() => server.close());
  // The check alone: its inputs are drawn from the run's seed and its own id, whatever else runs.
  const run = () =>
    runCli([
      ...['run', '--base-url', server.baseUrl, '--api-key', apiKey, '--seed', '5'],
      ...['--only', 'CREATE-201-PROPERTY'],
    ]);

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
    request: {
      method: string;
      url: string;
      headers?: { name: string; value: string }[];
      postData?: { text: string };
    };
    response: { status: number; content: { text: string } };
  }
  type Result = Awaited<ReturnType<typeof runCli>>;
  /** The run's pet-name tags in `text` masked (`pc-<runId>-`, and `pc-<runId>~` of refused writes): drawn anew for every run. */
  const masked = (result: Result, text: string) =>
    text
      .replaceAll(`${refusedCategoryId(readReport(result).runId)}`, '<refusedCategoryId>')
      .replaceAll(`pc-${readReport(result).runId}-`, 'pc-<runId>-')
      .replaceAll(`pc-${readReport(result).runId}~`, 'pc-<runId>~')
      // In a form-encoded body, `~` is written %7E.
      .replaceAll(`pc-${readReport(result).runId}%7E`, 'pc-<runId>%7E');
  const entriesOf = (result: Result): HarEntry[] =>
    (JSON.parse(readArtifacts(result)['exchanges.har'] ?? '{}') as { log: { entries: HarEntry[] } })
      .log.entries;
  const createdIn = (entries: HarEntry[]) =>
    entries.filter((e) => e.request.method === 'POST' && e.response.status === 201);

  /**
   * Every request of a run with its sender, sorted: checks run together, so the order they go
   * out in may differ. The id of a pet the run created is assigned by the server in the order
   * the creations arrive: a request to one (getPet, or a DELETE without the key) reads `{created}`; every other part of every request
   * must be the same but the run's tag.
   */
  // Read from the text's start: a large body is kept cut in the HAR (a name of 10^6 characters).
  const createdIds = (entries: HarEntry[]) =>
    new Set(createdIn(entries).map((e) => /"id":(-?\d+)/.exec(e.response.content.text)?.[1]));

  function requestsOf(result: Result): string[] {
    const entries = entriesOf(result);
    const created = createdIds(entries);
    return entries
      .map(({ _check, request }) => {
        const url = new URL(request.url);
        const id = /\/pets\/(-?\d+)$/.exec(url.pathname)?.[1];
        const path =
          id !== undefined && created.has(id)
            ? url.pathname.replace(/\d+$/, '{created}')
            : url.pathname;
        // A NewPet may carry a created pet's id (CREATE-CLIENT-ID, as id, ID, Id or _id): that
        // id too reads `{created}`.
        // A body in a content coding holds the run's tag compressed: its coding stands for it.
        const coding = request.headers?.find((h) => h.name.toLowerCase() === 'content-encoding');
        const body = coding
          ? `<${coding.value}>`
          : (request.postData?.text ?? '').replace(
              /"(id|ID|Id|_id)":("?)(-?\d+)\2/g,
              (all, name, _q, id) => (created.has(id) ? `"${name}":{created}` : all),
            );
        const text = `${_check} ${request.method} ${path}${url.search} ${body}`;
        return masked(result, text);
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
        // 6.6 s alone; in npm test on a slow machine (26 November) the two took over 200 s.
        return await runCli(['run', ...args, '--profile', 'ci', '--seed', '7'], {
          timeoutMs: 180_000,
        });
      } finally {
        await server.close();
      }
    };
    const [first, second] = [await run(), await run()];
    expect([first.code, second.code]).toEqual([0, 0]);
    // Each run tags its pets with its own id, so two runs' pets can be told apart.
    expect(readReport(first).runId).toMatch(/^[0-9a-f]{8}$/);
    expect(readReport(second).runId).not.toBe(readReport(first).runId);
    const requests = requestsOf(first);
    expect(requests.some((r) => r.includes('pc-<runId>-'))).toBe(true);
    // Every request names its sender: the preflight, the seeding, the refused createPets that
    // are the run's first writes, the sentinel probes spread over the run, or a check of the
    // catalog.
    expect(requests.some((r) => /^preflight GET /.test(r))).toBe(true);
    expect(requests.some((r) => /^seed POST \S*\/pets /.test(r))).toBe(true);
    const senders = new Set(requests.map((r) => r.split(' ')[0]));
    const ids = new Set(readReport(first).checks.map((c) => c.id));
    for (const sender of senders)
      expect(
        ['preflight', 'seed', 'refused-first', 'sentinel'].includes(sender as string) ||
          ids.has(sender as string),
        `${sender}`,
      ).toBe(true);
    expect(requests.length).toBeGreaterThan(300);
    expect(requestsOf(second)).toEqual(requests);
    // A marked name (a write the contract refuses) goes only in requests the reference refuses:
    // a server may never serve one, so a marked pet shown is always a refused write stored.
    const mark = `pc-${readReport(first).runId}~refused-`;
    const marked = entriesOf(first).filter((e) => e.request.postData?.text.includes(mark));
    expect(marked.length).toBeGreaterThan(30);
    expect(marked.filter((e) => e.response.status !== 400 && e.response.status !== 401)).toEqual(
      [],
    );
    // In the catalog's order; messages may name the server's origin, whose port differs, the
    // id the server gave a pet (in the order the creations arrived), and the run's tag.
    const verdicts = (r: typeof first) => {
      const created = createdIds(entriesOf(r));
      return readReport(r).checks.map((c) => {
        const message = c.message
          .replace(/127\.0\.0\.1:\d+/g, 'origin')
          .replace(/\bid (\d+)/g, (all, id) => (created.has(id) ? 'id {created}' : all));
        return masked(r, `${c.id} ${c.verdict} ${message}`);
      });
    };
    expect(verdicts(second)).toEqual(verdicts(first));
    // The whole-run checks start after every other: they count every pet the run created.
    const runIds = readReport(first).checks.find((c) => c.id === 'RUN-ID-UNIQUE');
    const creations = createdIn(entriesOf(first)).length;
    expect(runIds?.message).toBe(`${creations} creations, ${creations} distinct ids`);
    // Two runs of ci, each as long as it is let run (180 s).
  }, 400_000);
});
