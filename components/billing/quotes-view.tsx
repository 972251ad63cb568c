'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { QUOTE_STATUSES } from '@/lib/quotes/schemas';
import { useBulkQuotes, useCreateQuote, useQuotes } from '@/hooks/use-quotes';
import { useCan } from '@/hooks/use-me';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, EmptyState, ErrorText, FilterBar, INLINE_INPUT_CLASS, PageHeader, Pager } from '@/components/ui/controls';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { BillingStatus, BulkBar, errorLine, LINK, Money, OrgSelect, SelectAll, TD, TH, TR, useBillingOrg, useBulkRun, useSelection } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import { DataTable } from '@/components/ui/data-table';

const FILTER_DEFAULTS = { status: '', page: '1' };

export function QuotesView() {
  const org = useBillingOrg();
  const [filters, setFilters] = useUrlFilters(FILTER_DEFAULTS);
  const { status } = filters;
  const page = Math.max(1, Number(filters.page) || 1);
  const quotes = useQuotes({ page, orgId: org.orgId, status: status || undefined });
  const canManage = useCan('billing:manage');
  const [creating, setCreating] = useState(false);
  const selection = useSelection();
  const bulk = useBulkQuotes();
  const rows = quotes.data?.data ?? [];
  const label = (id: string) => rows.find((q) => q.id === id)?.title ?? id.slice(0, 8);

  const { run: runBulkOn, result: bulkResult, error: bulkError } = useBulkRun(bulk.mutateAsync, selection);
  const runBulk = (action: 'bulk-send' | 'bulk-delete') => runBulkOn({ action, ids: selection.ids });

  return (
    <div className="space-y-4">
      <PageHeader
        title="Quotes"
        description="Proposals the customer accepts or declines through a link; an accepted quote converts into a contract and an invoice."
        actions={canManage && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Close' : 'New quote'}</Button>}
      />
      <FilterBar label="Filter quotes">
        {org.picker}
        <select aria-label="Status" className={INLINE_INPUT_CLASS} value={status} onChange={(e) => setFilters({ status: e.target.value, page: '1' })}>
          <option value="">All statuses</option>
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </FilterBar>
      {creating && <NewQuote orgs={org.orgs} fixed={org.fixed} defaultOrg={org.orgId} onCancel={() => setCreating(false)} />}
      {canManage && (
        <BulkBar count={selection.selected.size} result={bulkResult} label={label}>
          <Button disabled={bulk.isPending} onClick={() => runBulk('bulk-send')}>
            Send selected
          </Button>
          <Button variant="danger" disabled={bulk.isPending} onClick={() => confirm(`Delete ${selection.selected.size} draft quote(s)? Only drafts can be deleted.`) && runBulk('bulk-delete')}>
            Delete selected drafts
          </Button>
        </BulkBar>
      )}
      <FormError message={errorLine(bulkError)} />
      <ErrorText error={quotes.error} />
      {quotes.data && rows.length === 0 && (
        <EmptyState title={status || org.orgId ? 'No quotes match these filters' : 'No quotes yet'} action={canManage && !creating && <Button onClick={() => setCreating(true)}>Write a quote</Button>}>
          {status || org.orgId ? 'Pick another status or organization.' : 'Write a quote with text blocks and lines, send it, and convert it once the customer accepts.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <DataTable
          head={
            <>
            {canManage && (
              <th className={`${TH} w-8`}>
                <SelectAll ids={rows.map((q) => q.id)} selection={selection} />
              </th>
            )}
            <th className={TH}>Title</th>
            <th className={TH}>Organization</th>
            <th className={TH}>Status</th>
            <th className={TH}>Valid until</th>
            <th className={TH}>Recipient</th>
            <th className={`${TH} text-right`}>Total</th>
            </>
          }
        >
          {rows.map((q) => (
            <tr key={q.id} className={TR}>
              {canManage && (
                <td className={TD}>
                  <input type="checkbox" aria-label={`Select ${q.title}`} checked={selection.has(q.id)} onChange={() => selection.toggle(q.id)} />
                </td>
              )}
              <td className={TD}>
                <Link href={`/billing/quotes/${q.id}`} className={LINK}>
                  {q.title}
                </Link>
              </td>
              <td className={TD}>{org.orgName(q.orgId)}</td>
              <td className={TD}>
                <BillingStatus status={q.status} />
              </td>
              <td className={TD}>{q.validUntil ?? '—'}</td>
              <td className={TD}>{q.recipientEmail ?? '—'}</td>
              <td className={`${TD} text-right`}>
                <Money amount={q.total} currency={q.currency} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {quotes.data && <Pager page={page} total={quotes.data.pagination.total} limit={50} onPage={(p) => setFilters({ page: String(p) })} />}
    </div>
  );
}

function NewQuote({ orgs, fixed, defaultOrg, onCancel }: { orgs: { id: string; name: string }[]; fixed: boolean; defaultOrg?: string; onCancel: () => void }) {
  const create = useCreateQuote();
  const router = useRouter();
  const [error, setError] = useState<unknown>(null);
  const errors = fieldErrorsOf(error, 'path');

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(null);
    try {
      const d = await create.mutateAsync({
        orgId: fixed ? undefined : String(f.get('orgId')),
        title: String(f.get('title')).trim(),
        currency: String(f.get('currency')).trim().toUpperCase(),
        validUntil: String(f.get('validUntil') || '') || null,
        recipientEmail: String(f.get('recipientEmail') ?? '').trim() || null,
      });
      router.push(`/billing/quotes/${d.quote.id}`);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Card title="New quote">
      <form onSubmit={submit} className="space-y-3" aria-label="New quote">
        <div className="grid gap-3 md:grid-cols-3">
          {!fixed && <OrgSelect orgs={orgs} defaultValue={defaultOrg} error={errors.orgId} />}
          <Field label="Title" name="title" required maxLength={255} error={errors.title} placeholder="Managed services 2027" />
          <Field label="Currency" name="currency" required maxLength={3} defaultValue="EUR" error={errors.currency} />
          <Field label="Valid until" name="validUntil" type="date" error={errors.validUntil} hint="Optional; past it the quote expires" />
          <Field label="Recipient email" name="recipientEmail" type="email" error={errors.recipientEmail} hint="Who receives the accept-or-decline link" />
        </div>
        <FormError message={errorLine(error)} />
        <div className="flex gap-2">
          <Button type="submit" disabled={create.isPending}>
            Create draft
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
