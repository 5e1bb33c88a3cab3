import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * The folder holding src/ and suites/: the clone itself when run from source, dist/ when run
 * compiled (an installed package ships only the compiled code).
 */
export const CODE_ROOT = join(HERE, '..', '..');

/** `ts` from source, `js` compiled: the extension of the suites and setup files to load. */
export const CODE_EXT = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/** The nearest folder at or above CODE_ROOT with a package.json: where schemas/ and docs/ are. */
export const PACKAGE_ROOT = (() => {
  for (let dir = CODE_ROOT; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return CODE_ROOT;
  }
})();

/** The harness's own name and version, from package.json. */
export const HARNESS = (() => {
  const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
})();
