'use client';

// Settings → Canned replies: partner-wide reply templates with placeholders, inserted into a
// ticket's reply box (filled for that ticket) with "Insert reply".
import { useRef, useState, type FormEvent } from 'react';
import { PLACEHOLDERS, useCreateResponseTemplate, useDeleteResponseTemplate, useResponseTemplates, useUpdateResponseTemplate, type ResponseTemplate } from '@/hooks/use-response-templates';
import { useFormChanges } from '@/hooks/use-form-changes';
import { useCan } from '@/hooks/use-me';
import { messageOf, fieldErrorsOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Badge, Card, EmptyState, ErrorText, PageHeader, Pager, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

export function ResponseTemplatesView() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const templates = useResponseTemplates({ page, search: search || undefined });
  const canManage = useCan('tickets:manage');
  const remove = useDeleteResponseTemplate();
  const [editing, setEditing] = useState<ResponseTemplate | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = templates.data?.data ?? [];

  return (
    <div className="space-y-4">
      <PageHeader title="Canned replies" description="Reusable ticket replies. Placeholders such as {{contact.firstName}} are filled from the ticket when inserted." actions={canManage && <Button onClick={() => setEditing('new')}>New reply</Button>} />
      <div className="w-72">
        <Field label="Search" type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} placeholder="Name or text" />
      </div>
      <ErrorText error={templates.error} />
      <ErrorText error={remove.error} />
      {notice && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {notice}
        </p>
      )}
      {templates.data && list.length === 0 && (
        <EmptyState title={search ? 'No reply matches' : 'No canned replies yet'} action={canManage && !search && <Button onClick={() => setEditing('new')}>Write a reply</Button>}>
          {search ? 'Try another word.' : 'Write the answers you send often (password reset steps, “we are on it”), then insert them from a ticket’s reply box.'}
        </EmptyState>
      )}
      {list.length > 0 && (
        <div className="grid gap-3 md:grid-cols-2">
          {list.map((t) => (
            <Card
              key={t.id}
              title={t.name}
              actions={
                canManage && (
                  <div className="flex gap-3 text-xs">
                    <button type="button" className="hover:underline" aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className="text-red-600 hover:underline"
                      aria-label={`Delete ${t.name}`}
                      onClick={() => {
                        if (confirm(`Delete the canned reply ${t.name}?`)) remove.mutate(t.id, { onSuccess: () => setNotice(`Deleted ${t.name}.`) });
                      }}
                    >
                      Delete
                    </button>
                  </div>
                )
              }
            >
              {t.category && <Badge>{t.category}</Badge>}
              <p className="mt-2 line-clamp-4 text-sm whitespace-pre-wrap text-slate-600 dark:text-slate-400">{t.body}</p>
            </Card>
          ))}
        </div>
      )}
      {templates.data && <Pager page={page} total={templates.data.pagination.total} limit={templates.data.pagination.limit} onPage={setPage} />}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New canned reply' : 'Edit canned reply'} wide>
        {editing !== null && (
          <TemplateForm
            template={editing === 'new' ? null : editing}
            onDone={(msg) => {
              setEditing(null);
              setNotice(msg);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

function TemplateForm({ template, onDone }: { template: ResponseTemplate | null; onDone: (message: string) => void }) {
  const create = useCreateResponseTemplate();
  const update = useUpdateResponseTemplate();
  const bodyWrap = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const read = (f: FormData) => ({ name: String(f.get('name') ?? '').trim(), category: String(f.get('category') ?? '').trim() || null, body: String(f.get('body') ?? '') });
  const form = useFormChanges({ name: template?.name ?? '', category: template?.category ?? null, body: template?.body ?? '' }, read);
  const canSave = !template || form.dirty;

  function insertPlaceholder(key: string) {
    const el = bodyWrap.current?.querySelector('textarea');
    if (!el) return;
    const at = el.selectionStart ?? el.value.length;
    el.setRangeText(`{{${key}}}`, at, el.selectionEnd ?? at, 'end');
    el.focus();
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = read(new FormData(e.currentTarget));
    const changes = form.changesOf(e.currentTarget);
    setErrors({});
    setFormError(null);
    if (template && Object.keys(changes).length === 0) return;
    try {
      if (template) await update.mutateAsync({ id: template.id, ...changes });
      else await create.mutateAsync(values);
      onDone(template ? `Saved ${values.name}.` : `Created ${values.name}. Insert it from a ticket’s reply box.`);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(messageOf(err, 'Could not save the reply'));
    }
  }

  return (
    <form onSubmit={onSubmit} onChange={form.onChange} className="space-y-3" aria-label={template ? 'Edit canned reply' : 'New canned reply'} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" required maxLength={255} defaultValue={template?.name} error={errors.name} autoFocus />
        <Field label="Category" name="category" maxLength={100} defaultValue={template?.category ?? ''} error={errors.category} hint="Optional, e.g. Passwords" />
      </div>
      <div ref={bodyWrap}>
        <TextAreaField label="Reply text" name="body" rows={8} required defaultValue={template?.body} error={errors.body} />
      </div>
      <div>
        <p className="mb-1 text-xs font-medium text-slate-500">Insert a placeholder (at the cursor in the reply text):</p>
        <div className="flex flex-wrap gap-1">
          {PLACEHOLDERS.map(([key, label]) => (
            <button
              key={key}
              type="button"
              title={label}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insertPlaceholder(key)}
              className="rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {`{{${key}}}`}
            </button>
          ))}
        </div>
      </div>
      <FormError message={formError} />
      <Button type="submit" disabled={create.isPending || update.isPending || !canSave}>
        {!canSave ? 'No changes' : template ? 'Save reply' : 'Create reply'}
      </Button>
    </form>
  );
}
