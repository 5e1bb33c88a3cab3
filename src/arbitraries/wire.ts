import { stringify } from 'lossless-json';
import { validate } from '../contract/schemas.ts';
import { isInt64 } from '../http/exact.ts';
import { parseJsonBody } from '../http/json-body.ts';

/**
 * The JSON text a request body is sent as: bigints written as the exact integers they are
 * (JSON.stringify refuses them; a double would round categoryIds beyond 2^53).
 */
export function jsonText(value: unknown): string {
  return stringify(value) ?? 'null';
}

/**
 * Whether a body is a valid NewPet as the service will read it: its JSON text, parsed back.
 * ajv sees JS numbers (it does not count a bigint as an integer, and rounds beyond 2^53), so
 * the int64 range of `categoryId` is judged on the exact value the text holds.
 */
export function isValidNewPet(value: unknown): boolean {
  const parsed = parseJsonBody(jsonText(value));
  if ('jsonError' in parsed || !validate('newPet', parsed.json).valid) return false;
  const exact = parsed.exact as Record<string, unknown>;
  return isInt64(exact.categoryId);
}
