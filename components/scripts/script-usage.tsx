'use client';

// Usage of one script: how often it ran, how it went, and the runs still in progress (which can be
// cancelled: a pending run at once, a running one by telling the agent to kill it).
import { useState } from 'react';
import { useCancelExecution, useUsageStats } from '@/hooks/use-script-library';
import { useActiveExecutions } from '@/hooks/use-scripts';
import { useCan } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, StatusBadge } from '@/components/ui/controls';

export function ScriptUsage({ id }: { id: string }) {
  const stats = useUsageStats(id);
  const active = useActiveExecutions(id);
  const cancel = useCancelExecution();
  const canRun = useCan('devices:execute');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const s = stats.data;

  return (
    <Card title="Usage">
      <ErrorText error={stats.error} />
      {s && (
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 lg:grid-cols-7" data-testid="usage-stats">
          {[
            ['Runs', s.executions],
            ['Completed', s.completed],
            ['Failed', s.failed + s.timedOut],
            ['Cancelled', s.cancelled],
            ['Success rate', s.successRate === null ? '—' : `${Math.round(s.successRate * 100)} %`],
            ['Devices', s.devices],
            ['Last run', s.lastRunAt ? `${formatRelative(s.lastRunAt)}${s.lastStatus ? ` (${s.lastStatus.replace(/_/g, ' ')})` : ''}` : 'Never'],
          ].map(([k, v]) => (
            <div key={String(k)}>
              <dt className="text-slate-500">{k}</dt>
              <dd className="text-lg font-semibold">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {s && s.executions === 0 && <p className="mt-2 text-sm text-slate-500">Not run yet: pick devices under Run on the Script tab to start one.</p>}
      {active.data && active.data.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium">In progress</h3>
          <ul>
            {active.data.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-3 border-t border-slate-100 py-2 text-sm dark:border-slate-800">
                <StatusBadge status={e.status} />
                <span className="font-mono text-xs">{e.deviceId.slice(0, 8)}</span>
                <span className="text-xs text-slate-500">started {formatRelative(e.createdAt)}</span>
                {canRun && (
                  <Button
                    variant="secondary"
                    className="ml-auto"
                    disabled={cancel.isPending}
                    onClick={async () => {
                      if (!confirm(e.status === 'running' ? 'Cancel this run? The agent is told to kill the script.' : 'Cancel this run before it starts?')) return;
                      setNotice(null);
                      try {
                        const res = await cancel.mutateAsync(e.id);
                        setNotice({ ok: true, text: res.cancelRequested ? 'Cancel requested: the run stops when the agent reports back' : 'Run cancelled' });
                      } catch (err) {
                        setNotice({ ok: false, text: messageOf(err, 'Could not cancel') });
                      }
                    }}
                  >
                    Cancel run
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${notice.ok ? 'text-emerald-700' : 'text-red-600'}`}>
          {notice.text}
        </p>
      )}
    </Card>
  );
}
