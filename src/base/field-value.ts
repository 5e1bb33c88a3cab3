/**
 * Whether a field value a target sent may be sent back as it is (a validator, a tag): printable
 * and short, as a client would. A hostile target's long or odd values are not echoed.
 */
export function sendableValue(value: string | undefined): value is string {
  return value !== undefined && value.length <= 1024 && /^[\x20-\x7e\t]+$/.test(value);
}
