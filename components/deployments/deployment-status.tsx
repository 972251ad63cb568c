// A deployment's state, its devices' states and its progress bar: the same colours in the list,
// the detail header and the per-device table.
import { Badge, type Tone } from '@/components/ui/controls';
import type { Deployment, DeploymentDeviceStatus, DeploymentStatus } from '@/hooks/use-deployments';

const DEPLOYMENT_TONES: Record<DeploymentStatus, Tone> = { draft: 'slate', ready: 'blue', running: 'blue', paused: 'amber', completed: 'green', failed: 'red', cancelled: 'slate' };
const DEVICE_TONES: Record<DeploymentDeviceStatus, Tone> = {
  pending: 'slate',
  waiting: 'amber',
  queued: 'blue',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  skipped: 'slate',
  expired: 'red',
  cancelled: 'slate',
};

export const DEPLOYMENT_STATUSES = Object.keys(DEPLOYMENT_TONES) as DeploymentStatus[];
export const DEVICE_STATUSES = Object.keys(DEVICE_TONES) as DeploymentDeviceStatus[];

export function DeploymentStatusBadge({ status }: { status: DeploymentStatus }) {
  return <Badge tone={DEPLOYMENT_TONES[status] ?? 'slate'}>{status}</Badge>;
}

export function DeviceStatusBadge({ status }: { status: DeploymentDeviceStatus }) {
  return <Badge tone={DEVICE_TONES[status] ?? 'slate'}>{status}</Badge>;
}

/** Why a paused deployment waits, in words a technician acts on. */
export function pauseText(d: Pick<Deployment, 'status' | 'pauseReason' | 'rollout'>): string | null {
  if (d.status !== 'paused') return null;
  if (d.pauseReason === 'failure_threshold') return `Paused automatically: failures passed ${d.rollout.failureThresholdPercent}%`;
  return 'Paused by a technician';
}

// The bar's segments, finished states first; what is left of the track is still to do.
const SEGMENTS: { key: keyof Deployment['progress']; label: string; className: string }[] = [
  { key: 'succeeded', label: 'succeeded', className: 'bg-emerald-500' },
  { key: 'failed', label: 'failed', className: 'bg-red-500' },
  { key: 'expired', label: 'expired', className: 'bg-red-300 dark:bg-red-800' },
  { key: 'skipped', label: 'skipped', className: 'bg-slate-400' },
  { key: 'cancelled', label: 'cancelled', className: 'bg-slate-300 dark:bg-slate-600' },
  { key: 'running', label: 'running', className: 'bg-brand-500' },
  { key: 'queued', label: 'queued', className: 'bg-brand-300' },
];

/** A stacked bar of the devices by state; its accessible value is the percentage finished. */
export function DeploymentProgress({ progress, name, compact = false }: { progress: Deployment['progress']; name: string; compact?: boolean }) {
  const total = Math.max(progress.total, 1);
  const pct = Math.round(progress.percentComplete);
  const done = progress.succeeded + progress.failed + progress.skipped + progress.expired + progress.cancelled;
  return (
    <div className={compact ? 'min-w-32' : ''}>
      <div
        role="progressbar"
        aria-label={`Progress of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}% complete, ${done} of ${progress.total} devices finished, ${progress.failed} failed`}
        data-testid="deployment-progress"
        className={`flex w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800 ${compact ? 'h-2' : 'h-3'}`}
      >
        {SEGMENTS.map((s) => {
          const n = progress[s.key] as number;
          return n > 0 ? <div key={s.key} className={s.className} style={{ width: `${(n / total) * 100}%` }} title={`${n} ${s.label}`} /> : null;
        })}
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {pct}% · {done}/{progress.total} done{progress.failed > 0 && <span className="text-red-700 dark:text-red-300"> · {progress.failed} failed</span>}
      </p>
    </div>
  );
}

/** Counts by state, as a legend under the detail's bar. */
export function ProgressCounts({ progress }: { progress: Deployment['progress'] }) {
  const order: DeploymentDeviceStatus[] = ['pending', 'waiting', 'queued', 'running', 'succeeded', 'failed', 'skipped', 'expired', 'cancelled'];
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-5 lg:grid-cols-9" data-testid="deployment-counts">
      {order.map((s) => (
        <div key={s} className="rounded-md border border-slate-200 px-2 py-1 dark:border-slate-800">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{s}</dt>
          <dd className="font-semibold tabular-nums">{progress[s]}</dd>
        </div>
      ))}
    </dl>
  );
}
