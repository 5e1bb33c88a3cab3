/** The people who run the harness, and what each needs from a run. */
export const PROFILES = {
  /** CI gating a staging deploy: fixed seed, few runs, fast. */
  ci: { runs: 10, defaultSeed: 20_260_101, writes: true },
  /** Everything, at a normal depth. */
  full: { runs: 25, writes: true },
  /** A vendor certifying an implementation: everything, deeper. */
  certify: { runs: 100, writes: true },
  /** Nightly production probe: reads only, never sends a POST. */
  probe: { runs: 10, writes: false, maxRequests: 200, rate: 5 },
} as const satisfies Record<
  string,
  { runs: number; writes: boolean; defaultSeed?: number; maxRequests?: number; rate?: number }
>;

export type ProfileName = keyof typeof PROFILES;

export function isProfileName(name: string): name is ProfileName {
  return Object.hasOwn(PROFILES, name);
}
