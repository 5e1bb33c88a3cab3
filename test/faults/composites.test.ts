import { describe, expect, it } from 'vitest';
import { createReferenceApp, type Handler } from '../../src/reference/index.ts';
import { composites } from './composites.ts';
import { CI_ONLY_NAMES, COMPOSITES, NPM_TEST_VARIANTS } from './npm-test-rows.ts';
import type { ServerVariant } from './types.ts';
import { VARIANTS } from './variants.ts';

const tagging = (name: string): ServerVariant => ({
  name,
  description: name,
  wrap: (app) => async (req) => {
    const res = await app(req);
    return { ...res, headers: { ...res.headers, [`x-${name}`]: '1' } };
  },
});
const base = (name: string): ServerVariant => ({
  name,
  description: name,
  wrap: (_app, ctx) => {
    const app = ctx.reference();
    return async (req) => ({ ...(await app(req)), headers: { [`x-${name}`]: '1' } });
  },
});

describe('composite conformant servers', () => {
  it('puts each app-building variant innermost, one a composite, and deals the rest round them', () => {
    const made = composites([tagging('a'), base('b1'), tagging('c'), base('b2'), tagging('d')]);
    expect(made.map((m) => m.name)).toEqual(['together: b1 + a + d', 'together: b2 + c']);
  });

  it('applies every part it names', async () => {
    const [made] = composites([tagging('a'), base('b'), tagging('c')]);
    const apiKey = 'k'.repeat(12);
    const reference = () => createReferenceApp({ apiKey });
    const app: Handler = (made as ServerVariant).wrap(reference(), {
      apiKey,
      clock: () => new Date(),
      reference,
    });
    const res = await app({
      method: 'GET',
      path: '/v1/pets',
      query: new URLSearchParams(),
      headers: { authorization: `Bearer ${apiKey}` },
      body: '',
    } as never);
    expect(Object.keys(res.headers ?? {})).toEqual(expect.arrayContaining(['x-a', 'x-b', 'x-c']));
  });

  it('npm test or CI judges every variant before the sunset alone, and CI each composite', () => {
    const judged = new Set([...NPM_TEST_VARIANTS.map((v) => v.name), ...CI_ONLY_NAMES]);
    const beforeSunset = VARIANTS.filter((v) => !v.today).map((v) => v.name);
    expect(beforeSunset.filter((name) => !judged.has(name))).toEqual([]);
    expect(COMPOSITES.length).toBeGreaterThan(0);
    expect(COMPOSITES.filter((c) => !CI_ONLY_NAMES.includes(c.name))).toEqual([]);
  });
});
