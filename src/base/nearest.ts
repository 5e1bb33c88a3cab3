/** The edit distance between two words (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known name nearest to a misspelt one (`PETSTORE_REPORTDIR` -> `PETSTORE_REPORT_DIR`), or
 * undefined when none is near enough to be a likely typo (at most a third of its letters off).
 */
export function nearest(word: string, known: readonly string[]): string | undefined {
  const scored = known
    .map((name) => ({ name, d: distance(word.toUpperCase(), name.toUpperCase()) }))
    .sort((a, b) => a.d - b.d);
  const best = scored[0];
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.name : undefined;
}
