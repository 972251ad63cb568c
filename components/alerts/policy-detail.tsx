'use client';

// One alert policy: edit in place (assignment, channels, escalation) or delete.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useDeletePolicy, usePolicy } from '@/hooks/use-alert-config';
import { useCan } from '@/hooks/use-me';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { ErrorText, PageHeader } from '@/components/ui/controls';
import { PolicyForm } from '@/components/alerts/policy-form';
import { describeMatch } from '@/components/alerts/policies-view';
import { ConfirmButton, EnabledBadge, messageOf, useScopeName } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';

export function PolicyDetail({ id }: { id: string }) {
  const policy = usePolicy(id);
  const canWrite = useCan('alerts:write');
  const remove = useDeletePolicy();
  const router = useRouter();
  const scopeName = useScopeName();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const p = policy.data;
  useBreadcrumbLabel(id, p?.name);

  if (policy.isError) return <ErrorText error={policy.error} />;
  if (!p) return <p role="status">Loading…</p>;

  return (
    <div className="space-y-4">
      <PageHeader
        title={p.name}
        description={`${scopeName(p.orgId)} · ${describeMatch(p)}`}
        actions={
          <>
            <EnabledBadge enabled={p.enabled} />
            {canWrite && (
              <ConfirmButton
                label="Delete"
                title={`Delete policy ${p.name}?`}
                confirmLabel="Delete policy"
                busy={remove.isPending}
                onConfirm={() => remove.mutateAsync(id).then(() => router.push('/alerts/policies'), (e) => setError(messageOf(e)))}
              >
                Alerts it matches stop notifying its channels and users.
              </ConfirmButton>
            )}
          </>
        }
      />
      <FormError message={error} />
      {saved && (
        <p role="status" className="rounded-md bg-emerald-50 p-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
          Policy saved.
        </p>
      )}
      {canWrite ? <PolicyForm key={p.updatedAt} policy={p} onDone={() => setSaved(true)} /> : <p className="text-sm text-slate-500">You can read this policy but not change it.</p>}
    </div>
  );
}
