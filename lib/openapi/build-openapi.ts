// Builds the OpenAPI 3.1 document from the same zod schemas and route metadata the wrapper
// enforces, so the documentation cannot drift from validation.
import { z } from 'zod';
import type { DocumentedError, RouteMeta } from '@/lib/http/define-route';
import { SchemaComponents } from '@/lib/openapi/schema-components';
import { ZErrorResponse } from '@/lib/openapi/error-schemas';
import { PERMISSIONS } from '@/lib/auth/permissions';
import { MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH } from '@/lib/http/parse-input';

const INPUT_RULES = [
  'Input rules shared by every operation (400 `VALIDATION_ERROR` naming the field, e.g. `body.lines.0.description`, `query.search`, `params.id`):',
  '- no string or object key, in path, query or body, may contain U+0000 or an unpaired UTF-16 surrogate (`\\u0000`, `\\ud800` escapes included);',
  `- JSON nests at most ${MAX_JSON_DEPTH} objects or arrays deep, free-form fields (settings, metadata, payloads) included;`,
  `- a JSON body is at most ${MAX_JSON_BODY_BYTES / 1024 / 1024} MiB unless the operation says otherwise (413 \`PAYLOAD_TOO_LARGE\`), and comes with \`Content-Type: application/json\` (or any \`application/*+json\`), else 415 \`UNSUPPORTED_MEDIA_TYPE\`; an operation whose body is optional may be called with no body at all.`,
  'A path no operation serves answers 404 `NOT_FOUND`, a method a path does not serve 405 `METHOD_NOT_ALLOWED` with an `Allow` header, both in the error envelope.',
].join('\n');

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type JsonSchema = Record<string, unknown>;

const RETRY_AFTER = { $ref: '#/components/headers/RetryAfter' };

/** The shared error responses, by status; operations refer to them. */
const ERROR_RESPONSES: Record<DocumentedError, { name: string; description: string; retryAfter?: true }> = {
  400: { name: 'BadRequest', description: 'Invalid input: `VALIDATION_ERROR` naming each field in `details`, `INVALID_JSON`, or a code the operation describes' },
  401: { name: 'Unauthorized', description: 'Missing or invalid credentials (`UNAUTHORIZED` or a more specific code)' },
  403: { name: 'Forbidden', description: 'Forbidden: missing permission or scope, MFA required (`MFA_REQUIRED`), partner inactive, IP allowlist' },
  404: { name: 'NotFound', description: 'Not found, or outside the caller’s scope (`NOT_FOUND`)' },
  409: { name: 'Conflict', description: 'Conflicts with the current state or another record (`CONFLICT` or a more specific code)' },
  413: { name: 'PayloadTooLarge', description: 'The body is over the operation’s limit (`PAYLOAD_TOO_LARGE`): 1 MiB unless the operation says otherwise' },
  415: { name: 'UnsupportedMediaType', description: 'A body sent without a JSON content type (`UNSUPPORTED_MEDIA_TYPE`)' },
  422: { name: 'UnprocessableEntity', description: 'Valid input the operation cannot act on for this record (a code the operation describes)' },
  429: { name: 'TooManyRequests', description: 'Rate limited or locked out (`RATE_LIMITED` or a more specific code); retry after `Retry-After` seconds', retryAfter: true },
  503: { name: 'ServiceUnavailable', description: 'Temporarily unavailable (`SERVICE_UNAVAILABLE` or a more specific code), e.g. the database cannot be reached; retry after `Retry-After` seconds', retryAfter: true },
};

function parametersOf(schemas: SchemaComponents, schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = schemas.schemaOf(schema, 'input');
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' ? true : required.has(name) && s.default === undefined,
      ...(typeof description === 'string' ? { description } : {}),
      schema: typeof description === 'string' ? rest : s,
    };
  });
}

function securityOf(meta: RouteMeta) {
  const schemes: Record<string, string> = { user: 'bearerAuth', apiKey: 'apiKey', servicePrincipal: 'servicePrincipalKey', agent: 'agentToken', portal: 'portalSession', inboundEmail: 'inboundEmailSecret', agentNarrowed: 'agentToken' };
  const list = meta.auth.filter((a) => a !== 'none').map((a) => ({ [schemes[a] ?? a]: [] }));
  return meta.auth.includes('none') ? [...list, {}] : list;
}

/** The error statuses an operation can answer, from its configuration. */
function errorStatuses(meta: RouteMeta, method: string, path: string): DocumentedError[] {
  const statuses = new Set<DocumentedError>(meta.errors ?? []);
  const jsonBody = !!meta.body || (!!meta.requestBody && /json/i.test(meta.requestBody.contentType));
  if (meta.params || meta.query || meta.body || meta.requestBody) statuses.add(400);
  if (!meta.auth.includes('none')) {
    statuses.add(401);
    statuses.add(403);
  }
  if (path.includes('{')) statuses.add(404);
  // Any write can clash with the current state or another record (a unique key); anonymous
  // routes (sign-in, registration, public links) say so themselves when they can.
  if (WRITES.has(method) && meta.authorization !== 'public') statuses.add(409);
  if (meta.body || meta.requestBody) statuses.add(413);
  if (jsonBody) statuses.add(415);
  // The partner API meters writes per service principal (hourly budgets).
  if (meta.auth.includes('servicePrincipal') && WRITES.has(method)) statuses.add(429);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** `getOrgsPartnersId` from GET /orgs/partners/{id}. */
function operationId(method: string, path: string): string {
  return `${method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/(^|[/-])(\w)/g, (_m, _s, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '')}`;
}

function operation(schemas: SchemaComponents, meta: RouteMeta, method: string, path: string) {
  const notes: string[] = [];
  if (meta.permission !== 'none') notes.push(`Permission: \`${meta.permission}\`.`);
  if (meta.mfa) notes.push('MFA-gated: needs an access token minted after its session completed an MFA challenge (`mfa` claim true; 403 `MFA_REQUIRED` otherwise).');
  if (meta.scopes) notes.push(`Scopes: ${meta.scopes.join(', ')}.`);
  if (meta.cleanText) notes.push('NUL and unpaired surrogate characters in the body are removed (replaced by U+FFFD), not refused.');
  if (meta.maxBodyBytes) notes.push(`Bodies up to ${meta.maxBodyBytes / 1024 / 1024} MiB (413 beyond).`);
  const success: Record<string, unknown> =
    meta.status >= 300 && meta.status < 400
      ? { [String(meta.status)]: { description: 'Redirect', headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } } }
      : meta.status === 204 || (method === 'DELETE' && !meta.response)
      ? { '204': { description: 'No content' } }
      : {
          [String(meta.status)]: {
            description: 'Success',
            content: {
              [meta.responseContentType ?? 'application/json']: { schema: meta.response ? schemas.schemaOf(meta.response, 'output') : meta.responseContentType ? { type: 'string' } : { type: 'object' } },
            },
          },
        };
  const errors = Object.fromEntries(errorStatuses(meta, method, path).map((s) => [String(s), { $ref: `#/components/responses/${ERROR_RESPONSES[s].name}` }]));
  return {
    operationId: operationId(method, path),
    summary: meta.summary,
    description: [meta.description, notes.join(' ')].filter(Boolean).join('\n\n'),
    tags: meta.tags ?? [],
    parameters: [...parametersOf(schemas, meta.params, 'path'), ...parametersOf(schemas, meta.query, 'query')],
    // An empty body reads as {}: a body whose every field is optional may be left out.
    ...(meta.body ? { requestBody: { required: !meta.body.safeParse({}).success, content: { 'application/json': { schema: schemas.schemaOf(meta.body, 'input') } } } } : {}),
    ...(!meta.body && meta.requestBody
      ? { requestBody: { required: true, description: meta.requestBody.description, content: { [meta.requestBody.contentType]: { schema: schemas.adopt(meta.requestBody.schema) } } } }
      : {}),
    responses: { ...success, ...errors },
    security: securityOf(meta),
    'x-permission': meta.permission,
    'x-mfa-required': meta.mfa,
    ...(meta.authorization ? { 'x-authorization': meta.authorization } : {}),
    ...(meta.scopes ? { 'x-scopes': meta.scopes } : {}),
  };
}

export async function buildOpenApi(index: { path: string; load: () => Promise<Record<string, unknown>> }[], serverUrl: string) {
  const schemas = new SchemaComponents();
  const errorRef = schemas.schemaOf(ZErrorResponse, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  const used = new Set<DocumentedError>();
  for (const entry of index) {
    const mod = await entry.load();
    for (const method of METHODS) {
      const handler = mod[method] as { meta?: RouteMeta } | undefined;
      if (!handler?.meta) continue;
      const op = operation(schemas, handler.meta, method, entry.path);
      for (const s of Object.keys(op.responses)) if (Number(s) in ERROR_RESPONSES) used.add(Number(s) as DocumentedError);
      (paths[entry.path] ??= {})[method.toLowerCase()] = op;
    }
  }
  const responses = Object.fromEntries(
    [...used].sort((a, b) => a - b).map((s) => {
      const r = ERROR_RESPONSES[s];
      return [r.name, { description: r.description, ...(r.retryAfter ? { headers: { 'Retry-After': RETRY_AFTER } } : {}), content: { 'application/json': { schema: errorRef } } }];
    }),
  );
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'RMM Service API',
      version: '1.0.0',
      license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
      description: `Remote monitoring and management for managed service providers. Every path is relative to the server URL, which ends in /api/v1.\n\n${INPUT_RULES}\n\nPermissions:\n${Object.entries(PERMISSIONS).map(([k, v]) => `- \`${k}\`: ${v}`).join('\n')}`,
    },
    servers: [{ url: serverUrl, description: 'This service (its public base URL)' }],
    paths,
    components: {
      responses,
      headers: {
        RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        servicePrincipalKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Partner service-principal key (svc_sp_…), partner API only' },
        agentToken: { type: 'http', scheme: 'bearer', description: 'Agent token issued at enrollment' },
        portalSession: { type: 'apiKey', in: 'cookie', name: 'rmm_portal' },
        inboundEmailSecret: { type: 'http', scheme: 'bearer', description: 'INBOUND_EMAIL_SECRET, sent by the mail server hook of POST /tickets/inbound-email' },
      },
    },
  };
  return schemas.finish(doc);
}
