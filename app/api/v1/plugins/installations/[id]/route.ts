// /api/v1/plugins/installations/:id — one installed plugin.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPluginInstallation, ZUpdatePluginInstallation } from '@/lib/plugins/schemas';
import { getPluginInstallation } from '@/lib/plugins/get-plugin-installation';
import { updatePluginInstallation } from '@/lib/plugins/update-plugin-installation';
import { uninstallPlugin } from '@/lib/plugins/uninstall-plugin';
import { INSTALLATION_ACCESS, PLUGIN_TAGS } from '@/lib/plugins/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  // plugins:read, checked in the handler: the plugin's own credential may read its installation without it.
  permission: 'none',
  scopes: ['partner'],
  params: ZIdParams,
  summary: 'Get a plugin installation',
  description: `${INSTALLATION_ACCESS} Needs \`plugins:read\`, except for the plugin's own credential, which reads its own installation (its configuration) this way.`,
  tags: PLUGIN_TAGS,
  response: ZPluginInstallation,
  handler: ({ ctx, params }) => getPluginInstallation(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'plugins:manage',
  scopes: ['partner'],
  params: ZIdParams,
  body: ZUpdatePluginInstallation,
  audit: false,
  summary: 'Configure a plugin installation',
  description: `${INSTALLATION_ACCESS} Replaces \`config\`, validated against the manifest's schema with defaults filled in (400 \`INVALID_PLUGIN_CONFIG\` naming each setting).`,
  tags: PLUGIN_TAGS,
  response: ZPluginInstallation,
  handler: ({ ctx, params, body }) => updatePluginInstallation(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'plugins:manage',
  scopes: ['partner'],
  params: ZIdParams,
  audit: false,
  summary: 'Uninstall a plugin',
  description: `${INSTALLATION_ACCESS} Revokes the plugin's API key at once, deletes its subscription with its deliveries, and deletes the installation and its log.`,
  tags: PLUGIN_TAGS,
  handler: ({ ctx, params }) => uninstallPlugin(ctx, params.id),
});
