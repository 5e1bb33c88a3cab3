// Writes src/schemas.generated.ts: the contract's validators as plain code, so a run need not
// load ajv and compile the schemas. Run `npm run schemas` after editing schemas/*.schema.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/runner/paths.ts';
import { generatedModule } from '../src/schema-compiler.ts';

const file = join(PACKAGE_ROOT, 'src', 'schemas.generated.ts');
writeFileSync(file, generatedModule());
console.log(`wrote ${file}`);
