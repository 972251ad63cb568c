// GET /plugins/installations/:id. Besides plugins:read holders, a plugin's own credential may
// read its own installation (its configuration): that is how a plugin's backend learns what the
// partner configured, without any scope beyond the ones consented to.
import type { ActorContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';
import { findPluginManifest } from '@/lib/plugins/plugin-catalog';
import { getPluginInstallationOrThrow } from '@/lib/plugins/installation-scope';
import { toPluginInstallationDto } from '@/lib/plugins/to-plugin-installation-dto';

export async function getPluginInstallation(ctx: ActorContext, id: string) {
  if (ctx.kind === 'apiKey' && ctx.pluginInstallationId === id) decideSelf(ctx, 'a plugin reads its own installation');
  else if (!ctx.permissions.has('plugins:read')) throw forbidden('Missing permission plugins:read');
  const row = await getPluginInstallationOrThrow(ctx, id);
  return toPluginInstallationDto(row, await findPluginManifest(row.slug));
}
