'use client';

// The automation builder: owner organization, trigger (cron schedule, catalogue event with a
// filter on its data, alert rule firing, manual), conditions on the devices and the ordered
// actions. The server validates everything; its field errors are shown next to the fields.
import { useState, type FormEvent } from 'react';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useScripts } from '@/hooks/use-scripts';
import { useCreateAutomation, type Automation, type CreateAutomationBody } from '@/hooks/use-automations';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { EVENT_TYPES } from '@/lib/events/catalogue';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

type TriggerType = 'schedule' | 'event' | 'alert' | 'manual';
type ActionDraft = { type: 'run_script'; scriptId: string } | { type: 'device_command'; command: 'refresh_inventory' | 'reboot' } | { type: 'create_ticket'; subject: string } | { type: 'call_webhook'; url: string };

const SHOWN = ['name', 'orgId', 'trigger', 'actions', 'conditions'] as const;
const FIELDSET = 'space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700';
const LEGEND = 'px-1 text-sm font-medium text-slate-700 dark:text-slate-300';
const OS = ['windows', 'macos', 'linux'] as const;

export function AutomationForm({ defaultOrgId, onDone }: { defaultOrgId?: string | null; onDone: (a: Automation) => void }) {
  const create = useCreateAutomation();
  const orgs = useAllOrganizations();
  const [orgId, setOrgId] = useState(defaultOrgId ?? '');
  const effectiveOrg = orgId || orgs.data?.[0]?.id || '';
  const scripts = useScripts({ page: 1, orgId: effectiveOrg || undefined });
  const [triggerType, setTriggerType] = useState<TriggerType>('event');
  const [eventType, setEventType] = useState<string>('device.offline');
  const [actions, setActions] = useState<ActionDraft[]>([]);
  const [osTypes, setOsTypes] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function setAction(i: number, a: ActionDraft) {
    setActions((list) => list.map((x, j) => (j === i ? a : x)));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setErrors({});
    setFormError(null);
    let filter: Record<string, string> = {};
    const filterText = String(f.get('filter') || '').trim();
    if (filterText) {
      try {
        filter = JSON.parse(filterText) as Record<string, string>;
      } catch {
        setErrors({ trigger: 'The filter must be a JSON object such as {"hostname": "web-01"}' });
        return;
      }
    }
    const trigger: CreateAutomationBody['trigger'] =
      triggerType === 'schedule'
        ? { type: 'schedule', cron: String(f.get('cron') || '') }
        : triggerType === 'event'
          ? { type: 'event', eventType: eventType as (typeof EVENT_TYPES)[number], filter }
          : triggerType === 'alert'
            ? { type: 'alert' }
            : { type: 'manual' };
    const body: CreateAutomationBody = {
      orgId: effectiveOrg || undefined,
      name: String(f.get('name') || ''),
      description: String(f.get('description') || '') || null,
      trigger,
      conditions: { osTypes: osTypes as (typeof OS)[number][], statuses: f.get('onlineOnly') ? ['online'] : [] },
      actions: actions.map((a) =>
        a.type === 'run_script'
          ? { type: 'run_script', scriptId: a.scriptId }
          : a.type === 'device_command'
            ? { type: 'device_command', command: { type: a.command, payload: {} } }
            : a.type === 'call_webhook'
              ? { type: 'call_webhook', url: a.url }
              : { type: 'create_ticket', subject: a.subject },
      ),
    };
    try {
      onDone(await create.mutateAsync(body));
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(formErrorOf(err, SHOWN, 'The automation could not be saved'));
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-label="Automation builder">
      <Field label="Name" name="name" required maxLength={200} error={errors.name} />
      <TextAreaField label="Description" name="description" rows={2} maxLength={2000} />
      <SelectField label="Organization" value={effectiveOrg} onChange={(e) => setOrgId(e.target.value)} error={errors.orgId}>
        {(orgs.data ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </SelectField>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Trigger</legend>
        <SelectField label="Trigger type" value={triggerType} onChange={(e) => setTriggerType(e.target.value as TriggerType)} error={errors.trigger}>
          <option value="event">An event</option>
          <option value="schedule">A schedule</option>
          <option value="alert">An alert rule firing</option>
          <option value="manual">Manual only</option>
        </SelectField>
        {triggerType === 'schedule' && <Field label="Cron (minute hour day month weekday, organization time zone)" name="cron" defaultValue="0 3 * * *" error={errors['trigger.cron']} />}
        {triggerType === 'event' && (
          <>
            <SelectField label="Event type" value={eventType} onChange={(e) => setEventType(e.target.value)}>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </SelectField>
            <TextAreaField label="Filter on the event data (JSON, optional)" name="filter" rows={2} placeholder='{"hostname": "web-01"}' />
          </>
        )}
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Conditions</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {OS.map((os) => (
            <label key={os} className="flex items-center gap-2">
              <input type="checkbox" checked={osTypes.includes(os)} onChange={(e) => setOsTypes((l) => (e.target.checked ? [...l, os] : l.filter((x) => x !== os)))} />
              {os}
            </label>
          ))}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="onlineOnly" />
            Online devices only
          </label>
        </div>
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Actions, in order</legend>
        {errors.actions && <p className="text-sm text-red-700 dark:text-red-300">{errors.actions}</p>}
        <ol className="space-y-2">
          {actions.map((a, i) => (
            <li key={i} className="flex flex-wrap items-end gap-2">
              <span className="text-sm font-medium">{i + 1}.</span>
              {a.type === 'run_script' && (
                <SelectField label={`Script of action ${i + 1}`} value={a.scriptId} onChange={(e) => setAction(i, { type: 'run_script', scriptId: e.target.value })}>
                  <option value="">Choose a script</option>
                  {(scripts.data?.data ?? []).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </SelectField>
              )}
              {a.type === 'device_command' && (
                <SelectField label={`Command of action ${i + 1}`} value={a.command} onChange={(e) => setAction(i, { type: 'device_command', command: e.target.value as 'refresh_inventory' | 'reboot' })}>
                  <option value="refresh_inventory">Refresh inventory</option>
                  <option value="reboot">Reboot</option>
                </SelectField>
              )}
              {a.type === 'call_webhook' && <Field label={`Webhook URL of action ${i + 1}`} type="url" value={a.url} onChange={(e) => setAction(i, { type: 'call_webhook', url: e.target.value })} />}
              {a.type === 'create_ticket' && <Field label={`Ticket subject of action ${i + 1}`} value={a.subject} onChange={(e) => setAction(i, { type: 'create_ticket', subject: e.target.value })} />}
              <Button type="button" variant="secondary" onClick={() => setActions((l) => l.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={() => setActions((l) => [...l, { type: 'run_script', scriptId: '' }])}>
            Add: run a script
          </Button>
          <Button type="button" variant="secondary" onClick={() => setActions((l) => [...l, { type: 'device_command', command: 'refresh_inventory' }])}>
            Add: device command
          </Button>
          <Button type="button" variant="secondary" onClick={() => setActions((l) => [...l, { type: 'create_ticket', subject: '' }])}>
            Add: create a ticket
          </Button>
          <Button type="button" variant="secondary" onClick={() => setActions((l) => [...l, { type: 'call_webhook', url: '' }])}>
            Add: call a webhook
          </Button>
        </div>
      </fieldset>
      <FormError message={formError} />
      <Button type="submit" disabled={create.isPending}>
        Create automation
      </Button>
    </form>
  );
}
