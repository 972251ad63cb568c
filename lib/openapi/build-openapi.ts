// Builds the OpenAPI 3.1 document from the same zod schemas and route metadata the wrapper
// enforces, so the documentation cannot drift from validation.
import { z } from 'zod';
import type { RouteMeta } from '@/lib/http/define-route';
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

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name) && s.default === undefined,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function securityOf(meta: RouteMeta) {
  const schemes: Record<string, string> = { user: 'bearerAuth', apiKey: 'apiKey', servicePrincipal: 'servicePrincipalKey', agent: 'agentToken', portal: 'portalSession', inboundEmail: 'inboundEmailSecret', agentNarrowed: 'agentToken' };
  const list = meta.auth.filter((a) => a !== 'none').map((a) => ({ [schemes[a] ?? a]: [] }));
  return meta.auth.includes('none') ? [...list, {}] : list;
}

function operation(meta: RouteMeta, method: string, path: string) {
  const notes: string[] = [];
  if (meta.permission !== 'none') notes.push(`Permission: \`${meta.permission}\`.`);
  if (meta.mfa) notes.push('MFA-gated: needs an access token minted after its session completed an MFA challenge (`mfa` claim true; 403 `MFA_REQUIRED` otherwise).');
  if (meta.scopes) notes.push(`Scopes: ${meta.scopes.join(', ')}.`);
  if (meta.cleanText) notes.push('NUL and unpaired surrogate characters in the body are removed (replaced by U+FFFD), not refused.');
  const success: Record<string, unknown> =
    meta.status === 204 || (method === 'DELETE' && !meta.response)
      ? { '204': { description: 'No content' } }
      : {
          [String(meta.status)]: {
            description: 'Success',
            content: { 'application/json': { schema: meta.response ? toSchema(meta.response, 'output') : { type: 'object' } } },
          },
        };
  const errors: Record<string, unknown> = { '400': { description: 'Invalid input', content: { 'application/json': { schema: ERROR_REF } } } };
  if (!meta.auth.includes('none')) {
    errors['401'] = { description: 'Missing or invalid credentials', content: { 'application/json': { schema: ERROR_REF } } };
    errors['403'] = { description: 'Forbidden (permission, scope, MFA, partner inactive, IP allowlist)', content: { 'application/json': { schema: ERROR_REF } } };
  }
  if (path.includes('{')) errors['404'] = { description: 'Not found or outside the caller’s scope', content: { 'application/json': { schema: ERROR_REF } } };
  if (meta.body) {
    errors['413'] = { description: `Body over ${(meta.maxBodyBytes ?? MAX_JSON_BODY_BYTES) / 1024 / 1024} MiB`, content: { 'application/json': { schema: ERROR_REF } } };
    errors['415'] = { description: 'A body without a JSON content type', content: { 'application/json': { schema: ERROR_REF } } };
  }
  return {
    operationId: `${method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/(^|[/-])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`,
    summary: meta.summary,
    description: [meta.description, notes.join(' ')].filter(Boolean).join('\n\n'),
    tags: meta.tags ?? [],
    parameters: [...parametersOf(meta.params, 'path'), ...parametersOf(meta.query, 'query')],
    ...(meta.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(meta.body, 'input') } } } } : {}),
    ...(!meta.body && meta.requestBody
      ? { requestBody: { required: true, description: meta.requestBody.description, content: { [meta.requestBody.contentType]: { schema: meta.requestBody.schema } } } }
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
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of index) {
    const mod = await entry.load();
    for (const method of METHODS) {
      const handler = mod[method] as { meta?: RouteMeta } | undefined;
      if (!handler?.meta) continue;
      (paths[entry.path] ??= {})[method.toLowerCase()] = operation(handler.meta, method, entry.path);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'RMM Service API',
      version: '1.0.0',
      description: `Remote monitoring and management for managed service providers. Every path is relative to the server URL, which ends in /api/v1.\n\n${INPUT_RULES}\n\nPermissions:\n${Object.entries(PERMISSIONS).map(([k, v]) => `- \`${k}\`: ${v}`).join('\n')}`,
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        servicePrincipalKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Partner service-principal key (svc_sp_…), partner API only' },
        agentToken: { type: 'http', scheme: 'bearer', description: 'Agent token issued at enrollment' },
        portalSession: { type: 'apiKey', in: 'cookie', name: 'rmm_portal' },
        inboundEmailSecret: { type: 'http', scheme: 'bearer', description: 'INBOUND_EMAIL_SECRET, sent by the mail server hook of POST /tickets/inbound-email' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'details'],
              properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
            },
          },
        },
      },
    },
  };
}
