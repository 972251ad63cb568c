'use client';

import { useState, type FormEvent } from 'react';
import { PARTNER_PLANS, PARTNER_TYPES, type PartnerBody, type PlatformPartner } from '@/hooks/use-partners';
import { useFormChanges } from '@/hooks/use-form-changes';
import { ApiError } from '@/lib/client/api-client';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

const FIELDS = ['name', 'slug', 'type', 'plan', 'status', 'maxOrganizations', 'maxDevices', 'billingEmail'] as const;

/** An empty limit box means "no limit" (null). */
function limit(v: FormDataEntryValue | null): number | null {
  const s = String(v ?? '').trim();
  return s === '' ? null : Number(s);
}

function read(f: FormData): PartnerBody {
  return {
    name: String(f.get('name') ?? ''),
    slug: String(f.get('slug') ?? ''),
    type: String(f.get('type')),
    plan: String(f.get('plan')),
    maxOrganizations: limit(f.get('maxOrganizations')),
    maxDevices: limit(f.get('maxDevices')),
    billingEmail: String(f.get('billingEmail') ?? '').trim() || null,
  };
}

/** Create sends the whole body (and the initial status); edit (with `partner`) only what changed. */
type PartnerFormProps = { submitLabel: string; withStatus?: boolean } & (
  | { partner?: undefined; onSubmit: (body: PartnerBody, initialStatus?: string) => Promise<unknown> }
  | { partner: PlatformPartner; onSubmit: (changes: Partial<PartnerBody>) => Promise<unknown> }
);

export function PartnerForm(props: PartnerFormProps) {
  const { partner, submitLabel, withStatus } = props;
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const form = useFormChanges<PartnerBody>(
    {
      name: partner?.name ?? '',
      slug: partner?.slug ?? '',
      type: partner?.type ?? 'msp',
      plan: partner?.plan ?? 'free',
      maxOrganizations: partner?.maxOrganizations ?? null,
      maxDevices: partner?.maxDevices ?? null,
      billingEmail: partner?.billingEmail ?? null,
    },
    read,
  );
  const canSave = !partner || form.dirty;
  const fields = fieldErrorsOf(error);
  if (error instanceof ApiError && error.code === 'SLUG_CONFLICT') fields.slug = error.message;
  const formError = error && !fields.slug ? formErrorOf(error, FIELDS, 'Could not save the partner') : null;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formElement = e.currentTarget;
    const f = new FormData(formElement);
    setError(null);
    if (props.partner && Object.keys(form.changesOf(formElement)).length === 0) return;
    setPending(true);
    try {
      if (props.partner) await props.onSubmit(form.changesOf(formElement));
      else await props.onSubmit(read(f), withStatus ? String(f.get('status')) : undefined);
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} onChange={form.onChange} className="space-y-3" aria-label={submitLabel} noValidate>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Name" name="name" defaultValue={partner?.name} maxLength={255} required error={fields.name} />
        <Field label="Slug" name="slug" defaultValue={partner?.slug} maxLength={100} required hint="Lowercase letters, digits and single hyphens" error={fields.slug} />
        <SelectField label="Type" name="type" defaultValue={partner?.type ?? 'msp'} error={fields.type}>
          {PARTNER_TYPES.map((t) => (
            <option key={t} value={t}>{t}</option>
          ))}
        </SelectField>
        <SelectField label="Plan" name="plan" defaultValue={partner?.plan ?? 'free'} error={fields.plan}>
          {PARTNER_PLANS.map((p) => (
            <option key={p} value={p}>{p}</option>
          ))}
        </SelectField>
        {withStatus && (
          <SelectField label="Initial status" name="status" defaultValue="active" error={fields.status}>
            {['active', 'pending', 'suspended'].map((s) => (
              <option key={s} value={s}>{s}</option>
            ))}
          </SelectField>
        )}
        <Field label="Billing email" name="billingEmail" type="email" defaultValue={partner?.billingEmail ?? ''} maxLength={255} error={fields.billingEmail} />
        <Field label="Maximum organizations" name="maxOrganizations" type="number" min={0} defaultValue={partner?.maxOrganizations ?? ''} hint="Empty: no limit" error={fields.maxOrganizations} />
        <Field label="Maximum devices" name="maxDevices" type="number" min={0} defaultValue={partner?.maxDevices ?? ''} hint="Empty: no limit" error={fields.maxDevices} />
      </div>
      <FormError message={formError} />
      <Button type="submit" disabled={pending || !canSave}>
        {pending ? 'Saving…' : canSave ? submitLabel : 'No changes'}
      </Button>
    </form>
  );
}
