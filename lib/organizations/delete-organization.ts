import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';

/** Soft delete; the organization and everything reached through it disappear from queries. */
export async function deleteOrganization(ctx: UserContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const org = await getOrganizationOrThrow(ctx, id, tx);
    await tx.organization.update({ where: { id }, data: { deletedAt: new Date() } });
    await writeAudit(ctx, { action: 'organization.delete', targetType: 'organization', targetId: id, partnerId: org.partnerId, orgId: id }, tx);
  });
}
