'use client';

// Categories and tags are partner-wide vocabulary shared by every library of the partner.
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useCategories, useCreateCategory, useCreateTag, useDeleteCategory, useDeleteTag, useTags, useUpdateCategory, type Category } from '@/hooks/use-script-library';
import { useFormChanges } from '@/hooks/use-form-changes';
import { useCan } from '@/hooks/use-me';
import { fieldErrorsOf, formErrorOf, messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, EmptyState, ErrorText, PageHeader } from '@/components/ui/controls';

function CategoryRow({ c, canWrite, onError }: { c: Category; canWrite: boolean; onError: (msg: string) => void }) {
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = fieldErrorsOf(error);
  const form = useFormChanges({ name: c.name, description: c.description ?? null }, (f) => ({ name: String(f.get('name') ?? '').trim(), description: String(f.get('description') ?? '').trim() || null }));

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const changes = form.changesOf(e.currentTarget);
    setError(null);
    if (Object.keys(changes).length === 0) return;
    try {
      await update.mutateAsync({ id: c.id, ...changes });
      form.reset();
      setEditing(false);
    } catch (err) {
      setError(err);
    }
  }

  if (editing)
    return (
      <li className="border-t border-slate-100 py-3 dark:border-slate-800">
        <form onSubmit={save} onChange={form.onChange} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end" aria-label={`Edit ${c.name}`} noValidate>
          <Field label="Name" name="name" defaultValue={c.name} maxLength={100} error={fields.name ?? (error && !fields.description ? messageOf(error, 'Could not save') : undefined)} />
          <Field label="Description" name="description" defaultValue={c.description ?? ''} maxLength={1000} error={fields.description} />
          <div className="flex gap-2">
            <Button type="submit" disabled={update.isPending || !form.dirty}>{form.dirty ? 'Save' : 'No changes'}</Button>
            <Button type="button" variant="secondary" onClick={() => (form.reset(), setEditing(false))}>Cancel</Button>
          </div>
        </form>
      </li>
    );
  return (
    <li className="flex flex-wrap items-center gap-3 border-t border-slate-100 py-2 text-sm dark:border-slate-800">
      <span className="font-medium">{c.name}</span>
      <span className="text-slate-500">{c.description}</span>
      <span className="ml-auto text-xs text-slate-500">{c.scriptCount} script{c.scriptCount === 1 ? '' : 's'}</span>
      {canWrite && (
        <>
          <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit category ${c.name}`}>Edit</Button>
          <Button
            variant="danger"
            aria-label={`Delete category ${c.name}`}
            onClick={() => {
              if (confirm(`Delete the category ${c.name}? Its ${c.scriptCount} script(s) stay, uncategorised.`)) remove.mutateAsync(c.id).catch((err) => onError(messageOf(err, 'Could not delete')));
            }}
          >
            Delete
          </Button>
        </>
      )}
    </li>
  );
}

export function ScriptVocabularyView() {
  const categories = useCategories();
  const tags = useTags();
  const canWrite = useCan('scripts:write');
  const createCategory = useCreateCategory();
  const createTag = useCreateTag();
  const removeTag = useDeleteTag();
  const [catError, setCatError] = useState<unknown>(null);
  const [tagError, setTagError] = useState<unknown>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const catFields = fieldErrorsOf(catError);
  const tagFields = fieldErrorsOf(tagError);

  async function addCategory(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setCatError(null);
    try {
      await createCategory.mutateAsync({ name: String(f.get('name') ?? '').trim(), description: String(f.get('description') ?? '').trim() || null });
      form.reset();
    } catch (err) {
      setCatError(err);
    }
  }

  async function addTag(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setTagError(null);
    try {
      await createTag.mutateAsync({ name: String(new FormData(form).get('name') ?? '').trim() });
      form.reset();
    } catch (err) {
      setTagError(err);
    }
  }

  const catFormError = catError ? formErrorOf(catError, ['name', 'description'], 'Could not add the category') : null;
  const tagFormError = tagError ? formErrorOf(tagError, ['name'], 'Could not add the tag') : null;
  return (
    <div className="space-y-4">
      <PageHeader
        title="Categories and tags"
        description="Shared by every script library of your partner. Saving a script with a new category or tag name also creates it."
        actions={<Link href="/scripts" className="text-sm text-brand-700 underline dark:text-brand-100">Back to scripts</Link>}
      />
      {rowError && <p role="alert" className="text-sm text-red-600">{rowError}</p>}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Categories">
          {canWrite && (
            <form onSubmit={addCategory} className="mb-3 grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end" aria-label="New category" noValidate>
              <Field label="Category name" name="name" maxLength={100} required error={catFields.name ?? (catFormError && !catFields.description ? catFormError : undefined)} />
              <Field label="Description" name="description" maxLength={1000} error={catFields.description} />
              <Button type="submit" disabled={createCategory.isPending}>Add category</Button>
            </form>
          )}
          <ErrorText error={categories.error} />
          {categories.data && categories.data.length === 0 && <EmptyState title="No categories yet">Add one above, or give a script a category when you save it.</EmptyState>}
          <ul data-testid="categories">
            {categories.data?.map((c) => <CategoryRow key={c.id} c={c} canWrite={canWrite} onError={setRowError} />)}
          </ul>
        </Card>
        <Card title="Tags">
          {canWrite && (
            <form onSubmit={addTag} className="mb-3 flex flex-wrap items-end gap-2" aria-label="New tag" noValidate>
              <div className="min-w-48 flex-1">
                <Field label="Tag name" name="name" maxLength={64} required error={tagFields.name ?? tagFormError ?? undefined} />
              </div>
              <Button type="submit" disabled={createTag.isPending}>Add tag</Button>
            </form>
          )}
          <ErrorText error={tags.error} />
          {tags.data && tags.data.length === 0 && <EmptyState title="No tags yet">Add one above, or tag a script when you save it.</EmptyState>}
          <ul className="flex flex-wrap gap-2" data-testid="tags">
            {tags.data?.map((t) => (
              <li key={t.id} className="flex items-center gap-1 rounded-full border border-slate-300 py-0.5 pr-1 pl-3 text-sm dark:border-slate-700">
                {t.name}
                <span className="text-xs text-slate-500">({t.scriptCount})</span>
                {canWrite && (
                  <button
                    type="button"
                    aria-label={`Delete tag ${t.name}`}
                    className="rounded-full px-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950"
                    onClick={() => {
                      if (confirm(`Delete the tag ${t.name}? It is removed from ${t.scriptCount} script(s).`)) removeTag.mutateAsync(t.id).catch((err) => setRowError(messageOf(err, 'Could not delete')));
                    }}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
