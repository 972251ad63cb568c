'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import {
  useChangeQuoteCurrency,
  useDeleteQuote,
  useQuote,
  useQuoteAction,
  useQuoteLink,
  useUpdateQuote,
  type QuoteDetail as TQuoteDetail,
} from '@/hooks/use-quotes';
import { downloadPdf } from '@/hooks/use-billing';
import { useCan } from '@/hooks/use-me';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Card, CopyButton, ErrorText, PageHeader, TextAreaField } from '@/components/ui/controls';
import { BillingStatus, EditableDetails, errorLine, LINK, todayUtc, useBillingOrg } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { CurrencyDialog } from '@/components/billing/currency-dialog';
import { QuoteLines } from '@/components/billing/quote-lines';
import { QuoteBlocks } from '@/components/billing/quote-blocks';

export function QuoteDetail({ id }: { id: string }) {
  const detail = useQuote(id);
  const canManage = useCan('billing:manage');
  const org = useBillingOrg();
  const d = detail.data;
  useBreadcrumbLabel(id, d?.quote.title);

  if (detail.isError) return <ErrorText error={detail.error} />;
  if (!d) return <p role="status">Loading…</p>;
  const q = d.quote;
  const draft = canManage && q.status === 'draft';

  return (
    <div className="space-y-4">
      <PageHeader
        title={q.title}
        description={`${org.orgName(q.orgId)} · ${q.currency}${q.validUntil ? ` · valid until ${q.validUntil}` : ''}`}
        actions={
          <>
            <BillingStatus status={q.status} />
            <Actions detail={d} canManage={canManage} />
          </>
        }
      />
      {q.status === 'converted' && (
        <p className="text-sm">
          Converted {formatDate(q.convertedAt)} into{' '}
          {q.contractId && (
            <Link className={LINK} href={`/billing/contracts/${q.contractId}`}>
              a draft contract
            </Link>
          )}
          {q.contractId && q.invoiceId && ' and '}
          {q.invoiceId && (
            <Link className={LINK} href={`/billing/invoices/${q.invoiceId}`}>
              a draft invoice
            </Link>
          )}
          .
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <QuoteLines detail={d} editable={draft} />
          <QuoteBlocks detail={d} editable={draft} />
        </div>
        <div className="space-y-4">
          {q.status !== 'draft' && <CustomerLink id={q.id} />}
          <Details detail={d} editable={draft} />
        </div>
      </div>
    </div>
  );
}

function Actions({ detail: d, canManage }: { detail: TQuoteDetail; canManage: boolean }) {
  const q = d.quote;
  const action = useQuoteAction(q.id);
  const remove = useDeleteQuote();
  const currency = useChangeQuoteCurrency(q.id);
  const router = useRouter();
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [converting, setConverting] = useState(false);
  const [changingCurrency, setChangingCurrency] = useState(false);
  const run = (v: Parameters<typeof action.mutate>[0], done?: string) => {
    setError(null);
    setNotice(null);
    action.mutate(v, { onError: setError, onSuccess: () => done && setNotice(done) });
  };
  const sendBlocker = d.lines.length === 0 ? 'Add a line first' : !q.recipientEmail ? 'Set a recipient email first' : undefined;

  return (
    <>
      {canManage && q.status === 'draft' && (
        <Button disabled={action.isPending || !!sendBlocker} title={sendBlocker} onClick={() => run({ action: 'send' }, `Sent to ${q.recipientEmail}`)}>
          Send to customer
        </Button>
      )}
      {canManage && q.status === 'sent' && (
        <>
          <Button disabled={action.isPending} onClick={() => run({ action: 'accept' }, 'Recorded as accepted')}>
            Record acceptance
          </Button>
          <Button variant="secondary" disabled={action.isPending} onClick={() => run({ action: 'decline' }, 'Recorded as declined')}>
            Record decline
          </Button>
        </>
      )}
      {canManage && q.status === 'accepted' && <Button onClick={() => setConverting(true)}>Convert</Button>}
      <Button variant="secondary" onClick={() => (setError(null), downloadPdf(`/quotes/${q.id}/pdf`, `quote-${q.id.slice(0, 8)}.pdf`).catch(setError))}>
        Download PDF
      </Button>
      {canManage && q.status === 'draft' && (
        <>
          <Button variant="secondary" onClick={() => setChangingCurrency(true)}>
            Change currency
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => confirm(`Delete the draft quote ${q.title}?`) && remove.mutateAsync(q.id).then(() => router.push('/billing/quotes'), setError)}>
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
      <Dialog open={converting} onClose={() => setConverting(false)} title="Convert the accepted quote">
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            const startDate = String(new FormData(e.currentTarget).get('startDate') || '');
            setConverting(false);
            run({ action: 'convert', startDate }, 'Converted');
          }}
        >
          <p className="text-sm text-slate-500">Recurring lines become a draft contract; one-time lines a draft invoice. Review and activate or issue them afterwards.</p>
          <Field label="Contract start date" name="startDate" type="date" defaultValue={todayUtc()} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setConverting(false)}>
              Back
            </Button>
            <Button type="submit">Convert</Button>
          </div>
        </form>
      </Dialog>
      <CurrencyDialog open={changingCurrency} onClose={() => setChangingCurrency(false)} current={q.currency} hasLines={d.lines.length > 0} onSubmit={(b) => currency.mutateAsync(b)} />
    </>
  );
}

function CustomerLink({ id }: { id: string }) {
  const link = useQuoteLink(id, true);
  return (
    <Card title="Customer link">
      <p className="mb-2 text-sm text-slate-500">Emailed at send: the customer reads the quote and accepts or declines it here, without an account.</p>
      <ErrorText error={link.error} />
      {link.data && (
        <div className="space-y-2">
          <a href={link.data.url} target="_blank" rel="noreferrer" className={`${LINK} block break-all text-sm`} data-testid="customer-link">
            {link.data.url}
          </a>
          <CopyButton text={link.data.url} label="Copy link" />
        </div>
      )}
    </Card>
  );
}

function Details({ detail: d, editable }: { detail: TQuoteDetail; editable: boolean }) {
  const q = d.quote;
  const update = useUpdateQuote(q.id);
  const rows: [string, ReactNode][] = [
    ['Recipient', q.recipientEmail ?? 'none'],
    ['Valid until', q.validUntil ?? 'no limit'],
    ['Sent', formatDate(q.sentAt)],
    ['Answered', formatDate(q.respondedAt)],
    ['Notes', q.notes || '—'],
  ];
  return (
    <EditableDetails
      label="Edit quote"
      editable={editable}
      pending={update.isPending}
      rows={rows}
      initial={{ title: q.title, validUntil: q.validUntil ?? null, recipientEmail: q.recipientEmail ?? null, notes: q.notes }}
      read={(f) => ({
        title: String(f.get('title')).trim(),
        validUntil: String(f.get('validUntil') || '') || null,
        recipientEmail: String(f.get('recipientEmail') ?? '').trim() || null,
        notes: String(f.get('notes') ?? ''),
      })}
      onSave={(changes) => update.mutateAsync(changes)}
      fields={(errors) => (
        <>
          <Field label="Title" name="title" required defaultValue={q.title} error={errors.title} />
          <Field label="Valid until" name="validUntil" type="date" defaultValue={q.validUntil ?? ''} error={errors.validUntil} />
          <Field label="Recipient email" name="recipientEmail" type="email" defaultValue={q.recipientEmail ?? ''} error={errors.recipientEmail} />
          <TextAreaField label="Notes" name="notes" rows={3} defaultValue={q.notes} error={errors.notes} />
        </>
      )}
    />
  );
}
