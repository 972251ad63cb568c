'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TICKET_PRIORITIES, TICKET_STATUSES, useAddComment, useTicket, useTicketComments, useUpdateTicket, useUploadAttachment, type Attachment } from '@/hooks/use-tickets';
import { useCan, useMe } from '@/hooks/use-me';
import { apiObjectUrl, ApiError } from '@/lib/client/api-client';
import { formatBytes, formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, PageHeader, SelectField, StatusBadge, TextAreaField } from '@/components/ui/controls';
import { CannedReplyPicker } from '@/components/ticket-templates/canned-reply-picker';

const ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';
const MAX_BYTES = 10 * 1024 * 1024;

function AttachmentView({ a }: { a: Attachment }) {
  const [url, setUrl] = useState<string | null>(null);
  const isImage = a.contentType.startsWith('image/');
  useEffect(() => {
    let revoke: string | null = null;
    if (isImage)
      void apiObjectUrl(a.contentUrl.replace(/^\/api\/v1/, '')).then((u) => {
        revoke = u;
        setUrl(u);
      }).catch(() => undefined);
    return () => {
      if (revoke) URL.revokeObjectURL(revoke);
    };
  }, [a.contentUrl, isImage]);
  return (
    <figure className="w-40 rounded border border-slate-200 p-2 text-xs dark:border-slate-700" data-testid="attachment">
      {/* eslint-disable-next-line @next/next/no-img-element -- a blob: URL of the attachment fetched with the technician's token */}
      {isImage && url ? <img src={url} alt={a.fileName} className="mb-1 h-24 w-full rounded object-contain" /> : <div className="mb-1 flex h-24 items-center justify-center bg-slate-100 dark:bg-slate-800">PDF</div>}
      <figcaption>
        <button
          type="button"
          className="truncate text-brand-700 hover:underline dark:text-brand-100"
          onClick={async () => window.open(await apiObjectUrl(a.contentUrl.replace(/^\/api\/v1/, '')), '_blank', 'noopener')}
        >
          {a.fileName}
        </button>
        <div className="text-slate-500">{formatBytes(a.sizeBytes)}</div>
      </figcaption>
    </figure>
  );
}

export function TicketDetail({ id }: { id: string }) {
  const ticket = useTicket(id);
  const comments = useTicketComments(id);
  const me = useMe();
  const canWrite = useCan('tickets:write');
  const update = useUpdateTicket(id);
  const upload = useUploadAttachment(id);
  const addComment = useAddComment(id);
  const [pending, setPending] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const replyForm = useRef<HTMLFormElement>(null);
  const t = ticket.data;
  useBreadcrumbLabel(id, t ? `#${t.number}` : undefined);
  const staff = me.data?.scope !== 'organization';

  async function addFiles(files: FileList | File[]) {
    setError(null);
    for (const file of Array.from(files)) {
      if (file.size > MAX_BYTES) {
        setError(`${file.name} is larger than 10 MB`);
        continue;
      }
      try {
        const a = await upload.mutateAsync(file);
        setPending((p) => [...p, a]);
      } catch (err) {
        setError(err instanceof ApiError ? `${file.name}: ${err.message}` : `Could not upload ${file.name}`);
      }
    }
  }

  async function onComment(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setError(null);
    try {
      await addComment.mutateAsync({ content: String(f.get('content') ?? ''), visibility: f.get('internal') === 'on' ? 'internal' : 'public', attachmentIds: pending.map((a) => a.id) });
      setPending([]);
      form.reset();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not add the comment');
    }
  }

  if (ticket.isError) return <ErrorText error={ticket.error} />;
  if (!t) return <p role="status">Loading…</p>;

  return (
    <div className="space-y-4">
      <PageHeader title={`#${t.number} ${t.subject}`} description={`${t.organization.name} · opened ${formatDate(t.createdAt)}${t.requesterEmail ? ` by ${t.requesterEmail}` : ''}`} actions={<StatusBadge status={t.status} />} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Description">
            <p className="text-sm whitespace-pre-wrap">{t.description || <span className="text-slate-500">No description.</span>}</p>
          </Card>
          <Card title="Conversation">
            <ErrorText error={comments.error} />
            <ol className="space-y-3">
              {comments.data?.data.map((c) => (
                <li key={c.id} className={`rounded-md border p-3 text-sm ${c.visibility === 'internal' ? 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950' : 'border-slate-200 dark:border-slate-700'}`}>
                  <div className="mb-1 flex flex-wrap gap-2 text-xs text-slate-500">
                    <span className="font-medium text-slate-700 dark:text-slate-300">{c.authorName ?? c.authorEmail ?? c.authorType}</span>
                    <span>{formatDate(c.createdAt)}</span>
                    {c.visibility === 'internal' && <span className="font-medium text-amber-700">internal note</span>}
                  </div>
                  {c.content && <p className="whitespace-pre-wrap">{c.content}</p>}
                  {c.attachments.length > 0 && (
                    <div className="mt-2 flex flex-wrap gap-2">
                      {c.attachments.map((a) => (
                        <AttachmentView key={a.id} a={a} />
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ol>
            {comments.data && comments.data.data.length === 0 && <p className="text-sm text-slate-500">No replies yet.</p>}
            {canWrite && (
              <form
                ref={replyForm}
                onSubmit={onComment}
                className={`mt-4 space-y-3 rounded-md ${dragOver ? 'outline-2 outline-dashed outline-brand-500' : ''}`}
                aria-label="Reply"
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragOver(true);
                }}
                onDragLeave={() => setDragOver(false)}
                onDrop={(e) => {
                  e.preventDefault();
                  setDragOver(false);
                  void addFiles(e.dataTransfer.files);
                }}
              >
                <TextAreaField label="Message" name="content" rows={4} hint="Drop files here or use “Attach files” (PNG, JPEG, WebP, PDF up to 10 MB)" />
                {pending.length > 0 && (
                  <ul className="flex flex-wrap gap-2 text-xs" aria-label="Files to attach">
                    {pending.map((a) => (
                      <li key={a.id} className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800" data-testid="pending-attachment">
                        {a.fileName} ({formatBytes(a.sizeBytes)})
                        <button type="button" className="ml-2 text-red-600" aria-label={`Remove ${a.fileName}`} onClick={() => setPending((p) => p.filter((x) => x.id !== a.id))}>
                          ×
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="flex flex-wrap items-center gap-3">
                  <input ref={fileInput} type="file" accept={ACCEPT} multiple className="sr-only" id="ticket-files" aria-label="Attach files" onChange={(e) => e.target.files && void addFiles(e.target.files)} />
                  <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
                    {upload.isPending ? 'Uploading…' : 'Attach files'}
                  </Button>
                  {me.data?.scope === 'partner' && <CannedReplyPicker ticketId={id} target={() => replyForm.current?.querySelector<HTMLTextAreaElement>('textarea[name="content"]') ?? null} />}
                  {staff && (
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="internal" /> Internal note
                    </label>
                  )}
                  <Button type="submit" disabled={addComment.isPending}>
                    Send reply
                  </Button>
                </div>
                {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
              </form>
            )}
          </Card>
        </div>
        <Card title="Details">
          {canWrite ? (
            <div className="space-y-3">
              <SelectField label="Status" value={t.status} onChange={(e) => update.mutate({ status: e.target.value })}>
                {TICKET_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s.replace('_', ' ')}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Priority" value={t.priority} onChange={(e) => update.mutate({ priority: e.target.value })}>
                {TICKET_PRIORITIES.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </SelectField>
              {staff && me.data && (
                <Button variant="secondary" onClick={() => update.mutate({ assigneeId: t.assigneeId === me.data!.id ? null : me.data!.id })}>
                  {t.assigneeId === me.data.id ? 'Unassign me' : 'Assign to me'}
                </Button>
              )}
              <ErrorText error={update.error} />
            </div>
          ) : null}
          <dl className="mt-4 space-y-1 text-sm">
            <div className="flex gap-2"><dt className="w-24 text-slate-500">Assignee</dt><dd>{t.assignee?.name ?? 'nobody'}</dd></div>
            <div className="flex gap-2"><dt className="w-24 text-slate-500">Type</dt><dd>{t.type.replace('_', ' ')}</dd></div>
            <div className="flex gap-2"><dt className="w-24 text-slate-500">Source</dt><dd>{t.source}</dd></div>
            <div className="flex gap-2"><dt className="w-24 text-slate-500">Due</dt><dd className={t.overdue ? 'text-red-600' : ''}>{formatDate(t.dueAt)}</dd></div>
          </dl>
        </Card>
      </div>
    </div>
  );
}
