'use client';

// Customer-portal branding of the partner (orgId null) or of one organization (its overrides;
// a blank field inherits the partner's). Colours, name, support details and custom domain are
// saved together; the logo uploads on its own. The preview shows what the portal header and a
// button would look like with the values being edited.
import { useEffect, useState, type FormEvent } from 'react';
import { useBranding, useDeleteLogo, useResetBranding, useUpdateBranding, useUploadLogo, type Branding, type BrandingInput } from '@/hooks/use-branding';
import { changedFields } from '@/lib/client/changed-fields';
import { messageOf, fieldErrorsOf } from '@/lib/client/field-errors';
import { formatBytes } from '@/lib/client/format';
import { HEX_COLOR, readableTextOn } from '@/lib/portal/branding/colors';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { Card, ErrorText } from '@/components/ui/controls';

type Form = Record<keyof BrandingInput, string>;
const FIELDS: (keyof BrandingInput)[] = ['name', 'customDomain', 'primaryColor', 'accentColor', 'logoUrl', 'supportEmail', 'supportPhone', 'supportUrl'];
const formOf = (b: Branding): Form => Object.fromEntries(FIELDS.map((k) => [k, b[k] ?? ''])) as Form;

export function BrandingEditor({ orgId, canEdit }: { orgId: string | null; canEdit: boolean }) {
  const branding = useBranding(orgId);
  const update = useUpdateBranding(orgId);
  const upload = useUploadLogo(orgId);
  const deleteLogo = useDeleteLogo(orgId);
  const reset = useResetBranding(orgId ?? '');
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const b = branding.data;
  useEffect(() => {
    if (b) setForm(formOf(b));
  }, [b]);

  if (branding.isError) return <Card title="Portal branding"><ErrorText error={branding.error} /></Card>;
  if (!b || !form) return <Card title="Portal branding"><p role="status" className="text-sm text-slate-500">Loading…</p></Card>;
  const inherits = orgId !== null;
  const set = (k: keyof BrandingInput) => (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, [k]: e.target.value } : f));
  // Only changed fields are sent; a cleared field is null (the organization then inherits).
  const valuesOf = (f: Form): BrandingInput => Object.fromEntries(FIELDS.map((k) => [k, f[k].trim() || null]));
  const changes = changedFields(valuesOf(formOf(b)), valuesOf(form));
  const dirty = Object.keys(changes).length > 0;

  async function onSave(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form || !b) return;
    setErrors({});
    setMessage(null);
    if (!dirty) return setMessage({ ok: true, text: 'Nothing changed.' });
    try {
      await update.mutateAsync(changes);
      setMessage({ ok: true, text: 'Branding saved.' });
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setMessage({ ok: false, text: messageOf(err, 'Could not save the branding') });
    }
  }

  async function act(action: () => Promise<unknown>, done: string) {
    setMessage(null);
    try {
      await action();
      setMessage({ ok: true, text: done });
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, 'The action failed') });
    }
  }

  // The preview: values being edited, else what the portal shows today.
  const primary = HEX_COLOR.test(form.primaryColor) ? form.primaryColor : b.effective.colors.primary;
  const accent = HEX_COLOR.test(form.accentColor) ? form.accentColor : b.effective.colors.accent;
  const logo = b.logo?.url ?? (form.logoUrl.startsWith('https://') ? form.logoUrl : null) ?? b.effective.logoUrl;
  // The custom domain is per level, not inherited: an organization without one uses the partner's portal address.
  const hint = (k: keyof BrandingInput) => (inherits && !form[k] && k !== 'customDomain' ? `Inherits: ${inheritedValue(b, k) ?? 'not set'}` : undefined);

  return (
    <Card
      title="Portal branding"
      actions={
        inherits && b.id && canEdit ? (
          <Button
            variant="secondary"
            onClick={() => {
              if (confirm('Remove this organization’s branding? Its portal users see the partner’s branding again.')) void act(() => reset.mutateAsync(), 'This organization now uses the partner’s branding.');
            }}
          >
            Use partner branding
          </Button>
        ) : undefined
      }
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {inherits ? 'Overrides for this organization’s customer portal. Leave a field blank to use the partner’s value.' : 'How the customer portal looks for your customers. Organizations can override any field.'}
      </p>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <form onSubmit={onSave} className="grid gap-3 sm:grid-cols-2" aria-label="Portal branding" noValidate>
          <Field label="Portal name" name="name" value={form.name} onChange={set('name')} maxLength={255} error={errors.name} hint={hint('name')} disabled={!canEdit} />
          <Field label="Custom domain" name="customDomain" value={form.customDomain} onChange={set('customDomain')} placeholder="support.example.com" error={errors.customDomain} hint={hint('customDomain') ?? 'CNAME it to this service'} disabled={!canEdit} />
          <ColorField label="Primary colour" value={form.primaryColor} onChange={(v) => setForm({ ...form, primaryColor: v })} error={errors.primaryColor} hint={hint('primaryColor') ?? 'Header and buttons'} disabled={!canEdit} fallback={b.effective.colors.primary} />
          <ColorField label="Accent colour" value={form.accentColor} onChange={(v) => setForm({ ...form, accentColor: v })} error={errors.accentColor} hint={hint('accentColor') ?? 'Links and highlights'} disabled={!canEdit} fallback={b.effective.colors.accent} />
          <Field label="Support email" name="supportEmail" type="email" value={form.supportEmail} onChange={set('supportEmail')} error={errors.supportEmail} hint={hint('supportEmail')} disabled={!canEdit} />
          <Field label="Support phone" name="supportPhone" value={form.supportPhone} onChange={set('supportPhone')} maxLength={64} error={errors.supportPhone} hint={hint('supportPhone')} disabled={!canEdit} />
          <Field label="Support website" name="supportUrl" type="url" value={form.supportUrl} onChange={set('supportUrl')} placeholder="https://help.example.com" error={errors.supportUrl} hint={hint('supportUrl')} disabled={!canEdit} />
          <Field label="Logo URL" name="logoUrl" type="url" value={form.logoUrl} onChange={set('logoUrl')} placeholder="https://…" error={errors.logoUrl} hint="Used only while no logo is uploaded" disabled={!canEdit} />
          {canEdit && (
            <div className="sm:col-span-2">
              <Button type="submit" disabled={update.isPending || !dirty}>
                {update.isPending ? 'Saving…' : dirty ? 'Save branding' : 'No changes'}
              </Button>
            </div>
          )}
        </form>
        <div className="space-y-3">
          <div aria-label="Portal preview" role="img" className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
            <div className="flex items-center gap-2 px-3 py-2" style={{ background: primary, color: readableTextOn(primary) }}>
              {/* eslint-disable-next-line @next/next/no-img-element -- the service's own logo route or the MSP's https URL */}
              {logo && <img src={logo} alt="" className="h-7 w-auto max-w-24 rounded bg-white/90 object-contain p-0.5" data-testid="branding-logo-preview" />}
              <span className="truncate text-sm font-semibold">{form.name || b.effective.name}</span>
            </div>
            <div className="space-y-2 bg-white p-3 text-sm text-slate-800">
              <p>
                Need help? <span style={{ color: accent }} className="underline">{form.supportEmail || b.effective.support.email || 'Contact support'}</span>
              </p>
              <span className="inline-block rounded px-2.5 py-1 text-xs font-medium" style={{ background: primary, color: readableTextOn(primary) }}>
                New ticket
              </span>
            </div>
          </div>
          <div className="space-y-2">
            <p className="text-sm font-medium">Logo</p>
            {b.logo ? (
              <p className="text-xs text-slate-500">
                Uploaded {b.logo.contentType.replace('image/', '').toUpperCase()}, {formatBytes(b.logo.sizeBytes)}
              </p>
            ) : (
              <p className="text-xs text-slate-500">No logo uploaded{inherits ? ' (the partner’s is used)' : ''}. PNG, JPEG or WebP up to 512 KiB.</p>
            )}
            {canEdit && (
              <div className="flex flex-wrap gap-2">
                <label className="inline-flex cursor-pointer items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium focus-within:outline-2 focus-within:outline-brand-500 dark:border-slate-700">
                  {upload.isPending ? 'Uploading…' : b.logo ? 'Replace logo' : 'Upload logo'}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    className="sr-only"
                    aria-label="Logo file"
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      e.target.value = '';
                      if (file) void act(() => upload.mutateAsync(file), 'Logo uploaded.');
                    }}
                  />
                </label>
                {b.logo && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      if (confirm('Remove the uploaded logo?')) void act(() => deleteLogo.mutateAsync(), 'Logo removed.');
                    }}
                  >
                    Remove logo
                  </Button>
                )}
              </div>
            )}
          </div>
        </div>
      </div>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mt-3 text-sm ${message.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600'}`}>
          {message.text}
        </p>
      )}
    </Card>
  );
}

function inheritedValue(b: Branding, k: keyof BrandingInput): string | null {
  const e = b.effective;
  const map: Record<keyof BrandingInput, string | null> = { name: e.name, customDomain: null, primaryColor: e.colors.primary, accentColor: e.colors.accent, logoUrl: e.logoUrl, supportEmail: e.support.email, supportPhone: e.support.phone, supportUrl: e.support.url };
  return map[k];
}

function ColorField({ label, value, onChange, error, hint, disabled, fallback }: { label: string; value: string; onChange: (v: string) => void; error?: string; hint?: string; disabled?: boolean; fallback: string }) {
  const id = `color-${label.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="flex gap-2">
        <input type="color" aria-label={`${label} picker`} value={HEX_COLOR.test(value) ? value : fallback} onChange={(e) => onChange(e.target.value)} disabled={disabled} className="h-9 w-10 cursor-pointer rounded border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900" />
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder={fallback} disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={error || hint ? `${id}-note` : undefined} className={INPUT_CLASS} />
      </div>
      {(error || hint) && (
        <p id={`${id}-note`} role={error ? 'alert' : undefined} className={`text-xs ${error ? 'text-red-600' : 'text-slate-500'}`}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
