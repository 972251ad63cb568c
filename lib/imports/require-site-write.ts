import type { ActorContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';

/** Organization import writes sites too: doc 3 asks for both organization- and site-write. */
export function requireSiteWrite(ctx: ActorContext): void {
  if (!ctx.permissions.has('sites:write')) throw forbidden('Missing permission sites:write');
}
