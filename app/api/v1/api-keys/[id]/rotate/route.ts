// POST /api/v1/api-keys/:id/rotate — replace the secret.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZApiKeyWithSecret, ZRotateApiKey } from '@/lib/api-keys/schemas';
import { rotateApiKey } from '@/lib/api-keys/rotate-api-key';

export const POST = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  mfa: true,
  params: ZIdParams,
  body: ZRotateApiKey,
  summary: 'Rotate an API key',
  description:
    'Returns the new `key` once. With `gracePeriodSeconds` > 0 (at most `API_KEY_MAX_GRACE_HOURS`, default 168 h) the old secret keeps working until `previousSecretExpiresAt`; otherwise it stops at once. A new rotation ends an earlier grace immediately. Owner only (403 `NOT_KEY_OWNER`); 409 `API_KEY_REVOKED` or `API_KEY_EXPIRED`.',
  tags: ['API keys'],
  response: ZApiKeyWithSecret,
  handler: ({ ctx, params, body }) => rotateApiKey(ctx, params.id, body),
});
