// /api/v1/plugins/installations/:id/logs — the plugin's API calls and deliveries.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPluginLogs, ZPluginLogsQuery } from '@/lib/plugins/schemas';
import { listPluginLogs } from '@/lib/plugins/list-plugin-logs';
import { INSTALLATION_ACCESS, PLUGIN_TAGS } from '@/lib/plugins/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'plugins:read',
  scopes: ['partner'],
  params: ZIdParams,
  query: ZPluginLogsQuery,
  summary: 'List a plugin installation\'s logs',
  description: `${INSTALLATION_ACCESS} The API calls made with the plugin's credential (refused ones included) and the deliveries of its subscription, merged newest first; \`kind\` keeps one of the two.`,
  tags: PLUGIN_TAGS,
  response: ZPluginLogs,
  handler: ({ ctx, params, query }) => listPluginLogs(ctx, params.id, query),
});
