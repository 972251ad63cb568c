'use client';

// One deployment: its state with the actions that state allows, progress by device state, the
// current batch, why it is paused, what it deploys to whom and how, and the per-device table with
// output and retry. It refreshes itself while it runs and stops once it is finished.
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { useDeleteDeployment, useDeployment, useDeploymentAction, type Deployment, type DeploymentAction } from '@/hooks/use-deployments';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCatalogPackage } from '@/hooks/use-software';
import { useScript } from '@/hooks/use-scripts';
import { useCan } from '@/hooks/use-me';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { formatDate } from '@/lib/client/format';
import { messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Card, ErrorText, PageHeader } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { DeploymentProgress, DeploymentStatusBadge, ProgressCounts, pauseText } from '@/components/deployments/deployment-status';
import { targetLines } from '@/components/deployments/deployment-targets';
import { DeploymentForm } from '@/components/deployments/deployment-form';
import { DeploymentDevicesTable } from '@/components/deployments/deployment-devices-table';

type Act = DeploymentAction | 'edit' | 'delete';
const ACTIONS: Record<Deployment['status'], Act[]> = {
  draft: ['edit', 'initialize', 'delete'],
  ready: ['edit', 'start', 'cancel', 'delete'],
  running: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  completed: ['delete'],
  failed: ['delete'],
  cancelled: ['delete'],
};
const ACTION_LABELS: Record<Act, string> = { edit: 'Edit', initialize: 'Initialize', start: 'Start', pause: 'Pause', resume: 'Resume', cancel: 'Cancel deployment', delete: 'Delete' };
const PRIMARY: Act[] = ['initialize', 'start', 'resume'];

export function DeploymentDetail({ id }: { id: string }) {
  const router = useRouter();
  const query = useDeployment(id);
  const act = useDeploymentAction();
  const remove = useDeleteDeployment();
  const canManage = useCan('deployments:manage');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const d = query.data;
  useBreadcrumbLabel(id, d?.name);
  if (query.isError) return <ErrorText error={query.error} />;
  if (!d) return <p role="status">Loading…</p>;
  const pause = pauseText(d);

  async function run(a: Act) {
    setError(null);
    if (a === 'edit') return setEditing(true);
    try {
      if (a === 'delete') {
        if (!window.confirm(`Delete the deployment "${d!.name}"? Its per-device results go with it.`)) return;
        await remove.mutateAsync(d!.id);
        router.push('/deployments');
        return;
      }
      if (a === 'cancel' && !window.confirm('Cancel this deployment? Devices that have not started are cancelled; running installs finish.')) return;
      await act.mutateAsync({ id: d!.id, action: a });
    } catch (err) {
      setError(messageOf(err, `Could not ${ACTION_LABELS[a].toLowerCase()} the deployment`));
    }
  }

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title={d.name}
        description={d.description ?? undefined}
        actions={
          canManage &&
          ACTIONS[d.status].map((a) => (
            <Button key={a} variant={a === 'delete' || a === 'cancel' ? 'danger' : PRIMARY.includes(a) ? 'primary' : 'secondary'} onClick={() => void run(a)} disabled={act.isPending || remove.isPending}>
              {ACTION_LABELS[a]}
            </Button>
          ))
        }
      />
      <FormError message={error} />
      <Card>
        <div className="flex flex-wrap items-center gap-3" data-testid="deployment-state">
          <DeploymentStatusBadge status={d.status} />
          {d.totalBatches > 0 && (
            <span className="text-sm font-medium" data-testid="deployment-batch">
              Batch {d.currentBatch} of {d.totalBatches}
            </span>
          )}
          {d.startedAt && <span className="text-xs text-slate-600 dark:text-slate-400">Started {formatDate(d.startedAt)}</span>}
          {d.completedAt && <span className="text-xs text-slate-600 dark:text-slate-400">Finished {formatDate(d.completedAt)}</span>}
        </div>
        {pause && (
          <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200" data-testid="pause-reason">
            {pause}. {d.pauseReason === 'failure_threshold' ? 'Look at the failed devices below, retry or fix them, then resume.' : 'Resume to continue with the next devices.'}
          </p>
        )}
        {d.status === 'draft' ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">A draft: initialize it to resolve its targets into devices and batches.</p>
        ) : (
          <div className="mt-3 space-y-3">
            <DeploymentProgress progress={d.progress} name={d.name} />
            <ProgressCounts progress={d.progress} />
          </div>
        )}
      </Card>
      <DeploymentSummary deployment={d} />
      {d.status !== 'draft' && <DeploymentDevicesTable deployment={d} canManage={canManage} />}
      <Dialog open={editing} onClose={() => setEditing(false)} title="Edit deployment" wide>
        {editing && <DeploymentForm deployment={d} onDone={() => setEditing(false)} />}
      </Dialog>
    </div>
  );
}

/** What it deploys, to whom, and how it rolls out. */
function DeploymentSummary({ deployment: d }: { deployment: Deployment }) {
  const orgs = useAllOrganizations();
  const payload = d.payload as { packageId?: string; versionId?: string; scriptId?: string; parameters?: Record<string, string>; patchIds?: string[] };
  const pkg = useCatalogPackage(d.kind === 'software' ? (payload.packageId ?? null) : null);
  const version = pkg.data?.versions.find((v) => v.id === payload.versionId)?.version;
  const what =
    d.kind === 'software'
      ? `${pkg.data?.name ?? 'Catalog package'}${version ? ` ${version}` : ''}`
      : d.kind === 'script'
        ? `Script${payload.parameters && Object.keys(payload.parameters).length ? ` (${Object.entries(payload.parameters).map(([k, v]) => `${k}=${v}`).join(', ')})` : ''}`
        : `${payload.patchIds?.length ?? 0} approved patch(es)`;
  const targets = targetLines(d.targets, d.targetNames);
  const r = d.rollout;
  const rollout =
    r.strategy === 'all_at_once'
      ? 'All at once'
      : `Staged: batches of ${r.batchSize ?? `${r.batchPercent}%`}${r.batchIntervalMinutes ? `, ${r.batchIntervalMinutes} min apart` : ''}`;
  const rows: [string, ReactNode][] = [
    ['Deploys', d.kind === 'script' && payload.scriptId ? <ScriptName key="s" id={payload.scriptId} text={what} /> : what],
    ['Scope', d.orgId ? ((orgs.data ?? []).find((o) => o.id === d.orgId)?.name ?? 'Organization') : 'Partner-wide'],
    [
      'Targets',
      targets.length ? (
        <ul key="t" className="space-y-0.5" data-testid="deployment-target-names">
          {targets.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        '—'
      ),
    ],
    ['Rollout', `${rollout}; pauses when failures pass ${r.failureThresholdPercent}%`],
    ['Schedule', [d.schedule.maintenanceWindowOnly ? 'Maintenance windows only' : 'As soon as devices are online', d.schedule.deadline ? `deadline ${formatDate(d.schedule.deadline)}` : null].filter(Boolean).join('; ')],
    ['Created', formatDate(d.createdAt)],
  ];
  return (
    <Card title="Details">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{k}</dt>
            <dd className="break-words">{v}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The script's name before its parameters; fetched only for script deployments. */
function ScriptName({ id, text }: { id: string; text: string }) {
  const script = useScript(id);
  return (
    <>
      {text.replace(/^Script/, `Script ${script.data?.name ?? ''}`)}
    </>
  );
}
