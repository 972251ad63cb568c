'use client';

// One audit entry: who, what, on which record, where from, and its details as JSON; links
// narrow the list to the same actor, action or target.
import { useAuditEntry } from '@/hooks/use-audit-logs';
import { CopyButton, ErrorText, StatusBadge } from '@/components/ui/controls';

type Patch = Partial<Record<'actor' | 'action' | 'target' | 'targetId', string>>;

export function AuditEntryDetail({ id, onFilter }: { id: string; onFilter: (patch: Patch) => void }) {
  const entry = useAuditEntry(id);
  if (entry.error) return <ErrorText error={entry.error} />;
  const e = entry.data;
  if (!e) return <p className="text-sm text-slate-500">Loading…</p>;
  const filterLink = (label: string, patch: Patch) => (
    <button type="button" className="ml-2 text-xs text-brand-700 underline dark:text-brand-300" onClick={() => onFilter(patch)}>
      {label}
    </button>
  );
  const rows: [string, React.ReactNode][] = [
    ['Time', new Date(e.createdAt).toLocaleString()],
    ['Actor', <>{e.actorEmail ?? '—'} <span className="text-slate-500">({e.actorType}{e.actorId ? ` ${e.actorId}` : ''})</span>{(e.actorEmail || e.actorId) && filterLink('Entries of this actor', { actor: e.actorEmail ?? e.actorId ?? '' })}</>],
    ['Action', <><code>{e.action}</code>{filterLink('Entries with this action', { action: e.action })}</>],
    ['Target', e.targetType ? <>{e.targetType} <code>{e.targetId ?? ''}</code>{filterLink('Entries of this target', { target: e.targetType, targetId: e.targetId ?? '' })}</> : '—'],
    ['Result', <StatusBadge key="r" status={e.result} />],
    ['Organization', e.orgId ?? 'Partner-wide'],
    ['IP address', e.ip ?? '—'],
    ['Request id', e.requestId ?? '—'],
    ['Entry id', e.id],
  ];
  const json = JSON.stringify(e.details, null, 2);
  return (
    <div className="space-y-4" data-testid="audit-entry">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{k}</dt>
            <dd className="min-w-0 break-words">{v}</dd>
          </div>
        ))}
      </dl>
      <div>
        <div className="mb-1 flex items-center justify-between">
          <h3 className="text-sm font-semibold">Details</h3>
          <CopyButton text={json} label="Copy JSON" />
        </div>
        <pre aria-label="Details JSON" className="max-h-[50vh] overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">
          {json}
        </pre>
      </div>
    </div>
  );
}
