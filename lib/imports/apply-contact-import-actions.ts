// The writes of a contact import, set-based: createMany for contacts, links and audit entries,
// one UPDATE … FROM unnest(…) for every merged contact. The rare contacts with live portal
// access get the same portal consequences as PATCH /orgs/contacts/:contactId, one by one.
import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import type { AuditEntry } from '@/lib/audit/write-audit';
import { claimPortalEmail, disablePortalAccess } from '@/lib/contacts/portal-access';
import { revokePortalSessions } from '@/lib/portal/session/start-portal-session';
import { writeAuditEntries } from '@/lib/imports/write-audit-entries';
import { mergeContact, type ContactAction } from '@/lib/imports/plan-contact-import';
import type { TContactImportResult } from '@/lib/imports/schemas';

type Outcome = Omit<TContactImportResult, 'errors'>;

/** Portal access follows the merged contact: no `portal` role or no email ends it; a new email is the new sign-in name. */
async function followPortalAccess(tx: Tx, action: ContactAction): Promise<void> {
  const contact = action.plan.contact!;
  if (!contact.portalStatus || contact.portalStatus === 'disabled') return;
  const merged = mergeContact(contact, action.plan.values, action.plan.siteId);
  if (!merged.roles.includes('portal') || !merged.email) {
    await disablePortalAccess(tx, contact.id, 'portal_access_removed');
  } else if (merged.email !== contact.email) {
    await claimPortalEmail(tx, action.plan.org!.partnerId, merged.email, contact.id);
    await tx.portalAccount.update({ where: { contactId: contact.id }, data: { email: merged.email } });
    await tx.portalToken.deleteMany({ where: { contactId: contact.id } });
    await revokePortalSessions(tx, contact.id, 'email_changed');
  }
}

export async function applyContactImportActions(tx: Tx, ctx: ActorContext, actions: ContactAction[]): Promise<Outcome> {
  const out: Outcome = { imported: [], updated: [], skipped: [] };
  const newContacts: Prisma.ContactCreateManyInput[] = [];
  const newLinks: Prisma.ContactExternalLinkCreateManyInput[] = [];
  const staleLinks: Prisma.ContactExternalLinkWhereInput[] = [];
  const updates: ContactAction[] = [];
  const audit: AuditEntry[] = [];

  for (const action of actions) {
    const { plan, index } = action;
    const org = plan.org!;
    const contactId = action.kind === 'create' ? randomUUID() : plan.contact!.id;
    if (action.link && plan.ext) {
      if (plan.staleLink) staleLinks.push({ orgId: org.id, externalSystem: plan.ext.system, externalId: plan.ext.externalId });
      newLinks.push({ partnerId: org.partnerId, orgId: org.id, contactId, externalSystem: plan.ext.system, externalId: plan.ext.externalId });
    }
    const entry = { index, contactId, organizationId: org.id };
    if (action.kind === 'create') {
      const { roles, ...values } = plan.values;
      newContacts.push({ id: contactId, partnerId: org.partnerId, orgId: org.id, siteId: plan.siteId ?? null, ...values, roles });
      audit.push({ action: 'contact.create', targetType: 'contact', targetId: contactId, partnerId: org.partnerId, orgId: org.id, details: { name: values.name, email: values.email, roles, source: 'import' } });
      out.imported.push({ ...entry, ...(plan.warning ? { warning: plan.warning } : {}) });
    } else if (action.kind === 'skip') {
      out.skipped.push({ ...entry, reason: action.reason!, linked: action.link });
    } else {
      await followPortalAccess(tx, action);
      updates.push(action);
      audit.push({ action: 'contact.update', targetType: 'contact', targetId: contactId, partnerId: org.partnerId, orgId: org.id, details: { source: 'import' } });
      out.updated.push(entry);
    }
  }

  if (staleLinks.length > 0) await tx.contactExternalLink.deleteMany({ where: { OR: staleLinks } });
  if (newContacts.length > 0) await tx.contact.createMany({ data: newContacts });
  if (newLinks.length > 0) await tx.contactExternalLink.createMany({ data: newLinks });
  if (updates.length > 0) {
    // Merge: a blank or absent column never clears (null keeps the stored value); roles are
    // replaced only by a non-empty list; the site only when the row names one.
    const col = <T>(f: (a: ContactAction) => T) => updates.map(f);
    await tx.$executeRaw`
      update contacts c set
        name = coalesce(v.name, c.name), email = coalesce(v.email, c.email), phone = coalesce(v.phone, c.phone),
        mobile = coalesce(v.mobile, c.mobile), title = coalesce(v.title, c.title), site_id = coalesce(v.site_id, c.site_id),
        roles = coalesce(v.roles::"ContactRole"[], c.roles), updated_at = now()
      from unnest(
        ${col((a) => a.plan.contact!.id)}::uuid[], ${col((a) => a.plan.values.name)}::text[], ${col((a) => a.plan.values.email)}::text[],
        ${col((a) => a.plan.values.phone)}::text[], ${col((a) => a.plan.values.mobile)}::text[], ${col((a) => a.plan.values.title)}::text[],
        ${col((a) => a.plan.siteId ?? null)}::uuid[], ${col((a) => (a.plan.values.roles.length > 0 ? `{${a.plan.values.roles.join(',')}}` : null))}::text[]
      ) as v(id, name, email, phone, mobile, title, site_id, roles)
      where c.id = v.id`;
  }
  await writeAuditEntries(ctx, audit, tx);
  return out;
}
