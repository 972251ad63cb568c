import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getContactForUpdateOrThrow } from '@/lib/contacts/get-contact-or-throw';

/** Soft delete. The contact's portal account goes with it, ending its sessions at once; asset history stays. */
export async function deleteContact(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await getContactForUpdateOrThrow(ctx, id, tx);
    // Deleting the account cascades to its sessions and links.
    if (current.portalAccount) await tx.portalAccount.delete({ where: { contactId: id } });
    await tx.contact.update({ where: { id }, data: { deletedAt: new Date() } });
    await writeAudit(ctx, { action: 'contact.delete', targetType: 'contact', targetId: id, partnerId: current.partnerId, orgId: current.orgId }, tx);
  });
}
