'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useCreateSite, useDeleteOrganization, useDeleteSite, useOrganization, useSites, useUpdateOrganization } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { useFormChanges } from '@/hooks/use-form-changes';
import { ApiError } from '@/lib/client/api-client';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TimeZoneSuggestions } from '@/components/ui/time-zone-suggestions';
import { Card, EmptyState, ErrorText, PageHeader, SelectField, StatusBadge } from '@/components/ui/controls';
import { ContactsSection } from '@/components/contacts/contacts-section';
import { BrandingEditor } from '@/components/branding/branding-editor';

export function OrganizationDetail({ id }: { id: string }) {
  const org = useOrganization(id);
  const sites = useSites({ orgId: id });
  const canWrite = useCan('orgs:write');
  const canSites = useCan('sites:write');
  const update = useUpdateOrganization(id);
  const remove = useDeleteOrganization();
  const createSite = useCreateSite();
  const deleteSite = useDeleteSite();
  const router = useRouter();
  const { setOrgId } = useCurrentOrg();
  const [editing, setEditing] = useState(false);
  const [addingSite, setAddingSite] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [siteError, setSiteError] = useState<string | null>(null);
  useBreadcrumbLabel(id, org.data?.name);

  if (org.isError) return <ErrorText error={org.error} />;
  if (!org.data) return <p role="status">Loading…</p>;
  const o = org.data;

  async function onAddSite(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setSiteError(null);
    const contact = { name: String(f.get('contactName') || '') || undefined, email: String(f.get('contactEmail') || '') || undefined, phone: String(f.get('contactPhone') || '') || undefined };
    try {
      await createSite.mutateAsync({
        orgId: id,
        name: String(f.get('name')),
        timezone: String(f.get('timezone') || '') || undefined,
        address: String(f.get('address') || '') || undefined,
        contact: contact.name || contact.email || contact.phone ? contact : undefined,
      });
      setAddingSite(false);
    } catch (err) {
      setSiteError(err instanceof ApiError ? err.message : 'Could not create the site');
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={o.name}
        description={`${o.slug} · ${o.timezone ?? 'no time zone'}`}
        actions={
          <>
            <StatusBadge status={o.status} />
            <Button variant="secondary" onClick={() => { setOrgId(id); router.push('/devices'); }}>
              Devices
            </Button>
            <Link className="rounded-md border border-slate-300 px-3.5 py-2 text-sm font-medium dark:border-slate-700" href={`/enrollment-keys?orgId=${id}&create=1`}>
              Add devices
            </Link>
            {canWrite && (
              <Button variant="secondary" onClick={() => setEditing((v) => !v)}>
                {editing ? 'Cancel' : 'Edit'}
              </Button>
            )}
          </>
        }
      />
      {editing && (
        <Card title="Edit organization">
          <EditOrganizationForm
            key={o.updatedAt}
            o={o}
            saving={update.isPending}
            error={error}
            onSave={async (changes) => {
              setError(null);
              try {
                await update.mutateAsync(changes);
                setEditing(false);
              } catch (err) {
                setError(err instanceof ApiError ? err.message : 'Could not save');
              }
            }}
            onDelete={async () => {
              if (!confirm(`Delete ${o.name}? Its sites and devices go with it.`)) return;
              try {
                await remove.mutateAsync(id);
                router.push('/organizations');
              } catch (err) {
                setError(err instanceof ApiError ? err.message : 'Could not delete');
              }
            }}
          />
        </Card>
      )}
      <Card
        title="Sites"
        actions={
          canSites && (
            <Button variant="secondary" onClick={() => setAddingSite((v) => !v)}>
              {addingSite ? 'Cancel' : 'New site'}
            </Button>
          )
        }
      >
        {addingSite && (
          <form onSubmit={onAddSite} className="mb-4 grid gap-3 md:grid-cols-2" aria-label="New site">
            <Field label="Site name" name="name" required maxLength={255} autoFocus />
            <Field label="Time zone" name="timezone" placeholder="Europe/London" hint="Optional; defaults to the organization's" list="new-site-time-zones" />
            <TimeZoneSuggestions id="new-site-time-zones" />
            <Field label="Address" name="address" maxLength={1000} />
            <Field label="Contact name" name="contactName" />
            <Field label="Contact email" name="contactEmail" type="email" />
            <Field label="Contact phone" name="contactPhone" />
            {siteError && <p role="alert" className="text-sm text-red-600 md:col-span-2">{siteError}</p>}
            <div className="md:col-span-2">
              <Button type="submit" disabled={createSite.isPending}>
                {createSite.isPending ? 'Creating…' : 'Create site'}
              </Button>
            </div>
          </form>
        )}
        {sites.data && sites.data.data.length === 0 && !addingSite && (
          <EmptyState title="No sites yet">Sites are the offices or locations of this customer. Add one so devices can be placed at it.</EmptyState>
        )}
        {sites.data && sites.data.data.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="py-2 pr-4 font-medium">Name</th>
                  <th className="py-2 pr-4 font-medium">Time zone</th>
                  <th className="py-2 pr-4 font-medium">Address</th>
                  <th className="py-2 pr-4 font-medium">Contact</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sites.data.data.map((s) => (
                  <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4 font-medium">{s.name}</td>
                    <td className="py-2 pr-4 text-slate-500">{s.timezone ?? '—'}</td>
                    <td className="py-2 pr-4 text-slate-500">{s.address ?? '—'}</td>
                    <td className="py-2 pr-4 text-slate-500">{[s.contact?.name, s.contact?.email, s.contact?.phone].filter(Boolean).join(' · ') || '—'}</td>
                    <td className="py-2 text-right">
                      {canSites && (
                        <button
                          type="button"
                          className="text-xs text-red-600 hover:underline"
                          aria-label={`Delete site ${s.name}`}
                          onClick={() => {
                            if (confirm(`Delete site ${s.name}?`)) deleteSite.mutate(s.id);
                          }}
                        >
                          Delete
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ErrorText error={deleteSite.error} />
      </Card>
      <ContactsSection orgId={id} sites={sites.data?.data ?? null} />
      <BrandingEditor orgId={id} canEdit={canWrite} />
    </div>
  );
}

type Organization = NonNullable<ReturnType<typeof useOrganization>['data']>;
type OrganizationChanges = Parameters<ReturnType<typeof useUpdateOrganization>['mutateAsync']>[0];

/** Name, time zone and status; Save sends only the fields that differ from the record. */
function EditOrganizationForm({ o, saving, error, onSave, onDelete }: { o: Organization; saving: boolean; error: string | null; onSave: (changes: OrganizationChanges) => Promise<void>; onDelete: () => Promise<void> }) {
  const form = useFormChanges({ name: o.name, timezone: o.timezone, status: o.status as string }, (f) => ({
    name: String(f.get('name') ?? '').trim(),
    timezone: String(f.get('timezone') ?? '').trim() || null,
    status: String(f.get('status')),
  }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const changes = form.changesOf(e.currentTarget);
        if (Object.keys(changes).length > 0) void onSave(changes);
      }}
      onChange={form.onChange}
      className="grid max-w-xl gap-3"
      aria-label="Edit organization"
    >
      <Field label="Name" name="name" defaultValue={o.name} required maxLength={255} />
      <Field label="Time zone" name="timezone" defaultValue={o.timezone ?? ''} placeholder="Europe/London" hint="IANA name such as UTC or Europe/London; empty to clear" list="organization-time-zones" />
      <TimeZoneSuggestions id="organization-time-zones" current={o.timezone} />
      <SelectField label="Status" name="status" defaultValue={o.status}>
        {['active', 'trial', 'suspended', 'inactive'].map((s) => (
          <option key={s}>{s}</option>
        ))}
      </SelectField>
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      <div className="flex gap-2">
        <Button type="submit" disabled={saving || !form.dirty}>
          {form.dirty ? 'Save' : 'No changes'}
        </Button>
        <Button type="button" variant="danger" onClick={() => void onDelete()}>
          Delete organization
        </Button>
      </div>
    </form>
  );
}
