'use client';

import { useState, type FormEvent } from 'react';
import { useDistributorIntegration, useDistributorSync, useSaveDistributorIntegration, useTestDistributorConnection } from '@/hooks/use-distributor';
import { changedFields } from '@/lib/client/changed-fields';
import { fieldErrorsOf, formErrorOf, messageOf } from '@/lib/client/field-errors';
import { formatDate, formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, ErrorText, SelectField, StatusBadge } from '@/components/ui/controls';
import { DistributorPage } from '@/components/distributor/distributor-nav';

export function IntegrationSettings() {
  const integration = useDistributorIntegration();
  const save = useSaveDistributorIntegration();
  const test = useTestDistributorConnection();
  const sync = useDistributorSync();
  const current = integration.data?.data ?? null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);

  function credentialsOf(form: HTMLFormElement) {
    const f = new FormData(form);
    const clientId = String(f.get('clientId') ?? '').trim();
    const clientSecret = String(f.get('clientSecret') ?? '');
    return clientId || clientSecret ? { clientId, clientSecret } : {};
  }

  async function onSave(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setError(null);
    setErrors({});
    setSaved(null);
    try {
      const typed = { name: String(f.get('name') ?? '').trim() || undefined, status: String(f.get('status')) as 'active' | 'inactive' };
      // An existing connection gets only what changed (and credentials when typed in).
      const body = { ...(current ? changedFields({ name: current.name || undefined, status: current.status }, typed) : typed), ...credentialsOf(form) };
      if (current && Object.keys(body).length === 0) {
        setSaved('No changes to save.');
        return;
      }
      const res = await save.mutateAsync(body);
      // Secrets never come back: clear them from the form once stored.
      for (const name of ['clientId', 'clientSecret']) {
        const input = form.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = '';
      }
      setSaved(res.syncQueued ? 'Saved. A sync of companies, products and subscriptions is queued.' : 'Saved.');
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(formErrorOf(err, ['name', 'status', 'clientId', 'clientSecret'], 'Could not save the integration'));
    }
  }

  async function onTest(form: HTMLFormElement | null) {
    if (!form) return;
    setTestResult(null);
    const credentials = credentialsOf(form);
    if (!current && !credentials.clientId) {
      setTestResult({ ok: false, text: 'Enter the client id and secret to test them.' });
      return;
    }
    try {
      const res = await test.mutateAsync(credentials);
      setTestResult(res.success ? { ok: true, text: `Connection works: the distributor lists ${res.data?.companies ?? 0} companies.` } : { ok: false, text: `Connection failed: ${res.error ?? 'no reason given'}` });
    } catch (err) {
      setTestResult({ ok: false, text: messageOf(err, 'Could not test the connection') });
    }
  }

  return (
    <DistributorPage title="Distributor" description="Connect your cloud distributor to map its companies to organizations, order subscriptions and watch billing quantities.">
      <ErrorText error={integration.error} />
      {integration.data && (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card title={current ? 'Connection' : 'Connect the distributor'}>
            <form onSubmit={onSave} className="space-y-3" aria-label="Distributor connection" noValidate>
              {!current && <p className="text-sm text-slate-500">Enter the API client id and secret from your distributor account. Test the connection, then save: the first sync starts at once.</p>}
              <Field label="Name" name="name" defaultValue={current?.name ?? ''} maxLength={255} placeholder="Distributor" error={errors.name} />
              <SelectField label="Status" name="status" defaultValue={current?.status ?? 'active'} hint="Inactive stops syncs and orders" error={errors.status}>
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
              </SelectField>
              <Field
                label="Client ID"
                name="clientId"
                autoComplete="off"
                error={errors.clientId}
                hint={current?.hasCredentials ? `Stored (ends in ${current.clientIdHint ?? '…'}). Leave both empty to keep the stored credentials.` : 'Required before the first sync'}
              />
              <Field label="Client secret" name="clientSecret" type="password" autoComplete="new-password" error={errors.clientSecret} hint="Write-only: the stored secret is never shown" />
              {current && !current.credentialsReadable && (
                <p role="alert" className="text-sm text-red-600">The stored credentials can no longer be decrypted (the encryption key changed). Enter them again.</p>
              )}
              {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
              {saved && <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">{saved}</p>}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save'}</Button>
                <Button type="button" variant="secondary" disabled={test.isPending} onClick={(e) => void onTest(e.currentTarget.form)}>
                  {test.isPending ? 'Testing…' : 'Test connection'}
                </Button>
              </div>
              {testResult && (
                <p role="status" data-testid="connection-test" className={`text-sm ${testResult.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-600'}`}>
                  {testResult.text}
                </p>
              )}
            </form>
          </Card>
          {current && (
            <Card
              title="Sync"
              actions={
                <Button variant="secondary" disabled={sync.isPending || ['queued', 'running'].includes(current.syncStatus)} onClick={() => sync.mutate()}>
                  {sync.isPending ? 'Queuing…' : 'Sync now'}
                </Button>
              }
            >
              <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="sync-status">
                <dt className="text-slate-500">Status</dt>
                <dd><StatusBadge status={current.syncStatus} /></dd>
                <dt className="text-slate-500">Last sync</dt>
                <dd>{current.lastSyncAt ? `${formatDate(current.lastSyncAt)} (${formatRelative(current.lastSyncAt)})` : 'Never'}</dd>
                {current.lastSyncCounts && (
                  <>
                    <dt className="text-slate-500">Synced</dt>
                    <dd>
                      {current.lastSyncCounts.companies} companies, {current.lastSyncCounts.products} products, {current.lastSyncCounts.subscriptions} subscriptions
                    </dd>
                  </>
                )}
              </dl>
              {current.lastSyncError && <p role="alert" className="mt-3 text-sm text-red-600">Last sync failed: {current.lastSyncError}</p>}
              <ErrorText error={sync.error} />
              <p className="mt-3 text-xs text-slate-500">Syncs read companies, products and subscriptions; they never change billing quantities.</p>
            </Card>
          )}
        </div>
      )}
    </DistributorPage>
  );
}
