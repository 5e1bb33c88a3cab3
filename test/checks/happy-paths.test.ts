import { describe, expect, it } from 'vitest';
import { CREATE_201_PET } from '../../src/checks/create-pet.ts';
import { GET_200_PET } from '../../src/checks/get-pet.ts';
import { LIST_200_PETS } from '../../src/checks/list-pets.ts';
import { exchange } from '../support/exchanges.ts';

const pet = { id: 7, name: 'Rex', categoryId: 3, status: 'sold' };

describe('LIST-200-PETS', () => {
  it('passes a bare array of Pets', () => {
    expect(LIST_200_PETS.judge(exchange({ status: 200, json: [pet] })).verdict).toBe('pass');
  });
  it('fails an envelope, an invalid Pet, and a wrong status', () => {
    expect(LIST_200_PETS.judge(exchange({ status: 200, json: { data: [pet] } })).message).toContain(
      'envelope',
    );
    expect(
      LIST_200_PETS.judge(exchange({ status: 200, json: [{ ...pet, id: '7' }] })).message,
    ).toContain('/0/id must be integer');
    expect(LIST_200_PETS.judge(exchange({ status: 500, json: [] })).verdict).toBe('fail');
  });
});

describe('CREATE-201-PET', () => {
  const sent = { name: 'Rex', categoryId: 3, status: 'sold' };
  it('passes a 201 Pet echoing the fields', () => {
    expect(CREATE_201_PET.judge({ sent, ex: exchange({ status: 201, json: pet }) }).verdict).toBe(
      'pass',
    );
  });
  it('does not require status back when it was not sent', () => {
    const judgement = CREATE_201_PET.judge({
      sent: { name: 'Rex', categoryId: 3 },
      ex: exchange({ status: 201, json: { ...pet, status: 'available' } }),
    });
    expect(judgement.verdict).toBe('pass');
  });
  it('fails a 200, a missing id, and a field not echoed', () => {
    expect(CREATE_201_PET.judge({ sent, ex: exchange({ status: 200, json: pet }) }).message).toBe(
      'expected 201, got 200',
    );
    expect(
      CREATE_201_PET.judge({ sent, ex: exchange({ status: 201, json: { ...pet, id: undefined } }) })
        .message,
    ).toContain("required property 'id'");
    expect(
      CREATE_201_PET.judge({ sent, ex: exchange({ status: 201, json: { ...pet, name: 'rex' } }) })
        .message,
    ).toContain('name: expected "Rex", got "rex"');
  });
});

describe('GET-200-PET', () => {
  it('passes the same pet, fails another', () => {
    expect(
      GET_200_PET.judge({ created: pet, ex: exchange({ status: 200, json: pet }) }).verdict,
    ).toBe('pass');
    const other = GET_200_PET.judge({
      created: pet,
      ex: exchange({ status: 200, json: { ...pet, id: 8 } }),
    });
    expect(other.message).toContain('id: expected 7, got 8');
    expect(
      GET_200_PET.judge({
        created: pet,
        ex: exchange({ status: 404, json: { code: 'x', message: 'm', status: 404 } }),
      }).verdict,
    ).toBe('fail');
  });
});
