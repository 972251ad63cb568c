// DELETE /plugins/installations/:id: revokes the credential (the key row stays, revoked, for
// the record), deletes the subscription with its deliveries, and deletes the installation with
// its call log. The audit entry keeps what was removed.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getPluginInstallationOrThrow } from '@/lib/plugins/installation-scope';

export async function uninstallPlugin(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await getPluginInstallationOrThrow(ctx, id, tx);
    if (current.apiKeyId) {
      await tx.apiKey.updateMany({
        where: { id: current.apiKeyId, revokedAt: null },
        data: { revokedAt: new Date(), revokedReason: 'plugin_uninstalled', revokedById: ctx.userId, previousSecretHash: null, previousSecretExpiresAt: null },
      });
    }
    if (current.webhookId) await tx.webhook.delete({ where: { id: current.webhookId } });
    await tx.pluginInstallation.delete({ where: { id: current.id } });
    await writeAudit(ctx, { action: 'plugin.uninstall', targetType: 'plugin_installation', targetId: id, partnerId: current.partnerId, orgId: null, details: { slug: current.slug, apiKeyId: current.apiKeyId, webhookId: current.webhookId } }, tx);
  });
}
