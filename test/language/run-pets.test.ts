import { describe, expect, it } from 'vitest';
import type { HarnessContext } from '../../src/bridge/context.ts';
import { notePets } from '../../src/language/run-pets.ts';
import { SuiteRun } from '../../src/language/suite-run.ts';
import { exchange } from '../support/exchanges.ts';

const ctx = (runId: string) => ({ runId, baseUrl: 'http://h/v1', limits: {} }) as HarnessContext;
/** The registry of a new run's pets. */
const runPets = (context: HarnessContext) => new SuiteRun(context).pets;
const pet = (id: number | string, name = 'Rex', status = 'sold') =>
  `{"id":${id},"name":"${name}","categoryId":9007199254740993,"status":"${status}"}`;
const created = (body: string) =>
  exchange({ status: 201, body, contentType: 'application/json' }, 'POST', 'http://h/v1/pets');
const listed = (...bodies: string[]) =>
  exchange({ status: 200, body: `[${bodies.join(',')}]`, contentType: 'application/json' });
const fetched = (id: number, body: string) =>
  exchange({ status: 200, body, contentType: 'application/json' }, 'GET', `http://h/v1/pets/${id}`);

describe('the run-wide registry of created pets', () => {
  it('notes every creation and finds an id given twice, compared exactly', () => {
    const pets = runPets(ctx('ids'));
    notePets(pets, created(pet('9007199254740993')));
    notePets(pets, created(pet('9007199254740992')));
    expect(pets.reused).toEqual([]);
    notePets(pets, created(pet('9007199254740993')));
    expect(pets.creations).toBe(3);
    expect(pets.reused.map((r) => r.id)).toEqual(['9007199254740993']);
  });

  it('compares every sighting in getPet and listPets with what createPet returned', () => {
    const pets = runPets(ctx('sightings'));
    notePets(pets, created(pet(1, 'a  b ')));
    notePets(pets, fetched(1, pet(1, 'a  b ')));
    notePets(pets, listed(pet(1, 'a b'), pet(2)));
    expect(pets.sightings).toBe(2);
    expect(pets.mismatches).toHaveLength(1);
    expect(pets.mismatches[0]).toMatchObject({ id: '1', where: 'a listPets page' });
    expect(pets.mismatches[0]?.differences.join()).toContain('name: expected "a  b ", got "a b"');
  });

  it('does not judge a status a pet created without one gained later', () => {
    const pets = runPets(ctx('status'));
    notePets(pets, created('{"id":5,"name":"n","categoryId":1}'));
    notePets(pets, listed(pet(5, 'n', 'available').replace('9007199254740993', '1')));
    expect(pets).toMatchObject({ sightings: 1, mismatches: [] });
  });

  it('keeps runs apart: each run holds its own', () => {
    const one = new SuiteRun(ctx('one'));
    notePets(one.pets, created(pet(1)));
    expect(one.pets.creations).toBe(1);
    expect(new SuiteRun(ctx('one')).pets.creations).toBe(0);
  });
});
