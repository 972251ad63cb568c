import { z } from 'zod';
import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { assertSiteInOrg } from '@/lib/tickets/validate-ticket-refs';
import { hasContactIdentifier, IDENTIFIER_MESSAGE, type ContactIdentifiers } from '@/lib/contacts/identifier-rule';
import { contactInclude, toContactDto } from '@/lib/contacts/to-contact-dto';
import type { ZCreateContact, ZExternalLink } from '@/lib/contacts/schemas';

export function assertContactIdentifier(c: ContactIdentifiers): void {
  if (!hasContactIdentifier(c)) throw badRequest(IDENTIFIER_MESSAGE, [{ path: 'body', message: IDENTIFIER_MESSAGE }], 'CONTACT_IDENTIFIER_REQUIRED');
}

/** Each (organization, externalSystem, externalId) names one contact. */
export async function assertLinksFree(tx: DbOrTx, orgId: string, links: z.output<typeof ZExternalLink>[], contactId?: string): Promise<void> {
  if (links.length === 0) return;
  const taken = await tx.contactExternalLink.findFirst({
    where: { orgId, OR: links.map((l) => ({ externalSystem: l.externalSystem, externalId: l.externalId })), ...(contactId ? { contactId: { not: contactId } } : {}) },
    select: { externalSystem: true, externalId: true },
  });
  if (taken) throw conflict(`External link ${taken.externalSystem}:${taken.externalId} already names another contact of this organization`, 'EXTERNAL_LINK_IN_USE', taken);
}

export async function createContact(ctx: ActorContext, input: z.output<typeof ZCreateContact>) {
  assertContactIdentifier(input);
  const contact = await db.$transaction(async (tx) => {
    const org = await getOrganizationOrThrow(ctx, input.orgId, tx);
    if (input.siteId) await assertSiteInOrg(tx, input.siteId, org.id, 'contact');
    await assertLinksFree(tx, org.id, input.externalLinks);
    const created = await tx.contact.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        siteId: input.siteId ?? null,
        name: input.name ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        mobile: input.mobile ?? null,
        title: input.title ?? null,
        roles: input.roles,
        externalLinks: { create: input.externalLinks.map((l) => ({ partnerId: org.partnerId, orgId: org.id, ...l })) },
      },
      include: contactInclude,
    });
    await writeAudit(ctx, { action: 'contact.create', targetType: 'contact', targetId: created.id, partnerId: org.partnerId, orgId: org.id, details: { name: created.name, email: created.email, roles: created.roles } }, tx);
    return created;
  });
  return toContactDto(contact);
}
