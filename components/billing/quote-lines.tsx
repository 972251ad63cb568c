'use client';

// A quote's lines: recurring, per-device and one-time, editable while the quote is a draft, with
// the exact totals the API computed.
import { Fragment, useState } from 'react';
import { useAddQuoteLine, useDeleteQuoteLine, useUpdateQuoteLine, type QuoteDetail } from '@/hooks/use-quotes';
import { useOrgGroups } from '@/hooks/use-billing';
import { useSites } from '@/hooks/use-organizations';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/controls';
import { errorLine, Money, TABLE, TD, TH, THEAD, TR } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { describeDeviceSet, LineForm, LINE_TYPE_LABELS } from '@/components/billing/line-form';

export function QuoteLines({ detail: d, editable }: { detail: QuoteDetail; editable: boolean }) {
  const q = d.quote;
  const add = useAddQuoteLine(q.id);
  const update = useUpdateQuoteLine(q.id);
  const remove = useDeleteQuoteLine(q.id);
  const sites = useSites({ orgId: q.orgId });
  const groups = useOrgGroups(d.lines.some((l) => l.deviceSetType === 'group') ? q.orgId : undefined);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const blockTitle = (id: string | null) => d.blocks.find((b) => b.id === id)?.title;
  const cols = editable ? 6 : 5;

  return (
    <Card title="Lines" actions={editable && !adding && <Button onClick={() => setAdding(true)}>Add line</Button>}>
      {adding && (
        <div className="mb-4 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <LineForm types={['manual', 'per_device', 'one_time']} quantityKey="quantity" orgId={q.orgId} currency={q.currency} blocks={d.blocks} submitLabel="Add line" onCancel={() => setAdding(false)} onSubmit={async (body) => (await add.mutateAsync(body), setAdding(false))} />
        </div>
      )}
      <FormError message={errorLine(error)} />
      {d.lines.length === 0 ? (
        <EmptyState title="No lines yet" action={editable && !adding && <Button onClick={() => setAdding(true)}>Add the first line</Button>}>
          Add recurring, per-device or one-time lines; a quote needs at least one before it is sent.
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
                <th className={`${TH} text-right`}>Amount</th>
                {editable && (
                  <th className={TH}>
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {d.lines.map((l) => (
                <Fragment key={l.id}>
                  <tr className={TR}>
                    <td className={TD}>
                      {l.description}
                      {blockTitle(l.blockId) && <div className="text-xs text-slate-500">in {blockTitle(l.blockId)}</div>}
                    </td>
                    <td className={`${TD} text-slate-600 dark:text-slate-300`}>
                      {l.type === 'per_device'
                        ? `Per device: ${describeDeviceSet(l, { site: sites.data?.data.find((s) => s.id === l.siteId)?.name, group: groups.data?.find((g) => g.id === l.groupId)?.name })}`
                        : `${LINE_TYPE_LABELS[l.type]} × ${l.quantity}`}
                    </td>
                    <td className={`${TD} text-right`}>
                      <Money amount={l.unitPrice} currency={q.currency} />
                    </td>
                    <td className={`${TD} text-right tabular-nums`}>{l.taxRate}%</td>
                    <td className={`${TD} text-right`}>
                      <Money amount={l.amount} currency={q.currency} />
                    </td>
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
                      <td colSpan={cols} className="bg-slate-50 p-3 dark:bg-slate-800/50">
                        <LineForm
                          types={[l.type]}
                          quantityKey="quantity"
                          orgId={q.orgId}
                          currency={q.currency}
                          line={l}
                          blocks={d.blocks}
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
          <Money amount={q.subtotal} currency={q.currency} />
        </dd>
        <dt className="text-slate-500">Tax</dt>
        <dd className="text-right">
          <Money amount={q.taxTotal} currency={q.currency} />
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">
          <Money amount={q.total} currency={q.currency} />
        </dd>
      </dl>
      <p className="mt-1 text-right text-xs text-slate-500">Per-device lines count at their included quantity.</p>
    </Card>
  );
}

