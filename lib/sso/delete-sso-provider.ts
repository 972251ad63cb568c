import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { writeAudit } from '@/lib/audit/write-audit';
import { getWritableSsoProvider } from '@/lib/sso/update-sso-provider';

/** Removes the provider with its pending sign-ins and identity links; the users it created stay. */
export async function deleteSsoProvider(ctx: ActorContext, id: string): Promise<void> {
  const row = await getWritableSsoProvider(ctx, id);
  await db.$transaction(async (tx) => {
    await tx.ssoProvider.delete({ where: { id: row.id } });
    await writeAudit(ctx, {
      action: 'sso_provider.deleted',
      targetType: 'sso_provider',
      targetId: row.id,
      partnerId: row.partnerId,
      orgId: row.orgId,
      details: { name: row.name, issuer: row.issuer },
    }, tx);
  });
}
