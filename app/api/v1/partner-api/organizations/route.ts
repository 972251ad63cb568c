// /api/v1/partner-api/organizations — partner-API export and create-only write (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { organizationsExport } from '@/lib/partner-api/export-sources';
import { ZOrganizationExportRow } from '@/lib/partner-api/export-schemas';
import { ZProvisionOrganization, WRITE_RULES_NOTE } from '@/lib/partner-api/schemas';
import { runPartnerApiWrite } from '@/lib/partner-api/run-partner-api-write';
import { provisionOrganization } from '@/lib/partner-api/provision-organization';

export const GET = definePartnerApiRoute({
  scope: 'organizations:read',
  query: ZExportQuery,
  summary: 'Export organizations',
  description: ["The principal's organizations (soft-deleted ones excluded), in id order.", EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZOrganizationExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, organizationsExport, query),
});

export const POST = definePartnerApiRoute({
  scope: 'organizations:write',
  body: ZProvisionOrganization,
  status: 201,
  summary: 'Create an organization',
  description: [
    'Create-only (no update or delete through the partner API). The partner is the principal\'s, never taken from the body. `status` is `active` (default) or `trial`; `type` is kept in the organization settings.',
    'The partner\'s `maxOrganizations` reached: 409 `partner_provisioning_org_limit_reached` (a billing matter, not retryable). A slug already used by an organization of the partner (also a deleted one): 409 `partner_provisioning_slug_conflict`.',
    WRITE_RULES_NOTE,
  ].join('\n\n'),
  response: ZOrganizationExportRow,
  handler: ({ ctx, body, req }) =>
    runPartnerApiWrite(ctx, req, { route: 'organizations', body, kind: 'write', action: 'organization.create', run: (tx) => provisionOrganization(ctx, body, tx) }),
});
