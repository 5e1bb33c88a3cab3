/**
 * A short, exact quote of text from the target: its first `max` characters as a JSON string
 * (control characters and quotes escaped, so it cannot break a line or a terminal), with `…`
 * when it was cut.
 */
export function quote(text: string, max = 60): string {
  const chars = [...text];
  const cut = chars.length > max;
  return `${JSON.stringify(chars.slice(0, max).join(''))}${cut ? '…' : ''}`;
}
