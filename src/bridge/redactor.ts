import { keySecrets } from '../checks/auth-table.ts';
import { Egress } from '../http/egress.ts';
import { createRedactor } from '../http/redaction.ts';

// Building a redactor derives every form of every near-key token: once per key, not per use.
const doors = new Map<string, Egress>();

/** The egress of a run: redacts the key and every token the harness derives from it. */
export function egressFor(apiKey: string): Egress {
  let door = doors.get(apiKey);
  if (!door) {
    door = new Egress(createRedactor(keySecrets(apiKey)));
    doors.set(apiKey, door);
  }
  return door;
}
