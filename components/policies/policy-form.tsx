'use client';

// Create or replace a policy: name and owner, agent and inventory intervals, the checks (one row
// each, fields by kind) and the assignments (organizations, sites, groups, devices). Saving
// replaces the whole policy (PUT), so what the form shows is what is stored.
import { useState, type FormEvent } from 'react';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useMe } from '@/hooks/use-me';
import { useCreatePolicy, useReplacePolicy, type CreatePolicyBody, type Policy, type PolicyCheck } from '@/hooks/use-policies';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field, INLINE_INPUT_CLASS } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { DeploymentTargets, type DeploymentTargetsValue, type PickedDevice } from '@/components/deployments/deployment-targets';

const SHOWN_FIELDS = ['name', 'description', 'orgId', 'settings', 'checks', 'assignments'] as const;

export const CHECK_KINDS = {
  service_running: 'Service must run',
  process_running: 'Process must run',
  file_exists: 'File must exist',
  file_content: 'File must contain',
  script: 'Script exit code',
  software_required: 'Required software',
  software_forbidden: 'Forbidden software',
  security_posture: 'Security posture',
} as const;
type Kind = keyof typeof CHECK_KINDS;

interface Draft {
  id: string;
  kind: Kind;
  name: string;
  path: string;
  contains: string;
  key: string;
  script: string;
  remediation: string;
}

const blank = (n: number): Draft => ({ id: `check-${n}`, kind: 'service_running', name: '', path: '', contains: '', key: 'agent_up_to_date', script: '', remediation: '' });

function toDraft(c: PolicyCheck): Draft {
  const x = c as Record<string, unknown>;
  const step = (v: unknown) => ((v as { script?: string } | undefined)?.script ?? '');
  return { ...blank(0), id: c.id, kind: c.kind as Kind, name: String(x.name ?? ''), path: String(x.path ?? ''), contains: String(x.contains ?? ''), key: String(x.key ?? 'agent_up_to_date'), script: step(x.check), remediation: step(x.remediation) };
}

function toCheck(d: Draft): PolicyCheck {
  switch (d.kind) {
    case 'service_running':
    case 'process_running':
    case 'software_required':
    case 'software_forbidden':
      return { id: d.id, kind: d.kind, name: d.name.trim() } as PolicyCheck;
    case 'file_exists':
      return { id: d.id, kind: d.kind, path: d.path.trim() };
    case 'file_content':
      return { id: d.id, kind: d.kind, path: d.path.trim(), ...(d.contains ? { contains: d.contains } : {}) } as PolicyCheck;
    case 'security_posture':
      return { id: d.id, kind: d.kind, key: d.key, params: {} } as PolicyCheck;
    case 'script':
      return {
        id: d.id,
        kind: 'script',
        check: { interpreter: 'bash', script: d.script, timeoutSeconds: 60 },
        ...(d.remediation.trim() ? { remediation: { interpreter: 'bash', script: d.remediation, timeoutSeconds: 60 } } : {}),
      } as PolicyCheck;
  }
}

function targetsOf(p?: Policy): DeploymentTargetsValue {
  const of = (t: string) => (p?.assignments ?? []).filter((a) => a.targetType === t).map((a) => a.targetId);
  return { orgIds: of('organization'), siteIds: of('site'), groupIds: of('group'), deviceIds: of('device'), filterIds: of('filter') };
}

export function PolicyForm({ policy, defaultOrgId, onDone }: { policy?: Policy; defaultOrgId?: string | null; onDone: (p: Policy) => void }) {
  const create = useCreatePolicy();
  const replace = useReplacePolicy();
  const orgs = useAllOrganizations();
  const me = useMe().data;
  const orgScoped = me?.scope === 'organization';
  const [orgId, setOrgId] = useState(policy ? (policy.orgId ?? '') : (defaultOrgId ?? (orgScoped ? (orgs.data?.[0]?.id ?? '') : '')));
  const [checks, setChecks] = useState<Draft[]>(policy ? policy.checks.map(toDraft) : []);
  const [targets, setTargets] = useState<DeploymentTargetsValue>(targetsOf(policy));
  const [devices, setDevices] = useState<PickedDevice[]>(targetsOf(policy).deviceIds.map((id) => ({ id, name: id.slice(0, 8) })));
  const [partnerWide, setPartnerWide] = useState((policy?.assignments ?? []).some((a) => a.targetType === 'partner'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = create.isPending || replace.isPending;

  const edit = (i: number, patch: Partial<Draft>) => setChecks((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const num = (k: string) => (f.get(k) === null || f.get(k) === '' ? undefined : Number(f.get(k)));
    // Settings this form does not edit (alert rules, patch policy, maintenance window) are kept as they are.
    const settings = { ...policy?.settings, heartbeatIntervalSeconds: num('heartbeatIntervalSeconds'), inventoryIntervalMinutes: num('inventoryIntervalMinutes') };
    const assignments = [
      ...(partnerWide && !orgId && me?.partnerId ? [{ targetType: 'partner' as const, targetId: me.partnerId }] : []),
      ...targets.orgIds.map((id) => ({ targetType: 'organization' as const, targetId: id })),
      ...targets.siteIds.map((id) => ({ targetType: 'site' as const, targetId: id })),
      ...targets.groupIds.map((id) => ({ targetType: 'group' as const, targetId: id })),
      ...targets.filterIds.map((id) => ({ targetType: 'filter' as const, targetId: id })),
      ...targets.deviceIds.map((id) => ({ targetType: 'device' as const, targetId: id })),
    ];
    const body = {
      name: String(f.get('name') ?? '').trim(),
      description: String(f.get('description') ?? '').trim() || null,
      active: policy?.active ?? true,
      settings: Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)),
      checks: checks.map(toCheck),
      assignments,
    };
    setErrors({});
    setFormError(null);
    try {
      const saved = policy ? await replace.mutateAsync({ id: policy.id, body }) : await create.mutateAsync({ ...body, orgId: orgId || null } as CreatePolicyBody);
      onDone(saved);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(formErrorOf(err, SHOWN_FIELDS, 'Could not save the policy'));
    }
  }

  const orgList = orgs.data ?? [];
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={policy ? 'Edit policy' : 'New policy'} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" required maxLength={255} defaultValue={policy?.name ?? ''} error={errors.name} autoFocus />
        <SelectField label="Organization" value={orgId} onChange={(e) => setOrgId(e.target.value)} disabled={!!policy} error={errors.orgId} hint={policy ? 'Fixed once created' : undefined}>
          {!orgScoped && <option value="">Partner-wide</option>}
          {orgList.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Description" name="description" maxLength={2000} rows={2} defaultValue={policy?.description ?? ''} error={errors.description} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Settings</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Heartbeat interval (seconds)" name="heartbeatIntervalSeconds" type="number" min={15} max={3600} defaultValue={policy?.settings.heartbeatIntervalSeconds ?? ''} error={errors['settings.heartbeatIntervalSeconds']} />
          <Field label="Inventory interval (minutes)" name="inventoryIntervalMinutes" type="number" min={15} max={10080} defaultValue={policy?.settings.inventoryIntervalMinutes ?? ''} error={errors['settings.inventoryIntervalMinutes']} />
        </div>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Checks</legend>
        {checks.length === 0 && <p className="text-xs text-slate-600 dark:text-slate-400">No checks: the policy only carries settings.</p>}
        {checks.map((c, i) => (
          <div key={i} className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700" role="group" aria-label={`Check ${i + 1}`}>
            <div className="flex flex-wrap items-end gap-2">
              <label className="text-sm">
                Check kind{' '}
                <select className={INLINE_INPUT_CLASS} value={c.kind} onChange={(e) => edit(i, { kind: e.target.value as Kind })}>
                  {Object.entries(CHECK_KINDS).map(([k, label]) => (
                    <option key={k} value={k}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm">
                Check id <input className={INLINE_INPUT_CLASS} value={c.id} onChange={(e) => edit(i, { id: e.target.value })} maxLength={60} />
              </label>
              {['service_running', 'process_running', 'software_required', 'software_forbidden'].includes(c.kind) && (
                <label className="text-sm">
                  {c.kind === 'service_running' ? 'Service name' : c.kind === 'process_running' ? 'Process name' : 'Software name'}{' '}
                  <input className={INLINE_INPUT_CLASS} value={c.name} onChange={(e) => edit(i, { name: e.target.value })} />
                </label>
              )}
              {(c.kind === 'file_exists' || c.kind === 'file_content') && (
                <label className="text-sm">
                  File path <input className={INLINE_INPUT_CLASS} value={c.path} onChange={(e) => edit(i, { path: e.target.value })} />
                </label>
              )}
              {c.kind === 'file_content' && (
                <label className="text-sm">
                  Must contain <input className={INLINE_INPUT_CLASS} value={c.contains} onChange={(e) => edit(i, { contains: e.target.value })} />
                </label>
              )}
              {c.kind === 'security_posture' && (
                <label className="text-sm">
                  Posture check{' '}
                  <select className={INLINE_INPUT_CLASS} value={c.key} onChange={(e) => edit(i, { key: e.target.value })}>
                    <option value="agent_up_to_date">Agent up to date</option>
                    <option value="no_overdue_critical_patches">No overdue critical patches</option>
                  </select>
                </label>
              )}
              <Button type="button" variant="secondary" onClick={() => setChecks((list) => list.filter((_, j) => j !== i))}>
                Remove check
              </Button>
            </div>
            {c.kind === 'script' && (
              <div className="grid gap-2 sm:grid-cols-2">
                <TextAreaField label="Check script (bash, exit 0 passes)" rows={3} value={c.script} onChange={(e) => edit(i, { script: e.target.value })} />
                <TextAreaField label="Remediation script (optional)" rows={3} value={c.remediation} onChange={(e) => edit(i, { remediation: e.target.value })} />
              </div>
            )}
            {errors[`checks.${i}`] && <p className="text-xs text-red-700">{errors[`checks.${i}`]}</p>}
          </div>
        ))}
        <Button type="button" variant="secondary" onClick={() => setChecks((list) => [...list, blank(list.length + 1)])}>
          Add check
        </Button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Assignments</legend>
        {!orgId && !orgScoped && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={partnerWide} onChange={(e) => setPartnerWide(e.target.checked)} /> Every device of the partner
          </label>
        )}
        <DeploymentTargets orgId={orgId} orgs={orgList} value={targets} devices={devices} withFilters onChange={(t, d) => { setTargets(t); setDevices(d); }} error={errors.assignments} />
      </fieldset>
      <FormError message={formError} />
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={busy}>
          {policy ? 'Save policy' : 'Create policy'}
        </Button>
      </div>
    </form>
  );
}
