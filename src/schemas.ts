import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isLosslessNumber, type LosslessNumber } from 'lossless-json';
import { quote } from './quote.ts';
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

/** One schema violation, as data: where in the instance, what is wrong, and the value found there. */
export interface SchemaViolation {
  instancePath: string;
  message: string;
  /** The offending value as shown to a reader (strings quoted and cut), when it is a plain value. */
  value?: string;
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
  // The files are the package's own and test/schemas.test.ts checks them against the
  // meta-schema: compiling that for every run cost ~45 ms of start-up.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    validateSchema: false,
  });
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

/** The value at a JSON Pointer (as ajv's instancePath writes it), or undefined. */
function at(value: unknown, pointer: string): unknown {
  let here = value;
  for (const raw of pointer.split('/').slice(1)) {
    if (here === null || typeof here !== 'object') return undefined;
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

// Keywords about a value itself; others (required, additionalProperties) are about its members.
const ABOUT_MEMBERS = new Set(['required', 'additionalProperties', 'dependentRequired']);

/**
 * The value a violation is about, as a reader should see it: numbers as written on the wire
 * (from `exact`, which keeps their text), strings quoted and short, objects and arrays named.
 */
function shownValue(error: ErrorObject, value: unknown, exact: unknown): string | undefined {
  if (ABOUT_MEMBERS.has(error.keyword)) return undefined;
  const found = at(value, error.instancePath);
  if (typeof found === 'string') return quote(found, 40);
  if (typeof found === 'number') {
    const written = at(exact, error.instancePath);
    return isLosslessNumber(written) ? (written as LosslessNumber).value : String(found);
  }
  if (typeof found === 'boolean' || found === null) return String(found);
  if (Array.isArray(found)) return 'an array';
  return found === undefined ? undefined : 'an object';
}

function toViolation(error: ErrorObject, value: unknown, exact: unknown): SchemaViolation {
  const shown = shownValue(error, value, exact);
  return {
    instancePath: error.instancePath || '/',
    message: error.message ?? error.keyword,
    ...(shown === undefined ? {} : { value: shown }),
  };
}

/**
 * Validates a value against one of the contract's schemas. `exact`, the same value with numbers
 * as written (lossless-json), lets violations show a number the JS value would have rounded.
 */
export function validate(name: SchemaName, value: unknown, exact?: unknown): ValidationResult {
  const fn = validators().get(name);
  if (!fn) throw new Error(`unknown schema ${name}`);
  const valid = timed('validation', () => fn(value) as boolean);
  if (valid) return { valid, violations: [] };
  return { valid, violations: (fn.errors ?? []).map((e) => toViolation(e, value, exact)) };
}

/** `instancePath message (value); ...`, the form failures quote, e.g. `/status must be >= 100 (it is 0)`. */
export function describeViolations(violations: SchemaViolation[]): string {
  return violations
    .map(
      (v) => `${v.instancePath} ${v.message}${v.value === undefined ? '' : ` (it is ${v.value})`}`,
    )
    .join('; ');
}
