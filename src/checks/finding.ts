/**
 * What a check found wrong, as data: a stable code (`status-mismatch`), the values that make
 * it (`{ expected: [404], got: 400 }`) and the one-line text rendered from them. It reads as its
 * text wherever it is written into a message, so checks compose findings into sentences, while
 * reports group failures by code and data, not by parsing their words.
 */
export class Finding {
  constructor(
    readonly code: string,
    readonly data: Readonly<Record<string, unknown>>,
    readonly text: string,
  ) {}

  toString(): string {
    return this.text;
  }
}

/** A finding's code and data and the text rendered from them, as a report keeps it. */
export interface ProblemData {
  code: string;
  data: Readonly<Record<string, unknown>>;
  text: string;
}

/**
 * The code of a body that ended past the harness's cap: too large to judge, which `fail` makes
 * an unjudged check, not the target's failure.
 */
export const TOO_LARGE = 'too-large';

export const finding = (code: string, data: Record<string, unknown>, text: string): Finding =>
  new Finding(code, data, text);

/** A finding as plain data (JSON-safe: bigints become their decimal text). */
export function problemData(f: Finding): ProblemData {
  const data = JSON.parse(
    JSON.stringify(f.data, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as Record<string, unknown>;
  return { code: f.code, data, text: f.text };
}
