'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Fragment, useState } from 'react';
import {
  useAddContractLine,
  useChangeContractCurrency,
  useContract,
  useContractAction,
  useDeleteContract,
  useDeleteContractLine,
  useGenerateInvoice,
  useUpdateContract,
  useUpdateContractLine,
  type Contract,
  type ContractLine,
} from '@/hooks/use-contracts';
import { useOrgGroups } from '@/hooks/use-billing';
import { useSites } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Card, EmptyState, ErrorText, PageHeader, TextAreaField } from '@/components/ui/controls';
import { BillingStatus, EditableDetails, errorLine, LINK, Money, ReasonForm, TABLE, TD, TH, THEAD, TR, useBillingOrg } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { CurrencyDialog } from '@/components/billing/currency-dialog';
import { describeDeviceSet, LineForm, LINE_TYPE_LABELS } from '@/components/billing/line-form';
import { ContractInvoices, ContractPeriods } from '@/components/billing/contract-periods';

export function ContractDetail({ id }: { id: string }) {
  const contract = useContract(id);
  const canManage = useCan('billing:manage');
  const org = useBillingOrg();
  const c = contract.data;
  useBreadcrumbLabel(id, c?.name);

  if (contract.isError) return <ErrorText error={contract.error} />;
  if (!c) return <p role="status">Loading…</p>;
  const editable = canManage && (c.status === 'draft' || c.status === 'active');

  return (
    <div className="space-y-4">
      <PageHeader
        title={c.name}
        description={`${org.orgName(c.orgId)} · ${c.currency} · from ${c.startDate}${c.endDate ? ` to ${c.endDate}` : ''}`}
        actions={
          <>
            <BillingStatus status={c.status} />
            {canManage && <LifecycleActions contract={c} />}
          </>
        }
      />
      {c.status === 'cancelled' && (
        <p className="text-sm text-slate-500">
          Cancelled {formatDate(c.cancelledAt)}
          {c.cancelReason ? `: ${c.cancelReason}` : ''}. No further periods are invoiced.
        </p>
      )}
      {c.quoteId && (
        <p className="text-sm">
          Converted from{' '}
          <Link className={LINK} href={`/billing/quotes/${c.quoteId}`}>
            a quote
          </Link>
          .
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Lines contract={c} editable={editable} />
          <ContractPeriods contract={c} />
        </div>
        <div className="space-y-4">
          <Details contract={c} editable={editable} />
          <ContractInvoices contract={c} />
        </div>
      </div>
    </div>
  );
}

function LifecycleActions({ contract: c }: { contract: Contract }) {
  const action = useContractAction(c.id);
  const generate = useGenerateInvoice(c.id);
  const remove = useDeleteContract();
  const currency = useChangeContractCurrency(c.id);
  const router = useRouter();
  const [error, setError] = useState<unknown>(null);
  const [cancelling, setCancelling] = useState(false);
  const [changingCurrency, setChangingCurrency] = useState(false);
  const busy = action.isPending || generate.isPending || remove.isPending;

  return (
    <>
      {c.status === 'draft' && (
        <Button disabled={busy || c.lines.length === 0} title={c.lines.length === 0 ? 'Add a line first' : undefined} onClick={() => (setError(null), action.mutate({ action: 'activate' }, { onError: setError }))}>
          Activate
        </Button>
      )}
      {c.status === 'active' && (
        <Button
          disabled={busy}
          onClick={async () => {
            setError(null);
            try {
              const r = await generate.mutateAsync(undefined);
              router.push(`/billing/invoices/${r.invoice.id}`);
            } catch (err) {
              setError(err);
            }
          }}
        >
          {generate.isPending ? 'Generating…' : 'Generate invoice now'}
        </Button>
      )}
      {c.status === 'draft' && (
        <Button variant="secondary" onClick={() => setChangingCurrency(true)}>
          Change currency
        </Button>
      )}
      {(c.status === 'draft' || c.status === 'active') && (
        <Button variant="secondary" disabled={busy} onClick={() => setCancelling(true)}>
          Cancel contract
        </Button>
      )}
      {c.status === 'draft' && (
        <Button variant="danger" disabled={busy} onClick={() => confirm(`Delete the draft contract ${c.name}?`) && remove.mutateAsync(c.id).then(() => router.push('/billing/contracts'), setError)}>
          Delete
        </Button>
      )}
      {error ? (
        <div className="w-full">
          <FormError message={errorLine(error)} />
        </div>
      ) : null}
      <Dialog open={cancelling} onClose={() => setCancelling(false)} title="Cancel contract">
        <p className="mb-3 text-sm text-slate-500">No further periods are invoiced; invoices already generated stay.</p>
        <ReasonForm
          label="Reason (optional)"
          required={false}
          submit="Cancel contract"
          busy={action.isPending}
          onCancel={() => setCancelling(false)}
          onSubmit={(reason) => action.mutate({ action: 'cancel', reason }, { onSuccess: () => setCancelling(false), onError: (e) => (setCancelling(false), setError(e)) })}
        />
      </Dialog>
      <CurrencyDialog open={changingCurrency} onClose={() => setChangingCurrency(false)} current={c.currency} hasLines={c.lines.length > 0} onSubmit={(b) => currency.mutateAsync(b)} />
    </>
  );
}

function Lines({ contract: c, editable }: { contract: Contract; editable: boolean }) {
  const add = useAddContractLine(c.id);
  const update = useUpdateContractLine(c.id);
  const remove = useDeleteContractLine(c.id);
  const sites = useSites({ orgId: c.orgId });
  const groups = useOrgGroups(c.lines.some((l) => l.deviceSetType === 'group') ? c.orgId : undefined);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const names = (l: ContractLine) => ({ site: sites.data?.data.find((s) => s.id === l.siteId)?.name, group: groups.data?.find((g) => g.id === l.groupId)?.name });

  return (
    <Card title="Lines" actions={editable && !adding && <Button onClick={() => setAdding(true)}>Add line</Button>}>
      {adding && (
        <div className="mb-4 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <LineForm types={['manual', 'per_device']} quantityKey="manualQuantity" orgId={c.orgId} currency={c.currency} submitLabel="Add line" onCancel={() => setAdding(false)} onSubmit={async (body) => (await add.mutateAsync(body), setAdding(false))} />
        </div>
      )}
      <FormError message={errorLine(error)} />
      {c.lines.length === 0 ? (
        <EmptyState title="No lines yet" action={editable && !adding && <Button onClick={() => setAdding(true)}>Add the first line</Button>}>
          A line bills a fixed quantity every period, or counts devices (per-device). Add at least one before activating.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className={TABLE}>
            <thead className={THEAD}>
              <tr>
                <th className={TH}>Description</th>
                <th className={TH}>Billed as</th>
                <th className={`${TH} text-right`}>Unit price</th>
                <th className={`${TH} text-right`}>Tax</th>
                {editable && <th className={TH}>
                  <span className="sr-only">Actions</span>
                </th>}
              </tr>
            </thead>
            <tbody>
              {c.lines.map((l) => (
                <Fragment key={l.id}>
                  <tr className={TR}>
                    <td className={TD}>{l.description}</td>
                    <td className={`${TD} text-slate-600 dark:text-slate-300`}>{l.type === 'per_device' ? `Per device: ${describeDeviceSet(l, names(l))}` : `${LINE_TYPE_LABELS[l.type]} × ${l.manualQuantity}`}</td>
                    <td className={`${TD} text-right`}>
                      <Money amount={l.unitPrice} currency={c.currency} />
                      {l.overagePrice && <div className="text-xs text-slate-500">overage <Money amount={l.overagePrice} currency={c.currency} /></div>}
                    </td>
                    <td className={`${TD} text-right tabular-nums`}>{l.taxRate}%</td>
                    {editable && (
                      <td className={`${TD} whitespace-nowrap text-right`}>
                        <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setEditing(editing === l.id ? null : l.id)} aria-label={`Edit ${l.description}`}>
                          Edit
                        </Button>{' '}
                        <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => confirm(`Remove the line ${l.description}?`) && (setError(null), remove.mutate(l.id, { onError: setError }))} aria-label={`Remove ${l.description}`}>
                          Remove
                        </Button>
                      </td>
                    )}
                  </tr>
                  {editing === l.id && (
                    <tr>
                      <td colSpan={5} className="bg-slate-50 p-3 dark:bg-slate-800/50">
                        <LineForm
                          types={[l.type]}
                          quantityKey="manualQuantity"
                          orgId={c.orgId}
                          currency={c.currency}
                          line={l}
                          submitLabel="Save line"
                          onCancel={() => setEditing(null)}
                          onSubmit={async (body) => (await update.mutateAsync({ lineId: l.id, body }), setEditing(null))}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function Details({ contract: c, editable }: { contract: Contract; editable: boolean }) {
  const update = useUpdateContract(c.id);
  return (
    <EditableDetails
      label="Edit contract"
      editable={editable}
      pending={update.isPending}
      rows={[
        ['Payment terms', `${c.paymentTermsDays} days`],
        ['Next period', c.status === 'active' ? c.nextPeriodStart : '—'],
        ['Activated', formatDate(c.activatedAt)],
        ['Notes', c.notes || '—'],
      ]}
      initial={{ name: c.name, startDate: c.status === 'draft' ? c.startDate : undefined, endDate: c.endDate ?? null, paymentTermsDays: c.paymentTermsDays, notes: c.notes }}
      read={(f) => ({
        name: String(f.get('name')).trim(),
        // Only a draft's start date can change; otherwise it is not on the form and stays out.
        startDate: c.status === 'draft' ? String(f.get('startDate')) : undefined,
        endDate: String(f.get('endDate') || '') || null,
        paymentTermsDays: Number(f.get('paymentTermsDays')),
        notes: String(f.get('notes') ?? ''),
      })}
      onSave={(changes) => update.mutateAsync(changes)}
      fields={(errors) => (
        <>
          <Field label="Name" name="name" required defaultValue={c.name} error={errors.name} />
          {c.status === 'draft' && <Field label="Start date" name="startDate" type="date" required defaultValue={c.startDate} error={errors.startDate} />}
          <Field label="End date" name="endDate" type="date" defaultValue={c.endDate ?? ''} error={errors.endDate} />
          <Field label="Payment terms (days)" name="paymentTermsDays" type="number" min={0} max={365} defaultValue={c.paymentTermsDays} error={errors.paymentTermsDays} />
          <TextAreaField label="Notes" name="notes" rows={3} defaultValue={c.notes} error={errors.notes} />
        </>
      )}
    />
  );
}

