import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { HarnessError } from '../base/errors.ts';

/** What an errno means to someone choosing a report folder. */
const WHY: Record<string, string> = {
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many symbolic links in the path',
};

const cannot = (dir: string, why: string) =>
  new HarnessError('REPORT_DIR', `cannot write reports to ${dir}: ${why}`);

async function kindOf(path: string): Promise<'dir' | 'other' | 'missing'> {
  try {
    return (await stat(path)).isDirectory() ? 'dir' : 'other';
  } catch (error) {
    const code = (error as { code?: string }).code;
    // ENOTDIR: a folder above is a file; the walk up finds which.
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

/** The folders from the nearest existing one (first) down to `dir` (last). */
async function missingChain(dir: string): Promise<{ base: string; missing: string[] }> {
  const missing: string[] = [];
  let path = dir;
  for (;;) {
    const kind = await kindOf(path);
    if (kind === 'dir') return { base: path, missing };
    if (kind === 'other') throw cannot(dir, `${path} is a file, not a folder`);
    if (dirname(path) === path) return { base: path, missing };
    missing.unshift(path);
    path = dirname(path);
  }
}

/**
 * Makes `dir` one folder at a time. Node's recursive mkdir never returns on a file system that
 * answers ENOENT to every mkdir (e.g. under /proc): it alternates between ENOENT and EEXIST.
 * Here each step is tried once, and a refusal is said in words.
 */
async function makeDir(dir: string): Promise<void> {
  const { missing } = await missingChain(dir);
  for (const path of missing) {
    try {
      await mkdir(path);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'ERROR';
      if (code === 'EEXIST' && (await kindOf(path)) === 'dir') continue;
      if (code === 'EEXIST' || code === 'ENOTDIR')
        throw cannot(dir, `${path} is a file, not a folder`);
      // A folder that exists but takes no new entries: a virtual or read-only mount.
      if (code === 'ENOENT')
        throw cannot(
          dir,
          `${dirname(path)} takes no new folders (a read-only or virtual file system)`,
        );
      throw cannot(dir, WHY[code] ?? code);
    }
  }
}

/** Fails before a run, not after it, when the reports could not be written. */
export async function ensureWritableDir(dir: string): Promise<void> {
  const full = resolve(dir);
  await makeDir(full);
  const probe = join(full, `.pc-write-test-${process.pid}`);
  try {
    await writeFile(probe, '');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'ERROR';
    throw cannot(dir, WHY[code] ?? (code === 'ENOENT' ? 'read-only or virtual file system' : code));
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}
