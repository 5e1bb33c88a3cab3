import { FAULTS } from '../test/faults/catalog.ts';
import { judgeServer } from '../test/faults/matrix.ts';
import { VARIANTS } from '../test/faults/variants.ts';

for (const name of process.argv.slice(2)) {
  const v = [...VARIANTS, ...FAULTS].find((s) => s.name === name);
  if (!v) throw new Error(name);
  const row = await judgeServer(v, `/tmp/matrix/${name}`);
  console.log(
    JSON.stringify({
      name,
      exit: row.exitCode,
      failed: row.failed,
      ms: row.durationMs,
      error: row.error,
    }),
  );
}
