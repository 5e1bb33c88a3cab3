import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/checks/catalog.ts';
import { exclusionReason } from '../../src/checks/selection.ts';

const all = { only: [], skip: [], writes: true };

describe('check selection', () => {
  it('selects everything by default', () => {
    expect(CATALOG.filter((c) => exclusionReason(c.id, all))).toEqual([]);
  });

  it('keeps --only prefixes and drops --skip prefixes', () => {
    const options = { only: ['AUTH', 'LIST-LIMIT'], skip: ['AUTH-GET'], writes: true };
    const selected = CATALOG.filter((c) => !exclusionReason(c.id, options)).map((c) => c.id);
    expect(selected).toContain('AUTH-LIST-NO-KEY');
    expect(selected).toContain('LIST-LIMIT-MAX');
    expect(selected).not.toContain('AUTH-GET-NO-KEY');
    expect(selected).not.toContain('LIST-200-PETS');
    expect(exclusionReason('AUTH-GET-NO-KEY', options)).toBe('left out by --skip');
  });

  it('a read-only run drops every check that writes', () => {
    const readOnly = { ...all, writes: false };
    for (const check of CATALOG)
      expect(exclusionReason(check.id, readOnly) !== undefined).toBe(check.writes);
  });
});
