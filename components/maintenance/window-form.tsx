'use client';

// The create dialog of a maintenance window: owner organization, targets (the whole
// organization, sites, groups, devices picked by search), the schedule in a time zone
// (one-off, daily, weekly on chosen days, monthly on a day) and the options.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useCreateMaintenanceWindow } from '@/hooks/use-maintenance';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { fromLocal } from '@/lib/maintenance/zoned-time';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { NO_TARGETS, TargetPicker, type PickedTargets } from '@/components/maintenance/target-picker';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
type Recurrence = 'none' | 'daily' | 'weekly' | 'monthly' | 'rrule';

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Now rounded up to the next 5 minutes, as a datetime-local value in the browser's zone. */
function defaultStart(): string {
  const d = new Date(Math.ceil(Date.now() / 300_000) * 300_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value read as wall-clock time in `timeZone`; null when incomplete. */
function instantOf(local: string, timeZone: string, endOfDay = false): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(local);
  if (!m) return null;
  try {
    const [h, min] = m[4] ? [Number(m[4]), Number(m[5])] : endOfDay ? [23, 59] : [0, 0];
    return fromLocal(Number(m[1]), Number(m[2]), Number(m[3]), h, min, timeZone).toISOString();
  } catch {
    return null;
  }
}

/** Fields that show their own error under the input. */
const SHOWN_FIELDS = ['name', 'orgId', 'description', 'startsAt', 'durationMinutes', 'endsAt', 'timezone', 'recurrence', 'rrule', 'daysOfWeek', 'dayOfMonth', 'until', 'targets'] as const;

export function WindowForm({ defaultOrgId, orgs }: { defaultOrgId: string; orgs: { id: string; name: string }[] }) {
  const router = useRouter();
  const create = useCreateMaintenanceWindow();
  const [orgId, setOrgId] = useState(defaultOrgId);
  const [wholeOrg, setWholeOrg] = useState(false);
  const [targets, setTargets] = useState<PickedTargets>(NO_TARGETS);
  const [recurrence, setRecurrence] = useState<Recurrence>('none');
  const [days, setDays] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function changeOrg(id: string) {
    setOrgId(id);
    setTargets(NO_TARGETS);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const timezone = String(f.get('timezone') || '').trim() || 'UTC';
    const startsAt = instantOf(String(f.get('startsAt') ?? ''), timezone);
    const until = String(f.get('until') || '');
    setErrors({});
    setFormError(null);
    if (!startsAt) {
      setErrors({ startsAt: 'Pick a start date and time' });
      return;
    }
    try {
      const w = await create.mutateAsync({
        name: String(f.get('name') ?? ''),
        description: String(f.get('description') ?? '').trim() || undefined,
        orgId: orgId || undefined,
        targets: wholeOrg ? { orgIds: orgId ? [orgId] : [], siteIds: [], groupIds: [], deviceIds: [] } : { orgIds: [], siteIds: targets.siteIds, groupIds: targets.groupIds, deviceIds: targets.devices.map((d) => d.id) },
        startsAt,
        durationMinutes: Number(f.get('durationMinutes')),
        timezone,
        recurrence,
        daysOfWeek: recurrence === 'weekly' && days.length ? days : undefined,
        dayOfMonth: recurrence === 'monthly' && f.get('dayOfMonth') ? Number(f.get('dayOfMonth')) : undefined,
        rrule: recurrence === 'rrule' ? String(f.get('rrule') ?? '') : undefined,
        until: recurrence !== 'none' && until ? instantOf(until, timezone, true) : undefined,
        suppressAlerts: f.get('suppressAlerts') === 'on',
        suppressReboots: f.get('suppressReboots') === 'on',
        suppressPatching: f.get('suppressPatching') === 'on',
      });
      router.push(`/maintenance/${w.id}`);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      // A problem shown under its field is not repeated above the buttons.
      setFormError(formErrorOf(err, SHOWN_FIELDS, 'Could not create the window'));
    }
  }

  const checkbox = 'flex items-center gap-2 text-sm';
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="New maintenance window" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" required maxLength={255} error={errors.name} autoFocus />
        <SelectField label="Organization" value={orgId} onChange={(e) => changeOrg(e.target.value)} error={errors.orgId}>
          {orgs.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Description" name="description" maxLength={2000} rows={2} error={errors.description} />

      <fieldset className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Targets</legend>
        <label className={checkbox}>
          <input type="checkbox" checked={wholeOrg} onChange={(e) => setWholeOrg(e.target.checked)} /> Every device of the organization
        </label>
        {!wholeOrg && <TargetPicker orgId={orgId} value={targets} onChange={setTargets} />}
        {errors.targets && <p className="text-sm text-red-700 dark:text-red-300">{errors.targets}</p>}
      </fieldset>

      <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Schedule</legend>
        <Field label="Starts" name="startsAt" type="datetime-local" defaultValue={defaultStart()} required error={errors.startsAt} />
        <Field label="Duration (minutes)" name="durationMinutes" type="number" min={1} max={44640} defaultValue={60} required error={errors.durationMinutes ?? errors.endsAt} />
        <Field label="Time zone" name="timezone" defaultValue={browserTimeZone()} maxLength={64} hint="IANA name, e.g. Europe/Berlin" error={errors.timezone} />
        <SelectField label="Repeats" value={recurrence} onChange={(e) => setRecurrence(e.target.value as Recurrence)} error={errors.recurrence}>
          <option value="none">Does not repeat</option>
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
          <option value="rrule">Custom rule (RRULE)</option>
        </SelectField>
        {recurrence === 'weekly' && (
          <fieldset className="flex flex-wrap gap-3 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">On</legend>
            {DAYS.map((d, i) => (
              <label key={d} className={checkbox}>
                <input type="checkbox" checked={days.includes(i)} onChange={() => setDays(days.includes(i) ? days.filter((x) => x !== i) : [...days, i])} /> {d.slice(0, 3)}
              </label>
            ))}
            {errors.daysOfWeek && <p className="w-full text-sm text-red-700 dark:text-red-300">{errors.daysOfWeek}</p>}
          </fieldset>
        )}
        {recurrence === 'monthly' && <Field label="Day of month" name="dayOfMonth" type="number" min={1} max={31} hint="Short months use their last day" error={errors.dayOfMonth} />}
        {recurrence === 'rrule' && (
          <div className="sm:col-span-2">
          <Field
            label="Rule"
            name="rrule"
            required
            maxLength={500}
            defaultValue="FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2"
            hint="RFC 5545, e.g. FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2 (second Tuesday) or FREQ=WEEKLY;INTERVAL=2;BYDAY=SA. The time of day is the start's."
            error={errors.rrule}
          />
          </div>
        )}
        {recurrence !== 'none' && <Field label="Until (optional)" name="until" type="date" error={errors.until} />}
      </fieldset>

      <div className="space-y-1">
        <label className={checkbox}>
          <input type="checkbox" name="suppressAlerts" defaultChecked /> Suppress alerts of the targets during maintenance
        </label>
        <label className={checkbox}>
          <input type="checkbox" name="suppressReboots" /> Hold reboots after patch installs during maintenance
        </label>
        <label className={checkbox}>
          <input type="checkbox" name="suppressPatching" /> Hold patch installs during maintenance
        </label>
      </div>
      <FormError message={formError} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create window'}
      </Button>
    </form>
  );
}
