'use client';

// Inputs for a product's live provisioning fields (Input, Single-Value, Multi-Value) and its
// commitment terms, as the order line editor and the product browser show them.
import { INPUT_CLASS } from '@/components/ui/controls';
import { FieldFrame } from '@/components/ui/field';
import type { Commitment, ProvisionField } from '@/hooks/use-distributor';

export type ProvisioningValues = Record<string, string[]>;

export function toProvisioningDetails(values: ProvisioningValues) {
  return Object.entries(values)
    .map(([key, list]) => ({ key, values: list.map((v) => v.trim()).filter(Boolean) }))
    .filter((d) => d.values.length > 0);
}

export function ProvisioningFields({ fields, values, onChange }: { fields: ProvisionField[]; values: ProvisioningValues; onChange: (v: ProvisioningValues) => void }) {
  const set = (key: string, list: string[]) => onChange({ ...values, [key]: list });
  return (
    <>
      {fields.map((f) => {
        const current = values[f.key] ?? [];
        if (f.valueType === 'Multi-Value') {
          return (
            <fieldset key={f.key} className="space-y-1">
              <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{f.label}</legend>
              <div className="flex flex-wrap gap-3">
                {f.possibleValues.map((v) => (
                  <label key={v} className="flex items-center gap-1.5 text-sm">
                    <input type="checkbox" checked={current.includes(v)} onChange={() => set(f.key, current.includes(v) ? current.filter((x) => x !== v) : [...current, v])} />
                    {v}
                  </label>
                ))}
              </div>
              {f.description && <p className="text-xs text-slate-500">{f.description}</p>}
            </fieldset>
          );
        }
        return (
          <FieldFrame key={f.key} label={f.label} hint={f.description}>
            {(control) =>
              f.valueType === 'Single-Value' && f.possibleValues.length > 0 ? (
                <select {...control} className={INPUT_CLASS} value={current[0] ?? ''} onChange={(e) => set(f.key, e.target.value ? [e.target.value] : [])}>
                  <option value="">—</option>
                  {f.possibleValues.map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...control} className={INPUT_CLASS} value={current[0] ?? ''} onChange={(e) => set(f.key, [e.target.value])} />
              )
            }
          </FieldFrame>
        );
      })}
    </>
  );
}

export function commitmentSummary(c: Commitment): string {
  const rules = [
    c.allowForQuantityIncrease ? 'increase allowed' : 'no increase',
    c.allowForQuantityDecrease ? 'decrease allowed' : 'no decrease',
    c.allowForEarlyCancellation ? 'early cancellation allowed' : 'no early cancellation',
    c.cancellationFeeApplied ? 'cancellation fee' : 'no cancellation fee',
  ];
  return `${c.term}: ${rules.join(', ')}`;
}
