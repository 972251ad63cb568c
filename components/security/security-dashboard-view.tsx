'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useOrganizations } from '@/hooks/use-organizations';
import { useRecommendationAction, useSecurityDashboard } from '@/hooks/use-security';
import { ChartView } from '@/components/ui/chart';
import { DataTable } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';

const inputClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';
const card = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

export function SecurityDashboardView() {
  const [orgId, setOrgId] = useState('');
  const orgs = useOrganizations({ page: 1 });
  const dash = useSecurityDashboard(orgId || undefined);
  const act = useRecommendationAction();
  const d = dash.data;
  const delta = d && d.score !== null && d.previousScore !== null ? d.score - d.previousScore : null;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Security posture</h1>
        <p className="mt-1 text-sm text-slate-500">
          The 0–100 score of each device weighs its firewall, disk encryption, antivirus, pending security updates, password policy, admin accounts and SSH root login, as its agent reports them. Checks a device cannot answer count in neither direction.
        </p>
      </div>
      <label className="block space-y-1 text-sm">
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
      {dash.isError && <p role="alert" className="text-sm text-red-700 dark:text-red-400">The security dashboard could not be loaded.</p>}
      {d && (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className={card}>
              <p className="text-sm text-slate-500">Security score</p>
              <p className="text-3xl font-semibold" data-testid="security-score">
                {d.score ?? '—'}
              </p>
              {delta !== null && <p className="text-sm text-slate-500">{delta === 0 ? 'Unchanged' : `${delta > 0 ? '+' : ''}${delta}`} over 7 days</p>}
            </div>
            <div className={card}>
              <p className="text-sm text-slate-500">Reporting devices</p>
              <p className="text-3xl font-semibold">
                {d.reportingDevices} / {d.devices}
              </p>
            </div>
            <div className={card}>
              <p className="text-sm text-slate-500">Threats</p>
              <p className="text-3xl font-semibold">{d.threats.active}</p>
              <p className="text-sm text-slate-500">
                {d.threats.quarantined} quarantined · <Link className="underline" href="/security/threats">view threats</Link>
              </p>
            </div>
          </div>
          <section className={card}>
            <h2 className="mb-2 font-semibold">Score over 30 days</h2>
            <ChartView type="line" label="Security score per day" labels={d.trend.map((p) => p.day.slice(5))} series={[{ label: 'Score', data: d.trend.map((p) => p.score), color: '#2563eb' }]} max={100} />
          </section>
          <section className="space-y-2">
            <h2 className="font-semibold">Recommendations</h2>
            {d.openRecommendations.length === 0 ? (
              <p className="text-sm text-slate-500">No open recommendation.</p>
            ) : (
              <DataTable label="Recommendations" columns={['Recommendation', 'Priority', 'Devices', 'Score gain', { label: 'Actions', hidden: true }]}>
                {d.openRecommendations.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="px-4 py-2">
                      <p className="font-medium">{r.title}</p>
                      <p className="text-slate-500">{r.description}</p>
                    </td>
                    <td className="px-4 py-2">{r.priority}</td>
                    <td className="px-4 py-2">{r.affectedDevices}</td>
                    <td className="px-4 py-2">+{r.impact}</td>
                    <td className="space-x-2 whitespace-nowrap px-4 py-2">
                      <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate({ id: r.id, action: 'complete' })}>
                        Mark done
                      </Button>
                      <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate({ id: r.id, action: 'dismiss' })}>
                        Dismiss
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
          <section className="space-y-2">
            <h2 className="font-semibold">Lowest scores</h2>
            {d.worstDevices.length === 0 ? (
              <p className="text-sm text-slate-500">No device has reported its security state yet.</p>
            ) : (
              <DataTable label="Devices with the lowest security scores" columns={['Device', 'Score']}>
                {d.worstDevices.map((w) => (
                  <tr key={w.deviceId} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="px-4 py-2">
                      <Link className="underline" href={`/devices/${w.deviceId}`}>
                        {w.hostname}
                      </Link>
                    </td>
                    <td className="px-4 py-2">{w.score}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
        </>
      )}
    </div>
  );
}
