/**
 * Whether a field value a target sent may be sent back as it is (a validator, a tag): printable
 * and short, as a client would. A hostile target's long or odd values are not echoed.
 */
export function sendableValue(value: string | undefined): value is string {
  return value !== undefined && value.length <= 1024 && /^[\x20-\x7e\t]+$/.test(value);
}

/**
 * A field value without the whitespace around it that is no part of it (RFC 9110 5.5: SP and
 * HTAB only). JavaScript's trim drops U+00A0, U+FEFF and other Unicode spaces as well: the key
 * beside a no-break space is another token, not the key.
 */
export function withoutOws(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, '');
}
