'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { INVOICE_STATUSES } from '@/lib/invoices/schemas';
import { sumMoney } from '@/lib/client/money';
import { useBulkInvoices, useCreateInvoice, useInvoices, type Invoice } from '@/hooks/use-invoices';
import { useCan } from '@/hooks/use-me';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Dialog } from '@/components/ui/dialog';
import { Card, EmptyState, ErrorText, PageHeader, Pager, Tabs } from '@/components/ui/controls';
import { BillingStatus, BulkBar, errorLine, LINK, Money, OrgSelect, ReasonForm, SelectAll, TABLE, TABLE_WRAP, TD, TH, THEAD, TR, useBillingOrg, useBulkRun, useSelection } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf } from '@/lib/client/field-errors';

type StatusTab = '' | Invoice['status'];
const TABS: { id: StatusTab; label: string }[] = [{ id: '', label: 'All' }, ...INVOICE_STATUSES.map((s) => ({ id: s, label: s[0].toUpperCase() + s.slice(1) }))];

/** Totals per currency of the invoices shown (exact string sums; currencies never mixed). */
function totalsByCurrency(rows: Invoice[]): [string, string][] {
  const by = new Map<string, string[]>();
  for (const i of rows) by.set(i.currency, [...(by.get(i.currency) ?? []), i.total]);
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([cur, totals]) => [cur, sumMoney(totals)]);
}

export function InvoicesView() {
  const org = useBillingOrg();
  const [status, setStatus] = useState<StatusTab>('');
  const [page, setPage] = useState(1);
  const invoices = useInvoices({ page, orgId: org.orgId, status: status || undefined });
  const canManage = useCan('billing:manage');
  const [creating, setCreating] = useState(false);
  const selection = useSelection();
  const bulk = useBulkInvoices();
  const [voiding, setVoiding] = useState(false);
  const rows = invoices.data?.data ?? [];
  const label = (id: string) => {
    const i = rows.find((r) => r.id === id);
    return i?.displayNumber ?? `Draft ${id.slice(0, 8)}`;
  };

  const { run: runBulk, result: bulkResult, error: bulkError } = useBulkRun(bulk.mutateAsync, selection);

  return (
    <div className="space-y-4">
      <PageHeader
        title="Invoices"
        description="Drafts generated from contracts or written by hand; issuing numbers them and emails the customer a link."
        actions={
          <>
            {org.picker}
            {canManage && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Close' : 'New invoice'}</Button>}
          </>
        }
      />
      {creating && <NewInvoice orgs={org.orgs} fixed={org.fixed} defaultOrg={org.orgId} onCancel={() => setCreating(false)} />}
      <Tabs label="Invoice status" tabs={TABS} value={status} onChange={(s) => (setStatus(s), setPage(1), selection.clear())} />
      {canManage && (
        <BulkBar count={selection.selected.size} result={bulkResult} label={label}>
          <Button disabled={bulk.isPending} onClick={() => runBulk({ action: 'bulk-issue', ids: selection.ids })}>
            Issue selected
          </Button>
          <Button variant="secondary" disabled={bulk.isPending} onClick={() => setVoiding(true)}>
            Void selected
          </Button>
          <Button variant="danger" disabled={bulk.isPending} onClick={() => confirm(`Delete ${selection.selected.size} draft invoice(s)? Only drafts can be deleted.`) && runBulk({ action: 'bulk-delete', ids: selection.ids })}>
            Delete selected drafts
          </Button>
        </BulkBar>
      )}
      <FormError message={errorLine(bulkError)} />
      <Dialog open={voiding} onClose={() => setVoiding(false)} title={`Void ${selection.selected.size} invoice(s)`}>
        <p className="mb-3 text-sm text-slate-500">Issued invoices only; their numbers stay used.</p>
        <ReasonForm label="Reason" required submit="Void invoices" busy={bulk.isPending} onCancel={() => setVoiding(false)} onSubmit={(reason) => (setVoiding(false), runBulk({ action: 'bulk-void', ids: selection.ids, reason }))} />
      </Dialog>
      <div role="tabpanel" aria-labelledby={`tab-${status}`} id={`panel-${status}`} className="space-y-3">
        <ErrorText error={invoices.error} />
        {invoices.data && rows.length === 0 && (
          <EmptyState title={status ? `No ${status} invoices` : 'No invoices yet'} action={canManage && !status && !creating && <Button onClick={() => setCreating(true)}>Write an invoice</Button>}>
            {status
              ? 'Pick another status, or another organization.'
              : (
                <>
                  Activate a{' '}
                  <Link className={LINK} href="/billing/contracts">
                    contract
                  </Link>{' '}
                  to have each period invoiced, or write a one-off invoice.
                </>
              )}
          </EmptyState>
        )}
        {rows.length > 0 && (
          <div className={TABLE_WRAP}>
            <table className={TABLE}>
              <thead className={THEAD}>
                <tr>
                  {canManage && (
                    <th className={`${TH} w-8`}>
                      <SelectAll ids={rows.map((i) => i.id)} selection={selection} />
                    </th>
                  )}
                  <th className={TH}>Invoice</th>
                  <th className={TH}>Organization</th>
                  <th className={TH}>Status</th>
                  <th className={TH}>Period</th>
                  <th className={TH}>Issued</th>
                  <th className={TH}>Due</th>
                  <th className={`${TH} text-right`}>Total</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((i) => (
                  <tr key={i.id} className={TR}>
                    {canManage && (
                      <td className={TD}>
                        <input type="checkbox" aria-label={`Select ${label(i.id)}`} checked={selection.has(i.id)} onChange={() => selection.toggle(i.id)} />
                      </td>
                    )}
                    <td className={TD}>
                      <Link href={`/billing/invoices/${i.id}`} className={LINK}>
                        {label(i.id)}
                      </Link>
                    </td>
                    <td className={TD}>{org.orgName(i.orgId)}</td>
                    <td className={TD}>
                      <BillingStatus status={i.status} />
                    </td>
                    <td className={TD}>{i.periodStart ? `${i.periodStart} – ${i.periodEnd}` : '—'}</td>
                    <td className={TD}>{i.issueDate ?? '—'}</td>
                    <td className={TD}>{i.dueDate ?? '—'}</td>
                    <td className={`${TD} text-right`}>
                      <Money amount={i.total} currency={i.currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {totalsByCurrency(rows).map(([cur, total]) => (
                  <tr key={cur} className={`${TR} font-medium`}>
                    <td colSpan={canManage ? 7 : 6} className={`${TD} text-right text-slate-500`}>
                      Total of the {rows.filter((r) => r.currency === cur).length} {cur} invoice(s) shown
                    </td>
                    <td className={`${TD} text-right`}>
                      <Money amount={total} currency={cur} />
                    </td>
                  </tr>
                ))}
              </tfoot>
            </table>
          </div>
        )}
        {invoices.data && <Pager page={page} total={invoices.data.pagination.total} limit={50} onPage={setPage} />}
      </div>
    </div>
  );
}

function NewInvoice({ orgs, fixed, defaultOrg, onCancel }: { orgs: { id: string; name: string }[]; fixed: boolean; defaultOrg?: string; onCancel: () => void }) {
  const create = useCreateInvoice();
  const router = useRouter();
  const [error, setError] = useState<unknown>(null);
  const errors = fieldErrorsOf(error, 'path');

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(null);
    try {
      const recipient = String(f.get('recipientEmail') ?? '').trim();
      const i = await create.mutateAsync({
        orgId: fixed ? undefined : String(f.get('orgId')),
        currency: String(f.get('currency')).trim().toUpperCase(),
        ...(recipient ? { recipientEmail: recipient } : {}),
        paymentTermsDays: Number(f.get('paymentTermsDays') || 30),
      });
      router.push(`/billing/invoices/${i.id}`);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Card title="New invoice">
      <form onSubmit={submit} className="space-y-3" aria-label="New invoice">
        <div className="grid gap-3 md:grid-cols-4">
          {!fixed && <OrgSelect orgs={orgs} defaultValue={defaultOrg} error={errors.orgId} />}
          <Field label="Currency" name="currency" required maxLength={3} defaultValue="EUR" error={errors.currency} />
          <Field label="Recipient email" name="recipientEmail" type="email" error={errors.recipientEmail} hint="Default: the organization’s billing contact" />
          <Field label="Payment terms (days)" name="paymentTermsDays" type="number" min={0} max={365} defaultValue={30} error={errors.paymentTermsDays} />
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
