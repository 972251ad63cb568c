// POST /orgs/contacts/:contactId/portal-invite: gives the contact the `portal` role, opens (or
// reopens) its portal account as `invited` and emails a single-use link that sets the password
// on first visit. Re-sending replaces the previous link.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { consumeInviteBudget } from '@/lib/users/invite-user';
import { getContactForUpdateOrThrow, getContactOrThrow } from '@/lib/contacts/get-contact-or-throw';
import { claimPortalEmail } from '@/lib/contacts/portal-access';
import { contactInclude, toContactDto } from '@/lib/contacts/to-contact-dto';
import { brandingForOrganization } from '@/lib/portal/branding/resolve-branding';
import { portalLink } from '@/lib/portal/portal-links';
import { issuePortalToken } from '@/lib/portal/auth/portal-tokens';
import { sendPortalInvite } from '@/lib/portal/auth/portal-emails';
import { revokePortalSessions } from '@/lib/portal/session/start-portal-session';

const emailRequired = () => badRequest('The contact needs an email address to be invited to the portal', [{ path: 'email', message: 'Required' }], 'CONTACT_EMAIL_REQUIRED');
const alreadyActive = () => conflict('This contact already has portal access; they can reset their password from the sign-in page', 'PORTAL_ACCESS_ACTIVE');

export async function inviteContactToPortal(ctx: UserContext, contactId: string) {
  const preview = await getContactOrThrow(ctx, contactId);
  if (!preview.email) throw emailRequired();
  if (preview.portalAccount?.status === 'active') throw alreadyActive();
  await consumeInviteBudget(preview.partnerId);

  const result = await db.$transaction(async (tx) => {
    const contact = await getContactForUpdateOrThrow(ctx, contactId, tx);
    if (!contact.email) throw emailRequired();
    if (contact.portalAccount?.status === 'active') throw alreadyActive();
    const [org, resolved] = await Promise.all([
      tx.organization.findUniqueOrThrow({ where: { id: contact.orgId }, select: { name: true, partner: { select: { name: true } } } }),
      brandingForOrganization(contact.orgId),
    ]);
    if (!resolved) throw notFound('Organization');
    await claimPortalEmail(tx, contact.partnerId, contact.email, contact.id);
    const account = { email: contact.email, status: 'invited' as const, passwordHash: null, invitedAt: new Date(), invitedById: ctx.userId };
    await tx.portalAccount.upsert({
      where: { contactId: contact.id },
      create: { contactId: contact.id, partnerId: contact.partnerId, orgId: contact.orgId, ...account },
      update: account,
    });
    await revokePortalSessions(tx, contact.id, 'reinvited');
    if (!contact.roles.includes('portal')) await tx.contact.update({ where: { id: contact.id }, data: { roles: [...contact.roles, 'portal'] } });
    const ttlHours = env().INVITE_TTL_HOURS;
    const { token, expiresAt } = await issuePortalToken(tx, contact.id, 'invite', ttlHours * 3_600_000);
    await sendPortalInvite(tx, {
      to: contact.email,
      name: contact.name,
      orgName: org.name,
      partnerName: org.partner.name,
      inviterName: ctx.name,
      branding: resolved.branding,
      link: portalLink(resolved.branding, 'accept-invite', token),
      ttlHours,
    });
    await writeAudit(ctx, { action: 'contact.portal_invite', targetType: 'contact', targetId: contact.id, partnerId: contact.partnerId, orgId: contact.orgId, details: { email: contact.email, expiresAt: expiresAt.toISOString() } }, tx);
    const updated = await tx.contact.findUniqueOrThrow({ where: { id: contact.id }, include: contactInclude });
    return { ...toContactDto(updated), inviteExpiresAt: expiresAt.toISOString() };
  });
  return result;
}
