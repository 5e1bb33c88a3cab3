/**
 * Finds the runs of a text that hide a secret under an encoding a server may echo it in: JSON
 * string escapes (`\/`, `\u004b`), percent-encoding, hex or base64, in any mix or alignment that
 * a list of fixed forms would miss. Each scan is one linear pass of a regular expression.
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

const fromHex: Decoder = (run) => [0, 1].map((off) => Buffer.from(run.slice(off), 'hex'));
// Node's base64 decoder reads the URL-safe alphabet too.
const fromBase64: Decoder = (run) =>
  [0, 1, 2, 3].map((off) => Buffer.from(run.slice(off), 'base64'));

/** The scans worth making for this text and these secrets (shortest secret: `min` bytes). */
function scans(text: string, min: number): Array<[RegExp, Decoder]> {
  const list: Array<[RegExp, Decoder]> = [
    [new RegExp(`[0-9A-Fa-f]{${2 * min},}`, 'g'), fromHex],
    [new RegExp(`[A-Za-z0-9+/_-]{${Math.floor((4 * min) / 3)},}={0,2}`, 'g'), fromBase64],
  ];
  if (text.includes('\\')) list.push([JSON_ESCAPED, fromJsonEscapes]);
  if (text.includes('%')) list.push([PERCENT, fromPercent]);
  return list;
}

/** The runs of `text` whose decoding holds one of `secrets` (as UTF-8 bytes). */
export function decodedRunsHolding(text: string, secrets: readonly Buffer[]): string[] {
  if (secrets.length === 0 || text.length === 0) return [];
  const min = Math.min(...secrets.map((s) => s.length));
  const found = new Set<string>();
  for (const [pattern, decode] of scans(text, min)) {
    for (const [run] of text.matchAll(pattern)) {
      if (run.length < min || found.has(run)) continue;
      if (decode(run).some((bytes) => secrets.some((s) => bytes.includes(s)))) found.add(run);
    }
  }
  // Longest first, so a run that contains another is replaced whole.
  return [...found].sort((a, b) => b.length - a.length);
}
