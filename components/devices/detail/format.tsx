// Small display pieces shared by the device page's panels.
import type { ReactNode } from 'react';
import { formatBytes } from '@/lib/client/format';

/** Secondary text that keeps 4.5:1 contrast on the card background in light and dark mode. */
export const MUTED = 'text-slate-600 dark:text-slate-400';

export const numberOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const textOf = (v: unknown): string | null => (typeof v === 'string' ? v || null : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null);

/** 93784 → "1 d 2 h", 7260 → "2 h 1 min", 59 → "59 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}

/** Label/value pairs as a description list; empty values show a dash. `narrow` keeps one column (side panels). */
export function ValueList({ items, narrow = false }: { items: [string, ReactNode][]; narrow?: boolean }) {
  return (
    <dl className={`grid gap-x-6 gap-y-2 text-sm ${narrow ? '' : 'sm:grid-cols-2'}`}>
      {items.map(([k, v]) => (
        <div key={k} className="flex min-w-0 gap-3">
          <dt className={`w-32 shrink-0 ${MUTED}`}>{k}</dt>
          <dd className="min-w-0 break-words">{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

const METRIC_LABELS: Record<string, string> = { load1: 'Load (1 min)', load5: 'Load (5 min)', load15: 'Load (15 min)', processCount: 'Processes' };

/** A heartbeat metric with its unit: bytes in binary units, percentages with %, seconds as a duration. */
export function metricEntry(key: string, value: unknown): [string, string] {
  const label = METRIC_LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/ (Bytes|Percent|Seconds)$/, '').replace(/^./, (c) => c.toUpperCase());
  const n = numberOf(value);
  if (n === null) return [label, textOf(value) ?? '—'];
  if (/Bytes$/.test(key)) return [label, formatBytes(n)];
  if (/Percent$/.test(key)) return [label, `${Math.round(n * 10) / 10} %`];
  if (/Seconds$/.test(key)) return [label, formatDuration(n)];
  return [label, n.toLocaleString()];
}
