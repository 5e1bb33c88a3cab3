import { describe, expect, it } from 'vitest';
import { readOnly } from '../../src/language/read-only.ts';
import { exchange } from '../support/exchanges.ts';

describe('the read-only guard of the probe profile', () => {
  const sent: string[] = [];
  const send = readOnly(async (options) => {
    sent.push(options.method);
    return exchange({ status: 200, json: [] });
  });

  it('lets the safe methods through (RFC 9110 9.2.1) and refuses every other', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) await send({ method, path: '/pets' });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'get'])
      expect(() => send({ method, path: '/pets/1' })).toThrow(`refusing to send ${method}`);
    expect(sent).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });
});
