'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import {
  BILLING_TERMS,
  useDistributorOrder,
  useDistributorProducts,
  useDistributorSubscriptions,
  usePatchLine,
  usePreflightOrder,
  useProductDependencies,
  useProvisionDetails,
  useReconcileOrder,
  useRemoveLine,
  useStageLine,
  useSubmitOrder,
  type OrderLine,
  type StageLineInput,
} from '@/hooks/use-distributor';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { ApiError } from '@/lib/client/api-client';
import { fieldErrorsOf, formErrorOf, messageOf } from '@/lib/client/field-errors';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, ErrorText, SelectField, StatusBadge } from '@/components/ui/controls';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { DistributorPage } from '@/components/distributor/distributor-nav';
import { commitmentSummary, ProvisioningFields, toProvisioningDetails, type ProvisioningValues } from '@/components/distributor/provisioning-fields';

const MUTABLE = ['draft', 'awaiting_details', 'ready'];
const ACTION_LABELS = { new_subscription: 'New subscription', change_quantity: 'Change quantity', cancel: 'Cancel subscription' } as const;

type Notice = { tone: 'ok' | 'warn' | 'error'; text: string; details?: string[] };

/** Detail lines of an error envelope (validation issues, the distributor's field messages). */
function detailLines(err: unknown): string[] {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return [];
  return (err.details as { path?: string; field?: string; message?: string }[]).filter((d) => d && typeof d.message === 'string').map((d) => (d.field ?? d.path ? `${d.field ?? d.path}: ${d.message}` : d.message!));
}

export function OrderDetail({ id }: { id: string }) {
  const order = useDistributorOrder(id);
  const orgs = useAllOrganizations();
  const products = useDistributorProducts();
  const preflight = usePreflightOrder(id);
  const submit = useSubmitOrder(id);
  const reconcile = useReconcileOrder(id);
  const remove = useRemoveLine(id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  useBreadcrumbLabel(id, order.data ? `Order ${id.slice(0, 8)}` : undefined);

  const o = order.data?.data.order;
  const lines = order.data?.data.lines ?? [];
  const mutable = !!o && MUTABLE.includes(o.status);
  const pending = lines.filter((l) => l.submitState === 'pending');
  const unknown = lines.filter((l) => l.submitState === 'needs_reconcile');
  const productName = (pid: string | null) => products.data?.data.find((p) => p.distributorProductId === pid)?.productName ?? pid ?? '—';

  async function run(what: string, fn: () => Promise<Notice>) {
    setNotice(null);
    try {
      setNotice(await fn());
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SUBMIT_CONFLICT') {
        setNotice({ tone: 'warn', text: 'Someone else is submitting this order right now (or just did). Nothing was sent twice; the order below is reloaded with its current state.' });
        void order.refetch();
        return;
      }
      setNotice({ tone: 'error', text: `${what}: ${messageOf(err, 'the request failed')}`, details: detailLines(err) });
    }
  }

  return (
    <DistributorPage title={o ? `Order for ${orgs.data?.find((x) => x.id === o.orgId)?.name ?? 'organization'}` : 'Order'} description={o ? `Order ${o.id} (${o.source})` : undefined}>
      <ErrorText error={order.error} />
      {o && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm">
              Status: <StatusBadge status={o.status} />
            </span>
            <div className="flex-1" />
            {mutable && (
              <>
                <Button
                  variant="secondary"
                  disabled={preflight.isPending || pending.length === 0}
                  onClick={() => void run('Preflight failed', async () => (await preflight.mutateAsync(), { tone: 'ok', text: 'Preflight passed: the distributor accepts these lines. The order is ready to submit.' }))}
                >
                  {preflight.isPending ? 'Checking…' : 'Preflight'}
                </Button>
                <Button
                  disabled={submit.isPending || pending.length === 0}
                  onClick={() => {
                    if (!confirm(`Submit ${pending.length} line(s) to the distributor? Subscriptions are created, changed or cancelled for real.`)) return;
                    void run('Submit failed', async () => {
                      const res = await submit.mutateAsync();
                      const failed = res.lines.filter((l) => l.submitState === 'failed').length;
                      const uncertain = res.lines.filter((l) => l.submitState === 'needs_reconcile').length;
                      if (res.status === 'completed') return { tone: 'ok', text: 'Submitted: every line succeeded.' };
                      return {
                        tone: uncertain ? 'warn' : 'error',
                        text: `Submitted with problems: ${[failed ? `${failed} line(s) failed` : '', uncertain ? `${uncertain} line(s) have an unknown outcome and need reconciling` : ''].filter(Boolean).join(', ')}.`,
                        details: res.lines.filter((l) => l.error).map((l) => `${l.lineId.slice(0, 8)}: ${l.error}`),
                      };
                    });
                  }}
                >
                  {submit.isPending ? 'Submitting…' : 'Submit order'}
                </Button>
              </>
            )}
          </div>
          {notice && (
            <div
              role={notice.tone === 'error' ? 'alert' : 'status'}
              data-testid="order-notice"
              className={`rounded-md border px-3 py-2 text-sm ${notice.tone === 'ok' ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100' : notice.tone === 'warn' ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100' : 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'}`}
            >
              {notice.text}
              {notice.details && notice.details.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {notice.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {o.status === 'submitting' && (
            <p role="status" className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700">
              A submit of this order is running. This page follows it and shows each line&apos;s outcome when it ends.
            </p>
          )}
          {o.status === 'awaiting_details' && (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
              Some lines need provisioning details or a commitment term before this order can be submitted: use “Edit details” on them.
            </p>
          )}
          {unknown.length > 0 && (
            <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
              <span>
                {unknown.length} line(s) need reconciling: the distributor did not answer clearly, so they may or may not have been applied. Do not order them again; reconcile looks them up at the distributor without writing.
              </span>
              <Button
                variant="secondary"
                disabled={reconcile.isPending}
                onClick={() =>
                  void run('Reconcile failed', async () => {
                    const r = await reconcile.mutateAsync();
                    return r.stillUnknown ? { tone: 'warn', text: `Reconciled ${r.resolved} line(s); ${r.stillUnknown} still unknown. Try again later.` } : { tone: 'ok', text: `Reconciled ${r.resolved} line(s).` };
                  })
                }
              >
                {reconcile.isPending ? 'Reconciling…' : 'Reconcile'}
              </Button>
            </div>
          )}

          <Card title="Lines">
            {lines.length === 0 ? (
              <p className="text-sm text-slate-500">No lines yet. {mutable ? 'Add a line below: a new subscription, a quantity change or a cancellation.' : ''}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm" aria-label="Order lines">
                  <thead className="text-left text-slate-500">
                    <tr>
                      <th className="py-1 pr-3 font-medium">Action</th>
                      <th className="py-1 pr-3 font-medium">Product / subscription</th>
                      <th className="py-1 pr-3 font-medium">Term</th>
                      <th className="py-1 pr-3 font-medium">Quantity</th>
                      <th className="py-1 pr-3 font-medium">Details</th>
                      <th className="py-1 pr-3 font-medium">State</th>
                      <th className="py-1 pr-3 font-medium"><span className="sr-only">Actions</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    {lines.map((l) => (
                      <LineRow
                        key={l.id}
                        line={l}
                        productName={productName(l.distributorProductId)}
                        mutable={mutable}
                        editing={editing === l.id}
                        onEdit={() => setEditing(editing === l.id ? null : l.id)}
                        onRemove={() => {
                          if (!confirm('Remove this line from the order?')) return;
                          void run('Could not remove the line', async () => (await remove.mutateAsync(l.id), { tone: 'ok', text: 'Line removed.' }));
                        }}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {editing && lines.find((l) => l.id === editing) && <CompleteLineForm orderId={id} line={lines.find((l) => l.id === editing)!} onDone={() => setEditing(null)} />}
          </Card>
          {mutable && o.source === 'direct' && <AddLineForm orderId={id} orgId={o.orgId} />}
          <Card title="History">
            <ol className="space-y-1 text-sm" aria-label="Order history">
              <li>Created {formatDate(o.createdAt)}</li>
              {o.submittedAt && <li>Submitted {formatDate(o.submittedAt)}</li>}
              <li>
                Now <StatusBadge status={o.status} /> (updated {formatDate(o.updatedAt)})
              </li>
            </ol>
            <p className="mt-2 text-sm">
              <Link className="text-brand-700 underline dark:text-brand-100" href="/distributor/orders">
                Every order of the organization
              </Link>
            </p>
          </Card>
        </>
      )}
    </DistributorPage>
  );
}

function LineRow({ line: l, productName, mutable, editing, onEdit, onRemove }: { line: OrderLine; productName: string; mutable: boolean; editing: boolean; onEdit: () => void; onRemove: () => void }) {
  return (
    <tr className="border-t border-slate-100 align-top dark:border-slate-800">
      <td className="py-1.5 pr-3">{ACTION_LABELS[l.action]}</td>
      <td className="py-1.5 pr-3">{l.action === 'new_subscription' ? productName : <span className="font-mono text-xs">{l.targetSubscriptionId?.slice(0, 8)}</span>}</td>
      <td className="py-1.5 pr-3">
        {l.billingTerm ?? '—'}
        {l.commitmentTermId && <div className="font-mono text-xs text-slate-500">{l.commitmentTermId}</div>}
      </td>
      <td className="py-1.5 pr-3">{l.action === 'cancel' ? '0' : l.quantity}</td>
      <td className="py-1.5 pr-3 text-xs text-slate-500">
        {l.provisioningDetails.map((d) => `${d.key}=${d.values.join('|')}`).join(', ') || '—'}
        {l.resultSubscriptionId && <div>Subscription {l.resultSubscriptionId}</div>}
      </td>
      <td className="py-1.5 pr-3">
        <StatusBadge status={l.submitState} />
        {l.error && <div className="text-xs text-red-600">{l.error}</div>}
      </td>
      <td className="py-1.5 pr-3 whitespace-nowrap">
        {mutable && l.submitState === 'pending' && l.action === 'new_subscription' && (
          <Button variant="secondary" className="mr-1 px-2 py-1 text-xs" onClick={onEdit} aria-expanded={editing}>
            {editing ? 'Close' : 'Edit details'}
          </Button>
        )}
        {mutable && l.submitState === 'pending' && (
          <Button variant="danger" className="px-2 py-1 text-xs" onClick={onRemove}>
            Remove
          </Button>
        )}
      </td>
    </tr>
  );
}

function CompleteLineForm({ orderId, line, onDone }: { orderId: string; line: OrderLine; onDone: () => void }) {
  const fields = useProvisionDetails(line.distributorProductId ?? undefined);
  const deps = useProductDependencies(line.distributorProductId ?? undefined);
  const patch = usePatchLine(orderId);
  const [values, setValues] = useState<ProvisioningValues>(Object.fromEntries(line.provisioningDetails.map((d) => [d.key, d.values])));
  const [commitment, setCommitment] = useState(line.commitmentTermId ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="mt-4 space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      aria-label="Line details"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          await patch.mutateAsync({ lineId: line.id, commitmentTermId: commitment || null, provisioningDetails: toProvisioningDetails(values) });
          onDone();
        } catch (err) {
          setError(messageOf(err, 'Could not save the line'));
        }
      }}
    >
      <ErrorText error={fields.error ?? deps.error} />
      {fields.data && <ProvisioningFields fields={fields.data.data} values={values} onChange={setValues} />}
      {deps.data && deps.data.data.commitments.length > 0 && (
        <SelectField label="Commitment term" value={commitment} onChange={(e) => setCommitment(e.target.value)}>
          <option value="">None</option>
          {deps.data.data.commitments.map((c) => (
            <option key={c.id} value={c.id}>
              {commitmentSummary(c)}
            </option>
          ))}
        </SelectField>
      )}
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      <Button type="submit" disabled={patch.isPending}>
        {patch.isPending ? 'Saving…' : 'Save line details'}
      </Button>
    </form>
  );
}

function AddLineForm({ orderId, orgId }: { orderId: string; orgId: string }) {
  const products = useDistributorProducts();
  const subscriptions = useDistributorSubscriptions({ orgId });
  const stage = useStageLine(orderId);
  const [action, setAction] = useState<StageLineInput['action']>('new_subscription');
  const [productId, setProductId] = useState('');
  const fields = useProvisionDetails(productId || undefined);
  const deps = useProductDependencies(productId || undefined);
  const [values, setValues] = useState<ProvisioningValues>({});
  const [commitment, setCommitment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const product = products.data?.data.find((p) => p.distributorProductId === productId);
  const linked = subscriptions.data?.data.filter((s) => s.contractLineId) ?? [];

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setError(null);
    setErrors({});
    let body: StageLineInput;
    if (action === 'new_subscription') {
      if (!product) {
        setErrors({ distributorProductId: 'Pick a product' });
        return;
      }
      const details = toProvisioningDetails(values);
      body = {
        action,
        distributorProductId: product.distributorProductId,
        catalogItemId: product.catalogItemId,
        billingTerm: String(f.get('billingTerm')),
        quantity: String(f.get('quantity')).trim(),
        ...(commitment ? { commitmentTermId: commitment } : {}),
        ...(details.length ? { provisioningDetails: details } : {}),
      };
    } else if (action === 'change_quantity') {
      body = { action, targetSubscriptionId: String(f.get('targetSubscriptionId')), quantity: String(f.get('quantity')).trim() };
    } else {
      if (!confirm('Stage a cancellation? On submit the subscription is cancelled today, immediately.')) return;
      body = { action, targetSubscriptionId: String(f.get('targetSubscriptionId')) };
    }
    try {
      await stage.mutateAsync(body);
      setValues({});
      setCommitment('');
      setProductId('');
      form.reset();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(formErrorOf(err, ['distributorProductId', 'catalogItemId', 'billingTerm', 'quantity', 'commitmentTermId', 'targetSubscriptionId'], 'Could not add the line'));
    }
  }

  return (
    <Card title="Add a line">
      <form onSubmit={onSubmit} className="space-y-3" aria-label="Add a line" noValidate>
        <div className="grid gap-3 md:grid-cols-2">
          <SelectField label="Action" value={action} onChange={(e) => setAction(e.target.value as StageLineInput['action'])}>
            <option value="new_subscription">New subscription</option>
            <option value="change_quantity">Change quantity</option>
            <option value="cancel">Cancel subscription</option>
          </SelectField>
          {action === 'new_subscription' ? (
            <>
              <SelectField label="Product" value={productId} onChange={(e) => { setProductId(e.target.value); setValues({}); setCommitment(''); }} error={errors.distributorProductId ?? errors.catalogItemId} hint={products.data?.data.length === 0 ? 'No orderable products: see the Products tab' : undefined}>
                <option value="">Pick a product</option>
                {products.data?.data.map((p) => (
                  <option key={p.distributorProductId} value={p.distributorProductId}>
                    {p.productName} ({p.catalogSku})
                  </option>
                ))}
              </SelectField>
              <SelectField label="Billing term" name="billingTerm" defaultValue={product?.billingFrequency && (BILLING_TERMS as readonly string[]).includes(product.billingFrequency) ? product.billingFrequency : 'Monthly'} key={productId} error={errors.billingTerm}>
                {BILLING_TERMS.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </SelectField>
              <Field label="Quantity" name="quantity" inputMode="decimal" defaultValue="1" required error={errors.quantity} />
              {deps.data && deps.data.data.commitments.length > 0 && (
                <SelectField label="Commitment term" value={commitment} onChange={(e) => setCommitment(e.target.value)} error={errors.commitmentTermId}>
                  <option value="">None</option>
                  {deps.data.data.commitments.map((c) => (
                    <option key={c.id} value={c.id}>
                      {commitmentSummary(c)}
                    </option>
                  ))}
                </SelectField>
              )}
              {fields.data && <ProvisioningFields fields={fields.data.data} values={values} onChange={setValues} />}
              <ErrorText error={fields.error ?? deps.error} />
            </>
          ) : (
            <>
              <SelectField label="Subscription" name="targetSubscriptionId" required error={errors.targetSubscriptionId} hint={linked.length === 0 ? 'Only subscriptions linked to a manual contract line can change: link them on the Subscriptions tab' : undefined}>
                {linked.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.productName ?? s.distributorSubscriptionId} — {s.quantity ?? 'unknown'} ({s.status})
                  </option>
                ))}
              </SelectField>
              {action === 'change_quantity' && <Field label="New quantity" name="quantity" inputMode="decimal" required error={errors.quantity} />}
            </>
          )}
        </div>
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
        <Button type="submit" disabled={stage.isPending}>
          {stage.isPending ? 'Adding…' : 'Add line'}
        </Button>
      </form>
    </Card>
  );
}
