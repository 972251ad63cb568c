'use client';

// Create and edit form of a catalog item: prices are money strings per currency, sent as typed.
import { useState, type FormEvent } from 'react';
import { CATALOG_ITEM_TYPES } from '@/lib/catalog/schemas';
import { changedFields, hasChanges, sameValue } from '@/lib/client/changed-fields';
import { isMoneyInput } from '@/lib/client/money';
import type { CatalogItem, CatalogItemInput } from '@/hooks/use-catalog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { INPUT_CLASS, SelectField, TextAreaField } from '@/components/ui/controls';
import { errorLine } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf } from '@/lib/client/field-errors';

export const TYPE_LABELS: Record<CatalogItem['type'], string> = {
  service: 'Service',
  hardware: 'Hardware',
  software_licence: 'Software licence',
  labour: 'Labour',
  per_device: 'Per device',
};

interface PriceRow {
  key: number;
  currency: string;
  unitPrice: string;
}

/** Create sends the whole item; edit (with `item`) sends only the fields that changed. */
type CatalogItemFormProps = { submitLabel: string; busy: boolean; onCancel?: () => void } & (
  | { item?: undefined; onSubmit: (body: CatalogItemInput) => Promise<void> }
  | { item: CatalogItem; onSubmit: (changes: Partial<CatalogItemInput>) => Promise<void> }
);

export function CatalogItemForm(props: CatalogItemFormProps) {
  const { item, submitLabel, busy, onCancel } = props;
  const [prices, setPrices] = useState<PriceRow[]>(() => (item?.prices.length ? item.prices : [{ currency: 'EUR', unitPrice: '' }]).map((p, i) => ({ key: i, ...p })));
  const [error, setError] = useState<unknown>(null);
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...fieldErrorsOf(error, 'path'), ...local };

  const rows = prices.filter((p) => p.currency.trim() || p.unitPrice.trim());
  const pricesNow = rows.map((p) => ({ currency: p.currency.trim(), unitPrice: p.unitPrice.trim() }));
  const read = (f: FormData): CatalogItemInput => ({
    name: String(f.get('name')).trim(),
    sku: String(f.get('sku') ?? '').trim() || null,
    description: String(f.get('description') ?? ''),
    type: String(f.get('type')) as CatalogItem['type'],
    active: f.get('active') === 'on',
    prices: pricesNow,
  });
  const stored: CatalogItemInput | null = item
    ? { name: item.name, sku: item.sku ?? null, description: item.description, type: item.type, active: item.active, prices: item.prices.map((p) => ({ currency: p.currency, unitPrice: p.unitPrice })) }
    : null;
  const [snapshot, setSnapshot] = useState<FormData | null>(null);
  // Prices live in state (a removed row fires no change event), the other fields in the form.
  const dirty = !stored || !sameValue(stored.prices, pricesNow) || (snapshot !== null && hasChanges(stored, read(snapshot)));

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const problems: Record<string, string> = {};
    rows.forEach((p, i) => {
      if (!/^[A-Z]{3}$/.test(p.currency.trim())) problems[`prices.${i}.currency`] = 'Three-letter ISO code in upper case, e.g. EUR';
      if (!isMoneyInput(p.unitPrice)) problems[`prices.${i}.unitPrice`] = 'A price like 49 or 49.90 (at most 2 decimals)';
    });
    setLocal(problems);
    setError(null);
    if (Object.keys(problems).length) return;
    try {
      if (props.item && stored) {
        const changes = changedFields(stored, read(f));
        if (Object.keys(changes).length > 0) await props.onSubmit(changes);
      } else if (!props.item) await props.onSubmit(read(f));
    } catch (err) {
      setError(err);
    }
  }

  const update = (key: number, patch: Partial<PriceRow>) => setPrices((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const priceError = (i: number) => errors[`prices.${i}.currency`] ?? errors[`prices.${i}.unitPrice`];

  return (
    <form onSubmit={submit} onChange={(e) => setSnapshot(new FormData(e.currentTarget))} className="space-y-3" aria-label={submitLabel}>
      <div className="grid gap-3 md:grid-cols-3">
        <Field label="Name" name="name" required maxLength={255} defaultValue={item?.name} error={errors.name} autoFocus={!item} />
        <Field label="SKU" name="sku" maxLength={100} defaultValue={item?.sku ?? ''} hint="Optional; unique among your live items" error={errors.sku} />
        <SelectField label="Type" name="type" defaultValue={item?.type ?? 'service'} error={errors.type}>
          {CATALOG_ITEM_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Description" name="description" rows={2} maxLength={10_000} defaultValue={item?.description} error={errors.description} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Prices</legend>
        <p className="text-xs text-slate-500">One price per currency. Lines priced from this item take the price in their document’s currency.</p>
        {prices.map((p, i) => (
          <div key={p.key} className="flex flex-wrap items-start gap-2">
            <input aria-label={`Currency ${i + 1}`} className={`${INPUT_CLASS} w-24 uppercase`} maxLength={3} value={p.currency} onChange={(e) => update(p.key, { currency: e.target.value.toUpperCase() })} placeholder="EUR" />
            <input aria-label={`Unit price ${i + 1}`} className={`${INPUT_CLASS} w-40`} inputMode="decimal" value={p.unitPrice} onChange={(e) => update(p.key, { unitPrice: e.target.value })} placeholder="0.00" aria-invalid={priceError(i) ? true : undefined} />
            <Button type="button" variant="secondary" onClick={() => setPrices((rows) => rows.filter((r) => r.key !== p.key))} aria-label={`Remove price ${i + 1}`}>
              Remove
            </Button>
            {priceError(i) && (
              <p role="alert" className="w-full text-xs text-red-600">
                {priceError(i)}
              </p>
            )}
          </div>
        ))}
        {errors.prices && <p role="alert" className="text-xs text-red-600">{errors.prices}</p>}
        <Button type="button" variant="secondary" onClick={() => setPrices((rows) => [...rows, { key: Math.max(0, ...rows.map((r) => r.key)) + 1, currency: '', unitPrice: '' }])}>
          Add a price
        </Button>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={item?.active ?? true} />
        Active (offered when adding lines)
      </label>
      <FormError message={errorLine(error)} />
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || !dirty}>
          {busy ? 'Saving…' : dirty ? submitLabel : 'No changes'}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
