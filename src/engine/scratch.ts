import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Folders to remove however the process ends: a run that returns, throws, is interrupted
// (the CLI turns SIGINT and SIGTERM into an exit) or crashes.
const folders = new Set<string>();

function removeAll(): void {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  folders.clear();
}

/** A fresh folder under the system's temp dir, removed by removeScratch or when the process exits. */
export function scratchDir(prefix: string): string {
  if (folders.size === 0) process.once('exit', removeAll);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.add(dir);
  return dir;
}

export function removeScratch(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  folders.delete(dir);
}
