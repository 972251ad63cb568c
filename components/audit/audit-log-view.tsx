'use client';

import { useState } from 'react';
import { useAuditLogs } from '@/hooks/use-audit-logs';
import { Button } from '@/components/ui/button';

export function AuditLogView() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const logs = useAuditLogs({ page, action: action || undefined });
  const total = logs.data?.pagination.total ?? 0;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <input
        aria-label="Filter by action"
        placeholder='Action, e.g. "user.login" or "organization."'
        value={action}
        onChange={(e) => {
          setAction(e.target.value);
          setPage(1);
        }}
        className="w-full max-w-sm rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
        <thead className="bg-slate-50 text-left text-slate-500 dark:bg-slate-800">
          <tr>
            <th className="px-4 py-2 font-medium">Time</th>
            <th className="px-4 py-2 font-medium">Actor</th>
            <th className="px-4 py-2 font-medium">Action</th>
            <th className="px-4 py-2 font-medium">Target</th>
            <th className="px-4 py-2 font-medium">Result</th>
            <th className="px-4 py-2 font-medium">IP</th>
          </tr>
        </thead>
        <tbody>
          {logs.data?.data.map((e) => (
            <tr key={e.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2 whitespace-nowrap text-slate-500">{new Date(e.createdAt).toLocaleString()}</td>
              <td className="px-4 py-2">{e.actorEmail ?? e.actorType}</td>
              <td className="px-4 py-2 font-mono text-xs">{e.action}</td>
              <td className="px-4 py-2 text-slate-500">{e.targetType ? `${e.targetType} ${e.targetId?.slice(0, 8) ?? ''}` : '—'}</td>
              <td className="px-4 py-2">{e.result}</td>
              <td className="px-4 py-2 text-slate-500">{e.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex items-center gap-2 text-sm">
        <Button variant="secondary" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {Math.max(1, Math.ceil(total / 50))}
        </span>
        <Button variant="secondary" disabled={page * 50 >= total} onClick={() => setPage((p) => p + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
