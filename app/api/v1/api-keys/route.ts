// /api/v1/api-keys — list and create API keys.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZApiKey, ZApiKeyWithSecret, ZCreateApiKey, ZListApiKeysQuery } from '@/lib/api-keys/schemas';
import { listApiKeys } from '@/lib/api-keys/list-api-keys';
import { createApiKey } from '@/lib/api-keys/create-api-key';

export const GET = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  query: ZListApiKeysQuery,
  summary: 'List API keys',
  description: 'The caller\'s own keys; with `users:manage` also the keys of every user the caller can see. Secrets are never returned after creation.',
  tags: ['API keys'],
  response: ZPageOf(ZApiKey),
  handler: ({ ctx, query }) => listApiKeys(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  mfa: true,
  body: ZCreateApiKey,
  status: 201,
  summary: 'Create an API key',
  description: [
    'A key owned by the caller. `key` (`rmm_ak_…`) is in this response only; the server keeps its SHA-256. Send it as `X-API-Key: rmm_ak_…` (or `Authorization: Bearer rmm_ak_…`) on routes that accept API keys.',
    '`scopes` must be permissions the caller holds (403 `PRIVILEGE_ESCALATION`). On each request the key acts with the owner\'s current permissions narrowed to its scopes and the owner\'s organization access, so lowering the owner\'s role lowers the key at once; removing or disabling the owner stops it. Keys of partner and organization users obey the partner\'s IP allowlist and partner status. Optional `expiresAt`. At most 50 active keys per user (409 `API_KEY_LIMIT`).',
  ].join('\n\n'),
  tags: ['API keys'],
  response: ZApiKeyWithSecret,
  handler: ({ ctx, body }) => createApiKey(ctx, body),
});
