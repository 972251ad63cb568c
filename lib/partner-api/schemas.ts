// Service-principal management and partner-API request/response shapes (doc 3 "Partner API").
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { parseCidr } from '@/lib/net/ip';
import { PARTNER_API_SCOPE_NAMES } from '@/lib/partner-api/scopes';
import { ZTimeZone } from '@/lib/tenancy/timezone';
import { ZSlug } from '@/lib/partners/schemas';
import { MAX_TTL_MINUTES, MAX_USAGE_LIMIT } from '@/lib/enrollment-keys/schemas';
import { zText } from '@/lib/http/storable-text';

/** Effective write budget ceiling per principal per hour (doc 3 Limits). */
export const PARTNER_API_MAX_WRITES_PER_HOUR = 120;
export const PARTNER_API_MAX_PAGE = 500;

const ZFutureDate = z.iso
  .datetime({ offset: true })
  .refine((v) => new Date(v).getTime() > Date.now(), 'Must be in the future')
  .refine((v) => new Date(v).getTime() < Date.now() + 5 * 366 * 86_400_000, 'Must be within five years');

const ZCidr = z
  .string()
  .trim()
  .max(64)
  .refine((v) => parseCidr(v) !== null, 'Not an IPv4/IPv6 address or CIDR range');

export const ZCreateServicePrincipal = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: zText(1000).optional(),
    scopes: z
      .array(z.enum(PARTNER_API_SCOPE_NAMES))
      .min(1, 'Give the principal at least one scope')
      .transform((list) => [...new Set(list)])
      .describe('Partner-API scopes (see the partner-API routes for which each allows)'),
    expiresAt: ZFutureDate.nullable().optional().describe('Omit or null: no expiry (then it cannot mint enrollment keys)'),
    allowedCidrs: z
      .array(ZCidr)
      .max(50)
      .default([])
      .describe('Source addresses (CIDR or literal) the key is accepted from; empty: any (then it cannot mint enrollment keys)'),
    writeLimitPerHour: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(PARTNER_API_MAX_WRITES_PER_HOUR)
      .describe('The key\'s hourly write limit; the effective budget is min(this, 120)'),
    orgIds: z
      .array(z.string().uuid())
      .max(1000)
      .optional()
      .describe('Narrow the principal to these organizations of the partner; omit for every organization. Organizations it creates are added.'),
  })
  .strict();

export const ZUpdateServicePrincipal = z
  .object({
    name: ZCreateServicePrincipal.shape.name,
    description: zText(1000).nullable(),
    scopes: ZCreateServicePrincipal.shape.scopes,
    expiresAt: ZFutureDate.nullable().describe('null: no expiry'),
    allowedCidrs: z.array(ZCidr).max(50),
    writeLimitPerHour: z.number().int().min(1).max(10_000),
    orgIds: z.array(z.string().uuid()).max(1000).nullable().describe('null: every organization of the partner'),
  })
  .partial()
  .strict();

export const ZListServicePrincipalsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(['active', 'expired', 'revoked']).optional(),
});

export const ZServicePrincipal = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  prefix: z.string().describe('Non-secret start of the key'),
  scopes: z.array(z.string()),
  orgAccess: z.enum(['all', 'selected']),
  orgIds: z.array(z.string().uuid()),
  allowedCidrs: z.array(z.string()),
  writeLimitPerHour: z.number().int(),
  effectiveWritesPerHour: z.number().int().describe('min(writeLimitPerHour, 120)'),
  canMintEnrollmentKeys: z.boolean().describe('True when the principal has the scope, an expiry and a CIDR allowlist'),
  status: z.enum(['active', 'expired', 'revoked']),
  expiresAt: ZTimestamp.nullable(),
  lastUsedAt: ZTimestamp.nullable(),
  lastUsedIp: z.string().nullable(),
  createdById: z.string().uuid().nullable(),
  revokedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
}).meta({ id: 'ServicePrincipal' });

export const ZServicePrincipalWithKey = ZServicePrincipal.extend({
  key: z.string().describe('The key (svc_sp_…), shown only in this response: store it now'),
});

// ——— Partner-API exports ———

export const ZExportQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PARTNER_API_MAX_PAGE).default(100).describe('Page size, at most 500'),
  cursor: z.string().max(2000).optional().describe('nextCursor of the previous page'),
});

export const ZExportPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
    hasMore: z.boolean(),
  });

// ——— Partner-API writes ———

const ZContact = z.object({
  name: z.string().trim().max(255).optional(),
  email: z.string().trim().email().max(255).optional(),
  phone: z.string().trim().max(64).optional(),
});

export const ZProvisionOrganization = z
  .object({
    name: zText(255, 1),
    slug: ZSlug,
    type: zText(50, 1).optional().describe('Free-form organization type (e.g. customer, internal); kept in the organization settings as `type`'),
    status: z.enum(['active', 'trial']).default('active').describe('Only active or trial'),
  })
  .strict();

export const ZProvisionSite = z
  .object({
    orgId: z.string().uuid(),
    name: zText(255, 1),
    timezone: ZTimeZone.optional(),
    address: z.string().trim().max(1000).optional(),
    contact: ZContact.optional(),
  })
  .strict();

export const ZProvisionEnrollmentKey = z
  .object({
    orgId: z.string().uuid(),
    name: zText(255, 1),
    siteId: z.string().uuid().optional().describe('Pins enrolled devices to this site of the organization'),
    maxUsage: z.number().int().min(1).max(MAX_USAGE_LIMIT).optional().describe('1–100,000; unlimited when omitted'),
    ttlMinutes: z.number().int().min(1).max(MAX_TTL_MINUTES).optional().describe('1–525,600; excludes expiresAt'),
    expiresAt: z.string().datetime({ offset: true }).optional().describe('Absolute expiry; excludes ttlMinutes'),
    issueEnrollmentSecret: z.boolean().default(false).describe('Also mint a per-key enrollmentSecret, returned once'),
  })
  .strict()
  .refine((v) => !(v.ttlMinutes !== undefined && v.expiresAt !== undefined), {
    message: 'ttlMinutes and expiresAt are mutually exclusive',
    path: ['ttlMinutes'],
  });

export const EXPORT_PAGING_NOTE =
  'Cursor-paginated: `limit` (default 100, at most 500) and `cursor`; follow `nextCursor` while `hasMore` is true. Keyset paging on the primary key: rows inserted while you page never shift a page or repeat a row, and every row present when paging began is returned exactly once.';

export const WRITE_RULES_NOTE =
  'Every write takes one slot of the principal\'s hourly write budget, min(its `writeLimitPerHour`, 120); exhausted: 429 `RATE_LIMITED` with `Retry-After` (seconds). Header `X-Idempotency-Key` (1–255 visible ASCII characters): a repeat of the key (kept 24 hours) returns the first answer (header `Idempotency-Replayed: true`) without writing again or taking a slot; the same key with another body: 409 `IDEMPOTENCY_KEY_REUSED`. Writes are audited with the service principal as the actor.';
