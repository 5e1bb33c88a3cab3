import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes a file whole or not at all: to a temporary name beside it, then renamed over it. A
 * reader (an artifact upload, a CI step) never sees half a report, and a run killed while
 * writing leaves the previous file or the new one, never a mix.
 */
export async function writeAtomic(path: string, text: string): Promise<void> {
  const temp = `${path}.tmp-${process.pid}`;
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
