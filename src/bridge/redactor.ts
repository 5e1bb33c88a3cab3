import { keySecrets } from '../checks/auth-table.ts';
import { Egress } from '../http/egress.ts';
import { createRedactor } from '../http/redaction.ts';

// Building a redactor derives every form of every near-key token: once per key, not per use.
const doors = new Map<string, Egress>();

/**
 * What stands for a secret -H value in the records. Not the key's marker: a curl line rebuilds
 * that one from $PETSTORE_API_KEY, and this value is not the key.
 */
export const SECRET_HEADER = '[SECRET]';

/**
 * The egress of a run: redacts the key, every token the harness derives from it, and the run's
 * other secrets (the values of -H headers).
 */
export function egressFor(apiKey: string, secrets: readonly string[] = []): Egress {
  const id = [apiKey, ...secrets].join('\0');
  let door = doors.get(id);
  if (!door) {
    const others = secrets.map((secret) => ({ secret, marker: SECRET_HEADER }));
    door = new Egress(createRedactor([...keySecrets(apiKey), ...others]));
    doors.set(id, door);
  }
  return door;
}
