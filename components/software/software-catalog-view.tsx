'use client';

// The software catalog: packages (partner and system), a package's versions, adding a package,
// adding a version and uploading its installer (the server keeps its SHA-256).
import Link from 'next/link';
import { useCallback, useState, type FormEvent } from 'react';
import {
  useAddCatalogVersion,
  useCatalogPackage,
  useCreateCatalogPackage,
  useDeleteCatalogPackage,
  useSoftwareCatalog,
  useUploadInstaller,
  type CatalogPackageInput,
  type CatalogVersion,
  type CatalogFilters,
} from '@/hooks/use-software';
import { useCan, useMe } from '@/hooks/use-me';
import { useUrlFilters, useUrlText } from '@/hooks/use-url-filters';
import { ApiError } from '@/lib/client/api-client';
import { formatBytes, formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { PackageDeployments } from '@/components/deployments/package-deployments';
import { Badge, EmptyState, ErrorText, FILTER_SEARCH_CLASS, FilterBar, INLINE_INPUT_CLASS, PageHeader, Pager, SelectField, TextAreaField } from '@/components/ui/controls';

const FILTER_DEFAULTS = { q: '', kind: '', scope: '', page: '1', open: '' };
const CELL = 'px-4 py-2';
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : e ? String(e) : null);

export function SoftwareCatalogView() {
  const [f, setF] = useUrlFilters(FILTER_DEFAULTS);
  const [searchText, setSearchText] = useUrlText(f.q, useCallback((q: string) => setF({ q, page: '1' }, { replace: true }), [setF]));
  const page = Math.max(1, Number(f.page) || 1);
  // URL values go to the server as they are; it answers a bad one with a 400 shown below.
  const list = useSoftwareCatalog({ search: f.q || undefined, kind: (f.kind || undefined) as CatalogFilters['kind'], scope: (f.scope || undefined) as CatalogFilters['scope'], page, limit: 50 });
  const canManage = useCan('software:manage');
  const [creating, setCreating] = useState(false);

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Software catalog"
        description="Packages you can deploy: package-manager references and uploaded installers, with their versions."
        actions={canManage && <Button onClick={() => setCreating(true)}>Add package</Button>}
      />
      <FilterBar label="Filter catalog">
        <input type="search" aria-label="Search catalog" placeholder="Search name, vendor, reference…" value={searchText} onChange={(e) => setSearchText(e.target.value)} className={FILTER_SEARCH_CLASS} />
        <select aria-label="Kind" value={f.kind} onChange={(e) => setF({ kind: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value="">Any kind</option>
          <option value="package_manager">Package manager</option>
          <option value="installer">Installer</option>
        </select>
        <select aria-label="Scope" value={f.scope} onChange={(e) => setF({ scope: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value="">Partner and system</option>
          <option value="partner">Partner</option>
          <option value="system">System</option>
        </select>
      </FilterBar>
      {list.isError && <ErrorText error={list.error} />}
      {list.data && list.data.data.length === 0 ? (
        <EmptyState title="No packages">{f.q || f.kind || f.scope ? 'No package matches these filters.' : 'Add a package to deploy it to devices.'}</EmptyState>
      ) : (
        <DataTable label="Software catalog" testId="software-catalog" columns={['Package', 'Kind', 'Reference', 'Latest version', 'Scope']}>
          {list.data?.data.map((p) => (
            <tr key={p.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className={CELL}>
                <button type="button" className="text-left font-medium text-brand-700 underline dark:text-brand-300" onClick={() => setF({ open: p.id })}>
                  {p.name}
                </button>
                {p.vendor && <span className="block text-xs text-slate-500">{p.vendor}</span>}
              </td>
              <td className={CELL}>{p.kind === 'installer' ? 'Installer' : 'Package manager'}</td>
              <td className={`${CELL} font-mono text-xs`}>{p.packageRef ?? '—'}</td>
              <td className={CELL}>
                {p.latestVersion ?? '—'}
                {p.versionCount > 1 && <span className="text-xs text-slate-500"> ({p.versionCount} versions)</span>}
              </td>
              <td className={CELL}>
                <Badge tone={p.scope === 'system' ? 'blue' : 'slate'}>{p.scope}</Badge>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={50} onPage={(p) => setF({ page: String(p) })} />}
      <Dialog open={creating} onClose={() => setCreating(false)} title="Add package" wide>
        {creating && <CreatePackageForm onDone={(id) => { setCreating(false); setF({ open: id }); }} />}
      </Dialog>
      <Dialog open={f.open !== ''} onClose={() => setF({ open: '' })} title="Package" wide>
        {f.open && <PackageDetail id={f.open} onDeleted={() => setF({ open: '' })} />}
      </Dialog>
    </div>
  );
}

function CreatePackageForm({ onDone }: { onDone: (id: string) => void }) {
  const create = useCreateCatalogPackage();
  const [kind, setKind] = useState<CatalogPackageInput['kind']>('package_manager');
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '').trim();
    const osTypes = ['linux', 'windows', 'macos'].filter((o) => form.get(`os-${o}`));
    const created = await create.mutateAsync({
      name: text('name'),
      vendor: text('vendor') || null,
      description: text('description') || null,
      category: text('category') || null,
      kind,
      ...(kind === 'package_manager' ? { packageRef: text('packageRef') } : {}),
      osTypes,
    });
    onDone(created.id);
  }
  return (
    <form className="space-y-3" onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <Field label="Name" name="name" required maxLength={255} />
      <Field label="Vendor" name="vendor" maxLength={255} />
      <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as CatalogPackageInput['kind'])}>
        <option value="package_manager">Package manager reference</option>
        <option value="installer">Uploaded installer</option>
      </SelectField>
      {kind === 'package_manager' && <Field label="Package reference" name="packageRef" required placeholder="apt:nginx" hint="manager:name — apt, dnf, yum, apk, zypper, winget, choco or brew" />}
      <Field label="Category" name="category" maxLength={100} />
      <TextAreaField label="Description" name="description" maxLength={2000} rows={3} />
      <fieldset className="text-sm">
        <legend className="font-medium">Operating systems (none: any)</legend>
        {['linux', 'windows', 'macos'].map((o) => (
          <label key={o} className="mr-4 inline-flex items-center gap-1">
            <input type="checkbox" name={`os-${o}`} /> {o}
          </label>
        ))}
      </fieldset>
      <FormError message={errorText(create.error)} />
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Add package'}
        </Button>
      </div>
    </form>
  );
}

function PackageDetail({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const pkg = useCatalogPackage(id);
  const me = useMe();
  const canManage = useCan('software:manage');
  const remove = useDeleteCatalogPackage();
  const canDeploy = useCan('deployments:manage');
  const canSeeDeployments = useCan('deployments:read');
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (pkg.isError) return <ErrorText error={pkg.error} />;
  const p = pkg.data;
  if (!p) return <p role="status">Loading…</p>;
  const writable = canManage && (p.scope === 'partner' || me.data?.scope === 'system');
  return (
    <div className="space-y-4" data-testid="catalog-package">
      <div>
        <h3 className="text-lg font-semibold">{p.name}</h3>
        <p className="text-sm text-slate-500">
          {[p.vendor, p.kind === 'installer' ? 'Installer' : p.packageRef, p.osTypes.length ? p.osTypes.join(', ') : 'any OS', `${p.scope} package`].filter(Boolean).join(' · ')}
        </p>
        {p.description && <p className="mt-2 text-sm">{p.description}</p>}
        {canDeploy && p.versions.length > 0 && <DeployLink packageId={p.id} label={`Deploy ${p.name}`} text="Deploy…" />}
      </div>
      <DataTable label="Versions" testId="catalog-versions" columns={['Version', 'Installer', 'Silent install', 'Added']}>
        {p.versions.map((v) => (
          <VersionRow key={v.id} packageId={p.id} version={v} installerKind={p.kind === 'installer'} writable={writable} canDeploy={canDeploy} />
        ))}
        {p.versions.length === 0 && (
          <tr>
            <td colSpan={4} className={`${CELL} text-center text-slate-500`}>
              No versions yet.
            </td>
          </tr>
        )}
      </DataTable>
      {writable && <AddVersionForm packageId={p.id} installerKind={p.kind === 'installer'} />}
      {canSeeDeployments && <PackageDeployments packageId={p.id} packageName={p.name} />}
      {writable && (
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          {confirmDelete ? (
            <>
              <span className="self-center text-sm">Remove {p.name} from the catalog?</span>
              <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
                Keep
              </Button>
              <Button variant="danger" disabled={remove.isPending} onClick={() => void remove.mutateAsync(p.id).then(onDeleted, () => undefined)}>
                Delete package
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setConfirmDelete(true)}>
              Delete…
            </Button>
          )}
        </div>
      )}
      <FormError message={errorText(remove.error)} />
    </div>
  );
}

/** Opens the new-deployment dialog with the package (and version) chosen. */
function DeployLink({ packageId, versionId, label, text }: { packageId: string; versionId?: string; label: string; text: string }) {
  const qs = new URLSearchParams({ create: '1', packageId, ...(versionId ? { versionId } : {}) });
  return (
    <Link href={`/deployments?${qs}`} aria-label={label} className="mt-2 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-100">
      {text}
    </Link>
  );
}

function VersionRow({ packageId, version: v, installerKind, writable, canDeploy }: { packageId: string; version: CatalogVersion; installerKind: boolean; writable: boolean; canDeploy: boolean }) {
  const upload = useUploadInstaller(packageId);
  return (
    <tr className="border-t border-slate-100 align-top dark:border-slate-800" data-testid="catalog-version">
      <td className={CELL}>
        <span className="font-medium">{v.version}</span>
        {canDeploy && (!installerKind || v.installer) && <DeployLink packageId={packageId} versionId={v.id} label={`Deploy version ${v.version}`} text="Deploy" />}
        {v.releaseNotes && <p className="mt-1 max-w-xs text-xs whitespace-pre-wrap text-slate-500">{v.releaseNotes}</p>}
      </td>
      <td className={CELL}>
        {!installerKind ? (
          '—'
        ) : v.installer ? (
          <span className="text-xs">
            {v.installer.fileName} · {formatBytes(v.installer.sizeBytes)}
            <span className="block font-mono break-all text-slate-500" title="SHA-256">
              sha256 {v.installer.sha256}
            </span>
          </span>
        ) : writable ? (
          <label className="text-xs">
            <span className="block">Upload installer</span>
            <input type="file" aria-label={`Installer for ${v.version}`} disabled={upload.isPending} onChange={(e) => e.target.files?.[0] && void upload.mutateAsync({ versionId: v.id, file: e.target.files[0] }).catch(() => undefined)} />
            {upload.isPending && <span role="status"> Uploading…</span>}
            <FormError message={errorText(upload.error)} />
          </label>
        ) : (
          <span className="text-xs text-slate-500">Not uploaded</span>
        )}
      </td>
      <td className={`${CELL} font-mono text-xs`}>{v.silentInstallArgs ?? '—'}</td>
      <td className={`${CELL} text-xs`}>{formatDate(v.createdAt)}</td>
    </tr>
  );
}

function AddVersionForm({ packageId, installerKind }: { packageId: string; installerKind: boolean }) {
  const add = useAddCatalogVersion(packageId);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const form = new FormData(el);
    const text = (k: string) => String(form.get(k) ?? '').trim();
    await add.mutateAsync({ version: text('version'), releaseNotes: text('releaseNotes') || null, ...(installerKind ? { silentInstallArgs: text('silentInstallArgs') || null } : {}) });
    el.reset();
  }
  return (
    <form className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800" aria-label="Add version" onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <h4 className="text-sm font-semibold">Add version</h4>
      <Field label="Version" name="version" required maxLength={100} placeholder={installerKind ? '1.2.3' : '1.24.0-1 or latest'} />
      {installerKind && <Field label="Silent install arguments" name="silentInstallArgs" maxLength={1000} placeholder="/S" />}
      <TextAreaField label="Release notes" name="releaseNotes" rows={2} maxLength={20000} />
      <FormError message={errorText(add.error)} />
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add version'}
        </Button>
      </div>
    </form>
  );
}
