import type { Handler } from '../../src/reference/index.ts';
import type { FaultContext, ServerVariant } from './types.ts';

/** A composite server, and the variants whose choices it makes. */
export interface Composite extends ServerVariant {
  parts: readonly string[];
}

/** The variants a server of the matrix stands for: a composite's parts, else itself. */
export const standsFor = (server: ServerVariant): readonly string[] =>
  'parts' in server ? (server as Composite).parts : [server.name];

/**
 * Conformant servers that make several variants' choices at once: one run judges them all, and
 * judges them together (a choice that only passes alone is a finding too). A variant that
 * builds its own reference app (another store, other ids: it calls `ctx.reference` while it
 * wraps) must be the innermost: each composite has one such base, and the other variants are
 * dealt round the composites in catalog order and wrapped outside it, the first outermost.
 * Variants with a transport of their own, a profile or a day stay alone.
 */
export function composites(variants: readonly ServerVariant[]): Composite[] {
  const composable = variants.filter((v) => !v.listen && !v.profile && !v.today);
  const bases = composable.filter(buildsItsOwnApp);
  const wrappers = composable.filter((v) => !bases.includes(v));
  if (bases.length === 0) return wrappers.length ? [together(undefined, wrappers)] : [];
  return bases.map((base, i) =>
    together(
      base,
      wrappers.filter((_, j) => j % bases.length === i),
    ),
  );
}

/** Whether a variant calls ctx.reference while it wraps: it replaces the app it is given. */
function buildsItsOwnApp(variant: ServerVariant): boolean {
  let called = false;
  const app: Handler = async () => ({ status: 500 });
  const ctx: FaultContext = {
    apiKey: 'probe',
    clock: () => new Date(),
    reference: () => {
      called = true;
      return app;
    },
  };
  variant.wrap(app, ctx);
  return called;
}

function together(base: ServerVariant | undefined, outside: readonly ServerVariant[]): Composite {
  const parts = [...(base ? [base] : []), ...outside].map((p) => p.name);
  return {
    name: `together: ${parts.join(' + ')}`,
    description: `The choices of ${parts.join(', ')} at once.`,
    parts,
    wrap: (app, ctx) =>
      outside.reduceRight((wrapped, v) => v.wrap(wrapped, ctx), base ? base.wrap(app, ctx) : app),
  };
}
