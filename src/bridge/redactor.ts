import { keySecrets } from '../checks/auth-table.ts';
import { createRedactor, type Redactor } from '../http/redaction.ts';

// Building a redactor derives every form of every near-key token: once per key, not per use.
const redactors = new Map<string, Redactor>();

/**
 * What stands for a secret -H value in the records. Not the key's marker: a curl line rebuilds
 * that one from $PETSTORE_API_KEY, and this value is not the key.
 */
export const SECRET_HEADER = '[SECRET]';

/**
 * The redactor of a run: the key, every token the harness derives from it, and the run's other
 * secrets (the values of -H headers).
 */
export function redactorFor(apiKey: string, secrets: readonly string[] = []): Redactor {
  const id = [apiKey, ...secrets].join('\0');
  let redact = redactors.get(id);
  if (!redact) {
    const others = secrets.map((secret) => ({ secret, marker: SECRET_HEADER }));
    redact = createRedactor([...keySecrets(apiKey), ...others]);
    redactors.set(id, redact);
  }
  return redact;
}
