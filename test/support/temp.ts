import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

// Folders a test made and has not removed yet: removed when the worker exits, at the latest.
const leftovers = new Set<string>();
const removeDir = (dir: string) => {
  rmSync(dir, { recursive: true, force: true });
  leftovers.delete(dir);
};
process.once('exit', () => {
  for (const dir of leftovers) removeDir(dir);
});

/**
 * A fresh folder under the system's temp dir, removed when the test that made it ends (a run's
 * reports, its working folder), or when its file's tests end for one made in a describe block or
 * at the top of a file. A run of the whole suite leaves none behind.
 */
export function tempDir(prefix = 'pc-e2e-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  leftovers.add(dir);
  try {
    onTestFinished(() => removeDir(dir));
  } catch {
    try {
      afterAll(() => removeDir(dir));
    } catch {
      // Outside any test or suite: the exit handler removes it.
    }
  }
  return dir;
}
