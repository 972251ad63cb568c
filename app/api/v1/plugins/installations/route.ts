// /api/v1/plugins/installations — the partner's installed plugins (list, install).
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZInstallPlugin, ZInstalledPlugin, ZListPluginInstallationsQuery, ZPluginInstallation } from '@/lib/plugins/schemas';
import { listPluginInstallations } from '@/lib/plugins/list-plugin-installations';
import { installPlugin } from '@/lib/plugins/install-plugin';
import { INSTALLATION_ACCESS, PLUGIN_TAGS } from '@/lib/plugins/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'plugins:read',
  scopes: ['partner'],
  query: ZListPluginInstallationsQuery,
  summary: 'List plugin installations',
  description: `${INSTALLATION_ACCESS} Newest first. Credentials are never returned after installation.`,
  tags: PLUGIN_TAGS,
  response: ZPageOf(ZPluginInstallation),
  handler: ({ ctx, query }) => listPluginInstallations(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'plugins:manage',
  mfa: true,
  scopes: ['partner'],
  body: ZInstallPlugin,
  status: 201,
  audit: false,
  summary: 'Install a plugin',
  description: [
    `${INSTALLATION_ACCESS} An unknown slug is 404; a plugin already installed is 409 \`PLUGIN_ALREADY_INSTALLED\`.`,
    '`consent` must name exactly the manifest\'s `scopes` and `events` (400 `PLUGIN_CONSENT_REQUIRED` otherwise, with what the manifest asks for in `details`). The installer must hold every scope (403 `PRIVILEGE_ESCALATION`). `config` is validated against the manifest\'s schema, defaults filled in (400 `INVALID_PLUGIN_CONFIG`).',
    'Creates the plugin\'s credential, an API key (`rmm_ak_…`) acting as the installer narrowed to the scopes, and, when the manifest has events, a partner-wide subscription delivering them to the manifest\'s `webhookUrl`, signed with a fresh secret. Both are in `credentials`, in this response only. The key may also read its own installation (`GET /plugins/installations/:id`) for its configuration.',
  ].join('\n\n'),
  tags: PLUGIN_TAGS,
  response: ZInstalledPlugin,
  errors: [409],
  handler: ({ ctx, body }) => installPlugin(ctx, body),
});
