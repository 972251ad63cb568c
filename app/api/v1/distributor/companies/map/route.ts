// POST /api/v1/distributor/companies/map — map, unmap or ignore a distributor company.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZCompany, ZMapCompany } from '@/lib/distributor/schemas';
import { mapCompany } from '@/lib/distributor/map-company';
import { DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  body: ZMapCompany,
  summary: 'Map, unmap or ignore a distributor company',
  description:
    'Partner or system scope with `billing:manage` (organization-scoped tokens are refused); the partner is derived from `integrationId`. `orgId` maps the company to an organization of that partner the caller can reach (404 otherwise); `orgId: null` unmaps; `ignored` sets or clears the ignore flag (ignored companies never back a direct order). Several companies may map to one organization. MFA required; audited.',
  tags: DISTRIBUTOR_TAGS,
  response: z.object({ data: ZCompany }),
  audit: 'distributor_company.map',
  handler: ({ ctx, body }) => mapCompany(ctx, body),
});
