/**
 * The harness itself could not run: bad configuration, an unreachable target, a broken
 * install. Distinct from a verdict; the CLI maps it to exit code 2 and one line.
 */
export class HarnessError extends Error {
  override name = 'HarnessError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
