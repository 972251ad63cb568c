'use client';

// Create or edit an SLA definition: target kind, thresholds in minutes, the severities or
// priorities it covers and (on create) the organization it applies to.
import { useState } from 'react';
import { useCreateSla, useUpdateSla, type Sla } from '@/hooks/use-analytics';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { fieldErrorsOf, messageOf } from '@/lib/client/field-errors';
import { ALERT_SEVERITIES, TICKET_PRIORITIES } from '@/lib/analytics/query-schemas';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

export function SlaForm({ sla, onDone }: { sla?: Sla; onDone: () => void }) {
  const create = useCreateSla();
  const update = useUpdateSla();
  const orgs = useAllOrganizations();
  const [name, setName] = useState(sla?.name ?? '');
  const [targetKind, setTargetKind] = useState<Sla['targetKind']>(sla?.targetKind ?? 'alert');
  const [orgId, setOrgId] = useState(sla?.orgId ?? '');
  const [responseMinutes, setResponse] = useState(String(sla?.responseMinutes ?? 15));
  const [resolveMinutes, setResolve] = useState(String(sla?.resolveMinutes ?? 240));
  const [filters, setFilters] = useState<string[]>(sla ? [...sla.severities, ...sla.priorities] : []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const options: readonly string[] = targetKind === 'alert' ? ALERT_SEVERITIES : TICKET_PRIORITIES;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setError(null);
    const numbers = { responseMinutes: Number(responseMinutes), resolveMinutes: Number(resolveMinutes) };
    const scoped = targetKind === 'alert' ? { severities: filters as Sla['severities'], priorities: [] } : { priorities: filters as Sla['priorities'], severities: [] };
    try {
      if (sla) await update.mutateAsync({ id: sla.id, body: { name, ...numbers, ...scoped } });
      else await create.mutateAsync({ name, targetKind, orgId: orgId || null, ...numbers, ...scoped });
      onDone();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(messageOf(err, 'The SLA could not be saved'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={sla ? 'Edit SLA' : 'New SLA'}>
      <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={255} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Applies to"
          value={targetKind}
          disabled={!!sla}
          onChange={(e) => {
            setTargetKind(e.target.value as Sla['targetKind']);
            setFilters([]);
          }}
        >
          <option value="alert">Alerts</option>
          <option value="ticket">Tickets</option>
        </SelectField>
        <SelectField label="Organization" value={orgId} disabled={!!sla} onChange={(e) => setOrgId(e.target.value)} error={errors.orgId}>
          <option value="">Every organization</option>
          {(orgs.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <Field label={targetKind === 'alert' ? 'Acknowledge within (minutes)' : 'First response within (minutes)'} type="number" min={1} value={responseMinutes} onChange={(e) => setResponse(e.target.value)} error={errors.responseMinutes} />
        <Field label="Resolve within (minutes)" type="number" min={1} value={resolveMinutes} onChange={(e) => setResolve(e.target.value)} error={errors.resolveMinutes} />
      </div>
      <fieldset className="flex flex-wrap gap-3 text-sm">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{targetKind === 'alert' ? 'Severities' : 'Priorities'} (none checked: all)</legend>
        {options.map((o) => (
          <label key={o} className="inline-flex items-center gap-1">
            <input type="checkbox" checked={filters.includes(o)} onChange={(e) => setFilters(e.target.checked ? [...filters, o] : filters.filter((x) => x !== o))} />
            {o}
          </label>
        ))}
      </fieldset>
      <FormError message={error} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {sla ? 'Save' : 'Create SLA'}
        </Button>
      </div>
    </form>
  );
}
