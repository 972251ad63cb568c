'use client';

import { useId, useState, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, INLINE_INPUT_CLASS, INPUT_CLASS, type FieldProps } from '@/components/ui/field';

export { INLINE_INPUT_CLASS, INPUT_CLASS } from '@/components/ui/field';

/**
 * A list's filter bar: one line where it fits, wrapping control by control where it does not.
 * Its controls use INLINE_INPUT_CLASS: INPUT_CLASS is full-width for forms, and a width class
 * appended to it loses to its w-full (that made every filter select a full-width line).
 */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="search" aria-label={label}>
      {children}
    </div>
  );
}

/** Classes of a filter bar's search box: the whole line on a phone, a fixed width beside the selects. */
export const FILTER_SEARCH_CLASS = `${INLINE_INPUT_CLASS} w-full sm:w-64`;

export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;

/** Rows per page, 10 to 200 (doc 1 Limits: the device list's page-size selector). */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      Rows per page
      <select value={value} onChange={(e) => onChange(Number(e.target.value))} className={INLINE_INPUT_CLASS}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SelectField({ label, hint, error, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & FieldProps & { children: ReactNode }) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} {...props} className={INPUT_CLASS}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export function TextAreaField({ label, hint, error, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps) {
  return <FieldFrame label={label} hint={hint} error={error}>{(control) => <textarea {...control} {...props} className={`${INPUT_CLASS} ${props.className ?? ''}`} />}</FieldFrame>;
}

const tones = {
  slate: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  blue: 'bg-brand-100 text-brand-700 dark:bg-slate-800 dark:text-brand-100',
} as const;
export type Tone = keyof typeof tones;

export function Badge({ tone = 'slate', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

const STATUS_TONES: Record<string, Tone> = {
  online: 'green',
  active: 'green',
  delivered: 'green',
  completed: 'green',
  succeeded: 'green',
  revoked: 'red',
  needs_reconcile: 'amber',
  partially_failed: 'amber',
  submitting: 'blue',
  queued: 'blue',
  running: 'blue',
  success: 'green',
  resolved: 'green',
  offline: 'red',
  failed: 'red',
  failure: 'red',
  denied: 'red',
  disabled: 'red',
  expired: 'red',
  timed_out: 'red',
  p1: 'red',
  pending: 'amber',
  retrying: 'amber',
  invited: 'amber',
  sent: 'blue',
  new: 'blue',
  open: 'blue',
  p2: 'amber',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'slate'}>{status.replace(/_/g, ' ')}</Badge>;
}

export function Card({ title, children, actions, className = '' }: { title?: string; children: ReactNode; actions?: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={title ? id : undefined} className={`rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900 ${className}`}>
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && (
            <h2 id={id} className="text-base font-semibold">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center dark:border-slate-700 dark:bg-slate-900" role="status">
      <p className="text-base font-medium">{title}</p>
      {children && <div className="mx-auto mt-1 max-w-lg text-sm text-slate-500">{children}</div>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}

export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-600">
      {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          // Clipboard refused (insecure origin): select-and-copy fallback.
          const ta = document.createElement('textarea');
          ta.value = text;
          document.body.appendChild(ta);
          ta.select();
          document.execCommand('copy');
          ta.remove();
        }
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </button>
  );
}

export function Tabs<T extends string>({ tabs, value, onChange, label }: { tabs: { id: T; label: string }[]; value: T; onChange: (id: T) => void; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      {tabs.map((t, i) => (
        <button
          key={t.id}
          role="tab"
          type="button"
          id={`tab-${t.id}`}
          aria-selected={value === t.id}
          aria-controls={`panel-${t.id}`}
          tabIndex={value === t.id ? 0 : -1}
          onClick={() => onChange(t.id)}
          onKeyDown={(e) => {
            const dir = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (!dir) return;
            const next = tabs[(i + dir + tabs.length) % tabs.length];
            onChange(next.id);
            document.getElementById(`tab-${next.id}`)?.focus();
          }}
          className={`-mb-px border-b-2 px-3 py-2 text-sm whitespace-nowrap ${value === t.id ? 'border-brand-600 font-medium text-brand-700 dark:text-white' : 'border-transparent text-slate-500 hover:text-slate-800 dark:hover:text-slate-200'}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export function Pager({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage: (p: number) => void }) {
  if (total <= limit) return null;
  const pages = Math.ceil(total / limit);
  return (
    <nav aria-label="Pagination" className="flex items-center gap-2 text-sm">
      <button type="button" className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50 dark:border-slate-700" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50 dark:border-slate-700" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
