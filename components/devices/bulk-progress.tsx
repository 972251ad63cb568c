'use client';

// Progress of a bulk action on devices. Commands (run command, reboot, run script) are polled
// until none is pending or sent; per-device writes (tag, move organization, add to group) report
// as they go. Either way the bar is one progressbar and the failures are named.
import { COMMAND_DONE_STATUSES as DONE, useBulkCommandProgress, type Command, type EachOutcome } from '@/hooks/use-devices';

/** What a queueing bulk route answers: the commands it queued and the devices it did not reach. */
export interface QueuedCommands {
  commands: Pick<Command, 'deviceId' | 'id' | 'status'>[];
  skipped: { deviceId: string; reason: string }[];
  failed: { deviceId: string; code: string }[];
}

function Bar({ pct, label }: { pct: number; label: string }) {
  return (
    <div className="h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
      <div className="h-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
    </div>
  );
}

export function BulkProgress({ result }: { result: QueuedCommands }) {
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
        {result.failed.length > 0 && ` · ${result.failed.length} not sent (${[...new Set(result.failed.map((f) => f.code))].join(', ')})`}
      </div>
      <Bar pct={pct} label="Bulk command progress" />
    </div>
  );
}

/** Progress of per-device writes: `outcome` grows as each device answers. */
export function BulkOutcome({ total, outcome, verb, name }: { total: number; outcome: EachOutcome & { skipped?: number }; verb: string; name: (deviceId: string) => string }) {
  const pct = total ? Math.round((outcome.done / total) * 100) : 100;
  const ok = outcome.done - outcome.failed.length - (outcome.skipped ?? 0);
  return (
    <div className="space-y-2" data-testid="bulk-progress">
      <div className="text-sm" role="status">
        {outcome.done} of {total} done · {ok} {verb}
        {outcome.skipped ? ` · ${outcome.skipped} skipped` : ''}
        {outcome.failed.length > 0 && ` · ${outcome.failed.length} failed`}
      </div>
      <Bar pct={pct} label="Bulk action progress" />
      {outcome.failed.length > 0 && (
        <ul className="max-h-40 list-inside list-disc overflow-y-auto text-sm text-red-700 dark:text-red-300">
          {outcome.failed.map((f) => (
            <li key={f.deviceId}>
              {name(f.deviceId)}: {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
