import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONG_TIER } from '../long-tier.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the long tier (test/long-tier.ts)', () => {
  it('names files that exist: a renamed file would otherwise leave the tier silently', () => {
    expect(LONG_TIER.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('is run by .ci/run right after npm test', () => {
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts['test:long']).toContain('vitest.long.config.ts');
    expect(ci.indexOf('npm run test:long')).toBeGreaterThan(ci.indexOf('npm test'));
  });
});
