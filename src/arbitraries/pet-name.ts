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

/**
 * The categoryId that marks a refused createPet whose body has no name to mark (no name, or one
 * that is no string): -(0x5043 << 48) less the run id, an int64 no served createPet of the run
 * carries. A pet with it in any answer was made by such a refused request.
 */
export function refusedCategoryId(runId: string): bigint {
  return -((0x5043n << 48n) + BigInt(`0x${runId.replace(/[^0-9a-f]/gi, '') || '0'}`));
}

/** The name of a createPet the contract refuses, marked as such (see refusedMark). */
export function refusedName(runId: string, label: string): string {
  return `${refusedMark(runId)}${label}`;
}

/** A plain valid NewPet for a createPet the contract refuses (no key, a wrong key): its name marked. */
export function refusedNewPet(runId: string, label: string): Record<string, unknown> {
  return { name: refusedName(runId, label), categoryId: 1, status: 'available' };
}
