// Answers for /api/v1 requests no route serves. A path no module serves is 404 NOT_FOUND and a
// method its module does not export is 405 METHOD_NOT_ALLOWED with an Allow header, both in the
// error envelope (Next's own answers are an HTML page and an empty 405). The Node server
// (server.ts) and the tests' router decide them from the route index, before Next or any module
// is involved.
import { errorBody } from '@/lib/http/errors';

// Doc 1 gives disabled registration this exact plain body (not the envelope).
export const NOT_FOUND_BODY = JSON.stringify({ error: 'Not Found' });

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

export function plainNotFound(): Response {
  return new Response(NOT_FOUND_BODY, { status: 404, headers: JSON_TYPE });
}

export const ROUTE_NOT_FOUND_BODY = JSON.stringify(errorBody('NOT_FOUND', 'No operation at this path'));

export function routeNotFound(): Response {
  return new Response(ROUTE_NOT_FOUND_BODY, { status: 404, headers: JSON_TYPE });
}

export function methodNotAllowed(method: string, allowed: readonly string[]): Response {
  const allow = allowHeader(allowed);
  return new Response(JSON.stringify(errorBody('METHOD_NOT_ALLOWED', `${method} is not served at this path; it serves ${allow}`, { allow: allow.split(', ') })), {
    status: 405,
    headers: { ...JSON_TYPE, allow },
  });
}

/** Next serves HEAD for a GET route and OPTIONS for every route itself. */
function allowHeader(methods: readonly string[]): string {
  const all = new Set([...methods, 'OPTIONS']);
  if (all.has('GET')) all.add('HEAD');
  return [...all].sort().join(', ');
}

export interface RoutePattern {
  /** Path under /api/v1 with {param} segments, as in the route index. */
  path: string;
  methods: readonly string[];
}

export interface RouteMatch<R extends RoutePattern> {
  route: R;
  params: Record<string, string>;
}

interface CompiledRoute<R extends RoutePattern> {
  route: R;
  /** The path's segments; a parameter's holds its name and `param` is set. */
  segments: { text: string; param: boolean }[];
}

// Each route list split into segments once and grouped by segment count: the server matches
// every /api/v1 request it does not serve on a fast path against the whole index.
const compiled = new WeakMap<readonly RoutePattern[], Map<number, CompiledRoute<RoutePattern>[]>>();

function byLength<R extends RoutePattern>(routes: readonly R[]): Map<number, CompiledRoute<R>[]> {
  let table = compiled.get(routes);
  if (!table) {
    table = new Map();
    for (const route of routes) {
      const segments = route.path
        .split('/')
        .filter(Boolean)
        .map((s) => (s.startsWith('{') ? { text: s.slice(1, -1), param: true } : { text: s, param: false }));
      const bucket = table.get(segments.length) ?? [];
      bucket.push({ route, segments });
      table.set(segments.length, bucket);
    }
    compiled.set(routes, table);
  }
  return table as Map<number, CompiledRoute<R>[]>;
}

/** The route serving a path under /api/v1 (static segments win over parameters, as in Next). */
export function matchRoute<R extends RoutePattern>(routes: readonly R[], pathname: string): RouteMatch<R> | null {
  const segments = pathname.split('/').filter(Boolean);
  const decoded = segments.map(safeDecode);
  let best: CompiledRoute<R> | null = null;
  let bestParams = Infinity;
  for (const candidate of byLength(routes).get(segments.length) ?? []) {
    let ok = true;
    let count = 0;
    for (let i = 0; i < segments.length && ok; i++) {
      const part = candidate.segments[i];
      if (part.param) count++;
      else ok = part.text === segments[i] || part.text === decoded[i];
    }
    if (ok && count < bestParams) {
      best = candidate;
      bestParams = count;
    }
  }
  if (!best) return null;
  const params: Record<string, string> = {};
  best.segments.forEach((part, i) => {
    if (part.param) params[part.text] = decoded[i];
  });
  return { route: best.route, params };
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Next answers a path it cannot decode with a plain-text 400; this one is in the envelope. */
function badPath(): Response {
  return new Response(JSON.stringify(errorBody('VALIDATION_ERROR', 'The path is not valid percent-encoded UTF-8', [{ path: 'path', message: 'Malformed percent-encoding' }])), {
    status: 400,
    headers: JSON_TYPE,
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The envelope answer for a request to /api/v1 that no route would serve, or null when one
 * does. `pathname` is the full URL path with dot segments already resolved.
 */
export function unroutedAnswer(routes: readonly RoutePattern[], method: string, pathname: string): Response | null {
  if (pathname !== '/api/v1' && !pathname.startsWith('/api/v1/')) return null;
  const rest = pathname.slice('/api/v1'.length);
  if (!decodable(rest)) return badPath();
  // A trailing slash matches like the path without it (Next redirects a served one there).
  const found = matchRoute(routes, rest);
  if (!found) return routeNotFound();
  const m = method.toUpperCase();
  if (m === 'OPTIONS' || found.route.methods.includes(m) || (m === 'HEAD' && found.route.methods.includes('GET'))) return null;
  return methodNotAllowed(m, found.route.methods);
}

const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * A request target with its dot segments resolved (`/api/v1/devices/../x?q` → `/api/v1/x?q`,
 * as clients that resolve them would have sent it), or null when it has none.
 */
export function resolveDotSegments(target: string): string | null {
  if (!DOT_SEGMENT.test(target.split('?')[0])) return null;
  // Concatenated, not resolved against a base: `//x/..` is a path here, not a host.
  const url = new URL(`http://local${target.startsWith('/') ? '' : '/'}${target}`);
  return url.pathname + url.search;
}
