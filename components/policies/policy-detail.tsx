'use client';

// One policy: its checks, settings and assignments, edit (replaces the policy), deactivate or
// reactivate, delete, and the devices it was evaluated for with each check's stored result,
// failing devices first (?status= narrows the list).
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useDeletePolicy, usePolicy, usePolicyCompliance, useSetPolicyActive } from '@/hooks/use-policies';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Badge, Card, EmptyState, ErrorText, PageHeader, Pager, SelectField } from '@/components/ui/controls';
import { PolicyForm, CHECK_KINDS } from '@/components/policies/policy-form';
import { ComplianceBadge } from '@/components/policies/compliance-badge';

const CELL = 'px-4 py-2';

function checkSummary(c: Record<string, unknown>): string {
  return String(c.name ?? c.path ?? c.key ?? (c.kind === 'script' ? 'script' : ''));
}

export function PolicyDetail({ id }: { id: string }) {
  const router = useRouter();
  const policy = usePolicy(id);
  const [f, setF] = useUrlFilters({ status: '', page: '1' });
  const page = Math.max(1, Number(f.page) || 1);
  const compliance = usePolicyCompliance(id, { status: f.status || undefined, page });
  const canManage = useCan('policies:manage');
  const setActive = useSetPolicyActive();
  const remove = useDeletePolicy();
  const [editing, setEditing] = useState(false);
  const p = policy.data;
  useBreadcrumbLabel(id, p?.name);
  if (policy.isError) return <ErrorText error={policy.error} />;
  if (!p) return <p role="status">Loading…</p>;

  async function onDelete() {
    if (!window.confirm(`Delete ${p!.name} with its results and history? Deactivate it instead to keep them.`)) return;
    await remove.mutateAsync(p!.id);
    router.push('/policies');
  }

  const rows = compliance.data?.data ?? [];
  return (
    <div className="space-y-4">
      <PageHeader
        title={p.name}
        description={p.description ?? undefined}
        actions={
          canManage && (
            <span className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="secondary" onClick={() => setActive.mutate({ id: p.id, active: !p.active })} disabled={setActive.isPending}>
                {p.active ? 'Deactivate' : 'Reactivate'}
              </Button>
              <Button variant="danger" onClick={() => void onDelete()} disabled={remove.isPending}>
                Delete
              </Button>
            </span>
          )
        }
      />
      <ErrorText error={setActive.error ?? remove.error} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="State">
          <p className="text-sm">{p.active ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Deactivated {p.deactivatedAt ? formatDate(p.deactivatedAt) : ''}</Badge>}</p>
          <p className="mt-2 text-sm" data-testid="policy-compliance">
            {p.compliance.compliant} compliant · {p.compliance.nonCompliant} non-compliant · {p.compliance.pending} pending
            {p.compliance.compliancePercent !== null && ` (${p.compliance.compliancePercent}%)`}
          </p>
        </Card>
        <Card title="Checks">
          {p.checks.length ? (
            <ul className="space-y-1 text-sm">
              {p.checks.map((c) => (
                <li key={c.id}>
                  <span className="font-medium">{CHECK_KINDS[c.kind as keyof typeof CHECK_KINDS] ?? c.kind}</span>: {checkSummary(c as Record<string, unknown>)} <span className="text-xs text-slate-500">({c.id})</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">Settings only</p>
          )}
        </Card>
        <Card title="Settings and assignments">
          <ul className="space-y-1 text-sm">
            {Object.entries(p.settings).map(([k, v]) => (
              <li key={k}>
                {k}: {Array.isArray(v) ? v.length : String(v)}
              </li>
            ))}
            {p.assignments.map((a) => (
              <li key={`${a.targetType}:${a.targetId}`}>
                Assigned to {a.targetType} <span className="text-xs text-slate-500">{a.targetId.slice(0, 8)}</span>
              </li>
            ))}
            {p.assignments.length === 0 && <li>Not assigned</li>}
          </ul>
        </Card>
      </div>
      <Card
        title="Devices"
        actions={
          <SelectField label="Compliance" value={f.status} onChange={(e) => setF({ status: e.target.value, page: '1' })}>
            <option value="">Any</option>
            <option value="non_compliant">Non-compliant</option>
            <option value="pending">Pending</option>
            <option value="compliant">Compliant</option>
          </SelectField>
        }
      >
        <ErrorText error={compliance.error} />
        {compliance.data && rows.length === 0 ? (
          <EmptyState title="No results">The worker has not evaluated this policy for any device in this view yet.</EmptyState>
        ) : (
          rows.length > 0 && (
            <DataTable label="Policy compliance by device" columns={['Device', 'Compliance', 'Checks', 'Evaluated']}>
              {rows.map((r) => (
                <tr key={r.deviceId} className="border-t border-slate-100 align-top dark:border-slate-800">
                  <td className={CELL}>
                    <Link href={`/devices/${r.deviceId}`} className="text-brand-700 hover:underline dark:text-brand-100">
                      {r.hostname}
                    </Link>
                  </td>
                  <td className={CELL}>
                    <ComplianceBadge status={r.status} />
                  </td>
                  <td className={CELL}>
                    <ul className="space-y-1">
                      {r.checks.map((c) => (
                        <li key={c.checkId} className="text-xs">
                          <ComplianceBadge status={c.status} /> <span className="font-medium">{c.checkId}</span> {c.detail}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className={`${CELL} whitespace-nowrap text-xs`}>{formatDate(r.lastEvaluatedAt)}</td>
                </tr>
              ))}
            </DataTable>
          )
        )}
        {compliance.data && <Pager page={page} total={compliance.data.pagination.total} limit={compliance.data.pagination.limit} onPage={(n) => setF({ page: String(n) })} />}
      </Card>
      <Dialog open={editing} onClose={() => setEditing(false)} title="Edit policy" wide>
        {editing && <PolicyForm policy={p} onDone={() => setEditing(false)} />}
      </Dialog>
    </div>
  );
}
