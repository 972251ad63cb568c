'use client';

import { useState } from 'react';
import { useDistributorSubscriptions, useLinkSubscription, useOrgContracts, useUnlinkSubscription, type DistributorSubscription } from '@/hooks/use-distributor';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { messageOf } from '@/lib/client/field-errors';
import { formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ErrorText, INPUT_CLASS, SelectField } from '@/components/ui/controls';
import { DistributorPage } from '@/components/distributor/distributor-nav';
import { DataTable } from '@/components/ui/data-table';

export function SubscriptionsView() {
  const orgs = useAllOrganizations();
  const [orgId, setOrgId] = useState('');
  const [unlinkedOnly, setUnlinkedOnly] = useState(false);
  const subs = useDistributorSubscriptions({ orgId: orgId || undefined, unmappedOnly: unlinkedOnly || undefined });
  const unlink = useUnlinkSubscription();
  const [linking, setLinking] = useState<DistributorSubscription | null>(null);
  const [error, setError] = useState<string | null>(null);
  const orgName = (id: string | null) => (id ? (orgs.data?.find((o) => o.id === id)?.name ?? id.slice(0, 8)) : 'Not mapped');

  return (
    <DistributorPage
      title="Distributor subscriptions"
      description="Subscriptions as of the last sync. Link each to the manual contract line that bills it, so orders can change it and drift can be reported."
      actions={
        <>
          <select aria-label="Filter by organization" value={orgId} onChange={(e) => setOrgId(e.target.value)} className={`${INPUT_CLASS} w-auto`}>
            <option value="">All organizations</option>
            {orgs.data?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={unlinkedOnly} onChange={(e) => setUnlinkedOnly(e.target.checked)} />
            Unlinked only
          </label>
        </>
      }
    >
      <ErrorText error={subs.error} />
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      {linking && subs.data?.integrationId && <LinkForm sub={linking} integrationId={subs.data.integrationId} onDone={() => setLinking(null)} />}
      {subs.data && subs.data.data.length === 0 && (
        <EmptyState title="No subscriptions">Subscriptions arrive with a sync; only those of companies mapped to an organization show under an organization filter. Map companies on the Companies tab.</EmptyState>
      )}
      {subs.data && subs.data.data.length > 0 && (
        <DataTable label="Distributor subscriptions" columns={['Product', 'Company / organization', 'Status', 'Distributor qty', 'Billing qty', 'Link', { label: 'Actions', hidden: true }]}>
          {subs.data.data.map((s) => (
            <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <div className="font-medium">{s.productName ?? '—'}</div>
                <div className="font-mono text-xs text-slate-500">{s.distributorSubscriptionId}</div>
              </td>
              <td className="px-4 py-2">
                {s.companyName ?? '—'}
                <div className="text-xs text-slate-500">{orgName(s.orgId)}</div>
              </td>
              <td className="px-4 py-2">
                {s.status}
                {s.billingTerm && <div className="text-xs text-slate-500">{s.billingTerm}</div>}
              </td>
              <td className="px-4 py-2">{s.quantityKnown ? s.quantity : <Badge tone="amber">unknown</Badge>}</td>
              <td className="px-4 py-2">{s.billingQuantity ?? '—'}</td>
              <td className="px-4 py-2 text-xs">
                {s.contractLineId ? <Badge tone="green">linked</Badge> : <Badge>not linked</Badge>}
                {s.syncEnabled && <div className="text-slate-500">quantity tracked</div>}
                <div className="text-slate-500">synced {formatRelative(s.lastSyncedAt)}</div>
              </td>
              <td className="px-4 py-2 whitespace-nowrap">
                {s.orgId && (
                  <Button variant="secondary" className="mr-1 px-2 py-1 text-xs" onClick={() => setLinking(s)} aria-label={`Link ${s.distributorSubscriptionId}`}>
                    {s.contractLineId ? 'Relink' : 'Link'}
                  </Button>
                )}
                {s.contractLineId && (
                  <Button
                    variant="danger"
                    className="px-2 py-1 text-xs"
                    aria-label={`Unlink ${s.distributorSubscriptionId}`}
                    onClick={async () => {
                      if (!confirm('Unlink this subscription from its contract line? Orders can no longer change it until it is linked again.')) return;
                      setError(null);
                      try {
                        await unlink.mutateAsync({ integrationId: s.integrationId, distributorSubscriptionId: s.distributorSubscriptionId });
                      } catch (err) {
                        setError(messageOf(err, 'Could not unlink'));
                      }
                    }}
                  >
                    Unlink
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </DistributorPage>
  );
}

function LinkForm({ sub, integrationId, onDone }: { sub: DistributorSubscription; integrationId: string; onDone: () => void }) {
  const contracts = useOrgContracts(sub.orgId);
  const link = useLinkSubscription();
  const [error, setError] = useState<string | null>(null);
  const manualLines = contracts.data?.data.flatMap((c) => c.lines.filter((l) => l.type === 'manual').map((l) => ({ ...l, contract: c.name }))) ?? [];
  return (
    <Card title={`Link ${sub.productName ?? sub.distributorSubscriptionId}`}>
      <form
        className="space-y-3"
        aria-label="Link subscription"
        onSubmit={async (e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          setError(null);
          try {
            await link.mutateAsync({ integrationId, distributorSubscriptionId: sub.distributorSubscriptionId, contractLineId: String(f.get('contractLineId')), syncEnabled: f.get('syncEnabled') === 'on' });
            onDone();
          } catch (err) {
            setError(messageOf(err, 'Could not link the subscription'));
          }
        }}
      >
        <ErrorText error={contracts.error} />
        {contracts.data && manualLines.length === 0 ? (
          <p className="text-sm text-slate-500">The organization has no contract with a manual line. Add one to a contract first.</p>
        ) : (
          // Remounted once the contracts arrive, so it starts at the linked line, not the first one.
          <SelectField key={contracts.data ? 'lines' : 'loading'} label="Contract line" name="contractLineId" required disabled={!contracts.data} defaultValue={contracts.data ? (sub.contractLineId ?? undefined) : ''}>
            {contracts.data ? (
              manualLines.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.contract}: {l.description} (qty {l.manualQuantity ?? '—'})
                </option>
              ))
            ) : (
              <option value="" disabled>
                Loading…
              </option>
            )}
          </SelectField>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="syncEnabled" defaultChecked={sub.syncEnabled} />
          Record the distributor&apos;s quantity at each sync (never changes billing)
        </label>
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
        <div className="flex gap-2">
          <Button type="submit" disabled={link.isPending || manualLines.length === 0}>{link.isPending ? 'Linking…' : 'Link'}</Button>
          <Button type="button" variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </Card>
  );
}
