'use client';

// Settings → Custom fields: device field definitions, partner-wide or for one organization.
// Key and type are fixed once created (the API refuses changing them); name, description,
// select options and script-writability can be edited. Values are set on each device's page.
import { useState, type FormEvent } from 'react';
import { CUSTOM_FIELD_TYPES, useCreateCustomField, useCustomFields, useDeleteCustomField, useUpdateCustomField, type CustomField, type CustomFieldType } from '@/hooks/use-custom-fields';
import { useFormChanges } from '@/hooks/use-form-changes';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { messageOf, fieldErrorsOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Badge, Card, EmptyState, ErrorText, PageHeader, SelectField, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

const TYPE_LABEL: Record<CustomFieldType, string> = { text: 'Text', number: 'Number', boolean: 'Yes / no', date: 'Date', select: 'Choice list' };
const splitOptions = (v: string) => v.split('\n').map((o) => o.trim()).filter(Boolean);

export function CustomFieldsView() {
  const fields = useCustomFields();
  const orgs = useAllOrganizations();
  const canWrite = useCan('devices:write');
  const remove = useDeleteCustomField();
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const orgName = (id: string | null) => (id ? (orgs.data?.find((o) => o.id === id)?.name ?? 'one organization') : 'All organizations');
  const list = fields.data?.data ?? [];

  return (
    <div className="space-y-4">
      <PageHeader title="Custom fields" description="Extra facts you track per device (asset tag, warranty end, owner…). Set the values on a device's Overview tab, or let scripts write them." actions={canWrite && <Button onClick={() => setEditing('new')}>New field</Button>} />
      <ErrorText error={fields.error} />
      <ErrorText error={remove.error} />
      {notice && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {notice}
        </p>
      )}
      {fields.data && list.length === 0 && (
        <EmptyState title="No custom fields yet" action={canWrite && <Button onClick={() => setEditing('new')}>Define a field</Button>}>
          Define a field such as “Asset tag” or “Warranty ends”; it then appears on every device of its organizations, ready to fill in.
        </EmptyState>
      )}
      {list.length > 0 && (
        <Card>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="custom-fields-table">
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="py-2 pr-4 font-medium">Name</th>
                  <th className="py-2 pr-4 font-medium">Key</th>
                  <th className="py-2 pr-4 font-medium">Type</th>
                  <th className="py-2 pr-4 font-medium">Applies to</th>
                  <th className="py-2 pr-4 font-medium">Scripts</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((f) => (
                  <tr key={f.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                    <td className="py-2 pr-4">
                      <span className="font-medium">{f.name}</span>
                      {f.description && <span className="block text-xs text-slate-500">{f.description}</span>}
                    </td>
                    <td className="py-2 pr-4 font-mono text-xs">{f.key}</td>
                    <td className="py-2 pr-4">
                      {TYPE_LABEL[f.type]}
                      {f.type === 'select' && <span className="block text-xs text-slate-500">{f.options.join(', ')}</span>}
                    </td>
                    <td className="py-2 pr-4 text-slate-500">{orgName(f.orgId)}</td>
                    <td className="py-2 pr-4">{f.scriptWritable ? <Badge tone="blue">writable</Badge> : <span className="text-xs text-slate-500">read only</span>}</td>
                    <td className="py-2 text-right text-xs whitespace-nowrap">
                      {canWrite && (
                        <>
                          <button type="button" className="mr-3 hover:underline" aria-label={`Edit ${f.name}`} onClick={() => setEditing(f)}>
                            Edit
                          </button>
                          <button
                            type="button"
                            className="text-red-600 hover:underline"
                            aria-label={`Delete ${f.name}`}
                            onClick={() => {
                              if (confirm(`Delete the field ${f.name}? Every device's value of it is deleted too.`)) remove.mutate(f.id, { onSuccess: () => setNotice(`Deleted ${f.name}.`) });
                            }}
                          >
                            Delete
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New custom field' : 'Edit custom field'}>
        {editing !== null && (
          <FieldForm
            field={editing === 'new' ? null : editing}
            orgs={orgs.data ?? []}
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

function FieldForm({ field, orgs, onDone }: { field: CustomField | null; orgs: { id: string; name: string }[]; onDone: (message: string) => void }) {
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const [type, setType] = useState<CustomFieldType>(field?.type ?? 'text');
  const [key, setKey] = useState(field?.key ?? '');
  const [keyTouched, setKeyTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const edit = useFormChanges<{ name: string; description: string | null; scriptWritable: boolean; options?: string[] }>(
    { name: field?.name ?? '', description: field?.description ?? null, scriptWritable: field?.scriptWritable ?? false, options: field?.type === 'select' ? field.options : undefined },
    (f) => ({
      name: String(f.get('name') ?? '').trim(),
      description: String(f.get('description') ?? '').trim() || null,
      scriptWritable: f.get('scriptWritable') === 'on',
      options: field?.type === 'select' ? splitOptions(String(f.get('options') ?? '')) : undefined,
    }),
  );
  const canSave = !field || edit.dirty;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const changes = edit.changesOf(e.currentTarget);
    const name = String(f.get('name') ?? '').trim();
    const description = String(f.get('description') ?? '').trim() || null;
    const options = splitOptions(String(f.get('options') ?? ''));
    const scriptWritable = f.get('scriptWritable') === 'on';
    setErrors({});
    setFormError(null);
    try {
      if (field) {
        // Editing sends only what differs from the stored field.
        if (Object.keys(changes).length === 0) return;
        await update.mutateAsync({ id: field.id, ...changes });
      } else await create.mutateAsync({ key, name, description, type, scriptWritable, ...(type === 'select' ? { options } : {}), orgId: String(f.get('orgId') || '') || undefined });
      onDone(field ? `Saved ${name}.` : `Created ${name}. Set its value on a device's Overview tab.`);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(messageOf(err, 'Could not save the field'));
    }
  }

  return (
    <form onSubmit={onSubmit} onChange={edit.onChange} className="space-y-3" aria-label={field ? 'Edit custom field' : 'New custom field'} noValidate>
      <Field
        label="Name"
        name="name"
        required
        maxLength={255}
        defaultValue={field?.name}
        error={errors.name}
        autoFocus
        onChange={(e) => {
          // Suggest a key from the name until the key is edited by hand.
          if (!field && !keyTouched) setKey(slugKey(e.target.value));
        }}
      />
      <Field
        label="Key"
        name="key"
        value={key}
        onChange={(e) => {
          setKeyTouched(true);
          setKey(e.target.value);
        }}
        disabled={!!field}
        error={errors.key}
        hint="Lowercase letters, digits and underscores; scripts and the API use it. Fixed once created."
      />
      <SelectField label="Type" name="type" value={type} onChange={(e) => setType(e.target.value as CustomFieldType)} disabled={!!field} error={errors.type}>
        {CUSTOM_FIELD_TYPES.map((t) => (
          <option key={t} value={t}>
            {TYPE_LABEL[t]}
          </option>
        ))}
      </SelectField>
      {type === 'select' && <TextAreaField label="Options" name="options" rows={4} defaultValue={field?.options.join('\n')} hint="One per line" error={errors.options} />}
      {!field && (
        <SelectField label="Applies to" name="orgId" defaultValue="" error={errors.orgId}>
          <option value="">All organizations</option>
          {orgs.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField label="Description" name="description" rows={2} defaultValue={field?.description ?? ''} maxLength={1000} error={errors.description} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="scriptWritable" defaultChecked={field?.scriptWritable ?? false} />
        Scripts may set it (with a <code>::service:custom-fields::</code> output line)
      </label>
      <FormError message={formError} />
      <Button type="submit" disabled={create.isPending || update.isPending || !canSave}>
        {!canSave ? 'No changes' : field ? 'Save field' : 'Create field'}
      </Button>
    </form>
  );
}

function slugKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 64);
}
