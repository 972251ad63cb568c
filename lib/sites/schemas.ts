import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { ZTimeZone } from '@/lib/tenancy/timezone';

export const ZSiteContact = z.object({
  name: z.string().trim().max(255).optional(),
  email: z.string().trim().email().max(255).optional(),
  phone: z.string().trim().max(64).optional(),
});

export const ZCreateSite = z.object({
  orgId: z.string().uuid(),
  name: z.string().trim().min(1).max(255),
  timezone: ZTimeZone.optional(),
  address: z.string().trim().max(1000).optional(),
  contact: ZSiteContact.optional(),
});

export const ZUpdateSite = z
  .object({
    name: z.string().trim().min(1).max(255),
    timezone: ZTimeZone.nullable(),
    address: z.string().trim().max(1000).nullable(),
    contact: ZSiteContact.nullable(),
  })
  .partial()
  .strict();

export const ZListSitesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  orgId: z.string().uuid().optional(),
  search: z.string().trim().max(255).optional(),
});

export const ZSite = z.object({
  id: z.string().uuid(),
  orgId: z.string().uuid(),
  partnerId: z.string().uuid(),
  name: z.string(),
  timezone: z.string().nullable(),
  address: z.string().nullable(),
  contact: z.record(z.string(), z.unknown()).nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Site' });
