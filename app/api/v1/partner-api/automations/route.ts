// /api/v1/partner-api/automations — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { automationsExport } from '@/lib/partner-api/export-automations';
import { ZAutomation } from '@/lib/automations/schemas';

export const GET = definePartnerApiRoute({
  scope: 'configuration:read',
  query: ZExportQuery,
  summary: 'Export automations',
  description: ["Automations of the principal's organizations with their trigger, conditions, ordered actions and targets (the shape of `GET /automations/:id`).", EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZAutomation),
  handler: ({ ctx, query }) => exportPage(ctx, automationsExport, query),
});
