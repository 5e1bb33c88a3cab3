import { describe, expect, it } from 'vitest';
import { nextLinkQueries, smallerLimitQuery } from '../../src/checks/next-link.ts';

const base = new URL('http://127.0.0.1:8080/v1');
const asked = 'http://127.0.0.1:8080/v1/pets?limit=2';

describe('the next pages LIST-NEXT-LINK follows, with the key', () => {
  it('follows a next link on the service, relative or absolute', () => {
    expect(nextLinkQueries('</v1/pets?cursor=2&limit=2>; rel="next"', asked, base)).toEqual([
      'cursor=2&limit=2',
    ]);
    expect(
      nextLinkQueries('<http://127.0.0.1:8080/v1/pets?page=2>; rel="prev next"', asked, base),
    ).toEqual(['page=2']);
  });

  it('never a link to another origin or path: the key would go there', () => {
    const elsewhere = [
      '<http://evil.example/v1/pets?cursor=2>; rel="next"',
      '<https://127.0.0.1:8080/v1/pets?cursor=2>; rel="next"',
      '<http://127.0.0.1:9999/v1/pets?cursor=2>; rel="next"',
      '<//evil.example/v1/pets?cursor=2>; rel="next"',
      '</v1/other?cursor=2>; rel="next"',
      '</v1/pets/3>; rel="next"',
    ];
    for (const link of elsewhere) expect(nextLinkQueries(link, asked, base), link).toEqual([]);
  });

  it('only next links, and no query longer than 2 KiB', () => {
    expect(nextLinkQueries('</v1/pets?cursor=2>; rel="prev"', asked, base)).toEqual([]);
    const long = `</v1/pets?cursor=${'x'.repeat(3000)}>; rel="next"`;
    expect(nextLinkQueries(long, asked, base)).toEqual([]);
  });
});

describe('a next link replayed with a smaller limit', () => {
  it('asks 5 below a limit past 5 (or none), 1 below 2..5, nothing below 1', () => {
    expect(smallerLimitQuery('limit=50&cursor=abc')).toBe('limit=5&cursor=abc');
    expect(smallerLimitQuery('cursor=abc&status=sold')).toBe('cursor=abc&status=sold&limit=5');
    expect(smallerLimitQuery('limit=5&cursor=abc')).toBe('limit=1&cursor=abc');
    expect(smallerLimitQuery('limit=1&cursor=abc')).toBeUndefined();
    // A limit named twice is the server's to read: no smaller one is owed.
    expect(smallerLimitQuery('limit=5&limit=9&cursor=abc')).toBeUndefined();
  });
});
