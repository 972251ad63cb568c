'use client';

// Analytics dashboards: the partner's shared ones and the caller's private ones, and the
// new-dashboard dialog.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useCreateDashboard, useDashboards } from '@/hooks/use-analytics';
import { useCan } from '@/hooks/use-me';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { fieldErrorsOf, messageOf } from '@/lib/client/field-errors';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Badge, EmptyState, ErrorText, Pager, SelectField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { AnalyticsPage } from '@/components/analytics/analytics-page';

const CELL = 'px-4 py-2';

function NewDashboardForm({ onDone }: { onDone: (id: string | null) => void }) {
  const create = useCreateDashboard();
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<'shared' | 'private'>('shared');
  const [orgId, setOrgId] = useState('');
  const orgs = useAllOrganizations();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Give the dashboard a name' });
    try {
      const d = await create.mutateAsync({ name: name.trim(), visibility, orgId: orgId || null });
      onDone(d.id);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(messageOf(err, 'The dashboard could not be created'));
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="New dashboard">
      <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={255} autoFocus />
      <SelectField label="Organization" value={orgId} onChange={(e) => setOrgId(e.target.value)} error={errors.orgId} hint="A customer’s dashboard is also seen by that customer’s users.">
        <option value="">Partner-wide</option>
        {(orgs.data ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Visibility" value={visibility} onChange={(e) => setVisibility(e.target.value as 'shared' | 'private')} hint="Shared: everyone who sees its organization. Private: only you.">
        <option value="shared">Shared</option>
        <option value="private">Private</option>
      </SelectField>
      <FormError message={error} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Create dashboard
        </Button>
      </div>
    </form>
  );
}

export function DashboardsView() {
  const router = useRouter();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useDashboards({ page });
  const canManage = useCan('analytics:manage');
  const rows = list.data?.data ?? [];
  const newButton = canManage && <Button onClick={() => setCreating(true)}>New dashboard</Button>;
  return (
    <AnalyticsPage title="Analytics" description="Dashboards of charts, numbers and tables over alerts, tickets, devices and metric history." actions={newButton}>
      <ErrorText error={list.error} />
      {list.data && rows.length === 0 ? (
        <EmptyState title="No dashboards yet" action={newButton}>
          Build a dashboard from widgets: alerts by severity per day, mean time to resolve, devices by OS, disk use per site…
        </EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Dashboards" columns={['Name', 'Visibility', 'Widgets', 'Owner', 'Updated']}>
            {rows.map((d) => (
              <tr key={d.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className={CELL}>
                  <Link href={`/analytics/dashboards/${d.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                    {d.name}
                  </Link>
                </td>
                <td className={CELL}>
                  <Badge tone={d.visibility === 'shared' ? 'blue' : 'slate'}>{d.visibility}</Badge>
                </td>
                <td className={`${CELL} tabular-nums`}>{d.widgetCount}</td>
                <td className={CELL}>{d.ownerName ?? '—'}</td>
                <td className={`${CELL} whitespace-nowrap text-xs`}>{formatDate(d.updatedAt)}</td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={setPage} />}
      <Dialog open={creating} onClose={() => setCreating(false)} title="New dashboard">
        {creating && (
          <NewDashboardForm
            onDone={(id) => {
              setCreating(false);
              if (id) router.push(`/analytics/dashboards/${id}`);
            }}
          />
        )}
      </Dialog>
    </AnalyticsPage>
  );
}
