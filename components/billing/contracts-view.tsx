'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { CONTRACT_STATUSES } from '@/lib/contracts/schemas';
import { useBulkContracts, useContracts, useCreateContract } from '@/hooks/use-contracts';
import { useCan } from '@/hooks/use-me';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Dialog } from '@/components/ui/dialog';
import { Card, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager } from '@/components/ui/controls';
import { BillingStatus, BulkBar, errorLine, LINK, OrgSelect, ReasonForm, SelectAll, TD, TH, todayUtc, TR, useBillingOrg, useBulkRun, useSelection } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import { DataTable } from '@/components/ui/data-table';

export function ContractsView() {
  const org = useBillingOrg();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const contracts = useContracts({ page, orgId: org.orgId, status: status || undefined });
  const canManage = useCan('billing:manage');
  const [creating, setCreating] = useState(false);
  const selection = useSelection();
  const bulk = useBulkContracts();
  const [cancelling, setCancelling] = useState(false);
  const rows = contracts.data?.data ?? [];
  const nameOf = (id: string) => rows.find((c) => c.id === id)?.name ?? id.slice(0, 8);

  const { run: runBulk, result: bulkResult, error: bulkError } = useBulkRun(bulk.mutateAsync, selection);

  return (
    <div className="space-y-4">
      <PageHeader
        title="Contracts"
        description="Recurring agreements: each monthly period of an active contract becomes a draft invoice."
        actions={
          <>
            {org.picker}
            <select aria-label="Status" className={`${INPUT_CLASS} w-auto`} value={status} onChange={(e) => (setStatus(e.target.value), setPage(1))}>
              <option value="">All statuses</option>
              {CONTRACT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            {canManage && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Close' : 'New contract'}</Button>}
          </>
        }
      />
      {creating && <NewContract orgs={org.orgs} fixed={org.fixed} defaultOrg={org.orgId} onCancel={() => setCreating(false)} />}
      {canManage && (
        <BulkBar count={selection.selected.size} result={bulkResult} label={nameOf}>
          <Button variant="secondary" disabled={bulk.isPending} onClick={() => setCancelling(true)}>
            Cancel selected
          </Button>
          <Button variant="danger" disabled={bulk.isPending} onClick={() => confirm(`Delete ${selection.selected.size} draft contract(s)? Only drafts can be deleted.`) && runBulk({ action: 'bulk-delete', ids: selection.ids })}>
            Delete selected drafts
          </Button>
        </BulkBar>
      )}
      <FormError message={errorLine(bulkError)} />
      <Dialog open={cancelling} onClose={() => setCancelling(false)} title={`Cancel ${selection.selected.size} contract(s)`}>
        <p className="mb-3 text-sm text-slate-500">No further periods are invoiced; invoices already generated stay.</p>
        <ReasonForm label="Reason (optional)" required={false} submit="Cancel contracts" busy={bulk.isPending} onCancel={() => setCancelling(false)} onSubmit={(reason) => (setCancelling(false), runBulk({ action: 'bulk-cancel', ids: selection.ids, reason }))} />
      </Dialog>
      <ErrorText error={contracts.error} />
      {contracts.data && rows.length === 0 && (
        <EmptyState title={status || org.orgId ? 'No contracts match these filters' : 'No contracts yet'} action={canManage && !creating && <Button onClick={() => setCreating(true)}>Create a contract</Button>}>
          {status || org.orgId ? 'Pick another status or organization.' : 'Create a contract for an organization, add its lines, then activate it: billing starts with the first period.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <DataTable
          head={
            <>
            {canManage && (
              <th className={`${TH} w-8`}>
                <SelectAll ids={rows.map((c) => c.id)} selection={selection} />
              </th>
            )}
            <th className={TH}>Name</th>
            <th className={TH}>Organization</th>
            <th className={TH}>Status</th>
            <th className={TH}>Currency</th>
            <th className={TH}>Lines</th>
            <th className={TH}>Start</th>
            <th className={TH}>Next period</th>
            </>
          }
        >
          {rows.map((c) => (
            <tr key={c.id} className={TR}>
              {canManage && (
                <td className={TD}>
                  <input type="checkbox" aria-label={`Select ${c.name}`} checked={selection.has(c.id)} onChange={() => selection.toggle(c.id)} />
                </td>
              )}
              <td className={TD}>
                <Link href={`/billing/contracts/${c.id}`} className={LINK}>
                  {c.name}
                </Link>
              </td>
              <td className={TD}>{org.orgName(c.orgId)}</td>
              <td className={TD}>
                <BillingStatus status={c.status} />
              </td>
              <td className={TD}>{c.currency}</td>
              <td className={TD}>{c.lines.length}</td>
              <td className={TD}>{c.startDate}</td>
              <td className={TD}>{c.status === 'active' ? c.nextPeriodStart : '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {contracts.data && <Pager page={page} total={contracts.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}

function NewContract({ orgs, fixed, defaultOrg, onCancel }: { orgs: { id: string; name: string }[]; fixed: boolean; defaultOrg?: string; onCancel: () => void }) {
  const create = useCreateContract();
  const router = useRouter();
  const [error, setError] = useState<unknown>(null);
  const errors = fieldErrorsOf(error, 'path');

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(null);
    try {
      const c = await create.mutateAsync({
        orgId: fixed ? undefined : String(f.get('orgId')),
        name: String(f.get('name')).trim(),
        currency: String(f.get('currency')).trim().toUpperCase(),
        startDate: String(f.get('startDate')),
        endDate: String(f.get('endDate') || '') || undefined,
        paymentTermsDays: Number(f.get('paymentTermsDays') || 30),
      });
      router.push(`/billing/contracts/${c.id}`);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Card title="New contract">
      <form onSubmit={submit} className="space-y-3" aria-label="New contract">
        <div className="grid gap-3 md:grid-cols-3">
          {!fixed && <OrgSelect orgs={orgs} defaultValue={defaultOrg} error={errors.orgId} />}
          <Field label="Name" name="name" required maxLength={255} error={errors.name} placeholder="Managed services" />
          <Field label="Currency" name="currency" required maxLength={3} defaultValue="EUR" error={errors.currency} hint="ISO 4217 code" />
          <Field label="Start date" name="startDate" type="date" required defaultValue={todayUtc()} error={errors.startDate} hint="Periods are monthly from this day" />
          <Field label="End date" name="endDate" type="date" error={errors.endDate} hint="Optional; the contract expires after it" />
          <Field label="Payment terms (days)" name="paymentTermsDays" type="number" min={0} max={365} defaultValue={30} error={errors.paymentTermsDays} />
        </div>
        <FormError message={errorLine(error)} />
        <div className="flex gap-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create contract'}
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
