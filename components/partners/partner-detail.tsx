'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { PARTNER_STATUSES, useDeletePartner, usePlatformPartner, useUpdatePartner, type PartnerStatus } from '@/hooks/use-partners';
import { useCan } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { PartnerForm } from '@/components/partners/partner-form';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, PageHeader, StatusBadge } from '@/components/ui/controls';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';

/** What each move does, said before it happens (doc 1 "States and transitions"). */
const CONSEQUENCES: Partial<Record<PartnerStatus, string>> = {
  suspended: 'Its users can no longer work in the console until it is active again.',
  offboarding: 'Every session of its users ends at once and its agents start draining.',
  churned: 'Agent credentials are severed. A churned partner cannot be reactivated.',
};

export function PartnerDetail({ id }: { id: string }) {
  const partner = usePlatformPartner(id);
  const p = partner.data;
  const canWrite = useCan('orgs:write');
  const update = useUpdatePartner(id);
  const remove = useDeletePartner();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [next, setNext] = useState<PartnerStatus | ''>('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  useBreadcrumbLabel(id, p?.name);

  if (partner.error) return <ErrorText error={partner.error} />;
  if (!p) return <p role="status">Loading…</p>;
  // A churned partner stays churned; every other status can move to any other.
  const targets = p.status === 'churned' ? [] : PARTNER_STATUSES.filter((s) => s !== p.status);

  async function changeStatus() {
    if (!next || !p) return;
    if (!confirm(`Change ${p.name} from ${p.status} to ${next}? ${CONSEQUENCES[next] ?? ''}`.trim())) return;
    setNotice(null);
    try {
      await update.mutateAsync({ status: next });
      setNotice({ ok: true, text: `Status changed to ${next}` });
      setNext('');
    } catch (err) {
      setNotice({ ok: false, text: messageOf(err, 'Could not change the status') });
    }
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title={p.name}
        description={`${p.type} · ${p.plan} plan · ${p.slug}`}
        actions={
          canWrite && (
            <>
              <Button variant="secondary" onClick={() => setEditing((v) => !v)}>{editing ? 'Cancel editing' : 'Edit'}</Button>
              <Button
                variant="danger"
                onClick={async () => {
                  if (!confirm(`Delete ${p.name}? It disappears from every list and its users lose access.`)) return;
                  try {
                    await remove.mutateAsync(p.id);
                    router.push('/partners');
                  } catch (err) {
                    setNotice({ ok: false, text: messageOf(err, 'Could not delete') });
                  }
                }}
              >
                Delete
              </Button>
            </>
          )
        }
      />
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={`rounded-md px-3 py-2 text-sm ${notice.ok ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300'}`}>
          {notice.text}
        </p>
      )}
      {editing ? (
        <Card title="Edit partner">
          <PartnerForm
            partner={p}
            submitLabel="Save partner"
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              setEditing(false);
              setNotice({ ok: true, text: 'Partner saved' });
            }}
          />
        </Card>
      ) : (
        <Card title="Details">
          <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {[
              ['Status', <StatusBadge key="s" status={p.status} />],
              ['Billing email', p.billingEmail ?? '—'],
              ['Maximum organizations', p.maxOrganizations ?? 'No limit'],
              ['Maximum devices', p.maxDevices ?? 'No limit'],
              ['Service management', p.serviceManagementMode],
              ['Created', new Date(p.createdAt).toLocaleString()],
            ].map(([k, v]) => (
              <div key={String(k)}>
                <dt className="text-slate-500">{k}</dt>
                <dd className="font-medium">{v}</dd>
              </div>
            ))}
          </dl>
        </Card>
      )}
      {canWrite && (
        <Card title="Lifecycle">
          {targets.length === 0 ? (
            <p className="text-sm text-slate-500">A churned partner cannot be reactivated. Create a new partner if they come back.</p>
          ) : (
            <div className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor="partner-status" className="block text-sm font-medium text-slate-700 dark:text-slate-300">Move to</label>
                <select id="partner-status" value={next} onChange={(e) => setNext(e.target.value as PartnerStatus)} className={`${INLINE_INPUT_CLASS} w-auto`}>
                  <option value="">Choose a status</option>
                  {targets.map((s) => (
                    <option key={s} value={s}>{s}</option>
                  ))}
                </select>
              </div>
              <Button variant={next === 'churned' || next === 'offboarding' ? 'danger' : 'primary'} disabled={!next || update.isPending} onClick={changeStatus}>Change status</Button>
              {next && CONSEQUENCES[next] && <p className="w-full text-sm text-amber-700 dark:text-amber-300">{CONSEQUENCES[next]}</p>}
            </div>
          )}
        </Card>
      )}
    </div>
  );
}
