'use client';

// One ticket and its public conversation. It refreshes every few seconds, so the service desk's
// replies appear while the page is open; the reply box takes files like the new-ticket form.
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/client/portal-client';
import { useAddPortalComment, usePortalTicket, type PortalComment } from '@/hooks/use-portal';
import { inputClass, primaryButton } from '@/components/portal/brand-style';
import { FileDropZone } from '@/components/portal/file-drop-zone';
import { PRIORITY_LABEL, STATUS_LABEL, statusTone, when } from '@/components/portal/ticket-labels';

function Message({ comment }: { comment: PortalComment }) {
  const who = comment.mine ? 'You' : (comment.authorName ?? (comment.fromServiceDesk ? 'Service desk' : 'Customer'));
  return (
    <li data-testid="comment" className={`rounded-xl border p-4 shadow-sm ${comment.fromServiceDesk ? 'border-[var(--portal-accent)]/30 bg-white' : 'border-slate-200 bg-slate-50'}`}>
      <div className="flex items-center justify-between text-xs text-slate-500">
        <span className="font-medium text-slate-700">
          {who}
          {comment.fromServiceDesk && <span className="ml-2 rounded bg-[var(--portal-accent)] px-1.5 py-0.5 text-[10px] uppercase text-[var(--portal-accent-text)]">Service desk</span>}
        </span>
        <time dateTime={comment.createdAt}>{when(comment.createdAt)}</time>
      </div>
      {comment.content && <p className="mt-2 whitespace-pre-wrap text-sm">{comment.content}</p>}
      {comment.attachments.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3">
          {comment.attachments.map((a) => (
            <li key={a.id}>
              <a href={a.contentUrl} target="_blank" rel="noopener" className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-1 text-xs hover:bg-slate-50">
                {a.contentType.startsWith('image/') ? (
                  // eslint-disable-next-line @next/next/no-img-element -- the portal content route, with the session cookie
                  <img src={a.contentUrl} alt={a.fileName} className="h-16 w-16 rounded object-cover" />
                ) : (
                  <span aria-hidden="true">📄</span>
                )}
                <span>{a.fileName}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function TicketView({ id }: { id: string }) {
  const ticket = usePortalTicket(id);
  const reply = useAddPortalComment(id);
  const [files, setFiles] = useState<File[]>([]);
  const [content, setContent] = useState('');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = new FormData();
    body.set('content', content);
    for (const f of files) body.append('files', f);
    reply.mutate(body, { onSuccess: () => (setContent(''), setFiles([])) });
  }

  if (ticket.isError) {
    return (
      <p role="alert" className="text-sm text-slate-600">
        {ticket.error instanceof ApiError && ticket.error.status === 404 ? 'This ticket does not exist or is not yours to see.' : 'Could not load the ticket.'}{' '}
        <Link href="/portal/tickets" className="text-[var(--portal-accent)] hover:underline">
          Back to tickets
        </Link>
      </p>
    );
  }
  if (!ticket.data) return <p className="text-sm text-slate-500">Loading…</p>;
  const t = ticket.data;
  const error = reply.error instanceof ApiError ? reply.error.message : null;
  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <Link href="/portal/tickets" className="text-sm text-[var(--portal-accent)] hover:underline">
          ← All tickets
        </Link>
        <h1 className="text-2xl font-semibold">
          <span className="text-slate-500">#{t.number}</span> {t.subject}
        </h1>
        <div className="flex flex-wrap gap-2 text-xs">
          <span className={`rounded-full px-2 py-0.5 font-medium ${statusTone(t.status)}`} data-testid="ticket-status">
            {STATUS_LABEL[t.status]}
          </span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5">Urgency: {PRIORITY_LABEL[t.priority]}</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5">Opened {when(t.createdAt)}</span>
          {t.assigneeName && <span className="rounded-full bg-slate-100 px-2 py-0.5">Handled by {t.assigneeName}</span>}
        </div>
      </header>
      {t.description && <p className="whitespace-pre-wrap rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">{t.description}</p>}
      <section aria-label="Conversation">
        <ol className="space-y-3">
          {t.comments.data.map((c) => (
            <Message key={c.id} comment={c} />
          ))}
        </ol>
      </section>
      {t.status === 'closed' ? (
        <p className="text-sm text-slate-500">This ticket is closed. Open a new ticket if you need more help.</p>
      ) : (
        <form onSubmit={submit} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label="Reply">
          <label htmlFor="reply" className="block text-sm font-medium text-slate-700">
            Reply
          </label>
          <textarea id="reply" rows={4} className={inputClass} value={content} onChange={(e) => setContent(e.target.value)} maxLength={100_000} />
          <FileDropZone files={files} onChange={setFiles} />
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          <button type="submit" className={primaryButton} disabled={reply.isPending || (content.trim() === '' && files.length === 0)}>
            {reply.isPending ? 'Sending…' : 'Send reply'}
          </button>
        </form>
      )}
    </article>
  );
}
