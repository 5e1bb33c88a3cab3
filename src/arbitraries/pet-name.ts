/** Names of pets the harness creates carry the run id, so they can be found (and cleaned) later. */
export function petName(runId: string, label: string): string {
  return `pc-${runId}-${label}`;
}

/** A plain valid NewPet, for checks whose subject is not the body. */
export function exampleNewPet(runId: string, label: string): Record<string, unknown> {
  return { name: petName(runId, label), categoryId: 1, status: 'available' };
}

/**
 * What starts the name of every createPet the contract refuses (no key, a wrong key, an invalid
 * body): `pc-<runId>~refused-`, never the start of a name a served createPet carries (those are
 * `pc-<runId>-...`, or carry no run id at all). A pet with such a name in any answer was made by a
 * request that was refused (RUN-401-NO-EFFECT, RUN-400-NO-EFFECT).
 */
export function refusedMark(runId: string): string {
  return `pc-${runId}~refused-`;
}

/** The name of a createPet the contract refuses, marked as such (see refusedMark). */
export function refusedName(runId: string, label: string): string {
  return `${refusedMark(runId)}${label}`;
}

/** A plain valid NewPet for a createPet the contract refuses (no key, a wrong key): its name marked. */
export function refusedNewPet(runId: string, label: string): Record<string, unknown> {
  return { name: refusedName(runId, label), categoryId: 1, status: 'available' };
}
