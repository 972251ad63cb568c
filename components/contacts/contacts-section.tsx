'use client';

// The Contacts card of an organization: list with search, create/edit in a dialog, delete,
// and customer-portal access (invite, re-send, revoke). Portal actions need users:manage and a
// step-up MFA, which the api client asks for on its own.
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { CONTACT_ROLES, useContacts, useCreateContact, useDeleteContact, useInviteContact, useRevokePortalAccess, useUpdateContact, type Contact, type ContactInput, type ContactRole } from '@/hooks/use-contacts';
import { changedFields, hasChanges, sameValue, whenLoaded } from '@/lib/client/changed-fields';
import type { Site } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { messageOf, fieldErrorsOf } from '@/lib/client/field-errors';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Badge, Card, EmptyState, ErrorText, Pager, SelectField, StatusBadge } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

const ROLE_LABEL: Record<ContactRole, string> = { billing: 'Billing', technical: 'Technical', escalation: 'Escalation', admin: 'Admin', site: 'Site', after_hours: 'After hours', portal: 'Portal' };

/** `sites` is null while the organization's sites are loading. */
export function ContactsSection({ orgId, sites }: { orgId: string; sites: Site[] | null }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const contacts = useContacts({ orgId, page, search: search || undefined });
  const canWrite = useCan('orgs:write');
  const canPortal = useCan('users:manage');
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const remove = useDeleteContact();
  const invite = useInviteContact();
  const revoke = useRevokePortalAccess();
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const siteName = (id: string | null) => sites?.find((s) => s.id === id)?.name;

  async function run(action: () => Promise<unknown>, done: string) {
    setActionError(null);
    setNotice(null);
    try {
      await action();
      setNotice(done);
    } catch (err) {
      setActionError(messageOf(err, 'The action failed'));
    }
  }

  const list = contacts.data?.data ?? [];
  return (
    <Card
      title="Contacts"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`contact-search-${orgId}`}>
            Search contacts
          </label>
          <input
            id={`contact-search-${orgId}`}
            type="search"
            placeholder="Search contacts"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
          {canWrite && (
            <Link href={`/import/contacts?orgId=${orgId}`} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
              Import CSV
            </Link>
          )}
          {canWrite && <Button onClick={() => setEditing('new')}>New contact</Button>}
        </div>
      }
    >
      <ErrorText error={contacts.error} />
      {notice && (
        <p role="status" className="mb-2 text-sm text-emerald-700 dark:text-emerald-400">
          {notice}
        </p>
      )}
      {actionError && (
        <p role="alert" className="mb-2 text-sm text-red-600">
          {actionError}
        </p>
      )}
      {contacts.data && list.length === 0 && (
        <EmptyState title={search ? 'No contact matches' : 'No contacts yet'}>
          {search ? 'Try another name, email or phone number.' : 'Add the people you work with at this customer (billing, technical, escalation), then invite them to the customer portal. Many at once? Import a CSV.'}
        </EmptyState>
      )}
      {list.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="contacts-table">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-2 pr-4 font-medium">Name</th>
                <th className="py-2 pr-4 font-medium">Email / phone</th>
                <th className="py-2 pr-4 font-medium">Roles</th>
                <th className="py-2 pr-4 font-medium">Site</th>
                <th className="py-2 pr-4 font-medium">Portal</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => {
                const label = c.name ?? c.email ?? c.phone ?? c.mobile ?? 'contact';
                return (
                  <tr key={c.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                    <td className="py-2 pr-4">
                      <span className="font-medium">{c.name ?? '—'}</span>
                      {c.title && <span className="block text-xs text-slate-500">{c.title}</span>}
                    </td>
                    <td className="py-2 pr-4 text-slate-600 dark:text-slate-400">{[c.email, c.phone, c.mobile].filter(Boolean).join(' · ') || '—'}</td>
                    <td className="py-2 pr-4">
                      <div className="flex flex-wrap gap-1">
                        {c.roles.length ? c.roles.map((r) => <Badge key={r}>{ROLE_LABEL[r]}</Badge>) : <span className="text-slate-500">—</span>}
                      </div>
                    </td>
                    <td className="py-2 pr-4 text-slate-500">{siteName(c.siteId) ?? 'Organization'}</td>
                    <td className="py-2 pr-4">
                      {c.portal ? <StatusBadge status={c.portal.status} /> : <span className="text-xs text-slate-500">no access</span>}
                      {c.portal?.lastLoginAt && <span className="block text-xs text-slate-500">last sign-in {formatDate(c.portal.lastLoginAt)}</span>}
                    </td>
                    <td className="py-2">
                      <div className="flex flex-wrap justify-end gap-2 text-xs">
                        {canPortal && c.portal?.status !== 'active' && (
                          <button
                            type="button"
                            className="text-brand-700 hover:underline disabled:opacity-50 dark:text-brand-100"
                            disabled={!c.email || invite.isPending}
                            title={c.email ? undefined : 'Add an email address first'}
                            aria-label={`${c.portal?.status === 'invited' ? 'Re-send portal invite to' : 'Invite to portal'} ${label}`}
                            onClick={() => void run(() => invite.mutateAsync(c.id), `Portal invitation sent to ${c.email}.`)}
                          >
                            {c.portal?.status === 'invited' ? 'Re-send invite' : c.portal?.status === 'disabled' ? 'Enable portal access' : 'Invite to portal'}
                          </button>
                        )}
                        {canPortal && c.portal && c.portal.status !== 'disabled' && (
                          <button
                            type="button"
                            className="text-red-600 hover:underline"
                            aria-label={`Disable portal access for ${label}`}
                            onClick={() => {
                              if (confirm(`Disable portal access for ${label}? Their portal sessions end now.`)) void run(() => revoke.mutateAsync(c.id), `Portal access disabled for ${label}.`);
                            }}
                          >
                            Disable portal access
                          </button>
                        )}
                        {canWrite && (
                          <button type="button" className="hover:underline" aria-label={`Edit ${label}`} onClick={() => setEditing(c)}>
                            Edit
                          </button>
                        )}
                        {canWrite && (
                          <button
                            type="button"
                            className="text-red-600 hover:underline"
                            aria-label={`Delete ${label}`}
                            onClick={() => {
                              if (confirm(`Delete contact ${label}? Their portal access ends at once.`)) void run(() => remove.mutateAsync(c.id), `Deleted ${label}.`);
                            }}
                          >
                            Delete
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {contacts.data && <Pager page={page} total={contacts.data.pagination.total} limit={contacts.data.pagination.limit} onPage={setPage} />}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New contact' : 'Edit contact'} wide>
        {editing !== null && <ContactForm orgId={orgId} sites={sites} contact={editing === 'new' ? null : editing} onDone={(msg) => { setEditing(null); setNotice(msg); }} />}
      </Dialog>
    </Card>
  );
}

function ContactForm({ orgId, sites, contact, onDone }: { orgId: string; sites: Site[] | null; contact: Contact | null; onDone: (message: string) => void }) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const [roles, setRoles] = useState<ContactRole[]>(contact?.roles ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const read = (f: FormData): ContactInput => {
    const text = (k: string) => String(f.get(k) ?? '').trim() || null;
    // The site select cannot show the contact's site before the sites load: leave it alone then.
    return { name: text('name'), email: text('email'), phone: text('phone'), mobile: text('mobile'), title: text('title'), siteId: whenLoaded(sites !== null, text('siteId')), roles };
  };
  const stored: ContactInput = { name: contact?.name ?? null, email: contact?.email ?? null, phone: contact?.phone ?? null, mobile: contact?.mobile ?? null, title: contact?.title ?? null, siteId: contact?.siteId ?? null, roles: contact?.roles ?? [] };
  const [snapshot, setSnapshot] = useState<FormData | null>(null);
  // Roles are state (checkboxes outside the form data), the rest is read from the form.
  const dirty = !contact || !sameValue(stored.roles, roles) || (snapshot !== null && hasChanges(stored, read(snapshot)));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = read(new FormData(e.currentTarget));
    setErrors({});
    setFormError(null);
    if (!body.name && !body.email && !body.phone && !body.mobile) {
      setFormError('Give the contact at least a name, an email address or a phone number.');
      return;
    }
    try {
      if (contact) {
        const changes = changedFields(stored, body);
        if (Object.keys(changes).length === 0) return;
        await update.mutateAsync({ id: contact.id, ...changes });
      }
      else await create.mutateAsync({ orgId, ...body });
      onDone(contact ? 'Contact saved.' : `Added ${body.name ?? body.email ?? 'the contact'}.`);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(messageOf(err, 'Could not save the contact'));
    }
  }

  return (
    <form onSubmit={onSubmit} onChange={(e) => setSnapshot(new FormData(e.currentTarget))} className="grid gap-3 md:grid-cols-2" aria-label={contact ? 'Edit contact' : 'New contact'} noValidate>
      <Field label="Name" name="name" defaultValue={contact?.name ?? ''} maxLength={255} error={errors.name} autoFocus />
      <Field label="Title" name="title" defaultValue={contact?.title ?? ''} maxLength={255} error={errors.title} placeholder="IT manager" />
      <Field label="Email" name="email" type="email" defaultValue={contact?.email ?? ''} maxLength={255} error={errors.email} hint="Needed for a portal invitation" />
      <Field label="Phone" name="phone" defaultValue={contact?.phone ?? ''} maxLength={64} error={errors.phone} />
      <Field label="Mobile" name="mobile" defaultValue={contact?.mobile ?? ''} maxLength={64} error={errors.mobile} />
      <SelectField key={sites ? 'sites' : 'loading'} label="Site" name="siteId" defaultValue={sites ? (contact?.siteId ?? '') : ''} disabled={!sites} error={errors.siteId}>
        {sites ? (
          <>
            <option value="">Whole organization</option>
            {/* A site past the first page of the list is still the contact's: keep it selectable. */}
            {contact?.siteId && !sites.some((s) => s.id === contact.siteId) && <option value={contact.siteId}>Current site</option>}
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </>
        ) : (
          <option value="" disabled>
            Loading…
          </option>
        )}
      </SelectField>
      <fieldset className="md:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Roles</legend>
        <div className="flex flex-wrap gap-3">
          {CONTACT_ROLES.filter((r) => r !== 'portal' || contact?.roles.includes('portal')).map((r) => (
            <label key={r} className="inline-flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={roles.includes(r)} onChange={(e) => setRoles((cur) => (e.target.checked ? [...cur, r] : cur.filter((x) => x !== r)))} />
              {ROLE_LABEL[r]}
            </label>
          ))}
        </div>
        {contact?.roles.includes('portal') && <p className="mt-1 text-xs text-slate-500">Unticking Portal ends their portal access at once.</p>}
      </fieldset>
      <FormError message={formError} className="md:col-span-2" />
      <div className="md:col-span-2">
        <Button type="submit" disabled={busy || !dirty}>
          {busy ? 'Saving…' : !dirty ? 'No changes' : contact ? 'Save contact' : 'Add contact'}
        </Button>
      </div>
    </form>
  );
}
