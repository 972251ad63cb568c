'use client';

// The device page's Billing tab: which contract line bills the device (GET /devices/:id/billing).
import Link from 'next/link';
import { useDeviceBilling } from '@/hooks/use-billing';
import { useMe } from '@/hooks/use-me';
import { Card, EmptyState } from '@/components/ui/controls';
import { BillingStatus, errorLine, LINK, Money } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { DEVICE_SET_LABELS } from '@/components/billing/line-form';

const REASONS = {
  device_not_active: { title: 'Not billable: the device is not active', text: 'Only enrolled devices (online or offline) are counted; uninstalled or decommissioned ones are not.' },
  no_active_contract: { title: 'Not covered: the organization has no active contract', text: 'Create a contract with a per-device line and activate it to bill this device.' },
  no_matching_line: { title: 'Not covered by any per-device line', text: 'The organization’s active contracts have no per-device line whose device set holds this device. Add one, or widen a line’s site, role or group.' },
} as const;

/** The tab is for partner and system staff who can read contracts (the route's own rule). */
export function useShowDeviceBilling(): boolean {
  const me = useMe();
  return !!me.data && me.data.scope !== 'organization' && me.data.permissions.includes('contracts:read');
}

export function DeviceBillingPanel({ deviceId }: { deviceId: string }) {
  const billing = useDeviceBilling(deviceId);
  const b = billing.data;
  if (billing.isError) return <FormError message={errorLine(billing.error)} />;
  if (!b) return <p role="status">Loading…</p>;
  if (!b.billable || !b.contract || !b.line) {
    const r = REASONS[b.reason ?? 'no_matching_line'];
    return (
      <EmptyState
        title={r.title}
        action={
          b.reason !== 'device_not_active' && (
            <Link className={LINK} href="/billing/contracts">
              Open contracts
            </Link>
          )
        }
      >
        {r.text}
      </EmptyState>
    );
  }
  return (
    <Card title="Billed by">
      <dl className="grid grid-cols-[9rem_1fr] gap-y-2 text-sm">
        <dt className="text-slate-500">Contract</dt>
        <dd className="flex items-center gap-2">
          <Link className={LINK} href={`/billing/contracts/${b.contract.id}`}>
            {b.contract.name}
          </Link>
          <BillingStatus status={b.contract.status} />
        </dd>
        <dt className="text-slate-500">Line</dt>
        <dd>{b.line.description}</dd>
        <dt className="text-slate-500">Matched by</dt>
        <dd>{b.matchKind ? DEVICE_SET_LABELS[b.matchKind] : '—'} (role {b.role})</dd>
        <dt className="text-slate-500">Unit price</dt>
        <dd>
          <Money amount={b.line.unitPrice} currency={b.contract.currency} /> per device
        </dd>
        <dt className="text-slate-500">Included</dt>
        <dd>
          {b.line.includedQuantity} device(s); beyond that {b.line.overageMode === 'flag' ? 'flagged, not billed' : 'billed as overage'}
        </dd>
      </dl>
    </Card>
  );
}
