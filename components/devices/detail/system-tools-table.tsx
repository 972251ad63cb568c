'use client';

// Pieces the live system-tools tabs share: a sortable column header, client-side sorting, the
// explanation of the channel errors, and a confirm dialog for destructive actions.
import { useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/client/api-client';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/controls';
import { Dialog } from '@/components/ui/dialog';

export type SortDir = 'asc' | 'desc';

export function useSorted<T, K extends string>(rows: T[], initial: { key: K; dir: SortDir }, value: (row: T, key: K) => string | number | boolean | null) {
  const [sort, setSort] = useState(initial);
  const sorted = useMemo(() => {
    const dir = sort.dir === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = value(a, sort.key) ?? '';
      const y = value(b, sort.key) ?? '';
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * dir;
    });
    // `value` is a pure accessor defined with the component: sorting follows rows and the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, sort]);
  const toggle = (key: K) => setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
  return { sorted, sort, toggle };
}

export function SortHeader<K extends string>({ label, column, sort, toggle, numeric }: { label: string; column: K; sort: { key: K; dir: SortDir }; toggle: (k: K) => void; numeric?: boolean }) {
  return (
    <th scope="col" aria-sort={sort.key === column ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={`px-2 py-1 ${numeric ? 'text-right' : ''}`}>
      <button type="button" className="font-medium" onClick={() => toggle(column)}>
        {label}
        {sort.key === column ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
}

export function explainToolError(error: unknown, what: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'AGENT_OFFLINE') return `The agent of this device is not connected right now, so its ${what} cannot be read. They appear once it reconnects.`;
  if (error.code === 'AGENT_TIMEOUT') return 'The agent did not answer in time. Try again.';
  if (error.code === 'UNSUPPORTED_ON_PLATFORM') return `Not available on this device: ${error.message}`;
  return null;
}

export function ToolError({ error, what }: { error: unknown; what: string }) {
  const text = explainToolError(error, what);
  return text ? <p role="alert">{text}</p> : <ErrorText error={error} />;
}

/** Asks before a destructive action; shows the action's error in place. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <div className="text-sm">{children}</div>
        {error ? <ErrorText error={error} /> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
