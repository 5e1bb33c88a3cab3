/** Names of pets the harness creates carry the run id, so they can be found (and cleaned) later. */
export function petName(runId: string, label: string): string {
  return `pc-${runId}-${label}`;
}

/** A plain valid NewPet, for checks whose subject is not the body. */
export function exampleNewPet(runId: string, label: string): Record<string, unknown> {
  return { name: petName(runId, label), categoryId: 1, status: 'available' };
}
