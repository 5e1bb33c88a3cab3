// Writes src/contract/schemas.generated.ts: the contract's validators as plain code, so a run need not
// load ajv and compile the schemas. Run `npm run schemas` after editing schemas/*.schema.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/base/paths.ts';
import { generatedModule } from '../src/contract/schema-compiler.ts';

const file = join(PACKAGE_ROOT, 'src', 'contract', 'schemas.generated.ts');
writeFileSync(file, generatedModule());
console.log(`wrote ${file}`);
