import { randomUUID } from 'node:crypto';

const SAFE = /^[A-Za-z0-9._-]{1,64}$/;

/** Reuses a well-formed incoming X-Request-Id (so a proxy's id follows the request) or makes one. */
export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get('x-request-id');
  return incoming && SAFE.test(incoming) ? incoming : randomUUID();
}
