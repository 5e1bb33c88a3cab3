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
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${id}\` `));
    expect(row, `no row for ${id}`).toBeDefined();
    expect(row).toContain(`EQUIV-${relation.family}`);
    // The row says when the forms are one request by the RFC alone (they warn outside certify).
    expect(row?.startsWith(`| \`${id}\` (RFC alone) |`)).toBe(relation.basis === 'rfc');
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

  it('an integer written with an exponent: 201 with the value it denotes or a quiet 400 pass, another value fails', () => {
    const check = equivalenceCheck('JSON');
    const meaning = { op: 'createPet', pet: { name: 'Rex', categoryId: 100n } } as const;
    const answer = (status: number, json: unknown) => ({
      relation: 'json-integral-numbers',
      form: 'categoryId 1e2',
      key: 'valid' as const,
      meaning,
      ex: exchange({ status, json }, 'POST'),
    });
    const pet = (categoryId: number) => ({ id: 7, name: 'Rex', categoryId });
    expect(check.judge({ answers: [answer(201, pet(100))] }).verdict).toBe('pass');
    expect(check.judge({ answers: [answer(201, pet(100))] }).message).toMatch(
      /each form served as the request it means/,
    );
    expect(check.judge({ answers: [answer(400, errorBody(400))] }).verdict).toBe('pass');
    // A quiet refusal passes, and the pass says it was refused, not served.
    expect(check.judge({ answers: [answer(400, errorBody(400))] }).message).toMatch(
      /served as the request it means or refused as allowed \(400\)/,
    );
    expect(check.judge({ answers: [answer(201, pet(1))] }).verdict).toBe('fail');
    expect(check.judge({ answers: [answer(422, errorBody(422))] }).verdict).toBe('fail');
  });

  it('an HTTP/1.0 request the server closes without an answer rests on the RFC alone; a 2xx without the key fails, a hang fails', () => {
    const check = equivalenceCheck('FRAMING');
    const meaning = { op: 'listPets', limit: 2 } as const;
    const answer = (key: 'valid' | 'none', ex: ReturnType<typeof exchange>) => ({
      relation: 'http-1.0',
      form: 'GET /pets?limit=2 HTTP/1.0',
      key,
      meaning,
      ex,
    });
    const closed = exchange({ error: 'other side closed', code: 'UND_ERR_SOCKET' });
    const hung = exchange({ error: 'no answer within 5000 ms', code: 'TIMEOUT' });
    for (const key of ['valid', 'none'] as const)
      expect(check.judge({ answers: [answer(key, closed)] })).toMatchObject({
        verdict: 'fail',
        rfc: expect.stringContaining('RFC 9112 2.3'),
      });
    expect(check.judge({ answers: [answer('none', hung)] }).rfc).toBeUndefined();
    const served = check.judge({ answers: [answer('none', exchange({ status: 200, json: [] }))] });
    expect(served).toMatchObject({ verdict: 'fail', code: 'served-without-key' });
    expect(served.rfc).toBeUndefined();
  });

  it('with the key, a form one request by an RFC alone fails as that RFC (certify), a form the contract writes fails outright', () => {
    const check = equivalenceCheck('CREDENTIALS');
    const meaning = { op: 'listPets', limit: 3 } as const;
    const answer = (relation: string, key: 'valid' | 'none', status: number) => ({
      relation,
      form: 'bearer K',
      key,
      meaning,
      ex: exchange({ status, json: status === 200 ? [] : errorBody(status) }),
    });
    const rfcOnly = check.judge({ answers: [answer('auth-scheme-case', 'valid', 401)] });
    expect(rfcOnly.verdict).toBe('fail');
    expect(rfcOnly.rfc).toContain('RFC 9110 11.1');
    expect(rfcOnly.message).toContain('fails under certify');
    // Served without the key: the contract's 401, whatever the relation.
    const served = check.judge({
      answers: [answer('auth-scheme-case', 'valid', 401), answer('auth-scheme-case', 'none', 200)],
    });
    expect(served.code).toBe('served-without-key');
    expect(served.rfc).toBeUndefined();
    const json = equivalenceCheck('JSON').judge({
      answers: [
        {
          relation: 'json-whitespace',
          form: 'spaces',
          key: 'valid',
          meaning: { op: 'createPet', pet: { name: 'Rex', categoryId: 3 } },
          ex: exchange({ status: 400, json: errorBody(400) }, 'POST'),
        },
      ],
    });
    expect(json.verdict).toBe('fail');
    expect(json.rfc).toBeUndefined();
  });

  it('without the key, a form of an RFC alone refused as a request not served fails as that RFC; served or 5xx fails outright', () => {
    const check = equivalenceCheck('URI');
    const meaning = { op: 'listPets', limit: 3 } as const;
    const noKey = (relation: string, status: number) => ({
      relation,
      form: 'f',
      key: 'none' as const,
      meaning,
      ex: exchange({ status, json: status < 300 ? [] : errorBody(status) }),
    });
    const refused = check.judge({ answers: [noKey('uri-pct-unreserved-path', 404)] });
    expect(refused.verdict).toBe('fail');
    expect(refused.rfc).toContain('RFC 3986');
    for (const status of [200, 500]) {
      const judged = check.judge({ answers: [noKey('uri-pct-unreserved-path', status)] });
      expect([judged.verdict, judged.rfc]).toEqual(['fail', undefined]);
    }
    // A relation the contract's own words make: 401 owed outright.
    const written = check.judge({ answers: [noKey('uri-pct-unreserved-query', 404)] });
    expect([written.verdict, written.rfc]).toEqual(['fail', undefined]);
  });

  it('marks as resting on an RFC alone only relations whose forms the contract does not write', () => {
    const rfc = RELATIONS.filter((r) => r.basis === 'rfc').map((r) => r.id);
    expect(rfc).toContain('uri-pct-unreserved-path');
    expect(rfc).toContain('auth-scheme-case');
    for (const id of [
      'json-whitespace',
      'json-escapes',
      'uri-pct-unreserved-query',
      'media-charset',
    ])
      expect(rfc).not.toContain(id);
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
