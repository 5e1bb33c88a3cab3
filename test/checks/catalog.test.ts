import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/base/paths.ts';
import { collectSuiteTestNames } from '../../src/bridge/run-suites.ts';
import { CATALOG } from '../../src/checks/catalog.ts';
import { CLAUSES } from '../../src/checks/clauses.ts';
import { CONTRACT_DOC } from '../../src/contract/contract.ts';

const DUMMY_TARGET = {
  baseUrl: 'http://127.0.0.1:9/v1',
  apiKey: 'unused',
  timeoutMs: 1000,
  maxDurationMs: 60_000,
  seed: 1,
  runs: 1,
  today: '2026-01-01',
  todaySource: 'flag' as const,
  sunsetWarnDays: 180,
  listLagMs: 6000,
  only: [],
  skip: [],
  writes: true,
  limits: {},
  runId: 'collect',
  maxBodyBytes: 1024,
};

describe('catalog', () => {
  it('has unique, well-formed ids and complete metadata', () => {
    const ids = CATALOG.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of CATALOG) {
      expect(check.id).toMatch(/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/);
      expect(check.title.length).toBeGreaterThan(10);
      expect(Object.values(CLAUSES)).toContain(check.clause);
      expect(['MUST', 'SHOULD', 'MAY', 'RFC']).toContain(check.level);
      // An RFC-level check names the RFC clauses behind it; no other check does.
      expect(check.level === 'RFC', check.id).toBe(/^RFC \d+ /.test(check.rfc ?? ''));
    }
  });

  it('every clause of the contract is enforced by at least one check', () => {
    const enforced = new Set(CATALOG.map((c) => c.clause.id));
    const unenforced = Object.keys(CLAUSES).filter((id) => !enforced.has(id));
    expect(unenforced).toEqual([]);
  });

  it('every check has exactly one suite test named [ID] title, and every suite test names a check', async () => {
    const names = await collectSuiteTestNames(DUMMY_TARGET);
    const expected = CATALOG.map((c) => `[${c.id}] ${c.title}`);
    expect([...names].sort()).toEqual([...expected].sort());
  });

  it('docs/contract.md explains every clause under its id, quoting it as the catalog does', () => {
    const doc = readFileSync(join(PACKAGE_ROOT, CONTRACT_DOC), 'utf8');
    const sections = doc.split(/^### /m).slice(1);
    const byId = new Map(sections.map((s) => [/^`([A-Za-z0-9]+)`/.exec(s)?.[1], s]));
    for (const clause of Object.values(CLAUSES)) {
      const section = byId.get(clause.id);
      expect(section, `no section for clause ${clause.id}`).toBeDefined();
      expect(section).toContain(`> ${clause.quote}\n`);
      expect(section).toMatch(/- Read as: /);
    }
    expect([...byId.keys()].sort()).toEqual(Object.keys(CLAUSES).sort());
  });

  it('quotes are short phrases: fragments joined by [...] and no fragment a whole paragraph', () => {
    for (const clause of Object.values(CLAUSES)) {
      for (const fragment of clause.quote.split(' [...] ')) {
        expect(fragment.length, clause.id).toBeGreaterThan(0);
        expect(fragment.length, clause.id).toBeLessThanOrEqual(120);
      }
    }
  });
});
