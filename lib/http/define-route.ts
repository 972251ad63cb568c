// The one route wrapper: request id, authentication, partner guard, MFA gate, permission and
// scope checks, zod parsing, the error envelope, metrics, logs, the mutation audit trail and
// the authorization backstop (a handler that ran no authorization decision is a server fault;
// what counts as one: lib/tenancy/authorization-decisions.ts).
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { env } from '@/lib/env';
import { AppError, errorBody, forbidden } from '@/lib/http/errors';
import { requestIdFrom } from '@/lib/http/request-id';
import { resolveClientAddress } from '@/lib/http/client-ip';
import { authenticatorFor, type AuthContexts, type AuthKind } from '@/lib/http/authenticators';
import { assertPlainInput, parseOrThrow, queryObject, readJsonBody } from '@/lib/http/parse-input';
import { isDatabaseUnavailable, translateDbError } from '@/lib/http/db-errors';
import { type Permission } from '@/lib/auth/permissions';
import type { AuthContext, Scope } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import { recordRequest } from '@/lib/observability/metrics';
import { RawJson } from '@/lib/http/raw-json';
import { clearDecision, hasDecision, recordDecision } from '@/lib/tenancy/authorization-decisions';
import { recordPluginApiCall } from '@/lib/plugins/record-plugin-api-call';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteConfig<A extends AuthKind, P, Q, B> {
  /** Credential class(es) accepted; the first that authenticates wins. */
  auth: A | A[];
  /** Permission checked before the handler, or 'none' on purpose (e.g. any signed-in user). */
  permission: Permission | 'none';
  /**
   * 'public': a route for callers without a tenant identity (`auth: 'none'` or the MTA hook),
   * whose answer does not depend on who asks or whose credential arrives in the input (a
   * sign-in, a capability token in the path): the authorization backstop's decision is this
   * declaration. Every other route decides in its handler (see authorization-decisions.ts).
   */
  authorization?: 'public';
  /** Requires a session that completed an MFA challenge (when ENABLE_2FA is on). */
  mfa?: boolean;
  /** Scopes allowed to call the route; others get 403. Default: all. */
  scopes?: Scope[];
  /** Extra authorization run with the permission checks, before any input is parsed (e.g. partner-API scopes). */
  guard?: (ctx: AuthContexts[A]) => void;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Machine reports (agents: command output, inventory) may carry NUL bytes and broken text:
   * such characters are cleaned out instead of refused with a 400. Default false.
   */
  cleanText?: boolean;
  /** Largest JSON body accepted (413 beyond); default MAX_JSON_BODY_BYTES. */
  maxBodyBytes?: number;
  /** OpenAPI request body of a route that reads `req` itself (multipart uploads): no JSON parsing then. */
  requestBody?: RawRequestBody;
  /** Status of a successful answer (default 200; 204 when the handler returns nothing). */
  status?: number;
  summary: string;
  description?: string;
  tags?: string[];
  response?: Schema;
  /** Documentation only: the media type of a success the handler answers itself (an event stream); JSON otherwise. */
  responseContentType?: string;
  /** Action name of the audit entry written for a successful mutation; false to skip it. */
  audit?: string | false;
  /**
   * Level of the closing log line of a successful answer (below 400); default 'info'. A route the
   * whole fleet calls every interval (the heartbeat) logs its successes at 'debug': at 100k
   * devices that is 1,667 lines a second of nothing to read, and the line cost about 7 % of a
   * beat's web CPU. Failures are logged at 'info' whatever this says; every request is counted
   * in the metrics either way.
   */
  accessLog?: 'info' | 'debug';
  /**
   * Documentation only: error statuses the handler answers beyond those the OpenAPI builder
   * derives from this configuration (e.g. 429 for a rate-limited or lock-out route).
   */
  errors?: DocumentedError[];
  handler: (input: {
    ctx: AuthContexts[A];
    params: Out<P>;
    query: Out<Q>;
    body: Out<B>;
    req: Request;
  }) => Promise<unknown> | unknown;
}

/** Error statuses the OpenAPI document describes (lib/openapi/build-openapi.ts). */
export type DocumentedError = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

export interface RawRequestBody {
  contentType: string;
  schema: Record<string, unknown>;
  description?: string;
}

export interface RouteMeta {
  auth: AuthKind[];
  permission: Permission | 'none';
  authorization?: 'public';
  mfa: boolean;
  scopes?: Scope[];
  params?: Schema;
  query?: Schema;
  body?: Schema;
  cleanText: boolean;
  maxBodyBytes?: number;
  requestBody?: RawRequestBody;
  response?: Schema;
  responseContentType?: string;
  status: number;
  summary: string;
  description?: string;
  tags?: string[];
  errors?: DocumentedError[];
}

type NextContext = { params: Promise<Record<string, string | string[]>> };
/** A handler's answer for a plain Node server: a result body comes as bytes, not inside a Response. */
export interface RawServed {
  /** The answer when it is not a result body in hand (errors, handler-made responses, 204); null otherwise. */
  response: Response | null;
  /** The body to send when `response` is null: the handler's JSON or RawJson. */
  body: Buffer | null;
  /** Status and headers of that body. */
  status: number;
  headers: Record<string, string>;
}
export type RouteHandler = ((req: Request, context: NextContext) => Promise<Response>) & {
  meta: RouteMeta;
  /**
   * The same handler for server-fast-paths.ts: the answer's JSON (a device page is ~400 KB, a
   * heartbeat answer is small but there are thousands a second) is handed back as a buffer for
   * the Node response to write, instead of going through a web Response (copied into a stream,
   * read back into another buffer).
   */
  serveRaw?: (req: Request, context: NextContext) => Promise<RawServed>;
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Credential classes that carry no tenant identity (the only ones a public route accepts). */
const ANONYMOUS_KINDS = new Set<AuthKind>(['none', 'inboundEmail']);

/** /api/v1/orgs/sites/6f1c… → /api/v1/orgs/sites/[id], so metrics and audits group by route. */
function routePattern(pathname: string, params: Record<string, string | string[]>): string {
  let pattern = pathname;
  for (const [name, value] of Object.entries(params)) {
    const v = Array.isArray(value) ? value.join('/') : value;
    if (v) pattern = pattern.replace(`/${v}`, `/[${name}]`);
  }
  return pattern;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

async function authenticate(kinds: AuthKind[], req: Request, base: { requestId: string; ip: string | null }) {
  let lastError: unknown;
  for (const kind of kinds) {
    try {
      return await authenticatorFor(kind)(req, base);
    } catch (error) {
      // A credential of this class was present but bad, or the tenant is blocked: stop here.
      if (error instanceof AppError && error.status !== 401) throw error;
      // Report the class whose credential was present (e.g. an invalid API key), not a later
      // class complaining that its own credential is missing.
      if (!lastError || !isAbsentCredential(error)) lastError = error;
    }
  }
  throw lastError;
}

/** 401 with the generic code: this class found no credential of its own in the request. */
function isAbsentCredential(error: unknown): boolean {
  return error instanceof AppError && error.status === 401 && error.code === 'UNAUTHORIZED';
}

function authorize(config: RouteConfig<AuthKind, unknown, unknown, unknown>, ctx: AuthContext): void {
  // Any context that acts in the hierarchy carries a scope and a permission set (users, API
  // keys, service principals); the same declared checks apply to all of them.
  const scoped = ctx as Partial<{ scope: Scope; permissions: ReadonlySet<Permission> }>;
  if (config.scopes && (!scoped.scope || !config.scopes.includes(scoped.scope))) {
    throw forbidden(`This action needs ${config.scopes.join(' or ')} scope`);
  }
  // API keys never complete an MFA challenge (and MFA-gated routes do not accept them).
  if (config.mfa && env().ENABLE_2FA && (ctx.kind === 'apiKey' || (ctx.kind === 'user' && !ctx.mfa))) {
    throw new AppError(
      'MFA_REQUIRED',
      403,
      'Multi-factor authentication required: complete an MFA challenge (POST /api/v1/auth/mfa/verify) and retry',
    );
  }
  if (config.permission !== 'none' && !scoped.permissions?.has(config.permission)) {
    throw forbidden(`Missing permission ${config.permission}`);
  }
}

export function defineRoute<A extends AuthKind, P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  config: RouteConfig<A, P, Q, B>,
): RouteHandler {
  const kinds = (Array.isArray(config.auth) ? config.auth : [config.auth]) as AuthKind[];
  if (!config.permission) throw new Error(`Route "${config.summary}" declares no permission`);
  if (config.mfa && kinds.includes('apiKey' as AuthKind)) throw new Error(`Route "${config.summary}" is MFA-gated and cannot accept API keys`);
  if (config.authorization === 'public' && !kinds.every((k) => ANONYMOUS_KINDS.has(k))) {
    throw new Error(`Route "${config.summary}" is public and can accept only anonymous callers`);
  }

  const accessLevel = config.accessLog ?? 'info';
  const serve = async (req: Request, context: NextContext, raw: boolean): Promise<RawServed> => {
    const started = performance.now();
    let rawBody: Buffer | null = null;
    const requestId = requestIdFrom(req.headers);
    const url = new URL(req.url);
    const rawParams = (await context?.params) ?? {};
    const route = routePattern(url.pathname, rawParams);
    const address = resolveClientAddress(req.headers);
    // The request's logger is made only when something is logged besides the closing line (a
    // child logger per request was a measurable share of a heartbeat's CPU).
    const bindings = { requestId, method: req.method, route };
    let child: typeof logger | undefined;
    const log = () => (child ??= logger.child(bindings));
    let response: Response | null = null;
    let status = config.status ?? 200;
    let ctx: AuthContext | undefined;
    try {
      ctx = (await authenticate(kinds, req, { requestId, ip: address.ip })) as AuthContext;
      clearDecision(ctx);
      authorize(config as unknown as RouteConfig<AuthKind, unknown, unknown, unknown>, ctx);
      if (config.permission !== 'none' || config.authorization === 'public') recordDecision(ctx);
      config.guard?.(ctx as AuthContexts[A]);
      // A NUL in a path segment (%00) is bad input named like any other field, not a missing record.
      assertPlainInput(rawParams, 'params');
      const params = config.params ? parseParams(config.params, rawParams) : undefined;
      const query = config.query ? parseOrThrow(config.query, queryObject(url.searchParams), 'query') : undefined;
      const body = config.body ? parseOrThrow(config.body, await readJsonBody(req, config.maxBodyBytes), 'body', { cleanText: config.cleanText }) : undefined;
      const result = await config.handler({
        ctx: ctx as AuthContexts[A],
        params: params as Out<P>,
        query: query as Out<Q>,
        body: body as Out<B>,
        req,
      });
      if (!hasDecision(ctx)) undecided(log());
      if (result instanceof Response) response = result;
      else if (result === undefined) response = new Response(null, { status: 204 });
      // The Node server writes the bytes itself, with no web Response around them.
      else if (raw) rawBody = result instanceof RawJson ? result.body : Buffer.from(JSON.stringify(result));
      else if (result instanceof RawJson) response = new Response(new Uint8Array(result.body), { status, headers: JSON_HEADERS });
      else response = jsonResponse(result, status);
      if (response) status = response.status;
      if (MUTATING.has(req.method) && status < 400 && config.audit !== false && !(ctx as { audited?: boolean }).audited) {
        await writeAudit(ctx, {
          action: config.audit ?? `${req.method} ${route}`,
          targetType: config.audit?.split('.')[0] ?? null,
          targetId: typeof rawParams.id === 'string' ? rawParams.id : idOf(result),
        }).catch((err) => log().error({ err }, 'audit write failed'));
      }
    } catch (error) {
      // A client that hung up mid-request (its body stream aborted) is not a server fault:
      // answered (to nobody) with nginx's 499 and logged as such, not as an unhandled 500.
      response = clientClosed(req, error) ? new Response(null, { status: 499 }) : errorResponse(error, log());
      status = response.status;
      rawBody = null;
    }
    response?.headers.set('x-request-id', requestId);
    const seconds = (performance.now() - started) / 1000;
    recordRequest(req.method, route, status, seconds);
    if (ctx?.kind === 'apiKey' && ctx.pluginInstallationId) {
      await recordPluginApiCall({ installationId: ctx.pluginInstallationId, method: req.method, route, status, durationMs: Math.round(seconds * 1000) });
    }
    const level = status < 400 ? accessLevel : 'info';
    if (logger.isLevelEnabled(level)) {
      (child ?? logger)[level]({ ...(child ? {} : bindings), status, ms: Math.round(seconds * 1000), actor: ctx?.kind === 'user' || ctx?.kind === 'apiKey' ? ctx.userId : ctx?.kind === 'servicePrincipal' ? ctx.servicePrincipalId : undefined }, 'request');
    }
    return { response, body: rawBody, status, headers: response ? {} : { ...JSON_HEADERS, 'x-request-id': requestId } };
  };
  const handler = async (req: Request, context: NextContext): Promise<Response> => (await serve(req, context, false)).response!;

  const meta: RouteMeta = {
    auth: kinds,
    permission: config.permission,
    authorization: config.authorization,
    mfa: config.mfa ?? false,
    scopes: config.scopes,
    params: config.params as Schema | undefined,
    query: config.query as Schema | undefined,
    body: config.body as Schema | undefined,
    cleanText: config.cleanText ?? false,
    maxBodyBytes: config.maxBodyBytes,
    requestBody: config.requestBody,
    response: config.response,
    responseContentType: config.responseContentType,
    status: config.status ?? 200,
    summary: config.summary,
    description: config.description,
    tags: config.tags,
    errors: config.errors,
  };
  return Object.assign(handler, { meta, serveRaw: (req: Request, context: NextContext) => serve(req, context, true) });
}

/**
 * The backstop: a handler returned without any authorization decision on its context. In
 * enforce mode (tests, the e2e stack) the request fails with 500; in log mode (production
 * default) the answer still goes out and the miss is logged as an error to be fixed.
 */
function undecided(log: typeof logger): void {
  const message = 'Authorization backstop: the handler ran no scope or permission decision';
  if (env().AUTHZ_BACKSTOP === 'enforce') throw new Error(message);
  log.error(message);
}

function parseParams(schema: Schema, raw: Record<string, string | string[]>) {
  const result = schema.safeParse(raw);
  // A malformed id names no record: answer exactly like a missing one.
  if (!result.success) throw new AppError('NOT_FOUND', 404, 'Resource not found');
  return result.data;
}

function idOf(result: unknown): string | null {
  if (result && typeof result === 'object') {
    const r = result as { id?: unknown; data?: { id?: unknown } };
    if (typeof r.id === 'string') return r.id;
    if (r.data && typeof r.data.id === 'string') return r.data.id;
  }
  return null;
}

function clientClosed(req: Request, error: unknown): boolean {
  if (error instanceof AppError) return false;
  if (req.signal?.aborted) return true;
  // A database connection reset is the server's trouble (503), not the client leaving.
  if (isDatabaseUnavailable(error)) return false;
  const e = error as { name?: string; code?: string; message?: string } | null;
  return e?.name === 'AbortError' || e?.code === 'ECONNRESET' || e?.code === 'ABORT_ERR' || e?.message === 'aborted';
}

export function errorResponse(error: unknown, log = logger): Response {
  const appError = error instanceof AppError ? error : translateDbError(error);
  if (appError) {
    return jsonResponse(errorBody(appError.code, appError.message, appError.details), appError.status, appError.headers);
  }
  log.error({ err: error }, 'unhandled error');
  return jsonResponse(errorBody('INTERNAL_ERROR', 'An unexpected error occurred'), 500);
}
