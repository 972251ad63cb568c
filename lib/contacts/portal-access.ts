// Keeps a contact's portal account consistent with the contact: access needs the `portal` role
// and an email address (the sign-in name, unique among the partner's portal accounts).
import type { DbOrTx } from '@/lib/db';
import { conflict } from '@/lib/http/errors';
import { revokePortalSessions } from '@/lib/portal/session/start-portal-session';

export const portalEmailInUse = () =>
  conflict('Another contact of this partner already signs in to the portal with this email address', 'PORTAL_EMAIL_IN_USE');

/** Ends portal access: no sign-in, no outstanding link, every session closed. */
export async function disablePortalAccess(tx: DbOrTx, contactId: string, reason: string): Promise<void> {
  await tx.portalAccount.updateMany({ where: { contactId, status: { not: 'disabled' } }, data: { status: 'disabled' } });
  await tx.portalToken.deleteMany({ where: { contactId } });
  await revokePortalSessions(tx, contactId, reason);
}

/**
 * Makes `email` available as this contact's sign-in name: free, already its own, or held by a
 * disabled account of another contact (which can no longer sign in and is removed). A live
 * account of another contact keeps it: 409 PORTAL_EMAIL_IN_USE.
 */
export async function claimPortalEmail(tx: DbOrTx, partnerId: string, email: string, contactId: string): Promise<void> {
  const holder = await tx.portalAccount.findUnique({ where: { partnerId_email: { partnerId, email } }, select: { contactId: true, status: true } });
  if (!holder || holder.contactId === contactId) return;
  if (holder.status !== 'disabled') throw portalEmailInUse();
  await tx.portalAccount.delete({ where: { contactId: holder.contactId } });
}
