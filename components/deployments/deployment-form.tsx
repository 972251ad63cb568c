'use client';

// The create and edit dialog of a deployment: owner (an organization or the whole partner), what
// is deployed (a catalog version, a script with its parameters, approved patches), the targets,
// the rollout (all at once or staged by batch size or percent, the failure threshold that pauses
// it, the wait between batches) and the schedule (maintenance windows only, a deadline).
// A new one is saved as a draft, initialized (targets resolved) or initialized and started.
import { useState, type FormEvent } from 'react';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useMe } from '@/hooks/use-me';
import { useCatalogPackage, useSoftwareCatalog } from '@/hooks/use-software';
import { useScript, useScripts } from '@/hooks/use-scripts';
import { usePatches } from '@/hooks/use-patches';
import { useCreateDeployment, useDeploymentAction, useUpdateDeployment, type CreateDeploymentBody, type Deployment, type UpdateDeploymentBody } from '@/hooks/use-deployments';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field, INLINE_INPUT_CLASS } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { DeploymentTargets, type DeploymentTargetsValue, type PickedDevice } from '@/components/deployments/deployment-targets';

type Kind = Deployment['kind'];
type Submit = 'draft' | 'initialize' | 'start';
export type DeploymentPrefill = { kind?: Kind; packageId?: string; versionId?: string; scriptId?: string };

const SHOWN_FIELDS = ['name', 'description', 'orgId', 'kind', 'payload', 'targets', 'rollout', 'schedule'] as const;
const CHECKBOX = 'flex items-center gap-2 text-sm';
const LEGEND = 'px-1 text-sm font-medium text-slate-700 dark:text-slate-300';
const FIELDSET = 'space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700';

/** An ISO instant as a datetime-local value in the browser's zone. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function DeploymentForm({ deployment, prefill, defaultOrgId, onDone }: { deployment?: Deployment; prefill?: DeploymentPrefill; defaultOrgId?: string | null; onDone: (d: Deployment) => void }) {
  const create = useCreateDeployment();
  const update = useUpdateDeployment();
  const action = useDeploymentAction();
  const orgs = useAllOrganizations();
  // Organization users own deployments of their organization only; partner-wide is not theirs to pick.
  const orgScoped = useMe().data?.scope === 'organization';
  const payload = (deployment?.payload ?? {}) as { packageId?: string; versionId?: string; scriptId?: string; parameters?: Record<string, string>; patchIds?: string[] };
  const [orgId, setOrgId] = useState(deployment ? (deployment.orgId ?? '') : (defaultOrgId ?? (orgScoped ? (orgs.data?.[0]?.id ?? '') : '')));
  const [kind, setKind] = useState<Kind>(deployment?.kind ?? prefill?.kind ?? 'software');
  const [packageId, setPackageId] = useState(payload.packageId ?? prefill?.packageId ?? '');
  const [versionId, setVersionId] = useState(payload.versionId ?? prefill?.versionId ?? '');
  const [scriptId, setScriptId] = useState(payload.scriptId ?? prefill?.scriptId ?? '');
  const [parameters, setParameters] = useState<Record<string, string>>(payload.parameters ?? {});
  const [patchIds, setPatchIds] = useState<string[]>(payload.patchIds ?? []);
  const [targets, setTargets] = useState<DeploymentTargetsValue>(deployment?.targets ?? { orgIds: [], siteIds: [], groupIds: [], deviceIds: [], filterIds: [] });
  const [devices, setDevices] = useState<PickedDevice[]>((deployment?.targets.deviceIds ?? []).map((id) => ({ id, name: deployment?.targetNames[id] ?? id.slice(0, 8) })));
  const [strategy, setStrategy] = useState(deployment?.rollout.strategy ?? 'staged');
  const [batchBy, setBatchBy] = useState<'size' | 'percent'>(deployment?.rollout.batchPercent ? 'percent' : 'size');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending || action.isPending;

  function changeOrg(id: string) {
    setOrgId(id);
    setTargets({ orgIds: [], siteIds: [], groupIds: [], deviceIds: [], filterIds: [] });
    setDevices([]);
  }

  function payloadOf(): CreateDeploymentBody['payload'] {
    if (kind === 'software') return { packageId, versionId };
    if (kind === 'script') return { scriptId, parameters: Object.fromEntries(Object.entries(parameters).filter(([, v]) => v !== '')) };
    return { patchIds };
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const then = (submitter?.value || 'draft') as Submit;
    const f = new FormData(e.currentTarget);
    const num = (k: string) => (f.get(k) === null || f.get(k) === '' ? null : Number(f.get(k)));
    const deadline = String(f.get('deadline') || '');
    const body = {
      name: String(f.get('name') ?? '').trim(),
      description: String(f.get('description') ?? '').trim() || null,
      kind,
      payload: payloadOf(),
      targets,
      rollout: {
        strategy,
        batchSize: strategy === 'staged' && batchBy === 'size' ? num('batchSize') : null,
        batchPercent: strategy === 'staged' && batchBy === 'percent' ? num('batchPercent') : null,
        failureThresholdPercent: num('failureThresholdPercent') ?? 20,
        batchIntervalMinutes: strategy === 'staged' ? (num('batchIntervalMinutes') ?? 0) : 0,
      },
      schedule: { maintenanceWindowOnly: f.get('maintenanceWindowOnly') === 'on', deadline: deadline ? new Date(deadline).toISOString() : null },
    } as CreateDeploymentBody;
    setErrors({});
    setFormError(null);
    try {
      // The kind and the owner are fixed once created: an edit sends the rest.
      const { kind: _kind, ...changes } = body;
      let saved = deployment
        ? await update.mutateAsync({ id: deployment.id, body: changes as UpdateDeploymentBody })
        : await create.mutateAsync({ ...body, orgId: orgId || null });
      if (then !== 'draft') saved = await action.mutateAsync({ id: saved.id, action: 'initialize' });
      if (then === 'start') saved = await action.mutateAsync({ id: saved.id, action: 'start' });
      onDone(saved);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(formErrorOf(err, SHOWN_FIELDS, 'Could not save the deployment'));
    }
  }

  const orgList = orgs.data ?? [];
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={deployment ? 'Edit deployment' : 'New deployment'} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" required maxLength={255} defaultValue={deployment?.name ?? ''} error={errors.name} autoFocus />
        <SelectField label="Organization" value={orgId} onChange={(e) => changeOrg(e.target.value)} disabled={!!deployment} error={errors.orgId} hint={deployment ? 'Fixed once created' : undefined}>
          {!orgScoped && <option value="">All organizations (partner-wide)</option>}
          {orgList.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Description" name="description" maxLength={2000} rows={2} defaultValue={deployment?.description ?? ''} error={errors.description} />

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>What to deploy</legend>
        <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)} disabled={!!deployment} error={errors.kind}>
          <option value="software">Software from the catalog</option>
          <option value="script">Script</option>
          <option value="patches">Approved patches</option>
        </SelectField>
        {kind === 'software' && <SoftwarePicker packageId={packageId} versionId={versionId} onChange={(p, v) => { setPackageId(p); setVersionId(v); }} />}
        {kind === 'script' && <ScriptPicker orgId={orgId} scriptId={scriptId} parameters={parameters} onChange={(s, p) => { setScriptId(s); setParameters(p); }} />}
        {kind === 'patches' && <PatchPicker orgId={orgId} patchIds={patchIds} onChange={setPatchIds} />}
        {errors.payload && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errors.payload}
          </p>
        )}
      </fieldset>

      <DeploymentTargets orgId={orgId} orgs={orgList} value={targets} devices={devices} onChange={(t, d) => { setTargets(t); setDevices(d); }} error={errors.targets} names={deployment?.targetNames} />

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Rollout</legend>
        <div className="flex flex-wrap gap-4" role="radiogroup" aria-label="Rollout strategy">
          <label className={CHECKBOX}>
            <input type="radio" name="strategy" checked={strategy === 'all_at_once'} onChange={() => setStrategy('all_at_once')} /> All at once
          </label>
          <label className={CHECKBOX}>
            <input type="radio" name="strategy" checked={strategy === 'staged'} onChange={() => setStrategy('staged')} /> Staged in batches
          </label>
        </div>
        {strategy === 'staged' && (
          <div className="flex flex-wrap items-end gap-3">
            <label className="text-sm">
              <span className="block font-medium text-slate-700 dark:text-slate-300">Batches of</span>
              <select className={INLINE_INPUT_CLASS} value={batchBy} onChange={(e) => setBatchBy(e.target.value as 'size' | 'percent')} aria-label="Batch by">
                <option value="size">a number of devices</option>
                <option value="percent">a percentage of devices</option>
              </select>
            </label>
            {batchBy === 'size' ? (
              <Field label="Batch size" name="batchSize" type="number" min={1} max={10000} defaultValue={deployment?.rollout.batchSize ?? 10} />
            ) : (
              <Field label="Batch percent" name="batchPercent" type="number" min={1} max={100} defaultValue={deployment?.rollout.batchPercent ?? 25} />
            )}
            <Field label="Minutes between batches" name="batchIntervalMinutes" type="number" min={0} max={10080} defaultValue={deployment?.rollout.batchIntervalMinutes ?? 0} />
          </div>
        )}
        <Field
          label="Pause when failures pass (%)"
          name="failureThresholdPercent"
          type="number"
          min={0}
          max={100}
          defaultValue={deployment?.rollout.failureThresholdPercent ?? 20}
          hint="Checked once a full batch has finished; the deployment pauses itself for you to look."
          error={errors.rollout}
        />
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Schedule</legend>
        <label className={CHECKBOX}>
          <input type="checkbox" name="maintenanceWindowOnly" defaultChecked={deployment?.schedule.maintenanceWindowOnly ?? false} /> Only during a maintenance window covering the device
        </label>
        <Field
          label="Deadline (optional)"
          name="deadline"
          type="datetime-local"
          defaultValue={toLocalInput(deployment?.schedule.deadline)}
          hint="Offline devices get it when they come back until then; afterwards they are marked expired."
          error={errors.schedule}
        />
      </fieldset>

      <FormError message={formError} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" value="draft" variant="secondary" disabled={busy}>
          {deployment ? 'Save draft' : 'Save as draft'}
        </Button>
        <Button type="submit" value="initialize" variant="secondary" disabled={busy}>
          {deployment ? 'Save and initialize' : 'Create and initialize'}
        </Button>
        <Button type="submit" value="start" disabled={busy}>
          {deployment ? 'Save and start' : 'Create and start'}
        </Button>
      </div>
    </form>
  );
}

function SoftwarePicker({ packageId, versionId, onChange }: { packageId: string; versionId: string; onChange: (packageId: string, versionId: string) => void }) {
  const [search, setSearch] = useState('');
  const catalog = useSoftwareCatalog({ search: search || undefined, page: 1, limit: 50 });
  const pkg = useCatalogPackage(packageId || null);
  const packages = catalog.data?.data ?? [];
  const chosenMissing = packageId && pkg.data && !packages.some((p) => p.id === packageId);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label="Search the catalog" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name or vendor" />
      <SelectField label="Package" value={packageId} onChange={(e) => onChange(e.target.value, '')}>
        <option value="">Choose a package…</option>
        {chosenMissing && <option value={packageId}>{pkg.data!.name}</option>}
        {packages.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.packageRef ? ` (${p.packageRef})` : ''}
          </option>
        ))}
      </SelectField>
      <SelectField label="Version" value={versionId} onChange={(e) => onChange(packageId, e.target.value)} disabled={!pkg.data}>
        <option value="">Choose a version…</option>
        {(pkg.data?.versions ?? []).map((v) => (
          <option key={v.id} value={v.id}>
            {v.version}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function ScriptPicker({ orgId, scriptId, parameters, onChange }: { orgId: string; scriptId: string; parameters: Record<string, string>; onChange: (scriptId: string, parameters: Record<string, string>) => void }) {
  const scripts = useScripts({ page: 1, orgId: orgId || undefined });
  return (
    <div className="space-y-3">
      <SelectField label="Script" value={scriptId} onChange={(e) => onChange(e.target.value, {})}>
        <option value="">Choose a script…</option>
        {(scripts.data?.data ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      {scriptId && <ScriptParameters scriptId={scriptId} parameters={parameters} onChange={(p) => onChange(scriptId, p)} />}
    </div>
  );
}

/** The chosen script's parameters; empty ones fall back to the script's defaults on the device. */
function ScriptParameters({ scriptId, parameters, onChange }: { scriptId: string; parameters: Record<string, string>; onChange: (parameters: Record<string, string>) => void }) {
  const script = useScript(scriptId);
  const params = script.data?.parameters ?? [];
  if (params.length === 0) return null;
  return (
        <div className="grid gap-3 sm:grid-cols-2">
          {params.map((p) => (
            <Field
              key={p.name}
              label={`${p.label ?? p.name}${p.required ? ' (required)' : ''}`}
              value={parameters[p.name] ?? ''}
              placeholder={p.default !== undefined ? String(p.default) : undefined}
              onChange={(e) => onChange({ ...parameters, [p.name]: e.target.value })}
              hint={p.description}
            />
          ))}
        </div>
  );
}

function PatchPicker({ orgId, patchIds, onChange }: { orgId: string; patchIds: string[]; onChange: (ids: string[]) => void }) {
  const patches = usePatches({ orgId: orgId || undefined, status: 'approved', page: 1 });
  const list = patches.data?.data ?? [];
  if (patches.data && list.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No approved patches in this scope. Approve patches on the Patches page first.</p>;
  return (
    <fieldset className="max-h-48 space-y-1 overflow-y-auto">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Approved patches</legend>
      {list.map((p) => (
        <label key={p.id} className={CHECKBOX}>
          <input type="checkbox" checked={patchIds.includes(p.id)} onChange={() => onChange(patchIds.includes(p.id) ? patchIds.filter((x) => x !== p.id) : [...patchIds, p.id])} />
          {p.name} {p.version} <span className="text-xs text-slate-600 dark:text-slate-400">({p.severity})</span>
        </label>
      ))}
    </fieldset>
  );
}
