import { afterAll, describe, expect, it } from 'vitest';
import { bodyShown } from '../../src/checks/problems.ts';
import { createReferenceApp } from '../../src/reference/app.ts';
import { listen } from '../../src/reference/index.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'e2e-excerpt-key-0123456789';
/** RFC 9457's shape, whose long `type` comes first: a cut at 60 characters kept nothing else. */
const PROBLEM = {
  type: 'https://errors.example.com/problems/request-body-validation-failed-for-this-resource',
  title: 'Unprocessable Entity',
  status: 422,
  detail: 'name is required',
};

describe('message excerpts keep the fields that explain a failure', () => {
  const reference = createReferenceApp({ apiKey: KEY });
  const server = listen(async (req) => {
    const res = await reference(req);
    return res.status === 400 ? { status: 422, json: PROBLEM } : res;
  });
  afterAll(async () => (await server).close());

  it('a 422 problem body is shown by its status, title and detail, not cut inside its type', async () => {
    const { baseUrl } = await server;
    const result = await runCli(
      ['run', '--base-url', baseUrl, '--only', 'CREATE-400-MISSING-NAME'],
      {
        env: { PETSTORE_API_KEY: KEY },
      },
    );
    expect(result.code).toBe(1);
    const [check] = readReport(result).checks;
    expect(check?.message).toContain(
      '{"status":422,"title":"Unprocessable Entity","detail":"name is required",…1 more}',
    );
    expect(result.stdout).toContain('"detail":"name is required"');
  });

  it("an Error's code, message and status, each cut without splitting a token", () => {
    const secret = `k-${'x'.repeat(200)}`;
    const shown = bodyShown({
      status: 400,
      headers: {},
      body: '…',
      json: { code: 'invalid', message: `bad token ${secret}`, status: 400, trace: 'abc' },
    });
    expect(shown).toBe('{"code":"invalid","message":"bad token "…,"status":400,…1 more}');
    expect(bodyShown({ status: 502, headers: {}, body: '<html>bad gateway</html>' })).toBe(
      '"<html>bad gateway</html>"',
    );
  });
});
