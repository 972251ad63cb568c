// POST /plugins/installations/:id/enable and /disable. Disabling pauses both halves: the
// credential is refused (401 PLUGIN_DISABLED) and the subscription's webhook is paused, so no
// new deliveries are made and queued ones wait. Enabling resumes them and queues the held
// deliveries again.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { requeueHeldDeliveries } from '@/lib/webhooks/queue-delivery';
import { findPluginManifest } from '@/lib/plugins/plugin-catalog';
import { getPluginInstallationOrThrow, installationInclude } from '@/lib/plugins/installation-scope';
import { toPluginInstallationDto } from '@/lib/plugins/to-plugin-installation-dto';

export async function setPluginStatus(ctx: ActorContext, id: string, status: 'enabled' | 'disabled') {
  const row = await db.$transaction(async (tx) => {
    const current = await getPluginInstallationOrThrow(ctx, id, tx);
    if (current.status === status) return current;
    const updated = await tx.pluginInstallation.update({ where: { id: current.id }, data: { status }, include: installationInclude });
    let resumed = 0;
    if (current.webhookId) {
      await tx.webhook.update({ where: { id: current.webhookId }, data: status === 'enabled' ? { status: 'active', consecutiveFailures: 0 } : { status: 'disabled' } });
      if (status === 'enabled') resumed = await requeueHeldDeliveries(tx, current.webhookId);
    }
    await writeAudit(ctx, { action: status === 'enabled' ? 'plugin.enable' : 'plugin.disable', targetType: 'plugin_installation', targetId: id, partnerId: current.partnerId, orgId: null, details: { slug: current.slug, ...(resumed ? { resumedDeliveries: resumed } : {}) } }, tx);
    return updated;
  });
  return toPluginInstallationDto(row, await findPluginManifest(row.slug));
}
