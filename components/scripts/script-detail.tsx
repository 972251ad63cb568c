'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useDeleteScript, useExecuteScript, useExecutions, useSaveScript, useScript, type ExecuteResult, type Execution, type Script } from '@/hooks/use-scripts';
import { useCan } from '@/hooks/use-me';
import { useDeviceNames, useScriptTargetDevices, type Device } from '@/hooks/use-devices';
import { ApiError } from '@/lib/client/api-client';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { useCurrentOrg } from '@/components/shell/current-org';
import { ScriptUsage } from '@/components/scripts/script-usage';
import { ScriptEditor } from '@/components/scripts/script-editor';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, ErrorText, INPUT_CLASS, PageHeader, Pager, StatusBadge, Tabs } from '@/components/ui/controls';
import { ScriptVersions } from '@/components/scripts/script-versions';

function ExecutionRow({ e, deviceName }: { e: Execution; deviceName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="border-t border-slate-100 py-2 dark:border-slate-800" data-testid="execution">
      <button type="button" className="flex w-full flex-wrap items-center gap-3 text-left text-sm" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        <span className="font-medium">{deviceName}</span>
        <StatusBadge status={e.status} />
        {e.exitCode !== null && <span className="text-xs text-slate-500">exit {e.exitCode}</span>}
        {e.durationMs !== null && <span className="text-xs text-slate-500">{(e.durationMs / 1000).toFixed(1)} s</span>}
        <span className="ml-auto text-xs text-slate-500">
          v{e.scriptVersion} · {formatDate(e.createdAt)}
        </span>
      </button>
      {open && (
        <div className="mt-2 space-y-2 text-xs">
          <pre className="max-h-64 overflow-auto rounded bg-slate-900 p-2 text-slate-100" data-testid="execution-stdout">
            {e.stdout || '(no output)'}
          </pre>
          {e.stderr && <pre className="max-h-64 overflow-auto rounded bg-slate-900 p-2 text-red-300">{e.stderr}</pre>}
          {e.truncated && <p className="text-amber-700">Output was truncated.</p>}
        </div>
      )}
    </li>
  );
}

function RunPanel({ script }: { script: Script }) {
  const { orgId } = useCurrentOrg();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Device[]>([]);
  const [params, setParams] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ExecuteResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const execute = useExecuteScript(script.id);
  const devices = useScriptTargetDevices(orgId, search);
  const toggle = (d: Device) => setPicked((p) => (p.some((x) => x.id === d.id) ? p.filter((x) => x.id !== d.id) : [...p, d]));
  return (
    <Card title="Run on devices">
      <div className="space-y-3">
        <input type="search" aria-label="Find devices" placeholder="Find devices by hostname…" value={search} onChange={(e) => setSearch(e.target.value)} className={INPUT_CLASS} />
        <fieldset className="max-h-48 space-y-1 overflow-y-auto rounded border border-slate-200 p-2 text-sm dark:border-slate-700">
          <legend className="sr-only">Devices</legend>
          {devices.data?.devices.length === 0 && <p className="text-slate-500">No devices found.</p>}
          {devices.data?.devices.map((d) => (
            <label key={d.id} className="flex items-center gap-2">
              <input type="checkbox" checked={picked.some((x) => x.id === d.id)} onChange={() => toggle(d)} />
              <span>{d.displayName ?? d.hostname}</span>
              <StatusBadge status={d.status} />
            </label>
          ))}
        </fieldset>
        {script.parameters.map((p) => (
          <Field key={p.name} label={p.label ?? p.name} required={p.required} defaultValue={p.default !== undefined ? String(p.default) : ''} onChange={(e) => setParams((v) => ({ ...v, [p.name]: e.target.value }))} />
        ))}
        <Button
          disabled={picked.length === 0 || execute.isPending}
          onClick={async () => {
            setError(null);
            setResult(null);
            try {
              const values: Record<string, string | number | boolean> = {};
              for (const p of script.parameters) {
                const v = params[p.name];
                if (v === undefined || v === '') continue;
                values[p.name] = p.type === 'number' ? Number(v) : p.type === 'boolean' ? v === 'true' : v;
              }
              setResult(await execute.mutateAsync({ deviceIds: picked.map((d) => d.id), parameters: values }));
            } catch (err) {
              setError(err instanceof ApiError ? err.message : 'Could not run the script');
            }
          }}
        >
          {execute.isPending ? 'Starting…' : `Run on ${picked.length} device${picked.length === 1 ? '' : 's'}`}
        </Button>
        {result && (
          <p role="status" className="text-sm">
            {result.executions.length} queued{result.skipped.length ? ` · ${result.skipped.length} skipped (${[...new Set(result.skipped.map((s) => s.reason))].join(', ')})` : ''}
            {result.failed.length ? ` · ${result.failed.length} failed: ${result.failed.map((f) => f.message).join('; ')}` : ''}
          </p>
        )}
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      </div>
    </Card>
  );
}

export function ScriptDetail({ id }: { id: string }) {
  const script = useScript(id);
  const save = useSaveScript(id);
  const remove = useDeleteScript();
  const router = useRouter();
  const canWrite = useCan('scripts:write');
  const canRun = useCan('devices:execute');
  const [page, setPage] = useState(1);
  const executions = useExecutions(id, page);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [tab, setTab] = useState<'script' | 'versions' | 'usage'>('script');
  const deviceIds = [...new Set(executions.data?.data.map((e) => e.deviceId) ?? [])];
  const names = useDeviceNames(deviceIds);
  const s = script.data;
  useBreadcrumbLabel(id, s?.name);
  if (script.isError) return <ErrorText error={script.error} />;
  if (!s) return <p role="status">Loading…</p>;

  return (
    <div className="space-y-4">
      <PageHeader title={s.name} description={`${s.language} · ${s.osTypes.join(', ')} · version ${s.version}`} />
      <Tabs label="Script sections" value={tab} onChange={setTab} tabs={[{ id: 'script', label: 'Script' }, { id: 'versions', label: 'Versions' }, { id: 'usage', label: 'Usage' }]} />
      {tab === 'usage' && (
        <div role="tabpanel" id="panel-usage" aria-labelledby="tab-usage">
          <ScriptUsage id={id} />
        </div>
      )}
      {tab === 'versions' && (
        <div role="tabpanel" id="panel-versions" aria-labelledby="tab-versions">
          <ScriptVersions scriptId={id} canWrite={canWrite} />
        </div>
      )}
      {tab === 'script' && (
        <div role="tabpanel" id="panel-script" aria-labelledby="tab-script" className="space-y-4">
          <div className="grid gap-4 xl:grid-cols-3">
            <Card title={canWrite ? 'Editor' : 'Script'} className="xl:col-span-2">
              {canWrite ? (
                <ScriptEditor
                  key={s.version}
                  initial={s}
                  submitLabel="Save new version"
                  busy={save.isPending}
                  onSubmit={async (body) => {
                    setMessage(null);
                    try {
                      const saved = await save.mutateAsync(body);
                      setMessage({ ok: true, text: `Saved as version ${saved.version}.` });
                    } catch (err) {
                      setMessage({ ok: false, text: err instanceof ApiError ? err.message : 'Could not save' });
                    }
                  }}
                  extra={
                    <Button
                      type="button"
                      variant="danger"
                      onClick={async () => {
                        if (!confirm(`Delete ${s.name}?`)) return;
                        try {
                          await remove.mutateAsync(id);
                          router.push('/scripts');
                        } catch (err) {
                          setMessage({ ok: false, text: err instanceof ApiError ? err.message : 'Could not delete' });
                        }
                      }}
                    >
                      Delete
                    </Button>
                  }
                />
              ) : (
                <pre className="max-h-[60vh] overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">{s.content}</pre>
              )}
              {message && (
                <p role={message.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${message.ok ? 'text-emerald-700' : 'text-red-600'}`}>
                  {message.text}
                </p>
              )}
            </Card>
            {canRun && <RunPanel script={s} />}
          </div>
          <Card title="Executions">
            <ErrorText error={executions.error} />
            {executions.data && executions.data.data.length === 0 && <p className="text-sm text-slate-500">Not run yet.</p>}
            <ul>
              {executions.data?.data.map((e) => (
                <ExecutionRow key={e.id} e={e} deviceName={names.data?.[e.deviceId] ?? 'device'} />
              ))}
            </ul>
            {executions.data && <Pager page={page} total={executions.data.pagination.total} limit={25} onPage={setPage} />}
          </Card>
        </div>
      )}
    </div>
  );
}
