// Characters that end a token: a bearer token (RFC 6750's b64token) holds none of them.
const TOKEN_END = /[\s"'<>,;{}[\]()]/;

/**
 * A short, exact quote of text from the target: its first `max` characters as a JSON string
 * (control characters and quotes escaped, so it cannot break a line or a terminal), with `…`
 * when it was cut. A cut never splits a token: one the cut would split is left out whole, so
 * an echoed key is either quoted entire (and redacted on output, where the key is known) or
 * not at all, never as a prefix no redactor would recognise.
 */
export function quote(text: string, max = 60): string {
  const chars = firstCodePoints(text, max + 1);
  if (chars.length <= max) return JSON.stringify(text);
  let end = max;
  if (!TOKEN_END.test(chars[max] ?? ' ')) {
    while (end > 0 && !TOKEN_END.test(chars[end - 1] ?? ' ')) end--;
  }
  return `${JSON.stringify(chars.slice(0, end).join(''))}…`;
}

/** The first `count` code points of a text (a megabyte text is not spread whole). */
function firstCodePoints(text: string, count: number): string[] {
  const chars: string[] = [];
  for (const char of text) {
    if (chars.length === count) break;
    chars.push(char);
  }
  return chars;
}

/**
 * A number's text as messages show it: whole up to `max` characters, else its start and end
 * around the count of digits left out, so a million-digit number from the wire costs a line,
 * not megabytes of console, step summary and JUnit.
 */
export function quoteNumber(text: string, max = 40): string {
  if (text.length <= max) return text;
  const head = Math.ceil(max / 2);
  const tail = Math.floor(max / 4);
  return `${text.slice(0, head)}…${text.slice(-tail)} (${text.length} characters)`;
}
