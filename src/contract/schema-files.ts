import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../base/paths.ts';

/** Folder holding the contract's JSON Schema files and openapi.yaml. */
export const SCHEMA_DIR = join(PACKAGE_ROOT, 'schemas');

const SCHEMA_BASE = 'https://petstore.example/schemas/';

/** The schemas of the contract, by short name. */
export const SCHEMA_IDS = {
  petStatus: `${SCHEMA_BASE}pet-status.schema.json`,
  newPet: `${SCHEMA_BASE}new-pet.schema.json`,
  pet: `${SCHEMA_BASE}pet.schema.json`,
  pets: `${SCHEMA_BASE}pets.schema.json`,
  error: `${SCHEMA_BASE}error.schema.json`,
} as const;
export type SchemaName = keyof typeof SCHEMA_IDS;

const isSchemaFile = (file: string) => file.endsWith('.schema.json');

/** Reads every `*.schema.json` in the schema folder. */
export function loadSchemaFiles(dir = SCHEMA_DIR): Record<string, unknown>[] {
  return readdirSync(dir)
    .filter(isSchemaFile)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>);
}

/** SHA-256 over the files of the folder that `keep` keeps, names and contents, in name order. */
function folderHash(dir: string, keep: (file: string) => boolean): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).filter(keep).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex');
}

/** SHA-256 over every schema file (and openapi.yaml), in name order. */
export function schemasHash(dir = SCHEMA_DIR): string {
  return folderHash(dir, () => true);
}

/** SHA-256 over the `*.schema.json` files alone: what the validators are compiled from. */
export function schemaFilesHash(dir = SCHEMA_DIR): string {
  return folderHash(dir, isSchemaFile);
}
