'use client';

// The device list's "Saved filters" control: pick a saved filter (kept in the URL by the list),
// build a new one with the shared rule editor and a live count of the devices it matches, edit
// (rename, change rules or visibility) and delete it.
import { useEffect, useState, type FormEvent } from 'react';
import { useCreateFilter, useDeleteFilter, useFilterPreview, useSavedFilters, useUpdateFilter, type FilterGroupDraft, type SavedFilter } from '@/hooks/use-filters';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useGroups } from '@/hooks/use-groups';
import { useCan } from '@/hooks/use-me';
import { conditionErrorsOf, defaultCondition, RuleEditor, rulesComplete } from '@/components/device-filters/rule-editor';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField, INLINE_INPUT_CLASS } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf, messageOf } from '@/lib/client/field-errors';

type Editing = { mode: 'new' } | { mode: 'edit'; filter: SavedFilter } | null;

export function SavedFiltersControl({ filterId, onPick }: { filterId: string; onPick: (id: string) => void }) {
  const filters = useSavedFilters();
  const canManage = useCan('filters:manage');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedFilter | null>(null);
  const current = filters.data?.data.find((f) => f.id === filterId) ?? null;

  return (
    <>
      <div role="group" aria-label="Saved filters" className="flex flex-wrap items-center gap-2">
        <select aria-label="Saved filter" value={filterId} onChange={(e) => onPick(e.target.value)} className={INLINE_INPUT_CLASS}>
          <option value="">No saved filter</option>
          {filterId && !current && <option value={filterId}>{filters.isLoading ? 'Loading…' : 'Unknown filter'}</option>}
          {filters.data?.data.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
              {f.visibility === 'shared' ? ' (shared)' : ''}
            </option>
          ))}
        </select>
        {canManage && (
          <Button variant="secondary" onClick={() => setEditing({ mode: 'new' })}>
            New filter
          </Button>
        )}
        {canManage && current && (
          <>
            <Button variant="secondary" onClick={() => setEditing({ mode: 'edit', filter: current })}>
              Edit filter
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(current)}>
              Delete filter
            </Button>
          </>
        )}
      </div>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.mode === 'edit' ? `Edit filter ${editing.filter.name}` : 'New saved filter'} wide>
        {editing && (
          <FilterForm
            key={editing.mode === 'edit' ? editing.filter.id : 'new'}
            filter={editing.mode === 'edit' ? editing.filter : null}
            onSaved={(f) => {
              setEditing(null);
              onPick(f.id);
            }}
          />
        )}
      </Dialog>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title={deleting ? `Delete filter ${deleting.name}?` : 'Delete filter'}>
        {deleting && (
          <DeleteFilter
            filter={deleting}
            onDone={() => {
              setDeleting(null);
              if (deleting.id === filterId) onPick('');
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function DeleteFilter({ filter, onDone }: { filter: SavedFilter; onDone: () => void }) {
  const remove = useDeleteFilter();
  return (
    <div className="space-y-3 text-sm">
      <p>{filter.visibility === 'shared' ? 'The filter is shared: it disappears for everyone of the partner.' : 'Only you could see this filter.'}</p>
      <FormError message={remove.error ? messageOf(remove.error, 'Could not delete the filter') : null} />
      <Button onClick={() => remove.mutate(filter.id, { onSuccess: onDone })} disabled={remove.isPending}>
        Delete
      </Button>
    </div>
  );
}

function FilterForm({ filter, onSaved }: { filter: SavedFilter | null; onSaved: (f: SavedFilter) => void }) {
  const create = useCreateFilter();
  const update = useUpdateFilter();
  const orgs = useAllOrganizations();
  const groups = useGroups({});
  const [name, setName] = useState(filter?.name ?? '');
  const [description, setDescription] = useState(filter?.description ?? '');
  const [visibility, setVisibility] = useState<'private' | 'shared'>(filter?.visibility ?? 'private');
  const [rules, setRules] = useState<FilterGroupDraft>(filter?.rules ?? { match: 'all', conditions: [defaultCondition()] });
  const [debounced, setDebounced] = useState(rules);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(rules), 400);
    return () => clearTimeout(t);
  }, [rules]);
  const complete = rulesComplete(debounced);
  const preview = useFilterPreview(complete ? debounced : null, complete);
  const saving = filter ? update : create;
  const errors = fieldErrorsOf(saving.error);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { name: name.trim(), description: description.trim() || null, rules, visibility };
    try {
      onSaved(filter ? await update.mutateAsync({ id: filter.id, ...body }) : await create.mutateAsync(body));
    } catch {
      // Shown below from the mutation's error.
    }
  }

  const total = preview.data?.pagination.total;
  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label={filter ? 'Edit saved filter' : 'New saved filter'} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={255} error={errors.name} autoFocus />
        <Field label="Description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} error={errors.description} />
        <SelectField label="Visibility" value={visibility} onChange={(e) => setVisibility(e.target.value as 'private' | 'shared')} error={errors.visibility}>
          <option value="private">Private: only me</option>
          <option value="shared">Shared with my team</option>
        </SelectField>
      </div>
      <RuleEditor rules={rules} onChange={setRules} choices={{ orgs: orgs.data ?? [], groups: groups.data?.data ?? [] }} errors={conditionErrorsOf(saving.error, preview.error)} />
      <div data-testid="filter-preview" className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800">
        {!complete ? (
          <p className="text-slate-500">Give every condition a value to see how many devices match.</p>
        ) : total === undefined ? (
          <p className="text-slate-500">{preview.error ? messageOf(preview.error, 'Could not preview these rules') : 'Counting…'}</p>
        ) : (
          <>
            <p role="status">
              {total} device{total === 1 ? '' : 's'} match{total === 1 ? 'es' : ''}
            </p>
            {preview.data && preview.data.data.length > 0 && <p className="mt-1 text-xs text-slate-500">{preview.data.data.map((d) => d.hostname).join(', ')}{total > preview.data.data.length ? ', …' : ''}</p>}
          </>
        )}
      </div>
      <FormError message={saving.error && !Object.keys(errors).length ? messageOf(saving.error, 'Could not save the filter') : null} />
      <Button type="submit" disabled={saving.isPending || !name.trim()}>
        {saving.isPending ? 'Saving…' : 'Save filter'}
      </Button>
    </form>
  );
}
