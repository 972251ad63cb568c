'use client';

// Partner settings: name, time zone, business hours, contact and service-management mode. The IP
// allowlist (with the address the server sees and the lock-out check) is on the Security page.
import Link from 'next/link';
import { useMemo, useState, type FormEvent } from 'react';
import { useMe } from '@/hooks/use-me';
import { useMyPartner, useUpdateMyPartner } from '@/hooks/use-partner';
import { useFormChanges } from '@/hooks/use-form-changes';
import { ApiError } from '@/lib/client/api-client';
import { sameValue } from '@/lib/client/changed-fields';
import { browserTimeZone, normalizeTimeZone, timeZoneOptions } from '@/lib/client/time-zones';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, ErrorText, PageHeader, SelectField } from '@/components/ui/controls';
import { BrandingEditor } from '@/components/branding/branding-editor';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const DAY_LABELS: Record<(typeof DAYS)[number], string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
type Hours = Partial<Record<(typeof DAYS)[number], { start: string; end: string } | null>>;

const PRESETS: Record<string, { label: string; days?: Hours }> = {
  '24x7': { label: 'Around the clock (24×7)' },
  weekdays_9_17: { label: 'Weekdays 09:00–17:00', days: { mon: { start: '09:00', end: '17:00' }, tue: { start: '09:00', end: '17:00' }, wed: { start: '09:00', end: '17:00' }, thu: { start: '09:00', end: '17:00' }, fri: { start: '09:00', end: '17:00' } } },
  weekdays_8_18: { label: 'Weekdays 08:00–18:00', days: { mon: { start: '08:00', end: '18:00' }, tue: { start: '08:00', end: '18:00' }, wed: { start: '08:00', end: '18:00' }, thu: { start: '08:00', end: '18:00' }, fri: { start: '08:00', end: '18:00' } } },
  custom: { label: 'Custom' },
};

type Partner = NonNullable<ReturnType<typeof useMyPartner>['data']>;

/** The business hours the form sends for a preset: a named preset carries its own days. */
function hoursBody(preset: string, days: Hours) {
  return { preset, days: preset === 'custom' ? days : (PRESETS[preset]?.days ?? {}) };
}

export function PartnerSettings() {
  const me = useMe();
  const isPartner = me.data?.scope === 'partner';
  const partner = useMyPartner(isPartner);
  const p = partner.data;
  // Lives above the form: the form remounts with the saved record, the message stays.
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  if (me.data && !isPartner) return <p className="text-sm text-slate-500">Partner settings are managed by your partner’s administrators.</p>;
  if (partner.isError) return <ErrorText error={partner.error} />;
  if (!p) return <p role="status">Loading…</p>;
  // Keyed by the record's version: after a save the form starts again from what was stored.
  return (
    <div className="max-w-5xl space-y-4">
      <PartnerSettingsForm key={p.updatedAt} p={p} message={message} setMessage={setMessage} />
      <BrandingEditor orgId={null} canEdit />
    </div>
  );
}

type Message = { ok: boolean; text: string } | null;

function PartnerSettingsForm({ p, message, setMessage }: { p: Partner; message: Message; setMessage: (m: Message) => void }) {
  const save = useUpdateMyPartner();
  const storedZone = p.settings.timezone ? normalizeTimeZone(p.settings.timezone) : undefined;
  // A partner without a zone yet is offered the browser's (UTC for a browser reporting Etc/UTC).
  const [defaultZone] = useState(() => storedZone ?? browserTimeZone());
  const zones = useMemo(() => timeZoneOptions(defaultZone), [defaultZone]);
  const storedHours = p.settings.businessHours;
  const [preset, setPreset] = useState(() => (storedHours?.preset && PRESETS[storedHours.preset] ? storedHours.preset : storedHours?.preset ? 'custom' : '24x7'));
  const [days, setDays] = useState<Hours>(() => (storedHours?.days as Hours | undefined) ?? {});
  const [initialHours] = useState(() => hoursBody(preset, days));

  const initial = {
    name: p.name,
    billingEmail: p.billingEmail,
    serviceManagementMode: p.serviceManagementMode,
    timezone: storedZone,
    contact: { name: p.settings.contact?.name || undefined, email: p.settings.contact?.email || undefined },
  };
  const read = (f: FormData): typeof initial => ({
    name: String(f.get('name') ?? ''),
    billingEmail: String(f.get('billingEmail') || '') || null,
    serviceManagementMode: String(f.get('mode')) as Partner['serviceManagementMode'],
    timezone: String(f.get('timezone')),
    contact: { name: String(f.get('contactName') || '') || undefined, email: String(f.get('contactEmail') || '') || undefined },
  });
  const form = useFormChanges(initial, read);
  const hours = hoursBody(preset, days);
  const hoursChanged = !sameValue(initialHours, hours);
  const dirty = form.dirty || hoursChanged || storedZone === undefined;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMessage(null);
    const { timezone, contact, ...top } = form.changesOf(e.currentTarget);
    const settings = { ...(timezone !== undefined ? { timezone } : {}), ...(contact !== undefined ? { contact } : {}), ...(hoursChanged ? { businessHours: hours } : {}) };
    const body = { ...top, ...(Object.keys(settings).length > 0 ? { settings } : {}) };
    if (Object.keys(body).length === 0) return setMessage({ ok: true, text: 'No changes to save.' });
    try {
      await save.mutateAsync(body);
      setMessage({ ok: true, text: 'Settings saved.' });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError ? err.message : 'Could not save' });
    }
  }

  return (
    <form onSubmit={onSubmit} onChange={form.onChange} className="max-w-3xl space-y-4" aria-label="Partner settings">
      <PageHeader title="Partner settings" description={`${p.name} · ${p.slug}`} />
      <Card title="Company">
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Company name" name="name" defaultValue={p.name} required maxLength={255} />
          <Field label="Billing email" name="billingEmail" type="email" defaultValue={p.billingEmail ?? ''} />
          <Field label="Contact name" name="contactName" defaultValue={p.settings.contact?.name ?? ''} maxLength={255} />
          <Field label="Contact email" name="contactEmail" type="email" defaultValue={p.settings.contact?.email ?? ''} />
        </div>
      </Card>
      <Card title="Time zone and business hours">
        <div className="grid gap-3 md:grid-cols-2">
          <SelectField label="Time zone" name="timezone" defaultValue={defaultZone} hint={storedZone ? 'Business hours and SLA due dates use it' : 'Not set yet: saving stores the zone shown. Business hours and SLA due dates use it'}>
            {zones.map((z) => (
              <option key={z}>{z}</option>
            ))}
          </SelectField>
          <SelectField label="Business hours" value={preset} onChange={(e) => setPreset(e.target.value)}>
            {Object.entries(PRESETS).map(([k, v]) => (
              <option key={k} value={k}>
                {v.label}
              </option>
            ))}
          </SelectField>
        </div>
        {preset === 'custom' && (
          <fieldset className="mt-3 space-y-2">
            <legend className="text-sm font-medium">Opening hours</legend>
            {DAYS.map((d) => {
              const h = days[d];
              return (
                <div key={d} className="flex flex-wrap items-center gap-3 text-sm">
                  <label className="flex w-32 items-center gap-2">
                    <input type="checkbox" checked={!!h} onChange={() => setDays((s) => ({ ...s, [d]: h ? null : { start: '09:00', end: '17:00' } }))} />
                    {DAY_LABELS[d]}
                  </label>
                  {h && (
                    <>
                      <label className="sr-only" htmlFor={`${d}-start`}>{`${DAY_LABELS[d]} opens`}</label>
                      <input id={`${d}-start`} type="time" value={h.start} onChange={(e) => setDays((s) => ({ ...s, [d]: { ...h, start: e.target.value } }))} className="rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900" />
                      <span aria-hidden="true">–</span>
                      <label className="sr-only" htmlFor={`${d}-end`}>{`${DAY_LABELS[d]} closes`}</label>
                      <input id={`${d}-end`} type="time" value={h.end} onChange={(e) => setDays((s) => ({ ...s, [d]: { ...h, end: e.target.value } }))} className="rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900" />
                    </>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}
      </Card>
      <Card title="Service management">
        <SelectField label="Mode" name="mode" defaultValue={p.serviceManagementMode} hint="native: tickets live here · external: your PSA owns tickets · off: no new tickets on any path">
          <option value="native">native</option>
          <option value="external">external</option>
          <option value="off">off</option>
        </SelectField>
      </Card>
      <Card title="Admin IP allowlist">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {p.settings.security?.ipAllowlist?.length ? `${p.settings.security.ipAllowlist.length} entries are active.` : 'Off: every address can sign in.'} Edit it on the{' '}
          <Link href="/settings/security" className="text-brand-700 underline dark:text-brand-100">
            Security page
          </Link>
          , which shows the address the server sees for you and warns before a list would lock you out.
        </p>
      </Card>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-emerald-700' : 'text-red-600'}`}>
          {message.text}
        </p>
      )}
      <Button type="submit" disabled={save.isPending || !dirty}>
        {save.isPending ? 'Saving…' : dirty ? 'Save settings' : 'No changes'}
      </Button>
    </form>
  );
}
