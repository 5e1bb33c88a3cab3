import { isLosslessNumber, type LosslessNumber, parse } from 'lossless-json';
import { INT64, isPetStatus, type PetStatus } from '../contract/contract.ts';

export type NewPetFields = { name: string; categoryId: bigint; status?: PetStatus };
export type NewPetResult = { ok: true; pet: NewPetFields } | { ok: false; message: string };

// No int64 has more digits than this; a larger exponent is not expanded (`1e999999999`).
const MAX_DIGITS = 20;
const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * The exact integer a JSON number text denotes, as JSON Schema counts integers (`-0` is 0,
 * `1.0E0` is 1), or undefined for a fraction or a number far beyond int64. Written here rather
 * than shared with the harness, so a mistake in the harness's reading is not the server's too.
 */
export function exactInteger(text: string): bigint | undefined {
  const m = NUMBER.exec(text);
  if (!m) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = m;
  const all = `${whole}${fraction}`.replace(/^0+/, '');
  let end = all.length;
  while (end > 0 && all[end - 1] === '0') end--;
  if (end === 0) return 0n;
  const digits = all.slice(0, end);
  const scale = Number(exponent) - fraction.length + (all.length - end);
  if (scale < 0 || digits.length + scale > MAX_DIGITS) return undefined;
  const value = BigInt(digits) * 10n ** BigInt(scale);
  return sign === '-' ? -value : value;
}

// Checked by hand rather than with the harness's schemas, so a mistake in a schema file
// is not shared by the server the harness is proven against. Numbers are read exactly.
function int64Of(value: unknown): bigint | undefined {
  if (!isLosslessNumber(value)) return undefined;
  const n = exactInteger((value as LosslessNumber).value);
  return n !== undefined && n >= INT64.min && n <= INT64.max ? n : undefined;
}

// A repeated key keeps the last value, as JSON.parse does.
const LOSSLESS = { onDuplicateKey: ({ newValue }: { newValue: unknown }) => newValue };

/** A string literal of a JSON text, escapes and all (sound only once the text is known valid). */
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;
/** String literals longer than this are left out of the exact (and slow) parse. */
const LONG_LITERAL = 256;

/**
 * The JSON value of a body as `exact` reads it, quickly for a long one. lossless-json reads a
 * string a character at a time (a quarter of a second for a name of a million characters), so
 * a long text is first checked and read by JSON.parse, then read by `exact` with its long
 * strings emptied: the top-level strings are taken from JSON.parse, which reads strings exactly.
 */
export function quickExact(body: string, exact: (text: string) => unknown): unknown {
  const quick: unknown = JSON.parse(body);
  if (body.length <= LONG_LITERAL) return exact(body);
  const value = exact(body.replace(STRING_LITERAL, (s) => (s.length > LONG_LITERAL ? '""' : s)));
  if (!isRecord(value) || !isRecord(quick)) return value;
  for (const [key, v] of Object.entries(quick)) if (typeof v === 'string') value[key] = v;
  return value;
}

const exactValue = (body: string) =>
  quickExact(body, (text) => parse(text, null, LOSSLESS as Parameters<typeof parse>[2]));

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Parses and validates a createPet body (contract: NewPet). */
export function parseNewPet(body: string): NewPetResult {
  if (body.trim() === '') return { ok: false, message: 'The request body is required.' };
  let value: unknown;
  try {
    value = exactValue(body);
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'The request body must be a JSON object.' };
  }
  const fields = value as Record<string, unknown>;
  if (!('name' in fields)) return { ok: false, message: 'name is required.' };
  if (typeof fields.name !== 'string') return { ok: false, message: 'name must be a string.' };
  if (!('categoryId' in fields)) return { ok: false, message: 'categoryId is required.' };
  const categoryId = int64Of(fields.categoryId);
  if (categoryId === undefined) {
    return { ok: false, message: 'categoryId must be an int64 integer.' };
  }
  if ('status' in fields && !isPetStatus(fields.status)) {
    return { ok: false, message: 'status must be one of available, pending, sold.' };
  }
  const pet: NewPetFields = { name: fields.name, categoryId };
  if (isPetStatus(fields.status)) pet.status = fields.status;
  return { ok: true, pet };
}
