'use client';

import { useMemo, useState } from 'react';
import { useOrganizations } from '@/hooks/use-organizations';
import { fetchAllPostureDevices, usePostureDevices, usePostureSummary, type PostureView } from '@/hooks/use-management-posture';
import { devicesCsv, summaryCsv } from '@/lib/posture/posture-csv';
import { productName } from '@/lib/posture/products';
import { Button } from '@/components/ui/button';
import { downloadText } from '@/lib/client/format';

const inputClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

export function ManagementPostureView() {
  const [orgId, setOrgId] = useState('');
  const [stalenessDays, setStalenessDays] = useState(7);
  const [drill, setDrill] = useState<{ product?: string; posture: PostureView } | null>(null);
  const [exporting, setExporting] = useState(false);
  const filter = { orgId: orgId || undefined, stalenessDays };
  const orgs = useOrganizations({ page: 1 });
  const summary = usePostureSummary(filter);
  const devices = usePostureDevices({ ...filter, posture: drill?.posture ?? 'detected', product: drill?.product }, drill !== null);

  const names = useMemo(() => new Map((orgs.data?.data ?? []).map((o) => [o.id, o.name])), [orgs.data]);
  const orgName = (id: string) => names.get(id) ?? id;
  const data = summary.data?.data;
  const rows = (data?.orgs ?? []).flatMap((o) => o.products.map((p) => ({ ...p, orgId: o.orgId })));
  const complete = data && rows.length === 0 && data.totals.neverScanned === 0 && data.totals.stale === 0;

  async function exportDevices() {
    setExporting(true);
    try {
      const all = await fetchAllPostureDevices({ ...filter, posture: drill?.posture ?? 'detected', product: drill?.product });
      downloadText(`management-posture-devices${drill?.product ? `-${drill.product}` : ''}.csv`, devicesCsv(all, orgName));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Management posture</h1>
        <p className="mt-1 text-sm text-slate-500">Other RMM and remote-access products still installed on enrolled devices. A migration is complete when none remain and every device has reported recently.</p>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <label className="space-y-1 text-sm">
          <span className="block font-medium">Organization</span>
          <select aria-label="Organization" value={orgId} onChange={(e) => setOrgId(e.target.value)} className={inputClass}>
            <option value="">All organizations</option>
            {orgs.data?.data.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1 text-sm">
          <span className="block font-medium">Stale after (days)</span>
          <input
            type="number"
            min={1}
            max={365}
            aria-label="Stale after (days)"
            value={stalenessDays}
            onChange={(e) => setStalenessDays(Math.min(365, Math.max(1, Number(e.target.value) || 7)))}
            className={`${inputClass} w-28`}
          />
        </label>
        <Button variant="secondary" disabled={!data} onClick={() => data && downloadText('management-posture-summary.csv', summaryCsv(data, orgName, productName))}>
          Export summary CSV
        </Button>
      </div>

      {summary.isError && <p role="alert" className="text-sm text-red-600">{(summary.error as Error).message}</p>}

      {data && (
        <div className="grid gap-4 sm:grid-cols-3" data-testid="posture-totals">
          <Stat label="Findings" value={rows.reduce((n, r) => n + r.deviceCount, 0)} hint="Devices × other products found" />
          <Stat label="Never scanned" value={data.totals.neverScanned} hint="Unknown, not clean" onClick={() => setDrill({ posture: 'never-scanned' })} />
          <Stat label={`Stale (> ${stalenessDays} days)`} value={data.totals.stale} onClick={() => setDrill({ posture: 'stale' })} />
        </div>
      )}
      {complete && <p className="rounded-md bg-green-50 px-4 py-3 text-sm text-green-800 dark:bg-green-950 dark:text-green-200">No other management product found and every device reported recently: the migration is complete.</p>}

      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
        <thead className="bg-slate-50 text-left text-slate-500 dark:bg-slate-800">
          <tr>
            <th className="px-4 py-2 font-medium">Organization</th>
            <th className="px-4 py-2 font-medium">Product</th>
            <th className="px-4 py-2 font-medium">Status</th>
            <th className="px-4 py-2 text-right font-medium">Devices</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.orgId}-${r.product}-${r.status}`} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">{orgName(r.orgId)}</td>
              <td className="px-4 py-2">
                <button type="button" className="text-brand-700 underline dark:text-brand-300" onClick={() => setDrill({ product: r.product, posture: 'detected' })}>
                  {productName(r.product)}
                </button>
              </td>
              <td className="px-4 py-2">{r.status === 'active' ? 'Running' : 'Installed'}</td>
              <td className="px-4 py-2 text-right tabular-nums">{r.deviceCount}</td>
            </tr>
          ))}
          {data && rows.length === 0 && (
            <tr>
              <td colSpan={4} className="px-4 py-6 text-center text-slate-500">
                No other management product found on reporting devices.
              </td>
            </tr>
          )}
        </tbody>
      </table>

      {drill && (
        <section className="space-y-3" aria-label="Devices">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">
              {drill.posture === 'never-scanned' ? 'Devices that never reported posture' : drill.posture === 'stale' ? 'Devices with stale posture' : `Devices with ${productName(drill.product ?? '')}`}
            </h2>
            <div className="flex gap-2">
              <Button variant="secondary" disabled={exporting} onClick={() => void exportDevices()}>
                {exporting ? 'Exporting…' : 'Export devices CSV'}
              </Button>
              <Button variant="secondary" onClick={() => setDrill(null)}>
                Close
              </Button>
            </div>
          </div>
          <table className="w-full rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
            <thead className="bg-slate-50 text-left text-slate-500 dark:bg-slate-800">
              <tr>
                <th className="px-4 py-2 font-medium">Hostname</th>
                <th className="px-4 py-2 font-medium">Organization</th>
                <th className="px-4 py-2 font-medium">Products found</th>
                <th className="px-4 py-2 font-medium">Last scan</th>
              </tr>
            </thead>
            <tbody>
              {devices.data?.pages.flatMap((p) => p.data.devices).map((d) => (
                <tr key={d.deviceId} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="px-4 py-2">{d.displayName ?? d.hostname}</td>
                  <td className="px-4 py-2">{orgName(d.orgId)}</td>
                  <td className="px-4 py-2">{d.products.map((p) => `${p.name}${p.status === 'active' ? ' (running)' : ''}`).join(', ') || '—'}</td>
                  <td className="px-4 py-2 text-slate-500">{d.postureScannedAt ? new Date(d.postureScannedAt).toLocaleString() : 'Never'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {devices.hasNextPage && (
            <Button variant="secondary" disabled={devices.isFetchingNextPage} onClick={() => void devices.fetchNextPage()}>
              Load more
            </Button>
          )}
        </section>
      )}
    </div>
  );
}

function Stat({ label, value, hint, onClick }: { label: string; value: number; hint?: string; onClick?: () => void }) {
  const body = (
    <>
      <div className="text-sm text-slate-500">{label}</div>
      <div className="text-2xl font-semibold tabular-nums">{value}</div>
      {hint && <div className="text-xs text-slate-500">{hint}</div>}
    </>
  );
  const cls = 'rounded-lg border border-slate-200 bg-white p-4 text-left dark:border-slate-800 dark:bg-slate-900';
  return onClick ? (
    <button type="button" className={`${cls} hover:border-brand-500`} onClick={onClick}>
      {body}
    </button>
  ) : (
    <div className={cls}>{body}</div>
  );
}
