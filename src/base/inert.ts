// C0 controls but tab and newline, DEL, C1 controls (CSI and OSC among them), and the
// bidirectional marks, overrides and isolates that can reorder what a reader sees. Built from
// code points, so the source holds no control character.
const ranges = (list: Array<[number, number]>) =>
  list.map(([a, b]) => `\\u${hex(a)}-\\u${hex(b)}`).join('');
const hex = (n: number) => n.toString(16).padStart(4, '0');
const BIDI: Array<[number, number]> = [
  [0x061c, 0x061c],
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];
const UNSAFE = new RegExp(`[${ranges([[0x00, 0x08], [0x0b, 0x1f], [0x7f, 0x9f], ...BIDI])}]`, 'g');
const UNSAFE_OR_BREAK = new RegExp(
  `[${ranges([[0x00, 0x1f], [0x7f, 0x9f], [0x2028, 0x2029], ...BIDI])}]`,
  'g',
);

const escaped = (c: string) => `\\u${hex(c.charCodeAt(0))}`;

/**
 * Text safe to print on a terminal: no escape sequence a target slipped into a body or a
 * header can move the cursor, hide a line, retitle the window or reorder what is shown.
 * Newlines and tabs stay (the harness's own lines use them).
 */
export function inertText(text: string): string {
  return text.replace(UNSAFE, escaped);
}

/** One line with nothing that can break it: newlines and tabs are escaped too. */
export function inertLine(text: string): string {
  return text.replace(UNSAFE_OR_BREAK, escaped);
}
