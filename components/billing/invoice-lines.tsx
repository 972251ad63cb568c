'use client';

// An invoice's lines: the editor for drafts, generated per-device lines with the devices they
// counted (the evidence recorded at generation), and the exact totals.
import Link from 'next/link';
import { Fragment, useState } from 'react';
import { useAddInvoiceLine, useDeleteInvoiceLine, useLineDevices, useUpdateInvoiceLine, type Invoice, type InvoiceLine } from '@/hooks/use-invoices';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ErrorText } from '@/components/ui/controls';
import { errorLine, LINK, Money, TABLE, TD, TH, THEAD, TR } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { LineForm, type LineType } from '@/components/billing/line-form';

export function InvoiceLines({ invoice: i, editable }: { invoice: Invoice; editable: boolean }) {
  const add = useAddInvoiceLine(i.id);
  const update = useUpdateInvoiceLine(i.id);
  const remove = useDeleteInvoiceLine(i.id);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [evidence, setEvidence] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const cols = editable ? 7 : 6;
  const handEdited = (l: InvoiceLine) => l.type !== 'per_device';

  return (
    <Card title="Lines" actions={editable && !adding && <Button onClick={() => setAdding(true)}>Add line</Button>}>
      {adding && (
        <div className="mb-4 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <LineForm types={['one_time', 'manual']} quantityKey="quantity" orgId={i.orgId} currency={i.currency} submitLabel="Add line" onCancel={() => setAdding(false)} onSubmit={async (body) => (await add.mutateAsync(body), setAdding(false))} />
        </div>
      )}
      <FormError message={errorLine(error)} />
      {i.lines.length === 0 ? (
        <EmptyState title="No lines yet" action={editable && !adding && <Button onClick={() => setAdding(true)}>Add the first line</Button>}>
          An invoice needs at least one line before it can be issued.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className={TABLE}>
            <thead className={THEAD}>
              <tr>
                <th className={TH}>Description</th>
                <th className={`${TH} text-right`}>Qty</th>
                <th className={`${TH} text-right`}>Unit price</th>
                <th className={`${TH} text-right`}>Tax</th>
                <th className={`${TH} text-right`}>Subtotal</th>
                <th className={`${TH} text-right`}>Total</th>
                {editable && (
                  <th className={TH}>
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {i.lines.map((l) => (
                <Fragment key={l.id}>
                  <tr className={TR}>
                    <td className={TD}>
                      {l.description}
                      {l.type === 'per_device' && (
                        <span className="ml-2">
                          <Badge tone="blue">per device</Badge>
                        </span>
                      )}
                      {l.evidenceRecorded && (
                        <button type="button" className="ml-2 text-xs text-brand-700 underline dark:text-brand-100" aria-expanded={evidence === l.id} onClick={() => setEvidence(evidence === l.id ? null : l.id)}>
                          {evidence === l.id ? 'Hide devices' : 'Devices'}
                        </button>
                      )}
                    </td>
                    <td className={`${TD} text-right tabular-nums`}>
                      {l.quantity}
                      {l.overageQuantity ? <div className="text-xs text-slate-500">+{l.overageQuantity} overage</div> : null}
                    </td>
                    <td className={`${TD} text-right`}>
                      <Money amount={l.unitPrice} currency={i.currency} />
                      {l.overageQuantity && l.overageUnitPrice ? (
                        <div className="text-xs text-slate-500">
                          overage <Money amount={l.overageUnitPrice} currency={i.currency} />
                        </div>
                      ) : null}
                    </td>
                    <td className={`${TD} text-right tabular-nums`}>
                      {l.taxRate}%<div className="text-xs text-slate-500"><Money amount={l.taxAmount} currency={i.currency} /></div>
                    </td>
                    <td className={`${TD} text-right`}>
                      <Money amount={l.subtotal} currency={i.currency} />
                    </td>
                    <td className={`${TD} text-right`}>
                      <Money amount={l.total} currency={i.currency} />
                    </td>
                    {editable && (
                      <td className={`${TD} whitespace-nowrap text-right`}>
                        {handEdited(l) && (
                          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setEditing(editing === l.id ? null : l.id)} aria-label={`Edit ${l.description}`}>
                            Edit
                          </Button>
                        )}{' '}
                        <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => confirm(`Remove the line ${l.description}?`) && (setError(null), remove.mutate(l.id, { onError: setError }))} aria-label={`Remove ${l.description}`}>
                          Remove
                        </Button>
                      </td>
                    )}
                  </tr>
                  {evidence === l.id && (
                    <tr>
                      <td colSpan={cols} className="bg-slate-50 p-3 dark:bg-slate-800/50">
                        <LineEvidence invoiceId={i.id} lineId={l.id} />
                      </td>
                    </tr>
                  )}
                  {editing === l.id && (
                    <tr>
                      <td colSpan={cols} className="bg-slate-50 p-3 dark:bg-slate-800/50">
                        <LineForm
                          types={[l.type as LineType]}
                          quantityKey="quantity"
                          orgId={i.orgId}
                          currency={i.currency}
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
      <dl className="mt-4 ml-auto grid w-full max-w-xs grid-cols-2 gap-1 text-sm">
        <dt className="text-slate-500">Subtotal</dt>
        <dd className="text-right">
          <Money amount={i.subtotal} currency={i.currency} />
        </dd>
        <dt className="text-slate-500">Tax</dt>
        <dd className="text-right">
          <Money amount={i.taxTotal} currency={i.currency} />
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold" data-testid="invoice-total">
          <Money amount={i.total} currency={i.currency} />
        </dd>
      </dl>
    </Card>
  );
}

const COUNTED_TONES = { included: 'green', overage: 'amber', flagged: 'red' } as const;

function LineEvidence({ invoiceId, lineId }: { invoiceId: string; lineId: string }) {
  const devices = useLineDevices(invoiceId, lineId, true);
  const rows = devices.data?.pages.flatMap((p) => p.data) ?? [];
  const recorded = devices.data?.pages[0]?.recorded;
  return (
    <div className="space-y-2" aria-label="Devices counted by this line" role="region">
      <ErrorText error={devices.error} />
      {devices.isLoading && <p role="status">Loading devices…</p>}
      {recorded === false && <p className="text-sm text-slate-500">No per-device evidence was recorded for this line.</p>}
      {recorded && rows.length === 0 && <p className="text-sm text-slate-500">The line counted no devices.</p>}
      {rows.length > 0 && (
        <table className={TABLE}>
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-1 pr-4 font-medium">Hostname</th>
              <th className="py-1 pr-4 font-medium">Role</th>
              <th className="py-1 font-medium">Counted as</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.deviceId}>
                <td className="py-1 pr-4">
                  <Link className={LINK} href={`/devices/${d.deviceId}`}>
                    {d.hostname}
                  </Link>
                </td>
                <td className="py-1 pr-4">{d.role}</td>
                <td className="py-1">
                  <Badge tone={COUNTED_TONES[d.countedAs]}>{d.countedAs}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {devices.hasNextPage && (
        <Button variant="secondary" disabled={devices.isFetchingNextPage} onClick={() => void devices.fetchNextPage()}>
          Load more devices
        </Button>
      )}
    </div>
  );
}
