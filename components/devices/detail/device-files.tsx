'use client';

// The device's files, live from its agent: browse directories (sortable, filterable), view the
// beginning of a file, download one (streamed by the server), and upload into the current
// directory after a confirmation (MFA-gated on the server).
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import { formatBytes, formatDate, saveBlob } from '@/lib/client/format';
import { useCan } from '@/hooks/use-me';
import type { ZFileEntry, ZFileGetResult } from '@/lib/system-tools/file-schemas';
import { Button } from '@/components/ui/button';
import { Card, ErrorText } from '@/components/ui/controls';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { MUTED } from '@/components/devices/detail/format';
import { ConfirmDialog, SortHeader, ToolError, useSorted } from '@/components/devices/detail/system-tools-table';

type Entry = Wire<typeof ZFileEntry>;
type Key = 'name' | 'type' | 'size' | 'modifiedAt' | 'owner';

function parent(p: string): string {
  const cut = p.replace(/\/+$/, '').lastIndexOf('/');
  return cut <= 0 ? '/' : p.slice(0, cut);
}

export function DeviceFilesPanel({ deviceId }: { deviceId: string }) {
  const qc = useQueryClient();
  const canUpload = useCan('devices:execute');
  const [path, setPath] = useState('/');
  const [typed, setTyped] = useState('/');
  const [filter, setFilter] = useState('');
  const [upload, setUpload] = useState<File | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const key = ['system-tools', deviceId, 'files', path];
  const got = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<Wire<typeof ZFileGetResult>>(`/system-tools/devices/${deviceId}/files`, { query: { path }, signal }),
    retry: false,
  });
  const dir = got.data?.kind === 'directory' ? got.data : null;
  const file = got.data?.kind === 'file' ? got.data : null;
  const send = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f, f.name);
      return api<Entry>(`/system-tools/devices/${deviceId}/files/upload`, { method: 'POST', form, query: { path, overwrite } });
    },
    onSuccess: () => {
      setUpload(null);
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (dir?.entries ?? []).filter((e) => !q || e.name.toLowerCase().includes(q));
  }, [dir, filter]);
  const { sorted, sort, toggle } = useSorted<Entry, Key>(rows, { key: 'name', dir: 'asc' }, (e, k) => e[k]);

  const go = (p: string) => {
    setPath(p);
    setTyped(p);
    setFilter('');
  };
  const download = async (p: string, name: string) => {
    setDownloading(p);
    setDownloadError(null);
    try {
      const res = await apiFetch(`/system-tools/devices/${deviceId}/files/download`, { query: { path: p } });
      saveBlob(await res.blob(), name);
    } catch (e) {
      setDownloadError(e);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card
      title="Files"
      actions={
        <Button variant="secondary" onClick={() => void got.refetch()} disabled={got.isFetching}>
          {got.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      }
    >
      <form
        className="mb-3 flex flex-wrap items-center gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          go(typed.trim() || '/');
        }}
      >
        <label className="flex items-center gap-2 text-sm">
          <span>Path</span>
          <input className={`${INLINE_INPUT_CLASS} w-96 font-mono`} value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <Button type="submit" variant="secondary">
          Open
        </Button>
        <Button type="button" variant="secondary" onClick={() => go(parent(path))} disabled={path === '/'}>
          Up
        </Button>
        {dir && (
          <label className="flex items-center gap-2 text-sm">
            <span>Filter</span>
            <input className={`${INLINE_INPUT_CLASS} w-48`} value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name" />
          </label>
        )}
      </form>
      {dir && canUpload && (
        <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
          <label className="flex items-center gap-2">
            <span>Upload to this directory</span>
            <input
              type="file"
              onChange={(e) => {
                send.reset();
                setUpload(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
          </label>
        </div>
      )}
      {got.isError && <ToolError error={got.error} what="files" />}
      {downloadError ? <ErrorText error={downloadError} /> : null}
      {got.isLoading && <p role="status">Asking the agent…</p>}
      {dir && (
        <>
          <p className={`mb-2 text-sm ${MUTED}`} role="status">
            {rows.length} of {dir.entries.length} entries in <code>{dir.path}</code>
            {dir.truncated ? ' (only the first 10,000 are listed)' : ''}
          </p>
          <div className="max-h-[32rem] overflow-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Entries of {dir.path}</caption>
              <thead>
                <tr>
                  <SortHeader label="Name" column="name" sort={sort} toggle={toggle} />
                  <SortHeader label="Type" column="type" sort={sort} toggle={toggle} />
                  <SortHeader label="Size" column="size" sort={sort} toggle={toggle} numeric />
                  <SortHeader label="Modified" column="modifiedAt" sort={sort} toggle={toggle} />
                  <SortHeader label="Owner" column="owner" sort={sort} toggle={toggle} />
                  <th scope="col" className="px-2 py-1">
                    Mode
                  </th>
                  <th scope="col" className="px-2 py-1">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.map((e) => (
                  <tr key={e.path} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="px-2 py-1 font-mono text-xs">
                      <button type="button" className="text-left underline-offset-2 hover:underline" onClick={() => go(e.path)}>
                        {e.name}
                        {e.type === 'directory' ? '/' : ''}
                      </button>
                      {e.linkTarget && <span className={MUTED}> → {e.linkTarget}</span>}
                    </td>
                    <td className="px-2 py-1">{e.type}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{e.type === 'directory' ? '—' : formatBytes(e.size)}</td>
                    <td className="whitespace-nowrap px-2 py-1">{formatDate(e.modifiedAt)}</td>
                    <td className="px-2 py-1">{e.owner ?? '—'}</td>
                    <td className="px-2 py-1 font-mono text-xs">{e.mode}</td>
                    <td className="px-2 py-1">
                      {e.type !== 'directory' && (
                        <Button variant="secondary" className="px-2 py-1 text-xs" disabled={downloading === e.path} onClick={() => void download(e.path, e.name)} aria-label={`Download ${e.name}`}>
                          {downloading === e.path ? 'Downloading…' : 'Download'}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {file && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <code>{file.path}</code>
            <span className={MUTED}>
              {formatBytes(file.entry.size)} · {formatDate(file.entry.modifiedAt)} · {file.entry.mode}
            </span>
            <Button variant="secondary" className="px-2 py-1 text-xs" disabled={downloading === file.path} onClick={() => void download(file.path, file.entry.name)}>
              {downloading === file.path ? 'Downloading…' : 'Download'}
            </Button>
          </div>
          {file.encoding === 'utf8' ? (
            <pre className="max-h-[32rem] overflow-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-900" aria-label="File content">
              {file.content}
            </pre>
          ) : (
            <p className="text-sm">Binary file: download it to open it.</p>
          )}
          {file.truncated && <p className={`text-sm ${MUTED}`}>Only the beginning is shown; download the file for all of it.</p>}
        </div>
      )}
      <ConfirmDialog
        open={upload !== null}
        title={upload ? `Upload ${upload.name}?` : 'Upload'}
        confirmLabel="Upload"
        pending={send.isPending}
        error={send.error}
        onClose={() => setUpload(null)}
        onConfirm={() => upload && send.mutate(upload)}
      >
        <p>
          Writes {upload ? formatBytes(upload.size) : ''} to <code>{path}</code> on the device.
        </p>
        <label className="mt-2 flex items-center gap-2">
          <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
          <span>Replace a file of the same name</span>
        </label>
      </ConfirmDialog>
    </Card>
  );
}
