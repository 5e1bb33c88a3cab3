import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CONTRACT_VERSION,
  GET_PET_SUNSET,
  INT64,
  LIMIT,
  PET_STATUSES,
  VERSION_PREFIX,
} from '../../src/contract/contract.ts';
import { loadSchemaFiles, SCHEMA_DIR, SCHEMA_IDS } from '../../src/contract/schemas.ts';

// biome-ignore lint/suspicious/noExplicitAny: walking a parsed document whose shape the assertions check
type Json = Record<string, any>;
const openapi = parse(readFileSync(join(SCHEMA_DIR, 'openapi.yaml'), 'utf8')) as Json;
const schemas = new Map(loadSchemaFiles().map((s) => [s.$id as string, s as Json]));
const schema = (name: keyof typeof SCHEMA_IDS): Json => schemas.get(SCHEMA_IDS[name]) as Json;
const param = (name: string): Json =>
  openapi.paths['/pets'].get.parameters.find((p: Json) => p.name === name);

describe('the constants in src/contract/contract.ts agree with the schema files', () => {
  it('every schema file is JSON Schema 2020-12 with an $id', () => {
    expect(schemas.size).toBe(5);
    for (const s of schemas.values()) {
      expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(s.$id).toMatch(/^https:\/\/.+\.schema\.json$/);
    }
  });

  it('PetStatus values', () => {
    expect(schema('petStatus').enum).toEqual([...PET_STATUSES]);
  });

  it('limit minimum, maximum and default in openapi.yaml', () => {
    expect(param('limit').schema).toMatchObject({
      type: 'integer',
      minimum: LIMIT.min,
      maximum: LIMIT.max,
      default: LIMIT.default,
    });
  });

  it('the status parameter is a PetStatus', () => {
    expect(param('status').schema.$ref).toBe('#/components/schemas/PetStatus');
    expect(openapi.components.schemas.PetStatus.$ref).toBe('./pet-status.schema.json');
  });

  it('version, prefix and sunset in openapi.yaml', () => {
    expect(openapi.openapi).toMatch(/^3\.1\./);
    expect(openapi.info.version).toBe(CONTRACT_VERSION);
    expect(openapi.servers[0].variables.baseUrl.default.endsWith(VERSION_PREFIX)).toBe(true);
    const getPet = openapi.paths['/pets/{petId}'].get;
    expect(getPet.deprecated).toBe(true);
    expect(getPet['x-sunset']).toBe(GET_PET_SUNSET);
    expect(getPet.description).toContain(GET_PET_SUNSET);
  });

  it('int64 bounds of id and categoryId', () => {
    for (const field of [schema('newPet').properties.categoryId, schema('pet').properties.id]) {
      expect(field.format).toBe('int64');
      expect(BigInt(field.minimum)).toBe(INT64.min);
      // JSON numbers this large round to 2^63; the bound is written exactly in the file.
      expect(field.maximum).toBe(Number(INT64.max));
    }
  });

  it('openapi.yaml describes the three operations with bearer security', () => {
    expect(openapi.paths['/pets'].get.operationId).toBe('listPets');
    expect(openapi.paths['/pets'].post.operationId).toBe('createPet');
    expect(openapi.paths['/pets/{petId}'].get.operationId).toBe('getPet');
    expect(openapi.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(openapi.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(openapi.paths['/pets'].get.responses)).toEqual(['200', '401']);
    expect(Object.keys(openapi.paths['/pets'].post.responses)).toEqual(['201', '400', '401']);
    expect(Object.keys(openapi.paths['/pets/{petId}'].get.responses)).toEqual([
      '200',
      '401',
      '404',
    ]);
  });

  it('NewPet requires name and categoryId; Error requires code, message, status', () => {
    expect(schema('newPet').required).toEqual(['name', 'categoryId']);
    expect(schema('error').required).toEqual(['code', 'message', 'status']);
  });
});
