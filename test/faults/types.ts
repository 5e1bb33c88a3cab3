import type { ReferenceOptions } from '../../src/reference/app.ts';
import type { Clock, Handler } from '../../src/reference/index.ts';
import type { Transport } from './transport.ts';

export interface FaultContext {
  apiKey: string;
  clock: Clock;
  /** A fresh reference app, with other options (e.g. another clock) where a fault needs one. */
  reference(options?: Partial<ReferenceOptions>): Handler;
}

/** A server for the matrix: the reference wrapped to break one promise, or to choose differently where the contract is silent. */
export interface ServerVariant {
  name: string;
  description: string;
  wrap(app: Handler, ctx: FaultContext): Handler;
  /** The day the server's clock and the harness's --now take as today (default: the real today). */
  today?: string;
  /** The profile it is judged with, where that is the point (certify: the RFCs' MUSTs fail). */
  profile?: 'certify';
  /** How it serves connections (one at a time, idle ones closed), where that is the point. */
  listen?: Transport;
}

/** A broken server and the checks that must catch it. */
export interface Fault extends ServerVariant {
  caughtBy: string[];
}
