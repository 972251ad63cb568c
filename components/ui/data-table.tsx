// The console's one table frame: a bordered card with a labelled table and a muted header row.
// A table wider than the screen scrolls inside the card (max-w-full keeps the card itself, and
// so the page, from growing to the table's width on a phone; `relative` makes the card the
// containing block of its sr-only header text, which otherwise escapes the scroll frame and
// widens the page). Views pass their header cells and
// rows; cell markup stays theirs.
import type { ReactNode } from 'react';

export const TABLE_WRAP_CLASS = 'relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';
export const THEAD_CLASS = 'bg-slate-50 text-left text-slate-500 dark:bg-slate-800';

/** A header cell: its text, or `{ label, hidden: true }` for one read only by screen readers (an actions column). */
export type Column = string | { label: string; hidden?: boolean };

/** `columns` for plain text headers; `head` (the header cells themselves) when they need markup. */
export function DataTable({ label, testId, columns, head, children, className = 'w-full text-sm' }: { label?: string; testId?: string; columns?: Column[]; head?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={TABLE_WRAP_CLASS}>
      <table className={className} aria-label={label} data-testid={testId}>
        <thead className={THEAD_CLASS}>
          <tr>
            {head ??
              columns?.map((c) => {
                const { label: text, hidden } = typeof c === 'string' ? { label: c, hidden: false } : c;
                return (
                  <th key={text} className="px-4 py-2 font-medium">
                    {hidden ? <span className="sr-only">{text}</span> : text}
                  </th>
                );
              })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
