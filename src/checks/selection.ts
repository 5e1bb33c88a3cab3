import { HarnessError } from '../base/errors.ts';
import { CATALOG } from './catalog.ts';

export interface SelectionOptions {
  /** Id prefixes to keep (all when empty). */
  only: readonly string[];
  /** Id prefixes to drop. */
  skip: readonly string[];
  /** False for a read-only run: checks that write are dropped. */
  writes: boolean;
}

/**
 * The code of a check the user's --only or --skip left out: as in vitest and pytest, it is
 * neither shown nor counted as skipped; the reports count it apart.
 */
export const DESELECTED = 'deselected';

/** Why --only or --skip leaves a check out, or undefined when they keep it. */
export function deselection(
  id: string,
  options: Pick<SelectionOptions, 'only' | 'skip'>,
): string | undefined {
  if (options.only.length && !options.only.some((p) => id.startsWith(p)))
    return 'not selected by --only';
  if (options.skip.some((p) => id.startsWith(p))) return 'left out by --skip';
  return undefined;
}

/** Why a check will not run, or undefined when it is selected. */
export function exclusionReason(id: string, options: SelectionOptions): string | undefined {
  const check = CATALOG.find((c) => c.id === id);
  if (!check) return 'not in the catalog';
  const deselected = deselection(id, options);
  if (deselected) return deselected;
  if (!options.writes && check.writes) return 'writes, and this run is read-only (probe profile)';
  return undefined;
}

/** Prefixes that match no check are a typo: say so rather than run nothing. */
export function unknownPrefixes(prefixes: readonly string[]): string[] {
  return prefixes.filter((p) => !CATALOG.some((c) => c.id.startsWith(p)));
}

/** A run's --only and --skip, each prefix naming at least one check, or a HarnessError. */
export function checkSelection(selection: Pick<SelectionOptions, 'only' | 'skip'>): void {
  const unknown = unknownPrefixes([...selection.only, ...selection.skip]);
  if (unknown.length)
    throw new HarnessError(
      'CONFIG',
      `no check id starts with ${unknown.join(', ')} (see list-checks)`,
    );
}
