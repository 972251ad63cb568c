'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAsset, useAssetCheckouts, useCheckinAsset, useDeleteAsset, useUpdateAsset } from '@/hooks/use-assets';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { formatRelative } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { AssetForm } from '@/components/assets/asset-form';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ErrorText, PageHeader, Pager } from '@/components/ui/controls';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

export function AssetDetail({ id }: { id: string }) {
  const asset = useAsset(id);
  const a = asset.data;
  const orgs = useAllOrganizations();
  const orgName = orgs.data?.find((o) => o.id === a?.orgId)?.name;
  const [page, setPage] = useState(1);
  const history = useAssetCheckouts(id, page);
  const canWrite = useCan('devices:write');
  const update = useUpdateAsset(id);
  const remove = useDeleteAsset();
  const checkin = useCheckinAsset(id);
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  useBreadcrumbLabel(id, a?.name);

  if (asset.error) return <ErrorText error={asset.error} />;
  if (!a) return <p role="status">Loading…</p>;

  async function act(action: () => Promise<unknown>, ok: string) {
    setNotice(null);
    try {
      await action();
      setNotice({ ok: true, text: ok });
    } catch (err) {
      setNotice({ ok: false, text: messageOf(err, 'Something went wrong') });
    }
  }

  const borrower = a.checkout ? (a.checkout.contact.name ?? a.checkout.contact.email ?? 'a contact') : null;
  return (
    <div className="space-y-4">
      <PageHeader
        title={a.name}
        description={[a.kind, orgName, a.assetTag].filter(Boolean).join(' · ')}
        actions={
          canWrite && (
            <>
              {a.checkout && (
                <Button
                  onClick={() => {
                    if (confirm(`Check ${a.name} in? ${borrower} no longer has it.`)) void act(() => checkin.mutateAsync(), 'Checked in');
                  }}
                  disabled={checkin.isPending}
                >
                  Check in
                </Button>
              )}
              <Button variant="secondary" onClick={() => setEditing((v) => !v)}>
                {editing ? 'Cancel editing' : 'Edit'}
              </Button>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() => {
                  if (!confirm(`Delete ${a.name}? Its checkout history stays in the audit trail.`)) return;
                  void act(async () => {
                    await remove.mutateAsync(a.id);
                    router.push('/assets');
                  }, 'Deleted');
                }}
              >
                Delete
              </Button>
            </>
          )
        }
      />
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={`rounded-md px-3 py-2 text-sm ${notice.ok ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300'}`}>
          {notice.text}
        </p>
      )}
      {editing ? (
        <Card title="Edit asset">
          <AssetForm
            orgId={a.orgId}
            asset={a}
            submitLabel="Save asset"
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              setEditing(false);
              setNotice({ ok: true, text: 'Asset saved' });
            }}
          />
        </Card>
      ) : (
        <Card title="Details">
          <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {[
              ['Status', a.checkout ? <Badge tone="amber" key="s">Checked out by {borrower}</Badge> : a.checkoutable ? <Badge tone="green" key="s">Available</Badge> : <Badge key="s">In service</Badge>],
              ['Serial number', a.serialNumber ?? '—'],
              ['Manufacturer', a.manufacturer ?? '—'],
              ['Model', a.model ?? '—'],
              ['Borrowable from the portal', a.checkoutable ? 'Yes' : 'No'],
              ['Due back', a.checkout?.dueBackAt ? when(a.checkout.dueBackAt) : '—'],
            ].map(([k, v]) => (
              <div key={String(k)}>
                <dt className="text-slate-500">{k}</dt>
                <dd className="font-medium">{v}</dd>
              </div>
            ))}
          </dl>
          {a.description && <p className="mt-3 text-sm whitespace-pre-wrap">{a.description}</p>}
        </Card>
      )}
      <Card title="Checkout history">
        <ErrorText error={history.error} />
        {history.data && history.data.data.length === 0 && (
          <EmptyState title="Never checked out">
            {a.checkoutable ? 'Portal users of the organization can borrow it from the customer portal.' : 'Mark it borrowable (Edit) so portal users can check it out.'}
          </EmptyState>
        )}
        {history.data && history.data.data.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="checkouts">
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="py-2 pr-4 font-medium">Borrower</th>
                  <th className="py-2 pr-4 font-medium">Checked out</th>
                  <th className="py-2 pr-4 font-medium">Due back</th>
                  <th className="py-2 pr-4 font-medium">Returned</th>
                  <th className="py-2 pr-4 font-medium">Note</th>
                </tr>
              </thead>
              <tbody>
                {history.data.data.map((c) => (
                  <tr key={c.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4">{c.contact.name ?? c.contact.email}</td>
                    <td className="py-2 pr-4">{when(c.checkedOutAt)}</td>
                    <td className="py-2 pr-4">{when(c.dueBackAt)}</td>
                    <td className="py-2 pr-4">
                      {c.checkedInAt ? `${formatRelative(c.checkedInAt)} (${c.checkedInBy?.type === 'user' ? 'service desk' : 'borrower'})` : <Badge tone="amber">Still out</Badge>}
                    </td>
                    <td className="py-2 pr-4 text-slate-500">{c.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {history.data && <Pager page={page} total={history.data.pagination.total} limit={25} onPage={setPage} />}
      </Card>
    </div>
  );
}
