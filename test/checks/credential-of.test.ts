import { describe, expect, it } from 'vitest';
import { credentialOf } from '../../src/checks/request-class.ts';

// The forms of the credential that mean the same (docs/equivalences.md) are read as the same by
// the judge of every answer: otherwise the key sent under AUTHORIZATION looks like no key, and
// a server that serves it looks like one that serves anyone.
describe('the credential of a request, as the judge of every answer reads it', () => {
  const KEY = 'k3y-0123456789';
  it.each([
    [{ authorization: `Bearer ${KEY}` }, 'key'],
    [{ AUTHORIZATION: `Bearer ${KEY}` }, 'key'],
    [{ aUtHoRiZaTiOn: `Bearer ${KEY}` }, 'key'],
    [{ authorization: ` \tBearer ${KEY} \t` }, 'key'],
    [{ authorization: `bearer ${KEY}` }, 'unclear'],
    [{ authorization: `Bearer ${KEY}x` }, 'wrong'],
    [{ accept: 'application/json' }, 'none'],
  ] as const)('%o is %s', (headers, expected) => {
    expect(credentialOf({ ...headers }, KEY)).toBe(expected);
  });
});
