// POST /auth/logout: revokes the session named by the bearer token or by the refresh token.
import { db } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import { sha256Hex } from '@/lib/auth/secrets';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { writeAudit } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/events/emit-event';

export async function logout(ctx: AuthContext, input: { accessToken: string | null; refreshToken: string | null }): Promise<void> {
  let sessionId: string | null = null;
  if (input.accessToken) sessionId = (await verifyAccessToken(input.accessToken))?.sid ?? null;
  if (!sessionId && input.refreshToken) {
    const record = await db.refreshToken.findUnique({ where: { tokenHash: sha256Hex(input.refreshToken) } });
    sessionId = record?.sessionId ?? null;
  }
  if (!sessionId) return; // logging out twice, or with nothing, is not an error
  await db.$transaction(async (tx) => {
    const session = await tx.session.findUnique({
      where: { id: sessionId },
      include: { user: { select: { email: true, partnerMembership: { select: { partnerId: true } }, organizationMembership: { select: { orgId: true, organization: { select: { partnerId: true } } } } } } },
    });
    if (!session || session.revokedAt) return;
    await tx.session.update({ where: { id: session.id }, data: { revokedAt: new Date(), revokedReason: 'logout' } });
    const partnerId = session.user.partnerMembership?.partnerId ?? session.user.organizationMembership?.organization.partnerId ?? null;
    const orgId = session.user.organizationMembership?.orgId ?? null;
    await writeAudit(ctx, {
      action: 'user.logout',
      targetType: 'session',
      targetId: session.id,
      partnerId,
      orgId,
      actor: { type: 'user', id: session.userId, email: session.user.email },
    }, tx);
    await emitEvent(tx, { type: 'user.logout', partnerId, orgId, data: { userId: session.userId, sessionId: session.id } });
    await emitEvent(tx, {
      type: 'session.logout',
      partnerId,
      orgId,
      data: { sessionId: session.id, userId: session.userId, email: session.user.email, reason: 'logout', startedAt: session.createdAt.toISOString() },
    });
  });
}
