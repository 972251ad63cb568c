// /api/v1/analytics/dashboards — saved dashboards of widgets, each widget a stored analytics query.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateDashboard, ZDashboard, ZListDashboardsQuery } from '@/lib/analytics/schemas';
import { listDashboards } from '@/lib/analytics/list-dashboards';
import { createDashboard } from '@/lib/analytics/create-dashboard';

const VISIBILITY_DOC =
  'A dashboard belongs to one organization (`orgId`) or to the whole partner (null). Like other records, organization users see their organization’s dashboards and partner users their organizations’ plus the partner-wide ones; partner-wide dashboards are changed only by callers that see every organization (else 403). `shared` dashboards are seen by everyone in that scope with `analytics:read` and edited by those with `analytics:manage`; `private` ones by their owner only (404 for anyone else). Widgets run their queries with the viewer’s own scope, so a dashboard never shows a viewer more than they may see.';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:read',
  query: ZListDashboardsQuery,
  summary: 'List analytics dashboards',
  description: `Needs \`analytics:read\`. By name; \`widgetCount\` per dashboard (GET /analytics/dashboards/:id has the widgets). Filters: \`search\` (name), \`visibility\`, \`orgId\`.\n\n${VISIBILITY_DOC}`,
  tags: ['Analytics'],
  response: ZPageOf(ZDashboard),
  handler: ({ ctx, query }) => listDashboards(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:manage',
  body: ZCreateDashboard,
  status: 201,
  summary: 'Create an analytics dashboard',
  description: `Needs \`analytics:manage\`. \`orgId\` must be in scope (else 404); without it the dashboard is partner-wide, which needs access to every organization (else 403; organization users get their own organization). The caller owns it; \`visibility\` defaults to \`shared\`, \`layout.columns\` to 12.\n\n${VISIBILITY_DOC}`,
  tags: ['Analytics'],
  response: ZDashboard,
  handler: ({ ctx, body }) => createDashboard(ctx, body),
});
