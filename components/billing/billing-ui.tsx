'use client';

// Pieces the console's billing pages share: money cells, the envelope's errors (message and
// per-field details), the organization filter, bulk selection and its per-item results.
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '@/lib/client/api-client';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import { formatMoney } from '@/lib/client/money';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useMe } from '@/hooks/use-me';
import { useFormChanges } from '@/hooks/use-form-changes';
import { useCurrentOrg } from '@/components/shell/current-org';
import type { BulkResult } from '@/hooks/use-billing';
import { Button } from '@/components/ui/button';
import { Badge, Card, INLINE_INPUT_CLASS, INPUT_CLASS, SelectField, type Tone } from '@/components/ui/controls';
import { TABLE_WRAP_CLASS, THEAD_CLASS } from '@/components/ui/data-table';
import { FormError } from '@/components/ui/form-error';

export function Money({ amount, currency, className = '' }: { amount: string | null | undefined; currency: string; className?: string }) {
  return <span className={`tabular-nums ${className}`}>{formatMoney(amount, currency)}</span>;
}

export function errorMessage(err: unknown, fallback = 'The request failed'): string {
  if (err instanceof ApiError) {
    if (err.code === 'service_management_off') return 'Billing is switched off for your company (service-management mode “off” in Partner settings): no new billing documents can be created.';
    // Validation messages name the body path ("body.currency: …"); the field already says which.
    return err.message.replace(/^(body|query|params)\./, '');
  }
  return err instanceof Error ? err.message : fallback;
}

/** The envelope's message for the form-level error line; null without an error. */
export function errorLine(err: unknown): string | null {
  return err ? errorMessage(err) : null;
}

const STATUS_TONES: Record<string, Tone> = {
  draft: 'slate',
  active: 'green',
  cancelled: 'red',
  expired: 'amber',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  converted: 'blue',
  issued: 'blue',
  paid: 'green',
  void: 'red',
};

export function BillingStatus({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'slate'}>{status.replace(/_/g, ' ')}</Badge>;
}

/**
 * The organization a billing list is filtered by and new documents are created in: the shell's
 * current organization unless picked here; organization users always see their own.
 */
export function useBillingOrg() {
  const me = useMe();
  const { orgId: current } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const [picked, setPicked] = useState<string | null>(null);
  const fixed = me.data?.scope === 'organization';
  const orgId = fixed ? (me.data?.orgId ?? '') : (picked ?? current ?? '');
  const orgName = (id: string) => orgs.data?.find((o) => o.id === id)?.name ?? (fixed ? me.data?.organization?.name : undefined) ?? `${id.slice(0, 8)}…`;
  const picker = fixed ? null : (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">Organization</span>
      <select aria-label="Organization" value={orgId} onChange={(e) => setPicked(e.target.value)} className={INLINE_INPUT_CLASS}>
        <option value="">All organizations</option>
        {orgs.data?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
  return { orgId: orgId || undefined, orgName, picker, orgs: orgs.data ?? [], fixed };
}

/** Organization select for a create form (required for partner and system callers). */
export function OrgSelect({ orgs, defaultValue, error }: { orgs: { id: string; name: string }[]; defaultValue?: string; error?: string }) {
  return (
    <SelectField label="Organization" name="orgId" required defaultValue={defaultValue ?? ''} error={error} hint={orgs.length === 0 ? 'Create an organization first (Organizations)' : undefined}>
      <option value="" disabled>
        Pick an organization
      </option>
      {orgs.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Runs a bulk mutation over the selection: keeps its per-id result and its error, clears the selection on success. */
export function useBulkRun<V>(mutate: (v: V) => Promise<BulkResult>, selection: { clear: () => void }) {
  const [result, setResult] = useState<BulkResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  async function run(v: V) {
    setError(null);
    try {
      setResult(await mutate(v));
      selection.clear();
    } catch (err) {
      setError(err);
    }
  }
  return { run, result, error };
}

export function useSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return {
    selected,
    ids: [...selected],
    has: (id: string) => selected.has(id),
    toggle: (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    setAll: (ids: string[], on: boolean) => setSelected(on ? new Set(ids) : new Set()),
    clear: () => setSelected(new Set()),
  };
}

/** The selection's actions, and what the last bulk call did to each id. */
export function BulkBar({ count, children, result, label }: { count: number; children: ReactNode; result: BulkResult | null; label: (id: string) => string }) {
  if (!count && !result) return null;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-800 dark:bg-slate-900" role="region" aria-label="Bulk actions">
      {count > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{count} selected</span>
          {children}
        </div>
      )}
      {result && (
        <div role="status">
          <p>
            {result.updated} done, {result.skipped} skipped, {result.failed} failed.
          </p>
          {result.results.some((r) => r.error) && (
            <ul className="mt-1 list-disc pl-5 text-red-700 dark:text-red-300">
              {result.results
                .filter((r) => r.error)
                .map((r) => (
                  <li key={r.id}>
                    {label(r.id)}: {r.error?.message}
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

export function SelectAll({ ids, selection }: { ids: string[]; selection: ReturnType<typeof useSelection> }) {
  const all = ids.length > 0 && ids.every((id) => selection.has(id));
  return <input type="checkbox" aria-label="Select all on this page" checked={all} onChange={(e) => selection.setAll(ids, e.target.checked)} />;
}

/** A small dialog body asking for a reason (cancel, void), required or not. */
export function ReasonForm({ label, required, submit, busy, onSubmit, onCancel }: { label: string; required: boolean; submit: string; busy: boolean; onSubmit: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(reason.trim());
      }}
    >
      <label className="block space-y-1 text-sm">
        <span className="block font-medium text-slate-700 dark:text-slate-300">{label}</span>
        <textarea className={INPUT_CLASS} value={reason} onChange={(e) => setReason(e.target.value)} required={required} maxLength={1000} rows={3} autoFocus />
      </label>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Back
        </Button>
        <Button type="submit" variant="danger" disabled={busy || (required && !reason.trim())}>
          {submit}
        </Button>
      </div>
    </form>
  );
}

export const TABLE = 'w-full text-sm';
export const TABLE_WRAP = TABLE_WRAP_CLASS;
export const THEAD = THEAD_CLASS;
export const TH = 'px-4 py-2 font-medium';
export const TD = 'px-4 py-2';
export const TR = 'border-t border-slate-100 dark:border-slate-800';
export const LINK = 'font-medium text-brand-700 hover:underline dark:text-brand-100';

/** Today in UTC as YYYY-MM-DD (billing dates are UTC days). */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The "Details" card of a billing document: its rows as a definition list, or, after Edit, the
 * form `fields` draws (given the field errors of the last save); `onSave` gets the form's data
 * and closes the form when it resolves.
 */
/**
 * A document's header details with an Edit form. `read` turns the form into the same shape as
 * `initial` (the stored values); Save sends only the fields that differ and reads "No changes"
 * while there are none.
 */
export function EditableDetails<T extends Record<string, unknown>>({ label, editable, pending, rows, fields, initial, read, onSave }: {
  label: string;
  editable: boolean;
  pending: boolean;
  rows: [string, ReactNode][];
  fields: (errors: Record<string, string>) => ReactNode;
  initial: T;
  read: (form: FormData) => T;
  onSave: (changes: Partial<T>) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useFormChanges(initial, read);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const changes = form.changesOf(e.currentTarget);
    setError(null);
    if (Object.keys(changes).length === 0) return;
    try {
      await onSave(changes);
      form.reset();
      setEditing(false);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Card title="Details" actions={editable && !editing && <Button variant="secondary" onClick={() => setEditing(true)}>Edit</Button>}>
      {editing ? (
        <form onSubmit={submit} onChange={form.onChange} className="space-y-3" aria-label={label}>
          {fields(fieldErrorsOf(error, 'path'))}
          <FormError message={errorLine(error)} />
          <div className="flex gap-2">
            <Button type="submit" disabled={pending || !form.dirty}>
              {form.dirty ? 'Save' : 'No changes'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => (form.reset(), setEditing(false))}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className="grid grid-cols-[9rem_1fr] gap-1 text-sm">
          {rows.map(([k, v]) => (
            <Fragment key={k}>
              <dt className="text-slate-500">{k}</dt>
              <dd className="break-words whitespace-pre-wrap">{v}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </Card>
  );
}
