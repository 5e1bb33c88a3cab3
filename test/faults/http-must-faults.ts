import type { Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';

/**
 * Servers that break a MUST of HTTP the contract brings in without writing it out: caught under
 * the certify profile (elsewhere these checks warn; test/e2e/http-musts.test.ts shows both).
 */

/** Answers with the headers of each answer rewritten. */
const headersOf =
  (rewrite: (headers: Record<string, string>, status: number) => Record<string, string>) =>
  (app: Handler): Handler =>
  async (req) => {
    const res = await app(req);
    return { ...res, headers: rewrite(res.headers ?? {}, res.status) };
  };

export const HTTP_MUST_FAULTS: readonly Fault[] = [
  {
    name: 'no-www-authenticate',
    description: 'Sends no WWW-Authenticate field with its 401s (judged with --profile certify).',
    caughtBy: ['HTTP-401-CHALLENGE'],
    profile: 'certify',
    wrap: headersOf(({ 'www-authenticate': _challenge, ...rest }) => rest),
  },
  {
    name: 'basic-challenge-only',
    description:
      'Challenges with Basic alone on its 401s, though the resource takes bearer tokens (judged with --profile certify).',
    caughtBy: ['HTTP-401-CHALLENGE'],
    profile: 'certify',
    wrap: headersOf((headers, status) =>
      status === 401 ? { ...headers, 'www-authenticate': 'Basic realm="petstore"' } : headers,
    ),
  },
  {
    name: 'no-date-field',
    description: 'Sends no Date field with any answer (judged with --profile certify).',
    caughtBy: ['HTTP-DATE'],
    profile: 'certify',
    wrap: headersOf((headers) => ({ ...headers, date: '' })),
  },
  {
    name: 'date-in-iso-8601',
    description:
      'Writes its Date field in ISO 8601 (2026-11-25T10:00:00Z), not IMF-fixdate (judged with --profile certify).',
    caughtBy: ['HTTP-DATE'],
    profile: 'certify',
    wrap: headersOf((headers) => ({ ...headers, date: new Date().toISOString() })),
  },
];
