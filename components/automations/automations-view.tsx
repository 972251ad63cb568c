'use client';

// Automations: every automation in scope with its trigger, and the builder (?create=1).
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useAutomations, type Automation } from '@/hooks/use-automations';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useCurrentOrg } from '@/components/shell/current-org';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Badge, EmptyState, ErrorText, PageHeader, Pager } from '@/components/ui/controls';
import { AutomationForm } from '@/components/automations/automation-form';

const DEFAULTS = { page: '1', create: '' };
const CELL = 'px-4 py-2';

export function triggerText(a: Automation): string {
  const t = a.trigger;
  if (t.type === 'schedule') return `Schedule: ${t.cron}`;
  if (t.type === 'event') return `Event: ${t.eventType}${Object.keys(t.filter ?? {}).length ? ' (filtered)' : ''}`;
  if (t.type === 'alert') return 'Alert rule firing';
  return 'Manual';
}

export function AutomationsView() {
  const router = useRouter();
  const { orgId: currentOrg } = useCurrentOrg();
  const [f, setF] = useUrlFilters(DEFAULTS);
  const page = Math.max(1, Number(f.page) || 1);
  const list = useAutomations({ orgId: currentOrg || undefined, page });
  const canManage = useCan('automations:manage');
  const rows = list.data?.data ?? [];
  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Automations"
        description="Run scripts, commands and tickets when an event fires, on a schedule, when an alert rule fires, or on demand."
        actions={canManage && <Button onClick={() => setF({ create: '1' })}>New automation</Button>}
      />
      <ErrorText error={list.error} />
      {list.data && rows.length === 0 ? (
        <EmptyState title="No automations yet" action={canManage && <Button onClick={() => setF({ create: '1' })}>New automation</Button>}>
          Automate the response to device events: restart a service when a device goes offline, open a ticket when an alert fires.
        </EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Automations" columns={['Name', 'Trigger', 'Actions', 'State', 'Last run', 'Created']}>
            {rows.map((a) => (
              <tr key={a.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={CELL}>
                  <Link href={`/automations/${a.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                    {a.name}
                  </Link>
                </td>
                <td className={CELL}>{triggerText(a)}</td>
                <td className={CELL}>{a.actions.map((x) => x.type).join(' → ')}</td>
                <td className={CELL}>{a.enabled ? <Badge tone="green">enabled</Badge> : <Badge>disabled</Badge>}</td>
                <td className={`${CELL} whitespace-nowrap text-xs`}>{a.lastRunAt ? formatDate(a.lastRunAt) : '—'}</td>
                <td className={`${CELL} whitespace-nowrap text-xs`}>{formatDate(a.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={(p) => setF({ page: String(p) })} />}
      <Dialog open={f.create === '1'} onClose={() => setF({ create: '' })} title="New automation" wide>
        {f.create === '1' && <AutomationForm defaultOrgId={currentOrg} onDone={(a) => router.push(`/automations/${a.id}`)} />}
      </Dialog>
    </div>
  );
}
