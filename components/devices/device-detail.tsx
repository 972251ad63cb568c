'use client';

// The device page: a cockpit overview (health, open alerts, tickets, activity, quick actions,
// details and edit) and tabs for metric history, inventory, live processes, commands and billing.
import { useState } from 'react';
import { useDevice, useDeviceCommands, useSendCommand, type Command, type Device } from '@/hooks/use-devices';
import { useAllOrganizations, useSites } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { CommandForm } from '@/components/devices/command-form';
import { DeviceMetricsChart } from '@/components/devices/device-metrics-chart';
import { DeviceBillingPanel, useShowDeviceBilling } from '@/components/billing/device-billing';
import { MaintenanceBadge } from '@/components/maintenance/maintenance-badge';
import { Card, ErrorText, Pager, PageHeader, StatusBadge, Tabs } from '@/components/ui/controls';
import { DeviceCustomFields } from '@/components/devices/device-custom-fields';
import { DeviceEditCard } from '@/components/devices/detail/device-edit-form';
import { DeviceHealth } from '@/components/devices/detail/device-health';
import { DeviceAlerts } from '@/components/devices/detail/device-alerts';
import { DeviceTickets } from '@/components/devices/detail/device-tickets';
import { DeviceActivity } from '@/components/devices/detail/device-activity';
import { DeviceQuickActions } from '@/components/devices/detail/device-quick-actions';
import { DeviceInventoryPanel } from '@/components/devices/detail/device-inventory';
import { DeviceProcessesPanel } from '@/components/devices/detail/device-processes';
import { DeviceServicesPanel } from '@/components/devices/detail/device-services';
import { DeviceEventLogPanel } from '@/components/devices/detail/device-event-log';
import { DeviceScheduledTasksPanel } from '@/components/devices/detail/device-scheduled-tasks';
import { DeviceFilesPanel } from '@/components/devices/detail/device-files';
import { DeviceTerminalPanel } from '@/components/remote/device-terminal';
import { DeviceTunnelsPanel } from '@/components/remote/device-tunnels';
import { DeviceSoftwarePanel } from '@/components/software/device-software-panel';
import { DevicePolicyPanel } from '@/components/policies/device-policy-panel';
import { MUTED, ValueList, metricEntry } from '@/components/devices/detail/format';
import { AgentVersion } from '@/components/devices/agent-version';

type Tab = 'overview' | 'metrics' | 'inventory' | 'software' | 'processes' | 'services' | 'eventlog' | 'tasks' | 'files' | 'terminal' | 'webui' | 'commands' | 'policies' | 'billing';

export function DeviceDetail({ id }: { id: string }) {
  const device = useDevice(id, 10_000);
  const [tab, setTab] = useState<Tab>('overview');
  const showBilling = useShowDeviceBilling();
  const showPolicies = useCan('policies:read');
  const canTerminal = useCan('devices:execute');
  const d = device.data;
  useBreadcrumbLabel(id, d ? (d.displayName ?? d.hostname) : undefined);

  if (device.isError) return <ErrorText error={device.error} />;
  if (!d) return <p role="status">Loading…</p>;

  return (
    <div className="space-y-4">
      <PageHeader
        title={d.displayName ?? d.hostname}
        description={[d.hostname, d.osType, d.osVersion].filter(Boolean).join(' · ')}
        actions={
          <span className="flex items-center gap-2">
            <MaintenanceBadge deviceId={d.id} />
            <span data-testid="device-status">
              <StatusBadge status={d.status} />
            </span>
          </span>
        }
      />
      <DeviceQuickActions device={d} />
      <Tabs
        label="Device sections"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'overview', label: 'Overview' },
          { id: 'metrics', label: 'Metrics' },
          { id: 'inventory', label: 'Inventory' },
          { id: 'software', label: 'Software' },
          { id: 'processes', label: 'Processes' },
          { id: 'services', label: 'Services' },
          { id: 'eventlog', label: 'Event log' },
          { id: 'tasks', label: 'Scheduled tasks' },
          { id: 'files', label: 'Files' },
          { id: 'commands', label: 'Commands' },
          ...(showPolicies ? [{ id: 'policies' as const, label: 'Policies' }] : []),
          ...(showBilling ? [{ id: 'billing' as const, label: 'Billing' }] : []),
          ...(canTerminal ? [{ id: 'terminal' as const, label: 'Terminal' }] : []),
          { id: 'webui', label: 'Web UI' },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'overview' && <Overview device={d} />}
        {tab === 'metrics' && <Metrics device={d} />}
        {tab === 'inventory' && <DeviceInventoryPanel id={id} />}
        {tab === 'software' && <DeviceSoftwarePanel deviceId={id} />}
        {tab === 'processes' && <DeviceProcessesPanel deviceId={id} />}
        {tab === 'services' && <DeviceServicesPanel deviceId={id} />}
        {tab === 'eventlog' && <DeviceEventLogPanel deviceId={id} />}
        {tab === 'tasks' && <DeviceScheduledTasksPanel deviceId={id} />}
        {tab === 'files' && <DeviceFilesPanel deviceId={id} />}
        {tab === 'terminal' && canTerminal && <DeviceTerminalPanel deviceId={id} />}
        {tab === 'webui' && <DeviceTunnelsPanel deviceId={id} />}
        {tab === 'commands' && <Commands device={d} />}
        {tab === 'policies' && showPolicies && <DevicePolicyPanel deviceId={id} />}
        {tab === 'billing' && showBilling && <DeviceBillingPanel deviceId={id} />}
      </div>
    </div>
  );
}

function Overview({ device: d }: { device: Device }) {
  const orgs = useAllOrganizations();
  const sites = useSites({ orgId: d.orgId });
  const canWrite = useCan('devices:write');
  const org = orgs.data?.find((o) => o.id === d.orgId);
  const site = sites.data?.data.find((s) => s.id === d.siteId);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-3">
      <div className="min-w-0 space-y-4 lg:col-span-2">
        <DeviceHealth device={d} />
        <DeviceAlerts deviceId={d.id} />
        <DeviceActivity deviceId={d.id} />
      </div>
      <div className="min-w-0 space-y-4">
        <DeviceTickets device={d} />
        <Card title="Details">
          <ValueList
            narrow
            items={[
              ['Organization', org?.name],
              ['Site', site?.name ?? (d.siteId ? (sites.isPending ? 'Loading…' : 'Other site') : 'none')],
              ['Operating system', [d.osType, d.osVersion, d.architecture].filter(Boolean).join(' · ') || null],
              ['Agent version', <AgentVersion key="agent" device={d} />],
              ['Watchdog', d.watchdogStatus ?? 'none'],
              ['Enrolled', formatDate(d.enrolledAt)],
              ['Tags', d.tags.join(', ') || 'none'],
            ]}
          />
        </Card>
        {canWrite && <DeviceEditCard device={d} />}
        <DeviceCustomFields deviceId={d.id} orgId={d.orgId} canWrite={canWrite} />
      </div>
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
          <ValueList items={extra.map(([k, v]) => metricEntry(k, v))} />
        </Card>
      )}
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
        {c.exitCode !== null && <span className={`text-xs ${MUTED}`}>exit {c.exitCode}</span>}
        <span className={`ml-auto text-xs ${MUTED}`}>{formatDate(c.createdAt)}</span>
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
        {cmds.data && cmds.data.data.length === 0 && <p className={`text-sm ${MUTED}`}>No commands sent to this device yet.</p>}
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
