'use client';

// "Insert reply" in a ticket's reply box: pick a canned reply, the API fills its placeholders
// for this ticket, and the text goes into the box at the cursor (nothing is sent until the
// technician sends the reply).
import Link from 'next/link';
import { useState } from 'react';
import { useRenderResponseTemplate, useResponseTemplates } from '@/hooks/use-response-templates';
import { messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { ErrorText } from '@/components/ui/controls';

export function CannedReplyPicker({ ticketId, target }: { ticketId: string; target: () => HTMLTextAreaElement | null }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const templates = useResponseTemplates({ search: search || undefined }, open);
  const render = useRenderResponseTemplate();
  const [error, setError] = useState<string | null>(null);

  async function insert(id: string) {
    setError(null);
    try {
      const { content } = await render.mutateAsync({ id, ticketId });
      const el = target();
      if (el) {
        const start = el.selectionStart ?? el.value.length;
        const end = el.selectionEnd ?? start;
        const before = el.value.slice(0, start);
        el.setRangeText(`${before && !before.endsWith('\n') ? '\n' : ''}${content}`, start, end, 'end');
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
      setOpen(false);
      setTimeout(() => el?.focus(), 0);
    } catch (err) {
      setError(messageOf(err, 'Could not fill the reply'));
    }
  }

  const list = templates.data?.data ?? [];
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        Insert reply
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Insert a canned reply" wide>
        <Field label="Search replies" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoFocus />
        <ErrorText error={templates.error} />
        {templates.data && list.length === 0 && (
          <p className="mt-3 text-sm text-slate-500">
            {search ? 'No reply matches.' : 'No canned replies yet. '}
            {!search && (
              <Link href="/settings/canned-replies" className="text-brand-700 underline dark:text-brand-100">
                Write one in Settings → Canned replies
              </Link>
            )}
          </p>
        )}
        <ul className="mt-3 max-h-96 space-y-2 overflow-auto" aria-label="Canned replies">
          {list.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => void insert(t.id)}
                disabled={render.isPending}
                className="w-full rounded-md border border-slate-200 p-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <span className="block text-sm font-medium">{t.name}</span>
                <span className="mt-1 line-clamp-2 block text-xs text-slate-500">{t.body}</span>
              </button>
            </li>
          ))}
        </ul>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </Dialog>
    </>
  );
}
