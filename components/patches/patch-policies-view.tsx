'use client';

// Patch policies: the list with create, edit and delete. The dialog sets the owner, the targets
// (organizations, sites, groups, devices), the sources, per severity whether and after how many
// days patches are approved automatically, the reboot behaviour and the maintenance window
// installs run in. A policy without targets covers every device of its organization (or partner).
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useRuleTargetDevices } from '@/hooks/use-devices';
import { useCreatePatchPolicy, useDeletePatchPolicy, usePatchPolicies, useUpdatePatchPolicy, type PatchPolicy } from '@/hooks/use-patch-policies';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useMaintenanceWindows } from '@/hooks/use-maintenance';
import { fieldErrorsOf, messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, INLINE_INPUT_CLASS } from '@/components/ui/field';
import { Badge, Card, EmptyState, ErrorText, PageHeader, SelectField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { TargetPicker, type PickedTargets } from '@/components/maintenance/target-picker';

// The values of lib/patches/schemas.ts and policy-schemas.ts, repeated here: those modules load
// the server configuration (through pagination), which the console bundle must not.
const PATCH_SOURCES = ['os_vendor_a', 'os_vendor_b', 'linux', 'third_party', 'custom'] as const;
const PATCH_SEVERITIES = ['critical', 'important', 'moderate', 'low', 'unknown'] as const;
const REBOOT_BEHAVIORS = ['never', 'if_required', 'always'] as const;
const REBOOT_LABELS: Record<(typeof REBOOT_BEHAVIORS)[number], string> = { never: 'Never reboot', if_required: 'Reboot if required', always: 'Always reboot' };

function rulesText(p: PatchPolicy): string {
  const on = PATCH_SEVERITIES.filter((s) => p.autoApprove[s].approve).map((s) => `${s}${p.autoApprove[s].afterDays ? ` after ${p.autoApprove[s].afterDays}d` : ''}`);
  return on.length ? on.join(', ') : 'Manual approval only';
}

function targetsText(p: PatchPolicy): string {
  const t = p.targets;
  const parts = [[t.orgIds.length, 'organization'], [t.siteIds.length, 'site'], [t.groupIds.length, 'group'], [t.deviceIds.length, 'device']] as const;
  const named = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`);
  return named.length ? named.join(', ') : 'All devices';
}

function PolicyForm({ policy, onDone }: { policy: PatchPolicy | null; onDone: () => void }) {
  const create = useCreatePatchPolicy();
  const update = useUpdatePatchPolicy();
  const orgs = useAllOrganizations();
  const windows = useMaintenanceWindows({ status: 'active' });
  const [orgId, setOrgId] = useState(policy?.orgId ?? '');
  const [targets, setTargets] = useState<PickedTargets>(() => {
    const t = policy?.targets;
    return { orgIds: t?.orgIds ?? [], siteIds: t?.siteIds ?? [], groupIds: t?.groupIds ?? [], devices: (t?.deviceIds ?? []).map((id) => ({ id, name: '' })) };
  });
  // Devices kept from the policy show their hostname once the first page of devices has it.
  const known = useRuleTargetDevices(orgId || null, '');
  const named = { ...targets, devices: targets.devices.map((d) => ({ id: d.id, name: d.name || (known.data?.data.find((k) => k.id === d.id)?.hostname ?? `Device ${d.id.slice(0, 8)}`) })) };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const autoApprove = Object.fromEntries(PATCH_SEVERITIES.map((s) => [s, { approve: f.get(`approve-${s}`) === 'on', afterDays: Number(f.get(`days-${s}`) || 0) }])) as PatchPolicy['autoApprove'];
    const body = {
      name: String(f.get('name') ?? '').trim(),
      description: String(f.get('description') ?? '').trim() || null,
      enabled: f.get('enabled') === 'on',
      targets: { orgIds: orgId ? [] : targets.orgIds, siteIds: targets.siteIds, groupIds: targets.groupIds, deviceIds: targets.devices.map((d) => d.id) },
      sources: PATCH_SOURCES.filter((s) => f.get(`source-${s}`) === 'on'),
      autoApprove,
      rebootBehavior: String(f.get('rebootBehavior')) as PatchPolicy['rebootBehavior'],
      maintenanceWindowId: String(f.get('maintenanceWindowId') || '') || null,
    };
    setErrors({});
    setFormError(null);
    try {
      if (policy) await update.mutateAsync({ id: policy.id, body });
      else await create.mutateAsync({ ...body, orgId: orgId || null });
      onDone();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(messageOf(err, 'Could not save the policy'));
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <FormError message={formError} />
      <Field label="Name" name="name" required maxLength={255} defaultValue={policy?.name ?? ''} error={errors.name} />
      <Field label="Description" name="description" maxLength={2000} defaultValue={policy?.description ?? ''} error={errors.description} />
      {!policy && (
        <SelectField
          label="Organization"
          value={orgId}
          onChange={(e) => {
            setOrgId(e.target.value);
            setTargets({ orgIds: [], siteIds: [], groupIds: [], devices: [] });
          }}
          error={errors.orgId}
          hint="Partner-wide policies cover every organization"
        >
          <option value="">All organizations (partner-wide)</option>
          {(orgs.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      )}
      <fieldset className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium">Targets</legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">None picked: every device of the {orgId ? 'organization' : 'partner'}.</p>
        <TargetPicker orgId={orgId} value={named} onChange={setTargets} orgs={orgId ? undefined : (orgs.data ?? [])} />
        {errors.targets && <p className="text-sm text-red-700 dark:text-red-300">{errors.targets}</p>}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium">Sources</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {PATCH_SOURCES.map((s) => (
            <label key={s} className="flex items-center gap-1 text-sm">
              <input type="checkbox" name={`source-${s}`} defaultChecked={policy ? policy.sources.includes(s) : true} /> {s}
            </label>
          ))}
        </div>
        {errors.sources && <p className="text-sm text-red-600">{errors.sources}</p>}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium">Auto-approve</legend>
        <div className="mt-1 space-y-1">
          {PATCH_SEVERITIES.map((s) => (
            <div key={s} className="flex items-center gap-3 text-sm">
              <label className="flex w-32 items-center gap-1">
                <input type="checkbox" name={`approve-${s}`} defaultChecked={policy?.autoApprove[s].approve ?? false} /> {s}
              </label>
              <label className="flex items-center gap-1">
                after
                <input type="number" name={`days-${s}`} min={0} max={90} defaultValue={policy?.autoApprove[s].afterDays ?? 0} className={`${INLINE_INPUT_CLASS} w-20`} aria-label={`Days before ${s} patches are approved`} />
                days
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <SelectField label="Reboot" name="rebootBehavior" defaultValue={policy?.rebootBehavior ?? 'if_required'} error={errors.rebootBehavior}>
        {REBOOT_BEHAVIORS.map((r) => (
          <option key={r} value={r}>
            {REBOOT_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Maintenance window" name="maintenanceWindowId" defaultValue={policy?.maintenanceWindowId ?? ''} error={errors.maintenanceWindowId}>
        <option value="">None: install when a job runs</option>
        {(windows.data?.data ?? []).map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
      </SelectField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="enabled" defaultChecked={policy?.enabled ?? true} /> Enabled
      </label>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {policy ? 'Save' : 'Create policy'}
        </Button>
      </div>
    </form>
  );
}

export function PatchPoliciesView() {
  const list = usePatchPolicies({});
  const remove = useDeletePatchPolicy();
  const windows = useMaintenanceWindows({ status: 'active' });
  const [editing, setEditing] = useState<PatchPolicy | 'new' | null>(null);
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-4">
      <PageHeader
        title="Patch policies"
        description="Which patches are approved automatically, after how many days, and how installs reboot."
        actions={
          <div className="flex gap-2">
            <Link href="/patches" className="text-sm text-brand-700 hover:underline dark:text-brand-100">
              Back to patches
            </Link>
            <Button onClick={() => setEditing('new')}>New policy</Button>
          </div>
        }
      />
      <ErrorText error={list.error} />
      {rows.length === 0 && !list.isLoading ? (
        <EmptyState title="No patch policies">Create one to approve patches automatically.</EmptyState>
      ) : (
        <Card>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th className="py-2">Name</th>
                  <th>Scope</th>
                  <th>Targets</th>
                  <th>Auto-approve</th>
                  <th>Reboot</th>
                  <th>Window</th>
                  <th>Status</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.id} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="py-2 font-medium">{p.name}</td>
                    <td>{p.orgId ? 'Organization' : 'Partner-wide'}</td>
                    <td>{targetsText(p)}</td>
                    <td>{rulesText(p)}</td>
                    <td>{REBOOT_LABELS[p.rebootBehavior]}</td>
                    <td>{p.maintenanceWindowId ? (windows.data?.data.find((w) => w.id === p.maintenanceWindowId)?.name ?? 'A maintenance window') : 'None'}</td>
                    <td>{p.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>}</td>
                    <td className="space-x-2 text-right">
                      <Button variant="secondary" onClick={() => setEditing(p)}>
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        onClick={() => {
                          if (window.confirm(`Delete the patch policy "${p.name}"?`)) remove.mutate(p.id);
                        }}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      <ErrorText error={remove.error} />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New patch policy' : 'Edit patch policy'} wide>
        {editing !== null && <PolicyForm key={editing === 'new' ? 'new' : editing.id} policy={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </div>
  );
}
