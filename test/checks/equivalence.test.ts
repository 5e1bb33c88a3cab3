import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clauseCoverage } from '../../src/checks/coverage.ts';
import { equivalenceCheck } from '../../src/checks/equivalence.ts';
import { FAMILIES, type Family, RELATIONS } from '../../src/checks/equivalence-table.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const ctx = { petId: '12', runId: 'r', host: 'petstore.example:8443' };

describe('equivalent requests (docs/equivalences.md)', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'equivalences.md'), 'utf8');

  it.each(RELATIONS.map((r) => [r.id, r]))('%s has a row naming its check', (id, relation) => {
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${id}\` |`));
    expect(row, `no row for ${id}`).toBeDefined();
    expect(row).toContain(`EQUIV-${relation.family}`);
  });

  it('every family has a relation, and every relation forms for the valid key and without it', () => {
    for (const family of Object.keys(FAMILIES) as Family[])
      expect(
        RELATIONS.some((r) => r.family === family),
        family,
      ).toBe(true);
    for (const relation of RELATIONS) {
      const forms = relation.forms(ctx);
      expect(forms.length, relation.id).toBeGreaterThan(0);
      for (const form of forms) {
        const withKey = JSON.stringify(form.request('the-key'));
        expect(withKey, `${relation.id}: ${form.label}`).toContain('the-key');
        expect(JSON.stringify(form.request(undefined)), form.label).not.toContain('the-key');
      }
    }
  });

  it('a refusal an RFC allows warns; another status fails', () => {
    const check = equivalenceCheck('FRAMING');
    const meaning = { op: 'createPet', pet: { name: 'Rex', categoryId: 3 } } as const;
    const answer = (status: number) => ({
      relation: 'chunked-body',
      form: 'chunked',
      key: 'valid' as const,
      meaning,
      ex: exchange({ status, json: errorBody(status) }, 'POST'),
    });
    expect(check.judge({ answers: [answer(411)] }).verdict).toBe('warn');
    expect(check.judge({ answers: [answer(400)] }).verdict).toBe('fail');
  });

  it("counts each relation's requests in the coverage, every relation named", () => {
    const check = { clause: { id: 'auth401' }, verdict: 'pass' as const };
    const coverage = clauseCoverage([
      { ...check, covered: { 'auth-scheme-case': 9 } },
      { ...check, covered: { 'auth-scheme-case': 1, 'json-escapes': 3 } },
    ]);
    expect(coverage.equivalences?.['auth-scheme-case']).toBe(10);
    expect(coverage.equivalences?.['json-escapes']).toBe(3);
    expect(Object.keys(coverage.equivalences ?? {}).sort()).toEqual(
      RELATIONS.map((r) => r.id).sort(),
    );
  });
});
