'use client';

// A catalog package's latest software deployments (state and progress), each linking to its detail.
import Link from 'next/link';
import { useDeployments } from '@/hooks/use-deployments';
import { formatDate } from '@/lib/client/format';
import { ErrorText } from '@/components/ui/controls';
import { DeploymentProgress, DeploymentStatusBadge } from '@/components/deployments/deployment-status';

const RECENT = 5;

export function PackageDeployments({ packageId, packageName }: { packageId: string; packageName: string }) {
  const list = useDeployments({ kind: 'software', packageId, page: 1, limit: RECENT });
  const rows = list.data?.data ?? [];
  const meta = list.data?.pagination;
  const total = meta && 'total' in meta ? meta.total : rows.length;
  return (
    <section aria-label={`Deployments of ${packageName}`} data-testid="package-deployments" className="space-y-2">
      <h4 className="text-sm font-semibold">Recent deployments</h4>
      {list.isError && <ErrorText error={list.error} />}
      {list.isPending && <p role="status" className="text-sm text-slate-500">Loading…</p>}
      {list.data && rows.length === 0 && <p className="text-sm text-slate-500">Not deployed yet.</p>}
      {rows.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {rows.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <Link href={`/deployments/${d.id}`} className="min-w-0 flex-1 truncate text-sm font-medium text-brand-700 underline dark:text-brand-100">
                {d.name}
              </Link>
              <DeploymentStatusBadge status={d.status} />
              <div className="w-40">
                {d.status === 'draft' ? <span className="text-xs text-slate-600 dark:text-slate-400">Not initialized</span> : <DeploymentProgress progress={d.progress} name={d.name} compact />}
              </div>
              <span className="text-xs text-slate-500">{formatDate(d.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {total > rows.length && <p className="text-xs text-slate-500">{total - rows.length} older deployment(s) not shown.</p>}
    </section>
  );
}
