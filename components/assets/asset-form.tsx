'use client';

// Create and edit share one form; the envelope's validation details land under their field, and
// the two conflicts that belong to one field (tag in use, site of another organization) too.
import { useState, type FormEvent } from 'react';
import { ASSET_KINDS, type Asset, type AssetBody } from '@/hooks/use-assets';
import { useSites } from '@/hooks/use-organizations';
import { useFormChanges } from '@/hooks/use-form-changes';
import { ApiError } from '@/lib/client/api-client';
import { whenLoaded } from '@/lib/client/changed-fields';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

const FIELDS = ['orgId', 'siteId', 'kind', 'name', 'assetTag', 'serialNumber', 'manufacturer', 'model', 'description', 'checkoutable'] as const;
const CODE_FIELDS: Record<string, string> = { ASSET_TAG_IN_USE: 'assetTag', SITE_NOT_IN_ORG: 'siteId', ASSET_CHECKED_OUT: 'checkoutable' };

function errorsOf(error: unknown): Record<string, string> {
  const out = fieldErrorsOf(error);
  if (error instanceof ApiError && CODE_FIELDS[error.code]) out[CODE_FIELDS[error.code]] = error.message;
  return out;
}

/** Create sends the whole body; edit (with `asset`) sends only the fields that changed. */
type AssetFormProps = { orgId: string; submitLabel: string } & ({ asset?: undefined; onSubmit: (body: AssetBody) => Promise<unknown> } | { asset: Asset; onSubmit: (changes: Partial<AssetBody>) => Promise<unknown> });

export function AssetForm(props: AssetFormProps) {
  const { orgId, asset, submitLabel } = props;
  const sites = useSites({ orgId });
  const sitesLoaded = sites.data !== undefined;
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const initial: AssetBody = {
    kind: asset?.kind ?? 'device',
    name: asset?.name ?? '',
    siteId: asset?.siteId ?? null,
    assetTag: asset?.assetTag ?? null,
    serialNumber: asset?.serialNumber ?? null,
    manufacturer: asset?.manufacturer ?? null,
    model: asset?.model ?? null,
    description: asset?.description ?? null,
    checkoutable: asset?.checkoutable ?? false,
  };
  const read = (f: FormData): AssetBody => {
    const text = (k: string) => String(f.get(k) ?? '').trim() || null;
    return {
      kind: String(f.get('kind')) as AssetBody['kind'],
      name: String(f.get('name') ?? ''),
      // Until the site list is there the select cannot show the asset's site: leave it alone.
      siteId: whenLoaded(sitesLoaded, text('siteId')),
      assetTag: text('assetTag'),
      serialNumber: text('serialNumber'),
      manufacturer: text('manufacturer'),
      model: text('model'),
      description: text('description'),
      checkoutable: f.get('checkoutable') === 'on',
    };
  };
  const form = useFormChanges(initial, read);
  const canSave = !asset || form.dirty;
  const fields = errorsOf(error);
  const formError = !error || (error instanceof ApiError && CODE_FIELDS[error.code]) ? null : formErrorOf(error, FIELDS, 'Could not save the asset');

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formElement = e.currentTarget;
    setError(null);
    if (props.asset && Object.keys(form.changesOf(formElement)).length === 0) return;
    setPending(true);
    try {
      if (props.asset) await props.onSubmit(form.changesOf(formElement));
      else await props.onSubmit(read(new FormData(formElement)));
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} onChange={form.onChange} className="space-y-3" aria-label={submitLabel} noValidate>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Name" name="name" defaultValue={asset?.name} maxLength={255} required error={fields.name} />
        <SelectField label="Kind" name="kind" defaultValue={asset?.kind ?? 'device'} error={fields.kind}>
          {ASSET_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </SelectField>
        <Field label="Asset tag" name="assetTag" defaultValue={asset?.assetTag ?? ''} maxLength={100} hint="Unique within the organization" error={fields.assetTag} />
        <Field label="Serial number" name="serialNumber" defaultValue={asset?.serialNumber ?? ''} maxLength={255} error={fields.serialNumber} />
        <Field label="Manufacturer" name="manufacturer" defaultValue={asset?.manufacturer ?? ''} maxLength={255} error={fields.manufacturer} />
        <Field label="Model" name="model" defaultValue={asset?.model ?? ''} maxLength={255} error={fields.model} />
        {/* Remounted once the sites arrive, so its default is the asset's site, never "No site". */}
        <SelectField key={sitesLoaded ? 'sites' : 'loading'} label="Site" name="siteId" defaultValue={sitesLoaded ? (asset?.siteId ?? '') : ''} disabled={!sitesLoaded} error={fields.siteId}>
          {sitesLoaded ? (
            <>
              <option value="">No site</option>
              {/* A site past the first page of the list is still the asset's: keep it selectable. */}
              {asset?.siteId && !sites.data.data.some((s) => s.id === asset.siteId) && <option value={asset.siteId}>Current site</option>}
              {sites.data.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </>
          ) : (
            <option value="" disabled>
              Loading…
            </option>
          )}
        </SelectField>
      </div>
      <TextAreaField label="Description" name="description" rows={3} defaultValue={asset?.description ?? ''} maxLength={2000} error={fields.description} />
      <div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="checkoutable" defaultChecked={asset?.checkoutable ?? false} aria-describedby="checkoutable-hint" />
          Portal users of the organization may borrow it
        </label>
        {fields.checkoutable ? (
          <p role="alert" className="text-xs text-red-600">{fields.checkoutable}</p>
        ) : (
          <p id="checkoutable-hint" className="text-xs text-slate-500">They check it out from the customer portal; you check it back in here.</p>
        )}
      </div>
      <FormError message={formError} />
      <Button type="submit" disabled={pending || !canSave}>
        {pending ? 'Saving…' : canSave ? submitLabel : 'No changes'}
      </Button>
    </form>
  );
}
