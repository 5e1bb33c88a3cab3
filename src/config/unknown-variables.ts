import { nearest } from '../base/nearest.ts';
import { OPTIONS } from './options.ts';

/** Variables the harness reads that belong to no option. */
export const OTHER_VARIABLES = [
  'PETSTORE_STAGING_BASE_URL',
  'PETSTORE_DEBUG',
  'PETSTORE_PROGRESS',
] as const;

const KNOWN: readonly string[] = [...Object.values(OPTIONS).map((o) => o.env), ...OTHER_VARIABLES];

/**
 * A warning for each PETSTORE_* variable the harness does not read: a misspelt one
 * (PETSTORE_REPORTDIR) is otherwise silently ignored, and the run differs from what was meant.
 */
export function unknownVariableWarnings(
  env: Record<string, string | undefined>,
  dotenv: Record<string, string>,
): string[] {
  const where = [
    ...Object.keys(env).map((name) => [name, 'the environment'] as const),
    ...Object.keys(dotenv).map((name) => [name, '.env'] as const),
  ];
  return where
    .filter(([name]) => name.startsWith('PETSTORE_') && !KNOWN.includes(name))
    .map(([name, source]) => {
      const near = nearest(name, KNOWN);
      return `${name} (${source}) is not a variable of petstore-conformance${near ? `: did you mean ${near}?` : ''}`;
    });
}
