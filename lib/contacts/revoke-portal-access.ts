// DELETE /orgs/contacts/:contactId/portal-access: removes the `portal` role and ends the
// contact's portal access at once (sessions, outstanding links). A later invite restores it.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getContactForUpdateOrThrow } from '@/lib/contacts/get-contact-or-throw';
import { disablePortalAccess } from '@/lib/contacts/portal-access';
import { contactInclude, toContactDto } from '@/lib/contacts/to-contact-dto';

export async function revokePortalAccess(ctx: UserContext, contactId: string) {
  const contact = await db.$transaction(async (tx) => {
    const current = await getContactForUpdateOrThrow(ctx, contactId, tx);
    await disablePortalAccess(tx, current.id, 'access_revoked');
    const updated = await tx.contact.update({ where: { id: current.id }, data: { roles: current.roles.filter((r) => r !== 'portal') }, include: contactInclude });
    await writeAudit(ctx, { action: 'contact.portal_revoke', targetType: 'contact', targetId: current.id, partnerId: current.partnerId, orgId: current.orgId }, tx);
    return updated;
  });
  return toContactDto(contact);
}
