'use client';

// Script bundles move scripts between libraries and installations: export downloads the API's
// bundle document unchanged; import previews first (what is new, what clashes, what is invalid)
// and then applies the chosen answer to name clashes.
import Link from 'next/link';
import { useState } from 'react';
import { exportBundle, useImportBundle, usePreviewBundle, type BundleImportResult, type BundleMode, type BundlePreview } from '@/hooks/use-script-library';
import { useScripts } from '@/hooks/use-scripts';
import { useCan, useMe } from '@/hooks/use-me';
import { fieldErrorsOf, messageOf } from '@/lib/client/field-errors';
import { PlacementSelect, placementOf } from '@/components/scripts/placement-select';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager } from '@/components/ui/controls';

const MODES: { id: BundleMode; label: string; hint: string }[] = [
  { id: 'skip', label: 'Skip', hint: 'Keep the existing script; the entry is not imported' },
  { id: 'rename', label: 'Rename', hint: 'Import as a new script named “… (2)”' },
  { id: 'new-version', label: 'New version', hint: 'The existing script gets the entry as its next version' },
];

function ExportCard() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const scripts = useScripts({ page, search: search.trim() || undefined });
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function download() {
    setError(null);
    setBusy(true);
    try {
      const blob = await exportBundle(selected);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `scripts-bundle-${new Date().toISOString().slice(0, 10)}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    } catch (err) {
      setError(messageOf(err, 'Could not export'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Export" actions={<Button disabled={busy || selected.length === 0} onClick={download}>Download bundle ({selected.length})</Button>}>
      <input type="search" aria-label="Search scripts to export" placeholder="Search by name…" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} className={`${INPUT_CLASS} mb-2`} />
      {error && <p role="alert" className="mb-2 text-sm text-red-600">{error}</p>}
      <ErrorText error={scripts.error} />
      {scripts.data && scripts.data.data.length === 0 && <EmptyState title="No scripts to export">Create scripts first, or import a bundle on the right.</EmptyState>}
      <ul className="max-h-96 overflow-y-auto">
        {scripts.data?.data.map((s) => (
          <li key={s.id} className="border-t border-slate-100 py-1.5 dark:border-slate-800">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={selected.includes(s.id)} onChange={() => setSelected((v) => (v.includes(s.id) ? v.filter((x) => x !== s.id) : [...v, s.id]))} />
              {s.name}
              <span className="text-xs text-slate-500">{s.language}</span>
            </label>
          </li>
        ))}
      </ul>
      {scripts.data && <Pager page={page} total={scripts.data.pagination.total} limit={50} onPage={setPage} />}
    </Card>
  );
}

function ImportCard() {
  const me = useMe();
  const orgScoped = me.data?.scope === 'organization';
  const preview = usePreviewBundle();
  const run = useImportBundle();
  const [bundle, setBundle] = useState<unknown>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [placement, setPlacement] = useState('partner');
  const [mode, setMode] = useState<BundleMode>('skip');
  const [plan, setPlan] = useState<BundlePreview | null>(null);
  const [result, setResult] = useState<BundleImportResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const fields = fieldErrorsOf(error);

  async function readFile(file: File | undefined) {
    setBundle(null);
    setPlan(null);
    setResult(null);
    setError(null);
    setFileError(null);
    if (!file) return;
    try {
      setBundle(JSON.parse(await file.text()));
    } catch {
      setFileError('This file is not JSON. Choose a bundle downloaded from Export.');
    }
  }

  async function doPreview() {
    setError(null);
    setResult(null);
    try {
      setPlan(await preview.mutateAsync({ bundle, ...placementOf(placement, orgScoped) }));
    } catch (err) {
      setPlan(null);
      setError(err);
    }
  }

  async function doImport() {
    setError(null);
    try {
      setResult(await run.mutateAsync({ bundle, mode, ...placementOf(placement, orgScoped) }));
      setPlan(null);
    } catch (err) {
      setError(err);
    }
  }

  const conflicts = plan?.entries.filter((e) => e.status === 'name-conflict').length ?? 0;
  return (
    <Card title="Import">
      <div className="space-y-3">
        <div className="space-y-1">
          <label htmlFor="bundle-file" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            Bundle file
          </label>
          <input id="bundle-file" type="file" accept="application/json,.json" onChange={(e) => void readFile(e.target.files?.[0])} className="block text-sm" aria-invalid={fileError || fields.bundle ? true : undefined} />
          {(fileError || fields.bundle) && <p role="alert" className="text-xs text-red-600">{fileError ?? fields.bundle}</p>}
        </div>
        <PlacementSelect value={placement} onChange={(v) => { setPlacement(v); setPlan(null); }} error={fields.orgId ?? fields.availability} />
        <Button variant="secondary" disabled={!bundle || preview.isPending} onClick={doPreview}>
          {preview.isPending ? 'Checking…' : 'Preview import'}
        </Button>
        {error != null && !fields.bundle && !fields.orgId && !fields.availability && <p role="alert" className="text-sm text-red-600">{messageOf(error, 'Could not read the bundle')}</p>}
        {plan && (
          <>
            <table className="w-full text-sm" data-testid="bundle-preview">
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="py-1 pr-3 font-medium">#</th>
                  <th className="py-1 pr-3 font-medium">Script</th>
                  <th className="py-1 pr-3 font-medium">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {plan.entries.map((e) => (
                  <tr key={e.index} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-1 pr-3">{e.index + 1}</td>
                    <td className="py-1 pr-3">{e.name ?? '(no name)'}</td>
                    <td className="py-1 pr-3">
                      {e.status === 'new' ? <Badge tone="green">new</Badge> : e.status === 'name-conflict' ? <Badge tone="amber">name in use</Badge> : <Badge tone="red">invalid</Badge>}
                      {e.error && <span className="ml-2 text-xs text-red-600">{e.error}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {conflicts > 0 && (
              <fieldset className="space-y-1">
                <legend className="text-sm font-medium">{conflicts} name{conflicts === 1 ? '' : 's'} already in use: what should happen?</legend>
                {MODES.map((m) => (
                  <label key={m.id} className="flex items-start gap-2 text-sm">
                    <input type="radio" name="bundle-mode" value={m.id} checked={mode === m.id} onChange={() => setMode(m.id)} className="mt-1" />
                    <span>
                      {m.label} <span className="text-xs text-slate-500">— {m.hint}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            <Button disabled={run.isPending || plan.entries.every((e) => e.status === 'invalid')} onClick={doImport}>
              {run.isPending ? 'Importing…' : 'Import'}
            </Button>
          </>
        )}
        {result && (
          <div role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
            <p className="font-medium">
              Imported {result.imported.length}, renamed {result.renamed.length}, new versions {result.versioned.length}, skipped {result.skipped.length}, errors {result.errors.length}.
            </p>
            <ul className="mt-1 list-disc pl-5">
              {[...result.imported, ...result.renamed, ...result.versioned].map((d) => (
                <li key={d.index}>
                  <Link href={`/scripts/${d.id}`} className="underline">{d.name}</Link>
                </li>
              ))}
              {result.errors.map((e) => (
                <li key={`e${e.index}`} className="text-red-700 dark:text-red-300">
                  {e.name ?? `Entry ${e.index + 1}`}: {e.error}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Card>
  );
}

export function ScriptBundlesView() {
  const canWrite = useCan('scripts:write');
  return (
    <div className="space-y-4">
      <PageHeader
        title="Script bundles"
        description="Download scripts as a bundle file, or import one into a library. Importing shows what would happen before anything is written."
        actions={<Link href="/scripts" className="text-sm text-brand-700 underline dark:text-brand-100">Back to scripts</Link>}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ExportCard />
        {canWrite && <ImportCard />}
      </div>
    </div>
  );
}
