'use client';

// What a contract has billed: each invoiced period with its outcome, and its invoices.
import Link from 'next/link';
import { Fragment, useState } from 'react';
import { useContractPeriods, type Contract } from '@/hooks/use-contracts';
import { useInvoices } from '@/hooks/use-invoices';
import { formatDate } from '@/lib/client/format';
import { Card, ErrorText } from '@/components/ui/controls';
import { BillingStatus, LINK, Money, TD, TH, TR } from '@/components/billing/billing-ui';
import { DataTable } from '@/components/ui/data-table';

export function ContractPeriods({ contract: c }: { contract: Contract }) {
  const periods = useContractPeriods(c.id);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card title="Billed periods">
      <ErrorText error={periods.error} />
      {periods.data && periods.data.length === 0 && (
        <p className="text-sm text-slate-500" role="status">
          {c.status === 'active' ? 'No period billed yet. The hourly billing sweep invoices each period once it begins, or use “Generate invoice now”.' : 'Periods are billed once the contract is active.'}
        </p>
      )}
      {periods.data && periods.data.length > 0 && (
        <DataTable
          head={
            <>
            <th className={TH}>Period</th>
            <th className={`${TH} text-right`}>Devices</th>
            <th className={`${TH} text-right`}>Uncovered</th>
            <th className={`${TH} text-right`}>Flagged</th>
            <th className={`${TH} text-right`}>Overage billed</th>
            <th className={TH}>Invoice</th>
            </>
          }
        >
          {periods.data.map((p) => (
            <Fragment key={p.periodId}>
              <tr className={TR}>
                <td className={TD}>
                  <button type="button" className="text-left hover:underline" aria-expanded={open === p.periodId} onClick={() => setOpen(open === p.periodId ? null : p.periodId)}>
                    {p.periodStart} – {p.periodEnd}
                  </button>
                </td>
                <td className={`${TD} text-right tabular-nums`}>{p.snapshotDeviceTotal}</td>
                <td className={`${TD} text-right tabular-nums`}>{p.uncoveredTotal}</td>
                <td className={`${TD} text-right tabular-nums`}>{p.flaggedTotal}</td>
                <td className={`${TD} text-right`}>
                  {p.billedOverageTotal} · <Money amount={p.billedOverageAmount} currency={p.currency} />
                </td>
                <td className={TD}>
                  {p.invoiceId ? (
                    <Link className={LINK} href={`/billing/invoices/${p.invoiceId}`}>
                      Open
                    </Link>
                  ) : (
                    <span className="text-slate-500">deleted</span>
                  )}
                </td>
              </tr>
              {open === p.periodId && (
                <tr>
                  <td colSpan={6} className="bg-slate-50 px-4 py-2 text-sm dark:bg-slate-800/50">
                    Generated {formatDate(p.generatedAt)}.{' '}
                    {Object.keys(p.uncoveredByRole).length
                      ? `Uncovered by role: ${Object.entries(p.uncoveredByRole)
                          .map(([role, n]) => `${role} ${n}`)
                          .join(', ')}.`
                      : 'Every device was covered by a per-device line.'}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

export function ContractInvoices({ contract: c }: { contract: Contract }) {
  const invoices = useInvoices({ contractId: c.id });
  return (
    <Card title="Invoices">
      <ErrorText error={invoices.error} />
      {invoices.data && invoices.data.data.length === 0 && <p className="text-sm text-slate-500">None yet.</p>}
      <ul className="space-y-1 text-sm">
        {invoices.data?.data.map((i) => (
          <li key={i.id} className="flex items-center justify-between gap-2">
            <Link className={LINK} href={`/billing/invoices/${i.id}`}>
              {i.displayNumber ?? `Draft ${i.periodStart ?? ''}`}
            </Link>
            <span className="flex items-center gap-2">
              <Money amount={i.total} currency={i.currency} />
              <BillingStatus status={i.status} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
