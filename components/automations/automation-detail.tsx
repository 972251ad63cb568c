'use client';

// One automation: what it does, "Run now" on chosen devices of its organization (actions only,
// no trigger or conditions), and its run history with every action's outcome per device.
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useAutomation, useAutomationRuns, useDeleteAutomation, useRunAutomation, useUpdateAutomation, type Automation, type AutomationRun } from '@/hooks/use-automations';
import { useScriptTargetDevices } from '@/hooks/use-devices';
import { useCan } from '@/hooks/use-me';
import { formatDate } from '@/lib/client/format';
import { messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Badge, Card, ErrorText, PageHeader, Pager } from '@/components/ui/controls';
import { triggerText } from '@/components/automations/automations-view';

const TONES: Record<string, 'green' | 'red' | 'amber' | 'slate'> = { completed: 'green', succeeded: 'green', failed: 'red', suppressed: 'amber', skipped: 'amber', pending: 'slate', running: 'slate' };

export function AutomationDetail({ id }: { id: string }) {
  const router = useRouter();
  const automation = useAutomation(id);
  const [page, setPage] = useState(1);
  const runs = useAutomationRuns(id, page);
  const devices = useScriptTargetDevices(automation.data?.orgId, '');
  const runNow = useRunAutomation();
  const update = useUpdateAutomation();
  const remove = useDeleteAutomation();
  const canManage = useCan('automations:manage');
  const [picked, setPicked] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const a = automation.data;
  const names = new Map((devices.data?.devices ?? []).map((d) => [d.id, d.hostname]));

  async function onRun() {
    setMessage(null);
    try {
      await runNow.mutateAsync({ id, body: { deviceIds: picked } });
      setMessage('Run started.');
    } catch (err) {
      setMessage(messageOf(err, 'The run could not be started'));
    }
  }

  if (!a) return <ErrorText error={automation.error} />;
  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title={a.name}
        description={a.description ?? undefined}
        actions={
          canManage && (
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => update.mutate({ id, body: { enabled: !a.enabled } })}>
                {a.enabled ? 'Disable' : 'Enable'}
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  if (window.confirm(`Delete ${a.name} and its run history?`)) remove.mutate(id, { onSuccess: () => router.push('/automations') });
                }}
              >
                Delete
              </Button>
            </div>
          )
        }
      />
      <Card title="Definition">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Trigger</dt>
          <dd>{triggerText(a)}</dd>
          <dt className="font-medium">State</dt>
          <dd>{a.enabled ? 'Enabled' : 'Disabled'}</dd>
          <dt className="font-medium">Actions</dt>
          <dd>
            <ol className="list-decimal pl-5">
              {a.actions.map((x, i) => (
                <li key={i}>{actionText(x)}</li>
              ))}
            </ol>
          </dd>
          {a.nextRunAt && (
            <>
              <dt className="font-medium">Next run</dt>
              <dd>{formatDate(a.nextRunAt)}</dd>
            </>
          )}
        </dl>
      </Card>
      {canManage && (
        <Card title="Run now">
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">Runs the actions at once on the devices chosen, without the trigger or the conditions.</p>
          <fieldset className="flex flex-wrap gap-4 text-sm" aria-label="Devices to run on">
            {(devices.data?.devices ?? []).map((d) => (
              <label key={d.id} className="flex items-center gap-2">
                <input type="checkbox" checked={picked.includes(d.id)} onChange={(e) => setPicked((l) => (e.target.checked ? [...l, d.id] : l.filter((x) => x !== d.id)))} />
                {d.hostname}
              </label>
            ))}
          </fieldset>
          <div className="mt-3 flex items-center gap-3">
            <Button onClick={() => void onRun()} disabled={runNow.isPending}>
              Run now
            </Button>
            {message && (
              <span role="status" className="text-sm">
                {message}
              </span>
            )}
          </div>
        </Card>
      )}
      <Card title="Run history">
        <ErrorText error={runs.error} />
        {runs.data && runs.data.data.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No runs yet.</p>}
        <ul className="space-y-3" aria-label="Runs">
          {(runs.data?.data ?? []).map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700" aria-label={`Run ${formatDate(r.createdAt)}`}>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={TONES[r.status]}>{r.status}</Badge>
                <span>{r.source === 'run' ? 'Run now' : `Trigger: ${r.source}`}</span>
                {r.event && typeof r.event.type === 'string' && <span className="text-xs">on {r.event.type}</span>}
                <span className="text-xs text-slate-600 dark:text-slate-400">{formatDate(r.createdAt)}</span>
                {r.finishedAt && <span className="text-xs text-slate-600 dark:text-slate-400">finished {formatDate(r.finishedAt)}</span>}
                {r.reason && <span className="text-xs">{r.reason}</span>}
              </div>
              {r.steps.length > 0 && (
                // A phone scrolls the steps inside the run, not the page.
                <div className="relative mt-2 max-w-full overflow-x-auto">
                  <table className="w-full text-left text-xs">
                    <thead>
                      <tr>
                        <th className="py-1 pr-2">#</th>
                        <th className="py-1 pr-2">Action</th>
                        <th className="py-1 pr-2">Device</th>
                        <th className="py-1 pr-2">Outcome</th>
                        <th className="py-1">Detail</th>
                      </tr>
                    </thead>
                    <tbody>
                      {r.steps.map((s, i) => (
                        <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                          <td className="py-1 pr-2">{s.actionIndex + 1}</td>
                          <td className="py-1 pr-2">{s.actionType}</td>
                          <td className="py-1 pr-2">{s.deviceId ? (names.get(s.deviceId) ?? s.deviceId.slice(0, 8)) : '—'}</td>
                          <td className="py-1 pr-2">
                            <Badge tone={TONES[s.status]}>{s.status}</Badge>
                          </td>
                          <td className="py-1">
                            <StepDetail step={s} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </li>
          ))}
        </ul>
        {runs.data && <Pager page={page} total={runs.data.pagination.total} limit={runs.data.pagination.limit} onPage={setPage} />}
      </Card>
    </div>
  );
}

type Step = AutomationRun['steps'][number];

const ACTION_LABELS: Record<Automation['actions'][number]['type'], string> = {
  run_script: 'Run a script',
  device_command: 'Device command',
  create_ticket: 'Create a ticket',
  add_to_group: 'Add to a group',
  call_webhook: 'Call a webhook',
  start_deployment: 'Start a deployment',
  notify_channel: 'Notify a channel',
};

function actionText(x: Automation['actions'][number]): string {
  switch (x.type) {
    case 'create_ticket':
      return `${ACTION_LABELS[x.type]}: ${x.subject}`;
    case 'device_command':
      return `${ACTION_LABELS[x.type]}: ${x.command.type}`;
    case 'call_webhook':
      return `${ACTION_LABELS[x.type]}: ${x.url}`;
    default:
      return ACTION_LABELS[x.type];
  }
}

/** A step's outcome as a technician reads it: the script's exit code and output, or the error. */
function StepDetail({ step: s }: { step: Step }) {
  const r = s.result ?? {};
  if (s.actionType === 'run_script') {
    if (s.status === 'running') return <span>Waiting for the agent’s result</span>;
    const out = [typeof r.stdout === 'string' ? r.stdout : '', typeof r.stderr === 'string' ? r.stderr : ''].filter(Boolean).join('\n');
    return (
      <div className="space-y-1">
        {s.error && <p>{s.error}</p>}
        {typeof r.exitCode === 'number' && <p>Exit code {r.exitCode}</p>}
        {out && <pre className="max-h-40 max-w-[40rem] overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs dark:bg-slate-900" aria-label="Script output">{out}</pre>}
        {typeof r.executionId === 'string' && <span className="text-slate-600 dark:text-slate-400">Execution {r.executionId.slice(0, 8)}</span>}
      </div>
    );
  }
  if (s.error) return <span>{s.error}</span>;
  return <span>{Object.entries(r).map(([k, v]) => `${k}: ${String(v)}`).join(', ')}</span>;
}
