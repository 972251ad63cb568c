'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import {
  useChangeInvoiceCurrency,
  useDeleteInvoice,
  useInvoice,
  useInvoiceAction,
  useInvoiceLink,
  useResetInvoiceLink,
  useUpdateInvoice,
  type Invoice,
} from '@/hooks/use-invoices';
import { downloadPdf } from '@/hooks/use-billing';
import { useCan } from '@/hooks/use-me';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Card, CopyButton, ErrorText, PageHeader, TextAreaField } from '@/components/ui/controls';
import { BillingStatus, EditableDetails, errorLine, LINK, ReasonForm, useBillingOrg } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { CurrencyDialog } from '@/components/billing/currency-dialog';
import { InvoiceLines } from '@/components/billing/invoice-lines';

export function InvoiceDetail({ id }: { id: string }) {
  const invoice = useInvoice(id);
  const canManage = useCan('billing:manage');
  const org = useBillingOrg();
  const i = invoice.data;
  const title = i ? (i.displayNumber ?? 'Draft invoice') : undefined;
  useBreadcrumbLabel(id, title);

  if (invoice.isError) return <ErrorText error={invoice.error} />;
  if (!i) return <p role="status">Loading…</p>;

  return (
    <div className="space-y-4">
      <PageHeader
        title={title!}
        description={`${org.orgName(i.orgId)} · ${i.currency}${i.periodStart ? ` · period ${i.periodStart} – ${i.periodEnd}` : ''}`}
        actions={
          <>
            <BillingStatus status={i.status} />
            <Actions invoice={i} canManage={canManage} />
          </>
        }
      />
      {i.status === 'void' && (
        <p className="text-sm text-slate-500">
          Voided {formatDate(i.voidedAt)}: {i.voidReason}. The number stays used.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <InvoiceLines invoice={i} editable={canManage && i.status === 'draft'} />
        </div>
        <div className="space-y-4">
          {i.status !== 'draft' && <CustomerLink invoice={i} canManage={canManage} />}
          <Details invoice={i} editable={canManage && i.status === 'draft'} />
        </div>
      </div>
    </div>
  );
}

function Actions({ invoice: i, canManage }: { invoice: Invoice; canManage: boolean }) {
  const action = useInvoiceAction(i.id);
  const remove = useDeleteInvoice();
  const currency = useChangeInvoiceCurrency(i.id);
  const router = useRouter();
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [voiding, setVoiding] = useState(false);
  const [changingCurrency, setChangingCurrency] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const run = (v: Parameters<typeof action.mutate>[0], done?: string) => {
    setError(null);
    setNotice(null);
    action.mutate(v, { onError: setError, onSuccess: () => done && setNotice(done) });
  };

  return (
    <>
      {canManage && i.status === 'draft' && (
        <Button disabled={action.isPending || i.lines.length === 0} title={i.lines.length === 0 ? 'Add a line first' : undefined} onClick={() => run({ action: 'issue' }, i.recipientEmail ? `Issued and emailed to ${i.recipientEmail}` : 'Issued (no recipient: share the customer link)')}>
          Issue
        </Button>
      )}
      {canManage && i.status === 'issued' && (
        <>
          <Button disabled={action.isPending} onClick={() => run({ action: 'mark-paid' })}>
            Mark paid
          </Button>
          <Button variant="secondary" disabled={action.isPending || !i.recipientEmail} title={i.recipientEmail ? undefined : 'No recipient email'} onClick={() => run({ action: 'resend' }, `Sent again to ${i.recipientEmail}`)}>
            Resend
          </Button>
          <Button variant="secondary" disabled={action.isPending} onClick={() => setVoiding(true)}>
            Void
          </Button>
        </>
      )}
      <Button
        variant="secondary"
        disabled={downloading}
        onClick={async () => {
          setError(null);
          setDownloading(true);
          try {
            await downloadPdf(`/invoices/${i.id}/pdf`, `${i.displayNumber ?? 'invoice-draft'}.pdf`);
          } catch (err) {
            setError(err);
          } finally {
            setDownloading(false);
          }
        }}
      >
        {downloading ? 'Preparing PDF…' : 'Download PDF'}
      </Button>
      {canManage && i.status === 'draft' && (
        <>
          <Button variant="secondary" onClick={() => setChangingCurrency(true)}>
            Change currency
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => confirm('Delete this draft invoice?') && remove.mutateAsync(i.id).then(() => router.push('/billing/invoices'), setError)}>
            Delete
          </Button>
        </>
      )}
      {(error || notice) && (
        <div className="w-full">
          <FormError message={errorLine(error)} />
          {notice && (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
              {notice}
            </p>
          )}
        </div>
      )}
      <Dialog open={voiding} onClose={() => setVoiding(false)} title="Void invoice">
        <p className="mb-3 text-sm text-slate-500">The customer link then shows the invoice as void; the number stays used.</p>
        <ReasonForm label="Reason" required submit="Void invoice" busy={action.isPending} onCancel={() => setVoiding(false)} onSubmit={(reason) => (setVoiding(false), run({ action: 'void', reason }))} />
      </Dialog>
      <CurrencyDialog open={changingCurrency} onClose={() => setChangingCurrency(false)} current={i.currency} hasLines={i.lines.length > 0} onSubmit={(b) => currency.mutateAsync(b)} />
    </>
  );
}

function CustomerLink({ invoice: i, canManage }: { invoice: Invoice; canManage: boolean }) {
  const link = useInvoiceLink(i.id, true);
  const reset = useResetInvoiceLink(i.id);
  const [error, setError] = useState<unknown>(null);
  return (
    <Card title="Customer link">
      <p className="mb-2 text-sm text-slate-500">The customer views, downloads and pays the invoice here without an account.</p>
      <ErrorText error={link.error} />
      {link.data && (
        <div className="space-y-2">
          <a href={link.data.url} target="_blank" rel="noreferrer" className={`${LINK} block break-all text-sm`} data-testid="customer-link">
            {link.data.url}
          </a>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={link.data.url} label="Copy link" />
            {canManage && (
              <button
                type="button"
                className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                onClick={() => confirm('Revoke every link sent so far (including those in emails) and make a new one?') && (setError(null), reset.mutate(undefined, { onError: setError }))}
              >
                Reset link
              </button>
            )}
          </div>
        </div>
      )}
      <FormError message={errorLine(error)} />
    </Card>
  );
}

function Details({ invoice: i, editable }: { invoice: Invoice; editable: boolean }) {
  const update = useUpdateInvoice(i.id);
  const rows: [string, ReactNode][] = [
    ['Recipient', i.recipientEmail ?? 'none'],
    ['Payment terms', `${i.paymentTermsDays} days`],
    ['Issued', i.issueDate ?? '—'],
    ['Due', i.dueDate ?? '—'],
    ['Sent', i.sentAt ? `${formatDate(i.sentAt)}${i.resendCount ? ` (resent ${i.resendCount}×, last ${formatDate(i.lastResentAt)})` : ''}` : '—'],
    ['Paid', formatDate(i.paidAt)],
    [
      'From',
      i.contractId ? (
        <Link className={LINK} href={`/billing/contracts/${i.contractId}`}>
          Contract
        </Link>
      ) : i.quoteId ? (
        <Link className={LINK} href={`/billing/quotes/${i.quoteId}`}>
          Quote
        </Link>
      ) : (
        'Written by hand'
      ),
    ],
    ['Notes', i.notes || '—'],
  ];

  return (
    <EditableDetails
      label="Edit invoice"
      editable={editable}
      pending={update.isPending}
      rows={rows}
      initial={{ recipientEmail: i.recipientEmail ?? null, paymentTermsDays: i.paymentTermsDays, notes: i.notes }}
      read={(f) => ({ recipientEmail: String(f.get('recipientEmail') ?? '').trim() || null, paymentTermsDays: Number(f.get('paymentTermsDays')), notes: String(f.get('notes') ?? '') })}
      onSave={(changes) => update.mutateAsync(changes)}
      fields={(errors) => (
        <>
          <Field label="Recipient email" name="recipientEmail" type="email" defaultValue={i.recipientEmail ?? ''} error={errors.recipientEmail} hint="Empty: no email at issue" />
          <Field label="Payment terms (days)" name="paymentTermsDays" type="number" min={0} max={365} defaultValue={i.paymentTermsDays} error={errors.paymentTermsDays} />
          <TextAreaField label="Notes" name="notes" rows={3} defaultValue={i.notes} error={errors.notes} />
        </>
      )}
    />
  );
}

