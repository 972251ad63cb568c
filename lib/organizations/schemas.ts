import { z } from 'zod';
import { zJsonObject, ZTimestamp } from '@/lib/http/common-schemas';
import { ZSlug } from '@/lib/partners/schemas';
import { ZTimeZone } from '@/lib/tenancy/timezone';

export const ORG_STATUSES = ['active', 'trial', 'suspended', 'inactive'] as const;

const ZContact = z.object({
  name: z.string().trim().max(255).optional(),
  email: z.string().trim().email().max(255).optional(),
  phone: z.string().trim().max(64).optional(),
});

export const ZCreateOrganization = z.object({
  name: z.string().trim().min(1).max(255),
  slug: ZSlug.optional().describe('Derived from the name when omitted'),
  status: z.enum(ORG_STATUSES).default('active'),
  timezone: ZTimeZone.optional(),
  settings: zJsonObject().default({}),
  contractStart: z.string().date().optional(),
  billingContact: ZContact.optional(),
  maxDevices: z.number().int().min(0).max(10_000_000).nullable().optional(),
  partnerId: z.string().uuid().optional().describe('Required for system-scope callers; ignored otherwise'),
});

export const ZUpdateOrganization = z
  .object({
    name: z.string().trim().min(1).max(255),
    slug: ZSlug,
    status: z.enum(ORG_STATUSES),
    timezone: ZTimeZone.nullable(),
    settings: zJsonObject(),
    contractStart: z.string().date().nullable(),
    billingContact: ZContact.nullable(),
    maxDevices: z.number().int().min(0).max(10_000_000).nullable(),
  })
  .partial()
  .strict();

export const ZListOrganizationsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(255).optional(),
  status: z.enum(ORG_STATUSES).optional(),
  partnerId: z.string().uuid().optional().describe('System scope only: one partner'),
});

export const ZOrganization = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  status: z.string(),
  timezone: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  contractStart: z.string().nullable(),
  billingContact: z.record(z.string(), z.unknown()).nullable(),
  maxDevices: z.number().int().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Organization' });
