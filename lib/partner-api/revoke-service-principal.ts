// DELETE /service-principals/:id: the key stops at once; the row stays, listed as revoked.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertPartnerAdmin } from '@/lib/partner-api/create-service-principal';
import { getServicePrincipalOrThrow } from '@/lib/partner-api/get-service-principal-or-throw';

export async function revokeServicePrincipal(ctx: UserContext, id: string): Promise<void> {
  assertPartnerAdmin(ctx);
  await db.$transaction(async (tx) => {
    const row = await getServicePrincipalOrThrow(ctx, id, tx);
    if (row.revokedAt) return;
    await tx.servicePrincipal.update({ where: { id }, data: { revokedAt: new Date(), revokedById: ctx.userId } });
    await writeAudit(ctx, { action: 'service_principal.revoke', targetType: 'service_principal', targetId: id, partnerId: row.partnerId, orgId: null, details: { name: row.name, prefix: row.prefix } }, tx);
  });
}
