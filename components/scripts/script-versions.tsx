'use client';

// The Versions tab of a script: every saved version, newest first, with its note; one can be
// viewed (body and settings) and rolled back to, which saves it again as a new version.
import { useState } from 'react';
import { useRollbackScript, useScriptVersions, type ScriptVersion } from '@/hooks/use-scripts';
import { messageOf } from '@/lib/client/field-errors';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Badge, Card, ErrorText } from '@/components/ui/controls';

export function ScriptVersions({ scriptId, canWrite }: { scriptId: string; canWrite: boolean }) {
  const versions = useScriptVersions(scriptId);
  const rollback = useRollbackScript(scriptId);
  const [viewing, setViewing] = useState<ScriptVersion | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const list = versions.data?.data ?? [];

  async function onRollback(v: ScriptVersion) {
    if (!confirm(`Roll back to version ${v.version}? Its body and settings are saved as a new version; the history is kept.`)) return;
    setMessage(null);
    try {
      const saved = await rollback.mutateAsync(v.id);
      setViewing(null);
      setMessage({ ok: true, text: `Rolled back to version ${v.version}, saved as version ${saved.version}.` });
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, 'Could not roll back') });
    }
  }

  return (
    <Card title="Versions">
      <ErrorText error={versions.error} />
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mb-2 text-sm ${message.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600'}`}>
          {message.text}
        </p>
      )}
      {versions.data && list.length === 0 && <p className="text-sm text-slate-500">No versions recorded. Saving the script records one.</p>}
      {list.length > 0 && (
        <table className="w-full text-sm" data-testid="script-versions">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">Version</th>
              <th className="py-2 pr-4 font-medium">Saved</th>
              <th className="py-2 pr-4 font-medium">Note</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-2 pr-4 font-medium">
                  v{v.version} {v.current && <Badge tone="green">current</Badge>}
                </td>
                <td className="py-2 pr-4 text-slate-500">{formatDate(v.createdAt)}</td>
                <td className="py-2 pr-4 text-slate-600 dark:text-slate-400">{v.note ?? '—'}</td>
                <td className="py-2 text-right text-xs whitespace-nowrap">
                  <button type="button" className="mr-3 hover:underline" aria-label={`View version ${v.version}`} onClick={() => setViewing(v)}>
                    View
                  </button>
                  {canWrite && !v.current && (
                    <button type="button" className="text-brand-700 hover:underline dark:text-brand-100" aria-label={`Roll back to version ${v.version}`} disabled={rollback.isPending} onClick={() => void onRollback(v)}>
                      Roll back
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing ? `Version ${viewing.version}${viewing.current ? ' (current)' : ''}` : 'Version'} wide>
        {viewing && (
          <div className="space-y-3 text-sm">
            <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-500">Name</dt>
              <dd>{viewing.name}</dd>
              <dt className="text-slate-500">Language</dt>
              <dd>{viewing.language}</dd>
              <dt className="text-slate-500">Systems</dt>
              <dd>{viewing.osTypes.join(', ')}</dd>
              <dt className="text-slate-500">Runs as / timeout</dt>
              <dd>
                {viewing.runAs} · {viewing.timeoutSeconds} s
              </dd>
              <dt className="text-slate-500">Parameters</dt>
              <dd>{viewing.parameters.map((p) => p.name).join(', ') || 'none'}</dd>
              <dt className="text-slate-500">Saved</dt>
              <dd>
                {formatDate(viewing.createdAt)}
                {viewing.note && ` · ${viewing.note}`}
              </dd>
            </dl>
            <pre className="max-h-[50vh] overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800" data-testid="version-content">
              {viewing.content}
            </pre>
            {canWrite && !viewing.current && (
              <Button onClick={() => void onRollback(viewing)} disabled={rollback.isPending}>
                Roll back to this version
              </Button>
            )}
          </div>
        )}
      </Dialog>
    </Card>
  );
}
