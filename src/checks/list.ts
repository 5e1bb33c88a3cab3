import { CONTRACT_DOC } from '../contract/contract.ts';
import { CATALOG } from './catalog.ts';
import { CLAUSES } from './clauses.ts';

/** The catalog as JSON: every check with its clause. */
export function catalogJson(): string {
  const body = { contract: CONTRACT_DOC, clauses: Object.keys(CLAUSES).length, checks: CATALOG };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** The catalog as a table for a terminal: id, level, writes, title, then the clause. */
export function catalogTable(): string {
  const width = Math.max(...CATALOG.map((c) => c.id.length));
  const lines = CATALOG.map(
    (c) =>
      `${c.id.padEnd(width)}  ${c.level.padEnd(6)} ${c.writes ? 'writes' : 'reads '}  ${c.title}\n${' '.repeat(width + 2)}${c.clause.section}: "${c.clause.quote}" (clause ${c.clause.id})${c.rfc ? `; ${c.rfc}` : ''}`,
  );
  return `${lines.join('\n')}\n\n${CATALOG.length} checks over ${Object.keys(CLAUSES).length} clauses, each explained in ${CONTRACT_DOC}\n`;
}
