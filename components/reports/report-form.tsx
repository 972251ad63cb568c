'use client';

// The create and edit dialog of a saved report: owner, type, format, filters (organization,
// site, period), the schedule (none, daily, weekly, monthly with time, weekday or date and an
// optional time zone) and the email recipients, checked here as the API checks them (valid
// addresses, each once, at most 50) and again by the API, whose field errors land on the fields.
import { useState, type FormEvent } from 'react';
import { useAllOrganizations, useSites } from '@/hooks/use-organizations';
import { useMe } from '@/hooks/use-me';
import { useCreateReport, useUpdateReport, type CreateReportBody, type Report } from '@/hooks/use-reports';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { FORMAT_LABELS, TYPE_LABELS, WEEKDAY_LABELS } from '@/components/reports/report-labels';

const MAX_RECIPIENTS = 50;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SHOWN_FIELDS = ['name', 'orgId', 'type', 'format', 'filters', 'schedule', 'config'] as const;
const FIELDSET = 'space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700';
const LEGEND = 'px-1 text-sm font-medium text-slate-700 dark:text-slate-300';

/** The addresses of the recipients box (one a line, or separated by commas), or the problem with them. */
export function parseRecipients(text: string): { recipients: string[]; error?: string } {
  const recipients = text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = recipients.find((r) => !EMAIL.test(r));
  if (bad) return { recipients, error: `${bad} is not an email address` };
  if (new Set(recipients).size !== recipients.length) return { recipients, error: 'Name each recipient once' };
  if (recipients.length > MAX_RECIPIENTS) return { recipients, error: `At most ${MAX_RECIPIENTS} recipients (${recipients.length} given)` };
  return { recipients };
}

/** The first server message under a path prefix (`config.emailRecipients.3` → recipients). */
const under = (errors: Record<string, string>, prefix: string) => Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];

export function ReportForm({ report, defaultOrgId, onDone }: { report?: Report; defaultOrgId?: string | null; onDone: (r: Report) => void }) {
  const create = useCreateReport();
  const update = useUpdateReport();
  const orgs = useAllOrganizations();
  const orgScoped = useMe().data?.scope === 'organization';
  const [orgId, setOrgId] = useState(report ? (report.orgId ?? '') : (defaultOrgId ?? (orgScoped ? (orgs.data?.[0]?.id ?? '') : '')));
  const [schedule, setSchedule] = useState<string>(report?.schedule ?? 'weekly');
  const [orgFilter, setOrgFilter] = useState<string[]>(report?.filters.orgIds ?? []);
  const [siteFilter, setSiteFilter] = useState<string[]>(report?.filters.siteIds ?? []);
  const sites = useSites({ orgId: orgId || undefined });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const s = report?.config.schedule;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const str = (k: string) => String(f.get(k) ?? '').trim();
    const { recipients, error } = parseRecipients(str('recipients'));
    setFormError(null);
    if (error) {
      setErrors({ recipients: error });
      return;
    }
    const scheduleConfig = schedule
      ? {
          time: str('time') || '08:00',
          ...(schedule === 'weekly' ? { day: str('day') as 'monday' } : {}),
          ...(schedule === 'monthly' ? { date: Number(str('date')) } : {}),
          ...(str('timezone') ? { timezone: str('timezone') } : {}),
        }
      : undefined;
    const body = {
      name: str('name'),
      description: str('description') || null,
      type: str('type') as CreateReportBody['type'],
      format: str('format') as CreateReportBody['format'],
      filters: { orgIds: orgId ? [] : orgFilter, siteIds: orgId ? siteFilter : [], rangeDays: Number(str('rangeDays')) || 30 },
      schedule: (schedule || null) as CreateReportBody['schedule'],
      config: { ...(scheduleConfig ? { schedule: scheduleConfig } : {}), emailRecipients: recipients },
    };
    setErrors({});
    try {
      const saved = report ? await update.mutateAsync({ id: report.id, body }) : await create.mutateAsync({ ...body, orgId: orgId || null });
      onDone(saved);
    } catch (err) {
      const byPath = fieldErrorsOf(err, 'path');
      setErrors({
        ...fieldErrorsOf(err),
        recipients: under(byPath, 'config.emailRecipients') ?? '',
        time: under(byPath, 'config.schedule.time') ?? '',
        day: under(byPath, 'config.schedule.day') ?? '',
        date: under(byPath, 'config.schedule.date') ?? '',
        timezone: under(byPath, 'config.schedule.timezone') ?? '',
        rangeDays: under(byPath, 'filters.rangeDays') ?? '',
        filterIds: under(byPath, 'filters.orgIds') ?? under(byPath, 'filters.siteIds') ?? '',
      });
      setFormError(formErrorOf(err, SHOWN_FIELDS, 'Could not save the report'));
    }
  }

  const e = (k: string) => errors[k] || undefined;
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={report ? 'Edit report' : 'New report'} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" required maxLength={255} defaultValue={report?.name ?? ''} error={e('name')} autoFocus />
        <SelectField
          label="Organization"
          value={orgId}
          onChange={(ev) => {
            setOrgId(ev.target.value);
            setOrgFilter([]);
            setSiteFilter([]);
          }}
          disabled={!!report} error={e('orgId')} hint={report ? 'Fixed once created' : undefined}>
          {!orgScoped && <option value="">All organizations (partner-wide)</option>}
          {(orgs.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Report type" name="type" defaultValue={report?.type ?? 'device_inventory'} error={e('type')}>
          {Object.entries(TYPE_LABELS).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Format" name="format" defaultValue={report?.format ?? 'pdf'} error={e('format')} hint="Email attaches the PDF, or CSV for CSV and Excel reports">
          {Object.entries(FORMAT_LABELS).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </SelectField>
        <Field label="Period (days)" name="rangeDays" type="number" min={1} max={366} defaultValue={report?.filters.rangeDays ?? 30} error={e('rangeDays')} hint="Alerts, tickets and metrics of the days before each run" />
      </div>
      {orgId ? (
        <CheckList legend="Only these sites (none checked: every site)" options={(sites.data?.data ?? []).map((x) => ({ id: x.id, name: x.name }))} value={siteFilter} onChange={setSiteFilter} error={e('filterIds')} />
      ) : (
        <CheckList legend="Only these organizations (none checked: every organization)" options={(orgs.data ?? []).map((o) => ({ id: o.id, name: o.name }))} value={orgFilter} onChange={setOrgFilter} error={e('filterIds')} />
      )}
      <TextAreaField label="Description" name="description" rows={2} maxLength={2000} defaultValue={report?.description ?? ''} error={e('description')} />
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Schedule</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Repeat" value={schedule} onChange={(ev) => setSchedule(ev.target.value)} error={e('schedule')}>
            <option value="">On demand only</option>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
            <option value="monthly">Monthly</option>
          </SelectField>
          {schedule && <Field label="Time" name="time" type="time" defaultValue={s?.time ?? '08:00'} error={e('time')} />}
          {schedule === 'weekly' && (
            <SelectField label="Day" name="day" defaultValue={s?.day ?? 'monday'} error={e('day')}>
              {WEEKDAY_LABELS.map((d) => (
                <option key={d} value={d.toLowerCase()}>
                  {d}
                </option>
              ))}
            </SelectField>
          )}
          {schedule === 'monthly' && <Field label="Day of month" name="date" type="number" min={1} max={31} defaultValue={s?.date ?? 1} error={e('date')} hint="Shorter months run on their last day" />}
          {schedule && <Field label="Time zone" name="timezone" defaultValue={s?.timezone ?? ''} placeholder="Organization’s time zone" error={e('timezone')} hint="IANA name such as Europe/Berlin; empty: the organization’s, else the partner’s" />}
        </div>
      </fieldset>
      <TextAreaField
        label="Email recipients"
        name="recipients"
        rows={3}
        defaultValue={(report?.config.emailRecipients ?? []).join('\n')}
        error={e('recipients')}
        hint={`Up to ${MAX_RECIPIENTS} addresses, one a line; each run mails them the file`}
      />
      <FormError message={formError} />
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={busy}>
          {report ? 'Save report' : 'Create report'}
        </Button>
      </div>
    </form>
  );
}

/** A fieldset of checkboxes choosing some of `options`. */
function CheckList({ legend, options, value, onChange, error }: { legend: string; options: { id: string; name: string }[]; value: string[]; onChange: (ids: string[]) => void; error?: string }) {
  if (options.length === 0) return null;
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>{legend}</legend>
      <div className="grid max-h-40 gap-1 overflow-y-auto sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={value.includes(o.id)} onChange={(ev) => onChange(ev.target.checked ? [...value, o.id] : value.filter((id) => id !== o.id))} />
            {o.name}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
