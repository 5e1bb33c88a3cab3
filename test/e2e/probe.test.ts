import { afterAll, describe, expect, it } from 'vitest';
import { startFault } from '../faults/catalog.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'probe-key-0123456789';

describe('the probe profile', async () => {
  const methods: string[] = [];
  // Requests (by number, from 1) answered 429 with a Retry-After of 0 seconds.
  const tooMany = new Set<number>();
  const server = await startFault(
    {
      name: 'method-counter',
      description: 'The reference, counting the methods it receives, asking for patience on cue.',
      wrap: (app) => (req) => {
        methods.push(req.method);
        if (!tooMany.delete(methods.length)) return app(req);
        const error = { code: 'slow_down', message: 'too many requests', status: 429 };
        return { status: 429, json: error, headers: { 'retry-after': '0' } };
      },
    },
    KEY,
  );
  afterAll(() => server.close());

  it('sends no POST, says so, and skips what writes', async () => {
    const result = await runCli([
      'run',
      '--base-url',
      server.baseUrl,
      '--api-key',
      KEY,
      '--profile',
      'probe',
      '--rate',
      '1000',
      '--max-requests',
      '1000',
    ]);
    expect(result.code).toBe(0);
    expect(methods.length).toBeGreaterThan(10);
    expect(methods.filter((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m))).toEqual([]);
    expect(result.stdout).toContain('Read-only: this run sends no POST and creates nothing.');
    const report = readReport(result);
    expect(report.readOnly).toBe(true);
    expect(report.profile).toBe('probe');
    const created = report.checks.find((c) => c.id === 'CREATE-201-PET');
    expect(created).toMatchObject({
      verdict: 'skip',
      message: 'writes, and this run is read-only (probe profile)',
    });
    expect(report.checks.find((c) => c.id === 'AUTH-LIST-NO-KEY')?.verdict).toBe('pass');
    // What docs/probe.md promises (errors, media types) is judged on GETs alone.
    const errors = report.checks.find((c) => c.id === 'ERR-BODY-STATUS');
    expect(errors?.verdict).toBe('pass');
    expect(errors?.message).toContain('listPets without key');
    expect(errors?.message).toContain('getPet of an unknown id');
    const media = report.checks.find((c) => c.id === 'JSON-CONTENT-TYPE');
    expect(media?.verdict).toBe('pass');
    expect(media?.message).toContain('listPets without key');
    for (const check of [errors, media]) expect(check?.message).not.toContain('createPet');
  });

  it('keeps to its request budget and rate, and skips what the budget does not reach', async () => {
    methods.length = 0;
    const args = ['run', '--base-url', server.baseUrl, '--api-key', KEY, '--profile', 'probe'];
    const result = await runCli([...args, '--max-requests', '30', '--rate', '20']);
    expect(result.code).toBe(0);
    expect(methods.length).toBe(30);
    const report = readReport(result);
    expect(report.requests).toBe(30);
    const cut = report.checks.filter((c) =>
      c.message.includes('the request budget (--max-requests) was used up'),
    );
    expect(cut.length).toBeGreaterThan(0);
    // The checks applied, the run's own budget left them unjudged: not the target's failure.
    for (const check of cut) expect([check.verdict, check.code]).toEqual(['unjudged', 'budget']);
    // 30 requests at 20 per second keep the run busy for at least 1.4 s.
    expect(report.durationMs).toBeGreaterThanOrEqual(1400);
    expect(report.latency.listPets?.requests).toBeGreaterThan(0);
  });

  it('judges getPet, its lifecycle and its headers on a pet the service already holds', async () => {
    const created = await fetch(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'already-here', categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    methods.length = 0;
    // The first is the preflight's, sent without the throttle: two later ones are waited out.
    tooMany.add(2).add(3);
    const args = ['run', '--base-url', server.baseUrl, '--api-key', KEY, '--profile', 'probe'];
    const result = await runCli([...args, '--rate', '1000', '--max-requests', '1000']);
    expect(result.code).toBe(0);
    expect(readReport(result).tooManyRequests?.waitedOut).toBe(2);
    expect(result.stdout).toMatch(
      /^Rate limited: 2 answers 429 or 503 waited out \(Retry-After\), /m,
    );
    expect(methods.filter((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m))).toEqual([]);
    const { checks } = readReport(result);
    const verdicts = Object.fromEntries(checks.map((c) => [c.id, c.verdict]));
    // A getPet 200 is judged on the pet the service already holds.
    expect(checks.find((c) => c.id === 'JSON-CONTENT-TYPE')?.message).toContain(
      'getPet of an existing pet',
    );
    for (const id of [
      'SUNSET-GET-LIFECYCLE',
      'SUNSET-HEADER',
      'DEPRECATION-HEADER',
      'DEPRECATION-LINKS',
      'JSON-CONTENT-TYPE',
      'ERR-BODY-STATUS',
    ]) {
      expect(verdicts[id], id).toBe('pass');
    }
  });

  it('within its default budget, judges every clause a read-only run can judge on a store that holds pets', async () => {
    const held = await startFault(
      { name: 'holds-pets', description: 'The reference.', wrap: (app) => app },
      KEY,
    );
    try {
      const statuses = ['available', 'pending', 'sold'];
      for (let i = 0; i < 30; i++) {
        const created = await fetch(`${held.baseUrl}/pets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `held-${i}`, categoryId: i, status: statuses[i % 3] }),
        });
        expect(created.status).toBe(201);
      }
      const args = ['run', '--base-url', held.baseUrl, '--api-key', KEY, '--profile', 'probe'];
      // The default budget (200 requests); the rate only makes the test quicker.
      const result = await runCli([...args, '--rate', '1000']);
      expect(result.code).toBe(0);
      const report = readReport(result);
      expect(report.requests).toBeLessThanOrEqual(200);
      // What only a write can judge: creating pets, and the fields of a pet as created.
      expect(report.coverage.notJudged).toEqual([
        'newPet',
        'create201',
        'create400',
        'petFields',
        'petIdUnique',
      ]);
      const verdicts = Object.fromEntries(report.checks.map((c) => [c.id, c.verdict]));
      for (const id of ['JSON-CONTENT-TYPE', 'GET-200-LISTED', 'SUNSET-GET-LIFECYCLE'])
        expect(verdicts[id], id).toBe('pass');
    } finally {
      await held.close();
    }
  });
});
