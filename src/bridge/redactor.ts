import { keySecrets } from '../checks/auth-table.ts';
import { createRedactor, type Redactor } from '../http/redaction.ts';

// Building a redactor derives every form of every near-key token: once per key, not per use.
const redactors = new Map<string, Redactor>();

/** The redactor of a run: the key and every token the harness derives from it. */
export function redactorFor(apiKey: string): Redactor {
  let redact = redactors.get(apiKey);
  if (!redact) {
    redact = createRedactor(keySecrets(apiKey));
    redactors.set(apiKey, redact);
  }
  return redact;
}
