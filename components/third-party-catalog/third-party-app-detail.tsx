'use client';

// One catalog entry: its sources and tested state, a smoke-test runner, the test history with
// pass/fail badges, edit and delete.
import { useState, type FormEvent } from 'react';
import { useDeleteThirdPartyApp, useRunThirdPartyTest, useThirdPartyApp, type ThirdPartyAppTest } from '@/hooks/use-third-party-catalog';
import { ApiError } from '@/lib/client/api-client';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Badge, ErrorText, type Tone } from '@/components/ui/controls';
import { ThirdPartyAppForm } from '@/components/third-party-catalog/third-party-app-form';

const CELL = 'px-4 py-2';
const TEST_TONES: Record<ThirdPartyAppTest['status'], Tone> = { queued: 'amber', running: 'blue', passed: 'green', failed: 'red', cancelled: 'slate' };
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : e ? String(e) : null);

export function ThirdPartyAppDetail({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const app = useThirdPartyApp(id);
  const remove = useDeleteThirdPartyApp();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (app.isError) return <ErrorText error={app.error} />;
  const a = app.data;
  if (!a) return <p role="status">Loading…</p>;
  if (editing) return <ThirdPartyAppForm app={a} onDone={() => setEditing(false)} />;
  return (
    <div className="space-y-4" data-testid="third-party-app">
      <div>
        <h3 className="text-lg font-semibold">{a.name}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{[a.vendor, a.category, a.homepage].filter(Boolean).join(' · ')}</p>
        {a.description && <p className="mt-2 text-sm">{a.description}</p>}
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Update sources</dt>
        <dd className="font-mono text-xs break-all">
          {Object.entries(a.updateSource).map(([os, s]) => (
            <span key={os} className="block">
              {os}: {s.manager} {s.name}
            </span>
          ))}
          {Object.keys(a.updateSource).length === 0 && '—'}
        </dd>
        <dt className="font-medium">Inventory names</dt>
        <dd className="break-all">{a.inventoryMatch.join(', ') || '—'}</dd>
        <dt className="font-medium">Latest version</dt>
        <dd>
          {a.latestVersion ?? '—'} {a.serviceTested ? <Badge tone="green">tested</Badge> : <Badge tone="slate">not tested</Badge>}
        </dd>
        <dt className="font-medium">Last passed</dt>
        <dd>{a.testedVersion ? `${a.testedVersion} (${formatDate(a.testedAt)})` : '—'}</dd>
        <dt className="font-medium">Test device</dt>
        <dd>{a.testDevice ? `${a.testDevice.hostname} (${a.testDevice.osType ?? 'unknown OS'}, ${a.testDevice.status})` : 'None: edit the application to choose one'}</dd>
      </dl>
      <RunTestForm appId={a.id} defaultVersion={a.latestVersion ?? 'latest'} />
      <DataTable label="Smoke tests" testId="third-party-tests" columns={['Version', 'Status', 'Device', 'Installed', 'Queued', 'Finished']}>
        {a.recentTests.map((t) => (
          <tr key={t.id} className="border-t border-slate-100 align-top dark:border-slate-800" data-testid="third-party-test">
            <td className={CELL}>{t.version}</td>
            <td className={CELL}>
              <Badge tone={TEST_TONES[t.status]}>{t.status}</Badge>
              {t.error && <span className="mt-1 block max-w-xs text-xs break-words text-red-700 dark:text-red-300">{t.error}</span>}
            </td>
            <td className={CELL}>{t.hostname ?? '—'}</td>
            <td className={CELL}>{t.installedVersion ?? '—'}</td>
            <td className={`${CELL} text-xs`}>{formatDate(t.createdAt)}</td>
            <td className={`${CELL} text-xs`}>{t.completedAt ? formatDate(t.completedAt) : '—'}</td>
          </tr>
        ))}
        {a.recentTests.length === 0 && (
          <tr>
            <td colSpan={6} className={`${CELL} text-center text-slate-600 dark:text-slate-400`}>
              No smoke tests yet.
            </td>
          </tr>
        )}
      </DataTable>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        {confirmDelete ? (
          <>
            <span className="self-center text-sm">Remove {a.name} from the catalog?</span>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Keep
            </Button>
            <Button variant="danger" disabled={remove.isPending} onClick={() => void remove.mutateAsync(a.id).then(onDeleted, () => undefined)}>
              Delete application
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="secondary" onClick={() => setConfirmDelete(true)}>
              Delete…
            </Button>
          </>
        )}
      </div>
      <FormError message={errorText(remove.error)} />
    </div>
  );
}

function RunTestForm({ appId, defaultVersion }: { appId: string; defaultVersion: string }) {
  const run = useRunThirdPartyTest();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const version = String(new FormData(e.currentTarget).get('version') ?? '').trim();
    await run.mutateAsync({ id: appId, version });
  }
  return (
    <form className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800" aria-label="Run smoke test" onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <h4 className="text-sm font-semibold">Run smoke test</h4>
      <Field label="Version" name="version" required maxLength={100} defaultValue={defaultVersion} hint="Installed on the test device with its package manager; latest takes whatever it offers" />
      <FormError message={errorText(run.error)} />
      <div className="flex justify-end">
        <Button type="submit" disabled={run.isPending}>
          {run.isPending ? 'Queuing…' : 'Run smoke test'}
        </Button>
      </div>
    </form>
  );
}
