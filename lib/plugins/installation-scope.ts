// Who may see and manage a partner's plugin installations: partner users (and their API keys)
// with access to every organization, since a plugin's subscription receives the events of all
// of them. Lookup and authorization are one query on the caller's partner; for a caller limited
// to some organizations the installations are simply absent (404, empty lists), and installing
// is refused with 403.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { forbidden, notFound } from '@/lib/http/errors';
import { hasFullPartnerAccess, MATCH_NOTHING_ID, ownPartnerWhere } from '@/lib/tenancy/scope';

export const installationInclude = { apiKey: { select: { prefix: true, lastUsedAt: true, revokedAt: true } } } satisfies Prisma.PluginInstallationInclude;
export type InstallationRow = Prisma.PluginInstallationGetPayload<{ include: typeof installationInclude }>;

export function assertCanManagePlugins(ctx: ActorContext): void {
  if (!hasFullPartnerAccess(ctx)) throw forbidden('Plugins are managed by partner users with access to every organization', 'FULL_PARTNER_ACCESS_REQUIRED');
}

/** The caller's partner's installations; none for a caller limited to some organizations. */
export function installationWhere(ctx: ActorContext): Prisma.PluginInstallationWhereInput {
  const partner = ownPartnerWhere(ctx);
  return hasFullPartnerAccess(ctx) ? partner : { ...partner, id: MATCH_NOTHING_ID };
}

export async function getPluginInstallationOrThrow(ctx: ActorContext, id: string, client: DbOrTx = db): Promise<InstallationRow> {
  const row = await client.pluginInstallation.findFirst({ where: { AND: [{ id }, installationWhere(ctx)] }, include: installationInclude });
  if (!row) throw notFound('Plugin installation');
  return row;
}
