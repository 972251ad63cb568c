// GET/PATCH /portal/profile: the signed-in contact's own details. The email address is the
// sign-in name and stays with the MSP (PATCH /orgs/contacts/:contactId).
import { z } from 'zod';
import { db, type DbOrTx } from '@/lib/db';
import type { PortalContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZPortalProfile, ZUpdatePortalProfile } from '@/lib/portal/profile/schemas';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';

export async function getPortalProfile(ctx: PortalContext, client: DbOrTx = db): Promise<z.output<typeof ZPortalProfile>> {
  decideSelf(ctx, "the signed-in contact's own profile");
  const contact = await client.contact.findUniqueOrThrow({
    where: { id: ctx.contactId },
    include: { organization: { select: { id: true, name: true } }, site: { select: { id: true, name: true, deletedAt: true } }, portalAccount: { select: { lastLoginAt: true, passwordChangedAt: true } } },
  });
  return {
    id: contact.id,
    name: contact.name,
    email: ctx.email,
    phone: contact.phone,
    mobile: contact.mobile,
    title: contact.title,
    organization: contact.organization,
    site: contact.site && !contact.site.deletedAt ? { id: contact.site.id, name: contact.site.name } : null,
    lastLoginAt: contact.portalAccount?.lastLoginAt?.toISOString() ?? null,
    passwordChangedAt: contact.portalAccount?.passwordChangedAt?.toISOString() ?? null,
  };
}

export async function updatePortalProfile(ctx: PortalContext, input: z.output<typeof ZUpdatePortalProfile>) {
  decideSelf(ctx, "the signed-in contact's own profile");
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  return db.$transaction(async (tx) => {
    await tx.contact.update({ where: { id: ctx.contactId }, data: input });
    await writeAudit(ctx, { action: 'portal.profile_update', targetType: 'contact', targetId: ctx.contactId, details: { fields: Object.keys(input) } }, tx);
    return getPortalProfile(ctx, tx);
  });
}
