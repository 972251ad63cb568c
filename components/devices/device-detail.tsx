'use client';

import { useState } from 'react';
import { useDevice, useDeviceCommands, useDeviceInventory, useSendCommand, useUpdateDevice, type Command, type Device } from '@/hooks/use-devices';
import { useAllOrganizations, useSites } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { formatBytes, formatDate, formatPercent, formatRelative } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { CommandForm } from '@/components/devices/command-form';
import { DeviceMetricsChart } from '@/components/devices/device-metrics-chart';
import { DeviceBillingPanel, useShowDeviceBilling } from '@/components/billing/device-billing';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, ErrorText, Pager, PageHeader, StatusBadge, Tabs } from '@/components/ui/controls';
import { DeviceCustomFields } from '@/components/devices/device-custom-fields';

type Tab = 'overview' | 'metrics' | 'inventory' | 'commands' | 'billing';

function Dl({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([k, v]) => (
        <div key={k} className="flex gap-3">
          <dt className="w-36 shrink-0 text-slate-500">{k}</dt>
          <dd className="min-w-0 break-words">{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DeviceDetail({ id }: { id: string }) {
  const device = useDevice(id, 10_000);
  const [tab, setTab] = useState<Tab>('overview');
  const showBilling = useShowDeviceBilling();
  const d = device.data;
  useBreadcrumbLabel(id, d ? (d.displayName ?? d.hostname) : undefined);

  if (device.isError) return <ErrorText error={device.error} />;
  if (!d) return <p role="status">Loading…</p>;

  return (
    <div className="space-y-4">
      <PageHeader title={d.displayName ?? d.hostname} description={[d.hostname, d.osType, d.osVersion].filter(Boolean).join(' · ')} actions={<span data-testid="device-status"><StatusBadge status={d.status} /></span>} />
      <Tabs
        label="Device sections"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'overview', label: 'Overview' },
          { id: 'metrics', label: 'Metrics' },
          { id: 'inventory', label: 'Inventory' },
          { id: 'commands', label: 'Commands' },
          ...(showBilling ? [{ id: 'billing' as const, label: 'Billing' }] : []),
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'overview' && <Overview device={d} />}
        {tab === 'metrics' && <Metrics device={d} />}
        {tab === 'inventory' && <Inventory id={id} />}
        {tab === 'commands' && <Commands device={d} />}
        {tab === 'billing' && showBilling && <DeviceBillingPanel deviceId={id} />}
      </div>
    </div>
  );
}

function Overview({ device: d }: { device: Device }) {
  const orgs = useAllOrganizations();
  const sites = useSites({ orgId: d.orgId });
  const canWrite = useCan('devices:write');
  const update = useUpdateDevice(d.id);
  const [error, setError] = useState<string | null>(null);
  const org = orgs.data?.find((o) => o.id === d.orgId);
  const site = sites.data?.data.find((s) => s.id === d.siteId);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card title="Device" className="lg:col-span-2">
        <Dl
          items={[
            ['Status', <StatusBadge key="s" status={d.status} />],
            ['Last seen', d.lastSeenAt ? `${formatRelative(d.lastSeenAt)} (${formatDate(d.lastSeenAt)})` : 'never'],
            ['Organization', org?.name],
            ['Site', site?.name ?? (d.siteId ? '…' : 'none')],
            ['Operating system', [d.osType, d.osVersion, d.architecture].filter(Boolean).join(' · ')],
            ['Agent version', d.agentVersion],
            ['Last user', d.lastUser],
            ['Uptime', d.uptimeSeconds !== null ? `${Math.floor(d.uptimeSeconds / 3600)} h ${Math.floor((d.uptimeSeconds % 3600) / 60)} min` : null],
            ['CPU / memory / disk', `${formatPercent(d.cpuPercent)} / ${formatPercent(d.memoryPercent)} / ${formatPercent(d.diskPercent)}`],
            ['Watchdog', d.watchdogStatus ?? 'none'],
            ['Enrolled', formatDate(d.enrolledAt)],
            ['Tags', d.tags.join(', ') || 'none'],
          ]}
        />
        {d.mainAgentSilentSince && <p className="mt-3 rounded bg-amber-50 p-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">The watchdog still reports, but the main agent has been silent since {formatDate(d.mainAgentSilentSince)}.</p>}
      </Card>
      {canWrite && (
        <Card title="Edit">
          <form
            className="space-y-3"
            aria-label="Edit device"
            onSubmit={async (e) => {
              e.preventDefault();
              const f = new FormData(e.currentTarget);
              setError(null);
              try {
                await update.mutateAsync({
                  displayName: String(f.get('displayName') || '').trim() || null,
                  tags: String(f.get('tags') || '').split(',').map((t) => t.trim()).filter(Boolean),
                  siteId: String(f.get('siteId') || '') || null,
                });
              } catch (err) {
                setError(err instanceof ApiError ? err.message : 'Could not save');
              }
            }}
          >
            <Field label="Display name" name="displayName" defaultValue={d.displayName ?? ''} maxLength={255} />
            <Field label="Tags" name="tags" defaultValue={d.tags.join(', ')} hint="Comma-separated" />
            <div className="space-y-1">
              <label htmlFor="device-site" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
                Site
              </label>
              <select id="device-site" name="siteId" defaultValue={d.siteId ?? ''} className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
                <option value="">No site</option>
                {sites.data?.data.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
            <Button type="submit" disabled={update.isPending}>
              Save
            </Button>
          </form>
        </Card>
      )}
      <DeviceCustomFields deviceId={d.id} orgId={d.orgId} canWrite={canWrite} />
    </div>
  );
}

function Metrics({ device }: { device: Device }) {
  const extra = device.metrics ? Object.entries(device.metrics).filter(([, v]) => typeof v === 'number' || typeof v === 'string') : [];
  return (
    <div className="space-y-4">
      <DeviceMetricsChart device={device} />
      {extra.length > 0 && (
        <Card title="Latest reported values">
          <Dl items={extra.map(([k, v]) => [k, String(v)])} />
        </Card>
      )}
    </div>
  );
}

function Inventory({ id }: { id: string }) {
  const inv = useDeviceInventory(id);
  const send = useSendCommand(id);
  const canExecute = useCan('devices:execute');
  if (inv.isError) return <ErrorText error={inv.error} />;
  if (!inv.data) return <p role="status">Loading…</p>;
  const i = inv.data;
  const refresh = canExecute && (
    <Button variant="secondary" disabled={send.isPending} onClick={() => send.mutate({ type: 'refresh_inventory' })}>
      {send.isSuccess ? 'Refresh requested' : 'Refresh inventory'}
    </Button>
  );
  if (!i.collectedAt) {
    return (
      <Card title="Inventory" actions={refresh}>
        <p className="text-sm text-slate-500">The agent has not reported an inventory yet.</p>
      </Card>
    );
  }
  const flat = (o: Record<string, unknown>) => Object.entries(o).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : typeof v === 'number' && /bytes/i.test(k) ? formatBytes(v) : String(v)] as [string, string]);
  return (
    <div className="space-y-4">
      <Card title="Hardware" actions={refresh}>
        <Dl items={flat(i.hardware)} />
        <p className="mt-2 text-xs text-slate-500">Collected {formatDate(i.collectedAt)}</p>
      </Card>
      <Card title="Operating system">
        <Dl items={flat(i.os)} />
      </Card>
      <Card title="Disks">
        <pre className="overflow-x-auto text-xs">{JSON.stringify(i.disks, null, 2)}</pre>
      </Card>
      <Card title="Network">
        <pre className="overflow-x-auto text-xs">{JSON.stringify(i.network, null, 2)}</pre>
      </Card>
      <Card title={`Software (${i.software.length})`}>
        <div className="max-h-96 overflow-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-1 pr-4 font-medium">Name</th>
                <th className="py-1 pr-4 font-medium">Version</th>
                <th className="py-1 font-medium">Publisher</th>
              </tr>
            </thead>
            <tbody>
              {i.software.map((s, n) => (
                <tr key={`${s.name}-${n}`} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-4">{s.name}</td>
                  <td className="py-1 pr-4 text-slate-500">{s.version ?? '—'}</td>
                  <td className="py-1 text-slate-500">{s.publisher ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}

function CommandRow({ c }: { c: Command }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="border-t border-slate-100 py-2 dark:border-slate-800">
      <button type="button" className="flex w-full flex-wrap items-center gap-3 text-left text-sm" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        <span className="font-medium">{c.type.replace(/_/g, ' ')}</span>
        <StatusBadge status={c.status} />
        {c.exitCode !== null && <span className="text-xs text-slate-500">exit {c.exitCode}</span>}
        <span className="ml-auto text-xs text-slate-500">{formatDate(c.createdAt)}</span>
      </button>
      {open && (
        <div className="mt-2 space-y-2 text-xs">
          {c.type === 'run_script' && <pre className="overflow-x-auto rounded bg-slate-100 p-2 dark:bg-slate-800">{String(c.payload.script ?? '')}</pre>}
          {c.stdout && (
            <div>
              <div className="font-medium">Output</div>
              <pre className="max-h-64 overflow-auto rounded bg-slate-900 p-2 text-slate-100" data-testid="command-stdout">
                {c.stdout}
              </pre>
            </div>
          )}
          {c.stderr && (
            <div>
              <div className="font-medium">Errors</div>
              <pre className="max-h-64 overflow-auto rounded bg-slate-900 p-2 text-red-300">{c.stderr}</pre>
            </div>
          )}
          {c.truncated && <p className="text-amber-700">Output was truncated.</p>}
          {!c.stdout && !c.stderr && c.result && <pre className="overflow-x-auto">{JSON.stringify(c.result, null, 2)}</pre>}
        </div>
      )}
    </li>
  );
}

function Commands({ device }: { device: Device }) {
  const [page, setPage] = useState(1);
  const cmds = useDeviceCommands(device.id, page);
  const send = useSendCommand(device.id);
  const canExecute = useCan('devices:execute');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card title="History" className="lg:col-span-2">
        <ErrorText error={cmds.error} />
        {cmds.data && cmds.data.data.length === 0 && <p className="text-sm text-slate-500">No commands sent to this device yet.</p>}
        <ul>{cmds.data?.data.map((c) => <CommandRow key={c.id} c={c} />)}</ul>
        {cmds.data && <Pager page={page} total={cmds.data.pagination.total} limit={25} onPage={setPage} />}
      </Card>
      {canExecute && (
        <Card title="Run">
          <CommandForm
            busy={send.isPending}
            onSubmit={async (input) => {
              setError(null);
              try {
                await send.mutateAsync(input);
              } catch (err) {
                setError(err instanceof ApiError ? err.message : 'Could not send the command');
              }
            }}
          />
          {error && <p role="alert" className="mt-2 text-sm text-red-600">{error}</p>}
        </Card>
      )}
    </div>
  );
}
