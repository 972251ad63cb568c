import { db } from '@/lib/db';
import type { PortalContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';

/** POST /portal/auth/logout: ends this session server-side (the cookie alone would be replayable). */
export async function logoutPortal(ctx: PortalContext): Promise<void> {
  decideSelf(ctx, "the contact's own portal session");
  await db.$transaction(async (tx) => {
    await tx.portalSession.updateMany({ where: { id: ctx.portalSessionId, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'logout' } });
    await writeAudit(ctx, { action: 'portal.logout', targetType: 'contact', targetId: ctx.contactId }, tx);
  });
}
