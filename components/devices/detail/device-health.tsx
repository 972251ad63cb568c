'use client';

// Health at a glance: status, last seen, uptime, and CPU / memory / disk now with a 24-hour
// sparkline of each from the stored metric history.
import { useDeviceMetrics, type Device, type DeviceMetricPoint } from '@/hooks/use-devices';
import { formatDate, formatRelative } from '@/lib/client/format';
import { Card, StatusBadge } from '@/components/ui/controls';
import { MUTED, formatDuration } from '@/components/devices/detail/format';
import { Sparkline } from '@/components/ui/sparkline';

const GAUGES = [
  { key: 'cpu', label: 'CPU', now: (d: Device) => d.cpuPercent, stroke: 'stroke-brand-600 dark:stroke-brand-100' },
  { key: 'memory', label: 'Memory', now: (d: Device) => d.memoryPercent, stroke: 'stroke-emerald-600 dark:stroke-emerald-300' },
  { key: 'disk', label: 'Disk', now: (d: Device) => d.diskPercent, stroke: 'stroke-amber-600 dark:stroke-amber-300' },
] as const;

function Gauge({ label, value, points, stroke, pick }: { label: string; value: number | null; points: DeviceMetricPoint[]; stroke: string; pick: (p: DeviceMetricPoint) => number | null }) {
  const peak = points.reduce<number | null>((m, p) => {
    const v = pick(p);
    return v === null ? m : m === null ? v : Math.max(m, v);
  }, null);
  return (
    <div className="min-w-0 rounded-md border border-slate-200 p-3 dark:border-slate-800" data-testid={`gauge-${label.toLowerCase()}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className={`text-xs font-medium ${MUTED}`}>{label}</span>
        <span className="text-xl font-semibold tabular-nums">{value === null ? '—' : `${Math.round(value)} %`}</span>
      </div>
      <Sparkline values={points.map(pick)} stroke={stroke} />
      <div className={`text-xs ${MUTED}`}>{peak === null ? 'no history yet' : `24 h peak ${Math.round(peak)} %`}</div>
    </div>
  );
}

export function DeviceHealth({ device: d }: { device: Device }) {
  const history = useDeviceMetrics(d.id, '24h');
  const points = history.data?.points ?? [];
  return (
    <Card title="Health">
      <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className={MUTED}>Status</dt>
          <dd data-testid="health-status">
            <StatusBadge status={d.status} />
          </dd>
        </div>
        <div>
          <dt className={MUTED}>Last seen</dt>
          <dd title={d.lastSeenAt ? formatDate(d.lastSeenAt) : undefined}>{formatRelative(d.lastSeenAt)}</dd>
        </div>
        <div>
          <dt className={MUTED}>Uptime</dt>
          <dd>{d.uptimeSeconds === null ? '—' : formatDuration(d.uptimeSeconds)}</dd>
        </div>
        <div>
          <dt className={MUTED}>Last user</dt>
          <dd className="break-all">{d.lastUser ?? '—'}</dd>
        </div>
      </dl>
      <div className="grid gap-3 sm:grid-cols-3">
        {GAUGES.map((g) => (
          <Gauge key={g.key} label={g.label} value={g.now(d)} points={points} stroke={g.stroke} pick={(p) => p[g.key].avg} />
        ))}
      </div>
      {d.mainAgentSilentSince && (
        <p className="mt-3 rounded bg-amber-50 p-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">The watchdog still reports, but the main agent has been silent since {formatDate(d.mainAgentSilentSince)}.</p>
      )}
    </Card>
  );
}
