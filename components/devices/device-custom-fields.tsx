'use client';

// The custom fields card of a device's Overview: every field that applies to the device with its
// value; editable in one form (a cleared value is sent as null, which removes it).
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useCustomFields, useDeviceCustomFields, useSetDeviceCustomFields, type DeviceFieldValue } from '@/hooks/use-custom-fields';
import { messageOf } from '@/lib/client/field-errors';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/components/ui/field';
import { Card, ErrorText } from '@/components/ui/controls';

function display(f: DeviceFieldValue): string {
  if (f.value === null || f.value === undefined || f.value === '') return '—';
  if (f.type === 'boolean') return f.value ? 'Yes' : 'No';
  return String(f.value);
}

export function DeviceCustomFields({ deviceId, orgId, canWrite }: { deviceId: string; orgId: string; canWrite: boolean }) {
  const values = useDeviceCustomFields(deviceId);
  const defs = useCustomFields(orgId);
  const save = useSetDeviceCustomFields(deviceId);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const list = values.data?.data ?? [];
  const options = (fieldId: string) => defs.data?.data.find((d) => d.id === fieldId)?.options ?? [];

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const out: Record<string, string | number | boolean | null> = {};
    for (const f of list) {
      const raw = String(form.get(f.key) ?? '').trim();
      const next = raw === '' ? null : f.type === 'boolean' ? raw === 'true' : f.type === 'number' ? Number(raw) : raw;
      if (next !== (f.value ?? null)) out[f.key] = next;
    }
    setMessage(null);
    if (Object.keys(out).length === 0) {
      setEditing(false);
      return;
    }
    try {
      await save.mutateAsync(out);
      setEditing(false);
      setMessage({ ok: true, text: 'Custom fields saved.' });
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, 'Could not save the custom fields') });
    }
  }

  return (
    <Card
      title="Custom fields"
      className="lg:col-span-3"
      actions={
        canWrite && list.length > 0 && (
          <Button variant="secondary" onClick={() => setEditing((v) => !v)}>
            {editing ? 'Cancel' : 'Edit fields'}
          </Button>
        )
      }
    >
      <ErrorText error={values.error} />
      {values.data && list.length === 0 && (
        <p className="text-sm text-slate-500">
          No custom fields apply to this device. Define some (asset tag, warranty end…) under{' '}
          <Link href="/settings/custom-fields" className="text-brand-700 underline dark:text-brand-100">
            Settings → Custom fields
          </Link>
          .
        </p>
      )}
      {list.length > 0 && !editing && (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="device-custom-fields">
          {list.map((f) => (
            <div key={f.fieldId}>
              <dt className="text-slate-500">{f.name}</dt>
              <dd className="font-medium">
                {display(f)}
                {f.source && f.updatedAt && <span className="ml-2 text-xs font-normal text-slate-500" title={formatDate(f.updatedAt)}>by {f.source}</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {list.length > 0 && editing && (
        <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Edit custom fields">
          {list.map((f) => {
            const id = `cf-${f.key}`;
            const current = f.value === null || f.value === undefined ? '' : String(f.value);
            return (
              <div key={f.fieldId} className="space-y-1">
                <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
                  {f.name}
                </label>
                {f.type === 'boolean' || f.type === 'select' ? (
                  <select id={id} name={f.key} defaultValue={current} className={INPUT_CLASS}>
                    <option value="">Not set</option>
                    {(f.type === 'boolean' ? ['true', 'false'] : options(f.fieldId)).map((o) => (
                      <option key={o} value={o}>
                        {f.type === 'boolean' ? (o === 'true' ? 'Yes' : 'No') : o}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input id={id} name={f.key} type={f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'} step={f.type === 'number' ? 'any' : undefined} defaultValue={f.type === 'date' ? current.slice(0, 10) : current} className={INPUT_CLASS} />
                )}
              </div>
            );
          })}
          <div className="sm:col-span-2 lg:col-span-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save fields'}
            </Button>
          </div>
        </form>
      )}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${message.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600'}`}>
          {message.text}
        </p>
      )}
    </Card>
  );
}
