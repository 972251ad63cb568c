// /api/v1/analytics/sla — SLA definitions for alerts and tickets.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateSla, ZListSlaQuery, ZSla } from '@/lib/analytics/schemas';
import { listSlas } from '@/lib/analytics/list-slas';
import { createSla } from '@/lib/analytics/create-sla';
import { SLA_DOC } from '@/lib/analytics/sla-doc';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:read',
  query: ZListSlaQuery,
  summary: 'List SLA definitions',
  description: `Needs \`analytics:read\`. Definitions of the caller’s organizations plus partner-wide ones, by name. Filters: \`targetKind\`, \`orgId\` (that organization’s and partner-wide ones).\n\n${SLA_DOC}`,
  tags: ['Analytics'],
  response: ZPageOf(ZSla),
  handler: ({ ctx, query }) => listSlas(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:manage',
  body: ZCreateSla,
  status: 201,
  summary: 'Create an SLA definition',
  description: `Needs \`analytics:manage\`. \`orgId\` must be in scope (else 404); a partner-wide definition (no \`orgId\`) needs access to every organization (else 403). \`resolveMinutes\` ≥ \`responseMinutes\`; severities only for alert definitions, priorities only for ticket ones (else 400).\n\n${SLA_DOC}`,
  tags: ['Analytics'],
  response: ZSla,
  handler: ({ ctx, body }) => createSla(ctx, body),
});
