import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { isLosslessNumber, type LosslessNumber } from 'lossless-json';
import { shownNumber } from '../base/long-number.ts';
import { quote, quoteNumber } from '../base/quote.ts';
import { timed } from '../base/stopwatch.ts';
import { compileValidators } from './schema-compiler.ts';
import { type SchemaName, schemaFilesHash } from './schema-files.ts';
import { SCHEMA_FILES_SHA256, VALIDATORS } from './schemas.generated.ts';

export {
  loadSchemaFiles,
  SCHEMA_DIR,
  SCHEMA_IDS,
  type SchemaName,
  schemasHash,
} from './schema-files.ts';

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

let compiled: Map<SchemaName, ValidateFunction> | undefined;

/**
 * The validators of the schema files: the generated ones (no ajv at run time) while they match
 * the files, else compiled by ajv, once per process.
 */
function validators(): Map<SchemaName, ValidateFunction> {
  if (compiled) return compiled;
  const current = SCHEMA_FILES_SHA256 === schemaFilesHash();
  compiled = current
    ? new Map(Object.entries(VALIDATORS) as [SchemaName, ValidateFunction][])
    : compileValidators();
  return compiled;
}

/** Makes the validators ready now rather than at the first validation (a run does it before its first request). */
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
    return isLosslessNumber(written)
      ? shownNumber(written as LosslessNumber)
      : quoteNumber(String(found));
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
  const item = ITEMS_OF[name];
  if (item && Array.isArray(value)) return validateItems(item, value, exact);
  const fn = validatorOf(name);
  const valid = timed('validation', () => fn(value) as boolean);
  if (valid) return { valid, violations: [] };
  return { valid, violations: (fn.errors ?? []).map((e) => toViolation(e, value, exact)) };
}

function validatorOf(name: SchemaName): ValidateFunction {
  const fn = validators().get(name);
  if (!fn) throw new Error(`unknown schema ${name}`);
  return fn;
}

/**
 * The schemas that are an array of another's items (pets.schema.json: `items` is a Pet). Such an
 * array is validated item by item: ajv's code for it joins each item's errors onto all before
 * (`concat`, quadratic), so a hostile page of a million wrong items held validation for
 * minutes; and a reader needs the first few wrong items, not a million.
 */
const ITEMS_OF: Partial<Record<SchemaName, SchemaName>> = { pets: 'pet' };
const WRONG_ITEMS_SHOWN = 20;

function validateItems(item: SchemaName, value: unknown[], exact: unknown): ValidationResult {
  const fn = validatorOf(item);
  const violations: SchemaViolation[] = [];
  let wrong = 0;
  timed('validation', () => {
    for (let i = 0; i < value.length && wrong < WRONG_ITEMS_SHOWN; i++) {
      if (fn(value[i])) continue;
      wrong++;
      for (const e of fn.errors ?? [])
        violations.push(
          toViolation({ ...e, instancePath: `/${i}${e.instancePath}` }, value, exact),
        );
    }
  });
  return { valid: wrong === 0, violations };
}

/** `instancePath message (value); ...`, the form failures quote, e.g. `/status must be >= 100 (it is 0)`. */
export function describeViolations(violations: SchemaViolation[]): string {
  return violations
    .map(
      (v) => `${v.instancePath} ${v.message}${v.value === undefined ? '' : ` (it is ${v.value})`}`,
    )
    .join('; ');
}
