// PATCH /orgs/contacts/:contactId: absent fields are kept, an explicit null clears one. The
// merged contact must still satisfy the identifier rule. Portal access follows the contact:
// removing the `portal` role or the email address withdraws it; a new email address becomes
// the sign-in name (and ends current sessions and links).
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertSiteInOrg } from '@/lib/tickets/validate-ticket-refs';
import { getContactForUpdateOrThrow } from '@/lib/contacts/get-contact-or-throw';
import { assertContactIdentifier, assertLinksFree } from '@/lib/contacts/create-contact';
import { claimPortalEmail, disablePortalAccess } from '@/lib/contacts/portal-access';
import { revokePortalSessions } from '@/lib/portal/session/start-portal-session';
import { contactInclude, toContactDto } from '@/lib/contacts/to-contact-dto';
import type { ZUpdateContact } from '@/lib/contacts/schemas';

export async function updateContact(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateContact>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  const contact = await db.$transaction(async (tx) => {
    const current = await getContactForUpdateOrThrow(ctx, id, tx);
    const merged = {
      name: input.name !== undefined ? input.name : current.name,
      email: input.email !== undefined ? input.email : current.email,
      phone: input.phone !== undefined ? input.phone : current.phone,
      mobile: input.mobile !== undefined ? input.mobile : current.mobile,
    };
    assertContactIdentifier(merged);
    if (input.siteId) await assertSiteInOrg(tx, input.siteId, current.orgId, 'contact');
    if (input.externalLinks) await assertLinksFree(tx, current.orgId, input.externalLinks, current.id);

    const roles = input.roles ?? current.roles;
    const account = current.portalAccount;
    if (account && account.status !== 'disabled') {
      if (!roles.includes('portal') || !merged.email) {
        await disablePortalAccess(tx, current.id, 'portal_access_removed');
      } else if (merged.email !== current.email) {
        await claimPortalEmail(tx, current.partnerId, merged.email, current.id);
        await tx.portalAccount.update({ where: { contactId: current.id }, data: { email: merged.email } });
        await tx.portalToken.deleteMany({ where: { contactId: current.id } });
        await revokePortalSessions(tx, current.id, 'email_changed');
      }
    }

    if (input.externalLinks !== undefined) await tx.contactExternalLink.deleteMany({ where: { contactId: current.id } });
    const updated = await tx.contact.update({
      where: { id: current.id },
      data: {
        ...merged,
        ...(input.siteId !== undefined ? { siteId: input.siteId } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.roles !== undefined ? { roles: input.roles } : {}),
        ...(input.externalLinks ? { externalLinks: { create: input.externalLinks.map((l) => ({ partnerId: current.partnerId, orgId: current.orgId, ...l })) } } : {}),
      },
      include: contactInclude,
    });
    await writeAudit(ctx, { action: 'contact.update', targetType: 'contact', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { fields: Object.keys(input) } }, tx);
    return updated;
  });
  return toContactDto(contact);
}
