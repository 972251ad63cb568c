// /api/v1/plugins/installations/:id/enable
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPluginInstallation } from '@/lib/plugins/schemas';
import { setPluginStatus } from '@/lib/plugins/set-plugin-status';
import { INSTALLATION_ACCESS, PLUGIN_TAGS } from '@/lib/plugins/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'plugins:manage',
  mfa: true,
  scopes: ['partner'],
  params: ZIdParams,
  audit: false,
  summary: 'Enable a plugin installation',
  description: `${INSTALLATION_ACCESS} Resumes the credential and the subscription; deliveries held while disabled are queued again. Idempotent.`,
  tags: PLUGIN_TAGS,
  response: ZPluginInstallation,
  handler: ({ ctx, params }) => setPluginStatus(ctx, params.id, 'enabled'),
});
