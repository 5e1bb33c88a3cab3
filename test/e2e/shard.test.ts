import { afterAll, describe, expect, it } from 'vitest';
import type { Har } from '../../src/report/har.ts';
import { findFault, startFault } from '../faults/catalog.ts';
import { readArtifacts, readReport, runCli } from '../support/cli.ts';

const KEY = 'shard-key-0123456789';

describe('shards and merge', async () => {
  const server = await startFault(findFault('auth-ignored-on-list'), KEY);
  afterAll(() => server.close());

  it('two shards run different checks; merge makes one verdict and one set of reports', async () => {
    const args = [
      'run',
      '--base-url',
      server.baseUrl,
      '--api-key',
      KEY,
      '--seed',
      '3',
      '--profile',
      'ci',
    ];
    const shards = await Promise.all([
      runCli([...args, '--shard', '1/2']),
      runCli([...args, '--shard', '2/2']),
    ]);
    const [one, two] = shards.map(readReport);
    expect(one?.shard).toBe('1/2');
    const ranIn = (r: typeof one) =>
      new Set(r?.checks.filter((c) => c.message !== 'not run').map((c) => c.id));
    const [a, b] = [ranIn(one), ranIn(two)];
    expect(a.size).toBeGreaterThan(0);
    expect(b.size).toBeGreaterThan(0);
    expect([...a].filter((id) => b.has(id))).toEqual([]);

    const merged = await runCli(['merge', shards[0]?.reportDir ?? '', shards[1]?.reportDir ?? '']);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toContain('Merged 2 shards. NOT conformant');
    const report = readReport(merged);
    expect(report.checks.filter((c) => c.message === 'not run')).toEqual([]);
    expect(report.checks.find((c) => c.id === 'AUTH-LIST-NO-KEY')?.verdict).toBe('fail');
    expect(report.summary.total).toBe(a.size + b.size);
    expect(report.requests).toBe((one?.requests ?? 0) + (two?.requests ?? 0));
    // The merged HAR still names the sender of every request.
    const har = JSON.parse(readArtifacts(merged)['exchanges.har'] ?? '{}') as Har;
    const senders = new Set(har.log.entries.map((e) => e._check));
    expect(senders.has('preflight')).toBe(true);
    expect(senders.has('AUTH-LIST-NO-KEY')).toBe(true);
    expect(senders.has(undefined)).toBe(false);
  });

  it('refuses a folder that holds no report: exit 2, one line', async () => {
    const missing = await runCli(['merge', '/nonexistent-shard']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no /nonexistent-shard/report.json');
  });
});
