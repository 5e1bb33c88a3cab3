import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/checks/catalog.ts';
import { FAULTS } from './catalog.ts';

// The matrix test proves every fault is caught by the checks it names; this one proves every
// MUST check has a broken server of its own: a fault that names it alone, so adding a check
// without the server that shows it can fail is a failing test, not a review comment.
describe('every MUST check has a fault that it alone catches', () => {
  const alone = new Set(FAULTS.filter((f) => f.caughtBy.length === 1).map((f) => f.caughtBy[0]));
  it.each(CATALOG.filter((c) => c.level === 'MUST').map((c) => [c.id]))('%s', (id) => {
    expect(alone.has(id), `no fault in test/faults/ names ${id} as its only catcher`).toBe(true);
  });

  it('every check a fault names exists in the catalog', () => {
    const ids = new Set(CATALOG.map((c) => c.id));
    const unknown = FAULTS.flatMap((f) => f.caughtBy.filter((id) => !ids.has(id)));
    expect(unknown).toEqual([]);
  });
});
