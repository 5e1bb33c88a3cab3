import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HarnessError } from '../base/errors.ts';

/** Fails before a run, not after it, when the reports could not be written. */
export async function ensureWritableDir(dir: string): Promise<void> {
  const probe = join(dir, `.pc-write-test-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (error) {
    const err = error as { code?: string; message?: string };
    throw new HarnessError(
      'REPORT_DIR',
      `cannot write reports to ${dir}: ${err.code ?? err.message}`,
    );
  }
}
