import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { zText } from '@/lib/http/storable-text';

/** Doc 3 limits. */
export const MAX_USAGE_LIMIT = 100_000;
export const MAX_TTL_MINUTES = 525_600;

export const ZCreateEnrollmentKey = z
  .object({
    name: zText(255, 1),
    orgId: z.string().uuid().optional().describe('Optional for a partner with exactly one organization'),
    siteId: z.string().uuid().optional().describe('Pins enrolled devices to this site of the organization'),
    maxUsage: z.number().int().min(1).max(MAX_USAGE_LIMIT).optional().describe('Enrollments allowed (1–100,000); unlimited when omitted'),
    ttlMinutes: z.number().int().min(1).max(MAX_TTL_MINUTES).optional().describe('Lifetime in minutes (1–525,600); excludes expiresAt'),
    expiresAt: z.string().datetime({ offset: true }).optional().describe('Absolute expiry; excludes ttlMinutes'),
    issueEnrollmentSecret: z.boolean().default(false).describe('Also mint a per-key enrollmentSecret (returned once); otherwise the global AGENT_ENROLLMENT_SECRET applies'),
  })
  .strict()
  .refine((v) => !(v.ttlMinutes !== undefined && v.expiresAt !== undefined), {
    message: 'ttlMinutes and expiresAt are mutually exclusive',
    path: ['ttlMinutes'],
  });

export const ZListEnrollmentKeysQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  orgId: z.string().uuid().optional(),
  siteId: z.string().uuid().optional(),
  status: z.enum(['active', 'expired', 'exhausted']).optional(),
});

export const ENROLLMENT_KEY_STATUSES = ['active', 'expired', 'exhausted'] as const;

export const ZEnrollmentKey = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid(),
  siteId: z.string().uuid().nullable(),
  deviceId: z.string().uuid().nullable().describe('Set for the single-use key of POST /devices/provision'),
  name: z.string(),
  keyPrefix: z.string().describe('First characters of the key, to recognise it; the key itself is never shown again'),
  hasEnrollmentSecret: z.boolean(),
  maxUsage: z.number().int().nullable(),
  usageCount: z.number().int(),
  status: z.enum(ENROLLMENT_KEY_STATUSES),
  expiresAt: ZTimestamp,
  lastUsedAt: ZTimestamp.nullable(),
  rotatedAt: ZTimestamp.nullable(),
  createdById: z.string().uuid().nullable(),
  createdAt: ZTimestamp,
}).meta({ id: 'EnrollmentKey' });

export const ZEnrollmentKeyWithSecret = ZEnrollmentKey.extend({
  key: z.string().describe('The raw key: returned exactly once'),
  enrollmentSecret: z.string().optional().describe('The per-key secret, when issued: returned exactly once'),
}).meta({ id: 'EnrollmentKeyWithSecret' });
