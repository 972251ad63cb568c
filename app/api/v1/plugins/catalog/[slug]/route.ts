// /api/v1/plugins/catalog/:slug — one manifest of the catalogue.
import { defineRoute } from '@/lib/http/define-route';
import { ZPluginManifest, ZSlugParams } from '@/lib/plugins/schemas';
import { getPluginManifestOrThrow } from '@/lib/plugins/plugin-catalog';
import { PLUGIN_TAGS } from '@/lib/plugins/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'plugins:read',
  params: ZSlugParams,
  summary: 'Get a plugin manifest',
  description: 'The manifest, as the consent screen shows it: scopes, events, configuration schema. An unknown slug is 404.',
  tags: PLUGIN_TAGS,
  response: ZPluginManifest,
  handler: ({ params }) => getPluginManifestOrThrow(params.slug),
});
