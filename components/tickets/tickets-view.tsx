'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useState, type FormEvent } from 'react';
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES, useCreateTicket, useTickets } from '@/hooks/use-tickets';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan, useMe } from '@/hooks/use-me';
import { useUrlFilters, useUrlText } from '@/hooks/use-url-filters';
import { ApiError } from '@/lib/client/api-client';
import { formatRelative } from '@/lib/client/format';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorText, FILTER_SEARCH_CLASS, FilterBar, INLINE_INPUT_CLASS, PageHeader, Pager, SelectField, StatusBadge, TextAreaField } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';

const OPEN = 'new,open,pending,on_hold';
const FILTER_DEFAULTS = { q: '', status: OPEN, assigned: '', page: '1' };

export function TicketsView() {
  const router = useRouter();
  const params = useSearchParams();
  const me = useMe();
  const { orgId } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const canWrite = useCan('tickets:write');
  const [filters, setFilters] = useUrlFilters(FILTER_DEFAULTS);
  const { status } = filters;
  const mine = filters.assigned === 'me';
  const page = Math.max(1, Number(filters.page) || 1);
  const [searchText, setSearchText] = useUrlText(filters.q, useCallback((q: string) => setFilters({ q, page: '1' }, { replace: true }), [setFilters]));
  const search = filters.q;
  const [creating, setCreating] = useState(params.get('create') === '1');
  const [formOrg, setFormOrg] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tickets = useTickets({ page, orgId: orgId ?? undefined, status: status || undefined, search: search || undefined, assigneeId: mine ? 'me' : undefined });
  const create = useCreateTicket();
  const isOrgUser = me.data?.scope === 'organization';

  async function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(null);
    try {
      const t = await create.mutateAsync({
        orgId: isOrgUser ? undefined : formOrg || orgId || orgs.data?.[0]?.id,
        subject: String(f.get('subject')),
        description: String(f.get('description') ?? ''),
        priority: String(f.get('priority')),
        type: String(f.get('type')),
        requesterEmail: String(f.get('requesterEmail') || '') || null,
      });
      setCreating(false);
      router.push(`/tickets/${t.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not create the ticket');
    }
  }

  const rows = tickets.data?.data ?? [];
  return (
    <div className="space-y-4">
      <PageHeader title="Tickets" actions={canWrite && <Button onClick={() => setCreating(true)}>New ticket</Button>} />
      <FilterBar label="Filter tickets">
        <input type="search" aria-label="Search tickets" placeholder="Subject, requester or #number" value={searchText} onChange={(e) => setSearchText(e.target.value)} className={FILTER_SEARCH_CLASS} />
        <select aria-label="Status" value={status} onChange={(e) => setFilters({ status: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value={OPEN}>Open (any)</option>
          <option value="">All</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace('_', ' ')}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={mine} onChange={(e) => setFilters({ assigned: e.target.checked ? 'me' : '', page: '1' })} /> Assigned to me
        </label>
      </FilterBar>
      <ErrorText error={tickets.error} />
      {tickets.data && rows.length === 0 && (
        <EmptyState title="No tickets here" action={canWrite && <Button onClick={() => setCreating(true)}>Open a ticket</Button>}>
          {search || status !== OPEN || mine ? 'Nothing matches these filters.' : 'No open tickets. Tickets from the portal, email and the console land here.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <DataTable label="Tickets" columns={['#', 'Subject', 'Organization', 'Status', 'Priority', 'Assignee', 'Created']}>
          {rows.map((t) => (
            <tr key={t.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2 text-slate-500">{t.number}</td>
              <td className="px-4 py-2">
                <Link href={`/tickets/${t.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {t.subject}
                </Link>
                {t.overdue && <span className="ml-2 text-xs text-red-600">overdue</span>}
              </td>
              <td className="px-4 py-2">{t.organization.name}</td>
              <td className="px-4 py-2"><StatusBadge status={t.status} /></td>
              <td className="px-4 py-2"><StatusBadge status={t.priority} /></td>
              <td className="px-4 py-2 text-slate-500">{t.assignee?.name ?? '—'}</td>
              <td className="px-4 py-2 text-slate-500">{formatRelative(t.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {tickets.data && <Pager page={page} total={tickets.data.pagination.total} limit={50} onPage={(p) => setFilters({ page: String(p) })} />}

      <Dialog open={creating} onClose={() => setCreating(false)} title="New ticket" wide>
        <form onSubmit={onCreate} className="grid gap-3 md:grid-cols-2" aria-label="New ticket">
          {!isOrgUser && (
            <SelectField label="Organization" value={formOrg || orgId || orgs.data?.[0]?.id || ''} onChange={(e) => setFormOrg(e.target.value)} required>
              {orgs.data?.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
          )}
          <Field label="Requester email" name="requesterEmail" type="email" hint="Optional; gets status updates" />
          <div className="md:col-span-2">
            <Field label="Subject" name="subject" required maxLength={255} autoFocus />
          </div>
          <div className="md:col-span-2">
            <TextAreaField label="Description" name="description" rows={5} />
          </div>
          <SelectField label="Priority" name="priority" defaultValue="p3">
            {TICKET_PRIORITIES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </SelectField>
          <SelectField label="Type" name="type" defaultValue="incident">
            {TICKET_TYPES.map((t) => (
              <option key={t} value={t}>
                {t.replace('_', ' ')}
              </option>
            ))}
          </SelectField>
          {error && <p role="alert" className="text-sm text-red-600 md:col-span-2">{error}</p>}
          <div className="md:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create ticket'}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
