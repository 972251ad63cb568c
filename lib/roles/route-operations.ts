// Every API operation with the permission and scopes it declares, read from the route modules'
// metadata (the same metadata the wrapper enforces). The route index is passed in by the caller
// because it lives in app/, which domain code does not import.
import type { RouteMeta } from '@/lib/http/define-route';
import type { Scope } from '@/lib/auth/context';

export interface RouteIndexEntry {
  path: string;
  load: () => Promise<Record<string, unknown>>;
}

export interface RouteOperation {
  method: string;
  path: string;
  permission: string;
  scopes: Scope[] | null;
  mfa: boolean;
  auth: string[];
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const cache = new WeakMap<object, Promise<RouteOperation[]>>();

export function collectOperations(index: RouteIndexEntry[]): Promise<RouteOperation[]> {
  let found = cache.get(index);
  if (!found) {
    found = (async () => {
      const ops: RouteOperation[] = [];
      for (const entry of index) {
        const mod = await entry.load();
        for (const method of METHODS) {
          const meta = (mod[method] as { meta?: RouteMeta } | undefined)?.meta;
          if (!meta) continue;
          ops.push({ method, path: entry.path, permission: meta.permission, scopes: meta.scopes ?? null, mfa: meta.mfa, auth: meta.auth });
        }
      }
      return ops;
    })();
    cache.set(index, found);
  }
  return found;
}

/** Operations a signed-in user of `scope` can reach (people's routes; not agent or portal ones). */
export function operationsForScope(ops: RouteOperation[], scope: Scope): RouteOperation[] {
  return ops.filter((op) => op.auth.includes('user') && (!op.scopes || op.scopes.includes(scope)));
}
