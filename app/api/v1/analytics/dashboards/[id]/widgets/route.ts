// /api/v1/analytics/dashboards/:id/widgets — adds a widget to a dashboard.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { MAX_WIDGETS_PER_DASHBOARD, ZCreateWidget, ZWidget } from '@/lib/analytics/schemas';
import { addWidget } from '@/lib/analytics/add-widget';
import { QUERY_GRAMMAR_DOC } from '@/lib/analytics/query-doc';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:manage',
  params: ZIdParams,
  body: ZCreateWidget,
  status: 201,
  summary: 'Add a widget to a dashboard',
  description: `Needs \`analytics:manage\`. \`type\`: chart (\`options.chart\` line, bar or doughnut), number or table. \`query\` is stored after the same validation as POST /analytics/query (a relative \`timeRange\` such as \`{ "last": "7d" }\` keeps the widget current). Without \`position\` the widget goes below the lowest one, half the grid wide. At most ${MAX_WIDGETS_PER_DASHBOARD} widgets per dashboard (409 WIDGET_LIMIT).\n\n${QUERY_GRAMMAR_DOC}`,
  tags: ['Analytics'],
  response: ZWidget,
  handler: ({ ctx, params, body }) => addWidget(ctx, params.id, body),
});
