'use client';

// Progress of a bulk command: polls each queued command until none is pending or sent.
import { COMMAND_DONE_STATUSES as DONE, useBulkCommandProgress, type BulkResult } from '@/hooks/use-devices';

export function BulkProgress({ result }: { result: BulkResult }) {
  const status = useBulkCommandProgress(result.commands);
  const cmds = status.data ?? result.commands;
  const done = cmds.filter((c) => DONE.has(c.status)).length;
  const failed = cmds.filter((c) => c.status === 'failed' || c.status === 'timed_out').length;
  const pct = cmds.length ? Math.round((done / cmds.length) * 100) : 100;
  return (
    <div className="space-y-2" data-testid="bulk-progress">
      <div className="text-sm">
        {cmds.length} queued · {done} finished{failed ? ` · ${failed} failed` : ''}
        {result.skipped.length > 0 && ` · ${result.skipped.length} skipped (${[...new Set(result.skipped.map((s) => s.reason))].join(', ')})`}
        {result.failed.length > 0 && ` · ${result.failed.length} not addressable`}
      </div>
      <div className="h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label="Bulk command progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
