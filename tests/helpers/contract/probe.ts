// Sends one contract probe: the operation with a caller's credential, a valid input and a path
// naming someone else's records.
import { call, type RequestOptions, type TestResponse } from '../http';
import { multipart, SAMPLES } from '../multipart';
import { ORIGIN } from '../portal';
import type { Op } from './route-ops';

export interface Caller {
  /** "jwt", "apiKey", "portal", "agent", "principal": printed in findings. */
  name: string;
  /** Auth kinds of the route metadata this credential satisfies. */
  kinds: string[];
  opts: RequestOptions;
}

/** The callers among `callers` whose credential the operation accepts. */
export function callersFor(op: Op, callers: Caller[]): Caller[] {
  return callers.filter((c) => c.kinds.some((k) => op.meta.auth.includes(k as never)));
}

/** A multipart body with the fields every upload route reads (a text part and a PNG file). */
function uploadBody(text: string) {
  return multipart([
    { name: 'content', data: text },
    { name: 'subject', data: text },
    { name: 'file', filename: 'probe.png', contentType: 'image/png', data: SAMPLES.png },
    { name: 'files', filename: 'probe.png', contentType: 'image/png', data: SAMPLES.png },
  ]);
}

export async function probe(op: Op, caller: Caller, path: string, input: { body?: unknown; query?: unknown }, text: string): Promise<TestResponse> {
  const opts: RequestOptions = { ...caller.opts, headers: { ...caller.opts.headers } };
  if (caller.name === 'portal' && op.method !== 'GET') opts.headers = { ...opts.headers, origin: ORIGIN };
  if (input.body !== undefined) opts.body = input.body;
  else if (op.meta.requestBody) {
    const form = uploadBody(text);
    opts.rawBody = form.body;
    opts.headers = { ...opts.headers, 'content-type': form.contentType };
  }
  if (input.query && typeof input.query === 'object') opts.query = Object.fromEntries(Object.entries(input.query as object).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
  return call(op.method, path, opts);
}

/** 404 with the error envelope. */
export function isEnvelope404(res: TestResponse): boolean {
  return res.status === 404 && typeof res.body?.error?.code === 'string' && typeof res.body.error.message === 'string';
}
