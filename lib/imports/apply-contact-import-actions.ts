// The writes of a contact import, set-based: one INSERT … FROM unnest(…) each for contacts,
// links and audit entries, one UPDATE … FROM unnest(…) for every merged contact. The rare contacts with live portal
// access get the same portal consequences as PATCH /orgs/contacts/:contactId, one by one.
import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import type { AuditEntry } from '@/lib/audit/write-audit';
import { claimPortalEmail, disablePortalAccess } from '@/lib/contacts/portal-access';
import { revokePortalSessions } from '@/lib/portal/session/start-portal-session';
import { writeAuditEntries } from '@/lib/imports/write-audit-entries';
import { bulkInsert, col } from '@/lib/imports/bulk-insert';
import type { ContactValues } from '@/lib/imports/plan-contact-import';
import { mergeContact, type ContactAction } from '@/lib/imports/decide-contact-commit';
import type { TContactImportResult } from '@/lib/imports/schemas';

type Outcome = Omit<TContactImportResult, 'errors'>;

/** PostgreSQL array literal of role names (plain identifiers), or null for none. */
const rolesLiteral = (roles: string[]) => (roles.length > 0 ? `{${roles.join(',')}}` : null);

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
  const newContacts: ({ id: string; partnerId: string; orgId: string; siteId: string | null } & ContactValues)[] = [];
  const newLinks: { partnerId: string; orgId: string; contactId: string; externalSystem: string; externalId: string }[] = [];
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
      const values = plan.values;
      newContacts.push({ id: contactId, partnerId: org.partnerId, orgId: org.id, siteId: plan.siteId ?? null, ...values });
      audit.push({ action: 'contact.create', targetType: 'contact', targetId: contactId, partnerId: org.partnerId, orgId: org.id, details: { name: values.name, email: values.email, roles: values.roles, source: 'import' } });
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
  await bulkInsert(
    tx,
    'contacts',
    [
      col('id', 'uuid', newContacts, (c) => c.id),
      col('partner_id', 'uuid', newContacts, (c) => c.partnerId),
      col('org_id', 'uuid', newContacts, (c) => c.orgId),
      col('site_id', 'uuid', newContacts, (c) => c.siteId),
      col('name', 'text', newContacts, (c) => c.name),
      col('email', 'text', newContacts, (c) => c.email),
      col('phone', 'text', newContacts, (c) => c.phone),
      col('mobile', 'text', newContacts, (c) => c.mobile),
      col('title', 'text', newContacts, (c) => c.title),
      col('roles', 'text', newContacts, (c) => rolesLiteral(c.roles) ?? '{}', '"ContactRole"[]'),
    ],
    { updated_at: 'now()' },
  );
  await bulkInsert(tx, 'contact_external_links', [
    col('id', 'uuid', newLinks, () => randomUUID()),
    col('partner_id', 'uuid', newLinks, (l) => l.partnerId),
    col('org_id', 'uuid', newLinks, (l) => l.orgId),
    col('contact_id', 'uuid', newLinks, (l) => l.contactId),
    col('external_system', 'text', newLinks, (l) => l.externalSystem),
    col('external_id', 'text', newLinks, (l) => l.externalId),
  ]);
  if (updates.length > 0) {
    // Merge: a blank or absent column never clears (null keeps the stored value); roles are
    // replaced only by a non-empty list; the site only when the row names one.
    const each = <T>(f: (a: ContactAction) => T) => updates.map(f);
    await tx.$executeRaw`
      update contacts c set
        name = coalesce(v.name, c.name), email = coalesce(v.email, c.email), phone = coalesce(v.phone, c.phone),
        mobile = coalesce(v.mobile, c.mobile), title = coalesce(v.title, c.title), site_id = coalesce(v.site_id, c.site_id),
        roles = coalesce(v.roles::"ContactRole"[], c.roles), updated_at = now()
      from unnest(
        ${each((a) => a.plan.contact!.id)}::uuid[], ${each((a) => a.plan.values.name)}::text[], ${each((a) => a.plan.values.email)}::text[],
        ${each((a) => a.plan.values.phone)}::text[], ${each((a) => a.plan.values.mobile)}::text[], ${each((a) => a.plan.values.title)}::text[],
        ${each((a) => a.plan.siteId ?? null)}::uuid[], ${each((a) => rolesLiteral(a.plan.values.roles))}::text[]
      ) as v(id, name, email, phone, mobile, title, site_id, roles)
      where c.id = v.id`;
  }
  await writeAuditEntries(ctx, audit, tx);
  return out;
}
