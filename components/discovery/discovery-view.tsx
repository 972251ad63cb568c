'use client';

// Network discovery: assets found by scans (bulk link/ignore/monitor actions), scan jobs with live
// progress, the profiles that say what a probe agent scans, and the topology drawn as SVG.
import { useState } from 'react';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useCurrentOrg } from '@/components/shell/current-org';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { DevicePicker } from '@/components/devices/device-picker';
import { ProfileForm } from '@/components/discovery/profile-form';
import { AssetMonitoringPanel } from '@/components/discovery/asset-monitoring-form';
import { Badge, EmptyState, ErrorText, PageHeader, Pager, SelectField, Tabs } from '@/components/ui/controls';
import {
  useAssetAction,
  useCancelJob,
  useDeleteProfile,
  useDiscoveryAssets,
  useDiscoveryJobs,
  useDiscoveryProfiles,
  useLinkAsset,
  useStartScan,
  useTopology,
  type AssetAction,
  type DiscoveryAsset,
  type Topology,
} from '@/hooks/use-discovery';

type Tab = 'assets' | 'jobs' | 'profiles' | 'topology';
const DEFAULTS = { tab: 'assets', page: '1', status: '', search: '', create: '', edit: '' };
const CELL = 'px-4 py-2';
const TONE: Record<string, 'green' | 'red' | 'amber' | 'slate'> = { completed: 'green', running: 'amber', queued: 'slate', failed: 'red', timed_out: 'red', cancelled: 'slate' };

export function DiscoveryView() {
  const [f, setF] = useUrlFilters(DEFAULTS);
  const tab = (['assets', 'jobs', 'profiles', 'topology'].includes(f.tab) ? f.tab : 'assets') as Tab;
  return (
    <div className="min-w-0 space-y-4">
      <PageHeader title="Network discovery" description="Probe agents scan your networks for printers, switches, firewalls and other devices that cannot run an agent." />
      <Tabs
        label="Discovery"
        value={tab}
        onChange={(t) => setF({ tab: t, page: '1' })}
        tabs={[
          { id: 'assets', label: 'Assets' },
          { id: 'jobs', label: 'Scans' },
          { id: 'profiles', label: 'Profiles' },
          { id: 'topology', label: 'Topology' },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'assets' && <AssetsPanel f={f} setF={setF} />}
        {tab === 'jobs' && <JobsPanel page={Math.max(1, Number(f.page) || 1)} onPage={(p) => setF({ page: String(p) })} />}
        {tab === 'profiles' && <ProfilesPanel creating={f.create === '1'} setCreating={(on) => setF({ create: on ? '1' : '' })} editing={f.edit} setEditing={(id) => setF({ edit: id })} />}
        {tab === 'topology' && <TopologyPanel />}
      </div>
    </div>
  );
}

function AssetsPanel({ f, setF }: { f: typeof DEFAULTS; setF: (v: Partial<typeof DEFAULTS>) => void }) {
  const { orgId } = useCurrentOrg();
  const page = Math.max(1, Number(f.page) || 1);
  const list = useDiscoveryAssets({ orgId: orgId || undefined, status: f.status, search: f.search, page });
  const action = useAssetAction();
  const link = useLinkAsset();
  const canManage = useCan('discovery:manage');
  const [selected, setSelected] = useState<string[]>([]);
  const [linking, setLinking] = useState<DiscoveryAsset | null>(null);
  const [deviceId, setDeviceId] = useState('');
  const [monitoring, setMonitoring] = useState<DiscoveryAsset | null>(null);
  const rows = list.data?.data ?? [];
  const run = (a: AssetAction) => action.mutate({ action: a, ids: selected }, { onSuccess: () => setSelected([]) });
  return (
    <div className="space-y-3 pt-3">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Status" value={f.status} onChange={(e) => setF({ status: e.target.value, page: '1' })}>
          <option value="">All but ignored</option>
          <option value="discovered">Discovered</option>
          <option value="linked">Linked</option>
          <option value="monitored">Monitored</option>
          <option value="ignored">Ignored</option>
        </SelectField>
        <Field label="Search" value={f.search} placeholder="IP, MAC, name or vendor" onChange={(e) => setF({ search: e.target.value, page: '1' })} />
      </div>
      {canManage && selected.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" aria-label="Bulk actions">
          <span className="text-sm">{selected.length} selected</span>
          <Button variant="secondary" onClick={() => run('enable-monitoring')}>Monitor</Button>
          <Button variant="secondary" onClick={() => run('disable-monitoring')}>Stop monitoring</Button>
          <Button variant="secondary" onClick={() => run(f.status === 'ignored' ? 'unignore' : 'ignore')}>{f.status === 'ignored' ? 'Show again' : 'Ignore'}</Button>
          <Button variant="danger" onClick={() => run('delete')}>Delete</Button>
        </div>
      )}
      <ErrorText error={list.error ?? action.error ?? link.error} />
      {list.data && rows.length === 0 ? (
        <EmptyState title="No assets found yet">Create a profile with a probe device and start a scan: what answers on its subnets appears here.</EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Discovered assets" columns={[{ label: 'Select', hidden: true }, 'Address', 'Name', 'Vendor', 'Open ports', 'SNMP', 'Status', 'Last seen', { label: 'Actions', hidden: true }]}>
            {rows.map((a) => (
              <tr key={a.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={CELL}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${a.ip}`}
                    checked={selected.includes(a.id)}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, a.id] : s.filter((x) => x !== a.id)))}
                  />
                </td>
                <td className={`${CELL} font-mono text-xs`}>
                  {a.ip}
                  {a.mac && <div className="text-slate-500">{a.mac}</div>}
                </td>
                <td className={CELL}>{a.hostname ?? a.snmp?.sysName ?? '—'}</td>
                <td className={CELL}>{a.vendor ?? '—'}</td>
                <td className={`${CELL} text-xs`}>{a.openPorts.join(', ') || '—'}</td>
                <td className={`${CELL} max-w-xs truncate text-xs`} title={a.snmp?.sysDescr}>{a.snmp ? a.snmp.sysDescr : '—'}</td>
                <td className={CELL}>
                  <Badge tone={a.status === 'monitored' ? 'green' : a.status === 'ignored' ? 'slate' : a.status === 'linked' ? 'amber' : 'slate'}>{a.status}</Badge>
                  {a.isGateway && <Badge>gateway</Badge>}
                </td>
                <td className={`${CELL} whitespace-nowrap text-xs`}>{formatDate(a.lastSeenAt)}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {canManage && (
                    <Button variant="secondary" onClick={() => (setLinking(a), setDeviceId(a.linkedDeviceId ?? ''))} aria-label={`${a.linkedDeviceId ? 'Relink' : 'Link'} ${a.ip}`}>
                      {a.linkedDeviceId ? 'Relink' : 'Link'}
                    </Button>
                  )}{' '}
                  <Button variant="secondary" onClick={() => setMonitoring(a)} aria-label={`Monitoring of ${a.ip}`}>
                    Monitoring
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={(p) => setF({ page: String(p) })} />}
      <Dialog open={linking !== null} onClose={() => setLinking(null)} title="Link to an enrolled device">
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            link.mutate({ id: linking!.id, deviceId: deviceId || null }, { onSuccess: () => setLinking(null) });
          }}
        >
          {linking && <DevicePicker label="Enrolled device" orgId={linking.orgId} emptyLabel="No link" hint="No link removes it" value={deviceId} onChange={setDeviceId} />}
          <ErrorText error={link.error} />
          <Button type="submit">Save</Button>
        </form>
      </Dialog>
      <Dialog open={monitoring !== null} onClose={() => setMonitoring(null)} title={`Monitoring of ${monitoring?.hostname ?? monitoring?.ip ?? 'the asset'}`}>
        {monitoring && <AssetMonitoringPanel key={monitoring.id} asset={monitoring} canManage={canManage} onDone={() => setMonitoring(null)} />}
      </Dialog>
    </div>
  );
}

function JobsPanel({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const { orgId } = useCurrentOrg();
  const jobs = useDiscoveryJobs(orgId || undefined, page);
  const cancel = useCancelJob();
  const canManage = useCan('discovery:manage');
  const rows = jobs.data?.data ?? [];
  return (
    <div className="space-y-3 pt-3">
      <ErrorText error={jobs.error ?? cancel.error} />
      {jobs.data && rows.length === 0 ? (
        <EmptyState title="No scans yet">Start a scan from a profile.</EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Discovery scans" columns={['Started', 'Subnets', 'State', 'Progress', 'Hosts', 'New', { label: 'Actions', hidden: true }]}>
            {rows.map((j) => (
              <tr key={j.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={`${CELL} whitespace-nowrap text-xs`}>{formatDate(j.createdAt)}</td>
                <td className={`${CELL} font-mono text-xs`}>{j.subnets.join(', ')}</td>
                <td className={CELL}>
                  <Badge tone={TONE[j.status] ?? 'slate'}>{j.status.replace('_', ' ')}</Badge>
                  {j.error && <div className="text-xs text-slate-500">{j.error}</div>}
                </td>
                <td className={CELL}>
                  <progress className="w-28" max={100} value={j.progress} aria-label={`Scan progress ${j.progress}%`} /> <span className="text-xs">{j.targetsScanned}/{j.targetsTotal}</span>
                </td>
                <td className={CELL}>{j.hostsFound}</td>
                <td className={CELL}>{j.newAssets}</td>
                <td className={CELL}>{canManage && (j.status === 'queued' || j.status === 'running') && <Button variant="secondary" onClick={() => cancel.mutate(j.id)}>Cancel</Button>}</td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {jobs.data && <Pager page={page} total={jobs.data.pagination.total} limit={jobs.data.pagination.limit} onPage={onPage} />}
    </div>
  );
}

function ProfilesPanel({ creating, setCreating, editing, setEditing }: { creating: boolean; setCreating: (on: boolean) => void; editing: string; setEditing: (id: string) => void }) {
  const { orgId } = useCurrentOrg();
  const profiles = useDiscoveryProfiles(orgId || undefined);
  const scan = useStartScan();
  const remove = useDeleteProfile();
  const canManage = useCan('discovery:manage');
  const rows = profiles.data?.data ?? [];
  const editingProfile = editing && canManage ? rows.find((p) => p.id === editing) : undefined;
  return (
    <div className="space-y-3 pt-3">
      {canManage && <Button onClick={() => setCreating(true)}>New profile</Button>}
      <ErrorText error={profiles.error ?? scan.error ?? remove.error} />
      {profiles.data && rows.length === 0 ? (
        <EmptyState title="No discovery profiles">A profile names the subnets to scan, the ports to try, SNMP communities and the probe device whose agent scans.</EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Discovery profiles" columns={['Name', 'Subnets', 'Ports', 'SNMP', 'Schedule', 'Last scan', { label: 'Actions', hidden: true }]}>
            {rows.map((p) => (
              <tr key={p.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={`${CELL} font-medium`}>{p.name}</td>
                <td className={`${CELL} font-mono text-xs`}>
                  {p.subnets.join(', ')} <span className="text-slate-500">({p.addressCount})</span>
                </td>
                <td className={`${CELL} text-xs`}>{p.ports.join(', ')}</td>
                <td className={`${CELL} text-xs`}>{p.snmpCredentials.map((c) => (c.version === 'v3' ? `v3 ${c.username ?? ''}`.trim() : c.version)).join(', ') || '—'}</td>
                <td className={`${CELL} text-xs`}>{p.scheduleIntervalMinutes ? `every ${p.scheduleIntervalMinutes} min` : 'manual'}</td>
                <td className={`${CELL} whitespace-nowrap text-xs`}>{p.lastScanAt ? formatDate(p.lastScanAt) : '—'}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {canManage && (
                    <>
                      <Button variant="secondary" onClick={() => scan.mutate(p.id)}>Scan now</Button>{' '}
                      <Button variant="secondary" onClick={() => setEditing(p.id)} aria-label={`Edit ${p.name}`}>Edit</Button>{' '}
                      <Button variant="danger" onClick={() => remove.mutate(p.id)} aria-label={`Delete ${p.name}`}>Delete</Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      <Dialog open={creating} onClose={() => setCreating(false)} title="New discovery profile">
        {creating && <ProfileForm onDone={() => setCreating(false)} />}
      </Dialog>
      <Dialog open={editingProfile !== undefined} onClose={() => setEditing('')} title={`Edit ${editingProfile?.name ?? 'profile'}`}>
        {editingProfile && <ProfileForm key={editingProfile.id} profile={editingProfile} onDone={() => setEditing('')} />}
      </Dialog>
    </div>
  );
}

/** Subnets in a column on the left, their assets fanned out to the right; neighbour edges drawn across. */
function layout(t: Topology) {
  const pos = new Map<string, { x: number; y: number }>();
  const hubs = t.nodes.filter((n) => n.kind === 'subnet' || n.kind === 'probe' || (n.kind === 'gateway' && !n.assetId));
  hubs.forEach((n, i) => pos.set(n.id, { x: 120, y: 50 + i * 90 }));
  const rest = t.nodes.filter((n) => !pos.has(n.id));
  const columns = Math.max(1, Math.ceil(rest.length / 12));
  rest.forEach((n, i) => pos.set(n.id, { x: 360 + Math.floor(i / 12) * 200, y: 40 + (i % 12) * 50 }));
  const height = Math.max(hubs.length * 90 + 40, Math.min(rest.length, 12) * 50 + 40, 200);
  return { pos, width: 380 + columns * 200, height };
}

function TopologyPanel() {
  const { orgId } = useCurrentOrg();
  const topo = useTopology(orgId || undefined);
  if (topo.error) return <ErrorText error={topo.error} />;
  if (!topo.data) return null;
  if (topo.data.nodes.length === 0) return <EmptyState title="Nothing to draw yet">Scans fill the topology with subnets, gateways, assets and switch neighbours.</EmptyState>;
  const { pos, width, height } = layout(topo.data);
  const colour: Record<string, string> = { subnet: '#2563eb', probe: '#7c3aed', gateway: '#d97706', switch: '#059669', asset: '#475569' };
  return (
    <div className="overflow-x-auto pt-3">
      <svg role="img" aria-label="Discovered network topology" width={width} height={height} className="text-slate-700 dark:text-slate-200">
        {topo.data.edges.map((e) => {
          const a = pos.get(e.from);
          const b = pos.get(e.to);
          if (!a || !b) return null;
          return (
            <g key={`${e.from}-${e.to}-${e.kind}`}>
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={e.kind === 'neighbor' ? '#059669' : '#94a3b8'} strokeDasharray={e.kind === 'probe' ? '4 3' : undefined} />
              {e.label && <text x={(a.x + b.x) / 2} y={(a.y + b.y) / 2 - 3} fontSize="10" fill="currentColor">{e.label}</text>}
            </g>
          );
        })}
        {topo.data.nodes.map((n) => {
          const p = pos.get(n.id)!;
          return (
            <g key={n.id}>
              <circle cx={p.x} cy={p.y} r={n.kind === 'subnet' ? 9 : 7} fill={colour[n.kind] ?? '#475569'} />
              <text x={p.x + 12} y={p.y + 4} fontSize="11" fill="currentColor">
                {n.label}
                {n.ip && n.ip !== n.label ? ` (${n.ip})` : ''}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="mt-2 text-xs text-slate-500">Blue: subnets · purple: probe agents · amber: gateways · green: switches and their port neighbours · grey: other assets.</p>
    </div>
  );
}
