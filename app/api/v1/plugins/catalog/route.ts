// /api/v1/plugins/catalog — the plugin catalogue (list; system operators add manifests).
import { defineRoute } from '@/lib/http/define-route';
import { ZCreatePluginManifest, ZPluginCatalog, ZPluginManifest } from '@/lib/plugins/schemas';
import { listPluginCatalog } from '@/lib/plugins/plugin-catalog';
import { createPluginManifest } from '@/lib/plugins/create-plugin-manifest';
import { PLUGIN_TAGS } from '@/lib/plugins/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'plugins:read',
  summary: 'List the plugin catalogue',
  description: 'Every manifest: the shipped ones, then those added by system operators. A manifest names the API scopes its credential gets, the events it receives, its configuration schema (JSON Schema) and an optional console page.',
  tags: PLUGIN_TAGS,
  response: ZPluginCatalog,
  handler: () => listPluginCatalog(),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'plugins:manage',
  mfa: true,
  scopes: ['system'],
  body: ZCreatePluginManifest,
  status: 201,
  audit: false,
  summary: 'Add a plugin manifest',
  description: 'System operators add a manifest to every partner\'s catalogue. `scopes` are permission names, `events` event types; `configSchema` is a flat JSON Schema object (400 `INVALID_CONFIG_SCHEMA` naming each problem); `webhookUrl` follows the webhook address rules (400 `INVALID_WEBHOOK_URL`) and is required with events. A slug already in the catalogue is 409 `PLUGIN_SLUG_TAKEN`.',
  tags: PLUGIN_TAGS,
  response: ZPluginManifest,
  errors: [409],
  handler: ({ ctx, body }) => createPluginManifest(ctx, body),
});
