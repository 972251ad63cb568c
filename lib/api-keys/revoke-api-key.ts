// DELETE /api-keys/:id: revokes at once (the row stays, listed as revoked). The owner, or anyone
// with users:manage who could manage the owner, may revoke; revoking twice is not an error.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getApiKeyOrThrow } from '@/lib/api-keys/get-api-key-or-throw';
import { getUserOrThrow } from '@/lib/users/get-user-or-throw';
import { assertCanManageUser } from '@/lib/users/access-guards';
import { toManagedUser } from '@/lib/users/to-user-dto';

export async function revokeApiKey(ctx: UserContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const key = await getApiKeyOrThrow(ctx, id, tx);
    if (key.revokedAt) return;
    // Someone else's key: only an administrator who could manage its owner may cut it off.
    if (key.userId !== ctx.userId) assertCanManageUser(ctx, toManagedUser(await getUserOrThrow(ctx, key.userId, tx)));
    await tx.apiKey.update({
      where: { id },
      data: { revokedAt: new Date(), revokedReason: key.userId === ctx.userId ? 'revoked_by_owner' : 'revoked_by_admin', revokedById: ctx.userId, previousSecretHash: null, previousSecretExpiresAt: null },
    });
    await writeAudit(ctx, { action: 'api_key.revoke', targetType: 'api_key', targetId: id, partnerId: key.partnerId, orgId: key.orgId, details: { name: key.name, prefix: key.prefix, ownerId: key.userId } }, tx);
  });
}
