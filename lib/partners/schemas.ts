import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { SLUG_PATTERN } from '@/lib/tenancy/slugify';
import { ZTimeZone } from '@/lib/tenancy/timezone';
import { ZSsoConfig, ZSsoConfigPatch } from '@/lib/partners/sso-config';

export const PARTNER_TYPES = ['msp', 'enterprise', 'internal'] as const;
export const PARTNER_PLANS = ['free', 'starter', 'community', 'pro', 'enterprise', 'unlimited'] as const;
export const PARTNER_STATUSES = ['pending', 'active', 'suspended', 'churned', 'offboarding'] as const;
export const SERVICE_MANAGEMENT_MODES = ['native', 'external', 'off'] as const;

export const ZSlug = z.string().trim().min(1).max(100).regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens');
const ZLimit = z.number().int().min(0).max(10_000_000).nullable();

export const ZPartnerSettings = z
  .object({
    timezone: ZTimeZone.optional(),
    businessHours: z.object({ preset: z.string().max(64) }).passthrough().optional(),
    contact: z.object({ name: z.string().max(255).optional(), email: z.string().email().max(255).optional() }).passthrough().optional(),
    security: z.object({ ipAllowlist: z.array(z.string().max(64)).max(500).optional() }).passthrough().optional(),
    // The AI assistant's monthly budget for this partner (null: the service default).
    ai: z.object({ monthlyTokenBudget: z.number().int().min(0).max(1_000_000_000_000).nullable().optional(), monthlyCostBudgetUsd: z.number().min(0).max(1_000_000).nullable().optional() }).passthrough().optional(),
  })
  .passthrough()
  .meta({ id: 'PartnerSettings' });

export const ZCreatePartner = z.object({
  name: z.string().trim().min(1).max(255),
  slug: ZSlug,
  type: z.enum(PARTNER_TYPES).default('msp'),
  plan: z.enum(PARTNER_PLANS).default('free'),
  status: z.enum(['pending', 'active', 'suspended']).default('active'),
  maxOrganizations: ZLimit.optional(),
  maxDevices: ZLimit.optional(),
  billingEmail: z.string().trim().email().max(255).nullable().optional(),
});

export const ZUpdatePartner = z
  .object({
    name: z.string().trim().min(1).max(255),
    slug: ZSlug,
    type: z.enum(PARTNER_TYPES),
    plan: z.enum(PARTNER_PLANS),
    status: z.enum(PARTNER_STATUSES),
    maxOrganizations: ZLimit,
    maxDevices: ZLimit,
    billingEmail: z.string().trim().email().max(255).nullable(),
    settings: ZPartnerSettings,
    serviceManagementMode: z.enum(SERVICE_MANAGEMENT_MODES),
    serviceManagementPsaConnectionId: z.string().uuid().nullable(),
    ssoConfig: ZSsoConfigPatch.nullable().describe('Sets the stored policy (`allowed`); null restores the default'),
  })
  .partial()
  .strict();

export const ZUpdateMyPartner = z
  .object({
    name: z.string().trim().min(1).max(255),
    billingEmail: z.string().trim().email().max(255).nullable(),
    settings: ZPartnerSettings,
    serviceManagementMode: z.enum(SERVICE_MANAGEMENT_MODES),
    serviceManagementPsaConnectionId: z.string().uuid().nullable(),
  })
  .partial()
  .strict();

export const ZListPartnersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(PARTNER_STATUSES).optional(),
  search: z.string().trim().max(255).optional(),
});

export const ZPartner = z.object({
  id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(PARTNER_TYPES),
  plan: z.enum(PARTNER_PLANS),
  status: z.enum(PARTNER_STATUSES),
  maxOrganizations: z.number().int().nullable(),
  maxDevices: z.number().int().nullable(),
  settings: ZPartnerSettings,
  serviceManagementMode: z.enum(SERVICE_MANAGEMENT_MODES),
  serviceManagementPsaConnectionId: z.string().uuid().nullable(),
  ssoConfig: ZSsoConfig.describe('Single sign-on: the operator’s policy and a summary of the partner’s SSO providers (managed at /sso/providers)'),
  billingEmail: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  deletedAt: ZTimestamp.nullable(),
}).meta({ id: 'Partner' });

export type TPartner = z.infer<typeof ZPartner>;
