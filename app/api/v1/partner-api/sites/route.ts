// /api/v1/partner-api/sites — partner-API export and create-only write (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { sitesExport } from '@/lib/partner-api/export-sources';
import { ZSiteExportRow } from '@/lib/partner-api/export-schemas';
import { z } from 'zod';
import { ZProvisionSite, WRITE_RULES_NOTE } from '@/lib/partner-api/schemas';
import { ZSite } from '@/lib/sites/schemas';
import { runPartnerApiWrite } from '@/lib/partner-api/run-partner-api-write';
import { provisionSite } from '@/lib/partner-api/provision-site';

export const GET = definePartnerApiRoute({
  scope: 'sites:read',
  query: ZExportQuery,
  summary: 'Export sites',
  description: ["Sites of the principal's organizations; rows carry `orgId`, `siteId` and `name`.", EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZSiteExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, sitesExport, query),
});

export const POST = definePartnerApiRoute({
  scope: 'sites:write',
  body: ZProvisionSite,
  status: 201,
  summary: 'Create a site',
  description: [
    'Create-only. `orgId` must be an organization the principal can access, else 403. The timezone defaults to the organization\'s.',
    WRITE_RULES_NOTE,
  ].join('\n\n'),
  response: ZSite.extend({ siteId: z.string().uuid() }),
  handler: ({ ctx, body, req }) => runPartnerApiWrite(ctx, req, { route: 'sites', body, kind: 'write', action: 'site.create', run: (tx) => provisionSite(ctx, body, tx) }),
});
