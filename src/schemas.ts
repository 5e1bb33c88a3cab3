import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { PACKAGE_ROOT } from './runner/paths.ts';
import { timed } from './stopwatch.ts';

/** Folder holding the contract's JSON Schema files and openapi.yaml. */
export const SCHEMA_DIR = join(PACKAGE_ROOT, 'schemas');

const SCHEMA_BASE = 'https://petstore.example/schemas/';

/** The schemas of the contract, by short name. */
export const SCHEMA_IDS = {
  petStatus: `${SCHEMA_BASE}pet-status.schema.json`,
  newPet: `${SCHEMA_BASE}new-pet.schema.json`,
  pet: `${SCHEMA_BASE}pet.schema.json`,
  pets: `${SCHEMA_BASE}pets.schema.json`,
  error: `${SCHEMA_BASE}error.schema.json`,
} as const;
export type SchemaName = keyof typeof SCHEMA_IDS;

/** One schema violation, as data: where in the instance, and what is wrong. */
export interface SchemaViolation {
  instancePath: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  violations: SchemaViolation[];
}

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** Reads every `*.schema.json` in the schema folder. */
export function loadSchemaFiles(dir = SCHEMA_DIR): Record<string, unknown>[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.schema.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>);
}

/** SHA-256 over every schema file (and openapi.yaml), in name order. */
export function schemasHash(dir = SCHEMA_DIR): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex');
}

let compiled: Map<SchemaName, ValidateFunction> | undefined;

// Compiled once per process: Ajv compilation is the expensive part, validation is cheap.
function validators(): Map<SchemaName, ValidateFunction> {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  addFormats(ajv);
  for (const schema of loadSchemaFiles()) ajv.addSchema(schema);
  compiled = new Map();
  for (const [name, id] of Object.entries(SCHEMA_IDS) as [SchemaName, string][]) {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`schema ${id} is missing from ${SCHEMA_DIR}`);
    compiled.set(name, validate);
  }
  return compiled;
}

/** Compiles every schema now rather than at the first validation (a run does it before its first request). */
export function compileSchemas(): void {
  validators();
}

function toViolation(error: ErrorObject): SchemaViolation {
  return { instancePath: error.instancePath || '/', message: error.message ?? error.keyword };
}

/** Validates a value against one of the contract's schemas. */
export function validate(name: SchemaName, value: unknown): ValidationResult {
  const fn = validators().get(name);
  if (!fn) throw new Error(`unknown schema ${name}`);
  const valid = timed('validation', () => fn(value) as boolean);
  return { valid, violations: valid ? [] : (fn.errors ?? []).map(toViolation) };
}

/** `instancePath message; ...`, the form failures quote. */
export function describeViolations(violations: SchemaViolation[]): string {
  return violations.map((v) => `${v.instancePath} ${v.message}`).join('; ');
}
