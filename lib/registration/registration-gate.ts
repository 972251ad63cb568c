// ENABLE_REGISTRATION (doc 1 rule 1): when off, the registration routes answer exactly like a
// path that does not exist — before any parsing, so no input can tell them apart.
import { env } from '@/lib/env';
import type { RouteHandler } from '@/lib/http/define-route';
import { plainNotFound } from '@/lib/http/not-found';

export function whenRegistrationEnabled(route: RouteHandler): RouteHandler {
  const gated = (req: Request, context: Parameters<RouteHandler>[1]) =>
    env().ENABLE_REGISTRATION ? route(req, context) : Promise.resolve(plainNotFound());
  return Object.assign(gated, { meta: route.meta });
}
