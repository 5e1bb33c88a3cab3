import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/checks/catalog.ts';
import type { Har } from '../../src/report/har.ts';
import { readArtifacts, readReport, runCli } from '../support/cli.ts';
import { serveWrappedForFile } from '../support/servers.ts';

// One character: redacting it wherever it stands would blank ids, check names and words.
const KEY = 'K';

describe('a one-character key', async () => {
  const server = await serveWrappedForFile('short-key', (app) => app, KEY);

  it('a conformant server passes, and every id and name in every report is intact', async () => {
    const result = await runCli(['run', '--base-url', server.baseUrl, '--profile', 'ci'], {
      env: { PETSTORE_API_KEY: KEY },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = readReport(result);
    expect(report.checks.map((c) => c.id)).toEqual(CATALOG.map((c) => c.id));
    for (const check of report.checks) expect(check.verdict, check.id).toBe('pass');
    const { 'exchanges.har': harText = '', ...reports } = readArtifacts(result);
    for (const [name, text] of Object.entries({ ...reports, stdout: result.stdout })) {
      expect(text.includes('[REDACTED]'), name).toBe(false);
    }
    const har = JSON.parse(harText) as Har;
    const bearer = har.log.entries.flatMap((e) =>
      e.request.headers.filter((h) => h.name === 'authorization').map((h) => h.value),
    );
    expect(bearer).toContain('Bearer [REDACTED]');
    expect(bearer).not.toContain(`Bearer ${KEY}`);
    // Bodies are evidence as they came: not one id or name was blanked.
    for (const entry of har.log.entries) {
      expect(entry.response.content.text).not.toContain('[REDACTED]');
    }
  });
});
