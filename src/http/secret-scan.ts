/**
 * Finds the runs of a text that hide a secret under an encoding a server may mix as it likes:
 * JSON string escapes (`\/`, `\u004b`) and percent-encoding, in any mix a list of fixed forms
 * would miss. (Hex and base64 cannot be mixed so: their fixed forms, base64's at each of its
 * three alignments, are searched for as they are.) Each scan is one linear pass of a regular
 * expression, made only when the text holds a backslash or a percent sign.
 */

type Decoder = (run: string) => Buffer[];

const JSON_ESCAPED = /(?:\\u[0-9A-Fa-f]{4}|\\["\\/bfnrt]|[^"\\\r\n])+/g;
const PERCENT = /(?:%[0-9A-Fa-f]{2}|[^\s"'%<>&;,=?#])+/g;

function fromJsonEscapes(run: string): Buffer[] {
  // A run without an escape holds the secret as is, which the fixed forms already find.
  if (!run.includes('\\')) return [];
  try {
    return [Buffer.from(JSON.parse(`"${run}"`) as string, 'utf8')];
  } catch {
    return [];
  }
}

function fromPercent(run: string): Buffer[] {
  if (!run.includes('%')) return [];
  const decode = (text: string) =>
    Buffer.from(
      text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
      'latin1',
    );
  return [decode(run), decode(run.replaceAll('+', ' '))];
}

/**
 * One way a secret may be spelled: the runs of `pattern` (global); `opener`, the character its
 * escapes start with (a run without one holds the secret as is, which the fixed forms find);
 * and the characters no run crosses, so that a scan may start after one of them.
 */
interface Scan {
  pattern: RegExp;
  opener: string;
  isBoundary: (code: number) => boolean;
  decode: Decoder;
}

const JSON_BOUNDARY = new Set([0x22, 0x0a, 0x0d]);
// Whitespace and the delimiters PERCENT's runs stop at (an invalid `%` does not end a run's segment).
const PERCENT_BOUNDARY = new Set([...'"\'<>&;,=?#'].map((c) => c.charCodeAt(0)));
// What \s matches (ECMAScript's WhiteSpace and LineTerminator), by code.
const SPACES = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
]);
const isSpace = (code: number) => SPACES.has(code) || (code >= 0x2000 && code <= 0x200a);

const SCANS: readonly Scan[] = [
  {
    pattern: JSON_ESCAPED,
    opener: '\\',
    isBoundary: (code) => JSON_BOUNDARY.has(code),
    decode: fromJsonEscapes,
  },
  {
    pattern: PERCENT,
    opener: '%',
    isBoundary: (code) => PERCENT_BOUNDARY.has(code) || isSpace(code),
    decode: fromPercent,
  },
];

/**
 * The runs of `pattern` in `text` that hold `opener`: the runs a scan of the whole text finds,
 * but looked for only in the segments (between boundary characters) that hold the escape, so a
 * long text with a few escapes costs a few short scans. Linear: the scan position only moves on.
 */
function runsWithEscape(text: string, { pattern, opener, isBoundary }: Scan): string[] {
  const runs: string[] = [];
  let next = text.indexOf(opener);
  let pos = 0;
  while (next !== -1) {
    // A scan of the whole text tries a match just after every boundary: start at the last one
    // before the escape, unless the scan is already past it.
    let start = next;
    while (start > pos && !isBoundary(text.charCodeAt(start - 1))) start--;
    pattern.lastIndex = Math.max(start, pos);
    const match = pattern.exec(text);
    if (!match) break;
    pos = match.index + match[0].length;
    if (match[0].includes(opener)) runs.push(match[0]);
    if (pos > next) next = text.indexOf(opener, pos);
  }
  return runs;
}

/** The runs of `text` whose decoding holds one of `secrets` (as UTF-8 bytes). */
export function decodedRunsHolding(text: string, secrets: readonly Buffer[]): string[] {
  if (secrets.length === 0 || text.length === 0) return [];
  const min = Math.min(...secrets.map((s) => s.length));
  const found = new Set<string>();
  for (const scan of SCANS) {
    for (const run of runsWithEscape(text, scan)) {
      if (run.length < min || found.has(run)) continue;
      if (scan.decode(run).some((bytes) => secrets.some((s) => bytes.includes(s)))) found.add(run);
    }
  }
  // Longest first, so a run that contains another is replaced whole.
  return [...found].sort((a, b) => b.length - a.length);
}
