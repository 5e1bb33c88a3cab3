import { describe, expect, it } from 'vitest';
import { finding } from '../../src/checks/finding.ts';
import {
  emptyModel,
  fetchedProblem,
  type ModelPet,
  pageProblem,
  RUN_MODEL,
  reusedId,
} from '../../src/checks/model.ts';
import { exchange } from '../support/exchanges.ts';

const rex: ModelPet = {
  id: '9007199254740993',
  name: 'pc-run-m1.1-Rex',
  categoryId: 3n,
  status: 'sold',
};
const plain: ModelPet = { id: '4', name: 'pc-run-m1.2-', categoryId: -1n };
const model = () => {
  const m = emptyModel();
  m.pets.set(rex.id, rex);
  m.pets.set(plain.id, plain);
  return m;
};
const page = (body: string) => exchange({ status: 200, body });

describe('the model of the pets a run created', () => {
  it('judges only its own pets in a page, whole, in any order, beside pets of others', () => {
    const others = '{"id":1,"name":"someone else","categoryId":1}';
    const whole = `[${others},{"id":4,"name":"pc-run-m1.2-","categoryId":-1,"status":"pending"},{"id":9007199254740993,"name":"pc-run-m1.1-Rex","categoryId":3,"status":"sold"}]`;
    expect(pageProblem(model(), page(whole))).toBeUndefined();
    expect(pageProblem(model(), page('[]'))).toBeUndefined();
  });

  it('fails a pet of the run shown incomplete, or under a second id; ids compared exactly', () => {
    const blank = '[{"id":9007199254740993,"name":"","categoryId":3,"status":"sold"}]';
    expect(String(pageProblem(model(), page(blank)))).toContain(
      'pet 9007199254740993 listed other than created: name',
    );
    // One beyond 2^53: a double would have made it the same id.
    const rounded =
      '[{"id":9007199254740992,"name":"pc-run-m1.1-Rex","categoryId":3,"status":"sold"}]';
    expect(String(pageProblem(model(), page(rounded)))).toContain(
      'listed under id 9007199254740992 too',
    );
  });

  it('holds getPet to the pet created, and a second creation to a new id', () => {
    expect(
      fetchedProblem(
        rex,
        page('{"id":9007199254740993,"name":"pc-run-m1.1-Rex","categoryId":3,"status":"sold"}'),
      ),
    ).toBeUndefined();
    expect(
      String(
        fetchedProblem(
          rex,
          page('{"id":9007199254740993,"name":"Rex","categoryId":3,"status":"sold"}'),
        ),
      ),
    ).toContain('name');
    expect(
      reusedId(model(), exchange({ status: 201, body: '{"id":4,"name":"x","categoryId":1}' }))
        ?.code,
    ).toBe('id-reused');
  });

  it('RUN-MODEL fails with the whole sequence as evidence (its curl lines replay it), even past a 429', () => {
    const limited = exchange({ status: 429, json: { code: 'slow', message: 'm', status: 429 } });
    const bad = page('[]');
    const judgement = RUN_MODEL.judge({
      commands: 'batch(...)',
      ran: 2,
      violation: {
        label: 'listPets',
        problem: finding('partial-pet', {}, 'pet 1 listed other than created'),
        ex: bad,
        script: [limited, bad],
      },
      notes: [],
    });
    expect(judgement.verdict).toBe('fail');
    expect(judgement.message).toBe('after 2 commands, listPets: pet 1 listed other than created');
    expect(judgement.evidence).toEqual([limited, bad]);
    expect(
      RUN_MODEL.judge({ commands: 'c', ran: 3, notes: ['pet 4 was not found later (404)'] })
        .verdict,
    ).toBe('warn');
  });
});
