/** The people who run the harness, and what each needs from a run. */
export const PROFILES = {
  /** CI gating a staging deploy: fixed seed, few runs, fast. */
  ci: { runs: 10, defaultSeed: 20_260_101, writes: true, timeouts: 60 },
  /** Everything, at a normal depth. */
  full: { runs: 25, writes: true, timeouts: 120 },
  /** A vendor certifying an implementation: everything, deeper, and the RFCs' MUSTs fail. */
  certify: { runs: 100, writes: true, timeouts: 240, rfcMusts: 'fail' },
  /** Nightly production probe: reads only, never sends a POST. */
  probe: { runs: 10, writes: false, maxRequests: 200, rate: 5, timeouts: 60 },
} as const satisfies Record<
  string,
  {
    runs: number;
    writes: boolean;
    defaultSeed?: number;
    maxRequests?: number;
    rate?: number;
    /** The run's default time budget, in multiples of --timeout (5 min for ci at 5 s). */
    timeouts: number;
    /** RFC-level checks fail (default: they warn). */
    rfcMusts?: 'fail';
  }
>;

export type ProfileName = keyof typeof PROFILES;

/** What an RFC-level check's failure is in a profile: a failure in certify, else a warning. */
export function rfcMustsOf(profile: ProfileName): 'fail' | 'warn' {
  const chosen = PROFILES[profile];
  return 'rfcMusts' in chosen ? chosen.rfcMusts : 'warn';
}

export function isProfileName(name: string): name is ProfileName {
  return Object.hasOwn(PROFILES, name);
}
