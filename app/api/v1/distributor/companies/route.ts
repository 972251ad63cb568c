// GET /api/v1/distributor/companies — synchronised distributor companies with readiness flags.
import { defineRoute } from '@/lib/http/define-route';
import { ZCompaniesQuery, ZCompanyList } from '@/lib/distributor/schemas';
import { listCompanies } from '@/lib/distributor/list-companies';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  query: ZCompaniesQuery,
  summary: 'List distributor companies',
  description: `${DISTRIBUTOR_ACCESS} Local data from the last sync, by name: the mapping fields plus \`statusActive\`, \`primaryAdminReady\`, \`primaryBillingReady\`, \`primaryTechnicalReady\` and \`orderReady\` (Active, still listed by the distributor, with primary Admin, Billing and Technical contacts). Contact personal data is never stored or returned. Callers with access to only some organizations see unmapped companies and those mapped to their organizations. \`integrationId\` is null when no integration exists.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZCompanyList,
  handler: ({ ctx, query }) => listCompanies(ctx, query),
});
