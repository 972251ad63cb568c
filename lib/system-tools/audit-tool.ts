// The audit entry of a system-tools action: the device, the actor (from the context) and what was done.
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';

export async function auditToolAction(ctx: ActorContext, device: { id: string; partnerId: string; orgId: string; hostname: string }, action: string, details: Record<string, unknown>) {
  await writeAudit(ctx, {
    action,
    targetType: 'device',
    targetId: device.id,
    partnerId: device.partnerId,
    orgId: device.orgId,
    details: { ...details, hostname: device.hostname },
  });
}
