'use client';

// The automation builder: owner organization, trigger (cron schedule, catalogue event with a
// filter on its data, alert rule firing, manual), the target groups of schedule and manual
// triggers, conditions on the devices and the ordered actions (scripts, commands, tickets,
// webhooks, a static group, a deployment picked by software, an alert channel). The server
// validates everything; its field errors are shown next to the fields, per action.
import { useState, type FormEvent } from 'react';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useScripts } from '@/hooks/use-scripts';
import { useGroups } from '@/hooks/use-groups';
import { useDeployments } from '@/hooks/use-deployments';
import { useSoftwareCatalog } from '@/hooks/use-software';
import { useAllChannels } from '@/hooks/use-alert-config';
import { useCreateAutomation, type Automation, type CreateAutomationBody } from '@/hooks/use-automations';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { EVENT_TYPES } from '@/lib/events/catalogue';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

type TriggerType = 'schedule' | 'event' | 'alert' | 'manual';
type ActionDraft =
  | { type: 'run_script'; scriptId: string }
  | { type: 'device_command'; command: 'refresh_inventory' | 'reboot' }
  | { type: 'create_ticket'; subject: string }
  | { type: 'call_webhook'; url: string }
  | { type: 'add_to_group'; groupId: string }
  | { type: 'start_deployment'; packageId: string; deploymentId: string }
  | { type: 'notify_channel'; channelId: string; subject: string };

/** A deployment can be started by an automation while it has not finished. */
const STARTABLE = new Set(['draft', 'ready']);

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
  const groups = useGroups({ orgId: effectiveOrg || undefined, page: 1 });
  const staticGroups = (groups.data?.data ?? []).filter((g) => g.type === 'static');
  const channels = useAllChannels();
  const usableChannels = (channels.data?.data ?? []).filter((c) => !c.orgId || c.orgId === effectiveOrg);
  const [targetGroups, setTargetGroups] = useState<string[]>([]);
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
      targets: triggerType === 'schedule' || triggerType === 'manual' ? { groupIds: targetGroups } : undefined,
      actions: actions.map((a): CreateAutomationBody['actions'][number] => {
        switch (a.type) {
          case 'run_script':
            return { type: 'run_script', scriptId: a.scriptId };
          case 'device_command':
            return { type: 'device_command', command: { type: a.command, payload: {} } };
          case 'call_webhook':
            return { type: 'call_webhook', url: a.url };
          case 'create_ticket':
            return { type: 'create_ticket', subject: a.subject };
          case 'add_to_group':
            return { type: 'add_to_group', groupId: a.groupId };
          case 'start_deployment':
            return { type: 'start_deployment', deploymentId: a.deploymentId };
          case 'notify_channel':
            return { type: 'notify_channel', channelId: a.channelId, subject: a.subject };
        }
      }),
    };
    try {
      onDone(await create.mutateAsync(body));
    } catch (err) {
      // Whole paths (`actions.2.groupId`) go beside their fields; a first-segment message only
      // where no field shows it (e.g. the trigger's eventType beside the trigger type).
      const byPath = fieldErrorsOf(err, 'path');
      const byField = fieldErrorsOf(err);
      const nested = (key: string) => Object.keys(byPath).some((k) => k.startsWith(`${key}.`) && (key !== 'trigger' || k === 'trigger.cron') && (key !== 'targets' || k === 'targets.groupIds'));
      setErrors({ ...Object.fromEntries(Object.entries(byField).filter(([k]) => !nested(k))), ...byPath });
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
      {(triggerType === 'schedule' || triggerType === 'manual') && (
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Devices (the members of these groups when it runs)</legend>
          {errors['targets.groupIds'] && <p className="text-sm text-red-700 dark:text-red-300">{errors['targets.groupIds']}</p>}
          {(groups.data?.data ?? []).length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">This organization has no device groups yet.</p>}
          <div className="flex flex-wrap gap-4 text-sm">
            {(groups.data?.data ?? []).map((g) => (
              <label key={g.id} className="flex items-center gap-2">
                <input type="checkbox" checked={targetGroups.includes(g.id)} onChange={(e) => setTargetGroups((l) => (e.target.checked ? [...l, g.id] : l.filter((x) => x !== g.id)))} />
                {g.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
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
              <ActionFields
                index={i}
                action={a}
                onChange={(x) => setAction(i, x)}
                errors={errors}
                scripts={(scripts.data?.data ?? []).map((x) => ({ id: x.id, name: x.name }))}
                groups={staticGroups.map((g) => ({ id: g.id, name: g.name }))}
                channels={usableChannels.map((c) => ({ id: c.id, name: `${c.name} (${c.kind})` }))}
                orgId={effectiveOrg}
              />
              <Button type="button" variant="secondary" disabled={i === 0} onClick={() => setActions((l) => l.map((x, j) => (j === i - 1 ? l[i] : j === i ? l[i - 1] : x)))} aria-label={`Move action ${i + 1} up`}>
                Up
              </Button>
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
          <Button type="button" variant="secondary" onClick={() => setActions((l) => [...l, { type: 'add_to_group', groupId: '' }])}>
            Add: add to a group
          </Button>
          <Button type="button" variant="secondary" onClick={() => setActions((l) => [...l, { type: 'start_deployment', packageId: '', deploymentId: '' }])}>
            Add: start a deployment
          </Button>
          <Button type="button" variant="secondary" onClick={() => setActions((l) => [...l, { type: 'notify_channel', channelId: '', subject: '' }])}>
            Add: notify a channel
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

type Option = { id: string; name: string };

/** The fields of one action; errors are the server's, keyed `actions.<i>.<field>`. */
function ActionFields({ index: i, action: a, onChange, errors, scripts, groups, channels, orgId }: { index: number; action: ActionDraft; onChange: (a: ActionDraft) => void; errors: Record<string, string>; scripts: Option[]; groups: Option[]; channels: Option[]; orgId: string }) {
  const err = (field: string) => errors[`actions.${i}.${field}`] ?? (field === 'type' ? errors[`actions.${i}`] : undefined);
  const n = i + 1;
  switch (a.type) {
    case 'run_script':
      return (
        <SelectField label={`Script of action ${n}`} value={a.scriptId} onChange={(e) => onChange({ type: 'run_script', scriptId: e.target.value })} error={err('scriptId')}>
          <option value="">Choose a script</option>
          {scripts.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
      );
    case 'device_command':
      return (
        <SelectField label={`Command of action ${n}`} value={a.command} onChange={(e) => onChange({ type: 'device_command', command: e.target.value as 'refresh_inventory' | 'reboot' })} error={err('command')}>
          <option value="refresh_inventory">Refresh inventory</option>
          <option value="reboot">Reboot</option>
        </SelectField>
      );
    case 'call_webhook':
      return <Field label={`Webhook URL of action ${n}`} type="url" value={a.url} onChange={(e) => onChange({ type: 'call_webhook', url: e.target.value })} error={err('url')} />;
    case 'create_ticket':
      return <Field label={`Ticket subject of action ${n}`} value={a.subject} onChange={(e) => onChange({ type: 'create_ticket', subject: e.target.value })} error={err('subject')} />;
    case 'add_to_group':
      return (
        <SelectField label={`Static group of action ${n}`} hint={groups.length ? undefined : 'Create a static group first'} value={a.groupId} onChange={(e) => onChange({ type: 'add_to_group', groupId: e.target.value })} error={err('groupId')}>
          <option value="">Choose a group</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
      );
    case 'start_deployment':
      return <DeploymentPicker index={i} action={a} onChange={onChange} error={err('deploymentId')} orgId={orgId} />;
    case 'notify_channel':
      return (
        <>
          <SelectField label={`Alert channel of action ${n}`} hint={channels.length ? undefined : 'Create an alert channel first'} value={a.channelId} onChange={(e) => onChange({ ...a, channelId: e.target.value })} error={err('channelId')}>
            <option value="">Choose a channel</option>
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <Field label={`Message subject of action ${n} (optional)`} placeholder="[automation] {{automation}} on {{hostname}}" value={a.subject} maxLength={255} onChange={(e) => onChange({ ...a, subject: e.target.value })} error={err('subject')} />
        </>
      );
  }
}

/** A deployment of the organization that has not started, narrowed by the software it installs. */
function DeploymentPicker({ index: i, action: a, onChange, error, orgId }: { index: number; action: Extract<ActionDraft, { type: 'start_deployment' }>; onChange: (a: ActionDraft) => void; error?: string; orgId: string }) {
  const catalog = useSoftwareCatalog({ page: 1, limit: 100 });
  const deployments = useDeployments({ page: 1, limit: 100, orgId: orgId || undefined, ...(a.packageId ? { kind: 'software', packageId: a.packageId } : {}) });
  const startable = (deployments.data?.data ?? []).filter((d) => STARTABLE.has(d.status));
  const n = i + 1;
  return (
    <>
      <SelectField label={`Software of action ${n}`} value={a.packageId} onChange={(e) => onChange({ ...a, packageId: e.target.value, deploymentId: '' })}>
        <option value="">Any deployment</option>
        {(catalog.data?.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={`Deployment of action ${n}`} hint={startable.length ? 'It must be ready (initialized) when the automation runs' : 'No draft or ready deployment here yet'} value={a.deploymentId} onChange={(e) => onChange({ ...a, deploymentId: e.target.value })} error={error}>
        <option value="">Choose a deployment</option>
        {startable.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name} ({d.kind}, {d.status})
          </option>
        ))}
      </SelectField>
    </>
  );
}
