// /api/v1/plugins/installations/:id/disable
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPluginInstallation } from '@/lib/plugins/schemas';
import { setPluginStatus } from '@/lib/plugins/set-plugin-status';
import { INSTALLATION_ACCESS, PLUGIN_TAGS } from '@/lib/plugins/route-docs';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'plugins:manage',
  scopes: ['partner'],
  params: ZIdParams,
  audit: false,
  summary: 'Disable a plugin installation',
  description: `${INSTALLATION_ACCESS} Pauses both halves: API calls with the plugin's key are refused (401 \`PLUGIN_DISABLED\`, logged) and no deliveries are made until it is enabled again. Idempotent.`,
  tags: PLUGIN_TAGS,
  response: ZPluginInstallation,
  handler: ({ ctx, params }) => setPluginStatus(ctx, params.id, 'disabled'),
});
