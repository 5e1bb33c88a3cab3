/** `1 pet`, `2 pets`, `0 pets`: a count with its noun agreeing. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}
