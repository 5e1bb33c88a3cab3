import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceApp } from '../../src/reference/app.ts';
import { listen } from '../../src/reference/index.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'e2e-short-pages-key-0123456789';
const FIXED = { id: 1, name: 'doggie', categoryId: 1, status: 'available' };

describe('a listing that never shows the pets the run created', () => {
  // As Prism's mock does: every listing is one fixed pet, whatever was created.
  const reference = createReferenceApp({ apiKey: KEY });
  const server = listen(async (req) => {
    const res = await reference(req);
    const listing = req.method === 'GET' && /\/pets$/.test(req.path) && res.status === 200;
    return listing ? { status: 200, json: [FIXED] } : res;
  });
  afterAll(async () => (await server).close());

  it('LIST-LIMIT-DEFAULT and LIST-LIMIT-MAX warn that their limit was not put to the test', async () => {
    const { baseUrl } = await server;
    const result = await runCli(
      ['run', '--base-url', baseUrl, '--only', 'LIST-LIMIT-MIN,LIST-LIMIT-MAX,LIST-LIMIT-DEFAULT'],
      { env: { PETSTORE_API_KEY: KEY } },
    );
    expect(result.code).toBe(0);
    const verdicts = Object.fromEntries(readReport(result).checks.map((c) => [c.id, c]));
    expect(verdicts['LIST-LIMIT-MIN']).toMatchObject({
      verdict: 'pass',
      message: 'limit=1: 200 with 1 Pet',
    });
    for (const [id, limit] of [
      ['LIST-LIMIT-MAX', 100],
      ['LIST-LIMIT-DEFAULT', 20],
    ] as const) {
      expect(verdicts[id]?.verdict, id).toBe('warn');
      expect(verdicts[id]?.message).toMatch(
        new RegExp(
          `^1 pet listed, though at least \\d+ exist: a page shorter than its limit \\(${limit}\\) does not show the limit is kept$`,
        ),
      );
    }
    expect(result.stdout).toMatch(/! LIST-LIMIT-MAX .* 1 pet listed, though at least/);
  });
});
