import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { ZPermissionName } from '@/lib/roles/schemas';

const ZScopes = z
  .array(ZPermissionName)
  .min(1, 'Give the key at least one scope')
  .max(100)
  .transform((list) => [...new Set(list)])
  .describe('Permissions the key may use; each must be one of the owner\'s permissions');

const ZFutureDate = z.iso
  .datetime({ offset: true })
  .refine((v) => new Date(v).getTime() > Date.now(), 'Must be in the future')
  .refine((v) => new Date(v).getTime() < Date.now() + 5 * 366 * 86_400_000, 'Must be within five years');

export const ZListApiKeysQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(['active', 'expired', 'revoked']).optional(),
  userId: z.string().uuid().optional().describe('Keys of one owner (other owners need users:manage)'),
  mine: z.enum(['true', 'false']).transform((v) => v === 'true').optional().describe('Only the caller\'s own keys'),
});

export const ZCreateApiKey = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: ZScopes,
    expiresAt: ZFutureDate.nullable().optional().describe('Omit or null: the key does not expire'),
  })
  .strict();

export const ZUpdateApiKey = z
  .object({ name: z.string().trim().min(1).max(100), scopes: ZScopes, expiresAt: ZFutureDate.nullable() })
  .partial()
  .strict();

export const ZRotateApiKey = z
  .object({
    gracePeriodSeconds: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe('How long the old secret keeps working (0: it stops at once); at most API_KEY_MAX_GRACE_HOURS'),
  })
  .strict();

export const ZApiKey = z.object({
  id: z.string().uuid(),
  name: z.string(),
  prefix: z.string().describe('Non-secret start of the key, to tell keys apart'),
  scopes: z.array(z.string()),
  status: z.enum(['active', 'expired', 'revoked']),
  owner: z.object({ id: z.string().uuid(), email: z.string(), name: z.string() }),
  partnerId: z.string().uuid().nullable(),
  orgId: z.string().uuid().nullable(),
  expiresAt: ZTimestamp.nullable(),
  lastUsedAt: ZTimestamp.nullable(),
  lastUsedIp: z.string().nullable(),
  rotatedAt: ZTimestamp.nullable(),
  previousSecretExpiresAt: ZTimestamp.nullable().describe('While set, the secret replaced by the last rotation still works'),
  revokedAt: ZTimestamp.nullable(),
  revokedReason: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'ApiKey' });

export const ZApiKeyWithSecret = ZApiKey.extend({
  key: z.string().describe('The secret, shown only in this response: store it now'),
}).meta({ id: 'ApiKeyWithSecret' });
