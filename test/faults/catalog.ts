import { createReferenceApp } from '../../src/reference/app.ts';
import { type Handler, listen, type RunningServer } from '../../src/reference/index.ts';
import { LIST, onRequest, rewriteJsonBody } from './wrap.ts';

export interface FaultContext {
  apiKey: string;
}

/** The reference server with exactly one promise broken, and the checks that must catch it. */
export interface Fault {
  name: string;
  description: string;
  caughtBy: string[];
  wrap(app: Handler, ctx: FaultContext): Handler;
}

export const FAULTS: readonly Fault[] = [
  {
    name: 'auth-ignored',
    description: 'Serves every request as if it carried the right key.',
    caughtBy: ['AUTH-LIST-NO-KEY', 'AUTH-CREATE-WRONG-KEY', 'AUTH-GET-OTHER-SCHEME'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app({ ...req, headers: { ...req.headers, authorization: `Bearer ${apiKey}` } }),
  },
  {
    name: 'category-int32',
    description: 'Stores categoryId as a 32-bit integer: values beyond 32 bits come back wrapped.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) =>
      onRequest(app, 'POST', LIST, (req) =>
        rewriteJsonBody(req, (body) =>
          typeof body.categoryId === 'number' && Number.isInteger(body.categoryId)
            ? { ...body, categoryId: body.categoryId | 0 }
            : body,
        ),
      ),
  },
];

export function findFault(name: string): Fault {
  const fault = FAULTS.find((f) => f.name === name);
  if (!fault) throw new Error(`no fault named ${name}`);
  return fault;
}

/** Starts the faulty server on a free loopback port. */
export function startFault(fault: Fault, apiKey: string): Promise<RunningServer> {
  return listen(fault.wrap(createReferenceApp({ apiKey }), { apiKey }));
}
