import { describe, expect, it } from 'vitest';
import { createdPets, latencyByOperation, operationOf } from '../../src/report/stats.ts';
import { exchange } from '../support/exchanges.ts';

const timed = (ms: number, method = 'GET', url = 'http://h/v1/pets', status = 200) => ({
  ...exchange({ status, json: [] }, method, url),
  durationMs: ms,
});

describe('run statistics', () => {
  it('names the operation of a request', () => {
    expect(operationOf(timed(1))).toBe('listPets');
    expect(operationOf(timed(1, 'POST'))).toBe('createPet');
    expect(operationOf(timed(1, 'GET', 'http://h/v1/pets/7'))).toBe('getPet');
    expect(operationOf(timed(1, 'DELETE', 'http://h/v1/pets/7'))).toBeUndefined();
  });

  it('median and p95 per operation, answered requests only', () => {
    const list = Array.from({ length: 20 }, (_, i) => timed(i + 1));
    const noAnswer = { ...exchange({ error: 'no answer within 5 ms' }), durationMs: 999 };
    expect(latencyByOperation([...list, noAnswer])).toEqual({
      listPets: { requests: 20, medianMs: 10, p95Ms: 19 },
    });
  });

  it('counts the pets created', () => {
    expect(
      createdPets([
        timed(1, 'POST', 'http://h/v1/pets', 201),
        timed(1, 'POST', 'http://h/v1/pets', 400),
        timed(1),
      ]),
    ).toBe(1);
  });
});
