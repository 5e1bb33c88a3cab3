/**
 * Colour for the console: on a terminal, off in CI logs and pipes. FORCE_COLOR (any value but
 * `0` or `false`) turns it on anywhere; NO_COLOR (any non-empty value) turns it off.
 */
export function colourEnabled(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR) return false;
  if (env.CI || env.TERM === 'dumb') return false;
  return isTTY;
}

const STYLE = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;
const paint = (code: number, text: string) => `\u001b[${code}m${text}\u001b[0m`;

/** Lines the harness prints, by how they start, and the colour of each kind. */
const RULES: [RegExp, (line: string) => string][] = [
  [/^( {2})(✓)/, (l) => l.replace('✓', paint(STYLE.green, '✓'))],
  [/^( {2})(✗)/, (l) => l.replace(/^( {2}✗ \S+)/, (m) => paint(STYLE.red, m))],
  [/^( {2})(!)/, (l) => l.replace(/^( {2}! \S+)/, (m) => paint(STYLE.yellow, m))],
  [/^ {6}reproduce: /, (l) => paint(STYLE.dim, l)],
  [/^Conformant/, (l) => paint(STYLE.green, l)],
  [/^(NOT conformant|harness error: )/, (l) => paint(STYLE.red, l)],
  [/^(Could not judge|Inconclusive|warning: )/, (l) => paint(STYLE.yellow, l)],
];

/** One console line, coloured by its kind (unchanged when no rule matches). */
export function colourLine(line: string): string {
  for (const [pattern, style] of RULES) if (pattern.test(line)) return style(line);
  return line;
}
