import { readFileSync } from 'node:fs';
import { HarnessError } from '../base/errors.ts';
import type { TlsOptions } from '../http/client.ts';
import type { Source } from './sources.ts';

/** A PEM file's text, or a one-line error naming the setting and why it cannot be read. */
function pem(src: Source, name: 'ca-file' | 'cert' | 'key-file'): string | undefined {
  const path = src.pick(name);
  if (path === undefined) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : code;
    throw new HarnessError('CONFIG', `cannot read ${src.label(name)} ${path}: ${why}`);
  }
}

export const INSECURE_WARNING =
  "--insecure: the target's TLS certificate is not verified; whoever sits between here and the target can read and change every request, the key included";

/**
 * The TLS settings of --ca-file, --cert, --key-file and --insecure; warnings for what they
 * cannot do (on an http:// target) and, on every run, that verification is off.
 */
export function tlsOf(
  src: Source,
  insecure: boolean,
  baseUrl: string | undefined,
  warnings: string[],
): TlsOptions | undefined {
  const ca = pem(src, 'ca-file');
  const cert = pem(src, 'cert');
  const key = pem(src, 'key-file');
  if ((cert === undefined) !== (key === undefined))
    throw new HarnessError(
      'CONFIG',
      '--cert and --key-file go together: a client certificate needs its key',
    );
  if (insecure) warnings.push(INSECURE_WARNING);
  const tls: TlsOptions = {
    ...(ca === undefined ? {} : { ca }),
    ...(cert === undefined || key === undefined ? {} : { cert, key }),
    ...(insecure ? { rejectUnauthorized: false as const } : {}),
  };
  if (Object.keys(tls).length === 0) return undefined;
  if (!baseUrl?.startsWith('https:'))
    warnings.push(
      '--ca-file, --cert, --key-file and --insecure apply to an https:// base URL only: this run uses none',
    );
  return tls;
}
