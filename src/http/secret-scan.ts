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

/** The scans worth making for this text. */
function scans(text: string): Array<[RegExp, Decoder]> {
  const list: Array<[RegExp, Decoder]> = [];
  if (text.includes('\\')) list.push([JSON_ESCAPED, fromJsonEscapes]);
  if (text.includes('%')) list.push([PERCENT, fromPercent]);
  return list;
}

/** The runs of `text` whose decoding holds one of `secrets` (as UTF-8 bytes). */
export function decodedRunsHolding(text: string, secrets: readonly Buffer[]): string[] {
  if (secrets.length === 0 || text.length === 0) return [];
  const min = Math.min(...secrets.map((s) => s.length));
  const found = new Set<string>();
  for (const [pattern, decode] of scans(text)) {
    for (const [run] of text.matchAll(pattern)) {
      if (run.length < min || found.has(run)) continue;
      if (decode(run).some((bytes) => secrets.some((s) => bytes.includes(s)))) found.add(run);
    }
  }
  // Longest first, so a run that contains another is replaced whole.
  return [...found].sort((a, b) => b.length - a.length);
}
