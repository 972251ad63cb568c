// /api/v1/api-keys/:id — one API key.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZApiKey, ZUpdateApiKey } from '@/lib/api-keys/schemas';
import { getApiKeyOrThrow } from '@/lib/api-keys/get-api-key-or-throw';
import { toApiKeyDto } from '@/lib/api-keys/to-api-key-dto';
import { updateApiKey } from '@/lib/api-keys/update-api-key';
import { revokeApiKey } from '@/lib/api-keys/revoke-api-key';

export const GET = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  params: ZIdParams,
  summary: 'Get an API key',
  description: 'Metadata only: prefix, scopes, status, expiry, last use (time and address), rotation grace.',
  tags: ['API keys'],
  response: ZApiKey,
  handler: async ({ ctx, params }) => toApiKeyDto(await getApiKeyOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  mfa: true,
  params: ZIdParams,
  body: ZUpdateApiKey,
  summary: 'Update an API key',
  description: '`name`, `scopes` (within the owner\'s permissions) and `expiresAt` (null: never). Owner only (403 `NOT_KEY_OWNER`); 409 `API_KEY_REVOKED`.',
  tags: ['API keys'],
  response: ZApiKey,
  handler: ({ ctx, params, body }) => updateApiKey(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  params: ZIdParams,
  summary: 'Revoke an API key',
  description: 'Stops the key (and any rotation grace secret) at once; the key stays listed as revoked. The owner, or a `users:manage` holder who could manage the owner. Revoking twice is not an error.',
  tags: ['API keys'],
  handler: ({ ctx, params }) => revokeApiKey(ctx, params.id),
});
