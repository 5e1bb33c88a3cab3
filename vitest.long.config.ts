import { LONG_TIER } from './test/long-tier.ts';
import { harnessTests } from './vitest.config.ts';

// The long tier (test/long-tier.ts): `npm run test:long`, which .ci/run runs after npm test.
export default harnessTests([...LONG_TIER]);
